"""Perft for 8×8 Othello from the standard start on the fast bitboard API.

Usage: python bench/othello_perft.py [max_depth]   (default 9)
Prints depth, leaf nodes, seconds and whether the count matches the published one
(Bik's convention: a pass is a ply; a game over before full depth is one leaf).
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from insel.games.reversi import board, perft

PUBLISHED = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288]


def main(max_depth: int) -> None:
    geometry = board(8)
    dark, light = geometry.start()
    print("depth      nodes  seconds  ok")
    for depth in range(1, max_depth + 1):
        start = time.perf_counter()
        nodes = perft(geometry, dark, light, depth)
        seconds = time.perf_counter() - start
        known = PUBLISHED[depth - 1] if depth <= len(PUBLISHED) else None
        ok = "?" if known is None else "yes" if nodes == known else f"NO (want {known})"
        print(f"{depth:5d} {nodes:10d} {seconds:8.2f}  {ok}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 9)
