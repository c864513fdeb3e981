"""Word lists that are right, in a real browser: the dictionary fetched only when the editor
opens, lone singulars filled in, mismatch warnings with one-click fixes (German from the
german-nouns lookup, English from inflect running in Pyodide), spreadsheet paste and .csv
import with bad lines by number, and the print-and-play cards printed to PDF."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from board import open_setup, saved_record, settle, snapshot
from insel.wordlists import builtin

ANIMALS = builtin("de-tiere").pairs  # 40 good pairs to fill a list with


def editor(page, setup=None):
    """Open Wort-Reversi's setup (unless given) and its word-list editor; wait for the
    dictionary."""
    setup = setup or open_setup(page, "wortreversi")
    setup.locator(".word-lists summary").click()
    page.wait_for_function(
        "document.querySelector('.wl-dictionary').textContent.startsWith('Dictionary:')")
    return setup


def lexicon_requests(recorded) -> list[str]:
    return [url for url in recorded.requests if url.endswith("/assets/lexicon.zip")]


def check(setup, text: str) -> None:
    setup.locator(".word-lists textarea").fill(text)
    setup.get_by_role("button", name="Check and use").click()
    settle(setup.page)  # the engine checks the list in its worker


def test_the_editor_fills_in_singulars_and_warns_of_mismatches_with_a_fix(open_page):
    recorded = open_page(viewport={"width": 1100, "height": 900})
    page = recorded.page
    setup = open_setup(page, "wortreversi")
    assert lexicon_requests(recorded) == []  # not with the page, not with the setup
    setup = editor(page, setup)
    assert len(lexicon_requests(recorded)) == 1
    area = setup.locator(".word-lists textarea")
    pairs = [f"{a} ; {b}" for a, b in ANIMALS[3:]]  # no dog, no mouse
    check(setup, "\n".join(["title: Tiere", "Maus", "der Hund ; die Hunds", *pairs]))
    lines = area.input_value().splitlines()
    assert lines[1] == "die Maus ; die Mäuse"  # filled in from the dictionary
    marks = setup.locator(".wl-marks")
    assert "Checked against the German dictionary" in marks.inner_text()
    assert "Line 2: filled in from the dictionary: die Maus ; die Mäuse" in marks.inner_text()
    warning = marks.locator("li.mismatch")
    assert warning.inner_text().startswith("Line 3: Dictionary: der Hund ; die Hunde")
    status = setup.locator(".wl-status").inner_text()
    assert "Ready" in status and "1 dictionary warning" in status  # a warning, not a block
    warning.get_by_role("button", name="Use this").click()
    settle(page)
    assert area.input_value().splitlines()[2] == "der Hund ; die Hunde"
    assert marks.locator("li.mismatch").count() == 0
    assert setup.locator(".wl-status").inner_text().startswith("Ready: “Tiere”, 39 pairs.")

    check(setup, "check: en\nchild\nmouse ; mouses\nfoot ; feet")  # inflect, in Pyodide
    assert area.input_value().splitlines()[1] == "child ; children"
    assert "Line 3: Dictionary: mouse ; mice" in marks.inner_text()

    check(setup, "\n".join(["der Hund ; die Hunds", *pairs, "der Zahn ; die Zahns"]))
    assert marks.locator("li.mismatch").count() == 2
    setup.get_by_role("button", name="Use the dictionary's form on all 2 lines").click()
    settle(page)
    lines = area.input_value().splitlines()
    assert lines[0] == "der Hund ; die Hunde" and lines[-1] == "der Zahn ; die Zähne"

    check(setup, "\n".join(["der Hund ; die Hunds", *pairs]))  # the teacher's variant is kept
    setup.locator("#setup-play").click()
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'wortreversi'")
    assert snapshot(page)["view"]["title"] == ""
    used = {tuple(p) for p in saved_record(page)["options"]["words"]["pairs"]}
    assert used <= {("der Hund", "die Hunds"), *ANIMALS[3:]}


def test_two_pasted_spreadsheet_columns_and_a_csv_file_with_one_bad_line(open_page, tmp_path):
    page = open_page(viewport={"width": 1100, "height": 900}).page
    setup = editor(page)
    rows = [f"{a}\t{b}" for a, b in ANIMALS[:38]]
    rows[6] = "der Wolf\tdie Wölfe\tTiere im Wald"  # line 7: three columns
    check(setup, "\n".join(rows))
    problems = setup.locator(".wl-problems").inner_text()
    assert problems == "Line 7: 3 columns (a pair has exactly two sides)"
    assert setup.locator(".wl-status").inner_text().startswith("Ready: “Untitled list”, 37 pairs;")

    csv_file = tmp_path / "Tiere.csv"
    cells = [f'"{a}","{b}"' for a, b in ANIMALS[:38]]
    cells[3] = "die Kuh,die Kühe,Bauernhof"  # line 4: three columns
    csv_file.write_text("\n".join(cells) + "\n", encoding="utf-8")
    setup.locator(".word-lists input[type=file]").set_input_files(str(csv_file))
    page.wait_for_function("document.querySelector('.word-lists textarea').value.includes(' ; ')")
    settle(page)
    area = setup.locator(".word-lists textarea").input_value().splitlines()
    assert area[0] == f"{ANIMALS[0][0]} ; {ANIMALS[0][1]}"
    assert area[3] == "die Kuh ; die Kühe ; Bauernhof"
    problems = setup.locator(".wl-problems").inner_text()
    assert problems == "Line 4: more than one ';' (a pair has exactly two sides)"
    assert "37 pairs" in setup.locator(".wl-status").inner_text()


def pdf_text(pdf: Path, page: int) -> str:
    """One page's text in content order, whitespace runs as one space."""
    raw = subprocess.run(["pdftotext", "-raw", "-f", str(page), "-l", str(page), str(pdf), "-"],
                         capture_output=True, text=True, check=True).stdout
    return " ".join(raw.split())


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler-utils: python3 build.py test")
def test_print_cards_gives_fronts_mirrored_backs_the_board_and_rules_on_four_a4_pages(
        open_page, tmp_path):
    recorded = open_page(viewport={"width": 1100, "height": 900})
    page = recorded.page
    setup = open_setup(page, "wortreversi")
    setup.locator("select[name=words]").select_option('"de-stadt"')
    setup.locator(".word-lists summary").click()
    requests, errors = [], []
    page.context.on("request", lambda request: requests.append(request.url))
    page.context.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    page.context.on("weberror", lambda error: errors.append(str(error.error)))
    with page.context.expect_page() as opened:
        setup.get_by_role("button", name="Print cards").click()
    cards = opened.value
    cards.wait_for_selector("body[data-ready=true]")
    assert cards.locator(".card[data-card]").count() == 72 and cards.locator(".sheet").count() == 4
    pdf = tmp_path / "cards.pdf"
    cards.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"^Pages:\s+4$", info, re.M)
    assert re.search(r"Page size:.*pts \(A4\)", info)

    pairs = builtin("de-stadt").pairs[:36]
    fronts, backs, board, rules = (pdf_text(pdf, n) for n in (1, 2, 3, 4))
    for a, b in pairs:
        assert a in fronts and b in backs, (a, b)
    # the backs are mirrored: the top row reads the backs of cards 6, 5, …, 1
    places = [backs.index(f"{pairs[i][1]} Mehrzahl") for i in (5, 4, 3, 2, 1, 0)]
    assert places == sorted(places)
    assert "board" in board and all(f" {c} " in f" {board} " for c in "abcdef123456")
    assert "Wort-Reversi: rules" in rules and "Checking answers" in rules  # in-app, in English
    foreign = [u for u in requests if not u.startswith(("http://127.0.0.1", "data:", "blob:"))]
    assert foreign == [] and errors == []  # e.g. a Content-Security-Policy violation
    cards.close()
