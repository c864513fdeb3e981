"""Ponte del Diavolo: islands of four tiles joined by bridges.

Squares are named column letter + row number, ``a1`` bottom-left.  Moves:

- ``"a1,c3"`` places two own tiles (either order and spaces accepted; canonical: the square
  with the lower column first, on the same column the lower row first);
- ``"a1-c3"`` builds a bridge between two own tiles (same canonical order);
- ``"swap"`` — the second player takes the light tiles (Preparation);
- ``"pass"`` — only when two tiles cannot be placed (End).

Rules implemented (rule text sections in brackets):

- Preparation/Start: seat 0 places two light tiles.  Seat 1 then either answers ``swap``
  (seat 1 plays light from now on, seat 0 plays dark and moves next) or places two dark
  tiles (seat 0 stays light).  Colours are fixed to seats after that answer.
- Rule 1: a turn is two own tiles on free, unblocked squares, or one bridge.  A single
  tile is never a turn.
- Rule 2: formations are orthogonally connected tiles of one colour; an island has exactly
  four tiles, a sandbank one to three; five or more is illegal.  An island touches no other
  formation of its colour, not even diagonally; sandbanks may touch diagonally; colours
  ignore each other.  A pair of tiles is judged by the position after both are placed.
- Rule 3: a bridge joins two own tiles one space apart — orthogonally (a1-a3 lies over a2),
  diagonally (a1-c3 over b2) or knight-like (a1-b3 over a2 and b2: the squares its centre
  line passes through).  No tile may lie under it when built, and none may be placed
  there later.  A tile carries at most one bridge end.  Bridges of either colour never
  cross; crossing is decided by the segments between tile centres, so b1-d3 and c1-a3
  cross although they cover different squares, while parallel knight bridges over a shared
  square (a1-b3, b1-c3) do not.
- Decision: a bridge may join tiles of any formations (island or sandbank); the scoring
  example connects islands through a sandbank.
- End: ``pass`` is allowed only when two tiles cannot be placed (it also declines any
  bridge).  After light passes dark has exactly one more turn (any move, a pass included),
  then the game ends; when dark passes the game ends at once.  Since a player with no
  move at all must pass, the game always ends once neither side can act.
- Scoring: a group is a connected set of own formations joined by own bridges (sandbanks
  pass the connection on); a group with n islands scores n(n+1)/2, without a cap.  Ties:
  more islands, then more bridges, else a draw (both seats win).
- Options: ``size`` 10 (default) or 12; ``supply`` ``"unlimited"`` (default) or ``"box"``
  (40 light and 40 dark tiles, 15 bridges shared by both).  With the box supply a player
  with fewer than two tiles cannot place; with no bridge left nobody can build.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from insel.inputs import brief
from insel.refusal import Refusal, phrase
from insel.state import TERMINAL, Game, IllegalMove, State

LIGHT, DARK = 0, 1
CODE = (1, 2)  # cell value of a light / dark tile; 0 is an empty square
LETTER = ("L", "D")
BOX_TILES, BOX_BRIDGES = 40, 15
TOO_BIG, ISLAND_TOUCHES, TOUCHES_ISLAND = 1, 2, 3  # how a placement breaks Rule 2
_SQUARE = r"([a-z])([1-9][0-9]?)"
_MOVE = re.compile(rf"^{_SQUARE}\s*([,-])\s*{_SQUARE}$")
# bridge offsets (dc, dr): orthogonal, diagonal, knight-like
_OFFSETS = [(dc, dr) for dc in range(-2, 3) for dr in range(-2, 3)
            if max(abs(dc), abs(dr)) == 2 and (abs(dc), abs(dr)) not in ((1, 0), (0, 1))]


class Board:
    """Static tables for one board size: names, neighbours, bridge shapes, pair names.

    A square's index is ``column * size + row``, so index order is the canonical order.
    """

    def __init__(self, n: int) -> None:
        self.n = n
        nn = n * n
        self.names = [f"{chr(97 + i // n)}{i % n + 1}" for i in range(nn)]
        self.index = {name: i for i, name in enumerate(self.names)}
        self.n4: list[tuple[int, ...]] = []
        self.n8: list[tuple[int, ...]] = []
        for i in range(nn):
            c, r = divmod(i, n)
            near = [(c + dc, r + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if dc or dr]
            inside = [(x, y) for x, y in near if 0 <= x < n and 0 <= y < n]
            self.n8.append(tuple(x * n + y for x, y in inside))
            self.n4.append(tuple(x * n + y for x, y in inside if x == c or y == r))
        self.n8set = [frozenset(t) for t in self.n8]
        self.pair = [[f"{self.names[p]},{self.names[q]}" if q > p else "" for q in range(nn)]
                     for p in range(nn)]
        # bridges from each square to a higher index: (other end, squares under it, id, name)
        self.bridges: list[list[tuple[int, tuple[int, ...], int, str]]] = []
        self.shape: dict[int, tuple[int, ...]] = {}
        for a in range(nn):
            c, r = divmod(a, n)
            row = []
            for dc, dr in _OFFSETS:
                x, y = c + dc, r + dr
                b = x * n + y
                if 0 <= x < n and 0 <= y < n and b > a:
                    under = _under(c, r, x, y, n)
                    row.append((b, under, a * nn + b, f"{self.names[a]}-{self.names[b]}"))
                    self.shape[a * nn + b] = under
            self.bridges.append(row)
        self._crossing: dict[int, frozenset[int]] = {}

    def crossing(self, bid: int) -> frozenset[int]:
        """Ids of all bridges whose centre line properly crosses bridge ``bid`` (Rule 3)."""
        if bid not in self._crossing:
            n, nn = self.n, self.n * self.n
            a, b = divmod(bid, nn)
            seg = (divmod(a, n), divmod(b, n))
            lo_c, hi_c = min(seg[0][0], seg[1][0]) - 2, max(seg[0][0], seg[1][0]) + 2
            found = set()
            for x in range(max(lo_c, 0), min(hi_c, n - 1) + 1):
                for y in range(n):
                    for other, _under, oid, _name in self.bridges[x * n + y]:
                        if _cross(seg, ((x, y), divmod(other, n))):
                            found.add(oid)
            self._crossing[bid] = frozenset(found)
        return self._crossing[bid]


def _tiles(colour: int) -> dict:
    """"light tiles" or "dark tiles", to be worded in the page."""
    return phrase("ponte_tiles_dark") if colour == DARK else phrase("ponte_tiles_light")


def _rule2(breach: int) -> IllegalMove:
    """The refusal for a Rule 2 breach (TOO_BIG, ISLAND_TOUCHES or TOUCHES_ISLAND)."""
    if breach == TOO_BIG:
        return IllegalMove("ponte_rule2_too_big")
    if breach == ISLAND_TOUCHES:
        return IllegalMove("ponte_rule2_island_touches")
    return IllegalMove("ponte_rule2_touches_island")


def _under(c: int, r: int, x: int, y: int, n: int) -> tuple[int, ...]:
    """Squares under the bridge (c, r)-(x, y): the midpoint, or for a knight-like bridge the
    orthogonal neighbour of each end that is a diagonal neighbour of the other end."""
    if (x - c) % 2 == 0 and (y - r) % 2 == 0:
        return (((c + x) // 2) * n + (r + y) // 2,)
    if abs(x - c) == 1:  # the long leg runs along a column
        return tuple(sorted(col * n + (r + y) // 2 for col in (c, x)))
    return tuple(sorted(((c + x) // 2) * n + row for row in (r, y)))


def _orient(p: tuple[int, int], q: tuple[int, int], s: tuple[int, int]) -> int:
    v = (q[0] - p[0]) * (s[1] - p[1]) - (q[1] - p[1]) * (s[0] - p[0])
    return (v > 0) - (v < 0)


def _cross(s: tuple, t: tuple) -> bool:
    """True if segments s and t cross at a point inside both (a proper crossing)."""
    return (_orient(s[0], s[1], t[0]) * _orient(s[0], s[1], t[1]) < 0
            and _orient(t[0], t[1], s[0]) * _orient(t[0], t[1], s[1]) < 0)


_BOARDS: dict[int, Board] = {}


def board(n: int) -> Board:
    """The shared static tables for size ``n``."""
    if n not in _BOARDS:
        _BOARDS[n] = Board(n)
    return _BOARDS[n]


class Analysis:
    """Formations of one colour: a label per square, sizes, cells and diagonal contacts."""

    def __init__(self, cells: bytearray, code: int, bd: Board) -> None:
        nn = len(cells)
        label = [-1] * nn
        self.cells: list[list[int]] = []
        for start in range(nn):
            if cells[start] != code or label[start] >= 0:
                continue
            comp = len(self.cells)
            label[start] = comp
            todo, found = [start], [start]
            while todo:
                for y in bd.n4[todo.pop()]:
                    if cells[y] == code and label[y] < 0:
                        label[y] = comp
                        todo.append(y)
                        found.append(y)
            self.cells.append(found)
        self.label = label
        self.size = [len(f) for f in self.cells]
        self.touch: list[set[int]] = [set() for _ in self.cells]
        for comp, found in enumerate(self.cells):
            for x in found:
                for y in bd.n8[x]:
                    if label[y] >= 0 and label[y] != comp:
                        self.touch[comp].add(label[y])


def _components(count: int, edges: list[tuple[int, int]]) -> list[list[int]]:
    """Connected components of nodes ``0..count-1`` joined by ``edges`` (bridge groups)."""
    parent = list(range(count))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        parent[find(a)] = find(b)
    groups: dict[int, list[int]] = {}
    for node in range(count):
        groups.setdefault(find(node), []).append(node)
    return list(groups.values())


class PonteState(State):
    """A Ponte del Diavolo position (see the module docstring for rules and decisions)."""

    game_id = "ponte"

    def __init__(self, seed: int, options: dict[str, Any]) -> None:
        super().__init__(seed, options)
        n = options["size"]
        self.bd = board(n)
        self.cells = bytearray(n * n)  # 0 empty, 1 light, 2 dark
        self.blocked = bytearray(n * n)  # 1 under a bridge
        self.bearing = bytearray(n * n)  # 1 carries a bridge end
        self.bridges: tuple[tuple[int, int, int], ...] = ()  # (a, b, colour), a < b
        self.crossed: frozenset[int] = frozenset()  # bridge ids no longer buildable
        box = options["supply"] == "box"
        self.tiles_left = [BOX_TILES, BOX_TILES] if box else None
        self.bridges_left = BOX_BRIDGES if box else None
        self.swapped = False
        self.phase = "opening"  # opening, choose, play, last-turn, over
        self.turn = LIGHT
        self._forget()

    def _forget(self) -> None:
        self._legal: list[str] | None = None
        self._legal_set: frozenset[str] | None = None
        self._placeable = False
        self._analysis: dict[int, Analysis] = {}
        self._result: dict | None = None

    # --- contract -----------------------------------------------------------------
    def seat_of(self, colour: int) -> int:
        """The seat playing ``colour`` (fixed once seat 1 has answered the opening)."""
        return colour ^ self.swapped

    def current_player(self) -> int:
        return TERMINAL if self.phase == "over" else self.seat_of(self.turn)

    def _clone(self) -> PonteState:
        other = object.__new__(PonteState)
        other.__dict__.update(self.__dict__)
        other.cells = bytearray(self.cells)
        other.blocked = bytearray(self.blocked)
        other.bearing = bytearray(self.bearing)
        if self.tiles_left is not None:
            other.tiles_left = list(self.tiles_left)
        return other

    def _key(self) -> tuple:
        return (bytes(self.cells), tuple(sorted(self.bridges)), self.swapped, self.phase,
                self.turn, tuple(self.tiles_left or ()), self.bridges_left)

    def analysis(self, colour: int) -> Analysis:
        """Formations of ``colour`` in this position (cached)."""
        if colour not in self._analysis:
            self._analysis[colour] = Analysis(self.cells, CODE[colour], self.bd)
        return self._analysis[colour]

    def legal_moves(self) -> list[str]:
        if self._legal is None:
            moves = self._placements() if self.phase != "over" else []
            self._placeable = bool(moves)
            if self.phase != "over":
                moves += self._bridge_moves()
                if self.phase == "choose":
                    moves.append("swap")
                if not self._placeable and self.phase in ("play", "last-turn"):
                    moves.append("pass")
            self._legal = moves
            self._legal_set = frozenset(moves)
        return self._legal

    # --- Rule 2: which pairs of tiles may be placed --------------------------------
    def _single(self, p: int, an: Analysis) -> tuple[int | None, set[int], int, set[int]]:
        """Place one tile of the colour to move on ``p``: (Rule 2 breach or None, formations it
        joins, size of the new formation, other formations that new formation touches)."""
        label, size, n4 = an.label, an.size, self.bd.n4[p]
        joined = {label[y] for y in n4}
        joined.discard(-1)
        total = 1 + sum(size[c] for c in joined)
        near = {label[y] for y in self.bd.n8[p]}
        near.discard(-1)
        touched = near.union(*[an.touch[c] for c in joined]) - joined
        if total > 4:
            return TOO_BIG, joined, total, touched
        if total == 4 and touched:
            return ISLAND_TOUCHES, joined, total, touched
        if any(size[c] == 4 for c in touched):
            return TOUCHES_ISLAND, joined, total, touched
        return None, joined, total, touched

    def _pair_error(self, p: int, q: int, an: Analysis,
                    sp: tuple[set[int], int, set[int]], sq: tuple[set[int], int, set[int]]
                    ) -> int | None:
        """Rule 2 for two tiles each legal alone: judge the position after both (the
        breach, TOO_BIG, ISLAND_TOUCHES or TOUCHES_ISLAND, or None)."""
        joined_p, size_p, touched_p = sp
        joined_q, size_q, touched_q = sq
        if q in self.bd.n4[p] or not joined_p.isdisjoint(joined_q):
            merged = joined_p | joined_q
            total = 2 + sum(an.size[c] for c in merged)
            if total > 4:
                return TOO_BIG
            if total == 4 and (touched_p | touched_q) - merged:
                return ISLAND_TOUCHES
        elif (size_p == 4 or size_q == 4) and (
                q in self.bd.n8set[p] or touched_p & joined_q or touched_q & joined_p):
            return ISLAND_TOUCHES
        return None

    def _placements(self) -> list[str]:
        """All legal two-tile placements (Rule 1, 2, 3).  Legal pairs are pairs of squares
        legal on their own (a breach never heals by adding tiles), minus the few pairs that
        interact: tiles joining one formation, or an island meeting the other tile."""
        colour = self.turn
        if self.tiles_left is not None and self.tiles_left[colour] < 2:
            return []
        an = self.analysis(colour)
        bd, cells, blocked = self.bd, self.cells, self.blocked
        singles: dict[int, tuple[set[int], int, set[int]]] = {}
        for p in range(len(cells)):
            if not cells[p] and not blocked[p]:
                err, joined, total, touched = self._single(p, an)
                if err is None:
                    singles[p] = (joined, total, touched)
        bad: set[tuple[int, int]] = set()
        for p, sp in singles.items():
            joined_p, size_p, _ = sp
            formation = [p, *(x for c in joined_p for x in an.cells[c])]
            reach = bd.n8 if size_p == 4 else bd.n4
            for q in {y for x in formation for y in reach[x]}:
                if q in singles and q != p:
                    a, b = (p, q) if p < q else (q, p)
                    if (a, b) not in bad and self._pair_error(a, b, an, singles[a], singles[b]):
                        bad.add((a, b))
        order = sorted(singles)
        out: list[str] = []
        for i, p in enumerate(order):
            row = bd.pair[p]
            out.extend(row[q] for q in order[i + 1:] if (p, q) not in bad)
        return out

    def placement_error(self, p: int, q: int) -> IllegalMove | None:
        """Why tiles on ``p`` and ``q`` (p < q) are illegal for the player to move, or None."""
        for s in (p, q):
            if self.cells[s]:
                return IllegalMove("ponte_rule1_not_free", square=self.bd.names[s])
            if self.blocked[s]:
                return IllegalMove("ponte_rule3_blocked", square=self.bd.names[s])
        an = self.analysis(self.turn)
        single_p, single_q = self._single(p, an), self._single(q, an)
        breach = (single_p[0] or single_q[0]
                  or self._pair_error(p, q, an, single_p[1:], single_q[1:]))
        return _rule2(breach) if breach else None

    # --- Rule 3: bridges -----------------------------------------------------------
    def _bridge_moves(self) -> list[str]:
        if self.bridges_left == 0:
            return []
        code, cells, bearing, crossed = CODE[self.turn], self.cells, self.bearing, self.crossed
        out = []
        for a in range(len(cells)):
            if cells[a] != code or bearing[a]:
                continue
            for b, under, bid, name in self.bd.bridges[a]:
                if (cells[b] == code and not bearing[b] and bid not in crossed
                        and not any(cells[u] for u in under)):
                    out.append(name)
        return out

    def bridge_error(self, a: int, b: int) -> IllegalMove | None:
        """Why the player to move may not bridge ``a``-``b`` (a < b), or None."""
        nn = len(self.cells)
        bid = a * nn + b
        code = CODE[self.turn]
        if self.bridges_left == 0:
            return IllegalMove("ponte_supply_no_bridges")
        if self.cells[a] != code or self.cells[b] != code:
            return IllegalMove("ponte_rule3_own_tiles", tiles=_tiles(self.turn))
        if bid not in self.bd.shape:
            return IllegalMove("ponte_rule3_one_space")
        if self.bearing[a] or self.bearing[b]:
            return IllegalMove("ponte_rule3_one_end")
        if any(self.cells[u] for u in self.bd.shape[bid]):
            return IllegalMove("ponte_rule3_over_tile")
        if bid in self.crossed:
            return IllegalMove("ponte_rule3_crossing")
        return None

    def build_bridge(self, a: int, b: int, colour: int) -> None:
        """Put a bridge on the board (no checks; used by _apply and position set-up)."""
        nn = len(self.cells)
        bid = a * nn + b
        self.bearing[a] = self.bearing[b] = 1
        for u in self.bd.shape[bid]:
            self.blocked[u] = 1
        self.bridges += ((a, b, colour),)
        self.crossed = self.crossed | self.bd.crossing(bid)
        if self.bridges_left is not None:
            self.bridges_left -= 1

    # --- applying moves --------------------------------------------------------------
    def _apply(self, move: str) -> str:
        text = move.lower()
        legal = self._legal_set
        if text == "swap":
            if self.phase != "choose":
                raise IllegalMove("ponte_swap_only_first")
            self.swapped = True
            self.phase, self.turn = "play", DARK
        elif text == "pass":
            if self.legal_moves() and self._placeable:
                raise IllegalMove("ponte_pass_only_stuck")
            if self.phase == "play" and self.turn == LIGHT:
                self.phase, self.turn = "last-turn", DARK
            else:
                self.phase = "over"
        else:
            text = self._apply_tiles_or_bridge(text, legal)
            self._advance()
        self._forget()
        return text

    def _apply_tiles_or_bridge(self, text: str, legal: frozenset[str] | None) -> str:
        match = _MOVE.match(text)
        if not match:
            raise IllegalMove("ponte_unknown_move", move=brief(text))
        c1, r1, sep, c2, r2 = match.groups()
        idx = self.bd.index
        s1, s2 = idx.get(c1 + r1), idx.get(c2 + r2)
        if s1 is None or s2 is None:
            raise IllegalMove("ponte_off_board")
        if s1 == s2:
            raise IllegalMove("ponte_rule1_two_squares")
        p, q = min(s1, s2), max(s1, s2)
        colour = self.turn
        if sep == ",":
            canonical = self.bd.pair[p][q]
            if legal is None or canonical not in legal:
                if self.tiles_left is not None and self.tiles_left[colour] < 2:
                    raise IllegalMove("ponte_supply_no_tiles", tiles=_tiles(colour))
                err = self.placement_error(p, q)
                if err:
                    raise err
            self.cells[p] = self.cells[q] = CODE[colour]
            if self.tiles_left is not None:
                self.tiles_left[colour] -= 2
            return canonical
        canonical = f"{self.bd.names[p]}-{self.bd.names[q]}"
        if legal is None or canonical not in legal:
            err = self.bridge_error(p, q)
            if err:
                raise err
        self.build_bridge(p, q, colour)
        return canonical

    def _advance(self) -> None:
        """Whose turn after a placement or bridge (Preparation, Start, End)."""
        if self.phase == "opening":
            self.phase, self.turn = "choose", DARK
        elif self.phase == "choose":
            self.phase, self.turn = "play", LIGHT
        elif self.phase == "last-turn":
            self.phase = "over"
        else:
            self.turn ^= 1

    # --- scoring -----------------------------------------------------------------------
    def result(self) -> dict:
        """Per colour: formations, bridge groups, points, islands, bridges (Scoring)."""
        if self._result is None:
            out: dict[int, dict[str, Any]] = {}
            for colour in (LIGHT, DARK):
                an = self.analysis(colour)
                own = [(an.label[a], an.label[b]) for a, b, col in self.bridges
                       if col == colour]
                groups = _components(len(an.cells), own)
                scored: list[dict[str, Any]] = []
                for members in groups:
                    islands = sum(an.size[c] == 4 for c in members)
                    if islands:
                        scored.append({"formations": members, "islands": islands,
                                       "score": islands * (islands + 1) // 2})
                out[colour] = {"analysis": an, "groups": scored,
                               "points": sum(g["score"] for g in scored),
                               "islands": sum(s == 4 for s in an.size),
                               "bridges": len(own)}
            self._result = out
        return self._result

    def _ranking(self, colour: int) -> tuple[int, int, int]:
        r = self.result()[colour]
        return r["points"], r["islands"], r["bridges"]

    def scores(self) -> list:
        return [self.result()[self.seat_of(seat)]["points"] for seat in (0, 1)]

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        light, dark = self._ranking(LIGHT), self._ranking(DARK)
        if light == dark:
            return [0, 1]
        return [self.seat_of(LIGHT if light > dark else DARK)]

    def decided_by(self) -> str | None:
        """'points', 'islands', 'bridges' or 'draw' once over: which tie-break decided."""
        if self.phase != "over":
            return None
        for key, a, b in zip(("points", "islands", "bridges"), self._ranking(LIGHT),
                             self._ranking(DARK), strict=True):
            if a != b:
                return key
        return "draw"

    def view(self, seat: int | None = None) -> dict:
        names = self.bd.names
        res = self.result()
        formations: list[dict[str, Any]] = []
        groups: list[dict[str, Any]] = []
        score: dict[str, dict[str, Any]] = {}
        for colour in (LIGHT, DARK):
            an = res[colour]["analysis"]
            first = len(formations)
            for comp, found in enumerate(an.cells):
                formations.append({"colour": LETTER[colour],
                                   "squares": [names[x] for x in sorted(found)],
                                   "island": an.size[comp] == 4, "group": None})
            for g in res[colour]["groups"]:
                ids = [first + c for c in g["formations"]]
                for i in ids:
                    formations[i]["group"] = len(groups)
                groups.append({"colour": LETTER[colour], "formations": ids,
                               "islands": g["islands"], "score": g["score"]})
            score[LETTER[colour]] = {
                "points": res[colour]["points"], "islands": res[colour]["islands"],
                "bridges": res[colour]["bridges"],
                "groups": sorted((g["islands"] for g in res[colour]["groups"]), reverse=True)}
        legal = self.legal_moves()
        view = self.base_view()
        view.update({
            "size": self.bd.n,
            "columns": [chr(97 + c) for c in range(self.bd.n)],
            "phase": self.phase,
            "seat_colour": [LETTER[self.swapped ^ s] for s in (0, 1)],
            "to_move": None if self.phase == "over" else LETTER[self.turn],
            "cells": {names[i]: LETTER[v - 1] for i, v in enumerate(self.cells) if v},
            "bridges": [{"ends": [names[a], names[b]], "colour": LETTER[col],
                         "under": [names[u] for u in self.bd.shape[a * len(self.cells) + b]]}
                        for a, b, col in self.bridges],
            "blocked": [names[i] for i, v in enumerate(self.blocked) if v],
            "formations": formations,
            "groups": groups,
            "score": score,
            "supply": self.options["supply"],
            "tiles_left": None if self.tiles_left is None else dict(zip(LETTER, self.tiles_left,
                                                                        strict=True)),
            "bridges_left": self.bridges_left,
            "can_place": self._placeable,
            "can_bridge": any("-" in m for m in legal),
            "can_swap": "swap" in legal,
            "can_pass": "pass" in legal,
            "decided_by": self.decided_by(),
        })
        return view


class Ponte(Game):
    """Ponte del Diavolo for two players."""

    id = "ponte"
    title = "Ponte del Diavolo"
    defaults: ClassVar[dict[str, Any]] = {"size": 10, "supply": "unlimited"}

    def new(self, seed: int = 0, **options: Any) -> PonteState:
        opts = self.options(**options)
        if type(opts["size"]) is not int or opts["size"] not in (10, 12):
            raise Refusal("option_size", game="ponte", sizes="10, 12", value=brief(opts["size"]))
        if opts["supply"] not in ("unlimited", "box"):
            raise Refusal("ponte_option_supply", value=brief(opts["supply"]))
        return PonteState(seed, opts)


GAME = Ponte()
