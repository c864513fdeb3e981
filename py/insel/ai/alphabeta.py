"""Othello and Wort-Reversi: alpha-beta on the bitboards of insel.games.reversi.

- Midgame: negamax alpha-beta with iterative deepening, root moves ordered by the
  previous iteration, inner moves by the opponent's mobility after the move ("fastest
  first").
- Evaluation: square weights (corners good; the squares next to an EMPTY corner bad;
  edges fair) plus mobility, from the side to move.
- Endgame: from ``exact`` empties on, an exact solve of the final disc difference (the
  move that wins by the most discs); from ``wld`` empties on, a cheaper win/draw/loss
  solve (a winning move, not the biggest win).  Fastest-first ordering, a transposition
  table of bounds.  Each solve may use a share of the budget; one that runs out gives
  way to the next (exact, then win/draw/loss, then the midgame search).
- Budget: ONE count of work units per move, so the same move comes out on every machine
  and the worst case is capped: a solver node costs 1 unit, a midgame node ``MID_COST``
  (it evaluates and sorts more; calibrated so a unit is about the same time).
- Wort-Reversi plays the disc game the same way and then writes the answers for the
  bracketed tiles: each is right with probability ``knowledge``, else a wrong form from
  the game's own multiple-choice options (seeded, so reproducible).

Levels: easy = one ply with noisy scores; medium = a small budget, exact from 8
empties; hard = a budget of about 0.9 s of CPython at most, exact from 12 empties,
win/draw/loss from 14.
"""

from __future__ import annotations

import json
import random
from collections.abc import Generator

from insel.games.reversi import Board, ReversiState, squares
from insel.state import State

WIN = 10_000
YIELD_EVERY = 64
SHALLOW = 5
MID_COST = 8  # units per midgame node (a solver node costs 1)
SOLVE_SHARE = 0.7  # share of the units left that a solve may use before giving way

# level -> (work units, exact-solve empties, win/draw/loss empties, root noise)
LEVELS = {
    "easy": (0, 0, 0, 30.0),
    "medium": (20_000, 8, 10, 0.0),
    "hard": (130_000, 12, 14, 0.0),
}


class OutOfBudget(Exception):
    """The node budget ran out inside an iteration (its result is discarded)."""


def weights(bd: Board) -> list[tuple[int, int]]:
    """(weight, mask) classes of squares: corners, edges, inner ring, centre."""
    n = bd.size
    classes: dict[int, int] = {}
    for i in range(n * n):
        r, c = divmod(i, n)
        edge_r, edge_c = r in (0, n - 1), c in (0, n - 1)
        ring = min(r, c, n - 1 - r, n - 1 - c)
        w = 25 if edge_r and edge_c else 4 if edge_r or edge_c else -1 if ring == 1 else 1
        classes[w] = classes.get(w, 0) | 1 << i
    return sorted(classes.items())


def corner_traps(bd: Board) -> list[tuple[int, int, int]]:
    """Per corner: (corner bit, X-square mask, C-squares mask) — bad while it is empty."""
    n = bd.size
    out = []
    for r, c in ((0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)):
        dr, dc = (1 if r == 0 else -1), (1 if c == 0 else -1)
        x = 1 << ((r + dr) * n + c + dc)
        cs = 1 << ((r + dr) * n + c) | 1 << (r * n + c + dc)
        out.append((1 << (r * n + c), x, cs))
    return out


class Searcher:
    """Alpha-beta over (own, opp) bitboards with a node counter and a budget."""

    def __init__(self, bd: Board, budget: int) -> None:
        self.bd = bd
        self.moves = bd.moves
        self.flips = bd.flips
        self.classes = weights(bd)
        self.traps = corner_traps(bd)
        self.nodes = 0
        self.next_yield = YIELD_EVERY
        self.budget = budget
        self.table: dict[tuple[int, int], tuple[int, int]] = {}
        # squares by static weight, best first (move order of the plain endgame solver)
        weight = {i: w for w, mask in self.classes for i in squares(mask)}
        for _corner, x, cs in self.traps:
            for i in squares(x | cs):
                weight[i] = -20
        self.order = sorted(weight, key=lambda i: -weight[i])

    def evaluate(self, own: int, opp: int) -> int:
        """Heuristic score for the side to move (``own``)."""
        score = 0
        for w, mask in self.classes:
            score += w * ((own & mask).bit_count() - (opp & mask).bit_count())
        for corner, x, cs in self.traps:
            if not (own | opp) & corner:
                score -= 12 * ((own & x).bit_count() - (opp & x).bit_count())
                score -= 5 * ((own & cs).bit_count() - (opp & cs).bit_count())
        mine = self.moves(own, opp).bit_count()
        theirs = self.moves(opp, own).bit_count()
        return score + 6 * (mine - theirs)

    def _count(self, cost: int = 1) -> bool:
        """Count a node of ``cost`` units; True when it is time to yield.  Raises when
        the budget is out."""
        self.nodes += cost
        if self.nodes > self.budget:
            raise OutOfBudget
        if self.nodes >= self.next_yield:
            self.next_yield = self.nodes + YIELD_EVERY
            return True
        return False

    def children(self, own: int, opp: int, legal: int) -> list[tuple[int, int, int]]:
        """(square, new own, new opp) per legal square, fewest opponent replies first."""
        out = []
        for sq in squares(legal):
            turned = self.flips(own, opp, sq)
            new_own, new_opp = own | turned | 1 << sq, opp ^ turned
            out.append((self.moves(new_opp, new_own).bit_count(), sq, new_own, new_opp))
        out.sort()
        return [(sq, a, b) for _, sq, a, b in out]

    def negamax(self, own: int, opp: int, depth: int, alpha: int, beta: int
                ) -> Generator[None, None, int]:
        """Depth-limited value for the side to move; exact at the end of the game."""
        if self._count(MID_COST):
            yield
        legal = self.moves(own, opp)
        if not legal:
            if not self.moves(opp, own):
                return WIN * _sign(own, opp) + (own.bit_count() - opp.bit_count())
            value = yield from self.negamax(opp, own, depth, -beta, -alpha)
            return -value
        if depth == 0:
            return self.evaluate(own, opp)
        best = -WIN * 2
        kids = (self.children(own, opp, legal) if depth > 1
                else [(sq, own | (t := self.flips(own, opp, sq)) | 1 << sq, opp ^ t)
                      for sq in self.order if legal >> sq & 1])
        for _sq, new_own, new_opp in kids:
            value = -(yield from self.negamax(new_opp, new_own, depth - 1, -beta, -alpha))
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def solve(self, own: int, opp: int, alpha: int, beta: int) -> Generator[None, None, int]:
        """Exact final disc difference for the side to move (alpha-beta, bounds table);
        the last ``SHALLOW`` empties are left to the plain :meth:`exact`."""
        empty = self.bd.full & ~(own | opp)
        if empty.bit_count() <= SHALLOW:
            if self._count():
                yield
            return self.exact(own, opp, [sq for sq in self.order if empty >> sq & 1],
                              alpha, beta)
        if self._count():
            yield
        key = (own, opp)
        lo, hi = self.table.get(key, (-99, 99))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo), min(beta, hi)
        alpha0 = alpha
        legal = self.moves(own, opp)
        if not legal:
            if not self.moves(opp, own):
                return own.bit_count() - opp.bit_count()
            value = yield from self.solve(opp, own, -beta, -alpha)
            return -value
        best = -99
        for _sq, new_own, new_opp in self.children(own, opp, legal):
            value = -(yield from self.solve(new_opp, new_own, -beta, -alpha))
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if best <= alpha0:
            self.table[key] = (lo, min(hi, best))
        elif best >= beta:
            self.table[key] = (max(lo, best), hi)
        else:
            self.table[key] = (best, best)
        return best

    def exact(self, own: int, opp: int, empties: list[int], alpha: int, beta: int) -> int:
        """Plain-recursive exact solve of a few ``empties`` (good squares first)."""
        self.nodes += 1
        flips = self.flips
        if len(empties) == 1:
            sq = empties[0]
            turned = flips(own, opp, sq)
            if turned:
                return (own | turned).bit_count() + 1 - (opp ^ turned).bit_count()
            turned = flips(opp, own, sq)
            if turned:
                return own.bit_count() - turned.bit_count() - (opp | turned).bit_count() - 1
            return own.bit_count() - opp.bit_count()
        best = -99
        for i, sq in enumerate(empties):
            turned = flips(own, opp, sq)
            if not turned:
                continue
            value = -self.exact(opp ^ turned, own | turned | 1 << sq,
                                empties[:i] + empties[i + 1:], -beta, -alpha)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        return best
        if best > -99:
            return best
        if any(flips(opp, own, sq) for sq in empties):
            return -self.exact(opp, own, empties, -beta, -alpha)
        return own.bit_count() - opp.bit_count()


def _sign(own: int, opp: int) -> int:
    diff = own.bit_count() - opp.bit_count()
    return (diff > 0) - (diff < 0)


def best_square(searcher: Searcher, own: int, opp: int, exact: int, wld: int, noise: float,
                rng: random.Random) -> Generator[None, None, int]:
    """The square to play: a solve near the end, else iterative deepening."""
    bd = searcher.bd
    legal = searcher.moves(own, opp)
    kids = searcher.children(own, opp, legal)
    if len(kids) == 1:
        return kids[0][0]
    empties = (bd.full & ~(own | opp)).bit_count()
    total = searcher.budget
    for limit, window in ((exact, 64), (wld, 1)):
        if empties <= limit:
            searcher.budget = searcher.nodes + int((total - searcher.nodes) * SOLVE_SHARE)
            try:
                return (yield from solved(searcher, kids, window))
            except OutOfBudget:
                pass
    searcher.budget = total
    if not total:  # one ply, scored by the evaluation (plus noise)
        scored = []
        for sq, new_own, new_opp in kids:
            value = -searcher.evaluate(new_opp, new_own)
            if not searcher.moves(new_opp, new_own) and not searcher.moves(new_own, new_opp):
                value = WIN * _sign(new_own, new_opp)
            scored.append((value + rng.gauss(0, noise), sq))
            yield
        return max(scored)[1]
    order, best = kids, kids[0][0]
    depth = 1
    try:
        while depth <= empties:
            scored = []
            alpha = -WIN * 2
            for sq, new_own, new_opp in order:
                value = -(yield from searcher.negamax(new_opp, new_own, depth - 1,
                                                      -WIN * 2, -alpha))
                scored.append((value, sq, new_own, new_opp))
                alpha = max(alpha, value)
            scored.sort(key=lambda t: -t[0])
            order = [(sq, a, b) for _, sq, a, b in scored]
            best = order[0][0]
            depth += 1
    except OutOfBudget:
        pass
    return best


def solved(searcher: Searcher, kids: list[tuple[int, int, int]], window: int
           ) -> Generator[None, None, int]:
    """The best square by an endgame solve: with ``window`` 64 the largest final disc
    difference, with 1 only win, draw or loss (a won move is taken at once)."""
    best, alpha = kids[0][0], -window - 1
    for sq, new_own, new_opp in kids:
        value = -(yield from searcher.solve(new_opp, new_own, -window, -alpha))
        if value > alpha:
            best, alpha = sq, value
            if alpha >= window:
                break
    return best


def search(state: State, seat: int, level: str, rng: random.Random,
           knowledge: float = 1.0) -> Generator[None, None, str]:
    """The move for ``seat`` (the seat to move) in an Othello or Wort-Reversi state."""
    assert isinstance(state, ReversiState)
    legal = state.legal_moves()
    if legal == ["pass"]:
        return "pass"
    budget, exact, wld, noise = LEVELS[level]
    own, opp = state.discs[state.turn], state.discs[1 - state.turn]
    square = yield from best_square(Searcher(state.board, budget), own, opp, exact, wld, noise,
                                    rng)
    name = state.board.names[square]
    move = next(m for m in legal if m.split(":")[0].split("#")[0] == name)
    if state.game_id == "wortreversi":
        move = answered(state, move, square, knowledge, rng)
    return move


def answered(state: State, move: str, square: int, knowledge: float,
             rng: random.Random) -> str:
    """Rewrite a Wort-Reversi move's answers: each right with probability ``knowledge``."""
    head = move.split(":")[0]
    answers = []
    for sq in squares(state.flip_mask(square)):  # type: ignore[attr-defined]
        tile = state.tiles[sq]  # type: ignore[attr-defined]
        right = state.correct(tile)  # type: ignore[attr-defined]
        if rng.random() < knowledge:
            answers.append(right)
        else:
            wrong = [w for w in state.choices(tile)  # type: ignore[attr-defined]
                     if not state.is_right(w, right)]  # type: ignore[attr-defined]
            answers.append(rng.choice(wrong))
    return f"{head}:{json.dumps(answers, ensure_ascii=False, separators=(',', ':'))}"
