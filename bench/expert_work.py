"""How much more the expert searches than hard in the same positions, per game.

Usage: ``python3 bench/expert_work.py [--budget 2000 | --arena] [--positions 4]
[--only inselspiel] [--plies 120]``.  Positions come from random play (seeds 0, 1, …;
Othello after 20 plies, Wort-Reversi (6×6) 10, Ponte 10, Kahuna 20, Inselspiel 40, or
``--plies`` for every game, each on to a choice).  ``--arena`` gives the expert the
arena's clock instead (``EXPERT_CPU_MS`` of CPU time, about its 2 s in the page).  Each
level's search runs to its end in one go; the work is counted in the search's yields,
whose unit differs by game (Othello and Wort-Reversi: 64 work units, Kahuna: an MCTS
iteration, Inselspiel: a position weighed, Ponte: a candidate or leaf evaluated), so
compare within a row.
Prints per game the medians of the yields and CPU seconds of hard and expert.  On a
loaded machine the expert's clock (wall time in its slices) buys less CPU time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from insel.ai import thinker
from insel.games import get_game
from insel.state import CHANCE, State

PLIES = {"othello": 20, "wortreversi": 10, "ponte": 10, "kahuna": 20, "inselspiel": 40}


def position(game: str, seed: int) -> State:
    """Random play from ``seed`` for the game's plies, on until a seat has a choice (a
    game over before that starts again)."""
    rng, state = random.Random(seed), get_game(game).new(seed=seed)
    plies = 0
    while plies < PLIES[game] or state.current_player() == CHANCE or len(
            state.legal_moves()) < 2:
        if state.is_over():
            state, plies = get_game(game).new(seed=seed), 0
        move = state.sample_chance() if state.current_player() == CHANCE else rng.choice(
            state.legal_moves())
        state = state.play(move)
        plies += 1
    return state


def work(state: State, level: str, budget_ms: float) -> tuple[int, float]:
    """(yields, CPU seconds) of one search to its end, one yield a slice."""
    brain = thinker(state, level, budget_ms=budget_ms)
    start = time.process_time()
    while brain.step(0) is None:
        pass
    return brain.slices, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=2000, help="expert ms")
    parser.add_argument("--arena", action="store_true",
                        help="the expert on the arena's CPU clock and budget")
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--only", default=",".join(PLIES), help="comma-separated games")
    parser.add_argument("--plies", type=int, help="random plies before the positions")
    args = parser.parse_args()
    if args.arena:
        from arena import EXPERT_CPU_MS  # also puts the expert on the CPU clock
        args.budget = EXPERT_CPU_MS
    if args.plies is not None:
        PLIES.update(dict.fromkeys(PLIES, args.plies))
    print("game | hard: yields, CPU s | expert: yields, CPU s | expert ÷ hard (yields)")
    for game in args.only.split(","):
        rows = {level: [work(position(game, seed), level, args.budget)
                        for seed in range(args.positions)] for level in ("hard", "expert")}
        med = {level: (statistics.median(y for y, _ in r), statistics.median(c for _, c in r))
               for level, r in rows.items()}
        print(f"{game} | {med['hard'][0]:.0f}, {med['hard'][1]:.2f} | "
              f"{med['expert'][0]:.0f}, {med['expert'][1]:.2f} | "
              f"{med['expert'][0] / max(med['hard'][0], 1):.1f}", flush=True)


if __name__ == "__main__":
    main()
