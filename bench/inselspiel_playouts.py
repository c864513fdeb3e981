#!/usr/bin/env python3
"""Inselspiel speed: map generation per size, and long playouts through the State API.

The playouts always roll and pass only rarely, so the island fills up (uniformly random
play passes before rolling half the time and ends within a few turns).

    python3 bench/inselspiel_playouts.py [--plies 3000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from insel import CHANCE
from insel.games import get_game
from insel.islandmaps import SIZES, generate_map


def playout(options: dict, plies: int) -> tuple[int, float]:
    """Plies played and seconds taken (legal moves and scores computed every ply)."""
    rng, state = random.Random(1), get_game("inselspiel").new(seed=1, **options)
    start = time.perf_counter()
    for played in range(plies):
        if state.is_over():
            return played, time.perf_counter() - start
        if state.current_player() == CHANCE:
            move = state.sample_chance()
        else:
            legal = state.legal_moves()
            busy = [m for m in legal if m not in ("pass", "roll") and not m.startswith("remove")]
            move = "roll" if "roll" in legal else (
                rng.choice(busy) if busy and rng.random() < 0.97 else rng.choice(legal))
        state = state.play(move)
        state.scores()
    return plies, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plies", type=int, default=3000)
    plies = parser.parse_args().plies
    for size in SIZES:
        start = time.perf_counter()
        for seed in range(20):
            generate_map(seed, size)
        print(f"generate {size:6}: {(time.perf_counter() - start) / 20 * 1000:6.0f} ms per map")
    for options in ({}, {"players": 4, "teams": [[0, 2], [1, 3]]}, {"players": 6}):
        played, seconds = playout(options, plies)
        print(f"playout {options}: {played} plies, {seconds / played * 1e6:.0f} µs per ply")


if __name__ == "__main__":
    main()
