"""Live rule diagrams: small boards in the rules texts, replayed by the engines.

``assets/rules/diagrams.json`` maps a diagram id (``ponte-island``) to

- ``record``: ``{game, options, seed, moves}`` — a game record, replayed like a save;
- ``seat``: whose view the diagram shows (``null`` or absent: a spectator's);
- ``from``: the first ply the reader may step back to (default 0); the diagram opens at
  the last ply of the record;
- ``try`` (optional): ``{move, ui?}`` — the move the reader makes with "Try it" at the
  record's last position (``ui``: the view's selection to start from, e.g. Kahuna's card);
- ``claims``: what the diagram says it shows, checked by tests/test_diagrams.py:
  ``{ply?, view?, scores?, to_move?}`` per entry (``view``: dotted paths into the view of
  the diagram's seat and their values), ``refused``: ``[{move, key}]`` tried at the last
  position, and ``result``: the same kind of claims about the position after the try move.

The page asks only for these diagrams by id (op ``diagram`` in insel.session), so it can
never make the engine replay a record of its own choosing: a seed it picked would show it
the cards or throws of a game (README, "What the page may know").  The floors: this module
reads data (insel.assets) and replays with insel.games; only the session imports it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from insel.assets import asset_path
from insel.games import replay_states
from insel.inputs import brief, whole
from insel.refusal import Refusal, phrase
from insel.state import State

DIAGRAM_FILE = ("rules", "diagrams.json")


@lru_cache(maxsize=1)
def diagrams() -> dict[str, dict]:
    """Every diagram by id, as stored (the file is read once)."""
    return json.loads(asset_path(*DIAGRAM_FILE).read_text(encoding="utf-8"))


def diagram(diagram_id: Any) -> dict:
    """The diagram ``diagram_id``; a Refusal for anything else."""
    found = diagrams().get(diagram_id) if isinstance(diagram_id, str) else None
    if found is None:
        raise Refusal("diagram_unknown", diagram=brief(diagram_id))
    return found


@lru_cache(maxsize=16)
def states(diagram_id: str) -> tuple[State, ...]:
    """The diagram's record replayed: every state, start first."""
    return tuple(replay_states(diagram(diagram_id)["record"]))


def answer(diagram_id: Any, ply: Any = None, move: Any = None) -> dict:
    """The session's answer for a diagram: the view at ``ply`` (default: the last), or, with
    ``move``, the view after trying that move at the last ply (an IllegalMove if the engine
    refuses it; ``right`` says whether it is the diagram's own try move).

    ``{id, game, seat, ply, first, plies, view, legal, try, ui, right?}``: ``legal`` only at
    the try position (what the view needs to turn taps into moves), ``ui`` the try's
    starting selection.
    """
    shown = diagram(diagram_id)
    kept = states(diagram_id)
    plies = len(kept) - 1
    first = shown.get("from", 0)
    seat = shown.get("seat")
    trying = shown.get("try")
    base = {"id": diagram_id, "game": kept[0].game_id, "seat": seat, "first": first,
            "plies": plies, "try": trying is not None,
            "ui": (trying or {}).get("ui", {})}
    if move is not None:
        if trying is None:
            raise Refusal("diagram_no_try", diagram=diagram_id)
        after = try_move(diagram_id, move)
        tried = {"ply": plies + 1, "view": after.view(seat), "legal": []}
        if "move" in trying:  # a diagram may ask for one move, or let the reader try any
            tried["right"] = after.moves[-1] == try_move(diagram_id, trying["move"]).moves[-1]
        return {**base, **tried}
    at = plies if ply is None else whole(ply, phrase("what_ply"), first, plies)
    state = kept[at]
    legal = (state.public_legal_moves() if trying is not None and at == plies
             and state.current_player() == seat else [])
    return {**base, "ply": at, "view": state.view(seat), "legal": legal}


def try_move(diagram_id: str, move: Any) -> State:
    """The state after ``move`` at the diagram's last position (IllegalMove if refused)."""
    if not isinstance(move, str):
        raise Refusal("move_not_text", type=type(move).__name__)
    return states(diagram_id)[-1].play(move)
