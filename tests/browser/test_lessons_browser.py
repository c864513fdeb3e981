"""Learn to play, in German: each game's guided first game played through by clicking the
canvas and the buttons a step points at, after one wrong try that the page explains in
German; the lesson ends in a normal game against the computer."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from board import PHONE, settle, snapshot, start_game, tap
from paths import ROOT

LESSONS = json.loads((ROOT / "assets" / "lessons" / "lessons.json").read_text(encoding="utf-8"))
DE = json.loads((ROOT / "assets" / "i18n" / "de.json").read_text(encoding="utf-8"))
EN = json.loads((ROOT / "assets" / "i18n" / "en.json").read_text(encoding="utf-8"))


def said(key: str, catalogue: dict = DE, touch: bool = False) -> str:
    """A lesson's text as the page shows it: its {tap} the verb of the input in use."""
    verb = catalogue["verbTap" if touch else "verbClick"]
    text = re.sub(r"(^|[.!?] )\{tap\}", lambda m: m[1] + verb[0].upper() + verb[1:],
                  catalogue[key])  # capitalised where it starts a sentence
    return text.replace("{tap}", verb)

# A first try that is not the lesson's move, and the start of the German answer it gets.
WRONG_TRY = {
    "othello": (["a1"], DE["illegal"].split("{")[0]),          # refused by the engine
    "wortreversi": (["a1"], DE["illegal"].split("{")[0]),
    "ponte": (["a1", "a10"], DE["lessonOther"]),               # allowed, not this lesson's
    "kahuna": (["ALOA-DUDA"], said("kahuna_pickCardFirst")),     # a line before a card
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
    expect(text).to_have_text(said(first["say"]))

    targets, answer = WRONG_TRY[game]
    for target in targets:
        tap(page, target)
    expect(page.locator("#message")).to_contain_text(answer)
    assert snapshot(page)["view"]["ply"] == 0  # nothing was played

    for step in lesson["steps"]:
        expect(text).to_have_text(said(step["say"]), timeout=10_000)
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


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_the_words_follow_the_input_in_use(open_page, touch: bool) -> None:
    """With a mouse a lesson says "Klicke c2 an" / "Click c2", on a touch screen "Tippe c2
    an" / "Tap c2"; typing an answer is "Gib … ein" / "type", never "Tippe"."""
    context = PHONE if touch else {"viewport": {"width": 1280, "height": 800}}
    verb = {"de": ("Tippe" if touch else "Klicke"), "en": ("Tap" if touch else "Click")}
    for language, catalogue in (("de", DE), ("en", EN)):
        page = open_page(f"#lang={language}", **context).page
        page.locator(".game-card[data-game=wortreversi] [data-start=learn]").click()
        text = page.locator("#lesson-text")
        expect(text).to_contain_text(f"{verb[language]} c2")
        expect(text).to_have_text(said("lesson_wortreversi_first", catalogue, touch))
        words = text.inner_text()
        assert ("Gib „die Affen“ für „der Affe“ ein" in words if language == "de"
                else "type “die Affen”" in words), words
        other = {"de": ("Klicke" if touch else "Tippe"), "en": ("Click" if touch else "Tap")}
        assert other[language].lower() not in words.lower(), words
        expect(page.locator("#turn")).to_contain_text(f"{verb[language].lower()} ",
                                                      ignore_case=True)  # the game's own line


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_the_rules_try_it_words_follow_the_input_in_use(open_page, touch: bool) -> None:
    """The rules' "Probier es aus: Klicke auf c4" / "Try it: click c4" with a mouse, "Tippe
    auf c4" / "tap c4" on a touch screen; a sentence's start capitalised ("Tap b7")."""
    context = PHONE if touch else {"viewport": {"width": 1280, "height": 800}}
    verb = {"de": ("Tippe" if touch else "Klicke"), "en": ("tap" if touch else "click")}
    other = {"de": ("Klicke" if touch else "Tippe"), "en": ("click" if touch else "tap")}
    for language in ("de", "en"):
        page = open_page(f"#lang={language}", **context).page
        start_game(page, "ponte")
        page.locator("#rules-button").click()
        rules = page.locator("#rules[open]")
        expect(rules).to_contain_text("c4")
        words = rules.inner_text()
        assert (f"Probier es aus: {verb['de']} auf c4, dann auf c5." in words
                if language == "de" else f"Try it: {verb['en']} c4, then c5." in words), words
        assert (f"selbst. {verb['de']} auf b7" in words if language == "de"
                else f"yourself. {verb['en'].capitalize()} b7" in words), words
        assert "{tap}" not in words
        assert not re.search(rf"\b{other[language]}\b", words, re.IGNORECASE), words
