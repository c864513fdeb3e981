"""The review of a finished game in the page, in German, one page for all five games: a
scripted bad game (tests/bad_games.py) opened from a link with the person at seat 0 and
the computer at seat 1, "Analyse" pressed.  The review opens as a sheet over the side
panel with its heading in focus, the board still in sight; the graph is drawn and is what
a tap on it meets; a tap on it and its arrow keys show that position on the board; the
mistakes are listed with reasons in German (the graph's marks in words) and marked in the
move list; a taught move shows its position with the better move ringed; Escape closes
the sheet and gives the focus back to "Analyse", which opens it again."""

from __future__ import annotations

import json
import re

from test_hints import RING, ringed

from bad_games import GAMES, bad_game
from board import canvas_grid, canvas_summary, locate, record_link, same_picture, settle
from paths import ROOT

DE = json.loads((ROOT / "assets" / "i18n" / "de.json").read_text(encoding="utf-8"))
# the fixed words of every German reason a review gives (its own and the hint's)
REASONS = [max(re.split(r"\{\w+\}", text), key=len).strip() for key, text in DE.items()
           if key.startswith(("engine.review_", "engine.hint_")) and "not_" not in key]


def graph_pixels(page) -> int:
    """A digest of every pixel of the review's graph (its position line is 2 px wide)."""
    return page.evaluate("""() => {
        const c = document.getElementById('review-graph');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let digest = 0;
        for (let i = 0; i < d.length; i += 4) digest = (digest * 31 + d[i] + 3 * d[i + 2]) >>> 0;
        return digest;
    }""")


def ring_pixels(page) -> int:
    """How many of the board's pixels have the ring's colour."""
    return page.evaluate("""([r, g, b]) => {
        const c = document.getElementById('board');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let count = 0;
        for (let i = 0; i < d.length; i += 4) {
            if (Math.abs(d[i] - r) + Math.abs(d[i + 1] - g) + Math.abs(d[i + 2] - b) < 40) count++;
        }
        return count;
    }""", list(RING))


def layout(page) -> dict:
    """Where the sheet, the board and the graph are, and what a tap at the graph's centre meets."""
    return page.evaluate("""() => {
        const box = (id) => document.getElementById(id).getBoundingClientRect().toJSON();
        const graph = box('review-graph');
        const hit = document.elementFromPoint(graph.x + graph.width / 2,
                                              graph.y + graph.height / 2);
        return {sheet: box('turns'), board: box('board'), graph, hit: hit?.id ?? '',
                screen: [innerWidth, innerHeight], focused: document.activeElement?.id ?? ''};
    }""")


def overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def slider(page) -> int:
    """The graph's position (its aria-valuenow: the plies shown)."""
    return int(page.locator("#review-graph").get_attribute("aria-valuenow"))


def open_review(page, base: str, game: str) -> dict:
    """Open the bad game of ``game`` and press "Analyse"; the record."""
    record = bad_game(game)
    page.goto(base + record_link({**record, "seats": ["human", "easy"]}))
    page.wait_for_function(f"window.inselApp.snapshot()?.record.game === '{game}'"
                           f" && window.inselApp.snapshot().record.moves.length === "
                           f"{len(record['moves'])}")
    settle(page)
    over = page.locator("#game-over").is_visible()
    page.locator("#game-over-turns" if over else "#review-button").click()
    page.locator("#turns").wait_for(timeout=120_000)
    settle(page)
    return record


def check_sheet(page, game: str) -> None:
    """The sheet is open over the panel, in the screen, beside the board, its heading focused."""
    assert page.locator("#turns h3").text_content() == DE["reviewTitle"], game
    where = layout(page)
    sheet, board = where["sheet"], where["board"]
    width, height = where["screen"]
    assert sheet["x"] >= 0 and sheet["y"] >= 0, (game, where)
    assert sheet["x"] + sheet["width"] <= width and sheet["y"] + sheet["height"] <= height
    assert not overlap(sheet, board), (game, where)  # the board stays in sight
    assert where["hit"] == "review-graph", (game, where)  # a tap on the graph reaches it
    assert where["focused"] == "turns-title", (game, where)


def check_graph(page, game: str, plies: int) -> None:
    """The graph is drawn; a tap at three quarters shows that position on the board, and
    the arrow keys step back from there."""
    graph = canvas_summary(page, "#review-graph")
    assert graph["colours"] >= 4, (game, graph)  # line, area, dots, background
    before, board = graph_pixels(page), canvas_grid(page)
    box = page.locator("#review-graph").bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.75, box["y"] + box["height"] / 2)
    settle(page)
    shown = slider(page)
    assert abs(shown - 0.75 * plies) <= max(3, plies * 0.05), (game, shown, plies)
    assert page.evaluate("window.inselApp.snapshot().record.moves.length") == plies
    assert graph_pixels(page) != before  # the position's line moved
    assert not same_picture(canvas_grid(page), board), game  # the board shows it
    where = page.locator(".review-where").text_content()
    assert where.startswith("Stellung nach Zug "), where
    page.keyboard.press("ArrowLeft")  # the graph has the focus from the tap
    settle(page)
    assert slider(page) < shown, game
    assert page.locator(".review-where").text_content() != where


def check_moves(page, game: str) -> list[str]:
    """Mistakes listed in German with reasons; the texts of the moves listed."""
    entries = page.locator("#turns-list button[data-turn]")
    texts = entries.all_text_contents()
    assert texts, game
    assert all(text.lstrip("?!").startswith("Zug ") for text in texts), texts
    assert all("engine." not in text and "{" not in text for text in texts), texts
    taught = [t for t in texts if DE["review_mistake"] in t or DE["review_blunder"] in t]
    assert taught and all("besser war" in text for text in taught), (game, texts)
    assert any(reason in text for text in taught for reason in REASONS), (game, texts)
    return texts


def check_taught(page, game: str) -> None:
    """A taught move shows the position where it was made, the better move ringed."""
    page.locator("#review-graph").focus()
    page.keyboard.press("Home")
    settle(page)
    assert slider(page) == 0 and ring_pixels(page) == 0, game
    entry = page.locator("#turns-list :is(button[data-mark=blunder], button[data-mark=mistake])")
    ply = int(entry.first.get_attribute("data-turn"))
    entry.first.click()
    settle(page)
    assert slider(page) == ply, game
    assert ring_pixels(page) > 20, game
    if game == "othello":  # a square: the ring around the better move, not the one played
        text = entry.first.text_content()
        better = re.search(r"besser war ([a-f][1-6])", text).group(1)
        played = re.search(r": ([a-f][1-6]) – ", text).group(1)
        assert locate(page, better)
        assert ringed(page, better) and not ringed(page, played)


def check_close(page, game: str) -> None:
    """Escape closes the sheet, the focus back on "Analyse"; the move list shows the marks;
    "Analyse" opens the sheet again at once."""
    page.keyboard.press("Escape")
    settle(page)
    assert page.locator("#turns").is_hidden(), game
    assert page.evaluate("document.activeElement.id") == "review-button", game
    marked = page.locator(".history-list :is(.turning.mark-mistake, .turning.mark-blunder)")
    assert marked.count() >= 1, game
    page.locator("#review-button").click()
    settle(page)
    assert page.locator("#turns").is_visible(), game
    page.locator("#review-close").click()
    settle(page)
    assert page.locator("#turns").is_hidden(), game


def test_the_review_of_a_bad_game_in_every_game(open_page):
    page = open_page().page
    base = page.url.split("#")[0]
    page.locator("#settings-open").click()
    page.locator("#language").select_option("de")
    page.locator("#settings-close").click()
    settle(page)
    for game in GAMES:
        record = open_review(page, base, game)
        check_sheet(page, game)
        check_graph(page, game, len(record["moves"]))
        check_moves(page, game)
        check_taught(page, game)
        check_close(page, game)
