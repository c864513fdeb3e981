"""Othello endgame solver timing: win/draw/loss and exact solves at a number of empties.

Usage: ``python3 bench/othello_endgame.py [--empties 16] [--positions 5] [--size 8]
[--margin mtd|oracle|window]``.
Positions come from random play (seeds 0, 1, …) on an 8×8 (or ``--size``) board, stopped
at the given number of empties with the side to move able to place.  Prints per position
the nodes and CPU seconds (``time.process_time``: the machine is shared) of the expert's
endgame (``insel.ai.alphabeta.endgame``, no budget): the win/draw/loss solve alone, and that
solve followed by the exact one (as the expert plays it), then the worst and the median.  Pyodide
in a browser is about 1.5–2.5× slower than CPython.

``--margin`` replaces the exact solve's null-window passes (MTD(f) from the win/draw/loss
result, ``alphabeta.margin``) to see what they cost: ``oracle`` starts them at the exact
value (found beforehand by a full-window solve that is not timed; no player knows it),
``window`` searches the root once with the full window of the side's possible margins.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from collections.abc import Callable, Generator

from insel.ai import alphabeta
from insel.ai.alphabeta import Searcher, endgame, solved
from insel.games import get_game
from insel.games.reversi import ReversiState


def position(seed: int, empties: int, size: int = 8) -> ReversiState:
    """A random-play position with ``empties`` empty squares and a move to make."""
    rng = random.Random(seed)
    while True:
        state = get_game("othello").new(seed=seed, size=size)
        while not state.is_over():
            left = (state.board.full & ~(state.discs[0] | state.discs[1])).bit_count()
            if left == empties and state.legal_moves() != ["pass"]:
                return state
            state = state.play(rng.choice(state.legal_moves()))


def timed(state: ReversiState, exact: bool) -> tuple[int, float]:
    """(nodes, CPU seconds) of the endgame search: win/draw/loss, then ``exact``."""
    own, opp = state.discs[state.turn], state.discs[1 - state.turn]
    searcher = Searcher(state.board, 10**12)
    kids = searcher.children(own, opp, searcher.moves(own, opp))
    start = time.process_time()
    for _ in endgame(searcher, kids, exact):
        pass
    return searcher.nodes, time.process_time() - start


# alphabeta.margin's signature: (searcher, root's children, win/draw/loss bound, its square)
Margin = Callable[[Searcher, list[tuple[int, int, int]], int, int], Generator[None, None, int]]


def exact_value(state: ReversiState) -> int:
    """The final disc difference for the side to move under perfect play."""
    own, opp = state.discs[state.turn], state.discs[1 - state.turn]
    searcher = Searcher(state.board, 10**12)
    return finished(searcher.solve(own, opp, -65, 65))


def finished(search: Generator[None, None, int]) -> int:
    """Run a search to its end; its result."""
    try:
        while True:
            next(search)
    except StopIteration as stop:
        return stop.value


def oracle(value: int) -> Margin:
    """``alphabeta.margin``'s null-window passes, the first test at the exact ``value``."""
    def margin(searcher: Searcher, kids: list[tuple[int, int, int]], bound: int,
               square: int) -> Generator[None, None, int]:
        lo, hi = (bound, 64) if bound > 0 else (-64, bound)
        beta = min(max(value, lo + 1), hi)
        while lo < hi:
            kids.sort(key=lambda kid: kid[0] != square)
            guess, found = yield from solved(searcher, kids, beta - 1, beta)
            if guess >= beta:
                lo, square = guess, found
            else:
                hi = guess
            beta = max(guess, lo + 1)
        return square
    return margin


def window(searcher: Searcher, kids: list[tuple[int, int, int]], bound: int,
           square: int) -> Generator[None, None, int]:
    """One full-window search of the root's margins beyond the win/draw/loss ``bound``."""
    lo, hi = (bound - 1, 65) if bound > 0 else (-65, bound + 1)
    kids.sort(key=lambda kid: kid[0] != square)
    _, found = yield from solved(searcher, kids, lo, hi)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--empties", type=int, default=16)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--size", type=int, default=8, choices=(6, 8))
    parser.add_argument("--margin", default="mtd", choices=("mtd", "oracle", "window"),
                        help="the exact solve's passes (default: the expert's, MTD(f))")
    args = parser.parse_args()
    times: dict[str, list[float]] = {"win/draw/loss": [], "exact": []}
    for seed in range(args.positions):
        state = position(seed, args.empties, args.size)
        if args.margin != "mtd":
            alphabeta.margin = oracle(exact_value(state)) if args.margin == "oracle" else window
        row = []
        for name, exact in (("win/draw/loss", False), ("exact", True)):
            nodes, seconds = timed(state, exact)
            times[name].append(seconds)
            row.append(f"{name} {nodes:>9} nodes {seconds:6.2f} s")
        print(f"seed {seed}: " + " · ".join(row), flush=True)
    for name, values in times.items():
        print(f"{name}: worst {max(values):.2f} s, median {statistics.median(values):.2f} s "
              f"({len(values)} positions, {args.empties} empties, {args.size}×{args.size})")


if __name__ == "__main__":
    main()
