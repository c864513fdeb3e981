"""Playing without a mouse and without seeing the board: every game's opening played with the
keyboard alone (Tab to the board, arrow keys, Enter), the live line naming each move, the
board described in words, and axe-core (node_modules, never shipped) on every screen and
dialog with no serious or critical finding, its colour-contrast rule in every theme and
both languages."""

from __future__ import annotations

import re

import pytest
from moves import GAMES, press

from board import choose_action, key, record_link, settle, snapshot, start_game
from paths import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
KAHUNA_BUILD = re.compile(r"^([A-Z]+):([A-Z]+-[A-Z]+)$")
SHORT_GAME = ["b3", "b2", "b1", "b4", "d5", "c5", "b5", "e5", "f6"]  # Othello 6×6, over in nine
ARROWS = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"]

# Every pointer, mouse or touch event the page sees is counted: the keyboard test expects none.
COUNT_POINTERS = """() => {
    window.pointerEvents = [];
    const types = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'wheel'];
    for (const type of types) {
        document.addEventListener(type, () => window.pointerEvents.push(type), true);
    }
}"""


def active(page, selector: str) -> bool:
    settle(page)
    return page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector)


def tab_to(page, selector: str, back: bool = False, limit: int = 80) -> None:
    """Press Tab (Shift+Tab when `back`) until the element matching `selector` has focus."""
    for _ in range(limit):
        if active(page, selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selector}")


def cursor_to(page, target: str) -> None:
    """Walk the board's keyboard cursor to `target` with the arrow keys, by the shortest way
    (a breadth-first search over where each key takes it, asked of the page)."""
    start = page.evaluate("window.inselApp.cursor()")
    ways = {start: []}
    queue = [start]
    while queue and target not in ways:
        here = queue.pop(0)
        steps = page.evaluate("([t, keys]) => keys.map((k) => window.inselApp.cursorNext(t, k))",
                              [here, ARROWS])
        for step, there in zip(ARROWS, steps, strict=True):
            if there not in ways:
                ways[there] = [*ways[here], step]
                queue.append(there)
    assert target in ways, f"no arrow keys lead from {start} to {target}"
    for arrow in ways[target]:
        key(page, arrow)
    assert page.evaluate("window.inselApp.cursor()") == target


def choose(page, *targets: str) -> None:
    """Choose places on the board: the cursor to each, then Enter."""
    for target in targets:
        cursor_to(page, target)
        key(page, "Enter")
        settle(page)


def news(page) -> str:
    settle(page)
    return page.locator("#board-news").text_content()


def moves(page) -> list[str]:
    return snapshot(page)["record"]["moves"]


def start_by_keyboard(page, game: str) -> None:
    """Start a game for people at this device from the menu, with Tab and Enter."""
    tab_to(page, f".game-card[data-game={game}] [data-start=people]")
    key(page, "Enter")
    page.wait_for_function("!document.getElementById('play').hidden"
                           f" && window.inselApp.snapshot()?.record.game === '{game}'")


def opening_ponte(page) -> None:
    tab_to(page, "#board")
    choose(page, "c3")
    key(page, "Escape")  # half a move dropped
    assert moves(page) == [] and page.locator("#message").text_content() == ""
    choose(page, "c3", "c5")
    assert moves(page) == ["c3,c5"]
    assert "c3" in news(page) and "c5" in news(page)
    tab_to(page, "#controls button[data-move=swap]")
    key(page, "Enter")
    assert moves(page)[-1] == "swap" and "swap" in news(page).lower()
    assert active(page, "#board")  # the swap button went; the focus went back to the board
    choose(page, "h8", "h6")
    assert moves(page)[-1] in ("h8,h6", "h6,h8") and "h8" in news(page)


def opening_othello(page) -> None:
    tab_to(page, "#board")
    for _ in range(3):
        square = snapshot(page)["legal"][0]
        before = news(page)
        choose(page, square)
        assert moves(page)[-1] == square
        assert square in news(page) and news(page) != before


def opening_wortreversi(page) -> None:
    tab_to(page, "#board")
    for _ in range(2):
        square = snapshot(page)["legal"][0]
        choose(page, square)  # the quiz opens, its first field has the focus
        fields = snapshot(page)["view"]["quiz"][square]
        page.wait_for_function("document.activeElement?.matches('.wr-quiz input')")
        for i, _field in enumerate(fields):
            page.keyboard.type("?")
            if i < len(fields) - 1:
                key(page, "Tab")
        key(page, "Enter")  # submits the quiz
        assert moves(page)[-1].partition(":")[0] == square
        assert square in news(page)
        assert active(page, "#board")  # the quiz went; the board has the focus again


def opening_kahuna(page) -> None:
    assert active(page, "#curtain-lift")  # the curtain is a dialog: its button has the focus
    assert page.locator("#curtain").get_attribute("role") == "dialog"
    key(page, "Enter")
    assert active(page, "#board")
    card, line = next(KAHUNA_BUILD.match(m).groups() for m in snapshot(page)["legal"]
                      if KAHUNA_BUILD.match(m))
    tab_to(page, f".kahuna-hand button.card[data-card={card}]")
    key(page, "Space")
    assert active(page, f".kahuna-hand button.card[data-card={card}]")  # kept over the redraw
    tab_to(page, "#board", back=True)
    choose(page, line)
    assert moves(page)[-1] == f"{card}:{line}"
    assert line.replace("-", "–") in news(page)
    tab_to(page, ".kahuna-take button[data-move='take:pile']")
    key(page, "Enter")
    assert moves(page)[-1] == "take:pile" and active(page, "#curtain-lift")


def opening_inselspiel(page) -> None:
    tab_to(page, "#controls button[data-move=roll]")
    key(page, "Enter")
    assert re.fullmatch(r"roll:\d", moves(page)[-1]) and "throws" in news(page)
    assert active(page, "#board")
    move = next(m for m in snapshot(page)["legal"] if m.startswith("land:"))
    start, end = move.removeprefix("land:").split(">")
    choose(page, start, end)
    assert moves(page)[-1] == move and "lands" in news(page)


@pytest.mark.parametrize("game", ["ponte", "othello", "wortreversi", "kahuna", "inselspiel"])
def test_an_opening_played_with_the_keyboard_alone(open_page, game):
    page = open_page().page
    page.evaluate(COUNT_POINTERS)
    start_by_keyboard(page, game)
    globals()[f"opening_{game}"](page)
    assert page.evaluate("window.pointerEvents") == []
    label = page.locator("#board").get_attribute("aria-label")
    assert snapshot(page)["view"]["scores"] and ":" in label  # whose turn and the scores


def test_the_board_in_words_and_in_german(open_page):
    page = open_page("#lang=de").page
    start_by_keyboard(page, "ponte")
    tab_to(page, "#board")
    choose(page, "c3", "c4")
    assert news(page) == "Hell legt Plättchen auf c3 und c4."
    key(page, "ArrowUp")
    assert page.locator("#board-place").text_content() == "c5: leer"
    tab_to(page, "#more-button")  # the "⋯" menu: opened from the keyboard, Enter chooses
    key(page, "ArrowDown")
    assert active(page, "#new-game")
    key(page, "Escape")  # closes it, the focus back on its button
    assert active(page, "#more-button") and page.locator("#more-menu").is_hidden()
    key(page, "ArrowUp")  # opens it at its last item (Share: the report is Wort-Reversi's)
    assert active(page, "#share-button")
    key(page, "ArrowUp")
    assert active(page, "#describe-button")
    key(page, "Enter")
    assert active(page, "#describe *")  # the dialog took the focus
    lines = page.locator("#describe-lines li").all_text_contents()
    assert lines[0] == "Reihe 4: c4 hell" and lines[1] == "Reihe 3: c3 hell"
    key(page, "Escape")
    assert not page.locator("#describe").is_visible()


# --- axe-core ------------------------------------------------------------------------
def serious(page) -> list[str]:
    """axe-core's serious and critical findings on the page, as "rule: where" lines."""
    if not page.evaluate("Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("axe.run().then((r) => r.violations.filter("
                         "(v) => v.impact === 'serious' || v.impact === 'critical')"
                         ".map((v) => v.id + ': '"
                         " + v.nodes.map((n) => n.target.join(' ')).join(', ')))")


@pytest.mark.skipif(not AXE.exists(), reason="node_modules/axe-core is missing: npm ci")
def test_axe_finds_nothing_serious_on_screens_and_dialogs(open_page):
    wide = {"viewport": {"width": 1100, "height": 800}, "bypass_csp": True}  # axe comes inline
    page = open_page(**wide).page
    assert serious(page) == [], "menu"
    page.locator(".game-card[data-game=ponte] [data-start=setup]").click()
    page.locator("#setup").wait_for()
    assert serious(page) == [], "setup dialog"
    page.locator("#setup-cancel").click()
    for game in ["ponte", "othello", "wortreversi", "kahuna", "inselspiel"]:
        if page.locator("#back").is_visible():
            page.locator("#back").click()
        page.locator(f".game-card[data-game={game}] [data-start=people]").click()
        page.wait_for_function(f"window.inselApp.snapshot()?.record.game === '{game}'")
        settle(page)
        if game == "kahuna":
            assert serious(page) == [], "kahuna's curtain"
            page.locator("#curtain-lift").click()
        assert serious(page) == [], f"{game}'s play screen"
        if game == "wortreversi":  # the learning report is a dialog of its own
            choose_action(page, "#report-button")
            page.locator("#wr-report").wait_for()
            assert serious(page) == [], "learning report"
            key(page, "Escape")
    for opener, dialog in [("#rules-button", "#rules"), ("#describe-button", "#describe"),
                           ("#play-settings", "#settings"), ("#share-button", "#share")]:
        if opener in ("#describe-button", "#share-button"):
            choose_action(page, opener)
        else:
            page.locator(opener).click()
        page.locator(dialog).wait_for()
        assert serious(page) == [], dialog
        key(page, "Escape")
    page.evaluate("location.hash = '#lang=de'")  # the same buttons with their German names
    page.wait_for_function("document.documentElement.lang === 'de' && location.hash === ''")
    settle(page)
    assert serious(page) == [], "German play screen"
    finished = {"game": "othello", "options": {"size": 6}, "seed": 1, "moves": SHORT_GAME}
    over = open_page(record_link(finished), **wide).page
    over.locator("#game-over").wait_for()
    assert serious(over) == [], "game over dialog"


# --- colour contrast in every theme and language ----------------------------------------
# Every look, in an order that changes one or two settings at a time (colours, projector
# mode, language): the settings dialog is the test's costly part.
LOOKS = [("light", "off", "en"), ("light", "off", "de"), ("dark", "off", "de"),
         ("dark", "off", "en"), ("light", "on", "en"), ("light", "on", "de")]
# The computed colours of the curtain, its button and the button's text, as [r, g, b].
CURTAIN_COLOURS = """() => {
    const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
    const style = (id) => getComputedStyle(document.getElementById(id));
    return {curtain: rgb(style('curtain').backgroundColor),
            button: rgb(style('curtain-lift').backgroundColor),
            text: rgb(style('curtain-lift').color)};
}"""


def luminance(rgb: list[float]) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0–255 a channel)."""
    linear = [c / 3294.6 if c <= 10.03 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def ratio(a: list[float], b: list[float]) -> float:
    """WCAG 2 contrast ratio of two colours."""
    high, low = sorted([luminance(a), luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


def curtain_button(page, look: tuple[str, str, str]) -> None:
    """The curtain's button: its text legible on it (4.5 : 1), the button itself clear of the
    curtain (3 : 1, as for a control's edge)."""
    colours = page.evaluate(CURTAIN_COLOURS)
    assert ratio(colours["text"], colours["button"]) >= 4.5, (look, colours)
    assert ratio(colours["button"], colours["curtain"]) >= 3, (look, colours)


def contrast_findings(page) -> list[str]:
    """axe-core's colour-contrast rule alone on the page, its findings as "where: why" lines."""
    if not page.evaluate("Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("axe.run({runOnly: ['color-contrast']}).then((r) => r.violations"
                         ".flatMap((v) => v.nodes.map((n) => n.target.join(' ') + ': '"
                         " + n.any.map((a) => a.message).join('; '))))")


def choose_settings(page, look: tuple[str, str, str]) -> None:
    """Colours, projector mode and language chosen in the settings dialog, as a person does
    (only those that change)."""
    opener = "#play-settings" if page.locator("#play").is_visible() else "#settings-open"
    page.locator(opener).click()
    page.locator("#settings").wait_for()
    selects = ["#setting-theme", "#setting-projector", "#language"]
    for select, value in zip(selects, look, strict=True):
        if page.locator(select).input_value() != value:
            page.locator(select).select_option(value)
    page.locator("#settings-close").click()
    settle(page)


def each_look(page, where: str, check=None) -> None:
    """The page passes axe-core's colour-contrast rule in every look (LOOKS), and `check`
    (given the look) if given; `where` names the screen in a failure."""
    for look in LOOKS:
        choose_settings(page, look)
        assert contrast_findings(page) == [], f"{where} ({', '.join(look)})"
        if check:
            check(look)


@pytest.mark.skipif(not AXE.exists(), reason="node_modules/axe-core is missing: npm ci")
def test_colour_contrast_in_every_theme_and_language(open_page):
    """The menu and every game's play screen (Kahuna's curtain too, a card chosen; a die
    thrown; Ponte's box supply) pass axe-core's colour-contrast rule in light, dark and
    projector mode, in English and German; the curtain's button stands out from it."""
    page = open_page(viewport={"width": 1100, "height": 800}, bypass_csp=True).page
    each_look(page, "menu")
    for game in GAMES:
        if page.locator("#back").is_visible():
            press(page, "#back")
        start_game(page, game, **({"supply": "box"} if game == "ponte" else {}))
        settle(page)
        if game == "kahuna":
            each_look(page, "kahuna's curtain", lambda look: curtain_button(page, look))
            press(page, "#curtain-lift")
            press(page, ".kahuna-hand button.card")  # a chosen card
        if game == "inselspiel":
            press(page, "#controls button[data-move=roll]")
        each_look(page, f"{game}'s play screen")
