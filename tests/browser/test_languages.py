"""Two languages: the first visit follows the browser, the menu switches at any time without
losing the game, the choice is remembered, a #lang= link sets it, numbers and dates follow
it, and the game-over panel speaks it."""

from __future__ import annotations

import json
import random
import re

from playwright.sync_api import expect

from board import record_link, settle, snapshot, start_game, tap
from insel.games import get_game
from insel.state import CHANCE
from paths import ROOT

DE = json.loads((ROOT / "assets" / "i18n" / "de.json").read_text(encoding="utf-8"))
EN = json.loads((ROOT / "assets" / "i18n" / "en.json").read_text(encoding="utf-8"))
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


# What the setup dialog says: its options, seats and computer settings.
SETUP_TEXTS = """() => [...document.querySelectorAll('#setup option, #setup label, #setup legend')]
    .flatMap((node) => [...node.childNodes]).filter((n) => n.nodeType === Node.TEXT_NODE)
    .map((n) => n.textContent.trim()).filter(Boolean)"""


def setup_dialogs_worded(page, language: str) -> None:
    """Each game's setup (options, seats, computer settings) shows the catalogue's texts,
    never a catalogue key."""
    catalogue = {"de": DE, "en": EN}[language]
    for game in ("ponte", "othello", "wortreversi", "kahuna", "inselspiel"):
        page.locator(f".game-card[data-game={game}] [data-start=setup]").click()
        shown = page.evaluate(SETUP_TEXTS)
        page.locator("#setup-cancel").click()
        assert [text for text in shown if text in catalogue] == [], (language, game)
        worded = {"ponte": "supply_unlimited", "wortreversi": "wr_on"}.get(game, "seatKind_human")
        assert catalogue[worded] in shown, (language, game)


def test_the_first_visit_follows_the_browser(open_page) -> None:
    """German from a German browser's first visit, every setup dialog worded in it (and in
    English after a switch); English for a language the app does not speak.  A first visit
    as the language sees it: nothing stored (the page's storage cleared), in a browser of that
    locale; the service worker and the start without a snapshot are test_offline's."""
    german = open_page("", locale="de-AT", viewport={"width": 1100, "height": 800}).page
    expect(german.locator("html")).to_have_attribute("lang", "de")
    expect(german.locator("h1")).to_have_text(DE["appTitle"])
    expect(german.locator(".game-card[data-game=ponte] [data-start=people]")).to_have_text(
        DE["playPeople"])
    assert german.title() == DE["appTitle"]
    setup_dialogs_worded(german, "de")
    german.locator("#settings-open").click()
    german.locator("#language").select_option("en")
    german.locator("#settings-close").click()
    setup_dialogs_worded(german, "en")
    french = open_page("", locale="fr-FR", viewport={"width": 1100, "height": 800}).page
    expect(french.locator("html")).to_have_attribute("lang", "en")  # not spoken: English
    expect(french.locator(".tagline")).to_have_text(EN["tagline"])


def test_switching_keeps_the_game_and_is_remembered(open_page) -> None:
    page = open_page("", locale="en-GB", **PHONE).page
    start_game(page, "othello", size=6)
    tap(page, "c2", touch=True)
    page.wait_for_function("window.inselApp.snapshot()?.view.ply >= 1")
    played = snapshot(page)["record"]["moves"]
    page.locator("#back").click()
    expect(page.locator("#saved-list")).to_contain_text(EN["inProgress"])
    page.locator("#settings-open").click()
    page.locator("#language").select_option("de")
    page.locator("#settings-close").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator(".tagline")).to_have_text(DE["tagline"])
    saved = page.locator("#saved-list li").first
    expect(saved).to_contain_text(DE["inProgress"])
    expect(saved).to_contain_text(".2026")  # a German date: day.month.year
    saved.locator("[data-act=resume]").click()
    assert snapshot(page)["record"]["moves"] == played  # the game is still there
    expect(page.locator("#back")).to_have_text(DE["menu"])
    expect(page.locator("#turn")).not_to_contain_text("to move")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("html")).to_have_attribute("lang", "de")  # remembered
    assert snapshot(page)["record"]["moves"] == played  # a reload goes back to the game
    page.locator("#play-settings").click()
    expect(page.locator("#language")).to_have_value("de")


def test_a_link_sets_the_language_and_a_bad_one_is_explained(open_page) -> None:
    page = open_page("#lang=de", locale="en-US").page
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.evaluate("location.hash = '#lang=fr'")
    expect(page.locator("#menu-message")).to_contain_text("„fr“")
    expect(page.locator("html")).to_have_attribute("lang", "de")  # nothing changed
    page.evaluate("location.hash = '#lang=en'")
    expect(page.locator("html")).to_have_attribute("lang", "en")


def finished_othello() -> dict:
    state = get_game("othello").new(seed=5, size=6)
    chooser = random.Random(5)
    while not state.is_over():
        state = state.play(chooser.choice(state.legal_moves()))
    return state.record()


def test_the_game_over_panel_in_german(open_page) -> None:
    page = open_page("#lang=de").page
    record = finished_othello()
    page.evaluate("(hash) => { location.hash = hash; }", record_link(record))
    dialog = page.locator("#game-over")
    expect(dialog).to_be_visible()
    title = dialog.locator("h2").inner_text()
    assert title.endswith(" gewinnt") or title.startswith("Unentschieden"), title
    lines = dialog.locator("#game-over-lines").inner_text()
    assert "Steine" in lines and "discs" not in lines
    expect(dialog.locator("#game-over-new")).to_have_text(DE["newGame"])


def test_the_move_list_speaks_the_page_language(open_page) -> None:
    state = get_game("inselspiel").new(seed=3)
    chooser = random.Random(5)
    while len(state.moves) < 12 or state.moves[-1] != "pass":  # rolls, walks and a pass
        legal = state.legal_moves()
        if state.current_player() == CHANCE:
            state = state.play(state.sample_chance())  # the throw the seed gives
        else:
            state = state.play("pass" if len(state.moves) >= 12 and "pass" in legal
                               else chooser.choice([m for m in legal if m != "pass"] or legal))
    page = open_page("#lang=de").page
    page.evaluate("(hash) => { location.hash = hash; }", record_link(state.record()))
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'inselspiel'")
    settle(page)
    labels = page.locator("#history-list .move-text").all_text_contents()
    turns = [m for i, m in enumerate(state.moves)  # a turn: a throw, or a pass without one
             if m == "roll" or (m == "pass" and not state.moves[i - 1].startswith("roll:"))]
    assert len(labels) == len(turns)  # one entry a turn: the throw, the die and the move
    throw = state.moves[1].removeprefix("roll:")
    assert labels[0].split(" · ")[0].endswith(f" {throw}")  # the die's face and number
    assert labels[-1].endswith(DE["insel_labelPass"])
    landing = DE["insel_labelLandHere"].split("{")[0]  # "in {port} landen": the port's name
    assert any(label.split(" · ")[-1].startswith(landing) for label in labels)
    text = " ".join(labels)
    assert not re.search(r"\bp\d+\b|roll|pass\b|land:|>", text), text
