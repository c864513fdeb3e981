"""The one door between the browser and the engines: JSON text in, JSON text out.

The page calls ``Session.handle(request)`` with a JSON object ``{"op": …}`` and gets a
JSON object back.  Nothing else crosses between JavaScript and Python, so this module is
tested under CPython like every engine.  ``handle`` never raises: any error becomes
``{"ok": false, "error": "…"}`` and the game in progress is left as it was.

Operations:
- ``games``: the registered games (id, title, seats, default options).
- ``new`` ``{game, options?, seed?}``: start a game.
- ``load`` ``{record}``: replay a game record (a save or a shared link).
- ``play`` ``{move}``: play a move for the seat to move.
- ``chance``: let the record's seed draw the pending random event (e.g. a die roll).
- ``undo``: take back the last move (chance moves included).
- ``view`` ``{seat?}``: the current picture again, e.g. for another seat.
- ``save``: the full game record ``{record}``, for keeping (saves, files, share links).
- ``parse_words`` ``{text}``: check a teacher's word list (insel.wordlists format) without
  touching the game: ``{pairs, sides, title, problems: [{line, message}]}`` (line 0: the
  list as a whole).
- ``ai_start`` ``{level, seed?, knowledge?}``: an AI (insel.ai) starts thinking for the seat
  to move; ``ai_step`` ``{budget_ms?, seat?}`` thinks about that long (default 40 ms) and
  answers ``{"done": false}``, or plays the chosen move and answers like ``play`` plus
  ``"done": true`` and ``ai_move``.  Any other change of the game drops the thinker.

Each state-returning answer carries ``view`` (for ``seat``: the one asked for, else the
seat to move, else a spectator), ``legal`` (that seat's legal moves, empty if it is not
its turn), ``record``, ``can_undo`` and ``undo_to`` (the seat to move before the last move).
"""

from __future__ import annotations

import json
from typing import Any

from insel.ai import thinker
from insel.games import GAME_IDS, get_game, replay_states
from insel.state import CHANCE, IllegalMove, State
from insel.wordlists import parse


class Session:
    """Holds the game in progress and its history of states (for undo)."""

    def __init__(self) -> None:
        self.history: list[State] = []

    @property
    def state(self) -> State:
        if not self.history:
            raise ValueError("no game is running")
        return self.history[-1]

    def handle(self, request: str) -> str:
        """Answer one JSON request with one JSON answer (see the module docstring)."""
        try:
            try:
                args = json.loads(request)
            except json.JSONDecodeError as err:
                raise ValueError(f"the request is not valid JSON ({err.msg})") from None
            if not isinstance(args, dict):
                raise ValueError("a request is a JSON object")
            op = args.get("op")
            method = getattr(self, f"op_{op}", None) if isinstance(op, str) else None
            if method is None:
                raise ValueError(f"unknown operation {op!r}")
            answer = {"ok": True, **method(args)}
        except (ValueError, TypeError) as err:  # IllegalMove and JSON errors included
            answer = {"ok": False, "error": str(err)}
        except Exception as err:  # an engine bug must not take the page down with it
            answer = {"ok": False, "error": f"internal error ({type(err).__name__}: {err})"}
        return json.dumps(answer, ensure_ascii=False)

    # --- operations ---------------------------------------------------------------
    def op_games(self, args: dict) -> dict:
        return {"games": [_describe(get_game(game_id)) for game_id in GAME_IDS]}

    def op_new(self, args: dict) -> dict:
        options = args.get("options") or {}
        if not isinstance(options, dict):
            raise ValueError("options must be an object")
        seed = args.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the seed must be a whole number")
        self.history = [get_game(str(args.get("game"))).new(seed=seed, **options)]
        return self._picture(args)

    def op_load(self, args: dict) -> dict:
        record = args.get("record")
        if isinstance(record, str):
            try:
                record = json.loads(record)
            except json.JSONDecodeError as err:
                raise ValueError(f"the saved game is not valid JSON ({err.msg})") from None
        self.history = replay_states(record)
        return self._picture(args)

    def op_play(self, args: dict) -> dict:
        move = args.get("move")
        if not isinstance(move, str):
            raise IllegalMove("a move is a string")
        self.history.append(self.state.play(move))
        return self._picture(args)

    def op_chance(self, args: dict) -> dict:
        state = self.state
        if state.current_player() != CHANCE:
            raise IllegalMove("no random event is due")
        self.history.append(state.play(state.sample_chance()))
        return self._picture(args)

    def op_undo(self, args: dict) -> dict:
        if len(self.history) < 2:
            raise ValueError("nothing to undo")
        self.history.pop()
        return self._picture(args)

    def op_view(self, args: dict) -> dict:
        return self._picture(args)

    def op_save(self, args: dict) -> dict:
        return {"record": self.state.record()}

    def op_parse_words(self, args: dict) -> dict:
        text = args.get("text")
        if not isinstance(text, str):
            raise ValueError("text must be the word list as text")
        words = parse(text)
        return {**words.option(),
                "problems": [{"line": line, "message": message}
                             for line, message in words.problems]}

    def op_ai_start(self, args: dict) -> dict:
        state = self.state
        knowledge = args.get("knowledge", 1.0)
        brain = thinker(state, args.get("level"), args.get("seed", 0), knowledge)
        self._ai = (brain, state)
        return {"thinking": True, "seat": brain.seat}

    def op_ai_step(self, args: dict) -> dict:
        brain, started = getattr(self, "_ai", None) or (None, None)
        if brain is None or not self.history or started is not self.state:
            raise ValueError("no AI is thinking about this position: send ai_start first")
        budget = args.get("budget_ms", 40)
        if isinstance(budget, bool) or not isinstance(budget, int | float) or not (
                0 < budget <= 1000):
            raise ValueError("budget_ms must be a number of milliseconds from 1 to 1000")
        move = brain.step(budget)
        if move is None:
            return {"done": False}
        self.history.append(started.play(move))
        self._ai = None
        return {**self._picture(args), "done": True, "ai_move": move}

    # --- answers ------------------------------------------------------------------
    def _picture(self, args: dict) -> dict:
        state = self.state
        to_move = state.current_player()
        seat = args.get("seat", to_move if to_move >= 0 else None)
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < state.num_players):
            raise ValueError(f"no seat {seat!r} in this game")
        return {
            "seat": seat,
            "view": state.view(seat),
            "legal": state.legal_moves() if seat == to_move else [],
            "record": state.record(),
            "can_undo": len(self.history) > 1,
            # whose turn it was before the last move: games with secrets allow undo only
            # within the viewer's own turn, or undo would show another seat's hidden side
            "undo_to": self.history[-2].current_player() if len(self.history) > 1 else None,
        }


def _describe(game: Any) -> dict:
    return {
        "id": game.id,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "defaults": game.defaults,
    }
