"""Playing against the computer in the browser: it answers, its move is shown like a
person's, secrets stay hidden, and the page answers while it thinks (Python thinks in its
worker; how long the page's own tasks take meanwhile is bench/ai_browser.py's figure)."""

import pytest
from test_first_minutes import compressed_link

from board import open_setup, snapshot, start_game, tap
from thinking import (
    THINKING_WINDOWS,
    answers_while_thinking,
    start_against_computer,
    wait_for_person,
)


@pytest.mark.parametrize("game", ["ponte", "othello", "wortreversi", "kahuna", "inselspiel"])
def test_the_computer_opens_and_the_page_stays_responsive(app_page, game):
    page = app_page.page
    start_against_computer(page, game, computer_seat=0)
    state = wait_for_person(page, seat=1)
    moves = state["record"]["moves"]
    assert moves, "the computer made no move"
    assert page.locator("#seats li").nth(0).inner_text().find("Computer, hard") >= 0
    assert state["view"]["last"] == moves[-1]  # its move is marked like anyone's
    if game == "kahuna":  # the person's own hand only; the computer's stays hidden
        assert state["seat"] == 1 and page.locator("#curtain").is_hidden()
        assert len(state["view"]["hand"]) == state["view"]["hand_sizes"][1]


# Whether ai_prepare had to import the player now (True) or found it imported (False), asked
# after the page's own idle callbacks (theirs were asked for first, so they run first); bounded,
# so that a page never idle or an engine never answering fails here with its reason
IMPORTED_NOW = """(game) => new Promise((done) => {
  setTimeout(() => done("no idle moment and no answer from the engine in 60 s"), 60000);
  requestIdleCallback(async () => done(JSON.parse(
    await window.inselCall(JSON.stringify({op: "ai_prepare", game}))).imported),
    {timeout: 5000});
})"""
# the page's own ai_prepare for `game` has been answered (table/computer.js marks it)
PREPARED = "(game) => performance.getEntriesByName(`insel:prepared:${game}`).length > 0"


def test_a_computer_player_is_imported_while_the_page_is_idle_not_on_its_first_move(fresh_page):
    """The setup's seat choice starts the import while the player is still choosing, and a
    game started with a computer seat has its player imported before its first move.  One
    first visit for both (the snapshot has every computer player imported)."""
    page = fresh_page().page
    setup = open_setup(page, "othello")
    setup.locator("select[name=seat-0]").select_option("expert")
    page.wait_for_function(PREPARED, arg="othello", timeout=60_000)
    assert page.evaluate(IMPORTED_NOW, "othello") is False  # the page imported it
    setup.locator("#setup-cancel").click()
    start_game(page, "ponte")  # people only: nothing to prepare
    assert page.evaluate(IMPORTED_NOW, "ponte") is True
    assert not page.evaluate(PREPARED, "ponte")
    page.locator("#back").click()
    start_game(page, "inselspiel", computer={1: "hard"})  # the person moves first
    page.wait_for_function(PREPARED, arg="inselspiel", timeout=60_000)
    assert page.evaluate(IMPORTED_NOW, "inselspiel") is False
    assert snapshot(page)["record"]["moves"] == []  # before its first move


def test_a_person_moves_and_the_computer_answers(app_page):
    page = app_page.page
    start_against_computer(page, "othello", computer_seat=1, level="medium")
    first = snapshot(page)["legal"][0]
    tap(page, first)
    state = wait_for_person(page, seat=0)
    assert state["record"]["moves"][0] == first and len(state["record"]["moves"]) == 2
    assert state["view"]["last_move"]["seat"] == 1
    page.locator("#undo").click()  # takes back the computer's answer and the person's move
    assert snapshot(page)["record"]["moves"] == []


@pytest.mark.parametrize("game", ["ponte", "othello", "wortreversi", "kahuna", "inselspiel"])
def test_the_expert_shows_its_thinking_time_uses_it_and_the_page_answers(app_page, game):
    page = app_page.page
    start_against_computer(page, game, computer_seat=0, level="expert")
    if game != "wortreversi":  # its opening book answers at once: no time to press anything
        assert answers_while_thinking(page)
    state = wait_for_person(page, seat=1)
    assert state["record"]["moves"], "the expert made no move"
    assert "Computer, expert · up to 2 s" in page.locator("#seats li").nth(0).inner_text()
    if game in ("ponte", "othello"):  # nothing cut its thinking short: at least its 2 s (how
        start, end = page.evaluate(THINKING_WINDOWS)[0]  # much more depends on the machine's
        assert end - start >= 2000  # load, so no upper bound: the move arriving shows it ended)


def test_the_expert_thinks_as_long_as_the_settings_say(app_page):
    """Settings → "The expert thinks": 5 s is shown in the seat picker and with the seat,
    and the expert's first move takes that long (Kahuna's search iterates until its time is
    up; Ponte's, since its memo, may finish its deepest search sooner)."""
    page = app_page.page
    page.locator("#settings-open").click()
    page.locator("#setting-thinking").select_option("5")
    page.locator("#settings-close").click()
    start_against_computer(page, "kahuna", computer_seat=0, level="expert")
    assert answers_while_thinking(page)
    state = wait_for_person(page, seat=1)
    assert state["record"]["moves"], "the expert made no move"
    assert "Computer, expert · up to 5 s" in page.locator("#seats li").nth(0).inner_text()
    start, end = page.evaluate(THINKING_WINDOWS)[0]
    assert end - start >= 5000  # not the 2 s default (no upper bound: that would time the machine)


def test_a_shared_link_keeps_the_computers_seat_and_level(open_page):
    """A record link of a game against the computer opens against the computer again: it
    moves first where it sits first, answers the person, and keeps its level; a link whose
    seats do not fit is refused as damaged, the game on screen untouched."""
    othello = {"game": "othello", "options": {}, "seed": 3, "moves": []}
    page = open_page(compressed_link({**othello, "seats": ["medium", "human"]})).page
    state = wait_for_person(page, seat=1)  # the computer opened
    assert len(state["record"]["moves"]) == 1
    assert "Computer, medium" in page.locator("#seats li").nth(0).inner_text()
    tap(page, state["legal"][0])
    state = wait_for_person(page, seat=1)  # …and answered the person's move
    assert len(state["record"]["moves"]) == 3
    kept = state["record"]
    for seats in (["medium", "human", "human"], ["genius", "human"]):
        page.evaluate("(f) => { location.hash = f; }", compressed_link({**othello, "seats": seats}))
        page.wait_for_function("document.getElementById('message').textContent.includes('damaged')")
        page.wait_for_function("location.hash === ''")
        assert snapshot(page)["record"] == kept, seats
