"""Ponte del Diavolo: candidate pruning, an island-aware evaluation, shallow search.

A turn has thousands of legal tile pairs, so the search first scores every free square
for the mover (what the tile would grow: a 4th tile completing an island is worth most)
and for the opponent (taking a square it needs), ranks the legal pairs by the sum of
their squares (plus a bonus when both tiles grow the same formation) and keeps the best
few; every bridge, ``swap`` and ``pass`` is always a candidate.

A move's score is the evaluation after it plus half its square scores (which also
reward denying the opponent squares).  Evaluation of a position for one colour: the
points of its bridge groups (Scoring), plus islands, plus sandbanks by how close they are
to an island, plus bridges joining own islands; the value is own minus opponent.

Levels: one ply over the best 10 (easy, with noisy scores), 30 (medium) or 60 (hard)
tile pairs plus all other moves.  (A two-ply search against the opponent's best replies
played WORSE than one ply with this evaluation, so no level uses it.)
"""

from __future__ import annotations

import random
from collections.abc import Generator

from insel.games.ponte import PonteState
from insel.state import State

# level -> (tile-pair candidates, noise on the scores)
LEVELS = {"easy": (10, 3.0), "medium": (30, 0.0), "hard": (60, 0.0)}
GROW = {1: 1.0, 2: 2.0, 3: 3.0, 4: 6.0}  # square value by the size of what it forms
SANDBANK = {1: 0.3, 2: 1.0, 3: 2.2}  # sandbank value by size (an island: ISLAND)
ISLAND = 4.0
POINT = 6.0
LINK = 1.5  # an own bridge touching an island
HINT = 0.5  # weight of a tile pair's square scores next to the evaluation


def colour_of(state: PonteState, seat: int) -> int:
    """The colour ``seat`` plays (fixed once seat 1 has answered the opening)."""
    return seat ^ state.swapped


def worth(state: PonteState, colour: int) -> float:
    """How good the position is for ``colour`` (see the module docstring)."""
    res = state.result()[colour]
    an = res["analysis"]
    value = POINT * res["points"]
    for size in an.size:
        value += ISLAND if size == 4 else SANDBANK[size]
    label, size = an.label, an.size
    for a, b, col in state.bridges:
        if col == colour and (size[label[a]] == 4 or size[label[b]] == 4):
            value += LINK
    return value


def value(state: PonteState, seat: int) -> float:
    """Position value for ``seat``: own worth minus the opponent's (a win decides)."""
    if state.is_over():
        winners = state.winners()
        return 0.0 if len(winners) == 2 else 1000.0 if seat in winners else -1000.0
    colour = colour_of(state, seat)
    return worth(state, colour) - worth(state, 1 - colour)


def square_scores(state: PonteState, colour: int) -> list[float]:
    """Per square: what a tile of ``colour`` there would grow (0 if occupied)."""
    an = state.analysis(colour)
    cells, blocked, n4 = state.cells, state.blocked, state.bd.n4
    scores = [0.0] * len(cells)
    for p in range(len(cells)):
        if cells[p] or blocked[p]:
            continue
        joined = {an.label[y] for y in n4[p] if an.label[y] >= 0}
        total = 1 + sum(an.size[c] for c in joined)
        scores[p] = GROW.get(total, -1.0)
    return scores


def candidates(state: PonteState, limit: int) -> list[tuple[float, str]]:
    """The best ``limit`` tile pairs with their square scores (growing own formations and
    taking squares the opponent needs), then every other kind of move (score 0)."""
    legal = state.legal_moves()
    pairs = [m for m in legal if "," in m]
    others = [(0.0, m) for m in legal if "," not in m]
    colour = state.turn
    mine, theirs = square_scores(state, colour), square_scores(state, 1 - colour)
    index, n4 = state.bd.index, state.bd.n4
    an = state.analysis(colour)
    ranked = []
    for move in pairs:
        a, b = move.split(",")
        p, q = index[a], index[b]
        score = mine[p] + mine[q] + 0.5 * (theirs[p] + theirs[q])
        if q in n4[p] or {an.label[y] for y in n4[p]} & {an.label[y] for y in n4[q]} - {-1}:
            score += 1.5
        ranked.append((score, move))
    ranked.sort(key=lambda t: -t[0])
    return ranked[:limit] + others


def search(state: State, seat: int, level: str, rng: random.Random,
           knowledge: float = 1.0) -> Generator[None, None, str]:
    """The move for ``seat``: the best candidate one ply deep (see the levels above)."""
    assert isinstance(state, PonteState)
    limit, noise = LEVELS[level]
    best, best_value = "", None
    for hint, move in candidates(state, limit):
        score = value(state.play(move), seat) + HINT * hint + rng.gauss(0, noise)
        if best_value is None or score > best_value:
            best, best_value = move, score
        yield
    return best
