"""Wort-Reversi's learning report in a real browser: at game end and from the menu, a wrong
answer listed under missed, the CSV download (BOM, Umlaute, no formulas), the report on one
printed A4 page without buttons, the practice round graded by the engine, and the hand
option (choosing which tile to place) played by clicks."""

import csv
import io
import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from board import choose_action, record_link, saved_record, settle, snapshot, start_game, tap
from insel.games import get_game, replay

FORMULA = "=1+1"  # a typed answer a spreadsheet must not run


def near_end_record() -> tuple[dict, str]:
    """A Wort-Reversi game (Tiere) one placement before its end, with wrong answers (one of
    them FORMULA), and that last placement with its right answers."""
    for seed in range(50):
        rng = random.Random(seed)
        state = get_game("wortreversi").new(seed, words="de-tiere")
        wrong = 0
        while not state.is_over():
            move = rng.choice(state.legal_moves())
            square, colon, right = move.partition(":")
            if colon and rng.random() < 0.25:
                answers = [FORMULA if wrong == 0 else "Quatsch"] * len(json.loads(right))
                move = f"{square}:{json.dumps(answers, ensure_ascii=False)}"
                wrong += 1
            state = state.play(move)
        record = state.record()
        *first, last = record["moves"]
        if last != "pass" and wrong >= 2:
            return {**record, "moves": first}, last
    raise AssertionError("no game ends with a placement")


def place(page, move: str) -> None:
    """Make a placement by clicks: tap its square, type each answer, press Place tile."""
    square, _, answers = move.partition(":")
    before = len(snapshot(page)["record"]["moves"])
    tap(page, square.partition("#")[0])
    fields = page.locator("#game-panel .wr-quiz input")
    for i, answer in enumerate(json.loads(answers)):
        fields.nth(i).fill(answer)
    page.get_by_role("button", name="Place tile").click()
    page.wait_for_function("(n) => window.inselApp.snapshot()?.record.moves.length > n", arg=before)
    settle(page)


def seat_part(page, seat: int):
    settle(page)  # the report opens once the engine has answered
    return page.locator(f"#wr-report .wr-report-seat[data-seat='{seat}']")


def counts(part) -> dict[str, str]:
    return {item.get_attribute("data-count"): item.locator("dd").inner_text()
            for item in part.locator("[data-count]").all()}


def test_a_wrong_answer_appears_under_missed_with_its_right_form(app_page):
    page = app_page.page
    start_game(page, "wortreversi")
    legal = replay(saved_record(page)).legal_moves()
    square, _, right = legal[0].partition(":")
    wrong = ["die Falschen"] * len(json.loads(right))
    place(page, f"{square}:{json.dumps(wrong)}")
    place(page, replay(saved_record(page)).legal_moves()[0])  # light answers right
    choose_action(page, "#report-button")
    dark, light = seat_part(page, 0), seat_part(page, 1)
    assert counts(dark) == {"wr_reportAsked": str(len(wrong)), "wr_reportRight": "0",
                            "wr_reportWrong": str(len(wrong)), "wr_reportShare": "0 %"}
    assert counts(light)["wr_reportWrong"] == "0" and counts(light)["wr_reportShare"] == "100 %"
    assert "No word missed." in light.inner_text()
    state = replay(saved_record(page))
    missed = [(state.faces[tile][1], "die Falschen", state.faces[tile][0])
              for _, tile, _, _ in state.log[0][3]]
    rows = [tuple(row.locator("td").all_inner_texts())
            for row in dark.locator(".wr-report-missed tbody tr").all()]
    assert rows == missed  # shown form, the answer given, the right form


def test_at_game_end_the_report_downloads_as_csv_and_prints_on_one_page(open_page, tmp_path):
    record, last = near_end_record()
    page = open_page(record_link(record), viewport={"width": 1280, "height": 800}).page
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'wortreversi'")
    settle(page)
    place(page, last)
    page.locator("#game-over").wait_for()
    page.locator("#game-over-report").click()
    settle(page)
    assert not page.locator("#game-over").is_visible()
    expected = replay({**record, "moves": [*record["moves"], last]}).learning_report()
    for seat, entry in enumerate(expected["seats"]):
        part = seat_part(page, seat)
        assert counts(part)["wr_reportAsked"] == str(len(entry["asked"]))
        assert counts(part)["wr_reportShare"] == f"{entry['share']} %"
        assert part.locator(".wr-report-missed tbody tr").count() == len(entry["missed"])

    with page.expect_download() as download:
        page.locator("#wr-report [data-act=csv]").click()
    data = Path(download.value.path()).read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM: spreadsheets read Umlaute right
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0] == ["Player", "Move", "Square", "Shown", "Answer given", "Right form", "Result"]
    asked = [a for entry in expected["seats"] for a in entry["asked"]]
    assert len(rows) == 1 + len(asked)
    assert [(r[3], r[5], r[6]) for r in rows[1:]] == [
        (a["shown"], a["correct"], "right" if a["right"] else "wrong") for a in asked]
    assert re.search("[äöüÄÖÜß]", data.decode("utf-8-sig"))  # the Tiere list has Umlaute
    assert f"'{FORMULA}" in [r[4] for r in rows[1:]]  # kept as text, never a formula
    assert download.value.suggested_filename.endswith(".csv")

    if shutil.which("pdfinfo"):  # the print stylesheet: the report alone, on one A4 page
        pdf = tmp_path / "report.pdf"
        page.pdf(path=str(pdf), prefer_css_page_size=True)
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                              check=True).stdout
        assert re.search(r"^Pages:\s+1$", info, re.M) and re.search(r"\(A4\)", info)
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout
        assert "Learning report" in text and "Missed words" in text
        assert not any(word in text for word in ("Download CSV", "Practise", "Print", "Undo"))


def test_from_the_menu_in_german_the_practice_round_is_graded_by_the_engine(open_page):
    record, last = near_end_record()
    page = open_page(record_link(record)).page
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'wortreversi'")
    settle(page)
    place(page, last)
    page.locator("#game-over-close").click()
    page.locator("#back").click()
    page.locator("#settings-open").click()
    page.locator("#language").select_option("de")
    page.locator("#settings-close").click()
    row = page.locator(f'.saved-game[data-save="wortreversi-{record["seed"]}"]')
    row.get_by_role("button", name="Lernbericht").click()
    assert page.locator("#wr-report h2").inner_text() == "Lernbericht"
    with page.expect_download() as download:
        page.locator("#wr-report [data-act=csv]").click()
    first_line = Path(download.value.path()).read_bytes().decode("utf-8-sig").splitlines()[0]
    assert first_line.startswith('"Spieler";"Zug";"Feld";"Gezeigt";"Gegebene Antwort"')

    report = replay({**record, "moves": [*record["moves"], last]}).learning_report()
    seat = next(s for s, entry in enumerate(report["seats"]) if entry["missed"])
    questions = report["seats"][seat]["practise"]
    seat_part(page, seat).get_by_role("button", name="Verpasste Wörter üben").click()
    practise = page.locator("#wr-practise")
    marks = []
    for i, question in enumerate(questions):
        assert practise.locator(".wr-practise-word").inner_text() == question["ask"]
        assert f"Wort {i + 1} von {len(questions)}" in practise.inner_text()
        # the first answer is right only by the game's rules: no article, other case
        answer = question["correct"].split()[-1].upper() if i == 0 else "ganz falsch"
        practise.locator("input").fill(answer)
        practise.locator("input").press("Enter")
        settle(page)
        result = practise.locator(".wr-practise-result")
        marks.append(result.inner_text()[0])
        if i > 0:
            assert result.inner_text() == f"✗ Richtig ist: {question['correct']}"
        practise.locator(".controls button").click()
    assert marks == ["✓"] + ["✗"] * (len(questions) - 1)
    assert practise.locator(".wr-practise-score").inner_text() == (
        f"1 von {len(questions)} richtig")
    practise.get_by_role("button", name="Zurück zum Menü").click()
    settle(page)
    assert page.locator("#menu").is_visible() and not practise.is_visible()
    assert not page.locator("#wr-report").is_visible()


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "phone"])
def test_the_hand_option_lets_a_player_choose_the_tile_by_clicks(open_page, touch):
    size = {"width": 390, "height": 844} if touch else {"width": 1100, "height": 800}
    phone = {"device_scale_factor": 3, "has_touch": True, "is_mobile": True} if touch else {}
    page = open_page(viewport=size, **phone).page
    start_game(page, "wortreversi", hand=True)
    tiles = page.locator("#game-panel .wr-hand button.wr-tile")
    assert tiles.count() == 16
    assert tiles.first.get_attribute("aria-pressed") == "true"  # one is always chosen
    chosen = tiles.nth(5)
    tile, word = int(chosen.get_attribute("data-tile")), chosen.inner_text()
    chosen.tap() if touch else chosen.click()
    settle(page)
    assert chosen.get_attribute("aria-pressed") == "true"
    assert tiles.first.get_attribute("aria-pressed") == "false"
    move = next(m for m in replay(saved_record(page)).legal_moves()
                if m.partition(":")[0].endswith(f"#{tile}"))
    square = move.partition("#")[0]
    tap(page, square, touch)
    assert chosen.get_attribute("aria-pressed") == "true"  # the choice survives the tap
    fields = page.locator("#game-panel .wr-quiz input")
    for i, answer in enumerate(json.loads(move.partition(":")[2])):
        fields.nth(i).fill(answer)
    button = page.get_by_role("button", name="Place tile")
    button.tap() if touch else button.click()
    state = snapshot(page)
    assert state["record"]["moves"] == [move]  # the tile chosen, named in the move
    assert state["view"]["words"][state["view"]["names"].index(square)] == word
    assert page.locator("#game-panel .wr-hand button.wr-tile").count() == 16  # light's hand
    offered = {m.partition("#")[2].partition(":")[0] for m in snapshot(page)["legal"]}
    assert offered and str(tile) not in offered  # the placed tile is gone from the offers
