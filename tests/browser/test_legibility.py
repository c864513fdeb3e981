"""The legibility floor, measured: every text a player must read on a board (square labels,
Kahuna's island names and counts, Inselspiel's towns and ports, Wort-Reversi's tile words)
is drawn at least 14 CSS pixels high in projector mode at 1024×768 and 12 elsewhere (a
1280×800 screen, a 390×844 phone, the phone held sideways), at the board's fitted size, in
English and German; no seat's label in the players panel is cut ("Player 2 (light) ·
Comput…", the computer's seat) or runs past three lines; "‹ Menu" keeps its word beside its
arrow (but on a phone held sideways, where the bar is a column of icons); the toolbar's words
keep 4 px from their buttons' edges, each button 44 px at least; Kahuna's supply row names
its numbers in words ("2 Karten · 24 Brücken · 10 Steine"), one line a seat. The views say what
they drew (window.inselApp.labels(), assets/js/views/labels.js); one page per language, its
viewport resized between sizes."""

from __future__ import annotations

import pytest
from moves import GAMES, play_a_move
from test_stored_values import othello_save, store_saves

from board import settle, snapshot, start_game

# name: (width, height, projector mode, the smallest size a label may have)
SIZES = {
    "1280×800": (1280, 800, False, 12),
    "390×844": (390, 844, False, 12),
    "844×390": (844, 390, False, 12),
    "1024×768 projector": (1024, 768, True, 14),
}


def projector(page, on: bool) -> None:
    """Projector mode switched in the settings dialog, as a teacher does."""
    page.locator("#play-settings").click()
    page.locator("#settings").wait_for()
    page.locator("#setting-projector").select_option("on" if on else "off")
    page.locator("#settings-close").click()
    settle(page)


# each seat's label in the players panel: its text clipped (wider or taller than its box, an
# ellipsis) and how many lines of its name's size it takes (three at most, the label's budget)
SEAT_LABELS = """() => [...document.querySelectorAll('#seats li')].map((item) => {
  const label = item.querySelector('.who') ?? item.querySelector('.name');
  const cut = [...item.querySelectorAll('.name, .role')].filter((node) =>
    node.scrollWidth > node.clientWidth + 0.5 || node.scrollHeight > node.clientHeight + 0.5);
  const name = getComputedStyle(item.querySelector('.name'));
  const line = parseFloat(name.lineHeight) || 1.2 * parseFloat(name.fontSize);
  return {text: label.innerText.replace(/\\s+/g, ' '), cut: cut.length > 0,
          lines: label.getBoundingClientRect().height / line};
})"""


def cut_seat_labels(page, where: str) -> list[str]:
    """The seats whose label is cut or runs past its three lines, as `where: text` lines."""
    return [f"{where}: {seat['text']!r} {'cut' if seat['cut'] else ''} {seat['lines']:.1f} lines"
            for seat in page.evaluate(SEAT_LABELS) if seat["cut"] or seat["lines"] > 3.05]


# each toolbar button whose words (its icon, where the words are hidden: a phone's column of
# icons) come nearer than 4 px to its left or right edge, or past it ("Rückgängig" edge to
# edge), or that is a target under 44 px
CRAMPED_BUTTONS = """() => [...document.querySelectorAll('#play .toolbar button')]
  .filter((button) => button.getClientRects().length && !button.closest('[hidden]'))
  .flatMap((button) => {
    const words = [...button.querySelectorAll('[data-text]')]
      .filter((node) => node.getClientRects().length);
    const range = document.createRange();
    if (words.length) range.selectNodeContents(words[0]);
    const inner = words.length ? range.getBoundingClientRect()
      : button.querySelector('svg').getBoundingClientRect();
    const box = button.getBoundingClientRect();
    const room = Math.min(inner.left - box.left, box.right - inner.right);
    const name = (button.innerText.trim() || button.getAttribute('aria-label'))
      .replace(/\\s+/g, ' ');
    return [...(room < 4 - 0.05 ? [`${name}: ${room.toFixed(1)} px from its edge`] : []),
      ...(Math.min(box.width, box.height) < 44 - 0.5
        ? [`${name}: ${box.width.toFixed(0)}×${box.height.toFixed(0)} px, under 44`] : [])];
  })"""


# Kahuna's supply rows, one a seat: their words on screen, whether a row is cut (wider than
# its box or than the panel) and how many lines of its size it takes
SUPPLY_ROWS = """() => [...document.querySelectorAll('.kahuna-supply')].map((row) => {
  const style = getComputedStyle(row.querySelector('li:last-child'));
  const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
  const box = row.getBoundingClientRect(), panel = row.closest('.panel').getBoundingClientRect();
  const seen = []; // the words on screen, not those for screen readers alone
  const walk = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode;
    if (!node.parentElement.closest('.visually-hidden')) seen.push(node.data);
  }
  return {text: seen.join(' ').replace(/\\s+/g, ' ').trim(), lines: box.height / line,
          cut: row.scrollWidth > row.clientWidth + 0.5 || box.right > panel.right + 0.5};
})"""
# the words that name what each number counts, in each language
SUPPLY_WORDS = {"en": ("card", "bridge", "stone"), "de": ("Karte", "Brücke", "Stein")}


def unworded_supply(page, where: str, language: str) -> list[str]:
    """Kahuna's supply rows that do not name cards, bridges and stones in words, are cut or
    wrap past one line, as `where: text` lines."""
    rows = page.evaluate(SUPPLY_ROWS)
    assert len(rows) == 2, where
    return [f"{where}: {row['text']!r} {'cut' if row['cut'] else ''} {row['lines']:.1f} lines"
            for row in rows if row["cut"] or row["lines"] > 1.5
            or not all(word in row["text"] for word in SUPPLY_WORDS[language])]


def drawn_labels(page) -> list[dict]:
    """The board's texts as last drawn, once the page has settled and drawn a frame."""
    settle(page)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return page.evaluate("window.inselApp.labels()")


@pytest.mark.parametrize("language", ["en", "de"])
def test_board_labels_keep_the_floor_at_every_size(open_page, language):
    page = open_page(f"#lang={language}").page
    too_small, cut, cramped, supply = [], [], [], []
    for game in GAMES:
        page.set_viewport_size({"width": 1280, "height": 800})
        if page.locator("#play").is_visible():
            page.locator("#back").click()
        start_game(page, game, computer={1: "easy"})
        if game != "kahuna":  # a few pieces on the board, words on Wort-Reversi's tiles
            play_a_move(page, game)
        for size, (width, height, on, floor) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            if on:
                projector(page, True)
            labels = drawn_labels(page)
            if size != "844×390":  # the way out says so beside its arrow (a column of icons there)
                assert page.locator("#back .label").is_visible(), f"{game} at {size}: ‹ alone"
            assert labels, f"{game} at {size}: the view noted no labels"
            cut += cut_seat_labels(page, f"{game} at {size}")
            cramped += [f"{game} at {size}: {button}" for button in page.evaluate(CRAMPED_BUTTONS)]
            if game == "kahuna":
                supply += unworded_supply(page, f"{game} at {size}", language)
            too_small += [f"{game} at {size}: {label['text']!r} {label['size']:.1f} px < {floor}"
                          for label in labels if label["size"] < floor - 0.05]
            if on:
                projector(page, False)
        assert snapshot(page)["record"]["game"] == game
    assert too_small == []
    assert cut == [], "a seat's label is cut or too long"
    assert cramped == [], "a toolbar button's words touch its edges:\n" + "\n".join(cramped)
    assert supply == [], "Kahuna's supply is not in words on one line:\n" + "\n".join(supply)


def test_the_zoom_tip_speaks_of_the_mouse_and_stays_off_a_board_with_room(open_page):
    """With a mouse the first-time tip says wheel or click, never "pinch"; where the board
    leaves room under it (1024×768 in projector mode) the tip sits there, not on the map."""
    page = open_page(viewport={"width": 1024, "height": 768}).page
    page.locator("#settings-open").click()
    page.locator("#setting-projector").select_option("on")
    page.locator("#settings-close").click()
    start_game(page, "inselspiel")
    tip = page.locator(".zoom-tip")
    assert tip.is_visible()
    words = tip.inner_text()
    assert "wheel" in words and "inch" not in words, words
    board, box = page.locator("#board").bounding_box(), tip.bounding_box()
    assert box["y"] >= board["y"] + board["height"], (board, box)


def overlap(a: dict, b: dict) -> bool:
    """Whether two boxes {x, y, width, height} share any area."""
    return (min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"]) > 0.5
            and min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"]) > 0.5)


def test_the_zoom_tip_covers_nothing_of_the_board_at_any_size(open_page):
    """Inselspiel's first-time zoom tip and its ✕ sit outside the board (so over no town,
    name or hint), whole on the screen and off the bar and the panel, at every size (the
    phone held sideways, 844×390 and 667×375, too); its ✕ gives the board its room back."""
    page = open_page("#lang=de").page
    start_game(page, "inselspiel")
    sizes = {**SIZES, "667×375": (667, 375, False, 12)}
    for size, (width, height, on, _) in sizes.items():
        page.set_viewport_size({"width": width, "height": height})
        if on:
            projector(page, True)
        assert drawn_labels(page), size
        tip = page.locator(".zoom-tip")
        assert tip.is_visible(), size
        board, box = page.locator("#board").bounding_box(), tip.bounding_box()
        close = page.locator(".zoom-tip-close").bounding_box()
        assert not overlap(box, board) and not overlap(close, board), (size, board, box)
        assert box["x"] >= 0 and box["y"] >= 0, (size, box)
        assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, (size, box)
        for part in (".play-bar", ".panel"):
            assert not overlap(box, page.locator(f"#play {part}").bounding_box()), (size, part)
        if on:
            projector(page, False)
    page.set_viewport_size({"width": 844, "height": 390})
    settle(page)
    before = page.locator("#board").bounding_box()
    page.locator(".zoom-tip-close").click()
    settle(page)
    assert page.locator(".zoom-tip").is_hidden()
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    after = page.locator("#board").bounding_box()
    assert after["height"] >= before["height"], (before, after)


def labels_under_controls(page, where: str) -> list[str]:
    """The drawn labels whose ink on screen shares area with a zoom button (+, −, the whole
    board), as `where: text` lines; the labels' rects are from the canvas's corner."""
    board = page.locator("#board").bounding_box()
    buttons = [button.bounding_box() for button in page.locator(".zoom-controls > button").all()
               if button.is_visible()]
    found = []
    for label in drawn_labels(page):
        rect = label["rect"]
        box = {"x": board["x"] + rect["x"], "y": board["y"] + rect["y"],
               "width": rect["w"], "height": rect["h"]}
        found += [f"{where}: {label['text']!r} under a zoom button" for button in buttons
                  if overlap(box, button)][:1]
    return found


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_zoom_button_covers_a_label(open_page, language):
    """The zoom buttons over a zoomable board's corner (Inselspiel's) cover no place name
    ("Kirack", "Tenburg"), at every size, the first-time tip shown and dismissed."""
    page = open_page(f"#lang={language}").page
    covered, zoomable = [], []
    for game in GAMES:
        page.set_viewport_size({"width": 1280, "height": 800})
        if page.locator("#play").is_visible():
            page.locator("#back").click()
        start_game(page, game)
        settle(page)
        if not page.locator(".zoom-controls > button").first.is_visible():
            continue
        zoomable.append(game)
        for tip in ("shown", "dismissed"):
            for size, (width, height, on, _) in SIZES.items():
                page.set_viewport_size({"width": width, "height": height})
                if on:
                    projector(page, True)
                covered += labels_under_controls(page, f"{game} at {size}, tip {tip}")
                if on:
                    projector(page, False)
            if page.locator(".zoom-tip-close").is_visible():
                page.locator(".zoom-tip-close").click()
    assert zoomable == ["inselspiel"]
    assert covered == [], "\n".join(covered)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_five_game_tiles_fit_a_projector_screen(open_page, language):
    """At 1024×768 in projector mode the menu shows all five tiles whole, their buttons
    inside them, with no scrolling, three saved games or not (the Continue list after the
    tiles there, still on the menu)."""
    page = open_page(f"#lang={language}", viewport={"width": 1024, "height": 768}).page
    store_saves(page, *(othello_save(2 + i, seed=40 + i) for i in range(3)))
    page.locator("#settings-open").click()
    page.locator("#setting-projector").select_option("on")
    page.locator("#settings-close").click()
    tiles = page.locator(".game-card")
    assert tiles.count() == 5
    for i in range(5):
        tile = tiles.nth(i)
        box = tile.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 768, f"tile {i + 1} at {box}"
        for button in tile.locator("button").all():
            inner = button.bounding_box()
            assert box["x"] <= inner["x"] and inner["x"] + inner["width"] <= box["x"] + box["width"]
    assert page.evaluate("document.scrollingElement.scrollTop") == 0
    assert page.locator(".saved-game").count() == 3
