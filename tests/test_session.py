"""The JSON door between page and engines: answers, errors, and nothing lost on bad input."""

import json
import subprocess
import sys

from door import refusal
from insel.session import Session
from paths import ROOT


def ask(session: Session, op: str, **args) -> dict:
    return json.loads(session.handle(json.dumps({"op": op, **args})))


def started(seed: int = 3) -> Session:
    session = Session()
    assert ask(session, "new", game="ponte", seed=seed)["ok"]
    return session


def test_games_lists_every_registered_game_with_its_defaults():
    games = ask(Session(), "games")["games"]
    ponte = next(g for g in games if g["id"] == "ponte")
    assert ponte["defaults"]["size"] == 10 and ponte["min_players"] == 2
    kinds = {g["id"]: (g["information"], g["chance"]) for g in games}
    assert kinds == {"ponte": ("perfect", "deterministic"), "othello": ("perfect", "deterministic"),
                     "wortreversi": ("perfect", "sampled"), "kahuna": ("imperfect", "sampled"),
                     "inselspiel": ("perfect", "explicit")}


def test_a_new_game_answers_view_legal_moves_and_record():
    answer = ask(Session(), "new", game="ponte", seed=5, options={"size": 12})
    assert answer["ok"] and answer["seat"] == 0
    assert answer["view"]["current"] == 0 and "a1,a2" in answer["legal"]
    assert answer["record"] == {"game": "ponte", "options": {"size": 12, "supply": "unlimited"},
                                "moves": []}  # the public record: no seed
    assert answer["can_undo"] is False


def test_requests_that_are_not_json_objects_get_clear_errors():
    session = Session()
    invalid = json.loads(session.handle("{nope"))["reason"]
    assert invalid["key"] == "json_invalid"
    assert invalid["params"]["what"] == {"key": "engine.what_request", "params": {}}
    assert refusal(json.loads(session.handle("[1]"))) == "request_not_object"
    assert ask(session, "fly")["reason"] == {"key": "unknown_operation", "params": {
        "op": {"key": "engine.quoted", "params": {"text": "fly"}}}}
    assert ask(session, "play", move="a1,a2")["error"] == "no_game"
    assert refusal(ask(session, "new", game="chess")) == "unknown_game"
    seed = ask(session, "new", game="ponte", seed="x")["reason"]
    assert seed["key"] == "not_whole_number"
    assert seed["params"]["value"] == {"key": "engine.quoted", "params": {"text": "x"}}


def test_an_illegal_move_is_refused_and_the_game_goes_on_unchanged():
    session = started()
    before = ask(session, "play", move="c3,d3")
    refused = ask(session, "play", move="c3,e5")
    assert refused["reason"] == {"key": "ponte_rule1_not_free", "params": {"square": "c3"}}
    assert refused["error"] == 'ponte_rule1_not_free {"square": "c3"}'
    assert ask(session, "view") == {**before, "seat": before["seat"]}


def test_undo_steps_back_and_stops_at_the_start():
    session = started()
    start = ask(session, "view")
    played = ask(session, "play", move="c3,d3")
    assert played["can_undo"] is True and played["undo_to"] == 0
    assert ask(session, "undo") == {**start, "can_redo": True, "redo_to": 1}
    assert ask(session, "undo") == {"ok": False, "error": "nothing_to_undo",
                                    "reason": {"key": "nothing_to_undo", "params": {}}}


def test_load_replays_a_record_and_a_bad_one_keeps_the_current_game():
    session = started()
    played = ask(session, "play", move="c3,d3")
    saved = ask(session, "save")["record"]
    assert saved == {"game": "ponte", "options": {"size": 10, "supply": "unlimited"},
                     "seed": 3, "moves": ["c3,d3"]}
    other = Session()
    loaded = ask(other, "load", record=json.dumps(saved))
    assert loaded == played
    assert ask(Session(), "load", record=played["record"])["reason"] == {
        "key": "record_lacks", "params": {"fields": "seed"}}
    assert ask(other, "undo")["record"]["moves"] == []
    bad = ask(other, "load", record='{"game": "ponte", "seed": 3, "moves": ["c3,d3", "q9"]}')
    assert refusal(bad) == "record_move_illegal" and bad["reason"]["params"]["number"] == 2
    assert bad["reason"]["params"]["reason"]["key"] == "engine.ponte_unknown_move"
    assert refusal(ask(other, "load", record="{")) == "json_invalid"
    assert ask(other, "view")["record"]["moves"] == []


def test_views_for_other_seats_carry_no_legal_moves():
    session = started()
    assert ask(session, "view", seat=1)["legal"] == []
    assert ask(session, "view", seat=7)["reason"] == {"key": "no_seat", "params": {"seat": 7}}


def test_chance_is_refused_when_no_random_event_is_due():
    assert refusal(ask(started(), "chance")) == "no_chance_due"


def test_save_gives_the_full_record_of_the_game_in_progress():
    session = started(seed=5)
    ask(session, "play", move="c3,c5")
    saved = ask(session, "save")
    assert saved["record"] == {"game": "ponte", "options": {"size": 10, "supply": "unlimited"},
                               "seed": 5, "moves": ["c3,c5"]}
    assert saved["picture"] == ask(session, "view", seat=None)["view"]  # the thumbnail


def test_redo_plays_undone_moves_again_until_another_move_is_made():
    session = started()
    ask(session, "play", move="c3,d3")
    after_two = ask(session, "play", move="swap")
    assert after_two["can_redo"] is False and after_two["redo_to"] is None
    ask(session, "undo")
    once_undone = ask(session, "undo")
    assert once_undone["can_redo"] is True and once_undone["redo_to"] == 1  # after c3,d3
    ask(session, "redo")
    assert ask(session, "redo") == after_two  # the same state, byte for byte
    assert refusal(ask(session, "redo")) == "nothing_to_redo"
    ask(session, "undo")
    fresh = ask(session, "play", move="h6,h7")  # a new move: the undone "swap" is gone
    assert fresh["can_redo"] is False and ask(session, "redo")["ok"] is False
    ask(session, "undo")
    ask(session, "new", game="ponte", seed=1)
    assert ask(session, "redo")["ok"] is False  # a new game forgets the old one's undos


def test_history_and_positions_along_the_game_leave_it_where_it_is():
    session = started()
    for move in ("c3,d3", "swap", "h6,h7"):
        now = ask(session, "play", move=move)
    assert ask(session, "history")["moves"] == [
        {"seat": 0, "move": "c3,d3"}, {"seat": 1, "move": "swap"}, {"seat": 0, "move": "h6,h7"}]
    start = ask(session, "position", ply=0)
    assert start["plies"] == 3 and start["view"] == ask(Session(), "new", game="ponte",
                                                        seed=3)["view"]
    assert ask(session, "position", ply=3)["view"] == now["view"]
    assert ask(session, "position", ply=4)["reason"]["params"] == {
        "what": {"key": "engine.what_ply", "params": {}}, "low": 0, "high": 3, "value": 4}
    assert ask(session, "view") == now  # looking back changed nothing


def test_check_replays_a_record_without_touching_the_game_in_progress():
    session = started()
    now = ask(session, "play", move="c3,d3")
    good = {"game": "othello", "seed": 1, "moves": ["d3"]}
    assert ask(session, "check", record=good) == {"ok": True, "moves": 1, "over": False}
    bad = ask(session, "check", record={**good, "moves": ["d3", "a1"]})
    assert refusal(bad) == "record_move_illegal" and bad["reason"]["params"]["number"] == 2
    assert ask(session, "view") == now


def test_ai_prepare_imports_a_games_computer_player_ahead_of_its_first_move():
    probe = """
import json, sys
from insel.session import Session
session = Session()
assert "insel.ai.inselspiel" not in sys.modules
print(session.handle(json.dumps({"op": "ai_prepare", "game": "inselspiel"})))
print("insel.ai.inselspiel" in sys.modules)
print(session.handle(json.dumps({"op": "ai_prepare", "game": "inselspiel"})))
print(session.handle(json.dumps({"op": "ai_prepare", "game": "chess"})))
"""
    lines = subprocess.run([sys.executable, "-c", probe], cwd=ROOT / "py", check=True,
                           capture_output=True, text=True).stdout.splitlines()
    assert json.loads(lines[0]) == {"ok": True, "imported": True}
    assert lines[1] == "True"
    assert json.loads(lines[2]) == {"ok": True, "imported": False}  # once is enough
    refused = json.loads(lines[3])
    assert refused["ok"] is False and "chess" in refused["error"]


def test_an_answer_asked_with_history_and_save_carries_both_as_their_own_ops_give_them():
    # one request a move (the page's table): the picture as ever, the move list as op
    # history gives it for the same seat, the save as op save; without the flags, neither
    for game, seat in (("ponte", {}), ("kahuna", {"seat": 0}), ("kahuna", {"seat": None})):
        session = Session()
        ask(session, "new", game=game, seed=4)
        for op, args in (("view", {}), ("play", {"move": "first"}), ("undo", {}), ("redo", {}),
                         ("ai_start", {"level": "easy"}), ("ai_step", {"budget_ms": 1000})):
            if op == "play":  # the first move the seat to move may make
                args = {"move": ask(session, "view")["legal"][0]}
            answer = ask(session, op, **args, **seat, history=True, save=True)
            assert answer["ok"], (game, op, answer)
            if op == "ai_start":
                assert "history" not in answer and "saved" not in answer
                continue
            assert answer.pop("history") == ask(session, "history", **seat)["moves"], (game, op)
            assert answer.pop("saved") == {k: v for k, v in ask(session, "save").items()
                                           if k != "ok"}, (game, op)
            if op != "ai_step":
                assert answer == ask(session, "view", **seat), (game, op)
            plain = ask(session, "view", **seat, history="yes", save=1)  # only true asks
            assert "history" not in plain and "saved" not in plain
