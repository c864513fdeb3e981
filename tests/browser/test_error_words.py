"""The error table (docs/errors.md) as a person meets it: every link, file and stored value
it lists is tried in English and German, and the page shows exactly the table's words where
the table says (the menu's line, the line under the file button, the damaged save's row),
never a browser's, Python's or JavaScript's own text (issues 47 and 48)."""

from __future__ import annotations

import base64
import codecs
import contextlib
import itertools
import json
import re

import pytest
from test_stored_values import PUT, othello_save

from board import settle
from conftest import wait_ready
from paths import ROOT

LANGUAGES = {"en": 2, "de": 3}  # the table's column of each language's words
FOREIGN = re.compile(r"undefined|\bNone\b|\bnull\b|NaN|\[object|Internal error|Unexpected token"
                     r"|is not valid JSON|\ufffd|PNG|\\x")


def table() -> list[list[str]]:
    """The error table's rows: [arrives, input, English, German], input without backticks."""
    rows = []
    for line in (ROOT / "docs" / "errors.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        if len(cells) == 4 and cells[0] in ("link", "file", "save"):
            rows.append([cells[0], cells[1].strip("`"), cells[2], cells[3]])
    return rows


ROWS = table()


def fragment(given: str) -> str:
    """A link row's fragment: as typed, or `#record= {…}` made into that record link."""
    if not given.startswith("#record= "):
        return given
    text = given.removeprefix("#record= ").encode()
    return "#record=" + base64.urlsafe_b64encode(text).decode().rstrip("=")


def a_file(given: str) -> dict:
    name, text = given.removeprefix("file ").split(": ", 1)
    raw = "\\x" in text  # bytes written as escapes (a picture's, not a game file's)
    data = codecs.decode(text, "unicode_escape").encode("latin-1") if raw else text.encode()
    return {"name": name, "mimeType": "application/octet-stream", "buffer": data}


def a_save(given: str, seed: int) -> dict:
    return othello_save(2, seed=seed, **json.loads(given.removeprefix("save ")))


def test_the_table_has_a_row_per_case_and_distinct_words():
    assert len(ROWS) >= 30
    for kind in ("link", "file"):  # each shown after the last in one line: never the same twice
        words = [row[2] for row in ROWS if row[0] == kind]
        assert all(a != b for a, b in itertools.pairwise(words)), kind
    assert len((ROOT / "docs" / "errors.md").read_text(encoding="utf-8").splitlines()) <= 250


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_error_in_the_table_reads_as_the_table_says(open_page, language: str):
    page = open_page().page
    column = LANGUAGES[language]
    saves = {f"othello-{100 + i}": row for i, row in enumerate(ROWS) if row[0] == "save"}
    page.evaluate("(language) => localStorage.setItem('inselspiele.settings', "
                  "JSON.stringify({version: 1, language}))", language)
    page.evaluate(PUT, [a_save(row[1], int(save_id.split("-")[1]))
                        for save_id, row in saves.items()])
    page.reload()
    wait_ready(page)
    settle(page)
    shown = []
    for kind, given, *words in ROWS:
        want = words[column - 2]
        if kind == "link":
            page.evaluate("(f) => { location.hash = f; }", fragment(given))
            node = "menu-message"
        elif kind == "file":
            page.evaluate("() => window.scrollTo(0, 0)")  # a person scrolls down to the button
            page.locator("#import").evaluate("(button) => button.scrollIntoView({block: 'end'})")
            page.locator("#import-file").set_input_files(files=[a_file(given)])
            node = "file-message"
        else:
            continue
        settle(page)
        with contextlib.suppress(Exception):  # a mismatch is reported below, with the words shown
            page.wait_for_function("([id, want]) => document.getElementById(id).textContent"
                                   " === want", arg=[node, want], timeout=5000)
        shown.append((given, page.locator(f"#{node}").inner_text(), want))
        if kind == "file":  # said where the person is looking: wholly on the screen
            box = page.locator("#file-message").evaluate(
                "(node) => { const r = node.getBoundingClientRect();"
                " return [r.top, r.bottom, innerHeight]; }")
            assert box[0] >= 0 and box[1] <= box[2], (given, box)
    for save_id, (_, given, *words) in saves.items():
        problem = page.locator(f'.saved-game[data-save="{save_id}"] .saved-problem')
        shown.append((given, problem.inner_text(), words[column - 2]))
    wrong = [(given, text) for given, text, want in shown if text != want]
    assert wrong == [], "\n".join(f"| {given} | {text} |" for given, text in wrong)
    foreign = [text for _, text, _ in shown if FOREIGN.search(text)]
    assert foreign == []
    assert page.locator("#play").is_hidden()  # no game was opened by any of them
