"""Hints (insel.ai.advice through the session op ``hint``): legal, reproducible, worded in
every catalogue, in slices (the review of a finished game: tests/test_review.py)."""

import json
import random
import re

import pytest

from door import ask, refusal
from generators import finished
from insel.ai import advice, choose
from insel.games import get_game, replay_states
from insel.session import Session
from insel.state import CHANCE, State
from paths import ROOT

CATALOGUES = [json.loads(path.read_text(encoding="utf-8"))
              for path in sorted((ROOT / "assets" / "i18n").glob("*.json"))]
GAMES = [("othello", {"size": 6}), ("wortreversi", {}), ("ponte", {}), ("kahuna", {}),
         ("inselspiel", {"map": {"generate": 1, "size": "small"}})]


def play_on(session: Session, plies: int, seed: int = 0) -> dict:
    """Random moves (the engine's draws for chance) for ``plies`` moves; the last answer."""
    rng = random.Random(seed)
    answer = ask(session, "view")
    for _ in range(plies):
        state = session.state
        if state.is_over():
            break
        mover = state.current_player()
        answer = ask(session, "chance") if mover == CHANCE else ask(
            session, "play", move=rng.choice(state.legal_moves()))
    while session.state.current_player() == CHANCE:
        answer = ask(session, "chance")
    return answer


def hint(session: Session, budget_ms: int = 40, **args) -> dict:
    """Ask for a hint slice by slice until it is done (or refused)."""
    for _ in range(10_000):
        answer = ask(session, "hint", budget_ms=budget_ms, **args)
        if not answer["ok"] or answer["done"]:
            return answer
    raise AssertionError("the hint never came")


def worded(phrase: dict | None) -> None:
    """A reason phrase is worded in every catalogue, with every placeholder filled."""
    if phrase is None:
        return
    for catalogue in CATALOGUES:
        text = catalogue[phrase["key"]]
        assert set(phrase["params"]) >= set(re.findall(r"\{(\w+)\}", text)), phrase


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_hint_is_a_legal_move_of_the_seat_to_move_and_the_same_every_time(game, options):
    reasons = set()
    for plies in (0, 5, 12):
        session = Session()
        ask(session, "new", game=game, seed=3, options=options)
        answer = play_on(session, plies, seed=plies)
        if answer["view"]["over"]:
            continue
        seat = session.state.current_player()
        got = hint(session, seat=seat)
        assert got["ok"] and got["done"], got
        assert set(got) == {"ok", "done", "move", "reason"}
        assert got["move"] in answer["legal"]  # the page's own list (Wort-Reversi: no answers)
        worded(got["reason"])
        reasons.add(got["reason"] and got["reason"]["key"])
        again = Session()
        ask(again, "load", record=ask(session, "save")["record"])
        assert hint(again, budget_ms=1000) == got  # slices or not, the same hint
        assert len(session.history) == len(again.history)  # asking played nothing
    assert reasons - {None}, f"{game}: no hint came with a reason"


def test_a_hint_is_for_the_seat_to_move_only_and_not_after_the_end():
    session = Session()
    ask(session, "new", game="othello", options={"size": 6})
    assert refusal(ask(session, "hint", seat=1)) == "hint_not_to_move"
    assert refusal(ask(session, "hint", budget_ms=0)) == "ai_budget"
    session._start(replay_states(finished_othello()[0]))
    assert refusal(ask(session, "hint")) == "hint_not_to_move"


def test_playing_a_move_drops_the_hint_under_way():
    session = Session()
    ask(session, "new", game="othello", options={"size": 8})
    play_on(session, 20, seed=4)
    assert ask(session, "hint", budget_ms=1)["done"] is False
    ask(session, "play", move=session.state.legal_moves()[0])
    fresh = hint(session)
    assert fresh["move"] in session.state.public_legal_moves()


# --- a finished game with a blunder (the review's tests too) ------------------------
def gives_a_corner(state: State, move: str) -> bool:
    """After ``move`` the opponent may take a corner."""
    after = state.play(move)
    n = after.board.size
    own, opp = after.discs[after.turn], after.discs[1 - after.turn]
    return after.turn != state.turn and any(
        after.board.moves(own, opp) >> c & 1 for c in (0, n - 1, n * (n - 1), n * n - 1))


def best_by_appraisal(state: State, seat: int) -> str:
    values = finished(advice.appraise(state, seat, state.legal_moves()[0]))
    return max(state.legal_moves(), key=lambda m: values[advice.move_key(state, m)])




def finished_othello() -> tuple[dict, int, str]:
    """A 6×6 game: seat 0 (the person) plays the appraisal's best move every time but once,
    at ply 8 or later, where it gives the opponent a corner; seat 1 plays hard.  The record,
    the ply of the blunder and the move."""
    state = get_game("othello").new(seed=0, size=6)
    blunder = None
    while not state.is_over():
        legal = state.legal_moves()
        if state.turn == 0 and blunder is None and len(state.moves) >= 8:
            bad = [m for m in legal if gives_a_corner(state, m)]
            if bad and len(bad) < len(legal):
                blunder = (len(state.moves), bad[0])
                state = state.play(bad[0])
                continue
        move = best_by_appraisal(state, 0) if state.turn == 0 and len(legal) > 1 else choose(
            state, "hard")
        state = state.play(move)
    assert blunder is not None
    return state.record(), *blunder
