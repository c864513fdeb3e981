"""Learn to play, in German: each game's guided first game played through by clicking the
canvas and the buttons a step points at, after one wrong try that the page explains in
German; the lesson ends in a normal game against the computer."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from board import settle, snapshot, tap
from paths import ROOT

LESSONS = json.loads((ROOT / "assets" / "lessons" / "lessons.json").read_text(encoding="utf-8"))
DE = json.loads((ROOT / "assets" / "i18n" / "de.json").read_text(encoding="utf-8"))

# A first try that is not the lesson's move, and the start of the German answer it gets.
WRONG_TRY = {
    "othello": (["a1"], DE["illegal"].split("{")[0]),          # refused by the engine
    "wortreversi": (["a1"], DE["illegal"].split("{")[0]),
    "ponte": (["a1", "a10"], DE["lessonOther"]),               # allowed, not this lesson's
    "kahuna": (["ALOA-DUDA"], DE["kahuna_pickCardFirst"]),     # a line before a card
    "inselspiel": (["p4"], DE["insel_rollFirst"]),             # a place before the throw
}


def press(page, value: str) -> None:
    page.locator(f'#play [data-move="{value}"], #play [data-card="{value}"]').first.click()
    settle(page)


def make_move(page, game: str, step: dict, move: str) -> None:
    """What a person does for a step: the marked buttons, then the marked places."""
    for value in step.get("buttons", []):
        press(page, value)
    for target in step.get("targets", []):
        tap(page, target)
    if game == "wortreversi":  # name the backs of the tiles the move closes in
        answers = json.loads(move.split(":", 1)[1])
        inputs = page.locator("#game-panel input[type=text]")
        expect(inputs).to_have_count(len(answers))
        for i, answer in enumerate(answers):
            inputs.nth(i).fill(answer)
        page.get_by_role("button", name=DE["wr_place"]).click()


@pytest.mark.parametrize("game", sorted(LESSONS))
def test_a_guided_first_game_in_german(open_page, game: str) -> None:
    page = open_page("#lang=de").page
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.locator(f".game-card[data-game={game}] [data-start=learn]").click()
    lesson = LESSONS[game]
    text = page.locator("#lesson-text")
    first = lesson["steps"][0]
    expect(text).to_have_text(DE[first["say"]])

    targets, answer = WRONG_TRY[game]
    for target in targets:
        tap(page, target)
    expect(page.locator("#message")).to_contain_text(answer)
    assert snapshot(page)["view"]["ply"] == 0  # nothing was played

    for step in lesson["steps"]:
        expect(text).to_have_text(DE[step["say"]], timeout=10_000)
        assert snapshot(page)["view"]["ply"] == step["ply"]
        make_move(page, game, step, lesson["moves"][step["ply"]])
        page.wait_for_function("(ply) => window.inselApp.snapshot()?.view.ply > ply",
                               arg=step["ply"])
        settle(page)
    expect(text).to_have_text(DE[lesson["done"]], timeout=10_000)
    played = snapshot(page)["record"]["moves"]
    assert played[:len(lesson["moves"])] == lesson["moves"]  # what the lesson taught
    page.locator("#lesson-skip").click()  # "Schließen": the game goes on without the lesson
    expect(page.locator("#lesson")).to_be_hidden()
    assert not re.search(r"\b(the|Tap|Player)\b", page.locator("#play").inner_text())
