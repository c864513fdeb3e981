"""Expert against hard, per game, with the expert's clock counting CPU time.

Usage: ``python3 bench/expert_duel.py [--budget 800] [--rounds 10] [--games othello,...]
[--results /tmp/duel.jsonl]``.  Round ``r`` plays every game with seed ``r``, hard on seat
``r % 2``; Othello, Wort-Reversi and Ponte start with random plies from the seed (hard is
deterministic and the expert nearly so: without them every round would replay the same
two games).  The expert gets ``--budget`` ms of CPU time per move, not of wall time, so
that a loaded machine does not starve it (``bench/arena.py`` plays it on wall time); 800
ms of CPython is about what 2 s buy in the page, Pyodide being 2–3× slower.  Each game is
appended to ``--results`` as a JSON line and skipped when run again; the summary gives the
expert's wins, draws and losses per game and its score with a Wilson 95 % interval.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from insel.ai import players
from insel.games import get_game
from insel.state import CHANCE

OPENING = {"othello": 4, "wortreversi": 4, "ponte": 2}  # random plies before the duel


class CpuClock(players.Clock):
    """The expert's clock on CPU time (``time.process_time``)."""

    def start(self) -> None:
        self._since = time.process_time()

    def stop(self) -> None:
        self.spent_ms = self.spent()
        self._since = None

    def spent(self) -> float:
        running = 0.0 if self._since is None else (time.process_time() - self._since) * 1000
        return self.spent_ms + running


def duel(game: str, seed: int, budget: float) -> dict:
    """One game of hard (seat ``seed % 2``) against the expert."""
    levels = ["hard", "expert"] if seed % 2 == 0 else ["expert", "hard"]
    state, rng = get_game(game).new(seed=seed), random.Random(seed)
    for _ in range(OPENING.get(game, 0)):
        state = state.play(rng.choice(state.legal_moves()))
    start = time.process_time()
    while not state.is_over():
        seat = state.current_player()
        state = state.play(state.sample_chance() if seat == CHANCE else players.choose(
            state, levels[seat], seed, budget_ms=budget))
    return {"game": game, "levels": levels, "seed": seed, "scores": state.scores(),
            "winners": state.winners(), "cpu": round(time.process_time() - start, 1),
            "budget_cpu_ms": budget}


def wilson(score: float, n: int) -> tuple[float, float]:
    """Wilson 95 % interval of a share ``score / n``."""
    z, p = 1.96, score / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=800, help="expert CPU ms a move")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--games", default="othello,wortreversi,ponte,kahuna,inselspiel")
    parser.add_argument("--results", type=Path, default=Path("/tmp/expert_duel.jsonl"))
    args = parser.parse_args()
    players.Clock = CpuClock  # thinker() makes the expert's clock from this name
    games = args.games.split(",")
    rows = ([json.loads(line) for line in args.results.read_text().splitlines()]
            if args.results.exists() else [])
    done = {(row["game"], row["seed"]) for row in rows}
    for seed in range(args.rounds):
        for game in games:
            if (game, seed) not in done:
                rows.append(duel(game, seed, args.budget))
                with args.results.open("a") as out:
                    out.write(json.dumps(rows[-1]) + "\n")
                print(rows[-1], flush=True)
    for game in games:
        won = drawn = lost = 0
        for row in (r for r in rows if r["game"] == game):
            expert = row["levels"].index("expert")
            if len(row["winners"]) > 1:
                drawn += 1
            elif row["winners"] == [expert]:
                won += 1
            else:
                lost += 1
        n = won + drawn + lost
        if n:
            low, high = wilson(won + drawn / 2, n)
            print(f"{game}: expert {won} won, {drawn} drawn, {lost} lost of {n}; score "
                  f"{(won + drawn / 2) / n:.0%} (95 % {low:.0%}–{high:.0%})")


if __name__ == "__main__":
    main()
