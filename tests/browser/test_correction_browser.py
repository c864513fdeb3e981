"""A pupil's wrong answer teaches (issue 44): on a phone, in German, against the computer,
the right form stays on screen after the computer's reply (in the side panel, on the missed
tile itself until the pupil's next tap, and in the screen reader's live line), a right answer
is confirmed, and the move list says what happened — the tile placed,
each tile asked, the answer, ✓/✗ and the right form — never a typed answer as if it were
the tile.  A teacher's class link asks the pupil's name first and keeps its game from the
moment it opens (a reload before the first move, online and offline); a reload during the
name question asks again for the same link."""

import json

from playwright.sync_api import expect

from board import PHONE, record_link, saved_record, settle, snapshot, start_game, tap
from conftest import wait_ready
from insel.games import replay
from paths import ROOT

DE = json.loads((ROOT / "assets" / "i18n" / "de.json").read_text(encoding="utf-8"))


# the opened move list's visible height, its first two entries' (or all of them), and how
# much of the correction's first line the game's part shows
ROOM = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const list = document.getElementById("history-list");
  const entries = [...list.children].slice(0, 2);
  const part = document.querySelector(".panel-game").getBoundingClientRect();
  const line = document.querySelector("#game-panel .wr-feedback").getBoundingClientRect();
  return {list: list.clientHeight, two: entries.reduce((sum, li) => sum + li.offsetHeight, 0),
          correction: Math.min(part.bottom, line.bottom) - Math.max(part.top, line.top)};
}"""


def right_answers(page) -> dict[str, list[str]]:
    """Per legal square, the right answers (from the engine rebuilt from the saved record:
    the page itself is never given them)."""
    found = {}
    for move in replay(saved_record(page)).legal_moves():
        square, _, answers = move.partition(":")
        found[square] = json.loads(answers)
    return found


def place(page, square: str, answers: list[str]) -> None:
    """Tap `square`, type one answer a tile, press "Plättchen legen"; wait for the computer."""
    tap(page, square, touch=True)
    fields = page.locator("#game-panel .wr-quiz input")
    for i, answer in enumerate(answers):
        fields.nth(i).fill(answer)
    page.get_by_role("button", name=DE["wr_place"]).click()
    page.wait_for_function("() => window.inselApp.snapshot()?.view.current === 0"
                           " || window.inselApp.snapshot()?.view.over")
    settle(page)


def tile_text(page, square: str) -> str:
    """The word drawn on the tile at `square`, its lines joined (a syllable split undone),
    once the page has drawn its latest frame."""
    settle(page)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    lines = [label["text"] for label in page.evaluate("window.inselApp.labels()")
             if label.get("place") == square]
    text = ""
    for line in lines:
        text += line[:-1] if line.endswith("-") else line + " "
    return text.strip()


def test_the_correction_stays_after_the_computer_moves_and_the_move_list_tells_the_truth(open_page):
    page = open_page("#lang=de", **PHONE).page
    start_game(page, "wortreversi", computer={1: "medium"})
    right = right_answers(page)
    view = snapshot(page)["view"]
    square = next(s for s in view["candidates"] if len(view["quiz"][s]) == 1)
    shown = view["quiz"][square][0]["word"]
    missed = view["quiz"][square][0]["square"]
    correct = right[square][0]
    placed = view["next_tiles"][0]["word"]
    assert tile_text(page, missed) == shown
    place(page, square, ["die Hundes"])

    state = snapshot(page)
    assert len(state["record"]["moves"]) == 2  # the computer has answered
    feedback = page.locator("#game-panel .wr-feedback")
    mine = feedback.first.inner_text()  # the pupil's placement, still on screen
    assert f"„{placed}“ auf {square}" in mine
    assert f"✗ {shown} → „die Hundes“;" in mine and f"richtig: {correct}" in mine
    assert feedback.first.locator(".wrong strong").inner_text() == f"richtig: {correct}"
    assert feedback.count() == 2  # and the computer's move beside it
    assert tile_text(page, missed) == correct  # the tile turned over: its right form
    news = page.locator("#board-news").inner_text()  # the screen reader's live line
    assert f"richtig: {correct}" in news and shown in news

    # the move list: the tile placed, the tile asked, the answer, ✗ and the right form
    page.locator("#moves-button").click()
    room = page.evaluate(ROOM)  # on a phone, the correction still in the panel: room for both
    assert room["list"] >= room["two"] > 0, f"the opened move list has no room: {room}"
    assert room["correction"] >= 24, f"the correction scrolled out of the panel: {room}"
    first = page.locator("#history-list li").first.inner_text()
    assert f"{square}: {placed} gelegt" in first
    assert f"{shown} → „die Hundes“ ✗ richtig: {correct}" in first
    assert f"{square}: die Hundes" not in first  # a typed answer never reads as the tile
    page.locator("#moves-button").click()

    # the pupil's next action (a tap on a square) turns the tile back to the form it shows
    square = snapshot(page)["view"]["candidates"][0]
    tap(page, square, touch=True)
    assert tile_text(page, missed) == shown
    tap(page, square, touch=True)  # and closes the quiz again

    # a right answer: the tile turns and the pupil is told so
    right = right_answers(page)
    view = snapshot(page)["view"]
    square = view["candidates"][0]
    place(page, square, right[square])
    mine = page.locator("#game-panel .wr-feedback").first
    assert "✓" in mine.inner_text() and "✗" not in mine.inner_text()
    assert mine.locator(".wr-confirm").inner_text() == DE["wr_allRight"]
    # the pupil's next action (a tap on a square) takes the corrections away for the quiz
    square = snapshot(page)["view"]["candidates"][0]
    tap(page, square, touch=True)
    assert page.locator("#game-panel .wr-feedback").count() == 0
    assert page.locator("#game-panel .wr-quiz").is_visible()


PAIRS = [("der Hund", "die Hunde"), ("die Katze", "die Katzen"), ("die Maus", "die Mäuse"),
         ("das Pferd", "die Pferde"), ("die Kuh", "die Kühe"), ("das Schaf", "die Schafe"),
         ("der Vogel", "die Vögel"), ("der Fisch", "die Fische")]
CLASS_GAME = {"game": "wortreversi", "seed": 4404, "moves": [],
              "options": {"words": {"title": "Tiere der Woche", "sides": ["Einzahl", "Mehrzahl"],
                                    "pairs": [list(pair) for pair in PAIRS]}},
              "seats": ["human", "medium"], "computer": {"knowledge": "level"}}


def reload(page) -> None:
    page.reload()
    wait_ready(page)
    settle(page)


def on_screen(page) -> tuple[str, int, str]:
    """The class game on screen: its list's title, its moves, the pupil's seat's name."""
    state = snapshot(page)
    return (state["view"]["title"], len(state["record"]["moves"]),
            page.locator("#seats li").first.locator(".who .name").inner_text())


def test_a_class_link_asks_the_name_first_and_keeps_the_game_through_reloads(open_page):
    page = open_page("#lang=de", device="pupil-44", **PHONE).page
    page.evaluate("hash => { location.hash = hash; }", record_link(CLASS_GAME))  # the QR code
    ask = page.locator("#name-ask")
    expect(ask).to_be_visible()  # before the game: the pupil's name, nothing remembered yet
    assert ask.locator("h2").inner_text() == DE["askName_title"]
    field = ask.locator('input[data-ask-seat="0"]')
    assert field.input_value() == ""
    field.fill("Lina")
    ask.get_by_role("button", name=DE["askName_play"]).click()
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'wortreversi'")
    settle(page)
    assert on_screen(page) == ("Tiere der Woche", 0, "Lina")
    seed = saved_record(page)["seed"]

    reload(page)  # before the first move: the same game, no QR code to scan again
    assert page.locator("#play").is_visible() and page.locator("#name-ask").count() == 0
    assert on_screen(page) == ("Tiere der Woche", 0, "Lina")
    assert saved_record(page)["seed"] == seed
    page.context.set_offline(True)
    try:
        reload(page)  # offline too
        assert on_screen(page) == ("Tiere der Woche", 0, "Lina")
        assert saved_record(page)["seed"] == seed
    finally:
        page.context.set_offline(False)

    # the next class link on this device: the name remembered, one tap to confirm
    page.evaluate("hash => { location.hash = hash; }",
                  record_link({**CLASS_GAME, "seed": 4405}))
    expect(ask).to_be_visible()
    assert ask.locator('input[data-ask-seat="0"]').input_value() == "Lina"
    ask.get_by_role("button", name=DE["askName_play"]).click()
    page.wait_for_function("window.inselApp.snapshot()?.record.seed === undefined"
                           " && window.inselApp.snapshot()?.view.title === 'Tiere der Woche'")
    settle(page)
    assert saved_record(page)["seed"] == 4405 and on_screen(page)[2] == "Lina"


def test_a_reload_during_the_name_question_asks_again_for_the_same_class_link(open_page):
    page = open_page("#lang=de", device="pupil-44-reload", **PHONE).page
    page.evaluate("hash => { location.hash = hash; }", record_link({**CLASS_GAME, "seed": 4406}))
    ask = page.locator("#name-ask")
    expect(ask).to_be_visible()
    ask.locator('input[data-ask-seat="0"]').fill("Mi")
    page.reload()  # the pupil's phone reloads (or its tab was discarded) while the name is asked
    wait_ready(page)
    expect(ask).to_be_visible()  # the same class link asks again: no QR code to scan again
    ask.locator('input[data-ask-seat="0"]').fill("Mia")
    ask.get_by_role("button", name=DE["askName_play"]).click()
    page.wait_for_function("window.inselApp.snapshot()?.view.title === 'Tiere der Woche'")
    settle(page)
    assert on_screen(page) == ("Tiere der Woche", 0, "Mia")
    assert saved_record(page)["seed"] == 4406
    page.wait_for_function("location.hash === ''")  # followed once the game is open and kept
    reload(page)
    assert page.locator("#name-ask").count() == 0
    assert on_screen(page) == ("Tiere der Woche", 0, "Mia")
