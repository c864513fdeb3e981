"""Ponte del Diavolo: candidate pruning, a group-potential evaluation, two-ply search.

A turn has thousands of legal tile pairs, so the search first scores every free square
for the mover (what the tile would grow: a 4th tile completing an island is worth most)
and for the opponent (taking a square it needs), ranks the legal pairs by the sum of
their squares (plus a bonus when both tiles grow the same formation) and keeps the best
few; every bridge, ``swap`` and ``pass`` is always a candidate.

Evaluation of a position for one colour (own minus opponent's is the value):

- the points its bridge groups score now (Scoring: n islands in a group score
  n(n+1)/2), blended with the points it could score: formations joined by its bridges
  AND by every bridge it could build right now (Rule 3), each formation counted as an
  island by its chance to become one — 1 for an island, by size for a sandbank that
  still has a legal square to grow on, 0 for a dead sandbank (Rule 2);
- plus its islands, plus a little per bridge (the tie-breaks).

A tile under an opponent's possible bridge, or a bridge crossing it, lowers the
opponent's possible points, so blocking is valued through the same numbers.

A one-ply score is the evaluation after the move plus half its square scores (of the last
move of a line searched deeper).  Levels:

- easy: one ply over the best 10 tile pairs (plus all other moves), each score with
  Gaussian noise (deviation 4.5, from the seeded random source);
- medium: one ply over the best 30, no noise;
- hard: one ply over the best 60, then alpha-beta over candidates in two searches
  (``HARD``): its best 24 against the opponent's best 30 answers each (two plies), then,
  ordered by that, its best 8 against 8 answers against 6 of its own next pairs (three
  plies) — so it sees whether its own next pair still joins what the block left it
  (without the three plies it beat medium 65 % of 24 games, with them 83 % of 30);
- expert: deepening alpha-beta until its clock is out (``EXPERT``): hard's two searches
  a little wider (three plies over 12, 10 and 8 candidates), then four plies (10, 8, 8,
  6), four wider (14, 12, 10, 8), five (10, 8, 8, 6, 6), five wider (14, 12, 10, 8, 6),
  six (10, 8, 8, 6, 6, 4) and six wider (14, 12, 10, 8, 6, 4), each ordered by the one
  before (in the arena's 0.8 s of CPython, about 2 s in the page, it finishes the three
  plies and mostly the four, ``bench/expert_depth.py``; the later searches serve the
  longer thinking times of the settings, 5 and 10 s, which the five plies alone left
  unused: they ended after 3.4 s in the page).  Inside its
  tree it ranks tile pairs among the best squares only (:func:`quick_candidates`), not
  the engine's full list of legal pairs, which took over half its time before, and
  within a move it weighs a position once and tries a node's last best answer first
  (:class:`Memo`; issue 43).  So the expert also sees the answer to its own
  next pair: whether an island it grows will still join its bridged group, or whether
  the opponent's bridge is cut for good.  (Two plies over all 60 first, as before,
  spent its time where hard already looks, and it scored about even against hard.)
  Where its search goes on below a node's answers, the expert chooses and orders them
  by their one-ply scores (``answers``: the best ``POOL`` × width pairs by square score
  and every bridge, each played and evaluated), not by square scores alone as hard
  does: an answer that joins two groups by a bridge, closes an island or cuts the
  other's bridge is searched on first, and alpha-beta cuts more.  Its ranking of the
  pairs also lifts a pair by ``BLOCK`` per square under a bridge the opponent could
  build between two of its groups, so pairs that block one are among the candidates
  (the scores that enter the values stay the square scores).  (With hard's candidates
  alone it scored 55.2 % of 200 against hard.)

Every level's work is counted in candidates, never in time, except the expert's.  The
searches pause (yield) after every evaluation and within the ranking of the pairs
(``CHUNK``), so that the page's slices end on time.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable
from functools import cache
from operator import itemgetter

from insel.ai.players import Clock, TimeUp
from insel.games.ponte import CODE, Analysis, Board, PonteState, _components
from insel.state import State

# level -> (tile-pair candidates, noise on the scores)
LEVELS = {"easy": (10, 4.5), "medium": (30, 0.0), "hard": (60, 0.0), "expert": (60, 0.0)}
GROW = {1: 1.0, 2: 2.0, 3: 3.0, 4: 6.0}  # square value by the size of what it forms
ISLAND = 4.0
POINT = 6.0
BRIDGE = 0.1  # per own bridge (the last tie-break)
HINT = 0.5  # weight of a tile pair's square scores next to the evaluation
REPLIES = 30  # opponent tile pairs tried against each candidate two plies deep
# the candidate widths ply by ply of each deepening search: hard does both of its own,
# the expert goes on until its clock is out
HARD = ((24, REPLIES), (8, 8, 6))
EXPERT = ((24, REPLIES), (12, 10, 8), (10, 8, 8, 6), (14, 12, 10, 8), (10, 8, 8, 6, 6),
          (14, 12, 10, 8, 6), (10, 8, 8, 6, 6, 4), (14, 12, 10, 8, 6, 4))
INF = float("inf")
POOL = 2  # the expert's inner nodes: tile pairs scored one ply per answer kept
BLOCK = 2.0  # the expert's candidates: per square under an opponent's possible bridge
# tile pairs ranked between two pauses of a search: the opening's 4,950 pairs took 7–12 ms
# of CPython in one piece (three to four times that in the page, past 100 ms with the rest
# of a slice); each pause lets the page's slice end on time (no decision depends on it)
CHUNK = 800
SQUARES = 2  # the expert's inner nodes rank pairs among at most this × width squares
HOPE = 0.3  # weight of the points a colour could score against those it scores now
GROWTH = {1: 0.15, 2: 0.35, 3: 0.6}  # island chance of a live sandbank by size


def colour_of(state: PonteState, seat: int) -> int:
    """The colour ``seat`` plays (fixed once seat 1 has answered the opening)."""
    return seat ^ state.swapped


def growth(state: PonteState, an: Analysis, comp: int) -> float:
    """How likely formation ``comp`` becomes (or is) an island: 1 for an island, by size
    for a sandbank with a legal square to grow on, 0 for a dead sandbank.  A square grows
    it when a tile there joins it alone (no other formation next to the square) and Rule 2
    allows the tile (``PonteState._single`` for that case: the sandbank and the square
    touch no island, and a sandbank of 3 growing to an island touches no formation)."""
    size = an.size[comp]
    if size == 4:
        return 1.0
    touch, sizes, label = an.touch[comp], an.size, an.label
    if touch if size == 3 else any(sizes[c] == 4 for c in touch):
        return 0.0
    cells, blocked, n4, n8 = state.cells, state.blocked, state.bd.n4, state.bd.n8
    alone = n8 if size == 3 else n4  # the squares where no other formation may lie
    for x in an.cells[comp]:
        for p in n4[x]:
            if cells[p] or blocked[p]:
                continue
            for y in alone[p]:
                if label[y] >= 0 and label[y] != comp:
                    break
            else:
                if size == 3:
                    return GROWTH[3]
                for y in n8[p]:
                    if label[y] >= 0 and sizes[label[y]] == 4:
                        break
                else:
                    return GROWTH[size]
    return 0.0


def open_bridges(state: PonteState, colour: int
                 ) -> Generator[tuple[int, int, tuple[int, ...]], None, None]:
    """Bridges ``colour`` could build now between two of its formations (Rule 3), as
    (formation label, formation label, the squares under the bridge)."""
    code, cells, bearing, crossed = CODE[colour], state.cells, state.bearing, state.crossed
    an = state.analysis(colour)
    label, bridges = an.label, state.bd.bridges
    for found in an.cells:
        for a in found:
            if bearing[a]:
                continue
            own = label[a]
            for b, under, bid, _name in bridges[a]:
                if (cells[b] == code and label[b] != own and not bearing[b]
                        and bid not in crossed and not any(cells[u] for u in under)):
                    yield own, label[b], under


def potential_bridges(state: PonteState, colour: int) -> list[tuple[int, int]]:
    """Own tile pairs a bridge could join now (Rule 3), as formation labels."""
    return [(a, b) for a, b, _under in open_bridges(state, colour)]


def blockable(state: PonteState, colour: int) -> list[int]:
    """Free squares under a bridge ``colour`` could build now between two of its bridge
    groups (a tile there blocks it; once per bridge)."""
    an = state.analysis(colour)
    own = [(an.label[a], an.label[b]) for a, b, col in state.bridges if col == colour]
    group = [0] * len(an.size)
    for number, members in enumerate(_components(len(an.size), own)):
        for comp in members:
            group[comp] = number
    return [u for a, b, under in open_bridges(state, colour) if group[a] != group[b]
            for u in under]


def worth(state: PonteState, colour: int) -> float:
    """How good the position is for ``colour`` (see the module docstring)."""
    res = state.result()[colour]
    an = res["analysis"]
    grown = [growth(state, an, c) for c in range(len(an.size))]
    own = [(an.label[a], an.label[b]) for a, b, col in state.bridges if col == colour]
    hoped = 0.0
    for members in _components(len(an.size), own + potential_bridges(state, colour)):
        n = sum(grown[c] for c in members)
        hoped += n * (n + 1) / 2
    value = POINT * ((1 - HOPE) * res["points"] + HOPE * hoped)
    value += ISLAND * res["islands"] + BRIDGE * res["bridges"]
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
    cells, blocked, n4, label, size = state.cells, state.blocked, state.bd.n4, an.label, an.size
    scores = [0.0] * len(cells)
    for p in range(len(cells)):
        if cells[p] or blocked[p]:
            continue
        joined = {label[y] for y in n4[p]}
        joined.discard(-1)
        scores[p] = GROW.get(1 + sum(size[c] for c in joined), -1.0) if joined else GROW[1]
    return scores


class Squares:
    """What the ranking of tile pairs knows of each square for the mover: its score
    (``square``: what a tile there grows of the mover's plus half of what it takes from
    the opponent), its lift (``lift``: ``BLOCK`` per opponent's bridge it could block,
    with ``blocks``; ranking only) and a bit per own formation next to it (``near``)."""

    def __init__(self, state: PonteState, blocks: bool) -> None:
        colour = state.turn
        mine, theirs = square_scores(state, colour), square_scores(state, 1 - colour)
        self.square = [m + 0.5 * t for m, t in zip(mine, theirs, strict=True)]
        self.lift = [0.0] * len(self.square)
        if blocks:
            for u in blockable(state, 1 - colour):
                self.lift[u] += BLOCK
        self.n4 = n4 = state.bd.n4
        label = state.analysis(colour).label
        self.near = [0] * len(self.square)
        for p in range(len(self.square)):
            for y in n4[p]:
                if label[y] >= 0:
                    self.near[p] |= 1 << label[y]

    def rank(self, p: int) -> float:
        """A square's ranking score (its score plus its lift)."""
        return self.square[p] + self.lift[p]

    def pair(self, p: int, q: int) -> tuple[float, float]:
        """A tile pair's (ranking score, score): the squares' scores plus 1.5 when both
        tiles grow the same formation (or are neighbours), ranked with their lifts."""
        square = self.square
        score = square[p] + square[q]
        if q in self.n4[p] or self.near[p] & self.near[q]:
            score += 1.5
        return score + self.lift[p] + self.lift[q], score


def candidates(state: PonteState, limit: int, blocks: bool = False
               ) -> Generator[None, None, list[tuple[float, str]]]:
    """The best ``limit`` tile pairs with their square scores (growing own formations and
    taking squares the opponent needs), then every other kind of move (score 0).  With
    ``blocks`` (the expert's) a pair ranks ``BLOCK`` higher per square under a bridge the
    opponent could build between two of its groups (:func:`blockable`; its score stays
    the square scores).  Pauses after the engine's move list and every ``CHUNK`` pairs
    ranked."""
    legal = state.legal_moves()
    yield
    pairs = [m for m in legal if "," in m]
    others = [(0.0, m) for m in legal if "," not in m]
    squares, at = Squares(state, blocks), pair_squares(state.bd)
    yield
    ranked = []
    for count, move in enumerate(pairs, 1):
        ranked.append((*squares.pair(*at[move]), move))
        if count % CHUNK == 0:
            yield
    ranked.sort(key=itemgetter(0), reverse=True)  # stable: ties keep the engine's order
    return [(score, move) for _, score, move in ranked[:limit]] + others


def quick_candidates(state: PonteState, limit: int
                     ) -> Generator[None, None, list[tuple[float, str]]]:
    """The expert's :func:`candidates` (with ``blocks``) inside its tree, without the
    engine's list of every legal pair: the pairs are ranked among the best squares legal
    alone (``state._single``), growing that set until no pair with a square outside it
    can rank above the ``limit``-th found (its ranking score is about the best square's
    plus the next one's: the bonus is left out) or the set holds ``SQUARES`` × ``limit``
    squares (ties are many), each pair checked by the engine's Rule 2 test
    (``state._pair_error``); then every bridge.  Outside the play phase, with a limited
    supply, or with no legal pair among the squares (a pass may be legal), the full
    :func:`candidates`."""
    if state.phase not in ("play", "last-turn") or state.tiles_left is not None:
        return (yield from candidates(state, limit, True))
    cells, blocked = state.cells, state.blocked
    squares = Squares(state, True)
    rank = squares.rank
    free = sorted((p for p in range(len(cells)) if not cells[p] and not blocked[p]),
                  key=rank, reverse=True)
    an = state.analysis(state.turn)
    pair = state.bd.pair
    singles: list[tuple[int, tuple[set[int], int, set[int]]]] = []  # square, its _single
    found: dict[tuple[int, int], tuple[float, float, str]] = {}
    at, size = 0, limit + 4
    while True:
        while at < len(free) and len(singles) < size:
            p = free[at]
            at += 1
            err, joined, total, touched = state._single(p, an)
            if err is None:
                for q, sq in singles:
                    a, b = (p, q) if p < q else (q, p)
                    sa, sb = ((joined, total, touched), sq) if p < q else (sq, (joined, total,
                                                                                touched))
                    if state._pair_error(a, b, an, sa, sb) is None:
                        found[a, b] = (*squares.pair(a, b), pair[a][b])
                singles.append((p, (joined, total, touched)))
        ranked = sorted(found.values(), key=itemgetter(0), reverse=True)[:limit]
        rest = at < len(free)
        if not rest or size >= SQUARES * limit or (len(ranked) == limit and ranked[-1][0] >= (
                rank(singles[0][0]) + rank(free[at]))):
            break
        size *= 2
    yield
    if not ranked:
        return (yield from candidates(state, limit, True))
    return [(score, move) for _, score, move in ranked] + [
        (0.0, move) for move in state._bridge_moves()]


@cache
def pair_squares(bd: Board) -> dict[str, tuple[int, int]]:
    """The squares of every tile pair's move on ``bd`` (the engine's names, ``Board.pair``)."""
    return {name: (p, q) for p, row in enumerate(bd.pair) for q, name in enumerate(row) if name}


def search(state: State, seat: int, level: str, rng: random.Random,
           knowledge: float = 1.0, clock: Clock | None = None) -> Generator[None, None, str]:
    """The move for ``seat`` (see the levels above)."""
    assert isinstance(state, PonteState)
    limit, noise = LEVELS[level]
    memo = Memo() if level == "expert" else None
    weigh = memo.value if memo else value
    scored = []
    for hint, move in (yield from candidates(state, limit, level == "expert")):
        child = state.play(move)
        score = weigh(child, seat) + HINT * hint + rng.gauss(0, noise)
        scored.append((score, move, child, hint))
        yield
    scored.sort(key=lambda t: -t[0])
    if level in ("easy", "medium"):
        return scored[0][1]
    iterations = EXPERT if level == "expert" else HARD
    return (yield from deepened([entry[1:] for entry in scored], seat, iterations, clock,
                                memo))


class Memo:
    """The expert's memory over the searches of one move, by position: each position's
    value, each node's answers (:func:`answers`, with the width they were chosen for) and
    its best answer in the last search through it (searched first in the next), so that a
    deeper search does not weigh again what the searches before it weighed (about a
    quarter of the evaluations within one search are repeats too: pairs played in
    another order) and cuts sooner."""

    def __init__(self) -> None:
        self.values: dict[tuple, float] = {}
        self.answers: dict[tuple, tuple[int, list[tuple[float, PonteState]]]] = {}
        self.best: dict[tuple, str] = {}

    def value(self, state: PonteState, seat: int) -> float:
        """:func:`value`, weighed once a position."""
        key = (state._key(), seat)
        found = self.values.get(key)
        if found is None:
            found = self.values[key] = value(state, seat)
        return found


Ranked = list[tuple[str, PonteState, float]]  # (move, position after it, square score)


def deepened(ranked: Ranked, seat: int, iterations: tuple[tuple[int, ...], ...],
             clock: Clock | None, memo: Memo | None = None) -> Generator[None, None, str]:
    """The best of the ``ranked`` moves (best first) by alpha-beta over candidates, one
    search per entry of ``iterations`` (the candidate widths ply by ply, the root's
    first), each ordering the root for the next; when ``clock`` is out, the best so far
    (an unfinished search counts from its first move on, the previous best).  ``memo``:
    the expert's (:func:`line`)."""
    best = ranked[0][0]
    try:
        for widths in iterations:
            alpha, results = -INF, []
            for move, child, hint in ranked[:widths[0]]:
                v = yield from line(child, seat, hint, widths[1:], alpha, INF, clock, memo)
                results.append((v, (move, child, hint)))
                if v > alpha:
                    alpha, best = v, move
            results.sort(key=lambda t: -t[0])
            ranked = [entry for _, entry in results] + ranked[widths[0]:]
    except TimeUp:
        pass
    return best


def line(child: PonteState, seat: int, hint: float, widths: tuple[int, ...], alpha: float,
         beta: float, clock: Clock | None, memo: Memo | None = None
         ) -> Generator[None, None, float]:
    """The value for ``seat`` of ``child``, reached by its move with square score ``hint``:
    the evaluation (plus ``HINT`` times the hint) when ``widths`` is empty or the game
    over, else the best answer of the seat to move among its best ``widths[0]``
    candidates, searched on (fail-soft alpha-beta in the window of ``seat``).  With a
    ``memo`` (the expert's): where the search goes on below the answers, they are chosen
    and ordered by their one-ply scores (:func:`answers`) rather than by square scores,
    and values and answers already weighed in this move are taken from the memo."""
    if not widths or child.is_over():
        yield
        if clock:
            clock.check()
        return (memo.value if memo else value)(child, seat) + HINT * hint
    mover = child.current_player()
    turn = mover != seat
    lo, hi = (-beta, -alpha) if turn else (alpha, beta)
    best = -INF
    replies: Iterable[tuple[float, PonteState]]
    if memo and len(widths) > 1:
        replies = yield from answers(child, mover, widths[0], clock, memo)
        first = memo.best.get(child._key())
        if first is not None:  # the best answer of the search before first
            replies = sorted(replies, key=lambda reply: reply[1].moves[-1] != first)
    else:  # each answer played only when its turn comes (a cut-off spares the rest)
        ranked = yield from (quick_candidates(child, widths[0]) if memo
                             else candidates(child, widths[0]))
        replies = ((reply_hint, child.play(reply)) for reply_hint, reply in ranked)
    chosen = ""
    for reply_hint, after in replies:
        v = yield from line(after, mover, reply_hint, widths[1:], lo, hi, clock, memo)
        if v > best:
            best, lo, chosen = v, max(lo, v), after.moves[-1]
            if lo >= hi:
                break
    if memo and len(widths) > 1:
        memo.best[child._key()] = chosen
    return -best if turn else best


def answers(state: PonteState, mover: int, width: int, clock: Clock | None,
            memo: Memo | None = None) -> Generator[None, None, list[tuple[float, PonteState]]]:
    """The expert's best ``width`` moves for ``mover`` in ``state`` by their one-ply scores
    (the evaluation after the move plus ``HINT`` times its square score), best first, as
    (square score, position after it): chosen from the best ``POOL`` × ``width`` tile
    pairs by square score and every bridge, so that a bridge joining two groups or
    cutting the opponent's, or a pair closing an island, comes first whatever its squares
    score.  With a ``memo``, the best ``width`` of the answers already found for this
    position, if as many were kept."""
    key = (state._key(), mover)
    if memo and key in memo.answers and memo.answers[key][0] >= width:
        return memo.answers[key][1][:width]
    weigh = memo.value if memo else value
    scored = []
    for hint, move in (yield from quick_candidates(state, POOL * width)):
        after = state.play(move)
        scored.append((weigh(after, mover) + HINT * hint, hint, after))
        yield
        if clock:
            clock.check()
    scored.sort(key=lambda t: -t[0])
    best = [(hint, after) for _, hint, after in scored[:width]]
    if memo:
        memo.answers[key] = width, best
    return best
