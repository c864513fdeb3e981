"""Playing on the canvas like a person: find a target, click or tap it, read a pixel, and
read the engine's state the page holds (window.inselApp, read-only)."""

from __future__ import annotations

import base64
import json

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "has_touch": True, "is_mobile": True}
"""A phone in portrait: 390×844 CSS pixels at 3× density, touch input."""


def snapshot(page) -> dict:
    """The page's last engine answer: {view, legal, record, seat, …}, once what was asked of
    the engine (a tap's move, a computer's turn) has been answered and shown."""
    return page.evaluate("async () => { await window.inselApp.settled(); "
                         "return window.inselApp.snapshot(); }")


def settle(page) -> None:
    """Wait until the page has nothing under way (the engine answers in its worker): what a
    person does before looking at the screen again."""
    page.evaluate("window.inselApp.settled()")


def saved_record(page) -> dict:
    """The full game record (seed and secrets included) through the engine's save op: what
    a test needs to know the answers the page itself is never given."""
    return page.evaluate("async () => { await window.inselApp.settled(); return JSON.parse("
                         "await window.inselCall(JSON.stringify({op: 'save'}))).record; }")


def locate(page, target: str) -> tuple[float, float]:
    """Client coordinates of a view's target (a square, a line, a place)."""
    p = page.evaluate("(t) => window.inselApp.locate(t)", target)
    return p["x"], p["y"]


def tap(page, target: str, touch: bool = False) -> None:
    x, y = locate(page, target)
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    settle(page)


def key(page, name: str) -> None:
    """Press a key (as a person does, then looks at the screen again)."""
    page.keyboard.press(name)
    settle(page)


def pixel(page, target: str, dx: float = 0.0, dy: float = 0.0) -> tuple[int, int, int]:
    """The canvas colour at a target, offset by (dx, dy) CSS pixels."""
    x, y = locate(page, target)
    return tuple(page.evaluate(
        """([x, y]) => {
            const c = document.getElementById('board'), r = c.getBoundingClientRect();
            const k = c.width / r.width;
            const d = c.getContext('2d').getImageData(
                Math.round((x - r.left) * k), Math.round((y - r.top) * k), 1, 1).data;
            return [d[0], d[1], d[2]];
        }""", [x + dx, y + dy]))


def board_width(page) -> float:
    return page.locator("#board").bounding_box()["width"]


def close(colour, expected, tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=True))


def choose_action(page, selector: str) -> None:
    """Open the play screen's "⋯" menu of rare actions and choose the item `selector`."""
    page.locator("#more-button").click()
    page.locator(selector).click()


def open_setup(page, game: str):
    """Open a game's setup dialog from its menu tile; returns the dialog."""
    page.locator(f".game-card[data-game={game}] [data-start=setup]").click()
    setup = page.locator("#setup")
    setup.wait_for()
    return setup


def start_game(page, game: str, computer: dict[int, str] | None = None, setup=None,
               **options) -> None:
    """Choose options (and computer seats: {seat: level}) in the game's setup (opened here
    unless given), press Play and wait for the play screen to show that game."""
    if setup is None:
        setup = open_setup(page, game)
    for name, value in options.items():
        value = json.dumps(value, separators=(",", ":"))  # as the page's JSON.stringify
        setup.locator(f"select[name={name}]").select_option(value)
    for seat, level in (computer or {}).items():
        setup.locator(f"select[name=seat-{seat}]").select_option(level)
    setup.locator("#setup-play").click()
    page.wait_for_function("!document.getElementById('play').hidden"
                           f" && window.inselApp.snapshot()?.record.game === '{game}'")


def record_link(record: dict) -> str:
    """The #record= fragment that opens a game record (base64url of its JSON)."""
    return "#record=" + base64.urlsafe_b64encode(json.dumps(record).encode()).decode().rstrip("=")


def canvas_summary(page, selector: str = "#board") -> dict:
    """A digest of a canvas's pixels and how many colours it shows (up to 50): enough to
    tell a blank canvas from a drawn board, and one drawing from the next."""
    return page.evaluate("""(selector) => {
        const c = document.querySelector(selector);
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let digest = 0;
        const colours = new Set();
        for (let i = 0; i < d.length; i += 4 * 5) {
            digest = (digest * 31 + d[i] * 3 + d[i + 1] * 5 + d[i + 2] * 7 + d[i + 3]) >>> 0;
            if (colours.size < 50) colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
        }
        return {digest, colours: colours.size, size: [c.width, c.height]};
    }""", selector)


def canvas_grid(page, cells: int = 16) -> list[list[int]]:
    """The canvas's average colour in each cell of a cells×cells grid: a picture to compare
    with another drawing of the same position, blind to anti-aliasing noise."""
    return page.evaluate("""(n) => {
        const c = document.getElementById('board');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const sums = Array.from({length: n * n}, () => [0, 0, 0, 0]);
        for (let y = 0; y < c.height; y += 2) {
            for (let x = 0; x < c.width; x += 2) {
                const i = (y * c.width + x) * 4;
                const s = sums[Math.floor(y * n / c.height) * n + Math.floor(x * n / c.width)];
                s[0] += d[i]; s[1] += d[i + 1]; s[2] += d[i + 2]; s[3] += 1;
            }
        }
        return sums.map(([r, g, b, k]) => [r / k, g / k, b / k].map(Math.round));
    }""", cells)


def same_picture(a: list[list[int]], b: list[list[int]], tolerance: int = 4) -> bool:
    """Whether two canvas_grid results show the same drawing."""
    return all(abs(x - y) <= tolerance for p, q in zip(a, b, strict=True)
               for x, y in zip(p, q, strict=True))
