"""The JSON door between page and engines: answers, errors, and nothing lost on bad input."""

import json

from insel.session import Session


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


def test_a_new_game_answers_view_legal_moves_and_record():
    answer = ask(Session(), "new", game="ponte", seed=5, options={"size": 12})
    assert answer["ok"] and answer["seat"] == 0
    assert answer["view"]["current"] == 0 and "a1,a2" in answer["legal"]
    assert answer["record"] == {"game": "ponte", "options": {"size": 12, "supply": "unlimited"},
                                "moves": []}  # the public record: no seed
    assert answer["can_undo"] is False


def test_requests_that_are_not_json_objects_get_clear_errors():
    session = Session()
    assert "not valid JSON" in json.loads(session.handle("{nope"))["error"]
    assert json.loads(session.handle("[1]"))["error"] == "a request is a JSON object"
    assert "unknown operation 'fly'" in ask(session, "fly")["error"]
    assert ask(session, "play", move="a1,a2")["error"] == "no game is running"
    assert "unknown game" in ask(session, "new", game="chess")["error"]
    assert "seed" in ask(session, "new", game="ponte", seed="x")["error"]


def test_an_illegal_move_is_refused_and_the_game_goes_on_unchanged():
    session = started()
    before = ask(session, "play", move="c3,d3")
    refused = ask(session, "play", move="c3,e5")
    assert refused["ok"] is False and "c3" in refused["error"]
    assert ask(session, "view") == {**before, "seat": before["seat"]}


def test_undo_steps_back_and_stops_at_the_start():
    session = started()
    start = ask(session, "view")
    played = ask(session, "play", move="c3,d3")
    assert played["can_undo"] is True and played["undo_to"] == 0
    assert ask(session, "undo") == start
    assert ask(session, "undo") == {"ok": False, "error": "nothing to undo"}


def test_load_replays_a_record_and_a_bad_one_keeps_the_current_game():
    session = started()
    played = ask(session, "play", move="c3,d3")
    saved = ask(session, "save")["record"]
    assert saved == {"game": "ponte", "options": {"size": 10, "supply": "unlimited"},
                     "seed": 3, "moves": ["c3,d3"]}
    other = Session()
    loaded = ask(other, "load", record=json.dumps(saved))
    assert loaded == played
    assert "lacks seed" in ask(Session(), "load", record=played["record"])["error"]
    assert ask(other, "undo")["record"]["moves"] == []
    bad = ask(other, "load", record='{"game": "ponte", "seed": 3, "moves": ["c3,d3", "q9"]}')
    assert bad["ok"] is False and "move 2" in bad["error"]
    assert "not valid JSON" in ask(other, "load", record="{")["error"]
    assert ask(other, "view")["record"]["moves"] == []


def test_views_for_other_seats_carry_no_legal_moves():
    session = started()
    assert ask(session, "view", seat=1)["legal"] == []
    assert "no seat 7" in ask(session, "view", seat=7)["error"]


def test_chance_is_refused_when_no_random_event_is_due():
    assert ask(started(), "chance")["error"] == "no random event is due"


def test_save_gives_the_full_record_of_the_game_in_progress():
    session = started(seed=5)
    ask(session, "play", move="c3,c5")
    assert ask(session, "save") == {
        "ok": True, "record": {"game": "ponte", "options": {"size": 10, "supply": "unlimited"},
                               "seed": 5, "moves": ["c3,c5"]}}
