"""Write py/insel/ai/reversi_book_data.py: the 6×6 Othello opening book.

Compiles tools/othello6_solve.c (gcc -O2 -march=native, into a temporary directory; nothing
of it is kept) and has it solve every position reachable within the first ``--plies`` plies
(a pass counts as a ply; one position per class of the 8 symmetries, see
insel.ai.reversi_book): the deepest of them first, in ``--jobs`` solver processes at once,
then the start: unless the start's value is -4 (White wins 20–16, the published
perfect-play result) it stops with an error and writes nothing (the book would not be
trusted).  Then a perfect-play game (LINE; its positions join the book) and every
position's exact value and best squares.

The solvers share a checkpoint, tools/othello6_solve-HASH.log (HASH: of the solver's source;
the bounds of every position of 24 or more empties they have searched; not kept in git): a
run that is stopped resumes from it, and the shallower positions' solves find the deeper
ones' values there.  On a 2-core machine the book of 3 plies took about an hour.

    python3 tools/make_reversi_book.py [--plies N] [--jobs N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor
from hashlib import sha256
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from insel.ai.reversi_book import (  # noqa: E402
    KEY_DIGITS,
    KEY_LENGTH,
    SIZE,
    SQUARE_LETTERS,
    canonical,
)
from insel.games.reversi import Board, board  # noqa: E402

SOLVER = ROOT / "tools" / "othello6_solve.c"
OUT = ROOT / "py" / "insel" / "ai" / "reversi_book_data.py"
# the solver's checkpoint, named for the solver's source: a changed solver starts afresh
CHECKPOINT = ROOT / "tools" / f"othello6_solve-{sha256(SOLVER.read_bytes()).hexdigest()[:12]}.log"
ROOT_VALUE = -4  # 6×6 Othello with perfect play: Black 16, White 20
PLIES = 3  # 19 positions (within 2 plies 5, within 4 plies 79, within 6 plies 2,025)
WIDTH = 90  # characters of data per source line


def positions(geometry: Board, plies: int) -> list[tuple[int, int]]:
    """Canonical (own, opp) of every position within ``plies`` plies of the start where the
    side to move can place, in order of first appearance."""
    seen: dict[tuple[int, int], None] = {}
    level = [canonical(*geometry.start())[0]]
    for _ in range(plies + 1):
        following = []
        for own, opp in level:
            legal = geometry.moves(own, opp)
            if not legal:
                if geometry.moves(opp, own):
                    following.append(canonical(opp, own)[0])
                continue
            seen[own, opp] = None
            while legal:
                bit = legal & -legal
                legal ^= bit
                turned = geometry.flips(own, opp, bit.bit_length() - 1)
                following.append(canonical(opp ^ turned, own | turned | bit)[0])
        level = [key for key in dict.fromkeys(following) if key not in seen]
    return list(seen)


def compile_solver(directory: str) -> Path:
    """The solver, built into ``directory``."""
    binary = Path(directory) / "othello6_solve"
    subprocess.run(["gcc", "-O2", "-march=native", "-o", str(binary), str(SOLVER)], check=True)
    return binary


class Solver:
    """The compiled solver in batch mode, one position at a time (one process, so its
    transposition table carries over from position to position), on the checkpoint."""

    def __init__(self, binary: Path) -> None:
        self.run = subprocess.Popen([str(binary), "--batch", "--log", str(CHECKPOINT)],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.names = board(SIZE).index

    def solve(self, own: int, opp: int) -> tuple[int, list[int]]:
        """(exact value, every best square) of a position, ``own`` to move."""
        assert self.run.stdin is not None and self.run.stdout is not None
        self.run.stdin.write(f"{own:x} {opp:x}\n")
        self.run.stdin.flush()
        value, names = self.run.stdout.readline().split()
        return int(value), [self.names[name] for name in names.split(",") if name != "-"]

    def close(self) -> None:
        """End the process (its report of positions, nodes and seconds goes to stderr)."""
        assert self.run.stdin is not None
        self.run.stdin.close()
        self.run.wait()


def solve_deepest(binary: Path, keys: list[tuple[int, int]], jobs: int,
                  started: float) -> dict[tuple[int, int], tuple[int, list[int]]]:
    """Solve the positions of ``keys`` with the fewest empties in ``jobs`` processes at once;
    their bounds go to the checkpoint, where the solves of the shallower positions find
    them."""
    empties = {key: 36 - (key[0] | key[1]).bit_count() for key in keys}
    fewest = min(empties.values())
    deepest = [key for key in keys if empties[key] == fewest]

    def solve_one(key: tuple[int, int]) -> tuple[int, list[int]]:
        solver = Solver(binary)
        result = solver.solve(*key)
        solver.close()
        print(f"{key[0]:x} {key[1]:x} ({fewest} empties): value {result[0]}, "
              f"{time.monotonic() - started:.0f} s", flush=True)
        return result

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return dict(zip(deepest, pool.map(solve_one, deepest), strict=True))


def perfect_line(solver: Solver, geometry: Board) -> tuple[list[int | None], list[int]]:
    """A perfect-play game from the start (each time the first best square; None for a
    pass) and its final (dark, light) disc counts."""
    (own, opp), turn = geometry.start(), 0
    line: list[int | None] = []
    while geometry.moves(own, opp) or geometry.moves(opp, own):
        best = solver.solve(own, opp)[1]
        line.append(best[0] if best else None)
        if best:
            turned = geometry.flips(own, opp, best[0])
            own, opp = own | turned | 1 << best[0], opp ^ turned
        own, opp, turn = opp, own, 1 - turn
    counts = [own.bit_count(), opp.bit_count()]
    return line, counts if turn == 0 else counts[::-1]


def encode(own: int, opp: int, value: int, best: list[int]) -> str:
    """One book item: key (KEY_LENGTH digits), signed value, best squares as letters."""
    number, key = own << 36 | opp, ""
    for _ in range(KEY_LENGTH):
        key = KEY_DIGITS[number & 63] + key
        number >>= 6
    return f"{key}{value:+d}{''.join(SQUARE_LETTERS[sq] for sq in best)}"


def line_positions(geometry: Board, line: list[int | None]) -> list[tuple[int, int]]:
    """Canonical (own, opp) of the positions along ``line`` where the side to move places."""
    own, opp = geometry.start()
    keys = []
    for square in line:
        if square is not None:
            keys.append(canonical(own, opp)[0])
            turned = geometry.flips(own, opp, square)
            own, opp = own | turned | 1 << square, opp ^ turned
        own, opp = opp, own
    return keys


def write(book: dict[tuple[int, int], tuple[int, list[int]]], plies: int, line: str,
          counts: list[int]) -> None:
    """The data module: BOOK, a string of space-separated items in source lines, LINE and
    PLIES."""
    text = " ".join(encode(own, opp, value, best) for (own, opp), (value, best) in book.items())
    body = "\n".join(f'    "{text[i:i + WIDTH]}"' for i in range(0, len(text), WIDTH))
    moves = "\n".join(f'    "{chunk} "' for chunk in textwrap.wrap(line, WIDTH))[:-2] + '"'
    OUT.write_text(
        '"""6×6 Othello opening book: generated by tools/make_reversi_book.py; do not edit.\n\n'
        f"BOOK: every position within {plies} plies of the start and along LINE, one per "
        f"symmetry class,\n{len(book)} items (format: insel.ai.reversi_book).  LINE: a "
        f"perfect-play game,\ndark {counts[0]} - light {counts[1]}.  PLIES: the book's "
        "depth.\n"
        '"""\n\n'
        f"BOOK = (\n{body}\n)\n\nLINE = (\n{moves}\n)\nPLIES = {plies}\n",
        encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plies", type=int, default=PLIES)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="solver processes for the deepest positions")
    arguments = parser.parse_args()
    plies = arguments.plies
    started = time.monotonic()
    geometry = board(SIZE)
    keys = positions(geometry, plies)
    print(f"{len(keys)} positions within {plies} plies")
    with tempfile.TemporaryDirectory() as directory:
        binary = compile_solver(directory)
        book = solve_deepest(binary, keys, arguments.jobs, started)
        solver = Solver(binary)
        book[keys[0]] = solver.solve(*keys[0])  # the start
        value, best = book[keys[0]]
        print(f"start: value {value}, best {best}, {time.monotonic() - started:.0f} s")
        if value != ROOT_VALUE:
            solver.close()
            sys.exit(f"the solver says {value} for the start, not {ROOT_VALUE}: "
                     "the book is not trusted and is not written")
        line, counts = perfect_line(solver, geometry)
        names = " ".join("pass" if sq is None else geometry.names[sq] for sq in line)
        print(f"perfect line: {names} (dark {counts[0]}, light {counts[1]})")
        for key in dict.fromkeys(keys + line_positions(geometry, line)):
            if key not in book:
                book[key] = solver.solve(*key)
                if len(book) % 200 == 0:
                    print(f"{len(book)} positions, {time.monotonic() - started:.0f} s",
                          flush=True)
        solver.close()
    write(book, plies, names, counts)
    print(f"{OUT.relative_to(ROOT)}: {len(book)} positions, {OUT.stat().st_size} bytes, "
          f"{time.monotonic() - started:.0f} s in all")


if __name__ == "__main__":
    main()
