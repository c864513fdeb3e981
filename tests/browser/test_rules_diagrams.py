"""The rules' live diagrams in a real browser: each game's rules show their diagrams drawn by
the game's view, the reader steps through one and uses "Try it" (a wrong tap gets the
engine's reason or the view's hint, the right move is drawn), in English and in German."""

from __future__ import annotations

import pytest

from board import settle, snapshot, start_game

# per game: the diagram tried, the wrong taps, the right taps (targets of the view's pick)
TRIES = {
    "ponte": ("ponte-bridges", ["b2", "e2"], ["b7", "c9"]),
    "kahuna": ("kahuna-bridge", ["ALOA-BARI"], ["ELAI-HUNA"]),
    "inselspiel": ("insel-walk", ["p13"], ["p14", "p9"]),
    "othello": ("othello-capture", ["a1"], ["f4"]),
    "wortreversi": ("wortreversi-name", ["f1"], ["a4"]),
}
WORDS = ["die Katzen", "die Tiger", "die Eichhörnchen"]  # wortreversi-name's answers

BLANK = """(canvas) => {
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  for (let i = 3; i < data.length; i += 4 * 97) if (data[i] !== 0) return false;
  return true;
}"""

# The client point of a target in a diagram: the view's own locate() on the diagram's view.
LOCATE = """async ([id, target]) => {
  const { VIEWS } = await import("./assets/js/views/index.js");
  const figure = document.querySelector(`figure[data-diagram="${id}"]`);
  const canvas = figure.querySelector("canvas");
  const answer = JSON.parse(await window.inselCall(JSON.stringify({ op: "diagram", id })));
  const r = canvas.getBoundingClientRect();
  const box = { width: r.width, height: r.height, scale: 1 };
  const p = VIEWS[answer.game].board.locate(box, answer.view, target);
  return { x: r.left + p.x, y: r.top + p.y };
}"""


def open_rules(page, game: str):
    start_game(page, game)
    page.click("#rules-button")
    page.wait_for_selector("#rules[open] figure.diagram canvas")
    page.wait_for_function("[...document.querySelectorAll('#rules figure.diagram')].every("
                           "(f) => f.querySelector('.diagram-step').textContent !== '')")
    return page.locator("#rules")


def tap(page, diagram_id: str, target: str) -> None:
    # centred, so the dialog's sticky heading covers no part of the board
    page.locator(f'figure[data-diagram="{diagram_id}"] canvas').evaluate(
        "(canvas) => canvas.scrollIntoView({block: 'center'})")
    point = page.evaluate(LOCATE, [diagram_id, target])
    page.mouse.click(point["x"], point["y"])
    settle(page)


@pytest.mark.parametrize("game", sorted(TRIES))
def test_every_diagram_is_drawn_steps_and_tries(app_page, game: str) -> None:
    page = app_page.page
    rules = open_rules(page, game)
    figures = rules.locator("figure.diagram")
    assert figures.count() >= 2
    for index in range(figures.count()):
        canvas = figures.nth(index).locator("canvas")
        canvas.scroll_into_view_if_needed()
        assert canvas.bounding_box()["width"] > 150
        assert not canvas.evaluate(BLANK), f"diagram {index} is blank"
    stepping = rules.locator("figure.diagram:has(.diagram-step:not([hidden]))").first
    step = stepping.locator(".diagram-step")
    before = step.text_content()
    shown, plies = (int(n) for n in before.split("/"))
    assert shown == plies > 0  # a diagram opens at the position it describes
    stepping.locator("button", has_text="◀").click()
    settle(page)
    assert step.text_content() == f"{plies - 1} / {plies}"

    diagram_id, wrong, right = TRIES[game]
    figure = rules.locator(f'figure[data-diagram="{diagram_id}"]')
    message = figure.locator(".diagram-message")
    figure.locator(".diagram-try").click()
    settle(page)
    assert message.text_content() == "Your turn: make the move on the board."
    for target in wrong:
        tap(page, diagram_id, target)
    assert message.text_content() not in ("", "Your turn: make the move on the board.")
    assert "good" not in message.get_attribute("class")
    if game != "inselspiel":  # the other views send any move; the engine gives the reason
        assert "error" in message.get_attribute("class")
    pixels = figure.locator("canvas").screenshot()
    for target in right:
        tap(page, diagram_id, target)
    if game == "wortreversi":
        inputs = figure.locator(".diagram-answers input")
        assert inputs.count() == len(WORDS)
        for index, word in enumerate(WORDS):
            inputs.nth(index).fill(word)
        figure.locator(".diagram-answers button[type=submit]").click()
        settle(page)
    assert "good" in message.get_attribute("class"), message.text_content()
    assert message.text_content() in ("Right: that is the move described here.",
                                      "The rules allow that move.")
    assert figure.locator("canvas").screenshot() != pixels  # the result is drawn
    assert snapshot(page)["record"]["moves"] == []  # game untouched


def test_the_rules_and_diagrams_speak_german(open_page) -> None:
    page = open_page("#lang=de").page
    rules = open_rules(page, "ponte")
    assert rules.locator("h3", has_text="Inseln und Sandbänke").count() == 1
    figure = rules.locator('figure[data-diagram="ponte-crossing"]')
    assert "würde sie kreuzen" in figure.locator("figcaption").text_content()
    try_button = figure.locator(".diagram-try")
    assert try_button.text_content() == "Selbst ausprobieren"
    try_button.click()
    tap(page, "ponte-crossing", "a3")
    tap(page, "ponte-crossing", "c1")
    message = figure.locator(".diagram-message")
    assert "Brücke" in message.text_content() and "error" in message.get_attribute("class")
    assert try_button.text_content() == "Noch einmal"
