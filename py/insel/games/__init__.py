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
    """The registered game ``game_id``; ValueError for an unknown id."""
    if game_id not in _MODULES:
        raise ValueError(f"unknown game {brief(game_id)}; known: {', '.join(GAME_IDS)}")
    if game_id not in _cache:
        module = importlib.import_module(f"insel.games.{_MODULES[game_id]}")
        _cache[game_id] = module.GAME
    return _cache[game_id]


def replay(record: Any) -> State:
    """Rebuild a state from a game record; a malformed record raises a clear ValueError."""
    return replay_states(record)[-1]


def replay_states(record: Any) -> list[State]:
    """Every state of a game record, start first; a malformed record raises ValueError.

    The error names what is wrong (a missing field, a bad type, or the move number and
    the rule that refused it), so a damaged save or link never half-loads.  A chance move
    must be the outcome the seed draws at that point (``State.sample_chance``) unless the
    game's options let the players decide chance (``State.chance_by_hand``): an edited die
    roll is refused.
    """
    if not isinstance(record, dict):
        raise ValueError("a game record is a JSON object with game, options, seed and moves")
    missing = [k for k in ("game", "seed", "moves") if k not in record]
    if missing:
        raise ValueError(f"the game record lacks {', '.join(missing)}")
    options = record.get("options", {})
    seed, moves = record["seed"], record["moves"]
    if not isinstance(options, dict):
        raise ValueError("the record's options must be an object")
    whole(seed, "the record's seed", 0, MAX_SEED)
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ValueError("the record's moves must be a list of strings")
    states = [get_game(str(record["game"])).new(seed=seed, **options)]
    for number, move in enumerate(moves, start=1):
        state = states[-1]
        if state.current_player() == CHANCE and not state.chance_by_hand():
            drawn = state.sample_chance()
            if move.strip() != drawn:
                raise ValueError(f"move {number} ({brief(move)}) is not the chance outcome "
                                 f"drawn from the record's seed ({drawn}): the record was "
                                 "edited or is damaged")
        try:
            states.append(state.play(move))
        except IllegalMove as err:
            raise ValueError(f"move {number} ({brief(move)}) is illegal: {err}") from None
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
