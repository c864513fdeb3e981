"""Othello and Wort-Reversi: alpha-beta on the bitboards of insel.games.reversi.

- Midgame: negamax principal variation search with iterative deepening, root moves
  ordered by the previous iteration, inner moves by a transposition table's best move
  first (from the shallower iteration), then by the opponent's mobility after the move
  ("fastest first").
- Evaluation: square weights (corners good; the squares next to an EMPTY corner bad;
  edges fair) plus mobility, from the side to move.
- Endgame: from ``wld`` empties on, a win/draw/loss solve (a winning move, not the
  biggest win); then, from ``exact`` empties on (``exact`` ≤ ``wld``), an exact solve of
  the final disc difference (the move that wins by the most discs, or loses by the
  fewest), which reuses the first solve's table and its outcome as the window (after a
  draw there is nothing left to solve).  Principal variation search; the table's move
  first (before the others are even made), then fastest first; a table of bounds; a
  stability cut-off (discs no empty square's rays can reach can never turn, which caps
  the score).  The last ``SHALLOW`` empties by plain recursion without table or sorting:
  squares in quadrants with an odd number of empties first, the last two empties by a
  special case.  The first solve may use ``SOLVE_SHARE`` of the budget and gives way to
  the midgame search if it runs out; the exact one may use the rest, and the
  win/draw/loss move stands if it runs out.  A lost position (by two discs or more) is
  played by the exact solve's least loss, else by the midgame search (``endgame``).
- Budget: ONE count of work units per move, so the same move comes out on every machine
  and the worst case is capped: a solver node costs 1 unit, a midgame node ``MID_COST``
  (it evaluates and sorts more; calibrated so a unit is about the same time).  The
  expert counts time instead (its clock, checked at every yield): an unfinished
  iteration still counts from its first move on.
- Wort-Reversi plays the disc game the same way and then writes the answers for the
  bracketed tiles: each is right with probability ``knowledge``, else a wrong form from
  the game's own multiple-choice options (seeded, so reproducible).

Levels (``LEVELS``, on 6×6 boards ``SMALL_LEVELS``; each a step below the next in
``bench/arena.py``, issue 15):

- easy: one ply, the evaluation plus Gaussian noise (deviation 30).
- medium: 10,000 units, exact from 6 empties, win/draw/loss from 8; on 6×6 6,000 units
  (a 6×6 game is short, and 20,000 units with an exact solve from 8 empties played it
  about as well as hard).
- hard: 40,000 units (about 0.08 s of CPython a move in the midgame), exact from 12
  empties, win/draw/loss from 14.  With 130,000 units (about 0.25 s) hard did a third of
  the expert's work at 2 s, and the expert scored 41 % against it in 32 Othello games; at
  40,000 it scored 82 % of 22, and hard still beat medium 85 % of 30 (Wort-Reversi: the
  expert 67 % of 30, hard v medium 80 % of 40).
- expert: the 6×6 opening book first (``insel.ai.reversi_book``, once its data is
  generated), then its clock; at its default 2 s (``EXPERT_MS``) exact from 14 empties and
  win/draw/loss from 16, two empties more for every eightfold of that time
  (``expert_reach``), each as far as the clock allows (``bench/othello_endgame.py``, 8×8,
  20 random-play positions at 16 empties, CPU time: the win/draw/loss solve a median of
  0.10 s of CPython, worst 2.9 s; with the exact one after it a median of 2.2 s, worst
  10.7 s; at 14 empties a median of 0.35 s.  Pyodide under Node took about 2.7× the CPU
  time of CPython, so 2 s in the page are about 0.75 s of CPython: a solve begun from more
  empties would mostly run out and waste its share of the time).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Generator, Iterable, Iterator
from functools import cache

from insel.ai import patterns
from insel.ai.patterns import Evaluation
from insel.ai.players import EXPERT_MS, Clock
from insel.ai.reversi_book import book_square
from insel.games.reversi import Board, ReversiState, squares
from insel.state import State

WIN = 10_000
INF = WIN * 2  # beyond every value
SOLVED = 99  # the table depth of an endgame solve's entry
TABLE_LIMIT = 400_000  # entries; a full table starts again (an expert thinking for a minute
# would otherwise fill hundreds of megabytes, a phone's whole share)
YIELD_EVERY = 64
SHALLOW = 6
MID_COST = 8  # units per midgame node (a solver node costs 1)
WINDOW = 2 * patterns.SCALE  # the expert's aspiration window: two discs either side
SOLVE_SHARE = 0.7  # share of the units left that a solve may use before giving way

# level -> (work units, exact-solve empties, win/draw/loss empties, root noise)
LEVELS = {
    "easy": (0, 0, 0, 30.0),
    "medium": (10_000, 6, 8, 0.0),
    "hard": (40_000, 12, 14, 0.0),
    "expert": (10**12, 14, 16, 0.0),  # the clock ends it; see expert_reach
}
# boards of 6×6 (32 empties at the start) and smaller: what differs from LEVELS
SMALL_LEVELS = {
    "medium": (6_000, 6, 8, 0.0),
    "expert": (10**12, 16, 18, 0.0),
}
# the expert's weight of potential mobility on boards of 6×6 and smaller (see evaluate)
SMALL_FRONTIER = 3


def settings(level: str, size: int, clock: Clock | None = None
             ) -> tuple[int, int, int, float]:
    """(work units, exact empties, win/draw/loss empties, root noise) of ``level`` on a
    board of ``size``; the expert's solves reach further with more time on its ``clock``."""
    units, exact, wld, noise = (SMALL_LEVELS if size <= 6 else {}).get(level, LEVELS[level])
    more = expert_reach(clock.budget_ms) if clock else 0
    return units, exact + more, wld + more, noise


def expert_reach(budget_ms: float) -> int:
    """Empties the expert's solves start earlier than at ``EXPERT_MS``: two for every
    eightfold of the time (each two empties cost a solve about 6–10× as much)."""
    more = 0
    while budget_ms >= EXPERT_MS * 8 ** (more // 2 + 1):
        more += 2
    return more


Child = Callable[[int, int, int, int], Generator[None, None, int]]


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
    """Alpha-beta over (own, opp) bitboards with a node counter, a budget of work units
    and, for the expert, a :class:`insel.ai.players.Clock` that may end the search too."""

    def __init__(self, bd: Board, budget: int, clock: Clock | None = None,
                 frontier: int = 0, learned: Evaluation | None = None) -> None:
        self.bd = bd
        self.frontier = frontier  # weight of the potential mobility in :meth:`evaluate`
        self.learned = learned  # the expert's pattern evaluation (8×8), else None
        self.moves = patterns.moves if bd.size == patterns.SIZE else bd.moves
        self.flips = bd.flips
        self.classes = weights(bd)
        self.traps = corner_traps(bd)
        self.nodes = 0
        self.next_yield = YIELD_EVERY
        self.total = self.budget = budget
        self.clock = clock
        # own << cells | opp -> (depth, lower bound, upper bound, best square); the solver's depth
        # is SOLVED, so its entries never mix with the midgame's (another value scale)
        self.table: dict[int, tuple[int, int, int, int]] = {}
        # squares by static weight, best first (move order of the plain endgame solver)
        weight = {i: w for w, mask in self.classes for i in squares(mask)}
        for _corner, x, cs in self.traps:
            for i in squares(x | cs):
                weight[i] = -20
        self.order = sorted(weight, key=lambda i: -weight[i])
        self.rank = [0] * len(self.order)  # per square, its place in ``order``
        for place, i in enumerate(self.order):
            self.rank[i] = place
        n = bd.size
        self.cells = n * n  # table keys: own << cells | opp
        # per square, the discs a placement there could ever turn: on each ray from it,
        # all but the last (a disc turns only strictly between the new disc and an own
        # one); a disc outside this mask of every empty square is stable
        self.reach = [sum(sum(rest[:-1], first) for first, rest in bd.walks[i])
                      for i in range(n * n)]
        # per square, a bit for its quadrant (parity: odd quadrants first in ``exact``)
        self.quadrant = [1 << (2 * (i // n >= n // 2) + (i % n >= n // 2)) for i in range(n * n)]
        # per square, its neighbours: nothing turns where no opponent disc touches
        self.near = [sum(1 << (r * n + c) for r in range(max(0, i // n - 1), min(n, i // n + 2))
                         for c in range(max(0, i % n - 1), min(n, i % n + 2))) ^ 1 << i
                     for i in range(n * n)]
        # the board's squares but its last and first column (a shift must not wrap a row)
        self.not_last = sum(1 << i for i in range(n * n) if i % n != n - 1)
        self.not_first = sum(1 << i for i in range(n * n) if i % n)

    def share(self, part: float) -> None:
        """Let the coming work use ``part`` of the units (and of the clock's time) left."""
        self.budget = self.nodes + int((self.total - self.nodes) * part)
        if self.clock:
            self.clock.limit_share(part)

    def evaluate(self, own: int, opp: int) -> int:
        """Heuristic score for the side to move (``own``)."""
        if self.learned:
            return self.learned.value(own, opp, self.moves(own, opp), self.moves(opp, own))
        score = 0
        for w, mask in self.classes:
            score += w * ((own & mask).bit_count() - (opp & mask).bit_count())
        for corner, x, cs in self.traps:
            if not (own | opp) & corner:
                score -= 12 * ((own & x).bit_count() - (opp & x).bit_count())
                score -= 5 * ((own & cs).bit_count() - (opp & cs).bit_count())
        mine = self.moves(own, opp).bit_count()
        theirs = self.moves(opp, own).bit_count()
        score += 6 * (mine - theirs)
        if self.frontier:
            empty = self.bd.full & ~(own | opp)
            score += self.frontier * ((self.around(opp) & empty).bit_count()
                                      - (self.around(own) & empty).bit_count())
        return score

    def around(self, discs: int) -> int:
        """The squares next to ``discs`` (the empty ones among them are where the other
        side may later move: its potential mobility)."""
        n, right, left = self.bd.size, discs & self.not_last, discs & self.not_first
        return (discs << n | discs >> n | right << 1 | left >> 1 | right << n + 1
                | left << n - 1 | right >> n - 1 | left >> n + 1) & self.bd.full

    def _count(self, cost: int = 1) -> bool:
        """Count a node of ``cost`` units; True when it is time to yield.  Raises when
        the budget (or the clock, checked at each yield) is out."""
        self.nodes += cost
        if self.nodes > self.budget:
            raise OutOfBudget
        if self.nodes >= self.next_yield:
            if self.clock and self.clock.out():
                raise OutOfBudget
            self.next_yield = self.nodes + YIELD_EVERY
            return True
        return False

    def children(self, own: int, opp: int, legal: int, first: int = -1
                 ) -> list[tuple[int, int, int]]:
        """(square, new own, new opp) per legal square: ``first`` (the table's best move)
        first, then fewest opponent replies first."""
        out = []
        for sq in squares(legal):
            turned = self.flips(own, opp, sq)
            new_own, new_opp = own | turned | 1 << sq, opp ^ turned
            out.append((-1 if sq == first else self.moves(new_opp, new_own).bit_count(),
                        sq, new_own, new_opp))
        out.sort()
        return [(sq, a, b) for _, sq, a, b in out]

    def lazy_children(self, own: int, opp: int, legal: int, first: int
                      ) -> Iterator[tuple[int, int, int]]:
        """:meth:`children`, the table's move ``first`` before the others are made (it
        often settles the node alone)."""
        if first >= 0 and legal >> first & 1:
            turned = self.flips(own, opp, first)
            yield first, own | turned | 1 << first, opp ^ turned
            legal ^= 1 << first
        if legal:
            yield from self.children(own, opp, legal)

    def probe(self, key: int, depth: int, alpha: int, beta: int
              ) -> tuple[int | None, int, int, int]:
        """The table's word on a node: (its value if that settles it, else None; alpha and
        beta narrowed by the stored bounds; the stored best square or -1)."""
        entry = self.table.get(key)
        if entry is None:
            return None, alpha, beta, -1
        stored, lo, hi, first = entry
        if stored != depth:
            return None, alpha, beta, first
        if lo >= beta or lo == hi:
            return lo, alpha, beta, first
        if hi <= alpha:
            return hi, alpha, beta, first
        return None, max(alpha, lo), min(beta, hi), first

    def store(self, key: int, depth: int, alpha: int, beta: int, best: int,
              square: int) -> None:
        """Record a node's fail-soft result ``best`` for the window (alpha, beta)."""
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
        stored, lo, hi, _ = self.table.get(key, (depth, -INF, INF, -1))
        if stored != depth:
            lo, hi = -INF, INF
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[key] = (depth, lo, hi, square)

    def scan(self, kids: Iterable[tuple[int, int, int]], child: Child, alpha: int, beta: int,
             pvs: bool = True) -> Generator[None, None, tuple[int, int]]:
        """Principal variation search over ``kids`` (``pvs``; else plain alpha-beta): the
        first with the full window, the rest with a null window (searched again only if
        one beats alpha).  Returns the fail-soft best value and its square;
        ``child(own, opp, alpha, beta)`` searches a child from its mover's side."""
        best, best_sq = -INF, -1
        for i, (sq, new_own, new_opp) in enumerate(kids):
            if pvs and i and beta - alpha > 1:
                value = -(yield from child(new_opp, new_own, -alpha - 1, -alpha))
                if alpha < value < beta:
                    value = -(yield from child(new_opp, new_own, -beta, -value))
            else:
                value = -(yield from child(new_opp, new_own, -beta, -alpha))
            if value > best:
                best, best_sq = value, sq
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best, best_sq

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
        if depth == 1:
            kids = [(sq, own | (t := self.flips(own, opp, sq)) | 1 << sq, opp ^ t)
                    for sq in self.order if legal >> sq & 1]
            best, _ = yield from self.scan(kids, self.leaf, alpha, beta, pvs=False)
            return best
        key = own << self.cells | opp
        known, alpha, beta, first = self.probe(key, depth, alpha, beta)
        if known is not None:
            return known
        best, square = yield from self.scan(
            self.children(own, opp, legal, first),
            lambda a, b, lo, hi: self.negamax(a, b, depth - 1, lo, hi), alpha, beta)
        self.store(key, depth, alpha, beta, best, square)
        return best

    def leaf(self, own: int, opp: int, alpha: int, beta: int) -> Generator[None, None, int]:
        """A depth-0 node (as a child search of :meth:`scan`)."""
        return (yield from self.negamax(own, opp, 0, alpha, beta))

    def solve(self, own: int, opp: int, alpha: int, beta: int) -> Generator[None, None, int]:
        """Exact final disc difference for the side to move (principal variation search,
        table of bounds and best moves, fastest first); the last ``SHALLOW`` empties are
        left to the plain :meth:`exact`."""
        empty = self.bd.full & ~(own | opp)
        if self._count():
            yield
        if empty.bit_count() <= SHALLOW:
            return self.shallow(own, opp, empty, alpha, beta)
        key = own << self.cells | opp
        known, alpha, beta, first = self.probe(key, SOLVED, alpha, beta)
        if known is not None:
            return known
        if alpha >= self.cells - 2 * opp.bit_count():  # a cap ≤ alpha is possible
            reach = self.reach
            loose = 0
            for sq in squares(empty):
                loose |= reach[sq]
            bound = self.cells - 2 * (opp & ~loose).bit_count()
            if bound <= alpha:
                return bound
        legal = self.moves(own, opp)
        if not legal:
            if not self.moves(opp, own):
                return own.bit_count() - opp.bit_count()
            value = yield from self.solve(opp, own, -beta, -alpha)
            return -value
        kids = self.lazy_children(own, opp, legal, first)
        best, square = yield from self.scan(kids, self.solve, alpha, beta)
        self.store(key, SOLVED, alpha, beta, best, square)
        return best

    def shallow(self, own: int, opp: int, empty: int, alpha: int, beta: int) -> int:
        """Plain-recursive exact solve of the ``empty`` squares (a few)."""
        empties = sorted(squares(empty), key=self.rank.__getitem__)
        if len(empties) > 2:
            parity = 0
            for sq in empties:
                parity ^= self.quadrant[sq]
            return self.exact(own, opp, empties, parity, alpha, beta)
        if len(empties) == 2:
            return self.last2(own, opp, empties[0], empties[1], alpha, beta)
        if empties:
            return self.last1(own, opp, empties[0])
        return own.bit_count() - opp.bit_count()

    def exact(self, own: int, opp: int, empties: list[int], parity: int, alpha: int,
              beta: int) -> int:
        """Plain-recursive exact solve of a few (≥ 3) ``empties`` (good squares first):
        squares in quadrants with an odd number of empties first (``parity``: a bit per
        such quadrant), the last two by :meth:`last2`."""
        self.nodes += 1
        flips, near, quadrant = self.flips, self.near, self.quadrant
        best, left = -INF, len(empties) - 1
        if alpha >= self.cells - 2 * opp.bit_count():  # a cap ≤ alpha is possible
            reach = self.reach
            loose = 0
            for sq in empties:
                loose |= reach[sq]
            bound = self.cells - 2 * (opp & ~loose).bit_count()
            if bound <= alpha:
                return bound
        for odd in (True, False):
            for i, sq in enumerate(empties):
                if (parity & quadrant[sq] != 0) is not odd or not opp & near[sq]:
                    continue
                turned = flips(own, opp, sq)
                if not turned:
                    continue
                if left == 2:
                    a, b = empties[:i] + empties[i + 1:]
                    value = -self.last2(opp ^ turned, own | turned | 1 << sq, a, b,
                                        -beta, -alpha)
                else:
                    value = -self.exact(opp ^ turned, own | turned | 1 << sq,
                                        empties[:i] + empties[i + 1:],
                                        parity ^ quadrant[sq], -beta, -alpha)
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            return best
        if best > -INF:
            return best
        if any(own & near[sq] and flips(opp, own, sq) for sq in empties):
            return -self.exact(opp, own, empties, parity, -beta, -alpha)
        return own.bit_count() - opp.bit_count()

    def last2(self, own: int, opp: int, a: int, b: int, alpha: int, beta: int) -> int:
        """Exact solve of the last two empties ``a`` and ``b``."""
        self.nodes += 1
        flips, near = self.flips, self.near
        best = -INF
        if opp & near[a] and (turned := flips(own, opp, a)):
            best = -self.last1(opp ^ turned, own | turned | 1 << a, b)
            if best >= beta:
                return best
        if opp & near[b] and (turned := flips(own, opp, b)):
            value = -self.last1(opp ^ turned, own | turned | 1 << b, a)
            return value if value > best else best
        if best > -INF:
            return best
        if (own & near[a] and flips(opp, own, a)) or (own & near[b] and flips(opp, own, b)):
            return -self.last2(opp, own, a, b, -beta, -alpha)
        return own.bit_count() - opp.bit_count()

    def last1(self, own: int, opp: int, sq: int) -> int:
        """Final disc difference with one empty square ``sq`` left (the side to move
        places there, else the other side, else nobody)."""
        near = self.near[sq]
        turned = self.flips(own, opp, sq) if opp & near else 0
        if turned:
            return own.bit_count() + 2 * turned.bit_count() + 1 - opp.bit_count()
        turned = self.flips(opp, own, sq) if own & near else 0
        if turned:
            return own.bit_count() - 2 * turned.bit_count() - 1 - opp.bit_count()
        return own.bit_count() - opp.bit_count()


def _sign(own: int, opp: int) -> int:
    diff = own.bit_count() - opp.bit_count()
    return (diff > 0) - (diff < 0)


def best_square(searcher: Searcher, own: int, opp: int, exact: int, wld: int, noise: float,
                rng: random.Random, window: int = 0) -> Generator[None, None, int]:
    """The square to play: a solve near the end, else iterative deepening."""
    bd = searcher.bd
    legal = searcher.moves(own, opp)
    kids = searcher.children(own, opp, legal)
    if len(kids) == 1:
        return kids[0][0]
    empties = (bd.full & ~(own | opp)).bit_count()
    if empties <= wld:
        solution = yield from endgame(searcher, kids, empties <= exact)
        if solution is not None:
            return solution
    if not searcher.total:  # one ply, scored by the evaluation (plus noise)
        scored = []
        for sq, new_own, new_opp in kids:
            value = -searcher.evaluate(new_opp, new_own)
            if not searcher.moves(new_opp, new_own) and not searcher.moves(new_own, new_opp):
                value = WIN * _sign(new_own, new_opp)
            scored.append((value + rng.gauss(0, noise), sq))
            yield
        return max(scored)[1]
    return (yield from deepened(searcher, kids, empties, window))


def endgame(searcher: Searcher, kids: list[tuple[int, int, int]], exact: bool
            ) -> Generator[None, None, int | None]:
    """The square of a win/draw/loss solve (``SOLVE_SHARE`` of the budget), then, if
    ``exact``, of the best final disc difference (the rest of the budget when won; the
    win/draw/loss move stands if it runs out).  None when the budget runs out first, or
    the position is lost (by two or more) and its least loss is not found: then the
    midgame search's move keeps the best chance against a fallible opponent."""
    solution = None
    searcher.share(SOLVE_SHARE)
    try:
        value, square = yield from solved(searcher, kids, -2, 1)
        if value > -2:  # a win, a draw or the least loss there is (by one disc)
            solution = square
        if exact and not -2 < value < 1:  # won or lost: by how much
            searcher.share(1.0 if value > 0 else SOLVE_SHARE)
            solution = yield from margin(searcher, kids, value, square)
    except OutOfBudget:
        pass
    searcher.share(1.0)
    return solution


def deepened(searcher: Searcher, kids: list[tuple[int, int, int]], empties: int,
             window: int = 0) -> Generator[None, None, int]:
    """Iterative deepening at the root, moves ordered by the previous iteration: the best
    square when the budget runs out (an unfinished iteration counts from its first move
    on, which is the previous best: a later move that beats it is better at the new
    depth).  With a ``window`` (the expert) each iteration is a principal variation
    search in an aspiration window of that half-width around the previous value, searched
    again with the open side when the value falls outside it."""
    order, best = kids, [kids[0][0]]
    guess = None
    try:
        for depth in range(1, empties + 1):
            lo, hi = (-INF, INF) if guess is None or not window else (guess - window,
                                                                      guess + window)
            while True:
                guess, scored = yield from ranked(searcher, order, depth, lo, hi, best,
                                                  bool(window))
                if guess <= lo:
                    lo = -INF
                elif guess >= hi:
                    hi = INF
                else:
                    break
            order = scored
    except OutOfBudget:
        pass
    return best[0]


def ranked(searcher: Searcher, order: list[tuple[int, int, int]], depth: int, alpha: int,
           beta: int, best: list[int], pvs: bool
           ) -> Generator[None, None, tuple[int, list[tuple[int, int, int]]]]:
    """One iteration of :func:`deepened` in the window (alpha, beta): (the best value,
    fail-soft; the moves by value, best first).  ``best[0]`` is set to each move that
    beats alpha as soon as it does; with ``pvs`` every move after the first is tried
    with a null window first."""
    scored = []
    top = -INF
    for i, (sq, new_own, new_opp) in enumerate(order):
        if pvs and i:
            value = -(yield from searcher.negamax(new_opp, new_own, depth - 1,
                                                  -alpha - 1, -alpha))
            if alpha < value < beta:
                value = -(yield from searcher.negamax(new_opp, new_own, depth - 1,
                                                      -beta, -value))
        else:
            value = -(yield from searcher.negamax(new_opp, new_own, depth - 1, -beta, -alpha))
        scored.append((value, sq, new_own, new_opp))
        top = max(top, value)
        if value > alpha:
            alpha, best[0] = value, sq
            if alpha >= beta:
                break
    scored.sort(key=lambda t: -t[0])
    moved = [(sq, a, b) for _, sq, a, b in scored]
    return top, moved + [kid for kid in order if kid[0] not in {m[0] for m in moved}]


def solved(searcher: Searcher, kids: list[tuple[int, int, int]], alpha: int, beta: int
           ) -> Generator[None, None, tuple[int, int]]:
    """An endgame solve of the root: (fail-soft value, best square) in the window (alpha,
    beta) of final disc differences; (-2, 1) tells a win (≥ 1) from a draw (0), a loss by
    one (-1) and a bigger loss (≤ -2)."""
    return (yield from searcher.scan(kids, searcher.solve, alpha, beta))


def margin(searcher: Searcher, kids: list[tuple[int, int, int]], value: int, square: int
           ) -> Generator[None, None, int]:
    """The square of the best final disc difference, after a win/draw/loss solve found
    ``value`` (≥ 1: won by at least that, ≤ -2: lost by at least that) with ``square``:
    null-window solves (MTD(f)) from that guess, each bound narrowing the next, the best
    square so far searched first."""
    lo, hi = (value, 64) if value > 0 else (-64, value)
    guess = value
    while lo < hi:
        beta = max(guess, lo + 1)
        kids.sort(key=lambda kid: kid[0] != square)
        guess, found = yield from solved(searcher, kids, beta - 1, beta)
        if guess >= beta:
            lo, square = guess, found
        else:
            hi = guess
    return square


@cache
def learned_evaluation() -> Evaluation:
    """The expert's 8×8 evaluation (its tables are built once)."""
    return Evaluation()


def search(state: State, seat: int, level: str, rng: random.Random,
           knowledge: float = 1.0, clock: Clock | None = None) -> Generator[None, None, str]:
    """The move for ``seat`` (the seat to move) in an Othello or Wort-Reversi state."""
    assert isinstance(state, ReversiState)
    legal = state.legal_moves()
    if legal == ["pass"]:
        return "pass"
    budget, exact, wld, noise = settings(level, state.board.size, clock)
    own, opp = state.discs[state.turn], state.discs[1 - state.turn]
    square = book_square(state.board.size, own, opp) if level == "expert" else None
    if square is None:
        expert = level == "expert"
        frontier = SMALL_FRONTIER if expert and state.board.size <= 6 else 0
        learned = learned_evaluation() if expert and state.board.size == patterns.SIZE else None
        searcher = Searcher(state.board, budget, clock, frontier, learned)
        square = yield from best_square(searcher, own, opp, exact, wld, noise, rng,
                                        WINDOW if learned else 0)
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
