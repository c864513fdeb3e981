"""Othello 8×8: the expert's learned pattern evaluation (issue 43).

The value of a position for the side to move is a sum of weights, one per configuration of
each pattern on the board, plus weighted mobility, potential mobility and parity; a weight
set for each game phase (``phase``, by empty squares).  The weights are fitted by least
squares on positions labelled by final disc differences (``tools/train_othello.py``, the
recipe in docs/othello-evaluation.md) and ship in ``insel.ai.patterns_data``.

Patterns (each over all eight symmetries of the board; a configuration and its mirror image
share a weight, ``mirrors``):

- ``edge``: an edge's 8 squares and its 2 X-squares (a1…h1, b2, g2), 4 on the board;
- ``corner``: a corner's 3×3 block (a1 b1 c1 / a2 b2 c2 / a3 b3 c3), 4;
- ``diagonal``: a main diagonal (a1…h8), 2.

A configuration is a base-3 number, digit ``k`` for the pattern's ``k``-th square (0 empty,
1 the side to move, 2 the other side).  Each pattern instance reads the bitboards through a
few shifts, masks and multiplications that gather its squares into a small int (no carries:
``gathers``) and tables that turn that int into its digits.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

SIZE = 8
FULL = (1 << 64) - 1
COLUMN = 0x0101010101010101
DIAGONAL = 0x8040201008040201
ANTI = 0x0102040810204080

# canonical squares (row * 8 + column) of each pattern, digit order
EDGE = (0, 1, 2, 3, 4, 5, 6, 7, 9, 14)
CORNER = (0, 1, 2, 8, 9, 10, 16, 17, 18)
DIAG = (0, 9, 18, 27, 36, 45, 54, 63)
PATTERNS = {"edge": EDGE, "corner": CORNER, "diagonal": DIAG}
PHASES = 5
SCALE = 8  # evaluation units per disc
# the scalar features, from the side to move: discs on corners, edges (not corners), the
# inner ring (X-squares included) and the centre; discs on X- and C-squares next to an empty
# corner; mobility; potential mobility (empty squares next to the other side's discs minus
# those next to one's own); parity (1 with an odd number of empties); a constant
SCALARS = ("corners", "edges", "ring", "centre", "x_trap", "c_trap", "mobility",
           "potential", "parity", "bias")
CORNERS = 0x8100000000000081
EDGES = 0x7E8181818181817E
CENTRE = 0x00003C3C3C3C0000
RING = FULL ^ CORNERS ^ EDGES ^ CENTRE
NOT_FIRST = FULL ^ COLUMN  # a shift one column right must not wrap a row
NOT_LAST = FULL ^ COLUMN << 7
# per corner: (corner bit, its X-square, its two C-squares)
TRAPS = ((1 << 0, 1 << 9, 1 << 1 | 1 << 8), (1 << 7, 1 << 14, 1 << 6 | 1 << 15),
         (1 << 56, 1 << 49, 1 << 57 | 1 << 48), (1 << 63, 1 << 54, 1 << 62 | 1 << 55))

Gather = Callable[[int], int]


def phase(empties: int) -> int:
    """The weight set for a position with ``empties`` empty squares: ≤ 16, 17–26, 27–36,
    37–46, 47 and more."""
    return min(PHASES - 1, max(0, (empties - 7) // 10))


def rotate(sq: int) -> int:
    """The square a quarter turn maps ``sq`` to ((r, c) -> (c, 7 - r))."""
    r, c = divmod(sq, SIZE)
    return c * SIZE + SIZE - 1 - r


def mirror(sq: int) -> int:
    """``sq`` reflected in the main diagonal ((r, c) -> (c, r))."""
    r, c = divmod(sq, SIZE)
    return c * SIZE + r


def _row(shift: int) -> str:
    return f"@ >> {shift} & 255"


def _column(col: int) -> str:
    return f"((@ >> {col} & {COLUMN:#x}) * {ANTI:#x} >> 56) & 255"


def _bits(a: int, b: int) -> str:
    return f"(@ >> {a} & 1 | @ >> {b - 1} & 2)"  # an X-square is never a1 (b ≥ 1)


def _block(shift: int) -> str:
    return f"(@ >> {shift} & 7 | @ >> {shift + 5} & 0x38 | @ >> {shift + 10} & 0x1C0)"


def instances() -> list[tuple[str, tuple[int, ...], tuple[str, ...]]]:
    """Every instance on the board (the rotations of each pattern; the diagonal's two):
    (pattern, its squares in digit order, its gathers as expressions in ``@``, the bitboard)."""
    out: list[tuple[str, tuple[int, ...], tuple[str, ...]]] = []
    edge, corner = list(EDGE), list(CORNER)
    for _ in range(4):
        out.append(("edge", tuple(edge), edge_gathers(edge)))
        out.append(("corner", tuple(corner), corner_gathers(corner)))
        edge, corner = [rotate(s) for s in edge], [rotate(s) for s in corner]
    out.append(("diagonal", DIAG, (f"(@ & {DIAGONAL:#x}) * {COLUMN:#x} >> 56 & 255",)))
    anti = tuple(rotate(s) for s in DIAG)
    out.append(("diagonal", anti, (f"(@ & {ANTI:#x}) * {COLUMN:#x} >> 56 & 255",)))
    return out


def edge_gathers(squares: list[int]) -> tuple[str, ...]:
    """An edge instance: its row or column as a byte, its X-squares as two bits."""
    line, xs = squares[:8], squares[8:]
    rows = {s // SIZE for s in line}
    first = _row(line[0] // SIZE * SIZE) if len(rows) == 1 else _column(line[0] % SIZE)
    return first, _bits(*xs)


def corner_gathers(squares: list[int]) -> tuple[str, ...]:
    """A corner instance: its 3×3 block as 9 bits."""
    top = min(s // SIZE for s in squares)
    left = min(s % SIZE for s in squares)
    return (_block(top * SIZE + left),)


def compiled(expression: str) -> Gather:
    """A gather expression as a function of its bitboard ``@``."""
    return eval(f"lambda x: {expression.replace('@', 'x')}")  # our own constant text


def tables(squares: tuple[int, ...], gathers: tuple[str, ...]) -> list[list[int]]:
    """Per gather: its value -> the base-3 digits (1 each) of the squares it read."""
    out = []
    for expression in gathers:
        gather = compiled(expression)
        width = max(gather(FULL).bit_length(), 1)
        table = [0] * (1 << width)
        for value in range(1 << width):
            for digit, sq in enumerate(squares):
                if gather(1 << sq) and gather(1 << sq) & value == gather(1 << sq):
                    table[value] += 3 ** digit
        out.append(table)
    return out


@cache
def readers() -> tuple[tuple[str, tuple[tuple[Gather, list[int]], ...]], ...]:
    """Per instance: (pattern, its gathers each with its table)."""
    return tuple((name, tuple(zip(map(compiled, gathers), tables(squares, gathers),
                                  strict=True)))
                 for name, squares, gathers in instances())


@cache
def summed() -> tuple[Callable[..., int], list[list[int]]]:
    """The patterns' part of the evaluation as one function ``f(own, opp, weights, t)``
    (``weights``: a phase's full tables by pattern; ``t``: the tables it reads, those of
    the other side's discs doubled), compiled from the instances' gathers: the sum of the
    weights of every instance's configuration, without a call or a loop per instance."""
    parts: list[str] = []
    reads: list[list[int]] = []
    for name, squares, gathers in instances():
        terms = []
        for expression, table in zip(gathers, tables(squares, gathers), strict=True):
            terms.append(f"t[{len(reads)}][{expression.replace('@', 'own')}]")
            terms.append(f"t[{len(reads) + 1}][{expression.replace('@', 'opp')}]")
            reads += [table, [2 * v for v in table]]
        parts.append(f"weights[{name!r}][{' + '.join(terms)}]")
    source = "def f(own, opp, weights, t):\n    return (" + "\n            + ".join(parts) + ")\n"
    space: dict = {}
    exec(compile(source, "<insel.ai.patterns>", "exec"), space)
    return space["f"], reads


def configurations(own: int, opp: int) -> list[tuple[str, int]]:
    """(pattern, configuration) of every instance (own: digit 1, opp: digit 2)."""
    out = []
    for name, reads in readers():
        index = 0
        for gather, table in reads:
            index += table[gather(own)] + 2 * table[gather(opp)]
        out.append((name, index))
    return out


# per pattern: the digit each digit goes to in the mirror image
FLIPS = {"edge": (7, 6, 5, 4, 3, 2, 1, 0, 9, 8),
         "corner": tuple(CORNER.index(mirror(sq)) for sq in CORNER),
         "diagonal": (7, 6, 5, 4, 3, 2, 1, 0)}


def mirrored(name: str, index: int) -> int:
    """The configuration of ``name``'s mirror image (a pattern's instances cover all
    eight symmetries only with it, and both share one weight)."""
    out = 0
    for to in FLIPS[name]:
        index, digit = divmod(index, 3)
        out += digit * 3 ** to
    return out


@cache
def mirrors(name: str) -> list[int]:
    """:func:`mirrored` of every configuration of ``name`` (for training)."""
    return [mirrored(name, index) for index in range(3 ** len(PATTERNS[name]))]


def folded(name: str, index: int) -> int:
    """The smaller of a configuration and its mirror image (the weight's key)."""
    return min(index, mirrors(name)[index])


def around(discs: int) -> int:
    """The squares next to ``discs``."""
    right, left = discs & NOT_LAST, discs & NOT_FIRST
    return (discs << 8 | discs >> 8 | right << 1 | left >> 1 | right << 9 | left << 7
            | right >> 7 | left >> 9) & FULL


def scalars(own: int, opp: int, mine: int, theirs: int) -> tuple[int, ...]:
    """The values of ``SCALARS`` (``mine``, ``theirs``: the two sides' legal moves)."""
    empty = FULL & ~(own | opp)
    x_trap = c_trap = 0
    for corner, x, cs in TRAPS:
        if empty & corner:
            x_trap += (own & x).bit_count() - (opp & x).bit_count()
            c_trap += (own & cs).bit_count() - (opp & cs).bit_count()
    return ((own & CORNERS).bit_count() - (opp & CORNERS).bit_count(),
            (own & EDGES).bit_count() - (opp & EDGES).bit_count(),
            (own & RING).bit_count() - (opp & RING).bit_count(),
            (own & CENTRE).bit_count() - (opp & CENTRE).bit_count(),
            x_trap, c_trap, mine.bit_count() - theirs.bit_count(),
            (around(opp) & empty).bit_count() - (around(own) & empty).bit_count(),
            empty.bit_count() & 1, 1)


class Evaluation:
    """The learned evaluation with its weights (``insel.ai.patterns_data``): ``value(own,
    opp, mine, theirs)`` in evaluation units (``SCALE`` a disc of final difference)."""

    def __init__(self, weights: dict[str, Any] | None = None) -> None:
        if weights is None:
            from insel.ai.patterns_data import WEIGHTS
            weights = dict(WEIGHTS)
        # per phase: per pattern a full table of configurations, then the scalar weights
        self.tables: list[dict[str, list[int]]] = []
        self.scalar_weights: list[tuple[int, ...]] = []
        for ph in range(PHASES):
            full = {}
            for name, squares in PATTERNS.items():
                table = [0] * 3 ** len(squares)
                for index, weight in weights[name][ph].items():
                    table[index] = table[mirrored(name, index)] = weight
                full[name] = table
            self.tables.append(full)
            self.scalar_weights.append(tuple(weights["scalars"][ph][n] for n in SCALARS))
        self.summed, self.reads = summed()

    def value(self, own: int, opp: int, mine: int, theirs: int) -> int:
        """:func:`scalars` and the patterns weighed (the same sum, written out)."""
        occupied = own | opp
        empty = FULL ^ occupied
        ph = phase(empty.bit_count())
        wc, we, wr, wm, wx, wcs, wmob, wpot, wpar, wbias = self.scalar_weights[ph]
        total = self.summed(own, opp, self.tables[ph], self.reads) + wbias + (
            wc * ((own & CORNERS).bit_count() - (opp & CORNERS).bit_count())
            + we * ((own & EDGES).bit_count() - (opp & EDGES).bit_count())
            + wr * ((own & RING).bit_count() - (opp & RING).bit_count())
            + wm * ((own & CENTRE).bit_count() - (opp & CENTRE).bit_count())
            + wmob * (mine.bit_count() - theirs.bit_count())
            + wpot * ((around(opp) & empty).bit_count() - (around(own) & empty).bit_count()))
        if empty & CORNERS:
            for corner, x, cs in TRAPS:
                if empty & corner:
                    total += (wx * ((own & x).bit_count() - (opp & x).bit_count())
                              + wcs * ((own & cs).bit_count() - (opp & cs).bit_count()))
        if empty.bit_count() & 1:
            total += wpar
        return total


def moves(own: int, opp: int) -> int:
    """The squares where ``own`` may place on 8×8 (``Board.moves`` of the engine, the same
    mask, written out for the 8 directions without loops: the searches' commonest call).
    Per direction: the runs of ``opp`` next to an own disc, grown one step twice, then two
    steps at a time through pairs of ``opp`` discs; ``inner`` keeps a sideways run from
    wrapping a row."""
    inner = opp & 0x7E7E7E7E7E7E7E7E
    x = inner & own << 1
    x |= inner & x << 1
    p = inner & inner << 1
    x |= p & x << 2
    x |= p & x << 2
    legal = x << 1
    x = inner & own >> 1
    x |= inner & x >> 1
    p = inner & inner >> 1
    x |= p & x >> 2
    x |= p & x >> 2
    legal |= x >> 1
    x = opp & own << 8
    x |= opp & x << 8
    p = opp & opp << 8
    x |= p & x << 16
    x |= p & x << 16
    legal |= x << 8
    x = opp & own >> 8
    x |= opp & x >> 8
    p = opp & opp >> 8
    x |= p & x >> 16
    x |= p & x >> 16
    legal |= x >> 8
    x = inner & own << 7
    x |= inner & x << 7
    p = inner & inner << 7
    x |= p & x << 14
    x |= p & x << 14
    legal |= x << 7
    x = inner & own >> 7
    x |= inner & x >> 7
    p = inner & inner >> 7
    x |= p & x >> 14
    x |= p & x >> 14
    legal |= x >> 7
    x = inner & own << 9
    x |= inner & x << 9
    p = inner & inner << 9
    x |= p & x << 18
    x |= p & x << 18
    legal |= x << 9
    x = inner & own >> 9
    x |= inner & x >> 9
    p = inner & inner >> 9
    x |= p & x >> 18
    x |= p & x >> 18
    legal |= x >> 9
    return legal & FULL & ~(own | opp)
