"""Play on phones: at 360×640 and 390×844 portrait and 844×390 landscape, with touch, every
game's play screen fits the screen (no page scroll either way), its parts do not overlap, its
controls are finger-sized with Undo always in sight, its text is readable, the board never
zooms on a double tap, and a move is made by tapping."""

from __future__ import annotations

import pytest
from moves import GAMES, play_a_move

from board import start_game

LAYOUT = """() => {
  const rect = (el) => { const r = el.getBoundingClientRect();
                         return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  // the box around the panel's players, game part and move list (on a small phone upright
  // they are rows of the page's grid, the toolbar beside the board)
  const around = (els) => {
    const rs = [...els].filter((el) => el.getClientRects().length).map(rect);
    const least = (side) => Math.min(...rs.map((r) => r[side]));
    const most = (side) => Math.max(...rs.map((r) => r[side]));
    return {left: least("left"), top: least("top"), right: most("right"), bottom: most("bottom")};
  };
  const shown = (el) => el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== "hidden";
  const play = document.getElementById("play");
  const controls = [...play.querySelectorAll("button, select, input, textarea, summary")]
    .filter(shown).map((el) => ({what: el.textContent.trim() || el.name || el.tagName,
                                 ...rect(el)}));
  const texts = [...play.querySelectorAll("*")].filter((el) => shown(el) && [...el.childNodes]
    .some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()))
    .map((el) => ({what: el.textContent.trim().slice(0, 30),
                   size: parseFloat(getComputedStyle(el).fontSize)}));
  const board = document.getElementById("board");
  return {width: innerWidth, height: innerHeight,
          scrollWidth: document.documentElement.scrollWidth,
          scrollHeight: document.documentElement.scrollHeight,
          board: rect(board), bar: rect(play.querySelector(".play-bar")),
          panel: around(play.querySelectorAll(".panel-head, .panel-game, .history")),
          controls, texts,
          undo: rect(document.getElementById("undo")),
          touchAction: getComputedStyle(board).touchAction};
}"""


def overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and \
        a["top"] < b["bottom"] and b["top"] < a["bottom"]


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844), (844, 390)])
def test_every_game_fits_a_phone_and_plays_by_taps(open_page, width, height):
    page = open_page(viewport={"width": width, "height": height}, device_scale_factor=2,
                     has_touch=True, is_mobile=True).page
    for game in GAMES:  # one after another, back to the menu between them
        if page.locator("#play").is_visible():
            page.locator("#back").tap()
        start_game(page, game)
        play_a_move(page, game, touch=True)
        layout = page.evaluate(LAYOUT)
        where = f"{game} at {width}×{height}"
        board = layout["board"]
        assert board["left"] >= 0 and board["top"] >= 0, where
        assert board["right"] <= width and board["bottom"] <= height, where
        assert layout["scrollWidth"] <= width and layout["scrollHeight"] <= height, where
        assert not overlap(board, layout["panel"]) and not overlap(board, layout["bar"]), where
        assert board["right"] - board["left"] >= 0.75 * min(width, height), where  # large
        undo = layout["undo"]  # in sight, however long the panel
        assert undo["top"] >= 0 and undo["left"] >= 0, where
        assert undo["bottom"] <= height and undo["right"] <= width, where
        small = [c for c in layout["controls"]
                 if c["right"] - c["left"] < 44 or c["bottom"] - c["top"] < 44]
        assert small == [], f"{where}: controls under 44 px: {small}"
        tiny = [t for t in layout["texts"] if t["size"] < 14]
        assert tiny == [], f"{where}: text under 14 px: {tiny}"
        assert layout["touchAction"] in ("manipulation", "none"), where  # no double-tap zoom
