"""Seats stay apart for people who see colours differently.

Each game's board is drawn in the browser; the average colour of each seat's pieces is read
from the canvas, turned into what a person with protanopia, deuteranopia or tritanopia sees
(Machado, Oliveira and Fernandes 2009, full severity, applied in linear RGB) and compared by
WCAG contrast ratio.  The threshold is 3 : 1, WCAG 2.1's minimum for graphical objects a
person must tell apart (success criterion 1.4.11).  Inselspiel's up to six colours cannot all
be 3 : 1 apart, so its seats differ in shape as well (circle, square, triangle, …): checked
from the seats the page lists.  With the "patterns" setting on "always", dark pieces carry
stripes: a difference that needs no colour at all, checked by the spread of light inside a
piece.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from board import record_link
from insel.games import get_game
from paths import ROOT

LESSONS = json.loads((ROOT / "assets" / "lessons" / "lessons.json").read_text(encoding="utf-8"))
SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
THRESHOLD = 3.0


def linear(channel: float) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: tuple[float, float, float], matrix=None) -> float:
    """WCAG relative luminance of an sRGB colour, as seen through a simulation matrix."""
    lin = [linear(c) for c in rgb]
    if matrix:
        lin = [min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin, strict=True))))
               for row in matrix]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def piece_colours(page, targets: dict[int, list[str]], radius: float) -> dict[int, tuple]:
    """Average colour and spread of light (standard deviation of the grey value) of each
    seat's pieces, read from the canvas in a disc of `radius` (a share of the board width)
    around each target."""
    return {seat: tuple(page.evaluate(
        """([targets, radius]) => {
            const c = document.getElementById('board'), r = c.getBoundingClientRect();
            const k = c.width / r.width, ctx = c.getContext('2d');
            const reach = radius * c.width;
            let n = 0, sum = [0, 0, 0], grey = [];
            for (const target of targets) {
                const p = window.inselApp.locate(target);
                const cx = (p.x - r.left) * k, cy = (p.y - r.top) * k;
                const d = ctx.getImageData(Math.round(cx - reach), Math.round(cy - reach),
                                           Math.round(2 * reach), Math.round(2 * reach)).data;
                for (let i = 0; i < d.length; i += 4) {
                    sum[0] += d[i]; sum[1] += d[i + 1]; sum[2] += d[i + 2]; n += 1;
                    grey.push((d[i] + d[i + 1] + d[i + 2]) / 3);
                }
            }
            const mean = grey.reduce((a, b) => a + b, 0) / grey.length;
            const spread = Math.sqrt(grey.reduce((a, b) => a + (b - mean) ** 2, 0) / grey.length);
            return [sum[0] / n, sum[1] / n, sum[2] / n, spread];
        }""", [names, radius])) for seat, names in targets.items()}


def lesson_record(game: str) -> dict:
    lesson = LESSONS[game]
    return {"game": game, "options": lesson["options"], "seed": lesson["seed"],
            "moves": lesson["moves"]}


def open_position(page, record: dict) -> dict:
    page.evaluate("(hash) => { location.hash = hash; }", record_link(record))
    page.wait_for_function(
        f"window.inselApp.snapshot()?.record.moves.length === {len(record['moves'])}")
    page.wait_for_timeout(200)
    return page.evaluate("window.inselApp.snapshot().view")


def seat_targets(game: str, view: dict) -> dict[int, list[str]]:
    if game in ("othello", "wortreversi"):
        cells = zip(view["names"], view["cells"], strict=True)
        found = {0: [], 1: []}
        for name, colour in cells:
            if colour is not None:
                found[colour].append(name)
        return found
    if game == "ponte":
        return {seat: [name for name, colour in view["cells"].items() if colour == letter]
                for seat, letter in ((0, "L"), (1, "D"))}
    if game == "kahuna":
        return {seat: [line["name"] for line in view["lines"] if line.get("owner") == seat]
                for seat in (0, 1)}
    raise ValueError(game)


RADIUS = {"othello": 0.012, "wortreversi": 0.012, "ponte": 0.012, "kahuna": 0.006}


@pytest.mark.parametrize("game", ["ponte", "kahuna", "othello", "wortreversi"])
def test_two_seats_stay_apart_under_every_colour_vision(open_page, game: str) -> None:
    page = open_page().page
    view = open_position(page, lesson_record(game))
    targets = seat_targets(game, view)
    assert all(targets[seat] for seat in (0, 1)), f"no pieces of each seat: {targets}"
    colours = piece_colours(page, targets, RADIUS[game])
    for name, matrix in [("normal", None), *SIMULATIONS.items()]:
        seen = [luminance(colours[seat][:3], matrix) for seat in (0, 1)]
        ratio = contrast(*seen)
        assert ratio >= THRESHOLD, f"{game} under {name}: {ratio:.2f} : 1"


def test_patterns_tell_dark_pieces_apart_without_colour(open_page) -> None:
    page = open_page().page
    view = open_position(page, lesson_record("ponte"))
    plain = piece_colours(page, seat_targets("ponte", view), 0.012)
    page.locator("#play-settings").click()
    page.locator("#setting-patterns").select_option("always")
    page.locator("#settings-close").click()
    page.wait_for_timeout(200)
    striped = piece_colours(page, seat_targets("ponte", view), 0.012)
    assert striped[1][3] > plain[1][3] + 10  # stripes: light and dark inside each dark tile
    assert abs(striped[0][3] - plain[0][3]) < 3  # light tiles stay plain
    expect(page.locator("html")).to_have_attribute("data-patterns", "on")


def test_inselspiel_seats_differ_in_shape(open_page) -> None:
    page = open_page().page
    state = get_game("inselspiel").new(seed=2, players=6)
    page.evaluate("(hash) => { location.hash = hash; }", record_link(state.record()))
    seats = page.locator("#seats li")
    expect(seats).to_have_count(6)
    shapes = {"circle", "square", "triangle", "diamond", "pentagon", "hexagon"}
    named = [next(shape for shape in shapes if shape in text) for text in seats.all_inner_texts()]
    assert len(set(named)) == 6, named


def test_projector_dark_stones_stay_dark_and_match_their_badge(open_page) -> None:
    """Projector mode puts stripes on Othello's dark stones: they stay near-black (as dark as
    the seat's badge in the players panel, far from the light stones) and the badge carries
    the same stripes."""
    page = open_page().page
    page.locator("#settings-open").click()
    page.locator("#setting-projector").select_option("on")
    page.locator("#settings-close").click()
    view = open_position(page, lesson_record("othello"))
    colours = piece_colours(page, seat_targets("othello", view), 0.03)
    badge = page.locator("#seats .swatch").first
    rgb = badge.evaluate("(node) => getComputedStyle(node).backgroundColor")
    badge_light = luminance(tuple(float(c) for c in rgb[rgb.index("(") + 1:-1].split(",")[:3]))
    dark, light = (luminance(colours[seat][:3]) for seat in (0, 1))
    assert colours[0][3] > 10  # the stripes are there
    apart = contrast(dark, badge_light)
    assert apart < 1.6, f"dark stones {apart:.2f} : 1 from their badge"
    assert contrast(dark, light) >= 7, f"{contrast(dark, light):.2f} : 1"
    stripes = badge.evaluate("(node) => getComputedStyle(node).backgroundImage")
    assert "repeating-linear-gradient" in stripes
    page.locator("#play-settings").click()
    page.locator("#setting-projector").select_option("off")
    page.locator("#settings-close").click()
