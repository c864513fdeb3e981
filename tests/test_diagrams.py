"""The rules' live diagrams (assets/rules/diagrams.json, insel.diagrams): every record replays
and shows what its diagram claims; every diagram a rules text places exists and every diagram
is placed in every language; the session door answers only for our own diagrams."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from insel import diagrams
from insel.session import Session
from insel.state import IllegalMove, State
from paths import ROOT

RULES = ROOT / "assets" / "rules"
DIAGRAMS = diagrams.diagrams()
PLACED = re.compile(r"^\s*\[diagram ([\w-]+)\]\s*$", re.MULTILINE)
LANGUAGES = ("en", "de")


def at(view: Any, path: str) -> Any:
    """The value at a dotted path in a view (``score.L.points``, ``islands.0.stone``)."""
    for part in path.split("."):
        view = view[int(part)] if isinstance(view, list) else view[part]
    return view


def check(state: State, seat: int | None, claim: dict, where: str) -> None:
    view = json.loads(json.dumps(state.view(seat)))  # as the page gets it
    for path, value in claim.get("view", {}).items():
        assert at(view, path) == value, f"{where}: {path} is {at(view, path)!r}, not {value!r}"
    if "scores" in claim:
        assert state.scores() == claim["scores"], f"{where}: scores {state.scores()}"
    if "to_move" in claim:
        assert state.current_player() == claim["to_move"], f"{where}: seat to move"


@pytest.mark.parametrize("diagram_id", sorted(DIAGRAMS))
def test_the_record_replays_and_shows_its_claims(diagram_id: str) -> None:
    shown = DIAGRAMS[diagram_id]
    states = diagrams.states(diagram_id)
    assert shown["claims"], "a diagram says what it shows"
    assert 0 <= shown.get("from", 0) <= len(states) - 1
    for claim in shown["claims"]:
        ply = claim.get("ply", len(states) - 1)
        check(states[ply], shown.get("seat"), claim, f"{diagram_id} at ply {ply}")
    for refused in shown.get("refused", []):
        with pytest.raises(IllegalMove) as err:
            diagrams.try_move(diagram_id, refused["move"])
        assert err.value.key == refused["key"], f"{diagram_id}: {refused['move']}"
    trying = shown.get("try")
    if trying is None:
        assert "refused" not in shown and "result" not in shown, "claims of a try need a try"
        return
    assert states[-1].current_player() == shown.get("seat", states[-1].current_player()), (
        "the reader tries as the seat the diagram shows")
    if "move" in trying:
        check(diagrams.try_move(diagram_id, trying["move"]), shown.get("seat"),
              shown["result"], f"{diagram_id} after {trying['move']}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_placed_diagram_exists_and_every_diagram_is_placed(language: str) -> None:
    placed: dict[str, str] = {}
    for path in sorted(RULES.glob(f"*.{language}.txt")):
        for diagram_id in PLACED.findall(path.read_text(encoding="utf-8")):
            assert diagram_id in DIAGRAMS, f"{path.name} places unknown {diagram_id}"
            assert diagram_id not in placed, f"{diagram_id} is placed twice"
            game = diagrams.states(diagram_id)[0].game_id
            assert path.name.startswith(f"{game}."), f"{diagram_id} is a {game} diagram"
            placed[diagram_id] = path.name
    assert set(DIAGRAMS) - set(placed) == set(), f"not placed in the {language} rules"


def test_the_session_shows_a_diagram_steps_and_tries_without_touching_the_game() -> None:
    session = Session()
    ask = lambda **args: json.loads(session.handle(json.dumps({"op": "diagram", **args})))  # noqa: E731
    session.handle(json.dumps({"op": "new", "game": "othello"}))
    shown = ask(id="ponte-bridges")
    assert shown["ok"] and (shown["ply"], shown["first"], shown["plies"]) == (10, 5, 10)
    assert shown["try"] and "b7-c9" in shown["legal"] and len(shown["view"]["bridges"]) == 2
    stepped = ask(id="ponte-bridges", ply=6)
    assert stepped["ply"] == 6 and stepped["legal"] == [] and stepped["view"]["bridges"] == []
    wrong = ask(id="ponte-bridges", move="b2-e2")
    assert not wrong["ok"] and wrong["reason"]["key"] == "ponte_rule3_one_space"
    right = ask(id="ponte-bridges", move="c9-b7")
    assert right["ok"] and right["right"] and len(right["view"]["bridges"]) == 3
    other = ask(id="ponte-bridges", move="a1,a3")
    assert other["ok"] and other["right"] is False
    assert not ask(id="ponte-bridges", ply=2)["ok"]  # before the diagram's first ply
    assert json.loads(session.handle('{"op": "view"}'))["view"]["game"] == "othello"


def test_a_diagram_that_lets_the_reader_try_any_move() -> None:
    """insel-walk names no move: every legal one is allowed, and none is "the" right one."""
    session = Session()
    ask = lambda **args: json.loads(session.handle(json.dumps({"op": "diagram", **args})))  # noqa: E731
    shown = ask(id="insel-walk")
    assert shown["try"] and "p14>p9" in shown["legal"]  # the view needs them to take taps
    tried = ask(id="insel-walk", move="p14>p9")
    assert tried["ok"] and "right" not in tried and tried["view"]["stones"].get("p9") == 1
    refused = ask(id="insel-walk", move="p104>p100")
    assert not refused["ok"] and refused["reason"]["key"] == "insel_rule4_not_empty"


@pytest.mark.parametrize("request_args", [
    {"id": "no-such-diagram"}, {"id": ["ponte-island"]}, {},
    {"id": "ponte-scoring", "move": "a1,a3"},  # a diagram without a try
    {"record": {"game": "kahuna", "seed": 5, "moves": []}},  # never a record of the page's
])
def test_the_page_gets_only_our_diagrams(request_args: dict) -> None:
    answer = json.loads(Session().handle(json.dumps({"op": "diagram", **request_args})))
    assert answer["ok"] is False and answer["reason"]["key"].startswith("diagram_")


def test_a_hidden_hand_stays_hidden_in_a_spectators_diagram() -> None:
    answer = json.loads(Session().handle('{"op": "diagram", "id": "kahuna-cascade"}'))
    assert answer["seat"] is None and answer["view"]["hand"] is None and answer["legal"] == []
