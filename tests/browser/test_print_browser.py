"""Print-and-play for every game, printed to PDF in headless Chromium as a person's "Save as
PDF" would: the setup's "Print and play" opens print.html with the board size chosen; each
game gives its board, its pieces and its rules on A4 pages (Inselspiel's island on four A4
sheets laid landscape, or on one A3 sheet), and pdftotext reads the game's name, its pieces
and its rules' headings in the page's language.  One print page per language, moved from
game to game with its own toolbar.  (Wort-Reversi's cards: test_wordlists_browser.py.)"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from board import open_setup
from conftest import RecordedPage
from paths import ROOT

pytestmark = pytest.mark.skipif(not shutil.which("pdftotext"),
                                reason="poppler-utils: python3 build.py test")

A4 = "594.96 x 841.92 pts (A4)"
A4_LANDSCAPE = "841.92 x 594.96 pts (A4)"
A3_LANDSCAPE = "1191.12 x 841.92 pts (A3)"
ISLANDS = ("ALOA", "BARI", "COCO", "DUDA", "ELAI", "FAAA", "GOLA", "HUNA", "IFFI", "JOJO",
           "KAHU", "LALE")
WORDS = {  # what each language's pages say
    "en": {"ponte": "Ponte del Diavolo", "othello": "Othello", "kahuna": "Kahuna",
           "inselspiel": "Inselspiel (1940)", "board": "board", "rules": "rules",
           "light": "40 light tiles", "dark": "40 dark tiles", "bridges": "15 bridges",
           "discs": "discs", "cards": "24 cards", "sheet": "sheet {n} of 4",
           "stones": "24 stones (red)", "a3": "the island on one A3 sheet"},
    "de": {"ponte": "Ponte del Diavolo", "othello": "Othello", "kahuna": "Kahuna",
           "inselspiel": "Inselspiel (1940)", "board": "Spielplan", "rules": "Spielregeln",
           "light": "40 helle Plättchen", "dark": "40 dunkle Plättchen",
           "bridges": "15 Brücken", "discs": "Steine", "cards": "24 Karten",
           "sheet": "Blatt {n} von 4", "stones": "24 Steine (rot)",
           "a3": "die Insel auf einem A3-Blatt"},
}


def printed(page, tmp_path: Path, name: str) -> tuple[list[str], list[str]]:
    """Print the page to PDF: each page's size and its text (whitespace runs as one space)."""
    pdf = tmp_path / f"{name}.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    info = subprocess.run(["pdfinfo", "-f", "1", "-l", "99", str(pdf)], capture_output=True,
                          text=True, check=True).stdout
    sizes = re.findall(r"^Page\s+\d+ size:\s+(.*)$", info, re.M)
    texts = []
    for number in range(1, len(sizes) + 1):
        raw = subprocess.run(["pdftotext", "-raw", "-f", str(number), "-l", str(number), str(pdf),
                              "-"], capture_output=True, text=True, check=True).stdout
        texts.append(" ".join(raw.split()))
    return sizes, texts


def rules_headings(game: str, language: str) -> list[str]:
    """The section headings of a game's in-app rules (the first, the game's name, aside)."""
    text = (ROOT / "assets" / "rules" / f"{game}.{language}.txt").read_text()
    return [line[2:].strip() for line in text.splitlines() if line.startswith("# ")][1:]


def check_rules(page, last_page: str, game: str, language: str) -> None:
    """The last page holds the game's rules in the page's language, all of it on the page."""
    words = WORDS[language]
    assert f"{words[game]}: {words['rules']}" in last_page
    for heading in rules_headings(game, language):
        assert heading in last_page, (game, language, heading)
    fits = page.locator(".rules").evaluate("(node) => node.scrollHeight <= node.clientHeight + 1"
                                           " && node.scrollWidth <= node.clientWidth + 1")
    assert fits, f"{game}: the rules overflow their page"


def choose(page, label: str, value: str, heading: str) -> None:
    """Choose in the toolbar as a person does, and wait for the sheets to follow."""
    page.get_by_label(label).select_option(value)
    expect(page.locator(".sheet h2").first).to_contain_text(heading)
    page.wait_for_selector("body[data-ready=true]")


def check_every_game(page, tmp_path: Path, language: str) -> None:
    """From Othello 6×6 on the page: the other board, then Ponte, Kahuna and Inselspiel on
    A4 and on A3, each printed and read."""
    words = WORDS[language]
    game_label, size_label, paper_label = (
        ("Game", "Board", "Paper") if language == "en" else ("Spiel", "Brett", "Papier"))

    sizes, texts = printed(page, tmp_path, "othello-6")
    assert sizes == [A4] * 3
    assert f"Othello 6 × 6: {words['board']}" in texts[0] and f"36 {words['discs']}" in texts[1]
    check_rules(page, texts[2], "othello", language)
    choose(page, size_label, "8", "Othello 8 × 8")
    sizes, texts = printed(page, tmp_path, "othello-8")
    assert sizes == [A4] * 3 and f"64 {words['discs']}" in texts[1]

    choose(page, game_label, "ponte", words["ponte"])
    sizes, texts = printed(page, tmp_path, "ponte")
    assert sizes == [A4] * 3
    assert f"Ponte del Diavolo: {words['board']}" in texts[0] and "10 × 10" in texts[0]
    assert all(words[kind] in texts[1] for kind in ("light", "dark", "bridges"))
    check_rules(page, texts[2], "ponte", language)

    choose(page, game_label, "kahuna", words["kahuna"])
    sizes, texts = printed(page, tmp_path, "kahuna")
    assert sizes == [A4] * 3 and words["cards"] in texts[1]
    assert all(texts[1].count(island) == 2 for island in ISLANDS), texts[1]
    check_rules(page, texts[2], "kahuna", language)

    choose(page, game_label, "inselspiel", words["inselspiel"])
    sizes, texts = printed(page, tmp_path, "inselspiel")
    assert sizes == [A4_LANDSCAPE] * 4 + [A4] * 2  # the island on four sheets, stones, rules
    for n in range(1, 5):
        assert words["sheet"].format(n=n) in texts[n - 1] and "Die Insel" in texts[n - 1]
    assert words["stones"] in texts[4]
    check_rules(page, texts[5], "inselspiel", language)
    choose(page, paper_label, "a3", words["a3"])
    sizes, texts = printed(page, tmp_path, "inselspiel-a3")
    assert sizes == [A3_LANDSCAPE, A4, A4] and words["stones"] in texts[1]


def test_the_setup_prints_every_game_with_its_rules_in_english(app_page, tmp_path):
    page = app_page.page
    setup = open_setup(page, "othello")
    setup.locator("select[name=size]").select_option("6")
    with page.context.expect_page() as opened:
        setup.get_by_role("button", name="Print and play").click()
    sheets = opened.value
    recorded = RecordedPage(sheets, own_context=False)  # its errors and requests
    sheets.wait_for_selector("body[data-ready=true]")
    assert sheets.url.endswith("print.html#game=othello&size=6")
    expect(sheets.get_by_label("Board")).to_have_value("6")
    check_every_game(sheets, tmp_path, "en")
    recorded.close()


def test_every_game_prints_in_german(open_page, tmp_path):
    recorded = open_page("print.html#game=othello&size=6", locale="de-DE")
    expect(recorded.page.locator("html")).to_have_attribute("lang", "de")
    check_every_game(recorded.page, tmp_path, "de")
