"""Property-based fuzzing of the session's JSON door (Hypothesis).

Random JSON of every shape and size, per operation and per game, sent into a game in
progress: every answer must be a JSON object with ``ok`` true or false, a refusal must carry
an error message under the size cap, every request must finish in bounded time, and a
refused request must leave the game exactly as it was.  The examples are derandomized (the
same on every run) and bounded, so the suite takes well under a minute.
"""

import functools
import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from insel.games import GAME_IDS, get_game
from insel.islandmaps import validate_map
from insel.islandmaps.options import load_map_file
from insel.session import MAX_ERROR, Session

OPS = ("games", "new", "load", "play", "chance", "undo", "view", "save", "parse_words",
       "check_words", "table_words", "report", "grade",
       "ai_start", "ai_step", "hint", "review", "nope", "")
SLOW = 5.0  # CPU seconds of this process: far above any answer's work, far below a hang
# (CPU time, not the clock: another process on the cores must not fail the test)
FUZZ = settings(max_examples=120, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

scalars = (st.none() | st.booleans() | st.integers(-2**70, 2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30))
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


@functools.cache
def arguments(game_id: str, legal: tuple[str, ...]) -> st.SearchStrategy:
    """Plausible and junk values for every argument any operation reads.  Made once per game
    and position (most requests are refused and leave the position as it was): Hypothesis
    works out a new strategy's properties on its first draw, which took more time than the
    draws themselves; the same strategy draws the same values."""
    names = [*get_game(game_id).defaults, "bogus"]
    options = st.dictionaries(st.sampled_from(names), json_values, max_size=3)
    moves = st.sampled_from(legal) if legal else st.just("pass")
    mangled = st.tuples(moves, st.text(max_size=6)).map(lambda m: m[0] + m[1])
    return st.fixed_dictionaries({}, optional={
        "game": st.sampled_from(GAME_IDS) | json_values,
        "options": options | json_values,
        "seed": st.integers(-5, 2**60) | json_values,
        "move": moves | mangled | json_values | st.text(min_size=100, max_size=5000),
        "seat": st.integers(-1, 6) | json_values,
        "record": json_values | st.text(max_size=40),
        "text": st.text(max_size=300) | json_values,
        "level": st.sampled_from(["random", "easy", "hard"]) | json_values,
        "knowledge": st.floats(-1, 2) | json_values,
        "budget_ms": st.integers(-5, 3) | json_values,
    })


ANY_OP = st.sampled_from(OPS) | json_values


def started(game_id: str) -> Session:
    session = Session()
    answer = json.loads(session.handle(json.dumps({"op": "new", "game": game_id, "seed": 4})))
    assert answer["ok"], answer
    return session


def answered(session: Session, request: str) -> dict:
    """Send ``request``; check the answer's shape, size cap and CPU time; return it."""
    began = time.process_time()
    answer = json.loads(session.handle(request))
    assert time.process_time() - began < SLOW, request[:200]
    assert isinstance(answer, dict) and answer.get("ok") in (True, False), answer
    if not answer["ok"]:
        assert isinstance(answer["error"], str) and 0 < len(answer["error"]) <= MAX_ERROR
        assert not answer["error"].startswith("internal error"), (request[:200], answer)
    return answer


def game_of(session: Session) -> tuple[str, str]:
    """The game in progress, fully: the saved record and the picture for the seat to move."""
    return session.handle('{"op": "save"}'), session.handle('{"op": "view"}')


def fuzz_game(game_id: str, data: st.DataObject) -> None:
    session = started(game_id)
    for _ in range(data.draw(st.integers(1, 8), label="requests")):
        before = game_of(session)
        legal = json.loads(before[1]).get("legal", [])
        op = data.draw(ANY_OP, label="op")
        args = data.draw(arguments(game_id, tuple(legal)), label="args")
        request = json.dumps({**args, "op": op}, ensure_ascii=data.draw(st.booleans()))
        answer = answered(session, request)
        if not answer["ok"]:
            assert game_of(session) == before, request[:200]


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_random_requests_into_a_game_in_progress(game_id, data):
    fuzz_game(game_id, data)


@settings(FUZZ, max_examples=300)
@given(st.text(max_size=200) | json_values.map(json.dumps)
       | st.integers(1, 5000).map(lambda n: "[" * n + "]" * n))
def test_any_text_gets_a_json_answer_and_changes_nothing(request):
    session = started("ponte")
    before = game_of(session)
    if not answered(session, request)["ok"]:
        assert game_of(session) == before


def put_at(node: object, keys: list[str], value: object) -> None:
    """Set the value at a dotted path if that path still exists; earlier damage may have
    turned a list into something else or shortened it, and then the data stays as it is."""
    for place, key in enumerate(keys):
        if isinstance(node, list) and key.isdigit() and int(key) < len(node):
            index = int(key)
        elif isinstance(node, dict) and (key in node or place == len(keys) - 1):
            index = key
        else:
            return
        if place == len(keys) - 1:
            node[index] = value
        else:
            node = node[index]


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(["format", "width", "height", "coast", "places",
                                           "roads", "places.0", "places.0.x", "places.1.id",
                                           "places.2.kind", "places.3.name", "roads.0",
                                           "roads.1.0", "coast.0", "coast.1.1"]),
                          json_values), min_size=1, max_size=3))
def test_the_map_validator_answers_problems_for_any_damage(damage):
    data = load_map_file("default")
    for path, value in damage:
        put_at(data, path.split("."), value)
    problems = validate_map(data)
    assert isinstance(problems, list) and all(isinstance(p, str) for p in problems)
