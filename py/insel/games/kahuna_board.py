"""The Kahuna board: 12 islands, 27 bridge lines and a planar drawing layout.

Islands are numbered 0..11 in alphabetical order (ALOA … LALE), so an index order is also
the alphabetical order.  A line joins two neighbouring islands; its canonical name is the
two island names in alphabetical order joined by "-" (e.g. "ELAI-HUNA").

The layout follows the shape of the printed board: the six outer islands ALOA, BARI, COCO,
KAHU, LALE, HUNA form the rim, the other six sit inside, every face is a triangle, no
two lines cross, and each island keeps clear of the lines it is not on, so a drawn island
never touches another's bridge (tests/test_kahuna.py checks the geometry).  Coordinates
are normalised to 0..1 with y growing downwards.
"""

from __future__ import annotations

ISLANDS: tuple[str, ...] = (
    "ALOA", "BARI", "COCO", "DUDA", "ELAI", "FAAA",
    "GOLA", "HUNA", "IFFI", "JOJO", "KAHU", "LALE",
)
INDEX: dict[str, int] = {name: i for i, name in enumerate(ISLANDS)}

LINE_NAMES: tuple[str, ...] = (
    "ALOA-BARI", "ALOA-DUDA", "ALOA-HUNA", "BARI-COCO", "BARI-DUDA", "BARI-ELAI",
    "BARI-FAAA", "COCO-FAAA", "COCO-GOLA", "COCO-KAHU", "DUDA-ELAI", "DUDA-HUNA",
    "ELAI-FAAA", "ELAI-HUNA", "ELAI-IFFI", "ELAI-JOJO", "FAAA-GOLA", "FAAA-JOJO",
    "GOLA-JOJO", "GOLA-KAHU", "HUNA-IFFI", "HUNA-LALE", "IFFI-JOJO", "IFFI-KAHU",
    "IFFI-LALE", "JOJO-KAHU", "KAHU-LALE",
)
LINE_INDEX: dict[str, int] = {name: i for i, name in enumerate(LINE_NAMES)}
# (a, b) island indices of each line, a < b
LINES: tuple[tuple[int, int], ...] = tuple(
    (INDEX[name[:4]], INDEX[name[5:]]) for name in LINE_NAMES
)
# line indices touching each island, in line order
LINES_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(li for li, ends in enumerate(LINES) if island in ends) for island in range(12)
)
DEGREE: tuple[int, ...] = tuple(len(at) for at in LINES_AT)

POSITIONS: tuple[tuple[float, float], ...] = (
    (0.10, 0.12),  # ALOA
    (0.45, 0.08),  # BARI
    (0.90, 0.10),  # COCO
    (0.26, 0.40),  # DUDA
    (0.42, 0.50),  # ELAI
    (0.60, 0.30),  # FAAA
    (0.75, 0.45),  # GOLA
    (0.10, 0.80),  # HUNA
    (0.50, 0.76),  # IFFI
    (0.62, 0.60),  # JOJO
    (0.88, 0.90),  # KAHU
    (0.45, 0.94),  # LALE
)


def line_name(a: int, b: int) -> str:
    """Canonical name of the line between islands ``a`` and ``b`` (any order)."""
    lo, hi = sorted((a, b))
    return f"{ISLANDS[lo]}-{ISLANDS[hi]}"
