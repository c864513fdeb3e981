"""Advice for a person: a hint for the seat to move, and the per-game evaluation the review
of a finished game (:mod:`insel.ai.review`) judges each choice by.

- A **hint** is the hard level's move for the seat to move (seed 0, so the same position
  always gets the same hint), as the page may see it (Wort-Reversi: the square without its
  answers), with a one-line reason where the game has one: a phrase ``{key, params}``
  worded by the page under ``engine.hint_*``.  The search is the computer player's own, so
  it knows what that seat knows and nothing more (Kahuna: worlds sampled from its view).
- **An appraisal** (:func:`appraise`) values the candidate moves of a position and the
  move played there by one per-game evaluation, built on the AI modules' own; the review
  compares the move played with the best.  The work per position is bounded (a fixed
  search depth with a node budget, or the candidate list of the hard level), so a long
  game costs a few seconds at most, in slices.

Both are generators a :class:`insel.ai.players.Thinker` runs in slices.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from insel.refusal import Phrase, phrase
from insel.state import State

DEPTH = 2  # Othello/Wort-Reversi: plies searched after each candidate move
NODES = 60_000  # Othello/Wort-Reversi: work units per position (see insel.ai.alphabeta)
PONTE_CANDIDATES = 60  # the hard level's tile pairs (insel.ai.ponte.LEVELS["hard"])

Values = Generator[None, None, dict[str, float]]


# --- hints --------------------------------------------------------------------------
def public_form(state: State, move: str) -> str:
    """``move`` as the page may see it: the listed public move it extends (Wort-Reversi's
    ``c4`` for ``c4:["…"]``), else the move itself."""
    for listed in state.public_legal_moves():
        if move == listed or move.startswith(f"{listed}:"):
            return listed
    return move


def hint_search(state: State, seat: int) -> Generator[None, None, dict]:
    """The hard level's move for ``seat`` (the seat to move) and why: ``{move, reason}``."""
    from insel.ai.players import rng_for, strategy

    search = strategy(state.game_id)(state, seat, "hard", rng_for(state, "hard", 0))
    move = yield from search
    return {"move": public_form(state, move), "reason": reason(state, move)}


def reason(state: State, move: str) -> Phrase | None:
    """A one-line reason for ``move`` in ``state`` (from the mover's side), or None."""
    explain = _REASONS.get(state.game_id)
    return explain(state, move) if explain else None


def _reversi_reason(state: Any, move: str) -> Phrase | None:
    if move == "pass":
        return phrase("hint_pass")
    square = state.board.index[move.split(":")[0].split("#")[0]]
    n = state.board.size - 1
    if divmod(square, n + 1) in ((0, 0), (0, n), (n, 0), (n, n)):
        return phrase("hint_corner")
    count = state.flip_mask(square).bit_count()
    if state.game_id == "wortreversi":
        return phrase("hint_turns_tiles", count=count) if count > 1 else phrase(
            "hint_turns_tiles_one")
    return phrase("hint_turns", count=count) if count > 1 else phrase("hint_turns_one")


def _ponte_reason(state: Any, move: str) -> Phrase | None:
    if move == "swap":
        return phrase("hint_swap")
    if move == "pass":
        return None
    colour = state.turn
    before, after = state.result()[colour], state.play(move).result()[colour]
    if after["islands"] > before["islands"]:
        return phrase("hint_ponte_island")
    gained = after["points"] - before["points"]
    if gained > 0:
        return phrase("hint_ponte_points", count=gained) if gained > 1 else phrase(
            "hint_ponte_points_one")
    if "-" in move:
        return phrase("hint_ponte_bridge")
    return phrase("hint_ponte_grow")


def _kahuna_reason(state: Any, move: str) -> Phrase | None:
    from insel.games.kahuna_board import ISLANDS

    seat = state.current_player()
    if move.startswith(("take:", "discard:")):
        return None
    after = state.play(move)
    gained = [ISLANDS[i] for i, (a, b) in enumerate(zip(state.stones, after.stones,
                                                        strict=True))
              if b == seat and a != seat]
    if gained:
        return phrase("hint_kahuna_majority", island=gained[0])
    line = move.rsplit(":", 1)[1]
    if ":x:" in move:
        return phrase("hint_kahuna_remove", line=line)
    return phrase("hint_kahuna_bridge", line=line)


def _inselspiel_reason(state: Any, move: str) -> Phrase | None:
    if move == "roll":
        return phrase("hint_roll")
    if move == "pass" or move.startswith("remove:"):
        return None
    after = state.play(move)
    count = len(after.captured)
    if count:
        return phrase("hint_captures", count=count) if count > 1 else phrase(
            "hint_captures_one")
    island = state.island
    start, end = (island.index[place] for place in move.removeprefix("land:").split(">"))

    def name(place: int) -> str:
        return island.names[place] or island.ids[place]

    if island.kinds[end] == "capital":
        return phrase("hint_capital", place=name(end))
    if move.startswith("land:"):
        return phrase("hint_lands", port=name(start))
    return None


_REASONS = {
    "othello": _reversi_reason,
    "wortreversi": _reversi_reason,
    "ponte": _ponte_reason,
    "kahuna": _kahuna_reason,
    "inselspiel": _inselspiel_reason,
}


# --- the per-game evaluation ----------------------------------------------------------
def appraise(state: State, seat: int, played: str) -> Values:
    """Values of the candidate moves of ``seat`` (the seat to move) and of ``played``, for
    that seat, keyed by :func:`move_key`; higher is better (units differ by game)."""
    values = yield from _APPRAISERS[state.game_id](state, seat, played)
    return values


def move_key(state: State, move: str) -> str:
    """What a choice is judged by: the square in Othello and Wort-Reversi (answers and
    tile aside), else the move as the seat itself sees it."""
    if state.game_id in ("othello", "wortreversi"):
        return move.split(":")[0].split("#")[0]
    return move


def _reversi_values(state: Any, seat: int, played: str) -> Values:
    """Each placement searched ``DEPTH`` plies on with the alpha-beta player's evaluation
    (square weights, corner traps, mobility; exact at the end of the game)."""
    from insel.ai.alphabeta import WIN, OutOfBudget, Searcher

    own, opp = state.discs[state.turn], state.discs[1 - state.turn]
    kids = Searcher(state.board, NODES).children(own, opp, state.board.moves(own, opp))
    values: dict[str, float] = {}
    for depth in range(DEPTH, -1, -1):
        values, searcher = {}, Searcher(state.board, NODES)
        try:
            for sq, new_own, new_opp in kids:
                value = yield from searcher.negamax(new_opp, new_own, depth, -WIN * 2, WIN * 2)
                values[state.board.names[sq]] = -value
            break
        except OutOfBudget:
            continue  # too many nodes: the same question, one ply shallower
    return values


def _ponte_values(state: Any, seat: int, played: str) -> Values:
    """The hard level's candidate pairs (and every bridge, swap and pass) and the move
    played, each by the Ponte player's position value after it."""
    from insel.ai.ponte import candidates, value

    moves = [move for _hint, move in (yield from candidates(state, PONTE_CANDIDATES))]
    values: dict[str, float] = {}
    for move in dict.fromkeys([*moves, played]):
        values[move] = value(state.play(move), seat)
        yield
    return values


def _kahuna_values(state: Any, seat: int, played: str) -> Values:
    """Every action by the Kahuna player's playout evaluation after it (points, stones
    and bridges on the board: nothing hidden)."""
    from insel.ai.kahuna import evaluate

    values: dict[str, float] = {}
    for move in state.legal_moves():
        values[move] = evaluate(state.play(move))[seat]
        yield
    return values


def _inselspiel_values(state: Any, seat: int, played: str) -> Values:
    """Every action after the throw by the Inselspiel player's territory evaluation (its
    gain over passing)."""
    from insel.ai.inselspiel import gains

    values = {move: gain for gain, move in (yield from gains(state, state.team_of[seat]))}
    return {**values, "pass": 0.0}


_APPRAISERS = {
    "othello": _reversi_values,
    "wortreversi": _reversi_values,
    "ponte": _ponte_values,
    "kahuna": _kahuna_values,
    "inselspiel": _inselspiel_values,
}


# --- the choices a review judges ----------------------------------------------------
def choices(states: list[State], seat: int) -> list[int]:
    """The plies where ``seat`` chose among several moves (Inselspiel: after its throw)."""
    return [ply for ply, state in enumerate(states[:-1])
            if state.current_player() == seat and len(state.public_legal_moves()) > 1
            and "roll" not in state.public_legal_moves()]
