"""Registry of games, record replay, and the public record.

A game module defines a :class:`insel.state.Game` subclass and is listed in
``_MODULES``; that line is all it takes to join the menu-independent registry and the
conformance tests.

A game record ``{game, options, seed, moves}`` holds everything, secrets included (the
seed fixes card deals and die rolls; moves name cards discarded face down; Wort-Reversi's
options hold the answers).  What may reach a seat is :func:`public_record`: ``{game,
options, moves}`` without the seed, with secret options and moves replaced (see the games'
``public_options`` and ``public_move``).  The seed is left out for every game: in
Inselspiel it fixes the coming throws, in Kahuna the deal, in Wort-Reversi the tiles;
Ponte and Othello draw nothing from it, so they lose nothing by its absence.
"""

from __future__ import annotations

import importlib
from typing import Any

from insel.inputs import brief, whole
from insel.refusal import Refusal, phrase
from insel.state import CHANCE, MAX_SEED, Game, IllegalMove, State

# game id -> module under insel.games defining GAME
_MODULES: dict[str, str] = {
    "ponte": "ponte",
    "kahuna": "kahuna",
    "othello": "othello",
    "wortreversi": "wortreversi",
    "inselspiel": "inselspiel",
}

GAME_IDS: tuple[str, ...] = tuple(_MODULES)
_cache: dict[str, Game] = {}


def get_game(game_id: str) -> Game:
    """The registered game ``game_id``; a Refusal for an unknown id."""
    if game_id not in _MODULES:
        raise Refusal("unknown_game", game=brief(game_id), known=", ".join(GAME_IDS))
    if game_id not in _cache:
        module = importlib.import_module(f"insel.games.{_MODULES[game_id]}")
        _cache[game_id] = module.GAME
    return _cache[game_id]


def replay(record: Any) -> State:
    """Rebuild a state from a game record; a malformed record raises a Refusal."""
    return replay_states(record)[-1]


def replay_states(record: Any) -> list[State]:
    """Every state of a game record, start first; a malformed record raises a Refusal.

    The error names what is wrong (a missing field, a bad type, or the move number and
    the rule that refused it), so a damaged save or link never half-loads.  A chance move
    must be the outcome the seed draws at that point (``State.sample_chance``) unless the
    game's options let the players decide chance (``State.chance_by_hand``): an edited die
    roll is refused.
    """
    if not isinstance(record, dict):
        raise Refusal("record_not_object")
    missing = [k for k in ("game", "seed", "moves") if k not in record]
    if missing:
        raise Refusal("record_lacks", fields=", ".join(missing))
    options = record.get("options", {})
    seed, moves = record["seed"], record["moves"]
    if not isinstance(options, dict):
        raise Refusal("record_options_not_object")
    whole(seed, phrase("what_record_seed"), 0, MAX_SEED)
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise Refusal("record_moves_not_texts")
    states = [get_game(str(record["game"])).start(seed, options)]
    for number, move in enumerate(moves, start=1):
        state = states[-1]
        if state.current_player() == CHANCE and not state.chance_by_hand():
            drawn = state.sample_chance()
            if move.strip() != drawn:
                raise Refusal("record_chance_edited", number=number, move=brief(move),
                              drawn=drawn)
        try:
            states.append(state.play(move))
        except IllegalMove as err:
            raise Refusal("record_move_illegal", number=number, move=brief(move),
                          reason=err.phrase()) from None
    return states


def public_record(states: list[State], seat: int | None) -> dict:
    """The record of a game as ``seat`` may know it (see the module docstring).

    ``states`` are every state of the game, start first (as :func:`replay_states` gives
    them): each move is made public by the state it was played from.
    """
    last = states[-1]
    moves = [before.public_move(move, seat)
             for before, move in zip(states[:-1], last.moves, strict=True)]
    return {"game": last.game_id, "options": last.public_options(), "moves": moves}
