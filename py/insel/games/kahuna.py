"""Kahuna: two players build bridges between 12 islands with island cards, over three rounds.

Board (islands, 27 lines, layout) in :mod:`insel.games.kahuna_board`.  Seat 0 is the
non-dealer and starts.  A turn is a sequence of single ACTIONS by the same seat; the seat
to move changes only when the turn ends with a take.

Move notation (island names as on the board, ALOA … LALE; a line is its two islands in
alphabetical order joined by "-"; input is case-insensitive and line ends may come in any
order, the record keeps the canonical form):

``HUNA:ELAI-HUNA``
    Play one HUNA card, place a bridge on the free line ELAI–HUNA (the card's island must
    be an end of the line).
``ELAI+HUNA:x:ELAI-HUNA`` / ``HUNA+HUNA:x:DUDA-HUNA``
    Play a pair to remove an opponent bridge: one card for each end of the line, or two
    cards of one end.  The two cards are written in alphabetical order.
``discard:HUNA``
    Discard a card face down (secret: the other seat's views and public record show
    ``discard`` without the card).
``take:ELAI`` / ``take:pile`` / ``take:none``
    End the turn taking a face-up card, the top of the pile, or no card.

Decisions where the rule text is silent or ambiguous (also in assets/rules/kahuna.en.txt):

- Deal: 3 cards each and 3 face up from a seeded shuffle; seat 0 (the non-dealer) starts.
- Plays, pair removals and discards may be mixed in any order within a turn.
- A pair removal is one action.  Afterwards the player may place bridges with further cards
  as usual, on any free line (the freed line included); nothing is reserved.
- A removed bridge (by a pair or by control) returns to its owner's supply; if its owner
  thereby drops to half or less of an end island's lines, the owner's stone there is
  removed and returned.  Nothing further follows (the cascade is one step deep).
- Control is checked at both ends of every newly placed bridge: more than half of the
  island's lines and no own stone there -> place a stone and remove all opponent bridges at
  that island.  With no stone left in supply nothing happens (no stone, no removals).
- With no bridge left in supply a player cannot play single cards; pairs still work.
- A face-up card taken is replaced from the pile while the pile lasts.  Taking is refused
  with 5 cards in hand (discard or play first).  ``take:none`` is refused when the opponent
  ended the previous turn with ``take:none``.
- The round ends when the last card (pile and face-up cards) is taken.  Rounds 1 and 2
  score 1 and 2 points for more stones.  Hands are kept; the discards are shuffled from
  the seed into a new pile, three go face up, the next seat continues.
- After round 3's last card, each seat plays one extra turn (next seat first), ending it
  with ``take:none``; then round 3 scores the difference in stones.
- Early end: after every action in rounds 2 and 3 (including the moment round 2 starts), a
  seat with no bridge on the board loses.  If neither seat has a bridge, the game ends and
  is decided as at the regular end.
- Winner: most points; tie -> most round-3 points; tie -> most bridges on the board; else a
  draw.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from insel.games.kahuna_board import (
    DEGREE,
    INDEX,
    ISLANDS,
    LINE_INDEX,
    LINE_NAMES,
    LINES,
    LINES_AT,
    POSITIONS,
    line_name,
)
from insel.inputs import brief
from insel.state import TERMINAL, Game, IllegalMove, State

BRIDGES = 25
STONES = 10
HAND_LIMIT = 5
ROUNDS = 3


def _island(name: str) -> int:
    """Index of an island name; IllegalMove if it names no island."""
    if name not in INDEX:
        raise IllegalMove("kahuna_not_island", name=brief(name))
    return INDEX[name]


def _line(text: str) -> int:
    """Index of a line written "A-B" in either order; IllegalMove if there is none."""
    ends = text.split("-")
    if len(ends) != 2:
        raise IllegalMove("kahuna_not_line", text=brief(text))
    a, b = _island(ends[0]), _island(ends[1])
    name = line_name(a, b)
    if name not in LINE_INDEX:
        raise IllegalMove("kahuna_no_line_between", a=ISLANDS[a], b=ISLANDS[b])
    return LINE_INDEX[name]



def removal_pairs(li: int) -> tuple[tuple[int, int], ...]:
    """The card pairs that remove the bridge on line ``li`` (Removal of a bridge)."""
    a, b = LINES[li]
    return ((a, a), (a, b), (b, b))


def holds_pair(hand: list[int], x: int, y: int) -> bool:
    """Whether ``hand`` (counts per card) holds the cards ``x`` and ``y`` (two of ``x`` if
    they are the same island)."""
    return hand[x] >= 2 if x == y else hand[x] >= 1 and hand[y] >= 1


# Every action's string, made once (legal_moves is the playouts' hot path): per card its
# (line, placement) pairs; per line its (card, card, removal) triples; discards; takes.
PLACE_MOVES = [[(li, f"{ISLANDS[card]}:{LINE_NAMES[li]}") for li in LINES_AT[card]]
               for card in range(len(ISLANDS))]
REMOVE_MOVES = [[(x, y, f"{ISLANDS[x]}+{ISLANDS[y]}:x:{LINE_NAMES[li]}")
                 for x, y in removal_pairs(li)] for li in range(len(LINES))]
DISCARD_MOVES = [f"discard:{name}" for name in ISLANDS]
TAKE_MOVES = [f"take:{name}" for name in ISLANDS]

class KahunaState(State):
    """A Kahuna position: bridges, stones, cards, supplies, round and turn bookkeeping."""

    game_id = "kahuna"

    def __init__(self, seed: int, options: dict[str, Any]) -> None:
        super().__init__(seed, options)
        self.lines = [-1] * len(LINES)  # owner seat or -1
        self.stones = [-1] * len(ISLANDS)
        self.count = [[0] * len(ISLANDS), [0] * len(ISLANDS)]  # bridges per seat per island
        self.hands = [[0] * len(ISLANDS), [0] * len(ISLANDS)]  # cards per island
        self.discards = [0] * len(ISLANDS)
        self.played = [0] * len(ISLANDS)  # cards played face up onto the discards this round
        self.pile: list[int] = []  # top card last
        self.display: list[int] = []
        self.bridges_left = [BRIDGES, BRIDGES]
        self.stones_left = [STONES, STONES]
        self.round = 1
        self.round_points: list[list[int] | None] = [None] * ROUNDS
        self.player = 0
        self.phase = "play"  # "play", "extra" (round 3's extra turns) or "over"
        self.took_none = False  # the previous turn ended without a take
        self.extra_left = 0
        self.end_reason: str | None = None
        self.turn_log: list[str] = []
        self.prev_turn: tuple[int, list[str]] | None = None
        self._legal: list[str] | None = None

    # --- set-up ---------------------------------------------------------------------
    def _deal(self) -> None:
        """Shuffle the 24 cards from the seed: 3 to each hand, 3 face up, the rest the pile."""
        cards = [i for i in range(len(ISLANDS)) for _ in range(2)]
        random.Random(f"kahuna:{self.seed}:deal").shuffle(cards)
        for seat in (0, 1):
            for _ in range(3):
                self.hands[seat][cards.pop()] += 1
        self.pile = cards
        self._turn_up()

    def _turn_up(self) -> None:
        self.display = [self.pile.pop() for _ in range(min(3, len(self.pile)))]

    @classmethod
    def from_view(cls, view: dict, hands: list[list[int]], pile: list[int],
                  discards: list[int], seed: int) -> KahunaState:
        """A state showing ``view`` with the hidden cards filled in (for an AI's sampled
        worlds): ``hands`` and ``discards`` count cards per island, ``pile`` is top-last,
        ``seed`` drives later reshuffles.  The move history is not rebuilt."""
        state = cls(seed, view["options"])
        state.lines = [line["owner"] for line in view["lines"]]
        state.stones = [island["stone"] for island in view["islands"]]
        state.count = [[island["bridges"][s] for island in view["islands"]] for s in (0, 1)]
        state.hands = [list(hands[0]), list(hands[1])]
        state.discards, state.pile = list(discards), list(pile)
        state.played = [0] * len(ISLANDS)
        for name in view["played"]:
            state.played[INDEX[name]] += 1
        state.display = [INDEX[name] for name in view["display"]]
        state.bridges_left, state.stones_left = view["bridges_left"][:], view["stones_left"][:]
        state.round, state.phase = view["round"], view["phase"]
        state.round_points = [list(p) if p else None for p in view["round_points"]]
        state.player = view["current"] if view["current"] >= 0 else 0
        state.took_none, state.extra_left = view["must_take"], view["extra_turns_left"]
        state.end_reason = view["end_reason"]
        state.turn_log = list(view["turn_actions"])
        previous = view["previous_turn"]
        state.prev_turn = None if previous is None else (previous["seat"],
                                                         list(previous["actions"]))
        return state

    # --- contract -------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.phase == "over" else self.player

    def legal_moves(self) -> list[str]:
        if self._legal is None:
            self._legal = [] if self.phase == "over" else self._actions()
        return list(self._legal)

    def _actions(self) -> list[str]:
        me, hand = self.player, self.hands[self.player]
        moves = []
        if self.bridges_left[me]:
            for card, count in enumerate(hand):
                if count:
                    moves += [move for li, move in PLACE_MOVES[card] if self.lines[li] < 0]
        for li, owner in enumerate(self.lines):
            if owner == 1 - me and (hand[LINES[li][0]] or hand[LINES[li][1]]):
                moves += [move for x, y, move in REMOVE_MOVES[li] if holds_pair(hand, x, y)]
        moves += [DISCARD_MOVES[c] for c, count in enumerate(hand) if count]
        if self.phase == "play" and sum(hand) < HAND_LIMIT:
            moves += [TAKE_MOVES[c] for c in sorted(set(self.display))]
            if self.pile:
                moves.append("take:pile")
        if not (self.phase == "play" and self.took_none):
            moves.append("take:none")
        return moves

    def _apply(self, move: str) -> str:
        self._legal = None
        parts = move.split(":")
        head = parts[0].lower()
        if len(parts) == 2 and head == "discard":
            canonical = self._discard(_island(parts[1].upper()))
        elif len(parts) == 2 and head == "take":
            canonical = self._take(parts[1].upper())
        elif len(parts) == 2:
            canonical = self._place(_island(parts[0].upper()), _line(parts[1].upper()))
        elif len(parts) == 3 and parts[1].lower() == "x":
            canonical = self._remove(parts[0].upper(), _line(parts[2].upper()))
        else:
            raise IllegalMove("kahuna_not_action", move=brief(move))
        if not canonical.startswith("take:"):
            self.turn_log.append(canonical)
        self._check_early_end()
        return canonical

    # --- actions --------------------------------------------------------------------
    def _spend(self, card: int) -> None:
        """Move one card from the mover's hand to the discards (played or discarded)."""
        if not self.hands[self.player][card]:
            raise IllegalMove("kahuna_card_not_held", card=ISLANDS[card])
        self.hands[self.player][card] -= 1
        self.discards[card] += 1

    def _discard(self, card: int) -> str:
        self._spend(card)
        return f"discard:{ISLANDS[card]}"

    def _place(self, card: int, li: int) -> str:
        """One card: a bridge on a free line touching the card's island; then control."""
        me = self.player
        if card not in LINES[li]:
            raise IllegalMove("kahuna_line_not_at_card", card=ISLANDS[card], line=LINE_NAMES[li])
        if self.lines[li] >= 0:
            raise IllegalMove("kahuna_line_taken", line=LINE_NAMES[li])
        if not self.bridges_left[me]:
            raise IllegalMove("kahuna_no_bridge_left")
        self._spend(card)
        self.played[card] += 1
        self.lines[li] = me
        self.bridges_left[me] -= 1
        for end in LINES[li]:
            self.count[me][end] += 1
        for end in LINES[li]:
            self._control(me, end)
        return f"{ISLANDS[card]}:{LINE_NAMES[li]}"

    def _remove(self, pair: str, li: int) -> str:
        """A pair of cards naming only the line's ends removes the opponent's bridge."""
        cards = pair.split("+")
        if len(cards) != 2:
            raise IllegalMove("kahuna_removal_two_cards", cards=brief(pair))
        x, y = sorted(_island(c) for c in cards)
        if (x, y) not in removal_pairs(li):
            raise IllegalMove("kahuna_removal_wrong_cards", line=LINE_NAMES[li])
        if self.lines[li] != 1 - self.player:
            raise IllegalMove("kahuna_removal_no_bridge", line=LINE_NAMES[li])
        if not holds_pair(self.hands[self.player], x, y):
            raise IllegalMove("kahuna_pair_not_held", a=ISLANDS[x], b=ISLANDS[y])
        for card in (x, y):
            self._spend(card)
            self.played[card] += 1
        self._drop_bridge(li)
        return f"{ISLANDS[x]}+{ISLANDS[y]}:x:{LINE_NAMES[li]}"

    def _drop_bridge(self, li: int) -> None:
        """Remove a bridge to its owner's supply; the owner loses stones no longer held."""
        owner = self.lines[li]
        self.lines[li] = -1
        self.bridges_left[owner] += 1
        for end in LINES[li]:
            self.count[owner][end] -= 1
            if self.stones[end] == owner and 2 * self.count[owner][end] <= DEGREE[end]:
                self.stones[end] = -1
                self.stones_left[owner] += 1

    def _control(self, seat: int, island: int) -> None:
        """Majority at ``island``: place a stone, remove all opponent bridges there."""
        if (self.stones[island] == seat or 2 * self.count[seat][island] <= DEGREE[island]
                or not self.stones_left[seat]):
            return
        self.stones[island] = seat
        self.stones_left[seat] -= 1
        for li in LINES_AT[island]:
            if self.lines[li] == 1 - seat:
                self._drop_bridge(li)

    def _take(self, what: str) -> str:
        """End the turn: take a face-up card, the pile's top card, or none."""
        hand = self.hands[self.player]
        if what == "NONE":
            if self.phase == "play" and self.took_none:
                raise IllegalMove("kahuna_must_take")
            return self._end_turn("take:none")
        if self.phase != "play":
            raise IllegalMove("kahuna_extra_turn_no_take")
        if sum(hand) >= HAND_LIMIT:
            raise IllegalMove("kahuna_hand_full", limit=HAND_LIMIT)
        if what == "PILE":
            if not self.pile:
                raise IllegalMove("kahuna_pile_empty")
            hand[self.pile.pop()] += 1
            return self._end_turn("take:pile")
        card = _island(what)
        if card not in self.display:
            raise IllegalMove("kahuna_card_not_face_up", card=ISLANDS[card])
        slot = self.display.index(card)
        if self.pile:
            self.display[slot] = self.pile.pop()
        else:
            del self.display[slot]
        hand[card] += 1
        return self._end_turn(f"take:{ISLANDS[card]}")

    # --- turns, rounds, end -----------------------------------------------------------
    def _end_turn(self, action: str) -> str:
        self.prev_turn = (self.player, [*self.turn_log, action])
        self.turn_log = []
        if self.phase == "extra":
            self.extra_left -= 1
            if not self.extra_left:
                self._score_round()
                self.phase, self.end_reason = "over", "rounds"
        else:
            self.took_none = action == "take:none"
            if not self.pile and not self.display:
                if self.round < ROUNDS:
                    self._score_round()
                    self._reshuffle()
                else:
                    self.phase, self.extra_left = "extra", 2
        self.player = 1 - self.player
        return action

    def _score_round(self) -> None:
        """Rounds 1/2: 1/2 points for more stones; round 3: the difference in stones."""
        s0, s1 = self.stones.count(0), self.stones.count(1)
        value = abs(s0 - s1) if self.round == ROUNDS else self.round
        points = [0, 0]
        if s0 != s1:
            points[0 if s0 > s1 else 1] = value
        self.round_points[self.round - 1] = points

    def _reshuffle(self) -> None:
        """Next round: the discards, shuffled from the seed, become the pile; 3 face up."""
        self.round += 1
        self.pile = [c for c in range(len(ISLANDS)) for _ in range(self.discards[c])]
        random.Random(f"kahuna:{self.seed}:round{self.round}").shuffle(self.pile)
        self.discards = [0] * len(ISLANDS)
        self.played = [0] * len(ISLANDS)
        self._turn_up()

    def _check_early_end(self) -> None:
        """Rounds 2 and 3: a seat without any bridge on the board ends the game."""
        if self.phase != "over" and self.round >= 2 and min(self.bridges_on_board()) == 0:
            self.phase, self.end_reason = "over", "no-bridges"

    def bridges_on_board(self) -> list[int]:
        return [self.lines.count(0), self.lines.count(1)]

    def points(self) -> list[int]:
        return [sum(p[s] for p in self.round_points if p) for s in (0, 1)]

    def scores(self) -> list:
        return self.points()

    def winners(self) -> list[int]:
        """Early end: the seat with bridges; else points, round 3, bridges (then a draw)."""
        if self.phase != "over":
            return []
        bridges = self.bridges_on_board()
        if self.end_reason == "no-bridges" and max(bridges):
            return [bridges.index(max(bridges))]
        third = self.round_points[ROUNDS - 1] or [0, 0]
        keys = [(self.points()[s], third[s], bridges[s]) for s in (0, 1)]
        return [s for s in (0, 1) if keys[s] == max(keys)]

    # --- copies and keys --------------------------------------------------------------
    def _clone(self) -> KahunaState:
        c = object.__new__(KahunaState)
        c.__dict__.update(self.__dict__)
        c.options = dict(self.options)
        c.lines, c.stones, c.discards = self.lines[:], self.stones[:], self.discards[:]
        c.played = self.played[:]
        c.count = [self.count[0][:], self.count[1][:]]
        c.hands = [self.hands[0][:], self.hands[1][:]]
        c.pile, c.display = self.pile[:], self.display[:]
        c.bridges_left, c.stones_left = self.bridges_left[:], self.stones_left[:]
        c.round_points = self.round_points[:]
        c.turn_log = self.turn_log[:]
        c._legal = None
        return c

    def _key(self) -> tuple:
        return (tuple(self.lines), tuple(self.stones), tuple(self.hands[0]),
                tuple(self.hands[1]), tuple(self.pile), tuple(self.display),
                tuple(self.discards), tuple(self.bridges_left), tuple(self.stones_left),
                self.round, tuple(tuple(p) if p else None for p in self.round_points),
                self.player, self.phase, self.took_none, self.extra_left, self.end_reason)

    # --- view -----------------------------------------------------------------------
    @staticmethod
    def _public(action: str, actor: int, seat: int | None) -> str:
        """An action as ``seat`` may see it: others' discards hide the card."""
        return "discard" if action.startswith("discard:") and actor != seat else action

    def public_move(self, move: str, seat: int | None) -> str:
        return self._public(move, self.player, seat)

    def view(self, seat: int | None = None) -> dict:
        v = self.base_view()
        if self.moves:
            actor = self.player if self.turn_log else self.prev_turn[0]  # type: ignore[index]
            v["last"] = self._public(self.moves[-1], actor, seat)
        own = seat in (0, 1)
        v.update({
            "seat": seat,
            "islands": [
                {"name": name, "x": POSITIONS[i][0], "y": POSITIONS[i][1],
                 "lines": DEGREE[i], "majority": DEGREE[i] // 2 + 1,
                 "stone": self.stones[i], "bridges": [self.count[0][i], self.count[1][i]]}
                for i, name in enumerate(ISLANDS)
            ],
            "lines": [{"name": LINE_NAMES[li], "a": a, "b": b, "owner": self.lines[li]}
                      for li, (a, b) in enumerate(LINES)],
            "hand": ([ISLANDS[c] for c in range(len(ISLANDS))
                      for _ in range(self.hands[seat][c])] if own else None),  # type: ignore[index]
            "hand_sizes": [sum(self.hands[0]), sum(self.hands[1])],
            "display": [ISLANDS[c] for c in self.display],
            "pile": len(self.pile),
            "discards": sum(self.discards),
            "played": [ISLANDS[c] for c in range(len(ISLANDS)) for _ in range(self.played[c])],
            "round": self.round,
            "phase": self.phase,
            "points": self.points(),
            "round_points": [list(p) if p else None for p in self.round_points],
            "bridges_left": self.bridges_left[:],
            "stones_left": self.stones_left[:],
            "bridges_on_board": self.bridges_on_board(),
            "stones_on_board": [self.stones.count(0), self.stones.count(1)],
            "must_take": self.phase == "play" and self.took_none,
            "may_take": self.phase == "play" and sum(self.hands[self.player]) < HAND_LIMIT,
            "extra_turns_left": self.extra_left,
            "turn_actions": [self._public(a, self.player, seat) for a in self.turn_log],
            "previous_turn": None if self.prev_turn is None else {
                "seat": self.prev_turn[0],
                "actions": [self._public(a, self.prev_turn[0], seat)
                            for a in self.prev_turn[1]],
            },
            "end_reason": self.end_reason,
        })
        return v


class Kahuna(Game):
    id = "kahuna"
    title = "Kahuna"
    information = "imperfect"  # each seat's hand
    chance = "sampled"  # the shuffled deal and pile
    defaults: ClassVar[dict[str, Any]] = {}

    def new(self, seed: int = 0, **options: Any) -> KahunaState:
        state = KahunaState(seed, self.options(**options))
        state._deal()
        return state


GAME = Kahuna()
