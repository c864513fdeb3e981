"""Registry of games and record replay.

A game module defines a :class:`insel.state.Game` subclass and is listed in
``_MODULES``; that line is all it takes to join the menu-independent registry and the
conformance tests.
"""

from __future__ import annotations

import importlib
from typing import Any

from insel.state import Game, IllegalMove, State

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
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(GAME_IDS)}")
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
    the rule that refused it), so a damaged save or link never half-loads.
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
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("the record's seed must be a whole number")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ValueError("the record's moves must be a list of strings")
    states = [get_game(str(record["game"])).new(seed=seed, **options)]
    for number, move in enumerate(moves, start=1):
        try:
            states.append(states[-1].play(move))
        except IllegalMove as err:
            raise ValueError(f"move {number} ({move!r}) is illegal: {err}") from None
    return states
