"""Reversi core for N×N boards, shared by Othello and Wort-Reversi.

Rules implemented (common to both games; the German Wort-Reversi text, first three
paragraphs, and the Othello custom recorded in the project's GAMES.md):

- Start: the central 2×2 holds two discs of each colour on the diagonals; a1 is the
  top-left corner, columns are letters, rows numbers (Othello literature).  Light sits on
  the main diagonal (d4, e5 on 8×8), dark on the other (e4, d5).
- Dark (seat 0) moves first.  A placement must bracket at least one straight, unbroken line
  of opponent discs between the new disc and an own disc, in any of the eight directions;
  every bracketed disc of every direction turns.
- A player without a bracketing placement passes; the game ends when neither can place.
  Most discs wins; equal counts are a draw (both seats win).

Two layers:

- :class:`Board` — geometry of one size and the fast bitboard functions an AI uses
  without any State overhead: ``moves(own, opp)`` (bitmask of legal squares) and
  ``flips(own, opp, square)`` (bitmask of the discs that turn).  Square ``i`` is bit ``i``,
  ``i = row * size + column``.
- :class:`ReversiState` — the State contract on top of it (whose turn, pass, end, scores,
  the board part of the view).  Games add their move syntax in ``_apply``/``legal_moves``.
"""

from __future__ import annotations

from abc import abstractmethod
from functools import cache
from typing import Any, TypeVar

from insel.bits import set_bits as squares  # square indices of a bitboard
from insel.inputs import brief
from insel.refusal import Refusal
from insel.state import TERMINAL, IllegalMove, State

DARK, LIGHT = 0, 1
COLOURS = ("dark", "light")
PASS = "pass"


class Board:
    """Geometry of an N×N board (4 ≤ N ≤ 26, even) and the bitboard move functions."""

    def __init__(self, size: int) -> None:
        n = size
        self.size = n
        self.full = (1 << n * n) - 1
        self.names = tuple(f"{chr(97 + c)}{r + 1}" for r in range(n) for c in range(n))
        self.index = {name: i for i, name in enumerate(self.names)}
        column = [sum(1 << (r * n + c) for r in range(n)) for c in range(n)]
        not_first, not_last = self.full ^ column[0], self.full ^ column[n - 1]
        # (row step, column step) -> mask of squares a one-step shift may land on
        steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
        landing = {-1: not_last, 0: self.full, 1: not_first}
        shifts = [(dr * n + dc, landing[dc]) for dr, dc in steps]
        self._up = tuple((s, m) for s, m in shifts if s > 0)  # (shift, landing mask)
        self._down = tuple((-s, m) for s, m in shifts if s < 0)
        # an opponent line between two discs is at most n - 2 long: two one-step shifts,
        # then two-step shifts over pairs of opponent discs (2 more each) until it is covered
        self._pairs = range(max(0, (n - 3) // 2))
        # per square and direction with room to bracket: (next square's bit, the bits of
        # the squares after it up to the edge, nearest first)
        self.walks = tuple(
            tuple((ray[0], ray[1:]) for dr, dc in steps if len(ray := self._ray(i, dr, dc)) >= 2)
            for i in range(n * n)
        )

    def _ray(self, square: int, dr: int, dc: int) -> tuple[int, ...]:
        """Bits of the squares from ``square`` (exclusive) to the edge in one direction."""
        n = self.size
        r, c = divmod(square, n)
        bits = []
        r, c = r + dr, c + dc
        while 0 <= r < n and 0 <= c < n:
            bits.append(1 << (r * n + c))
            r, c = r + dr, c + dc
        return tuple(bits)

    def start(self) -> tuple[int, int]:
        """(dark, light) bitboards of the diagonal start."""
        n, h = self.size, self.size // 2
        light = 1 << ((h - 1) * n + h - 1) | 1 << (h * n + h)
        dark = 1 << ((h - 1) * n + h) | 1 << (h * n + h - 1)
        return dark, light

    def moves(self, own: int, opp: int) -> int:
        """Bitmask of the empty squares where ``own`` brackets at least one ``opp`` disc.

        Per direction: the opponent runs that start next to an own disc (``x``), grown
        one step twice and then two steps at a time through pairs of opponent discs."""
        legal = 0
        pairs = self._pairs
        for s, mask in self._up:
            om = opp & mask
            x = om & (own << s)
            x |= om & (x << s)
            if pairs:
                p, s2 = om & (om << s), s + s
                for _ in pairs:
                    x |= p & (x << s2)
            legal |= (x << s) & mask
        for s, mask in self._down:
            om = opp & mask
            x = om & (own >> s)
            x |= om & (x >> s)
            if pairs:
                p, s2 = om & (om >> s), s + s
                for _ in pairs:
                    x |= p & (x >> s2)
            legal |= (x >> s) & mask
        return legal & self.full & ~(own | opp)

    def flips(self, own: int, opp: int, square: int) -> int:
        """Bitmask of the ``opp`` discs a placement of ``own`` on ``square`` brackets.

        Per direction whose next square holds an opponent disc: walk on over opponent
        discs; an own disc closes the line (it turns), an empty square or the edge not."""
        flipped = 0
        for first, rest in self.walks[square]:
            if opp & first:
                line = first
                for bit in rest:
                    if opp & bit:
                        line |= bit
                    else:
                        if own & bit:
                            flipped |= line
                        break
        return flipped


@cache
def board(size: int) -> Board:
    """The shared :class:`Board` of ``size`` (built once)."""
    return Board(size)


def perft(geometry: Board, own: int, opp: int, depth: int) -> int:
    """Leaf count ``depth`` plies ahead (Bik's convention: a pass is a ply, an ended game
    before full depth is one leaf).  ``own`` is the side to move."""
    if depth == 0:
        return 1
    legal = geometry.moves(own, opp)
    if not legal:
        if not geometry.moves(opp, own):
            return 1
        return perft(geometry, opp, own, depth - 1)
    if depth == 1:
        return legal.bit_count()
    total = 0
    while legal:
        bit = legal & -legal
        legal ^= bit
        turned = geometry.flips(own, opp, bit.bit_length() - 1)
        total += perft(geometry, opp ^ turned, own | turned | bit, depth - 1)
    return total


def check_size(game_id: str, size: Any, allowed: tuple[int, ...]) -> int:
    """Validate a board-size option (a Refusal naming the allowed sizes)."""
    if isinstance(size, bool) or size not in allowed:
        sizes = ", ".join(map(str, allowed))
        raise Refusal("option_size", game=game_id, sizes=sizes, value=brief(size))
    return int(size)


R = TypeVar("R", bound="ReversiState")  # copy_into returns the instance it fills


class ReversiState(State):
    """Disc placement, pass and end on a :class:`Board`; seat 0 plays dark and starts.

    ``discs`` is ``(dark, light)`` as bitboards; ``turn`` the seat (= colour) to move;
    ``last`` is ``(seat, square or None for a pass, bitmask turned)`` of the last move.
    """

    def __init__(self, seed: int, options: dict[str, Any], size: int) -> None:
        super().__init__(seed, options)
        self.board = board(size)
        self.discs = self.board.start()
        self.turn = DARK
        self.last: tuple[int, int | None, int] | None = None
        self._legal: int | None = None
        self._over: bool | None = None

    # --- rules ----------------------------------------------------------------------
    def legal_moves(self) -> list[str]:
        if self.is_over():
            return []
        legal = self.placements()
        return self.placement_moves(squares(legal)) if legal else [PASS]

    @abstractmethod
    def placement_moves(self, indices: list[int]) -> list[str]:
        """Canonical moves for placements on the legal squares ``indices`` (ascending)."""

    def _apply(self, move: str) -> str:
        if move.lower() == PASS:
            self.apply_pass()
            return PASS
        return self.apply_move(move)

    @abstractmethod
    def apply_move(self, move: str) -> str:
        """Apply a placement written ``move``; return its canonical form."""

    def placements(self) -> int:
        """Bitmask of the squares where the seat to move may place (cached)."""
        if self._legal is None:
            t = self.turn
            self._legal = self.board.moves(self.discs[t], self.discs[1 - t])
        return self._legal

    def current_player(self) -> int:
        if self._over is None:
            t = self.turn
            self._over = not self.placements() and not self.board.moves(
                self.discs[1 - t], self.discs[t]
            )
        return TERMINAL if self._over else self.turn

    def must_pass(self) -> bool:
        """True when the seat to move has no placement but the game goes on."""
        return not self.placements() and not self.is_over()

    def flip_mask(self, square: int) -> int:
        """Bitmask of the discs a placement on ``square`` would bracket now."""
        t = self.turn
        return self.board.flips(self.discs[t], self.discs[1 - t], square)

    def flips(self, square: str) -> list[str]:
        """Names of the discs a placement on ``square`` brackets, in answer order (ascending
        square index: a1, b1, …, then row 2, …).  Empty if the placement is illegal."""
        index = self.board.index.get(square)
        if index is None or not self.placements() >> index & 1:
            return []
        return [self.board.names[i] for i in squares(self.flip_mask(index))]

    def parse_square(self, text: str) -> int:
        """Square index of a placement named ``text``; IllegalMove if it is not legal here."""
        index = self.board.index.get(text.lower())
        if index is None:
            last = self.board.names[-1]
            raise IllegalMove("reversi_not_square", move=brief(text), last=last)
        if (self.discs[0] | self.discs[1]) >> index & 1:
            raise IllegalMove("reversi_taken", square=self.board.names[index])
        if not self.placements() >> index & 1:
            raise IllegalMove("reversi_brackets_none", square=self.board.names[index])
        return index

    def apply_pass(self) -> None:
        """Pass: only allowed with no bracketing placement."""
        if self.placements():
            raise IllegalMove("reversi_no_pass")
        self.last = (self.turn, None, 0)
        self._next_turn()

    def apply_placement(self, index: int, turned: int) -> None:
        """Put a disc of the mover on ``index`` and turn the discs in ``turned``."""
        t = self.turn
        discs = list(self.discs)
        discs[t] |= turned | 1 << index
        discs[1 - t] ^= turned
        self.discs = (discs[0], discs[1])
        self.last = (t, index, turned)
        self._next_turn()

    def _next_turn(self) -> None:
        self.turn = 1 - self.turn
        self._legal = None
        self._over = None

    def copy_into(self, other: R) -> R:
        """Copy the common fields into a bare instance (for ``_clone``)."""
        other.seed, other.options, other.moves = self.seed, self.options, self.moves
        other.board, other.discs, other.turn, other.last = (
            self.board, self.discs, self.turn, self.last)
        other._legal, other._over = self._legal, self._over
        return other

    # --- results --------------------------------------------------------------------
    def scores(self) -> list[int]:
        return [self.discs[0].bit_count(), self.discs[1].bit_count()]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        dark, light = self.scores()
        return [0, 1] if dark == light else [0] if dark > light else [1]

    def board_view(self) -> dict:
        """base_view plus everything needed to draw the discs (see the game modules)."""
        b = self.board
        dark, light = self.discs
        cells = [0 if dark >> i & 1 else 1 if light >> i & 1 else None
                 for i in range(len(b.names))]
        last = None
        if self.last is not None:
            seat, square, turned = self.last
            last = {
                "seat": seat,
                "pass": square is None,
                "square": None if square is None else b.names[square],
                "flipped": [b.names[i] for i in squares(turned)],
            }
        return {
            **self.base_view(),
            "size": b.size,
            "names": list(b.names),
            "cells": cells,
            "colours": list(COLOURS),
            "counts": self.scores(),
            "to_move": None if self.is_over() else self.turn,
            "candidates": [b.names[i] for i in squares(self.placements())]
            if not self.is_over() else [],
            "must_pass": self.must_pass(),
            "last_move": last,
        }
