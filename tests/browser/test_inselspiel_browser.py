"""Inselspiel played by clicks and taps on the island map, with pan and zoom, checked in the
engine's state and the pixels.  Games open through #record= links with seed 99, whose first
throws after these tests' moves are known (1, 6, 1: the engine draws each throw from the seed
and the moves before it), or with the throw already in the record."""

import math

import pytest
from playwright.sync_api import expect

from board import PHONE, close, locate, open_setup, pixel, record_link, snapshot, start_game, tap

RED = (0xD5, 0x5E, 0x00)
BLUE = (0x0B, 0x4F, 0x8A)


@pytest.fixture
def open_game(open_page):
    """Open an Inselspiel record in a fresh page (checked and closed after the test)."""

    def opener(moves, options=None, **context):
        record = {"game": "inselspiel", "options": options or {}, "seed": 99, "moves": moves}
        page = open_page(record_link(record), **context).page
        page.wait_for_function(
            f"window.inselApp.snapshot()?.record.moves.length >= {len(moves)}")
        return page

    return opener


def roll(page) -> int:
    """Throw the die; check the panel's die face shows the thrown number in pips and says it."""
    page.locator("#controls button[data-move=roll]").click()
    view = snapshot(page)["view"]
    assert view["phase"] == "move"
    assert snapshot(page)["record"]["moves"][-2:] == ["roll", f"roll:{view['die']}"]
    die = page.locator("#game-panel .die")
    assert die.locator(".pip").count() == view["die"]  # pips counted, not a picture
    assert die.get_attribute("role") == "img"
    assert str(view["die"]) in die.get_attribute("aria-label")  # and says it
    return view["die"]


def play(page, move: str, touch: bool = False) -> None:
    """Tap a move's start, check its end is offered, tap the end."""
    start, end = move.removeprefix("land:").split(">")
    tap(page, start, touch)
    verb = "Tap" if touch else "Click"  # the words follow the input in use
    assert page.locator("#message").inner_text().startswith(f"{verb} a highlighted place")
    tap(page, end, touch)
    assert snapshot(page)["record"]["moves"][-1] == move


def spread(page, a: str, b: str) -> float:
    (ax, ay), (bx, by) = locate(page, a), locate(page, b)
    return math.hypot(bx - ax, by - ay)


# Counts the die's tumbles (Web Animations started on it): none when motion is reduced.
COUNT_ROLLS = """() => {
    window.dieRolls = 0;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
        if (this.classList.contains('die')) window.dieRolls += 1;
        return animate.apply(this, args);
    };
}"""


def test_two_players_roll_land_and_move_by_clicks(open_game):
    page = open_game([])
    page.evaluate(COUNT_ROLLS)
    assert page.locator("#game-panel .die.blank .pip").count() == 0  # not thrown yet
    assert roll(page) == 1
    assert page.evaluate("window.dieRolls") == 1  # the throw tumbled, once
    play(page, "land:p1>p1")  # a 1 lands on the port itself: tap it twice
    assert snapshot(page)["view"]["stones"] == {"p1": 0}
    assert close(pixel(page, "p1"), RED)
    assert page.locator("#game-panel .die.blank").is_visible()  # the throw was used
    # the capitals held shown on the board: on, it stays on across moves (how the board is
    # shown, the store's game.display; the selection between taps is cleared by each move)
    territory = page.locator("#game-panel button", has_text="Show capitals held")
    expect(territory).to_have_attribute("aria-pressed", "false")
    territory.click()
    expect(territory).to_have_attribute("aria-pressed", "true")

    page.emulate_media(reduced_motion="reduce")
    assert roll(page) == 6
    assert page.evaluate("window.dieRolls") == 1  # reduced motion: the face shows, still
    page.emulate_media(reduced_motion="no-preference")
    land = next(m for m in snapshot(page)["legal"] if m.startswith("land:p2>"))
    play(page, land)
    end = land.split(">")[1]
    assert snapshot(page)["view"]["stones"] == {"p1": 0, end: 1}
    assert close(pixel(page, end), BLUE)
    expect(territory).to_have_attribute("aria-pressed", "true")  # still on, two moves later

    assert roll(page) == 1
    assert "p1>p3" in snapshot(page)["legal"]
    play(page, "p1>p3")
    view = snapshot(page)["view"]
    assert view["stones"] == {"p3": 0, end: 1} and view["to_move"] == 1
    assert close(pixel(page, "p3"), RED) and not close(pixel(page, "p1"), RED)
    page.locator("#undo").click()  # undo takes back the move and the throw, not only the move
    assert snapshot(page)["record"]["moves"][-1] == "roll:1"
    assert page.locator("#controls button[data-move^=remove]").count() == 0
    tap(page, "p1")  # an own stone selected: it may be removed instead of moved
    page.locator("#controls button[data-move='remove:p1']").click()
    assert snapshot(page)["view"]["stones"] == {end: 1}


def on_canvas(page, place: str) -> bool:
    box = page.locator("#board").bounding_box()
    x, y = locate(page, place)
    inside_x = box["x"] + 15 < x < box["x"] + box["width"] - 15
    return inside_x and box["y"] + 15 < y < box["y"] + box["height"] - 15


def test_wheel_zoom_drag_and_taps_after_zoom(open_game):
    page = open_game(["roll", "roll:1", "land:p1>p1", "roll", "roll:6"])
    before = spread(page, "p1", "p2")
    assert not close(pixel(page, "p1", dx=14), RED)  # beyond the stone's rim at 1×
    x, y = locate(page, "p1")
    page.mouse.move(x, y)
    page.mouse.wheel(0, -600)
    page.wait_for_function("document.querySelector('.zoom-fit')?.ariaDisabled === 'false'")
    assert spread(page, "p1", "p2") > 2 * before  # drawn bigger…
    assert math.dist(locate(page, "p1"), (x, y)) < 2  # …around the wheel's point
    assert close(pixel(page, "p1", dx=14), RED)  # the stone is drawn bigger too

    moves = snapshot(page)["record"]["moves"]
    page.mouse.move(x + 30, y + 60)
    page.mouse.down()
    page.mouse.move(x - 10, y + 90, steps=5)
    page.mouse.up()
    assert snapshot(page)["record"]["moves"] == moves  # a drag pans and plays nothing
    assert math.dist(locate(page, "p1"), (x - 40, y + 30)) < 2

    land = next(m for m in snapshot(page)["legal"] if m.startswith("land:")
                and all(on_canvas(page, p) for p in m[5:].split(">")))
    play(page, land)
    end = land.split(">")[1]
    assert snapshot(page)["view"]["stones"][end] == 1 and close(pixel(page, end), BLUE)
    page.locator(".zoom-fit").click()
    assert abs(spread(page, "p1", "p2") - before) < 1


def test_a_pinch_on_a_phone_zooms_and_taps_still_play(open_game):
    teams = [[0, 2], [1, 3]]
    page = open_game(["roll", "roll:1"], {"players": 4, "teams": teams}, **PHONE)
    assert snapshot(page)["view"]["teams"] == teams
    before = spread(page, "p1", "p2")
    x, y = locate(page, "p1")
    cdp = page.context.new_cdp_session(page)

    def touch(kind, gap):
        points = [] if gap is None else [{"x": x - gap, "y": y, "id": 0},
                                         {"x": x + gap, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 20)
    for gap in range(25, 65, 5):
        touch("touchMove", gap)
    touch("touchEnd", None)
    assert spread(page, "p1", "p2") > 2.5 * before
    assert math.dist(locate(page, "p1"), (x, y)) < 3  # the place under the fingers stays
    assert snapshot(page)["record"]["moves"] == ["roll", "roll:1"]  # a pinch is no tap
    play(page, "land:p1>p1", touch=True)
    assert close(pixel(page, "p1"), RED)


def test_the_menu_sets_players_teams_and_a_generated_map(app_page):
    page = app_page.page
    setup = open_setup(page, "inselspiel")
    setup.locator("select[name=map]").select_option('"small"')
    setup.locator("input[name=map_seed]").fill("7")
    start_game(page, "inselspiel", setup=setup, players=6, teams=[[0, 3], [1, 4], [2, 5]])
    view = snapshot(page)["view"]
    assert view["options"]["map"] == {"generate": 7, "size": "small"}
    assert view["teams"] == [[0, 3], [1, 4], [2, 5]] and len(view["colours"]) == 6
    assert "number 7" in page.locator(".insel-map-name").inner_text()
    page.locator("#back").click()
    setup = open_setup(page, "inselspiel")
    assert setup.locator("input[name=map_seed]").input_value() == "7"  # as left
    setup.locator("select[name=players]").select_option("3")  # three people, two teams:
    setup.locator("select[name=teams]").select_option(index=1)
    setup.locator("#setup-play").click()
    page.wait_for_function("window.inselApp.snapshot()?.view.colours.length === 4")  # 4 colours
    assert snapshot(page)["view"]["teams"] == [[0, 2], [1, 3]]


def test_a_seed_makes_the_same_island_in_the_browser_as_under_cpython(app_page) -> None:
    """Pyodide runs another Python and C library than the tests: a generated island must not
    depend on either, or a record made in one does not replay in the other."""
    import json

    from insel.games import get_game

    for size, seed in (("small", 3), ("medium", 7), ("large", 11)):
        option = {"generate": seed, "size": size}
        in_browser = app_page.page.evaluate(
            """async (map) => JSON.parse(await window.inselCall(JSON.stringify({op: 'new',
                game: 'inselspiel', seed: 1, options: {map}}))).view.map""", option)
        here = get_game("inselspiel").new(seed=1, map=option).view(None)["map"]
        assert json.loads(json.dumps(here)) == in_browser, (size, seed)


PLACES_ON_SCREEN = """() => window.inselApp.snapshot().view.map.places
    .map(([id]) => [id, window.inselApp.locate(id)])"""


def crowded_pair(page) -> tuple[str, str, tuple[float, float]]:
    """Two places under 24 CSS px apart on screen whose midpoint has no third place nearer,
    away from the zoom controls, and that midpoint."""
    points = {pid: (p["x"], p["y"]) for pid, p in page.evaluate(PLACES_ON_SCREEN)}
    board = page.locator("#board").bounding_box()
    controls = page.locator(".zoom-controls").bounding_box()
    for a, pa in points.items():
        for b, pb in points.items():
            mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
            if a >= b or math.dist(pa, pb) >= 20 or mid[0] > controls["x"] - 30:
                continue
            if not (board["x"] + 30 < mid[0] < board["x"] + board["width"] - 30
                    and board["y"] + 30 < mid[1] < board["y"] + board["height"] - 30):
                continue
            if all(math.dist(p, mid) > math.dist(pa, mid) + 2 for c, p in points.items()
                   if c not in (a, b)):
                return a, b, mid
    raise AssertionError("no two places lie close together on this screen")


def test_zoom_controls_a_first_time_tip_and_crowded_taps_on_a_phone(open_game):
    """On a phone the zoom shows itself: +, − and the whole board under the board's corner
    (not for Othello), a tip shown once per browser, and a tap between places too close to
    tell apart zooms in around it instead of guessing."""
    page = open_game(["roll", "roll:1"], **PHONE)
    board = page.locator("#board").bounding_box()
    for name, label in (("in", "Zoom in"), ("out", "Zoom out"), ("fit", "Show the whole board")):
        button = page.locator(f".zoom-controls .zoom-{name}")
        box = button.bounding_box()
        assert button.is_visible() and button.get_attribute("aria-label") == label
        assert box["width"] >= 44 and box["height"] >= 44, name
        # beside the board, off the map: a row under its right end
        assert board["x"] <= box["x"] and box["x"] + box["width"] <= board["x"] + board["width"]
        assert box["y"] >= board["y"] + board["height"], name
        assert box["y"] + box["height"] <= PHONE["viewport"]["height"], name
    tip = page.locator(".zoom-tip")
    assert tip.is_visible() and "Pinch" in tip.inner_text()
    tip.get_by_role("button").tap()
    assert tip.is_hidden()

    before = spread(page, "p1", "p2")
    page.locator(".zoom-in").tap()
    assert spread(page, "p1", "p2") > 1.4 * before  # + zooms in
    page.locator(".zoom-fit").tap()
    assert abs(spread(page, "p1", "p2") - before) < 1  # …and the whole board is back

    a, b, mid = crowded_pair(page)
    page.touchscreen.tap(*mid)
    assert snapshot(page)["record"]["moves"] == ["roll", "roll:1"]
    assert spread(page, a, b) >= 24  # zoomed in around the tap until the two tell apart
    assert "close together" in page.locator("#message").inner_text()
    zoomed = spread(page, a, b)
    tap(page, a, touch=True)  # now a tap picks the place: no second zoom
    assert spread(page, a, b) == pytest.approx(zoomed)
    assert "close together" not in page.locator("#message").inner_text()

    page.reload()  # the tip was dismissed in this browser: not shown again
    page.wait_for_selector("body[data-ready=true]")
    page.evaluate("(f) => { location.hash = f; }", record_link(
        {"game": "inselspiel", "options": {}, "seed": 98, "moves": []}))
    page.wait_for_function("window.inselApp.snapshot()?.record.moves.length === 0")
    assert page.locator(".zoom-in").is_visible() and tip.is_hidden()
    page.evaluate("location.hash = '#play=othello'")
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'othello'")
    expect(page.locator(".zoom-controls")).to_be_hidden()  # a board that fits needs no zoom
