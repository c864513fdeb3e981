#!/usr/bin/env python3
"""AI arena: seat-rotated matches between levels; prints a win-rate table per game.

Budgets are iterations/nodes (insel.ai levels), so a run's results are reproducible.
Game ``g`` of a pairing uses seed ``g`` and puts the first level on seat ``g % n``;
draws count half.  With more than two seats the other seats play "random".  The table
also shows the first level's slowest move (CPU seconds of this process, for information:
no decision depends on time).

    python3 bench/arena.py [--games N] [--only othello,kahuna] [--pairs hard:random,...]
                           [--jobs 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from insel.ai import choose
from insel.games import GAME_IDS, get_game
from insel.state import CHANCE

PAIRS = ("hard:random", "hard:easy", "hard:medium", "medium:random", "medium:easy",
         "easy:random")
def one_game(game: str, first: str, second: str, number: int) -> tuple[float, float, float]:
    """(score of ``first``, seconds, ``first``'s slowest move in CPU seconds) of game
    ``number`` (draws count half)."""
    state = get_game(game).new(seed=number)
    seats = state.num_players
    levels = ["random"] * seats
    levels[number % seats] = first
    levels[(number + 1) % seats] = second
    mine = number % seats
    start, slowest = time.perf_counter(), 0.0
    while not state.is_over():
        seat = state.current_player()
        if seat == CHANCE:
            move = state.sample_chance()
        else:
            thinking = time.process_time()
            move = choose(state, levels[seat], seed=number)
            if seat == mine:
                slowest = max(slowest, time.process_time() - thinking)
        state = state.play(move)
    winners = state.winners()
    score = 1 / len(winners) if mine in winners else 0.0
    return score, time.perf_counter() - start, slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="games per pairing")
    parser.add_argument("--only", default=",".join(GAME_IDS), help="comma-separated games")
    parser.add_argument("--pairs", default=",".join(PAIRS), help="first:second level pairs")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args()
    games = [g for g in args.only.split(",") if g]
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",") if p]
    jobs = []
    for game in games:
        for first, second in pairs:
            jobs += [(game, first, second, n) for n in range(args.games)]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one_game, *zip(*jobs, strict=True)))
    table: dict[tuple, list[float]] = {}
    for (game, first, second, _), (score, seconds, slowest) in zip(jobs, results,
                                                                   strict=True):
        entry = table.setdefault((game, first, second), [0.0, 0, 0.0, 0.0])
        entry[0] += score
        entry[1] += 1
        entry[2] += seconds
        entry[3] = max(entry[3], slowest)
    print(f"{'game':12} {'pairing':16} {'games':>5} {'win rate':>8} {'s/game':>7} "
          f"{'max s/move':>10}")
    for (game, first, second), (score, count, seconds, slowest) in table.items():
        print(f"{game:12} {first + ' v ' + second:16} {count:5} {score / count:8.0%} "
              f"{seconds / count:7.1f} {slowest:10.2f}")
    print(f"total {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
