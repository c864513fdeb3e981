"""Time Ponte del Diavolo legal_moves (uncached) on mid-game 10×10 positions.

Run: python bench/ponte_moves.py
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from insel.games import get_game


def positions(plies: int, seeds: range) -> list:
    """States after ``plies`` random moves for each seed."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        state = get_game("ponte").new(seed=seed)
        for _ in range(plies):
            state = state.play(rng.choice(state.legal_moves()))
        out.append(state)
    return out


def main() -> None:
    for plies in (2, 10, 20, 30):
        states = positions(plies, range(10))
        runs, start = 0, time.perf_counter()
        counts = []
        for _ in range(5):
            for state in states:
                state._forget()  # measure the uncached computation
                counts.append(len(state.legal_moves()))
                runs += 1
        ms = (time.perf_counter() - start) * 1000 / runs
        print(f"ply {plies:2d}: {ms:6.2f} ms per legal_moves, "
              f"{sum(counts) / len(counts):6.0f} moves on average")


if __name__ == "__main__":
    main()
