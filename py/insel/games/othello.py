"""Othello: plain Reversi with discs on a 6×6 or 8×8 board (rules: insel.games.reversi).

Moves: a square name as in Othello literature (column letter, row number, a1 top-left),
e.g. ``"c4"``; ``"pass"`` only when the seat to move has no bracketing placement but the
opponent has one.  legal_moves() lists squares in ascending index order (row by row).
Option ``size``: 8 (default) or 6.
"""

from __future__ import annotations

from typing import Any, Self

from insel.games.reversi import ReversiState, check_size
from insel.state import Game

SIZES = (6, 8)


class OthelloState(ReversiState):
    game_id = "othello"

    def placement_moves(self, indices: list[int]) -> list[str]:
        names = self.board.names
        return [names[i] for i in indices]

    def apply_move(self, move: str) -> str:
        index = self.parse_square(move)
        self.apply_placement(index, self.flip_mask(index))
        return self.board.names[index]

    def _clone(self) -> Self:
        return self.copy_into(type(self).__new__(type(self)))

    def _key(self) -> tuple:
        return (self.board.size, self.discs, self.turn)

    def view(self, seat: int | None = None) -> dict:
        return self.board_view()


class Othello(Game):
    id = "othello"
    title = "Othello"
    defaults = {"size": 8}  # noqa: RUF012 - read-only class data

    def new(self, seed: int = 0, **options: Any) -> OthelloState:
        opts = self.options(**options)
        size = check_size(self.id, opts["size"], SIZES)
        return OthelloState(seed, opts, size)


GAME = Othello()
