"""Wort-Reversi's learning report (WortReversiState.learning_report, session op ``report``)
and the practice round's grading (op ``grade``): the report comes from the record, grading
is one function for play and practice, and the report tells a seat nothing it was not
already shown."""

import json
import random

import pytest

from door import ask, keys_anywhere, refusal
from insel.games import replay, wortreversi
from insel.session import Session

SEED = 48151623


def play_with_mistakes(session: Session, seed: int = 1, plies: int = 40) -> list[dict]:
    """Play a game through the door, about a third of the placements answered wrong; the
    answers of every move, each seat's view."""
    rng = random.Random(seed)
    answers = []
    for _ in range(plies):
        state = replay(ask(session, "save")["record"])
        if state.is_over():
            break
        move = rng.choice(state.legal_moves())
        if ":" in move and rng.random() < 0.35:
            square, _, right = move.partition(":")
            move = f"{square}:{json.dumps(['die Falschen'] * len(json.loads(right)))}"
        answer = ask(session, "play", move=move)
        assert answer["ok"], answer
        answers.append(answer)
    return answers


def test_a_replay_of_the_record_rebuilds_the_same_report():
    session = Session()
    ask(session, "new", game="wortreversi", seed=SEED)
    play_with_mistakes(session)
    live = ask(session, "report")
    record = ask(session, "save")["record"]
    assert live["ok"] and live["game"] == "wortreversi"
    assert ask(Session(), "report", record=record)["report"] == live["report"]
    assert ask(Session(), "report", record=json.dumps(record))["report"] == live["report"]
    assert json.loads(json.dumps(replay(record).learning_report())) == live["report"]
    seats = live["report"]["seats"]
    assert all(s["wrong"] >= 1 and s["right"] >= 1 for s in seats)  # the game had both


def test_the_report_lists_every_word_asked_with_counts_share_and_missed():
    state = wortreversi.GAME.new(3)
    square = state.legal_moves()[0].partition(":")[0]
    count = len(state.view()["quiz"][square])
    after = state.play(f"{square}:{json.dumps(['Quatsch'] * count)}")
    reply = after.play(after.legal_moves()[0])  # light answers all right
    report = reply.learning_report()
    dark, light = report["seats"]
    assert [a["answer"] for a in dark["asked"]] == ["Quatsch"] * count
    miss = dark["missed"][0]
    tile = miss["tile"]
    assert miss == {"move": 1, "placed": square, "square": miss["square"], "tile": tile,
                    "pair": tile,
                    "shown": state.faces[tile][1], "correct": state.faces[tile][0],
                    "answer": "Quatsch", "right": False}
    assert (dark["right"], dark["wrong"], dark["share"]) == (0, count, 0)
    assert light["wrong"] == 0 and light["share"] == 100 and light["missed"] == []
    assert all(a["move"] == 2 for a in light["asked"])
    assert report["side_names"] == ["Mehrzahl", "Einzahl"]  # dark shows the plural
    assert wortreversi.GAME.new(3).learning_report()["seats"][0]["share"] is None


def test_the_practice_round_asks_each_missed_pair_once_both_ways():
    state = wortreversi.GAME.new(3)
    square = state.legal_moves()[0].partition(":")[0]
    count = len(state.view()["quiz"][square])
    state = state.play(f"{square}:{json.dumps(['nein'] * count)}")
    missed = state.learning_report()["seats"][0]["missed"]
    questions = state.learning_report()["seats"][0]["practise"]
    assert len(questions) == 2 * len({m["tile"] for m in missed})
    first, back = questions[0], questions[1]
    assert (first["ask"], first["correct"]) == (missed[0]["shown"], missed[0]["correct"])
    assert (back["ask"], back["correct"]) == (missed[0]["correct"], missed[0]["shown"])
    assert (first["from"], first["to"]) == ("Einzahl", "Mehrzahl") == (back["to"], back["from"])


@pytest.mark.parametrize("answer, correct, flags, right", [
    ("kühe", "die Kühe", {}, True),
    ("der Kühe", "die Kühe", {}, False),
    ("Kuehe", "die Kühe", {"ascii_spelling": True}, True),
    ("Kuehe", "die Kühe", {}, False),
    ("Kühe", "die Kühe", {"articles_optional": False}, False),
    ("  DIE   kühe ", "die Kühe", {"articles_optional": False}, True),
])
def test_the_grade_op_grades_as_a_placement_does(answer, correct, flags, right):
    assert ask(Session(), "grade", answer=answer, correct=correct, **flags)["right"] is right
    assert wortreversi.GAME.new(0, **flags).is_right(answer, correct) is right


def test_play_and_practice_share_one_grading_function(monkeypatch):
    calls = []
    real = wortreversi.grade

    def spy(*args, **kwargs):
        calls.append(args[:2])
        return real(*args, **kwargs)

    monkeypatch.setattr(wortreversi, "grade", spy)
    state = wortreversi.GAME.new(0)
    move = state.legal_moves()[0]
    state.play(move)
    assert calls and calls[-1][0] == json.loads(move.partition(":")[2])[-1]
    ask(Session(), "grade", answer="Hunde", correct="die Hunde")
    assert calls[-1] == ("Hunde", "die Hunde")


@pytest.mark.parametrize("args, key", [
    ({"answer": 3, "correct": "x"}, "grade_texts"),
    ({"answer": "x" * 101, "correct": "x"}, "grade_texts"),
    ({"answer": "x", "correct": "x", "ascii_spelling": "yes"}, "grade_flags"),
])
def test_the_grade_op_refuses_bad_input(args, key):
    assert refusal(ask(Session(), "grade", **args)) == key


def test_report_is_refused_for_games_without_one_and_for_bad_records():
    session = Session()
    ask(session, "new", game="othello")
    assert refusal(ask(session, "report")) == "no_learning_report"
    assert refusal(ask(Session(), "report")) == "no_game"
    assert not ask(Session(), "report", record={"game": "wortreversi"})["ok"]


def test_a_report_of_a_saved_game_leaves_the_game_in_progress_alone():
    session = Session()
    ask(session, "new", game="wortreversi", seed=5)
    play_with_mistakes(session, plies=6)
    other = Session()
    ask(other, "new", game="wortreversi", seed=6)
    saved = ask(other, "save")["record"]
    before = ask(session, "save")
    assert ask(session, "report", record=saved)["report"]["seats"][0]["asked"] == []
    assert ask(session, "save") == before


def test_the_report_holds_only_words_already_shown_and_no_secret():
    """Every word in the report was shown to every seat in an answer's feedback before; no
    seed, no word pairs."""
    session = Session()
    ask(session, "new", game="wortreversi", seed=SEED, options={"hand": True})
    shown: set[str] = set()
    rng = random.Random(4)
    for _ in range(30):
        state = replay(ask(session, "save")["record"])
        if state.is_over():
            break
        report = ask(session, "report")
        text = json.dumps(report, ensure_ascii=False)
        assert str(SEED) not in text and "pairs" not in keys_anywhere(report)
        words = {a[key] for seat in report["report"]["seats"] for a in seat["asked"]
                 for key in ("shown", "correct")}
        assert words <= shown
        move = rng.choice(state.legal_moves())
        if ":" in move and rng.random() < 0.4:
            square, _, right = move.partition(":")
            move = f"{square}:{json.dumps(['?'] * len(json.loads(right)))}"
        ask(session, "play", move=move)
        feedback = [ask(session, "view", seat=seat)["view"]["last_move"] or {}
                    for seat in (None, 0, 1)]
        assert feedback[0] == feedback[1] == feedback[2]  # every seat is shown the same
        shown |= {w for a in feedback[0].get("answers", []) for w in (a["shown"], a["correct"])}
