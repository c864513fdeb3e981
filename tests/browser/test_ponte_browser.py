"""Ponte del Diavolo played by clicks and taps on the canvas, checked in engine and pixels."""

from board import close, pixel, settle, snapshot, start_game, tap

LIGHT_TILE = (0xF4, 0xEA, 0xD3)
DARK_TILE = (0x5B, 0x2A, 0x1E)
PLANK = (0x9A, 0x6B, 0x3F)


def test_an_opening_with_swap_and_a_bridge_by_clicks(app_page):
    page = app_page.page
    start_game(page, "ponte")
    assert close(pixel(page, "c3"), LIGHT_TILE) is False
    tap(page, "c3")
    assert page.locator("#message").inner_text() != ""  # asks for the second square
    tap(page, "c5")
    state = snapshot(page)
    assert state["record"]["moves"] == ["c3,c5"]
    assert state["view"]["cells"] == {"c3": "L", "c5": "L"}
    assert close(pixel(page, "c3"), LIGHT_TILE) and close(pixel(page, "c5"), LIGHT_TILE)

    page.locator("#controls button[data-move=swap]").click()
    settle(page)  # taps are not taken while the engine answers a change
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
    start_game(page, "ponte")
    for square in ["c3", "c5"]:
        tap(page, square)
    page.locator("#controls button[data-move=swap]").click()
    settle(page)  # taps are not taken while the engine answers a change
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
    start_game(page, "ponte")
    box = page.locator("#board").bounding_box()
    assert box["width"] <= 390 and box["width"] >= 300  # the board fits a phone's width
    tap(page, "e5", touch=True)
    tap(page, "f5", touch=True)
    assert snapshot(page)["record"]["moves"] == ["e5,f5"]
    assert close(pixel(page, "f5"), LIGHT_TILE)
