"""How often the expert plays the move hard would play, per game: a level that mostly agrees
with hard cannot beat it by much, whatever its depth.

Usage: ``python3 bench/expert_agreement.py [--positions 40] [--only inselspiel,ponte]``.
Positions come from hard-v-hard games (seeds 0, 2, 4, …, after the arena's openings:
``arena.opened``), each position where the seat to move has two or more choices taken with chance
1/4 until ``--positions`` are found.  The expert thinks on the arena's CPU clock
(``EXPERT_CPU_MS`` of CPython, about its 2 s in the page).  Prints per game how many of the
positions the expert chose hard's move in, with the Wilson 95 % interval of that share.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator

from arena import EXPERT_CPU_MS, opened  # also puts the expert on the CPU clock
from insel.ai import choose
from insel.games import GAME_IDS
from insel.state import CHANCE, State
from ratings import wilson

SAMPLE = 0.25  # chance that a position with a choice is taken


def positions(game: str, wanted: int) -> Iterator[tuple[State, str]]:
    """(position, hard's move there) from hard-v-hard games until ``wanted`` are found."""
    found, seed = 0, 0
    while True:
        state, pick = opened(game, 2 * seed), random.Random(f"agreement:{game}:{seed}")
        while not state.is_over():
            if state.current_player() == CHANCE:
                state = state.play(state.sample_chance())
                continue
            hard = choose(state, "hard", seed)
            if len(state.legal_moves()) > 1 and pick.random() < SAMPLE:
                yield state, hard
                found += 1
                if found == wanted:
                    return
            state = state.play(hard)
        seed += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--only", default=",".join(GAME_IDS))
    args = parser.parse_args()
    print("| game | positions | expert plays hard's move | Wilson 95 % |")
    print("|---|---:|---:|---|")
    for game in args.only.split(","):
        same = sum(choose(state, "expert", 0, budget_ms=EXPERT_CPU_MS) == hard
                   for state, hard in positions(game, args.positions))
        low, high = wilson(same, args.positions)
        print(f"| {game} | {args.positions} | {same} ({same / args.positions:.0%}) | "
              f"{low:.0%} to {high:.0%} |", flush=True)


if __name__ == "__main__":
    main()
