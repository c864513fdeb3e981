"""Hints in the page: Hint marks the engine's move on the canvas with its reason and the
move plays by a click (the review after a game: test_review_browser.py)."""

from __future__ import annotations

import math
import re

from board import open_setup, pixel, snapshot, start_game, tap

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
    page.wait_for_function("window.inselApp.snapshot()?.record.moves.length >= 1")
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
