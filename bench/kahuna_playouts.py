#!/usr/bin/env python3
"""Kahuna playout speed: random games through the public State API.  Prints figures.

    python3 bench/kahuna_playouts.py [--games 200]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from insel.games import get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    games = parser.parse_args().games
    game, actions = get_game("kahuna"), 0
    start = time.perf_counter()
    for seed in range(games):
        rng, state = random.Random(seed), game.new(seed=seed)
        while not state.is_over():
            state = state.play(rng.choice(state.legal_moves()))
            actions += 1
    seconds = time.perf_counter() - start
    print(f"{games} playouts, {actions} actions in {seconds:.2f} s: "
          f"{games / seconds:.0f} playouts/s, {actions / seconds:.0f} actions/s")


if __name__ == "__main__":
    main()
