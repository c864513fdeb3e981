"""Hints and the look back in the page: Hint marks the engine's move on the canvas with its
reason and the move plays by a click; after a game, "Where did it turn?" marks the costly
moves in the move list and shows where one was made, with the better move ringed."""

from __future__ import annotations

import math
import re

from board import locate, open_setup, pixel, record_link, settle, snapshot, start_game, tap
from test_advice import finished_othello

RING = (255, 122, 26)  # markTargets' colour (app.js)


def ring_radius(page) -> float:
    """markTargets' ring radius on the board now (CSS pixels)."""
    box = page.locator("#board").bounding_box()
    return max(12, min(box["width"], box["height"]) * 0.045)


def ringed(page, target: str) -> bool:
    """An orange ring passes through the point one radius right of ``target``."""
    r = ring_radius(page)
    colour = pixel(page, target, dx=r)
    return math.dist(colour, RING) < 60


def test_hint_marks_the_move_with_its_reason_and_the_move_plays(open_page):
    page = open_page().page
    start_game(page, "othello", computer={1: "easy"}, size=6)
    assert page.locator("#hint-button").is_visible()
    legal = snapshot(page)["legal"]
    assert not any(ringed(page, square) for square in legal)
    page.locator("#hint-button").click()
    page.wait_for_function(
        "/^Hint: \\S+ — /.test(document.getElementById('hint-text').textContent)")
    text = page.locator("#hint-text").text_content()
    move = re.match(r"Hint: (\S+) — ", text).group(1)
    assert move in legal
    assert re.search(r" — (turns (one disc|\d+ discs)|takes a corner)$", text), text
    assert ringed(page, move)
    assert [square for square in legal if ringed(page, square)] == [move]
    tap(page, move)
    page.wait_for_function("window.inselApp.snapshot().record.moves.length >= 1")
    assert snapshot(page)["record"]["moves"][0] == move
    assert page.locator("#hint-text").text_content() == ""  # the hint went with its position


def test_hints_can_be_switched_off_and_are_not_offered_to_two_people(open_page):
    page = open_page().page
    start_game(page, "othello", size=6)  # two people: competitive
    assert page.locator("#hint-button").is_hidden()
    page.locator("#back").click()
    setup = open_setup(page, "othello")
    start_game(page, "othello", computer={1: "medium"}, setup=setup, hints=False)
    assert page.locator("#hint-button").is_hidden()


def test_where_did_it_turn_after_the_last_move(open_page):
    record, ply, blunder = finished_othello()
    last = max(i for i, move in enumerate(record["moves"]) if move != "pass")
    final = record["moves"][last]
    near = {**record, "moves": record["moves"][:last]}
    page = open_page(record_link(near)).page
    page.wait_for_function(f"window.inselApp.snapshot()?.record.moves.length === {last}")
    settle(page)
    tap(page, final)
    page.locator("#game-over").wait_for()
    turns = page.locator("#game-over-turns")
    assert turns.is_visible()
    turns.click()
    page.locator("#turns-list button").first.wait_for()
    assert page.locator("#game-over").is_hidden()
    assert page.locator("#history").get_attribute("open") is not None
    entries = page.locator("#turns-list button")
    assert 1 <= entries.count() <= 6  # at most three per seat, two seats among people
    texts = entries.all_text_contents()
    [entry] = [text for text in texts if text.startswith(f"Move {ply + 1}, ")]
    assert f"{blunder} played" in entry
    marked = page.locator(".history-list .turning button")
    assert marked.count() == entries.count()
    assert page.locator(f".history-list .turning [data-ply='{ply + 1}']").count() == 1
    page.locator(f"#turns-list [data-turn='{ply}']").click()
    page.wait_for_function("!document.getElementById('viewing').hidden")
    better = re.search(r"better was ([^,\s]+)", entry).group(1)
    assert ringed(page, better) and not ringed(page, blunder)
    assert locate(page, better)
