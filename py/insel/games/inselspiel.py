"""Inselspiel (U. Sinogowitz and L. Collatz, 1940): a dice game of landing, marching and
fencing off capitals on an island road map.  Rule numbers refer to the "2. Fassung".

Options (JSON): ``map`` — ``"default"`` or ``{"generate": seed, "size": "small" | "medium"
| "large"}`` (see :mod:`insel.islandmaps`); ``players`` 2–6 (one colour per seat);
``teams`` — ``null`` (every seat for itself) or a list of lists of seats that partition the
seats into two or more parties, e.g. ``[[0, 2], [1, 3]]`` (crosswise, as the remarks on
rule 1 advise); three people playing as parties are four seats ``[[0, 2], [1, 3]]`` where
one person works two colours; ``stones`` — ``null`` (unlimited, the later text) or a cap on
each seat's stones on the island (the texts name 30 and 40); ``physical_dice`` — ``false``
(the engine throws the die: from the game's secret seed and the moves so far, see
``State.sample_chance``) or ``true`` (a class throws real dice and enters each throw as
``roll:n``; the option stays in the record, so a game with chosen throws says so).

A turn (rules 4, 6, 7)::

    decide:  "roll" | "pass"               (the seat may forgo its throw, rule 6)
    chance:  "roll:1" … "roll:6"           (the die; current_player() == CHANCE)
    move:    "p12>p40"                     move own stone p12 exactly die places to p40
             "land:p3>p17"                 land a new stone through port p3, ending on p17
                                           ("land:p3>p3" with a 1: the port is place one)
             "remove:p12"                  take an own stone off the island (rule 7)
             "pass"                        forgo the move after the throw (rule 6)

Decisions where the text is silent or loose (also in assets/rules/inselspiel.en.txt):

- Walks: exactly die places, any direction, no road used twice in one move (so no
  back-and-forth; a walk may go round a loop and pass a place twice); a walk that ends where
  it began is not a move.  Places passed may hold own stones and, in a team game, partners'
  stones (the variant the remarks prefer); any other stone blocks.  The end must be empty.
- Landing: the port is the first place counted; a port held by an enemy blocks it, a port
  held by oneself or a partner may be passed.  With a stone cap, landing needs a stone
  in hand; removing an own stone gives it back.
- Removing an own stone is the whole action of a turn, taken after the throw instead of a
  move (one stone per turn).  It is not a pass.
- Captures (rule 5): after a move, every hostile stone next to the end place whose every
  neighbour now holds a stone hostile to it is removed — all at once, before anything else.
  A port stone has one neighbour, so the port clause is this same rule.  Then, if the
  moved stone itself has hostile stones on every neighbour, the move is illegal.  Hence
  landing a 1 on a port whose inland neighbour is enclosed kills that neighbour and the
  lander survives (the exception in rule 5).  "Hostile" is any stone of another party; in a
  free-for-all a stone surrounded by two different enemies dies too.  Partners never are.
- The game ends when every seat has passed (before or after throwing) in succession.
- Landing ends inland ("landeinwärts", rule 4): a landing may not end on a port, except
  on its own port with a 1 (the only way a landing occupies a port, as the text's
  "Erläuterungen" say).  A walk from a port that comes back to the shore at another port
  is refused; an ordinary move may still end on a port.
- Scoring (rule 8), for a party P with stones W: the enemy reach A is every place that can be
  reached from an enemy stone, or from a port P does not hold, through places not in W.
  Rule 8 counts a capital the opponents can neither occupy nor hold, and rule 5 kills a
  stone only when every neighbour holds an enemy; so one function (``held``) decides: a
  capital counts for P when it is empty and not in A (its region is closed by P's
  stones), or when P's stone stands on it and at least one neighbour is not in A — a P
  stone there (a partner's too: "two stones side by side cannot be killed") or an empty
  place walled off from every enemy, which no enemy can ever fill.  Most capitals wins;
  ties share the win; every seat of a party scores the party's count.
"""

from __future__ import annotations

from typing import Any, ClassVar

from insel.inputs import brief
from insel.islandmaps import IslandMap, map_for_option
from insel.refusal import Phrase, Refusal, phrase
from insel.state import CHANCE, TERMINAL, Game, IllegalMove, State

DIE = 6
DECIDE, ROLLING, MOVING = 0, 1, 2
PHASES = ("decide", "roll", "move")
COLOURS = ("red", "blue", "yellow", "green", "white", "black")
ROLLS = [f"roll:{n}" for n in range(1, DIE + 1)]


def _step(phase: int) -> Phrase:
    """The step a turn is at (``PHASES[phase]``), to be worded in the page."""
    if phase == DECIDE:
        return phrase("insel_step_decide")
    return phrase("insel_step_roll") if phase == ROLLING else phrase("insel_step_move")


class InselState(State):
    """A position: stones per place, whose turn, the phase of the turn and the die."""

    game_id = "inselspiel"

    def __init__(self, seed: int, options: dict[str, Any], island: IslandMap,
                 team_of: tuple[int, ...]) -> None:
        super().__init__(seed, options)
        self.island = island
        self.team_of = team_of
        self.board = [-1] * len(island)          # seat per place, -1 empty
        self.team_mask = [0] * (max(team_of) + 1)  # bitmask of each party's stones
        self.phase = DECIDE
        self.to_move = 0
        self.die = 0
        self.passes = 0
        self.captured: tuple[tuple[int, int], ...] = ()
        self._legal: list[str] | None = None
        self._territory: tuple[list[int], dict[int, int]] | None = None

    # --- contract ---------------------------------------------------------------------
    def current_player(self) -> int:
        if self.passes >= self.num_players:
            return TERMINAL
        return CHANCE if self.phase == ROLLING else self.to_move

    def legal_moves(self) -> list[str]:
        if self._legal is None:
            player = self.current_player()
            if player == TERMINAL:
                self._legal = []
            elif player == CHANCE:
                self._legal = list(ROLLS)
            elif self.phase == DECIDE:
                self._legal = ["roll", "pass"]
            else:
                self._legal = self._actions()
        return list(self._legal)

    def _clone(self) -> InselState:
        twin = object.__new__(InselState)
        twin.__dict__.update(self.__dict__)
        twin.board = list(self.board)
        twin.team_mask = list(self.team_mask)
        return twin  # keeps the cached legal moves: _apply checks against them, then drops them

    def _key(self) -> tuple:
        return (tuple(self.board), self.phase, self.to_move, self.die, self.passes)

    def scores(self) -> list[int]:
        counts, _ = self.territory()
        return [counts[t] for t in self.team_of]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        scores = self.scores()
        return [seat for seat, s in enumerate(scores) if s == max(scores)]

    # --- rules ------------------------------------------------------------------------
    def _hostile_to(self, team: int) -> int:
        """Stones hostile to ``team``: every stone of another party."""
        return sum(self.team_mask) & ~self.team_mask[team]

    def _settle(self, seat: int, origin: int, end: int) -> list[int] | None:
        """Places captured if ``seat``'s stone goes from ``origin`` (-1: landing) to the
        empty ``end``; None when the moved stone would itself be enclosed (rule 5)."""
        island, board, team_of = self.island, self.board, self.team_of
        masks = list(self.team_mask)
        team = team_of[seat]
        if origin >= 0:
            masks[team] &= ~(1 << origin)
        masks[team] |= 1 << end
        occupied = sum(masks)
        captured = []
        for v in island.neighbours[end]:
            owner = board[v]
            if owner >= 0 and team_of[owner] != team:
                enemy = occupied & ~masks[team_of[owner]]
                if island.neighbour_mask[v] & ~enemy == 0:
                    captured.append(v)
        for v in captured:
            occupied &= ~(1 << v)
        if island.neighbour_mask[end] & ~(occupied & ~masks[team]) == 0:
            return None
        return captured

    def _targets(self, start: int, landing: bool) -> list[int]:
        """End places of legal walks of the die's length (rule 4), ascending.

        ``start`` is the stone's place, or for a landing the port (which counts as place 1).
        """
        team = self.team_of[self.to_move]
        hostile = self._hostile_to(team)
        occupied = sum(self.team_mask)
        if landing:
            if hostile >> start & 1:
                return []
            if self.die == 1:
                walks: tuple[tuple[int, int], ...] = ((start, 0),)
            else:
                walks = tuple((e, p | 1 << start)
                              for e, p in self.island.walks(start, self.die - 1))
        else:
            walks = self.island.walks(start, self.die)
        shore = self.island.port_mask & ~(1 << start) if landing else 0
        ends = sorted({e for e, passed in walks
                       if not (occupied | shore) >> e & 1 and not passed & hostile})
        origin = -1 if landing else start
        return [e for e in ends if self._settle(self.to_move, origin, e) is not None]

    def chance_by_hand(self) -> bool:
        return self.options["physical_dice"]

    def _may_land(self) -> bool:
        cap = self.options["stones"]
        return cap is None or self.board.count(self.to_move) < cap

    def _actions(self) -> list[str]:
        ids, seat = self.island.ids, self.to_move
        own = [v for v, owner in enumerate(self.board) if owner == seat]
        moves = [f"{ids[o]}>{ids[e]}" for o in own for e in self._targets(o, False)]
        if self._may_land():
            moves += [f"land:{ids[p]}>{ids[e]}" for p in self.island.ports
                      for e in self._targets(p, True)]
        moves += [f"remove:{ids[v]}" for v in own]
        return [*moves, "pass"]

    def _place(self, name: str) -> int:
        index = self.island.index.get(name)
        if index is None:
            raise IllegalMove("insel_no_place", name=brief(name))
        return index

    def _apply(self, move: str) -> str:
        if move not in self.legal_moves():
            raise self._why_illegal(move)
        self._legal = self._territory = None
        if move.startswith("roll:"):
            self.die, self.phase = int(move[5:]), MOVING
            return move
        if move == "roll":
            self.phase = ROLLING
            return move
        self.captured = ()
        if move == "pass":
            self.passes += 1
        elif move.startswith("remove:"):
            place = self._place(move[7:])
            self.board[place] = -1
            self.team_mask[self.team_of[self.to_move]] &= ~(1 << place)
            self.passes = 0
        else:
            self._march(move)
            self.passes = 0
        self.phase, self.die = DECIDE, 0
        self.to_move = (self.to_move + 1) % self.num_players
        return move

    def _march(self, move: str) -> None:
        """Carry out a legal move or landing and its captures."""
        start, end = move.removeprefix("land:").split(">")
        origin = -1 if move.startswith("land:") else self._place(start)
        dest, seat = self._place(end), self.to_move
        captured = self._settle(seat, origin, dest) or []
        team = self.team_of[seat]
        if origin >= 0:
            self.board[origin] = -1
            self.team_mask[team] &= ~(1 << origin)
        self.board[dest] = seat
        self.team_mask[team] |= 1 << dest
        self.captured = tuple((v, self.board[v]) for v in captured)
        for v in captured:
            self.team_mask[self.team_of[self.board[v]]] &= ~(1 << v)
            self.board[v] = -1

    def _why_illegal(self, move: str) -> IllegalMove:
        """The refusal naming the rule a move breaks (the move is known not to be legal)."""
        if self.phase != MOVING or move in ROLLS or move == "roll":
            return IllegalMove("insel_not_now", move=brief(move), step=_step(self.phase))
        kind, _, rest = move.partition(":")
        if kind == "remove" and rest:
            return IllegalMove("insel_rule7_own_stones", place=brief(rest))
        start, sep, end = (rest if kind == "land" else move).partition(">")
        if not sep or kind not in ("land", move):
            return IllegalMove("insel_not_move", move=brief(move))
        origin, dest = self._place(start), self._place(end)
        if kind == "land" and self.island.kinds[origin] != "port":
            return IllegalMove("insel_rule4_port", place=start)
        if kind == "land" and not self._may_land():
            return IllegalMove("insel_no_stone_in_hand")
        if kind != "land" and self.board[origin] != self.to_move:
            return IllegalMove("insel_rule4_no_stone", place=start)
        if self.board[dest] >= 0:
            return IllegalMove("insel_rule4_not_empty", place=end)
        if kind == "land" and dest != origin and self.island.kinds[dest] == "port":
            return IllegalMove("insel_rule4_land_port", place=end)
        if kind == "land":
            reach = self.die - 1
            walks = () if reach == 0 else self.island.walks(origin, reach)
            if (reach == 0 and dest != origin) or (reach and all(e != dest for e, _ in walks)):
                return IllegalMove("insel_rule4_inland", place=end, die=self.die, port=start)
        elif all(e != dest for e, _ in self.island.walks(origin, self.die)):
            return IllegalMove("insel_rule4_walk", die=self.die, start=start, end=end)
        landing = kind == "land"
        if dest not in self._targets(origin, landing) and self._settle(
                self.to_move, -1 if landing else origin, dest) is None:
            return IllegalMove("insel_rule5_enclosed", place=end)
        return IllegalMove("insel_rule4_blocked", start=start, end=end)

    # --- territory (rule 8) -----------------------------------------------------------
    def _reach(self, team: int) -> int:
        """Enemy reach A of ``team`` as a bitmask (see the module docstring): the places an
        enemy stone or a port not held by ``team`` can walk to through places free of
        ``team``'s stones, the parts of the map without them that hold such a seed."""
        own = self.team_mask[team]
        seeds = (sum(self.team_mask) | self.island.port_mask) & ~own
        reach = 0
        for part in self.island.parts(own):
            if part & seeds:
                reach |= part
        return reach

    def territory(self) -> tuple[list[int], dict[int, int]]:
        """(capitals counting per party, capital place → party it counts for)."""
        if self._territory is None:
            island = self.island
            owner: dict[int, int] = {}
            for team in range(len(self.team_mask)):
                reach = self._reach(team)
                for c in island.capitals:
                    if held(self, c, team, reach):
                        owner[c] = team
            counts = [0] * len(self.team_mask)
            for team in owner.values():
                counts[team] += 1
            self._territory = (counts, owner)
        return self._territory

    def view(self, seat: int | None = None) -> dict:
        """Everything a canvas needs; nothing is hidden in this game."""
        ids = self.island.ids
        counts, owner = self.territory()
        teams = [[s for s, t in enumerate(self.team_of) if t == team]
                 for team in range(len(self.team_mask))]
        cap = self.options["stones"]
        on_board = [self.board.count(s) for s in range(self.num_players)]
        return {
            **self.base_view(),
            "map": self.island.view(),
            "stones": {ids[v]: s for v, s in enumerate(self.board) if s >= 0},
            "phase": "over" if self.is_over() else PHASES[self.phase],
            "to_move": self.to_move,
            "die": self.die or None,
            "teams": teams,
            "team_of": list(self.team_of),
            "colours": list(COLOURS[: self.num_players]),
            "stone_limit": cap,
            "on_board": on_board,
            "in_hand": [None if cap is None else cap - n for n in on_board],
            "passes": self.passes,
            "captured": [[ids[v], s] for v, s in self.captured],
            "territory": {ids[c]: t for c, t in sorted(owner.items())},
            "team_scores": counts,
        }


def held(state: InselState, capital: int, team: int, reach: int) -> bool:
    """Rule 8: whether ``capital`` counts for ``team``, given its enemy reach (a bitmask).

    Empty: when no enemy can reach it.  Occupied by ``team``: when one of its neighbours
    is out of the enemy's reach (an own or partner stone, or a walled-off empty place), so
    that the stone can never be enclosed (rule 5).  Occupied by another party: never.
    """
    seat = state.board[capital]
    if seat < 0:
        return not reach >> capital & 1
    return (state.team_of[seat] == team
            and state.island.neighbour_mask[capital] & ~reach != 0)


class Inselspiel(Game):
    id = "inselspiel"
    title = "Inselspiel"
    chance = "explicit"  # the die, a chance move in the record
    min_players = 2
    max_players = 6
    defaults: ClassVar[dict[str, Any]] = {
        "map": "default", "players": 2, "teams": None, "stones": None, "physical_dice": False}

    def new(self, seed: int = 0, **options: Any) -> InselState:
        opts = self.options(**options)
        players = opts["players"]
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
            raise Refusal("option_players", game="inselspiel", low=2, high=6, value=brief(players))
        cap = opts["stones"]
        if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool)
                                or not 1 <= cap <= 200):
            raise Refusal("insel_option_stones", value=brief(cap))
        if not isinstance(opts["physical_dice"], bool):
            raise Refusal("option_true_false", game="inselspiel", name="physical_dice")
        team_of = parties(opts["teams"], players)
        return InselState(seed, opts, map_for_option(opts["map"]), team_of)


def parties(teams: Any, players: int) -> tuple[int, ...]:
    """Party index of each seat from the ``teams`` option (ValueError if malformed)."""
    if teams is None:
        return tuple(range(players))
    seats = [s for team in teams for s in team] if isinstance(teams, list) and all(
        isinstance(team, list) and team for team in teams) else None
    if seats is None or sorted(map(str, seats)) != sorted(map(str, range(players))) or len(
            teams) < 2 or not all(isinstance(s, int) for s in seats):
        raise Refusal("insel_option_teams", example="[[0, 2], [1, 3]]")
    party = {s: t for t, team in enumerate(teams) for s in team}
    return tuple(party[s] for s in range(players))


GAME = Inselspiel()
