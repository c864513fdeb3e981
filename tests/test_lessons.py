"""The guided first games (assets/lessons/lessons.json, played by assets/js/class/lesson.js).

A lesson is a record the engine replays: the learner's moves, pointed out one step at a time,
the computer's scripted answers, and chance drawn as the browser draws it (the engine's own
``sample_chance`` from the lesson's seed).  A rule change that breaks a lesson fails here.
"""

from __future__ import annotations

import json

import pytest

from insel.games import GAME_IDS, get_game, replay_states
from insel.state import CHANCE
from paths import ROOT

LESSONS = json.loads((ROOT / "assets" / "lessons" / "lessons.json").read_text(encoding="utf-8"))
CATALOGUES = [json.loads(path.read_text(encoding="utf-8"))
              for path in sorted((ROOT / "assets" / "i18n").glob("*.json"))]


def test_every_game_has_a_lesson() -> None:
    assert sorted(LESSONS) == sorted(GAME_IDS)


@pytest.mark.parametrize("game", sorted(LESSONS))
def test_a_lesson_replays_as_its_steps_say(game: str) -> None:
    lesson = LESSONS[game]
    steps = {step["ply"]: step for step in lesson["steps"]}
    state = get_game(game).new(seed=lesson["seed"], **lesson["options"])
    learner_plies = []
    for ply, move in enumerate(lesson["moves"]):
        seat = state.current_player()
        if seat == CHANCE:  # the page draws chance with the engine: the lesson must agree
            assert move == state.sample_chance(), f"ply {ply}: chance differs"
            assert ply not in steps
        elif seat == lesson["learner"]:
            learner_plies.append(ply)
            step = steps[ply]  # every move of the learner is pointed out
            for target in step.get("targets", []) + step.get("buttons", []):
                assert target in move, f"ply {ply}: {target} is not part of {move}"
        else:
            assert ply not in steps, f"ply {ply}: a step on the computer's move"
        state = state.play(move)
    assert sorted(steps) == learner_plies
    assert lesson["moves"], "an empty lesson"
    assert not state.is_over(), "a lesson ends in a game to play on"
    assert state.current_player() != lesson["learner"] or state.legal_moves()


def test_the_steps_of_a_lesson_can_be_told_apart() -> None:
    """A step points at places of the board or buttons, else the learner is left guessing."""
    for game, lesson in LESSONS.items():
        for step in lesson["steps"]:
            assert step.get("targets") or step.get("buttons"), f"{game} ply {step['ply']}"


@pytest.mark.parametrize("game", sorted(LESSONS))
def test_every_lesson_text_is_in_every_language(game: str) -> None:
    keys = [step["say"] for step in LESSONS[game]["steps"]] + [LESSONS[game]["done"]]
    for catalogue in CATALOGUES:
        assert [key for key in keys if key not in catalogue] == []


def test_the_lessons_teach_what_they_claim() -> None:
    """Spot checks of what the texts say happens."""
    def replayed(game: str) -> list:
        lesson = LESSONS[game]
        return replay_states({"game": game, "options": lesson["options"], "seed": lesson["seed"],
                              "moves": lesson["moves"]})

    ponte = replayed("ponte")[-1].view(None)["score"]["L"]
    assert (ponte["islands"], ponte["bridges"], ponte["points"]) == (2, 1, 3)  # 1 + 2
    kahuna = replayed("kahuna")[-1].view(0)
    aloa = next(island for island in kahuna["islands"] if island["name"] == "ALOA")
    assert aloa["stone"] == 0 and aloa["bridges"][0] == 2
    assert replayed("inselspiel")[-1].view(None)["stones"].get("p30") == 0
    before, after = (state.view(None)["counts"] for state in replayed("othello")[-2:])
    assert after[0] - before[0] == 3  # the disc placed and the two it turned
    before, after = (state.view(None)["counts"] for state in replayed("wortreversi")[-2:])
    assert after[0] - before[0] == 3  # both words named right: both tiles turned
