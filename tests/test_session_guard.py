"""Bad input through the JSON door: clear, short refusals, and the game goes on unchanged."""

import copy
import json

import pytest

from door import ask, refusal
from insel.games import replay, replay_states
from insel.inputs import ECHO
from insel.islandmaps import validate_map
from insel.islandmaps.options import MAP_CACHE, _cached_map, load_map_file, map_for_option
from insel.session import MAX_ERROR, MAX_REQUEST, Session
from insel.wordlists import MAX_PAIRS, MAX_TEXT, TILES


def strings(value) -> list[str]:
    """Every string parameter in a phrase's params, nested phrases included."""
    if isinstance(value, dict):
        return [text for v in value.values() for text in strings(v)]
    return [value] if isinstance(value, str) else []


def started() -> tuple[Session, dict]:
    session = Session()
    ask(session, "new", game="ponte", seed=3)
    return session, ask(session, "play", move="c3,d3")


@pytest.mark.parametrize("request_text, key", [
    ("[" * 100_000, "json_too_deep"),
    ('{"op": "view", "seat": ' + "[" * 50 + "]" * 50 + "}", "json_too_deep"),
    ("{" * 30, "json_too_deep"),
    ('{"op": "new", "game": "ponte", "seed": ' + "9" * 5000 + "}", "json_unusable"),
    ("x" * (MAX_REQUEST + 1), "request_too_long"),
])
def test_malformed_requests_get_a_short_clear_error_and_change_nothing(request_text, key):
    session, before = started()
    answer = json.loads(session.handle(request_text))
    assert refusal(answer) == key
    assert len(answer["error"]) <= MAX_ERROR
    assert ask(session, "view") == before


@pytest.mark.parametrize("args", [
    {"op": "play", "move": "q" * 100_000},
    {"op": "x" * 1_000_00},
    {"op": "new", "game": "g" * 100_000},
    {"op": "new", "game": "ponte", "options": {"z" * 100_000: 1}},
    {"op": "new", "game": "othello", "options": {"size": "s" * 100_000}},
    {"op": "view", "seat": "s" * 100_000},
    {"op": "load", "record": {"game": "ponte", "seed": 1, "moves": ["m" * 3000]}},
    {"op": "ai_start", "level": "l" * 100_000},
])
def test_errors_quote_a_bad_value_in_at_most_60_characters(args):
    session, before = started()
    answer = json.loads(session.handle(json.dumps(args)))
    assert answer["ok"] is False and len(answer["error"]) <= MAX_ERROR, answer["error"][:400]
    assert "…" in answer["error"]
    texts = strings(answer["reason"]["params"])
    assert any("…" in text for text in texts) and max(map(len, texts)) <= ECHO
    assert ask(session, "view") == before


def test_a_seat_or_seed_must_be_a_whole_number_not_true():
    session, before = started()
    assert ask(session, "view", seat=True)["reason"]["params"] == {
        "seat": {"key": "engine.quoted", "params": {"text": "true"}}}
    assert ask(session, "view", seat=1.0)["reason"]["params"] == {
        "seat": {"key": "engine.quoted", "params": {"text": "1.0"}}}
    for seed in (True, 2**53):
        answer = ask(session, "new", game="ponte", seed=seed)
        assert answer["reason"]["params"]["what"]["key"] == "engine.what_seed"
    answer = ask(session, "load", record={"game": "ponte", "seed": False, "moves": []})
    assert answer["reason"]["params"]["what"]["key"] == "engine.what_record_seed"
    assert ask(session, "view") == before


def test_a_request_refused_after_its_move_was_played_leaves_the_game_as_it_was():
    session, before = started()
    answer = ask(session, "play", move="e5,e6", seat=9)  # legal move, impossible seat
    assert answer["reason"] == {"key": "no_seat", "params": {"seat": 9}}
    assert ask(session, "view") == before
    assert ask(session, "save")["record"]["moves"] == ["c3,d3"]


# --- chance outcomes --------------------------------------------------------------------
def inselspiel_record(**options) -> dict:
    session = Session()
    ask(session, "new", game="inselspiel", seed=11, options=options)
    ask(session, "play", move="roll")
    ask(session, "chance")
    return ask(session, "save")["record"]


def test_a_record_with_an_edited_throw_is_refused_naming_the_move():
    record = inselspiel_record()
    assert replay(record).current_player() == 0  # the true record loads
    thrown = record["moves"][1]
    edited = {**record, "moves": ["roll", "roll:6" if thrown != "roll:6" else "roll:5"]}
    with pytest.raises(ValueError, match=r"record_chance_edited .*\"text\": \"roll:\d\""):
        replay(edited)
    answer = ask(Session(), "load", record=edited)
    assert refusal(answer) == "record_chance_edited" and answer["reason"]["params"]["number"] == 2
    assert answer["reason"]["params"]["drawn"] == thrown


def test_with_physical_dice_the_throw_is_entered_and_kept_in_the_record():
    session = Session()
    ask(session, "new", game="inselspiel", seed=11, options={"physical_dice": True})
    ask(session, "play", move="roll")
    answer = ask(session, "play", move="roll:4")
    assert answer["ok"] and answer["view"]["die"] == 4
    record = ask(session, "save")["record"]
    assert record["options"]["physical_dice"] is True and record["moves"] == ["roll", "roll:4"]
    assert len(replay_states(record)) == 3  # the chosen throw replays: the option says so
    assert ask(Session(), "new", game="inselspiel", options={"physical_dice": 1})["reason"] == {
        "key": "option_true_false", "params": {"game": "inselspiel", "name": "physical_dice"}}


def test_the_engine_throw_depends_on_seed_and_moves_and_replays_the_same():
    first = inselspiel_record()
    assert replay(first).moves == tuple(first["moves"])
    again = inselspiel_record()
    assert again == first  # same seed, same moves: same throw


# --- word lists -------------------------------------------------------------------------
def pairs(count: int) -> list[list[str]]:
    return [[f"wort{n}", f"Wörter{n}"] for n in range(count)]


def test_a_game_keeps_only_the_36_pairs_it_uses_and_answers_stay_small():
    session = Session()
    answer = ask(session, "new", game="wortreversi", seed=5,
                 options={"words": {"title": "Groß", "pairs": pairs(MAX_PAIRS)}})
    assert answer["ok"] and len(json.dumps(answer)) < 20_000
    assert answer["record"]["options"]["words"] == {"title": "Groß",
                                                    "sides": ["Singular", "Plural"]}
    saved = ask(session, "save")["record"]
    assert len(saved["options"]["words"]["pairs"]) == TILES
    assert ask(Session(), "load", record=saved) == answer  # the shortened record deals the same


def test_word_lists_have_size_limits():
    too_many = ask(Session(), "new", game="wortreversi",
                   options={"words": {"pairs": pairs(MAX_PAIRS + 1)}})
    assert too_many["reason"]["params"]["limit"] == MAX_PAIRS
    long_title = ask(Session(), "new", game="wortreversi",
                     options={"words": {"title": "t" * 101, "pairs": pairs(TILES)}})
    assert refusal(long_title) == "words_option_title"
    text = "\n".join(f"a{n} ; b{n}" for n in range(MAX_TEXT // 8))
    assert refusal(ask(Session(), "parse_words", text=text)) == "words_text_too_long"
    junk = ask(Session(), "parse_words", text="kein Semikolon\n" * 5000)
    assert len(junk["problems"]) == 50 and len(json.dumps(junk)) < 10_000


# --- maps -------------------------------------------------------------------------------
def broken(path: str, value) -> dict:
    """The default map with one field (``places.0.x`` style path) set to ``value``."""
    data = copy.deepcopy(load_map_file("default"))
    *parents, last = path.split(".")
    node = data
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return data


@pytest.mark.parametrize("path, value, problem", [
    ("places.0.x", "12", "x and y must be numbers"),
    ("places.3.y", None, "x and y must be numbers"),
    ("roads", None, "places and roads must be lists"),
    ("places", {"p1": 1}, "places and roads must be lists"),
    ("roads.0", "p1-p2", "must join two known places"),
    ("roads.1", [["p1"], "p2"], "must join two known places"),
    ("places.2", "p3", "needs id, kind, x and y"),
    ("places.2.id", 7, "the id must be text"),
    ("places.2.kind", ["port"], "is not one of"),
    ("places.0.name", 5, "the name must be text or null"),
    ("format", "inselspiel-map/2", "format must be 'inselspiel-map/1'"),
    ("coast", [[1, 2], "x", [3, 4]], "the coastline must be a list of [x, y] points"),
    ("coast.0", [1, float("nan")], "the coastline must be a list of [x, y] points"),
    ("width", True, "width and height must be positive numbers"),
])
def test_the_map_validator_reports_malformed_maps_and_never_raises(path, value, problem):
    problems = validate_map(broken(path, value))
    assert any(problem in p for p in problems), problems


def test_the_map_validator_needs_the_format_field():
    data = load_map_file("default")
    assert validate_map(data) == []
    assert validate_map({k: v for k, v in data.items() if k != "format"}) == ["missing 'format'"]


def test_generated_maps_are_kept_in_a_bounded_cache():
    for seed in range(MAP_CACHE + 3):
        map_for_option({"generate": seed, "size": "small"})
    assert _cached_map.cache_info().currsize <= MAP_CACHE
    assert refusal(ask(Session(), "new", game="inselspiel",
                       options={"map": "x" * 1000})) == "map_option"


@pytest.mark.parametrize("game", ["ponte", "kahuna", "othello", "wortreversi", "inselspiel"])
@pytest.mark.parametrize("name, key", [("seed", "options_seed"), ("self", "options_unknown"),
                                       ("options", "options_unknown")])
def test_an_option_named_like_an_argument_is_refused_with_its_reason(game, name, key):
    """``seed`` (or ``self``) among the options is refused by name, at a new game and on
    loading a record, never with Python's words about keyword arguments."""
    session, before = started()
    new = ask(session, "new", game=game, seed=1, options={name: 4})
    record = {"game": game, "seed": 1, "options": {name: 4}, "moves": []}
    for answer in (new, ask(session, "load", record=record), ask(session, "check", record=record)):
        assert answer["ok"] is False and refusal(answer) == key, answer
        assert answer["reason"]["params"]["game"] == game
        assert "argument" not in answer["error"]
    assert ask(session, "view") == before
