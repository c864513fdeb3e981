"""Ponte del Diavolo played by clicks and taps on the canvas, checked in engine and pixels."""

import pytest

from conftest import open_app

LIGHT_TILE = (0xF4, 0xEA, 0xD3)
DARK_TILE = (0x5B, 0x2A, 0x1E)
PLANK = (0x9A, 0x6B, 0x3F)


def snapshot(page) -> dict:
    return page.evaluate("window.inselApp.snapshot()")


def point(page, square: str) -> tuple[float, float]:
    p = page.evaluate("(s) => window.inselApp.locate(s)", square)
    return p["x"], p["y"]


def tap(page, square: str, touch: bool = False) -> None:
    x, y = point(page, square)
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def pixel(page, square: str, dx: float = 0.0, dy: float = 0.0) -> tuple[int, int, int]:
    """The canvas colour at a square's centre (offset by a fraction of its size)."""
    x, y = point(page, square)
    return tuple(page.evaluate(
        """([x, y, dx, dy]) => {
            const c = document.getElementById('board'), r = c.getBoundingClientRect();
            const k = c.width / r.width, cell = r.width / 11;
            const d = c.getContext('2d').getImageData(
                Math.round((x - r.left + dx * cell) * k),
                Math.round((y - r.top + dy * cell) * k), 1, 1).data;
            return [d[0], d[1], d[2]];
        }""", [x, y, dx, dy]))


def close(colour, expected, tolerance=12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=True))


def start_ponte(page) -> None:
    page.locator(".game-card[data-game=ponte] button.primary").click()
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'ponte'")


@pytest.fixture
def touch_page(browser, site_url):
    recorded = open_app(browser, site_url, viewport={"width": 390, "height": 844},
                        device_scale_factor=3, has_touch=True, is_mobile=True)
    yield recorded
    assert recorded.foreign() == []
    recorded.page.context.close()


def test_an_opening_with_swap_and_a_bridge_by_clicks(app_page):
    page = app_page.page
    start_ponte(page)
    assert close(pixel(page, "c3"), LIGHT_TILE) is False
    tap(page, "c3")
    assert page.locator("#message").inner_text() != ""  # asks for the second square
    tap(page, "c5")
    state = snapshot(page)
    assert state["record"]["moves"] == ["c3,c5"]
    assert state["view"]["cells"] == {"c3": "L", "c5": "L"}
    assert close(pixel(page, "c3"), LIGHT_TILE) and close(pixel(page, "c5"), LIGHT_TILE)

    page.locator("#controls button[data-move=swap]").click()
    state = snapshot(page)
    assert state["record"]["moves"] == ["c3,c5", "swap"]
    assert state["view"]["seat_colour"] == ["D", "L"] and state["view"]["current"] == 0

    tap(page, "h8")
    tap(page, "h6")
    assert snapshot(page)["view"]["cells"]["h6"] == "D"
    assert close(pixel(page, "h8"), DARK_TILE)

    tap(page, "c3")  # light (seat 1) joins its two tiles with a bridge over c4
    tap(page, "c5")
    view = snapshot(page)["view"]
    assert snapshot(page)["record"]["moves"][-1] == "c3-c5"
    assert view["bridges"][0]["ends"] == ["c3", "c5"] and view["blocked"] == ["c4"]
    assert close(pixel(page, "c4"), PLANK, tolerance=20)
    assert page.locator("#seats li.to-move").inner_text().startswith("Player 1")


def test_an_illegal_click_shows_the_engines_reason_and_keeps_the_game(app_page):
    page = app_page.page
    start_ponte(page)
    for square in ["c3", "c5"]:
        tap(page, square)
    page.locator("#controls button[data-move=swap]").click()
    for square in ["h8", "h6", "c3", "c5"]:
        tap(page, square)
    before = snapshot(page)
    tap(page, "c4")  # dark tries to put a tile under light's bridge
    tap(page, "a1")
    message = page.locator("#message")
    assert "bridge" in message.inner_text().lower() and "error" in message.get_attribute("class")
    after = snapshot(page)
    assert after["record"] == before["record"] and after["view"]["cells"].get("c4") is None


def test_touch_taps_on_a_phone_play_the_same_moves(touch_page):
    page = touch_page.page
    start_ponte(page)
    box = page.locator("#board").bounding_box()
    assert box["width"] <= 390 and box["width"] >= 300  # the board fits a phone's width
    tap(page, "e5", touch=True)
    tap(page, "f5", touch=True)
    assert snapshot(page)["record"]["moves"] == ["e5,f5"]
    assert close(pixel(page, "f5"), LIGHT_TILE)
