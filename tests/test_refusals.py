"""Engine refusals are message keys: every key raised in py/insel is worded in every catalogue
(``"engine.<key>"``), every engine text is raised somewhere, and each text's {placeholders}
are parameters every raise site passes.  Keys are found by reading the source: the first
argument of ``Refusal(…)``, ``IllegalMove(…)`` and ``phrase(…)`` is always a string literal."""

from __future__ import annotations

import ast
import json
import re

import pytest

from door import ask
from insel.inputs import brief
from insel.refusal import MAX_PARAM, Refusal, phrase
from insel.session import Session
from insel.state import IllegalMove
from paths import ROOT

SOURCE = ROOT / "py" / "insel"
CATALOGUES = {path.stem: json.loads(path.read_text(encoding="utf-8"))
              for path in sorted((ROOT / "assets" / "i18n").glob("*.json"))}
MAKERS = ("Refusal", "IllegalMove", "phrase")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _calls() -> list[tuple[str, ast.Call]]:
    """Every call of a refusal or phrase maker in py/insel, with its place."""
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func  # err.phrase() is a refusal's own method: no key there
                name = func.id if isinstance(func, ast.Name) else (
                    func.attr if isinstance(func, ast.Attribute) and func.attr != "phrase"
                    else None)
                if name in MAKERS:
                    found.append((f"{path.relative_to(SOURCE)}:{node.lineno}", node))
    return found


CALLS = _calls()
SITES: dict[str, list[tuple[str, set[str]]]] = {}
for _place, _call in CALLS:
    if _call.args and isinstance(_call.args[0], ast.Constant):
        SITES.setdefault(_call.args[0].value, []).append(
            (_place, {k.arg for k in _call.keywords if k.arg}))


def test_every_key_is_a_literal_in_the_house_style() -> None:
    assert len(SITES) > 100, "the scan found too few keys"
    for place, call in CALLS:
        if place.startswith("refusal.py"):
            continue  # the definitions themselves
        assert call.args and isinstance(call.args[0], ast.Constant) and isinstance(
            call.args[0].value, str), f"{place}: the key is not a string literal"
        key = call.args[0].value
        assert re.fullmatch(r"[a-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*", key), f"{place}: key {key!r}"
        assert not any(k.arg is None for k in call.keywords), f"{place}: **params hide names"


@pytest.mark.parametrize("language", sorted(CATALOGUES))
def test_every_key_raised_is_worded(language: str) -> None:
    missing = {key for key in SITES if f"engine.{key}" not in CATALOGUES[language]}
    assert missing == set(), f"{language} lacks engine texts"


def test_every_engine_text_is_raised_somewhere() -> None:
    for language, catalogue in CATALOGUES.items():
        unused = {key for key in catalogue
                  if key.startswith("engine.") and key.removeprefix("engine.") not in SITES}
        assert unused == set(), f"{language}: engine texts no code raises"


def test_engine_texts_come_last_in_the_same_order() -> None:
    orders = []
    for catalogue in CATALOGUES.values():
        keys = list(catalogue)
        engine = [key for key in keys if key.startswith("engine.")]
        assert keys[len(keys) - len(engine):] == engine, "engine.* keys are not together at the end"
        orders.append(engine)
    assert all(order == orders[0] for order in orders)


@pytest.mark.parametrize("language", sorted(CATALOGUES))
def test_placeholders_are_parameters_of_every_raise_site(language: str) -> None:
    for key, sites in SITES.items():
        wanted = set(PLACEHOLDER.findall(CATALOGUES[language].get(f"engine.{key}", "")))
        for place, given in sites:
            assert wanted <= given, f"{place}: {key} needs {sorted(wanted - given)}"


def test_a_refusal_carries_key_and_params_and_prints_neutrally() -> None:
    err = IllegalMove("ponte_rule1_not_free", square="c3")
    assert isinstance(err, Refusal) and isinstance(err, ValueError)
    assert (err.key, err.params) == ("ponte_rule1_not_free", {"square": "c3"})
    assert str(err) == 'ponte_rule1_not_free {"square": "c3"}'
    assert str(IllegalMove("game_over")) == "game_over"
    nested = Refusal("record_move_illegal", number=2, move="x", reason=err.phrase())
    assert nested.reason()["params"]["reason"] == {"key": "engine.ponte_rule1_not_free",
                                                   "params": {"square": "c3"}}
    assert phrase("ponte_tiles_dark") == {"key": "engine.ponte_tiles_dark", "params": {}}
    long = Refusal("bad_input", detail="x" * 1000)
    assert len(long.params["detail"]) == MAX_PARAM


def test_a_refused_value_is_quoted_the_page_s_way_never_python_s() -> None:
    """„z9“ in German, “z9” in English, never 'z9': the page words the phrase ``quoted``."""
    assert brief("z9") == {"key": "engine.quoted", "params": {"text": "z9"}}
    assert brief(["a", 1]) == {"key": "engine.quoted", "params": {"text": '["a", 1]'}}
    assert brief(None)["params"]["text"] == "null" and brief(True)["params"]["text"] == "true"
    assert brief(7) == 7 and brief(2.5)["params"]["text"] == "2.5"
    assert brief("x" * 500)["params"]["text"] == "x" * 59 + "…"
    marks = {lang: json.loads((ROOT / f"assets/i18n/{lang}.json").read_text())["engine.quoted"]
             for lang in ("de", "en")}
    assert marks == {"de": "„{text}“", "en": "“{text}”"}


def test_the_session_answers_a_phrase_for_every_kind_of_failure() -> None:
    session = Session()
    refused = ask(session, "play", move="a1,c3")
    assert refused["reason"] == {"key": "no_game", "params": {}}
    assert refused["error"] == "no_game"
    ask(session, "new", game="ponte")
    refused = ask(session, "play", move="a1,a1")
    assert refused["reason"]["key"] == "ponte_rule1_two_squares"
    refused = ask(session, "new", game="ponte", options={"size": 11})
    assert refused["reason"] == {"key": "option_size", "params": {
        "game": "ponte", "sizes": "10, 12", "value": 11}}


@pytest.mark.parametrize(("error", "key"), [
    (TypeError("unhashable type: 'list'"), "bad_input"),
    (ValueError("x" * 500), "bad_input"),
    (RecursionError("deep"), "input_too_deep"),
    (KeyError("oops"), "internal_error"),
])
def test_errors_no_check_foresaw_get_a_generic_phrase(monkeypatch: pytest.MonkeyPatch,
                                                      error: Exception, key: str) -> None:
    def broken(self: Session, args: dict) -> dict:
        raise error

    monkeypatch.setattr(Session, "op_games", broken)
    answer = ask(Session(), "games")
    assert answer["ok"] is False and answer["reason"]["key"] == key
    assert len(answer["error"]) <= 300
    if key != "input_too_deep":
        assert len(answer["reason"]["params"]["detail"]) <= MAX_PARAM
