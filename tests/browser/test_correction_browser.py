"""A pupil's wrong answer teaches (issue 44): on a phone, in German, against the computer,
the right form stays on screen after the computer's reply (and in the screen reader's live
line), a right answer is confirmed, and the move list says what happened — the tile placed,
each tile asked, the answer, ✓/✗ and the right form — never a typed answer as if it were
the tile."""

import json

from board import PHONE, saved_record, settle, snapshot, start_game, tap
from insel.games import replay
from paths import ROOT

DE = json.loads((ROOT / "assets" / "i18n" / "de.json").read_text(encoding="utf-8"))


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
    page.wait_for_function("() => window.inselApp.snapshot().view.current === 0"
                           " || window.inselApp.snapshot().view.over")
    settle(page)


def test_the_correction_stays_after_the_computer_moves_and_the_move_list_tells_the_truth(open_page):
    page = open_page("#lang=de", **PHONE).page
    start_game(page, "wortreversi", computer={1: "medium"})
    right = right_answers(page)
    view = snapshot(page)["view"]
    square = next(s for s in view["candidates"] if len(view["quiz"][s]) == 1)
    shown = view["quiz"][square][0]["word"]
    correct = right[square][0]
    placed = view["next_tiles"][0]["word"]
    place(page, square, ["die Hundes"])

    state = snapshot(page)
    assert len(state["record"]["moves"]) == 2  # the computer has answered
    feedback = page.locator("#game-panel .wr-feedback")
    mine = feedback.first.inner_text()  # the pupil's placement, still on screen
    assert f"„{placed}“ auf {square}" in mine
    assert f"✗ {shown} → „die Hundes“;" in mine and f"richtig: {correct}" in mine
    assert feedback.first.locator(".wrong strong").inner_text() == f"richtig: {correct}"
    assert feedback.count() == 2  # and the computer's move beside it
    news = page.locator("#board-news").inner_text()  # the screen reader's live line
    assert f"richtig: {correct}" in news and shown in news

    # the move list: the tile placed, the tile asked, the answer, ✗ and the right form
    page.locator("#moves-button").click()
    first = page.locator("#history-list li").first.inner_text()
    assert f"{square}: {placed} gelegt" in first
    assert f"{shown} → „die Hundes“ ✗ richtig: {correct}" in first
    assert f"{square}: die Hundes" not in first  # a typed answer never reads as the tile
    page.locator("#moves-button").click()

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
