"""The play screen's layout (issue 30): every game, after a few moves, at eight screen sizes
from a wide monitor to a small phone held either way, in the light and dark themes and in
projector mode, in English and German.  At each, nothing a person reads or taps is clipped,
covered or overflowing its box, the header (players, scores, whose turn), the game's own
controls and the board are in view, and the page does not scroll (the move list may scroll
inside itself, and so may the game's part where the panel holds more than the screen leaves:
what it holds is looked at scrolled into view, and it keeps 3 rem at least).  The opened move
list shows two entries at least and its last entry scrolls into view, not covered (issues 44,
47: it was squeezed to a few pixels under a correction on a phone and under Kahuna's panel at
1024×768 projector).  One page a game: the app switches language and look without a reload."""

from __future__ import annotations

import pytest
from moves import GAMES, play_a_move

from board import settle, snapshot, tap

SIZES = [(1920, 1080), (1366, 768), (1280, 800), (1024, 768), (390, 844), (360, 640),
         (844, 390), (667, 375)]
LOOKS = [("light", "off"), ("dark", "off"), ("light", "on")]  # (theme, projector)
LANGUAGES = ["en", "de"]
# a few moves each (Kahuna's first move is a whole turn; Inselspiel's third landing, seat 1's
# second, misses its tap now and then in moves.py, whatever the layout)
MOVES = {"kahuna": 1, "inselspiel": 2}
# One look at the page, after the resize has been drawn: a list of what is wrong.
CHECK = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  await window.inselApp.settled();
  const problems = [];
  const W = innerWidth, H = innerHeight, slack = 1;
  const ROOM = 3 * parseFloat(getComputedStyle(document.documentElement).fontSize); // 3 rem
  const play = document.getElementById("play");
  const name = (el) => el.id ? "#" + el.id : el.tagName.toLowerCase()
    + (el.className && typeof el.className === "string" ? "." + el.className.split(" ")[0] : "")
    + " '" + (el.textContent.trim() || el.getAttribute("aria-label") || "").slice(0, 24) + "'";
  const shown = (el) => {
    if (!el.getClientRects().length || getComputedStyle(el).visibility === "hidden") return false;
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1; // not the screen reader's one-pixel lines
  };
  const inside = (r, box) => r.left >= box.left - slack && r.top >= box.top - slack
    && r.right <= box.right + slack && r.bottom <= box.bottom + slack;
  // the move list (its heading, the turns found) takes the room left and scrolls inside itself
  const scrolled = (el) => el.closest("#history") !== null;
  const clips = (el) => { const s = getComputedStyle(el);
    return s.overflowX !== "visible" || s.overflowY !== "visible"; };
  // a part that scrolls inside itself (the game's part, where the panel holds more than the
  // screen leaves): what it holds is seen once it is scrolled there, as a person would
  const scrolls = (el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowY)
    && el.scrollHeight > el.clientHeight + slack;
  const view = (up) => { const b = up.getBoundingClientRect();
    return {left: b.left, right: b.right, top: b.top + up.clientTop,
            bottom: b.top + up.clientTop + up.clientHeight}; };
  const seen = (el, what) => {
    const moved = []; // the scrollers moved to bring `el` in, put back after the look
    for (let up = el.parentElement; up && up !== play; up = up.parentElement) {
      if (!scrolls(up)) continue;
      const r = el.getBoundingClientRect(), box = view(up);
      const by = r.top < box.top || r.height > box.bottom - box.top ? r.top - box.top
        : Math.max(0, r.bottom - box.bottom); // its top first where it is taller
      if (by) { moved.push([up, up.scrollTop]); up.scrollTop += by; }
    }
    try { look(el, what); } finally {
      for (const [up, top] of moved.reverse()) up.scrollTop = top;
    }
  };
  const look = (el, what) => {
    let r = el.getBoundingClientRect();
    for (let up = el.parentElement; up && up !== play; up = up.parentElement) {
      const box = view(up);
      if (scrolls(up) && r.bottom - r.top > box.bottom - box.top) { // its top part seen
        r = {left: r.left, right: r.right, top: r.top, bottom: box.bottom};
      }
    }
    if (!inside(r, {left: 0, top: 0, right: W, bottom: H})) {
      problems.push(`${what} ${name(el)} outside the screen`); return;
    }
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (clips(up) && !inside(r, up.getBoundingClientRect())) {
        problems.push(`${what} ${name(el)} clipped by ${name(up)}`); return;
      }
    }
    const x = Math.min(Math.max((r.left + r.right) / 2, 0), W - 1);
    const y = Math.min(Math.max((r.top + r.bottom) / 2, 0), H - 1);
    // words over the board that let taps through (pointer-events: none) are found as well
    const through = getComputedStyle(el).pointerEvents === "none";
    if (through) el.style.pointerEvents = "auto";
    const top = document.elementFromPoint(x, y);
    if (through) el.style.pointerEvents = "";
    if (!top || !(top === el || el.contains(top))) {
      problems.push(`${what} ${name(el)} covered by ${top ? name(top) : "nothing"}`);
    }
  };
  const all = [...play.querySelectorAll("*")].filter((el) => shown(el) && !scrolled(el));
  const controls = all.filter((el) => el.matches("button, select, input, textarea, summary, a"));
  for (const el of controls) seen(el, "control");
  const texts = all.filter((el) => !el.closest("button, summary") && [...el.childNodes]
    .some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()));
  for (const el of texts) seen(el, "text");
  for (const el of [...controls, ...texts]) {
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + slack) {
      problems.push(`${name(el)} overflows its box (${el.scrollWidth} > ${el.clientWidth})`);
    }
  }
  for (const selector of [".play-bar", "#seats", "#turn", "#controls", "#game-panel", "#board"]) {
    const el = play.querySelector(selector);
    if (shown(el)) seen(el, "part");
    else if (!["#controls", "#game-panel"].includes(selector)) problems.push(`no ${selector}`);
  }
  // a part that scrolls keeps room enough to show something: not squeezed to a sliver
  for (const part of play.querySelectorAll(".panel-game")) {
    if (shown(part) && scrolls(part) && part.clientHeight < ROOM) {
      problems.push(`the game's part squeezed to ${part.clientHeight} px`);
    }
  }
  // the opened move list shows two entries at least (two of one line, where they wrap on a
  // narrow panel), and its last one scrolls into view
  const list = document.getElementById("history-list");
  const entries = [...list.children];
  if (document.getElementById("history").open && entries.length) {
    const two = Math.min(entries.slice(0, 2).reduce((sum, li) => sum + li.offsetHeight, 0),
                         2 * 44 + 2);
    if (list.clientHeight < Math.min(two, list.scrollHeight) - slack) {
      problems.push(`the move list shows ${list.clientHeight} px, less than two entries (${two})`);
    }
    const top = list.scrollTop;
    list.scrollTop = list.scrollHeight;
    const last = entries.at(-1), r = last.getBoundingClientRect();
    if (!inside(r, view(list)) || !inside(r, {left: 0, top: 0, right: W, bottom: H})) {
      problems.push(`the move list's last entry cannot be scrolled into view`);
    } else {
      const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      if (!hit || !last.contains(hit)) {
        problems.push(`the move list's last entry covered by ${hit ? name(hit) : "nothing"}`);
      }
    }
    list.scrollTop = top;
  }
  const board = document.getElementById("board").getBoundingClientRect();
  if (Math.max(board.width, board.height) < 0.75 * Math.min(W, H)) { // as large as it can be
    problems.push(`the board is small: ${Math.round(board.width)}×${Math.round(board.height)}`);
  }
  const page = document.scrollingElement;
  if (page.scrollHeight > H || page.scrollWidth > W) {
    problems.push(`the page scrolls: ${page.scrollWidth}×${page.scrollHeight}`);
  }
  return problems;
}"""


def switch_theme(page, theme: str) -> None:
    """Choose the colour theme in the settings, as a person would."""
    page.locator("#play-settings").click()
    page.locator("#setting-theme").select_option(theme)
    page.locator("#settings-close").click()


def follow(page, link: str) -> None:
    """Open one of the app's links (#lang=…, #projector) on the page shown: no reload."""
    page.evaluate(f"location.hash = '{link}'")
    page.wait_for_function("location.hash === ''")
    settle(page)


def half_a_move(page, game: str) -> None:
    """Begin the next move where that opens more of the panel: Wort-Reversi's questions (a
    square tapped), Inselspiel's die thrown."""
    if game == "wortreversi":
        tap(page, snapshot(page)["legal"][0].partition(":")[0])
        assert page.locator("#game-panel .wr-quiz input").count() > 0
    elif game == "inselspiel":
        page.locator("#controls button[data-move=roll]").click()
        settle(page)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_fits_every_screen_in_every_look(open_page, game):
    """One game a test (so the pytest workers share them out), one page through every look."""
    page = open_page("#lang=en", viewport={"width": 1280, "height": 800}).page
    follow(page, f"#play={game}")
    page.wait_for_function(f"window.inselApp.snapshot()?.record.game === '{game}'")
    settle(page)
    for _ in range(MOVES.get(game, 3)):
        play_a_move(page, game)
    half_a_move(page, game)
    problems: list[str] = []
    for theme, projector in LOOKS:
        switch_theme(page, theme)
        follow(page, f"#projector={projector}")
        for language in LANGUAGES:
            follow(page, f"#lang={language}")
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                where = f"{game} {width}×{height} {theme} projector={projector} {language}"
                problems += [f"{where}: {problem}" for problem in page.evaluate(CHECK)]
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems[:80])
