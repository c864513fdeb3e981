"""The one door between the browser and the engines: JSON text in, JSON text out.

The page calls ``Session.handle(request)`` with a JSON object ``{"op": …}`` and gets a
JSON object back.  Nothing else crosses between JavaScript and Python, so this module is
tested under CPython like every engine.  ``handle`` never raises: any error becomes
``{"ok": false, "error": "…", "reason": {key, params}}`` and the game in progress is left
exactly as it was.  ``reason`` is the phrase the page words from its catalogue under
``"engine.<key>"`` (see insel.refusal: a Refusal's key and parameters; other bad input
``bad_input`` and an engine bug ``internal_error``, each with a ``detail``); ``error`` is a
short language-neutral form of it for logs (at most ``MAX_ERROR`` characters; a value
the person sent is quoted in at most 60).
Requests are at most ``MAX_REQUEST`` characters and nest at most 20 levels deep.

Operations:
- ``games``: the registered games (id, title, seats, default options, and their kind:
  ``information`` and ``chance``, see insel.state.Game).
- ``new`` ``{game, options?, seed?}``: start a game (seed: a whole number from 0 to 2^53-1;
  the page draws it at random and never sees it again).
- ``load`` ``{record}``: replay a full game record (a save or a shared link; an object or
  its JSON text).  A record whose chance moves are not the seed's draws is refused.
- ``play`` ``{move}``: play a move for the seat to move.  A chance outcome (a die) is
  refused unless the game's options let the players throw real dice (Inselspiel
  ``physical_dice``, kept in the record).
- ``chance``: let the engine draw the pending random event (from the seed and the moves).
- ``undo``: take back the last move (chance moves included); ``redo`` plays it again.
  Undone moves can be redone until any other change of the game.
- ``history`` ``{seat?}``: the moves so far as ``seat`` may know them, each with the seat
  that made it (``-1``: chance): ``{moves: [{seat, move, said?}]}`` (``said``: the move in
  more words where the game gives them, State.said: Wort-Reversi's tile and answers).
- ``position`` ``{ply, seat?}``: the picture after the first ``ply`` moves, read-only
  (the game stays where it is): ``{ply, plies, view}``.  States along the game are kept,
  so stepping through a long game costs no replay.
- ``diagram`` ``{id, ply?, move?}``: a rules diagram (insel.diagrams; only the ones in
  assets/rules/diagrams.json, never a record the page sends), without touching the game:
  the view at ``ply`` (default: its last), or after trying ``move`` there (refused like
  ``play``): ``{id, game, seat, ply, first, plies, view, legal, try, ui, right?}``.
- ``check`` ``{record}``: replay a full record without touching the game in progress:
  ``{moves, over}`` or the reason it is refused (a damaged save).
- ``view`` ``{seat?}``: the current picture again, e.g. for another seat.
- ``save``: the full game record ``{record}``: seed, secret options and every move, with
  ``picture``, the position as a spectator sees it (a saved game's thumbnail).
- ``parse_words`` ``{text}``: check a teacher's word list (insel.wordlists format) without
  touching the game: ``{pairs, sides, title, tiles, problems: [{line, reason}]}`` (``tiles``:
  how many of the 36 tiles each pair gets; line 0: the list as a whole; at most 50 problems
  are listed).  ``{name}`` instead: a built-in list
  (the print page's cards).
- ``check_words`` ``{text}``: the list against the dictionary, lone singulars filled in
  (insel.lexicon.check; ``available: false`` until the page has installed lexicon.zip).
- ``table_words`` ``{text}``: a .csv/.tsv file's text in the list format, line for line
  (insel.wordlists.from_table): ``{text}``.
- ``report`` ``{record?}``: the learning report of the game in progress, or of a full
  record (a saved game) without touching the game: ``{game, report}`` (Wort-Reversi's
  ``learning_report``: every word asked per seat, counts, share right, missed words and
  their practice round).  It holds only words already asked, so any seat may see it.
- ``grade`` ``{answer, correct, articles_optional?, ascii_spelling?}``: Wort-Reversi's
  grading of one answer (the practice round; the same function grades placements):
  ``{right}``.
- ``ai_prepare`` ``{game}``: import that game's computer player now (the page asks while
  it is idle, so no computer's first move waits for Python to compile its search):
  ``{imported}``, whether anything had to be imported now.
- ``ai_start`` ``{level, seed?, knowledge?, budget_ms?}``: an AI (insel.ai) starts thinking
  for the seat to move (``budget_ms``: the expert's thinking time in all, default 2000;
  other levels ignore it; ``knowledge``: Wort-Reversi's share of words named right, 0 to
  1, absent or ``"level"`` for the level's own: easy 50 %, medium 70 %, hard 90 %, expert
  100 %); ``ai_step`` ``{budget_ms?, seat?}`` thinks about that long
  (default 40 ms) and answers ``{"done": false}``, or plays the chosen move and answers
  like ``play`` plus ``"done": true`` and ``ai_move`` (as ``seat`` may know it).  Any other
  change of the game drops the thinker.
- ``hint`` ``{budget_ms?, seat?}``: the hard level's move for the seat to move (``seat``, if
  given, must be that seat), thought about in slices like ``ai_step`` without playing it:
  ``{"done": false}``, then ``{"done": true, move, reason}`` (insel.ai.advice: the move as
  the seat may see it, ``reason`` a phrase or null).  The same position gives the same hint.
- ``review`` ``{seats, budget_ms?}``: once the game is over, the review for ``seats`` (a
  list of seats, the first the viewer), in slices like ``hint``: ``{"done": false,
  progress: {done, of}}``, then ``{"done": true, viewer, points, moves}``
  (insel.ai.review: ``points[ply]``, the viewer's chance to win after ``ply`` moves, 0 to
  1, for every position; ``moves``, every choice of those seats ``{ply, seat, move, mark,
  loss}``, ``mark`` one of good, inaccuracy, mistake, blunder, with ``better`` and
  ``reason`` for mistakes and blunders).

- ``table_open`` ``{build, names?}``, ``table_admit`` ``{device, seats?}``, ``table_guest``
  ``{device, text, now}``, ``table_lost`` ``{device}``, ``table_sync``, ``table_undo``,
  ``table_answer`` ``{accept}``, ``table_close``: a live table around the game in progress,
  guests on other devices (insel.referee; docs/live-table.md).  Each answers ``{out,
  changed, drop, flood, news, table}``: the texts to send, each to its device, and what the
  host's page should know.

Each state-returning answer carries ``seat`` and, for that seat (the one asked for, else
the seat to move, else ``null``: a spectator), only what it may know: ``view``
(``State.view``), ``legal`` (its legal moves as the page may see them, empty if it is not
its turn), ``record`` (the public record ``{game, options, moves}``: no seed, secret
options and moves replaced, see insel.games.public_record), ``can_undo`` and ``undo_to``
(the seat to move before the last move), ``can_redo`` and ``redo_to`` (the seat to move
after the move a redo would restore).  Asked for with ``history: true``, it also carries
``history``, the move list as ``op history`` gives it for that seat; with ``save: true``,
``saved``, what ``op save`` answers (``{record, picture}``: every secret of the game, for the
device that keeps it).  So one request a move gives the screen, the move list and the save
what they need (the page's table, assets/js/table/local.js, asks for both).

What ``save`` means for secrecy: the full record is the one way a game leaves Python (to
be kept on the device, exported or shared as a link), and it holds every secret of the
game — in Kahuna the seed fixes both hands and the pile, and the discards are named; in
Wort-Reversi the options hold every answer; in Inselspiel the seed fixes the coming
throws.  So a person with the browser's developer tools on the same device can read a
saved game, and whoever opens a shared link can read everything the link carries, just
as a person could look into a box of cards left on the table.  During play the page
itself holds only the public answers above: undo needs no record on the page (the history
stays here), and a move list or game-over summary reads the public record.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from insel.games import GAME_IDS, get_game, public_record, replay_states
from insel.inputs import brief, loads, whole
from insel.refusal import Refusal, phrase
from insel.state import CHANCE, MAX_SEED, IllegalMove, State

# Imported where used, not here: the diagrams, word lists and their dictionary, Wort-Reversi's
# grading and the computer players (insel.ai) are not needed to start a game, and each import
# costs start-up time in the browser (bench/load.py: "our imports").

MAX_REQUEST = 1_000_000  # characters: a word list text (100,000) in JSON with room to spare
MAX_ERROR = 300  # characters of an error message
MAX_PROBLEMS = 50  # word-list problems listed in one answer


class Session:
    """Holds the game in progress: its states, start first (for undo and the move list),
    and the states undone (for redo, latest last)."""

    def __init__(self) -> None:
        self.history: list[State] = []
        self.undone: list[State] = []
        self._ai: tuple[Any, State] | None = None
        self._advice: dict[str, tuple[Any, State, dict]] = {}  # thinker, state, progress
        self.table: Any = None  # the live table's referee (insel.referee), once opened

    @property
    def state(self) -> State:
        if not self.history:
            raise Refusal("no_game")
        return self.history[-1]

    def handle(self, request: str) -> str:
        """Answer one JSON request with one JSON answer (see the module docstring)."""
        kept = (list(self.history), list(self.undone), self._ai, dict(self._advice))
        try:
            answer = {"ok": True, **self._dispatch(request)}
        except Exception as err:
            # a refused request changes nothing
            self.history, self.undone, self._ai, self._advice = kept
            refusal = _refusal(err)
            message = str(refusal)
            if len(message) > MAX_ERROR:
                message = message[:MAX_ERROR - 1] + "…"
            answer = {"ok": False, "error": message, "reason": refusal.reason()}
        return json.dumps(answer, ensure_ascii=False)

    def _dispatch(self, request: Any) -> dict:
        if not isinstance(request, str):
            raise Refusal("request_not_text")
        if len(request) > MAX_REQUEST:
            raise Refusal("request_too_long", count=len(request), limit=MAX_REQUEST)
        args = loads(request)
        if not isinstance(args, dict):
            raise Refusal("request_not_object")
        op = args.get("op")
        method = getattr(self, f"op_{op}", None) if isinstance(op, str) else None
        if method is None:
            raise Refusal("unknown_operation", op=brief(op))
        return method(args)

    # --- operations ---------------------------------------------------------------
    def op_games(self, args: dict) -> dict:
        return {"games": [_describe(get_game(game_id)) for game_id in GAME_IDS]}

    def op_new(self, args: dict) -> dict:
        options = args.get("options") or {}
        if not isinstance(options, dict):
            raise Refusal("options_not_object")
        seed = whole(args.get("seed", 0), phrase("what_seed"), 0, MAX_SEED)
        game = args.get("game")
        if not isinstance(game, str):
            raise Refusal("unknown_game", game=brief(game), known=", ".join(GAME_IDS))
        self._start([get_game(game).start(seed, options)])
        return self._picture(args)

    def op_load(self, args: dict) -> dict:
        self._start(replay_states(_record_of(args)))
        return self._picture(args)

    def op_play(self, args: dict) -> dict:
        move = args.get("move")
        if not isinstance(move, str):
            raise IllegalMove("move_not_text", type=type(move).__name__)
        state = self.state
        if state.current_player() == CHANCE and not state.chance_by_hand():
            raise IllegalMove("chance_drawn_by_engine")
        self._advance(state.play(move))
        return self._picture(args)

    def op_chance(self, args: dict) -> dict:
        state = self.state
        if state.current_player() != CHANCE:
            raise IllegalMove("no_chance_due")
        self._advance(state.play(state.sample_chance()))
        return self._picture(args)

    def op_undo(self, args: dict) -> dict:
        if len(self.history) < 2:
            raise Refusal("nothing_to_undo")
        self._rewind(len(self.history) - 1)
        return self._picture(args)

    def op_redo(self, args: dict) -> dict:
        if not self.undone:
            raise Refusal("nothing_to_redo")
        self.history.append(self.undone.pop())
        self._ai = None
        return self._picture(args)

    def op_view(self, args: dict) -> dict:
        return self._picture(args)

    def op_history(self, args: dict) -> dict:
        return {"moves": self.moves_of(self._seat(args))}

    def op_position(self, args: dict) -> dict:
        plies = len(self.history) - 1
        ply = whole(args.get("ply"), phrase("what_ply"), 0, plies)
        return {"ply": ply, "plies": plies, "view": self.history[ply].view(self._seat(args))}

    def op_diagram(self, args: dict) -> dict:
        from insel import diagrams

        return diagrams.answer(args.get("id"), args.get("ply"), args.get("move"))

    def op_check(self, args: dict) -> dict:
        states = replay_states(_record_of(args))
        return {"moves": len(states) - 1, "over": states[-1].is_over()}

    def op_save(self, args: dict) -> dict:
        return {"record": self.state.record(), "picture": self.state.view(None)}

    def op_parse_words(self, args: dict) -> dict:
        from insel.wordlists import builtin, parse, tiles_per_pair

        words = builtin(args["name"]) if "name" in args else parse(_list_text(args))
        return {**words.option(), "tiles": tiles_per_pair(len(words.pairs)),
                "problems": [{"line": line, "reason": problem.reason()}
                             for line, problem in words.problems[:MAX_PROBLEMS]]}

    def op_check_words(self, args: dict) -> dict:
        from insel import lexicon

        return lexicon.check(_list_text(args))

    def op_table_words(self, args: dict) -> dict:
        from insel.wordlists import from_table

        return {"text": from_table(_list_text(args))}

    def op_report(self, args: dict) -> dict:
        state = replay_states(_record_of(args))[-1] if "record" in args else self.state
        report = getattr(state, "learning_report", None)
        if report is None:
            raise Refusal("no_learning_report", game=state.game_id)
        return {"game": state.game_id, "report": report()}

    def op_grade(self, args: dict) -> dict:
        from insel.games import wortreversi

        answer, correct = args.get("answer"), args.get("correct")
        if not isinstance(answer, str) or not isinstance(correct, str) or max(
                len(answer), len(correct)) > wortreversi.MAX_ANSWER:
            raise Refusal("grade_texts", limit=wortreversi.MAX_ANSWER)
        flags = {name: args.get(name, default) for name, default in
                 (("articles_optional", True), ("ascii_spelling", False))}
        if not all(isinstance(flag, bool) for flag in flags.values()):
            raise Refusal("grade_flags")
        return {"right": wortreversi.grade(answer, correct, **flags)}

    def op_ai_prepare(self, args: dict) -> dict:
        game = args.get("game")
        if game not in GAME_IDS:
            raise Refusal("unknown_game", game=brief(game), known=", ".join(GAME_IDS))
        from insel.ai.players import strategy

        known = len(sys.modules)
        strategy(game)
        return {"imported": len(sys.modules) > known}

    def op_ai_start(self, args: dict) -> dict:
        state = self.state
        knowledge = args.get("knowledge")  # absent or "level": the level's own share
        from insel.ai.players import EXPERT_MS, check_level, thinker

        brain = thinker(state, check_level(args.get("level")), args.get("seed", 0), knowledge,
                        args.get("budget_ms", EXPERT_MS))
        self._ai = (brain, state)
        return {"thinking": True, "seat": brain.seat}

    def op_ai_step(self, args: dict) -> dict:
        brain, started = self._ai or (None, None)
        if brain is None or not self.history or started is not self.state:
            raise Refusal("ai_not_thinking")
        move = brain.step(_budget(args))
        if move is None:
            return {"done": False}
        self._advance(started.play(move))
        answer = self._picture(args)
        return {**answer, "done": True, "ai_move": started.public_move(move, answer["seat"])}

    def op_hint(self, args: dict) -> dict:
        state = self.state
        seat = state.current_player()
        if seat < 0 or args.get("seat", seat) != seat:
            raise Refusal("hint_not_to_move")
        from insel.ai.advice import hint_search

        result, _ = self._think("hint", args, lambda progress: hint_search(state, seat))
        return {"done": False} if result is None else {"done": True, **result}

    def op_review(self, args: dict) -> dict:
        state = self.state
        seats = args.get("seats")
        if not isinstance(seats, list) or not seats:
            raise Refusal("no_seat", seat=brief(seats))
        for seat in seats:
            if type(seat) is not int or not 0 <= seat < state.num_players:
                raise Refusal("no_seat", seat=brief(seat))
        if not state.is_over():
            raise Refusal("review_not_over")
        from insel.ai.review import review

        chosen = list(dict.fromkeys(seats))
        result, progress = self._think(f"review:{chosen}", args,
                                       lambda progress: review(self.history, chosen, progress))
        if result is None:
            return {"done": False, "progress": dict(progress)}
        return {"done": True, **result}

    def op_table_open(self, args: dict) -> dict:
        from insel.referee import Referee

        self.table = Referee(self, args.get("build"), args.get("names"))
        return self.table.sync()

    def op_table_admit(self, args: dict) -> dict:
        return self._table().admit(args.get("device"), args.get("seats"))

    def op_table_guest(self, args: dict) -> dict:
        return self._table().guest(args.get("device"), args.get("text"), args.get("now"))

    def op_table_lost(self, args: dict) -> dict:
        return self._table().lost(args.get("device"))

    def op_table_sync(self, args: dict) -> dict:
        return self._table().sync()

    def op_table_undo(self, args: dict) -> dict:
        return self._table().ask_undo()

    def op_table_answer(self, args: dict) -> dict:
        return self._table().answer_undo(args.get("accept"))

    def op_table_close(self, args: dict) -> dict:
        answer = self._table().close()
        self.table = None
        return answer

    def _table(self) -> Any:
        if self.table is None:
            raise Refusal("table_none")
        self.state  # noqa: B018 - a table plays a game: refused without one
        return self.table

    def _think(self, key: str, args: dict, search: Any) -> tuple[Any, dict]:
        """Advance the advice ``key`` for the current state by one slice (``budget_ms``):
        ``search(progress)`` is started unless already under way.  Its result (None while
        it goes on) and the progress it reports."""
        from insel.ai.players import Thinker

        budget = _budget(args)
        brain, started, progress = self._advice.get(key, (None, None, {}))
        if brain is None or started is not self.state:
            progress = {}
            brain = Thinker(search(progress), self.state.current_player())
            self._advice[key] = (brain, self.state, progress)
        return brain.step(budget), progress

    # --- changes ------------------------------------------------------------------
    def _start(self, states: list[State]) -> None:
        """A new game (or a loaded one) replaces everything, the undone moves too."""
        self.history, self.undone, self._ai, self._advice = states, [], None, {}

    def _advance(self, state: State) -> None:
        """A move made: it ends the thinking and any redo."""
        self.history.append(state)
        self.undone, self._ai, self._advice = [], None, {}

    def _rewind(self, keep: int) -> None:
        """Take back moves until ``keep`` states are left (they can be redone)."""
        while len(self.history) > keep:
            self.undone.append(self.history.pop())
        self._ai = None

    # --- answers ------------------------------------------------------------------
    def _seat(self, args: dict) -> int | None:
        """The seat asked for, else the seat to move, else None (a spectator)."""
        state = self.state
        to_move = state.current_player()
        seat = args.get("seat", to_move if to_move >= 0 else None)
        if seat is not None and (type(seat) is not int or not 0 <= seat < state.num_players):
            raise Refusal("no_seat", seat=brief(seat))
        return seat

    def moves_of(self, seat: int | None) -> list[dict]:
        """The moves so far as ``seat`` may know them, each with its mover (op history)."""
        moves = public_record(self.history, seat)["moves"]
        return [{"seat": before.current_player(), "move": move,
                 **({"said": said} if (said := after.said()) else {})}
                for before, after, move in zip(self.history[:-1], self.history[1:], moves,
                                               strict=True)]

    def public_picture(self, seat: int | None) -> dict:
        """What ``seat`` (None: a spectator) may see of the game: its view, its legal moves
        as the page may see them (none unless it is to move) and the public record."""
        state = self.state
        return {
            "seat": seat,
            "view": state.view(seat),
            "legal": state.public_legal_moves() if seat == state.current_player() else [],
            "record": public_record(self.history, seat),
        }

    def _picture(self, args: dict) -> dict:
        """The answer to a request on the game: ``public_picture`` with undo/redo, and (only
        when asked with ``true``: one round trip a move) the move list and the save."""
        seat = self._seat(args)
        also: dict[str, Any] = {}
        if args.get("history") is True:
            also["history"] = self.moves_of(seat)
        if args.get("save") is True:
            also["saved"] = self.op_save(args)
        return {
            **self.public_picture(seat),
            "can_undo": len(self.history) > 1,
            # whose turn it was before the last move: games with secrets allow undo only
            # within the viewer's own turn, or undo would show another seat's hidden side
            "undo_to": self.history[-2].current_player() if len(self.history) > 1 else None,
            "can_redo": bool(self.undone),
            "redo_to": self.undone[-1].current_player() if self.undone else None,
            **also,
        }


def _refusal(err: Exception) -> Refusal:
    """What a failed request answers: a Refusal as it is; other bad input (a ValueError or
    TypeError no check foresaw) and deep nesting as such; anything else as an engine bug."""
    if isinstance(err, Refusal):
        return err
    if isinstance(err, ValueError | TypeError):
        return Refusal("bad_input", detail=str(err))
    if isinstance(err, RecursionError):
        return Refusal("input_too_deep")
    return Refusal("internal_error", detail=f"{type(err).__name__}: {err}")


def _budget(args: dict) -> float:
    """A slice's thinking time in milliseconds (``budget_ms``, default 40)."""
    budget = args.get("budget_ms", 40)
    if isinstance(budget, bool) or not isinstance(budget, int | float) or not (
            0 < budget <= 1000):
        raise Refusal("ai_budget", low=1, high=1000)
    return budget


def _record_of(args: dict) -> Any:
    """The request's record: an object, or its JSON text."""
    record = args.get("record")
    return loads(record, phrase("what_saved_game")) if isinstance(record, str) else record


def _describe(game: Any) -> dict:
    return {
        "id": game.id,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "defaults": game.defaults,
        "information": game.information,
        "chance": game.chance,
    }


def _list_text(args: dict) -> str:
    """A request's word-list text (``text``), checked for type and size."""
    text = args.get("text")
    if not isinstance(text, str):
        raise Refusal("words_not_text")
    from insel.wordlists import MAX_TEXT

    if len(text) > MAX_TEXT:
        raise Refusal("words_text_too_long", count=len(text), limit=MAX_TEXT)
    return text
