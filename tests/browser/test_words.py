"""Every text a person reads is words: after a few moves against the computer, with the move
list open, a hint asked and the board described, the page of every game in English and in
German holds no engine notation (place ids, move strings, island codes joined by "-"), and
the move list's entries keep their words inside their buttons."""

from __future__ import annotations

import re

from moves import GAMES, KAHUNA_BUILD, play_a_move, press

from board import choose_action, settle, snapshot, start_game, tap

# The engine's notation, as it must never reach the screen.  Words may name what the board
# shows (Kahuna's island names, the towns and ports of Inselspiel, a line "BARI–DUDA" with a
# dash); the squares "c4" only where the board labels its files and ranks.
NOTATION = {
    "place id": re.compile(r"\bp\d+\b"),
    "move verb": re.compile(r"\b(?:take|land|discard|remove|roll):"),
    "code:code": re.compile(r"[A-Za-z]\w*:[\w\[]"),
    "arrow between codes": re.compile(r"->|\w ?> ?\w"),
    "islands joined by -": re.compile(r"\b[A-Z]{2,}-[A-Z]{2,}\b"),
    "cards joined by +": re.compile(r"\b[A-Z]{2,}\+[A-Z]{2,}\b"),
    "squares joined": re.compile(r"\b[a-z]\d{1,2}[,-][a-z]\d{1,2}\b"),
    "tile number": re.compile(r"\b[a-z]\d{1,2}#\d"),
}
SQUARE = re.compile(r"\b[a-z]\d{1,2}\b")
LABELLED_BOARDS = {"othello", "wortreversi", "ponte"}  # the board draws its coordinates

# What a person reads: the rendered text, and the aria-labels of elements on screen.
PAGE_TEXT = """() => {
  const shown = (el) => el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== "hidden";
  const labels = [...document.querySelectorAll("[aria-label]")].filter(shown)
    .map((el) => el.getAttribute("aria-label"));
  return [document.body.innerText, ...labels].join("\\n");
}"""


# Entries of the move list whose words stick out of their button (they must wrap).
OVERFLOWING = """() => [...document.querySelectorAll("#history-list button, #hint-text")]
.filter((box) => {
  const outer = box.getBoundingClientRect();
  return box.scrollWidth > box.clientWidth + 1 || [...box.children].some((part) => {
    const inner = part.getBoundingClientRect();
    return inner.right > outer.right + 1 || inner.bottom > outer.bottom + 1;
  });
}).map((box) => box.textContent)"""


def notation_in(text: str, game: str) -> list[str]:
    """The pieces of notation in `text` ("place id: p116"), as found line by line."""
    patterns = dict(NOTATION)
    if game not in LABELLED_BOARDS:
        patterns["square"] = SQUARE
    return [f"{name}: {line.strip()[:90]}" for line in text.splitlines()
            for name, pattern in patterns.items() if pattern.search(line)]


def a_turn(page, game: str) -> None:
    """The person's first turn (no curtain against the computer); the computer answers."""
    if game != "kahuna":
        play_a_move(page, game)
        return
    card, line = next(KAHUNA_BUILD.match(m).groups() for m in snapshot(page)["legal"]
                      if KAHUNA_BUILD.match(m))
    press(page, f".kahuna-hand button.card[data-card={card}]")
    tap(page, line)
    press(page, ".kahuna-take button.card:enabled")  # end the turn with a card


def open_everything(page, game: str) -> None:
    """The move list open, a hint asked (on the person's turn), the describe dialog open."""
    if page.locator("#history").get_attribute("open") is None:
        page.locator("#moves-button").click()
    if game == "inselspiel" and page.locator("#controls button[data-move=roll]").count():
        page.locator("#controls button[data-move=roll]").click()  # a hint for a move, not the throw
        settle(page)
    hint = page.locator("#hint-button")
    assert hint.is_visible() and hint.is_enabled(), f"{game}: no hint offered"
    hint.click()
    page.wait_for_function("document.getElementById('hint-text').textContent !== ''"
                           " && !document.getElementById('hint-button').disabled")
    settle(page)
    choose_action(page, "#describe-button")
    page.locator("#describe").wait_for()


def test_no_engine_notation_on_screen_in_any_game_or_language(open_page):
    page = open_page("#lang=en").page
    found = {}
    for game in GAMES:
        if page.locator("#play").is_visible():
            page.locator("#back").click()
        start_game(page, game, computer={1: "easy"})
        a_turn(page, game)
        for language in ("en", "de"):
            page.evaluate(f"location.hash = '#lang={language}'")
            page.wait_for_function(f"document.documentElement.lang === '{language}'")
            settle(page)
            open_everything(page, game)
            text = page.evaluate(PAGE_TEXT)
            assert page.locator("#history-list li").count() > 0, f"{game}: no moves listed"
            assert page.locator("#hint-text").text_content(), f"{game}: no hint"
            found[f"{game} {language}"] = notation_in(text, game) + [
                f"overflows: {entry}" for entry in page.evaluate(OVERFLOWING)]
            page.locator("#describe-close").click()
    assert {where: bits for where, bits in found.items() if bits} == {}
