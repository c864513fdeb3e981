"""What a new player meets in the first minutes: one tab through every game and back, links
pasted into an open tab, the Share button, rules that open at the top, and a menu of tiles
that fits a desktop screen and a phone."""

import base64
import json
import zlib

import pytest
from moves import GAMES, play_a_move
from playwright.sync_api import expect
from test_languages import finished_othello

from board import (
    canvas_summary,
    choose_action,
    record_link,
    saved_record,
    settle,
    snapshot,
    start_game,
)
from conftest import READY_TIMEOUT_MS, RecordedPage, wait_ready

NAMES = {"ponte": "Ponte del Diavolo", "othello": "Othello", "wortreversi": "Wort-Reversi",
         "kahuna": "Kahuna", "inselspiel": "Inselspiel (1940)"}
PONTE = {"game": "ponte", "options": {"size": 12, "supply": "box"}, "seed": 4,
         "moves": ["c3,c5", "swap", "h6,h8"]}


def compressed_link(record: dict) -> str:
    """The #r= fragment the Share button makes: raw deflate of the JSON, in base64url."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(json.dumps(record).encode()) + packer.flush()
    return "#r=" + base64.urlsafe_b64encode(data).decode().rstrip("=")


def start_from_tile(page, game: str, kind: str) -> None:
    """One tap on a game's tile: kind is "computer" or "people"."""
    page.locator(f".game-card[data-game={game}] [data-start={kind}]").click()
    page.wait_for_function("!document.getElementById('play').hidden"
                           f" && window.inselApp.snapshot()?.record.game === '{game}'")


def go_to_menu(page) -> None:
    page.locator("#back").click()
    settle(page)
    assert page.locator("#menu").is_visible() and page.locator("#play").is_hidden()


def test_one_tab_walks_through_every_game_and_back(app_page):
    """The bug this guards: a game opened after another drew the old game's picture (or none)
    while the engine still held the old game."""
    page = app_page.page
    for game in [*GAMES, *reversed(GAMES[:-1])]:
        start_from_tile(page, game, "people")
        assert page.locator("#play-title").inner_text() == NAMES[game]
        assert saved_record(page)["game"] == game  # the engine holds the new game, too
        assert snapshot(page)["record"]["moves"] == []
        before = canvas_summary(page)
        assert before["colours"] >= 3, f"{game}: the board is blank"
        play_a_move(page, game)
        assert saved_record(page)["moves"] == snapshot(page)["record"]["moves"] != []
        assert canvas_summary(page)["digest"] != before["digest"], f"{game}: board not redrawn"
        assert page.locator("#seats li").count() == len(snapshot(page)["view"]["scores"])
        go_to_menu(page)
    # the fixture fails the test if a single error reached the console on the way


def set_hash(page, fragment: str) -> None:
    page.evaluate("(f) => { location.hash = f; }", fragment)


def test_links_pasted_into_an_open_tab_are_followed(app_page):
    page = app_page.page
    set_hash(page, "#play=othello")
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'othello'")
    settle(page)
    assert page.locator("#play").is_visible()
    page.wait_for_function("location.hash === ''")  # followed once: a reload does not repeat it
    play_a_move(page, "othello")
    kept = saved_record(page)

    for fragment, problem in [("#play=chess", "no game called “chess”"),
                              ("#record=%%%", "“record” link is damaged"),
                              ("#r=AAAA", "“r” link is damaged"),
                              ("#chess=1", "no link of this app (“#chess=…”)")]:
        set_hash(page, fragment)
        page.wait_for_function("(p) => document.getElementById('message').textContent.includes(p)",
                               arg=problem)
        assert saved_record(page) == kept, fragment  # the game in progress is untouched
        assert page.locator("#play").is_visible()

    set_hash(page, record_link(PONTE))  # plain links, made before compression
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'ponte'")
    settle(page)
    assert saved_record(page) == PONTE
    go_to_menu(page)
    set_hash(page, "#play=chess")  # on the menu, the menu says it
    page.wait_for_function("document.getElementById('menu-message').textContent.includes('chess')")
    set_hash(page, compressed_link({**PONTE, "seed": 5, "moves": PONTE["moves"][:1]}))
    page.wait_for_function("window.inselApp.snapshot()?.record.moves.length === 1")
    settle(page)
    assert saved_record(page)["moves"] == ["c3,c5"]

    set_hash(page, record_link(finished_othello()))  # a finished game shows its end…
    page.locator("#game-over").wait_for()
    set_hash(page, "#play=ponte")  # …until another game opens: its dialog goes with it
    page.wait_for_function("window.inselApp.snapshot()?.record.moves.length === 0")
    settle(page)
    assert page.locator("#game-over").is_hidden()


def test_the_share_button_gives_a_link_that_opens_the_same_game(site_url, open_page):
    page = open_page(viewport={"width": 1100, "height": 800},
                     permissions=["clipboard-read", "clipboard-write"]).page
    page.evaluate("delete Navigator.prototype.share")  # a desktop without a share sheet
    start_game(page, "ponte", size=12)
    play_a_move(page, "ponte")
    play_a_move(page, "ponte")
    choose_action(page, "#share-button")
    dialog = page.locator("#share")
    dialog.wait_for()
    link = page.locator("#share-link").input_value()
    assert link.startswith(site_url + "#r=")
    page.wait_for_function("document.getElementById('share-status').textContent !== ''")
    assert page.evaluate("navigator.clipboard.readText()") == link  # copied as well
    record = saved_record(page)
    page.locator("#share-close").click()
    assert dialog.is_hidden()

    other = open_page(link.removeprefix(site_url)).page  # a friend's fresh browser
    other.wait_for_function("window.inselApp.snapshot()?.record.moves.length === 2")
    settle(other)
    assert saved_record(other) == record


def test_the_rules_open_at_their_heading_every_time(app_page):
    page = app_page.page
    start_from_tile(page, "inselspiel", "people")
    for _ in range(2):
        page.locator("#rules-button").click()
        page.locator("#rules-text h3").first.wait_for()
        dialog = page.locator("#rules")
        assert dialog.evaluate("(node) => node.scrollHeight > node.clientHeight")  # it scrolls
        assert dialog.evaluate("(node) => node.scrollTop") == 0
        heading = page.locator("#rules-text h3").first.bounding_box()
        assert 0 <= heading["y"] < 800  # the first section's heading is in sight
        dialog.evaluate("(node) => { node.scrollTop = node.scrollHeight; }")  # read to the end
        page.locator("#rules-close").click()


@pytest.mark.parametrize(("width", "height", "columns"), [(1280, 800, None), (390, 844, 2)])
def test_every_game_is_on_the_menu_with_its_board(open_page, width, height, columns):
    page = open_page(viewport={"width": width, "height": height}).page
    tiles = page.locator(".game-card")
    assert tiles.count() == 5
    boxes = [tiles.nth(i).bounding_box() for i in range(5)]
    if columns is None:  # a desktop screen shows them all without scrolling
        assert all(box["y"] + box["height"] <= height for box in boxes)
    else:
        assert len({round(box["x"]) for box in boxes}) == columns
        assert all(box["x"] + box["width"] <= width for box in boxes)
    settle(page)  # the pictures are drawn one a task, after the tiles
    for i in range(5):
        picture = canvas_summary(page, f".game-card:nth-child({i + 1}) canvas.thumb")
        assert picture["colours"] >= 3  # a board, drawn by the game's view
    assert page.locator("#menu-message").is_hidden()  # no empty error line taking room


def test_one_tap_plays_and_the_setup_is_remembered(open_page):
    page = open_page(viewport={"width": 1280, "height": 800}).page
    start_from_tile(page, "othello", "computer")
    assert "medium" in page.locator("#seats li").nth(1).inner_text().lower()
    go_to_menu(page)
    start_from_tile(page, "othello", "people")
    assert page.locator("#seats li").nth(1).inner_text().lower().count("computer") == 0
    go_to_menu(page)
    start_game(page, "othello", computer={1: "hard"}, size=8)
    assert snapshot(page)["view"]["size"] == 8
    page.reload()
    wait_ready(page)
    start_from_tile(page, "othello", "computer")  # the level and board last chosen
    assert "hard" in page.locator("#seats li").nth(1).inner_text().lower()
    assert snapshot(page)["view"]["size"] == 8
    go_to_menu(page)
    page.locator(".game-card[data-game=othello] [data-start=setup]").click()
    assert page.locator("#setup select[name=size]").input_value() == "8"


def test_a_game_chosen_while_python_starts_opens_once_it_is_ready(browser, site_url):
    recorded = RecordedPage(browser.new_context(viewport={"width": 1280, "height": 800}).new_page())
    page = recorded.page
    held = []  # the runtime's wasm is held back until the choice is made: Python cannot be ready
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site_url, wait_until="domcontentloaded")  # the load event would wait for the wasm
    tile = page.locator(".game-card[data-game=ponte]")
    tile.locator("[data-start=people]").click()  # the menu is there before Python is
    assert page.evaluate("document.body.dataset.ready") is None
    # "starts when ready… 40 %", drawn in the next frame (the store redraws once a frame)
    expect(tile.locator(".card-status")).to_contain_text("%")
    for _ in range(600):  # Python's worker asks for the runtime in its own time
        if held:
            break
        page.wait_for_timeout(100)  # lets Playwright deliver the route
    assert held, "the page asked for the runtime"
    assert page.evaluate("document.body.dataset.ready") is None  # still held: not ready
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'ponte'",
                           timeout=READY_TIMEOUT_MS)
    settle(page)
    assert page.locator("#play").is_visible() and tile.locator(".card-status").inner_text() == ""
    recorded.close()
