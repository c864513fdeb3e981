"""One move in any game, made as a person would (taps on the board, its buttons), for tests
that go through every game: offline play, phone layouts."""

from __future__ import annotations

import json
import re

from board import snapshot, tap

GAMES = ("ponte", "othello", "wortreversi", "kahuna", "inselspiel")
KAHUNA_BUILD = re.compile(r"^([A-Z]+):([A-Z]+-[A-Z]+)$")


def press(page, selector: str, touch: bool) -> None:
    button = page.locator(selector).first
    if touch:
        button.tap()
    else:
        button.click()


def play_a_move(page, game: str, touch: bool = False) -> str:
    """Make the first listed move of the game just started (after its curtain or die, if
    any) by tapping its squares; check the engine took it and return it."""
    before = len(snapshot(page)["record"]["moves"])
    if game == "kahuna":
        press(page, "#curtain-lift", touch)
        card, line = next(KAHUNA_BUILD.match(m).groups() for m in snapshot(page)["legal"]
                          if KAHUNA_BUILD.match(m))
        press(page, f".kahuna-hand button.card[data-card={card}]", touch)
        tap(page, line, touch)
        move = f"{card}:{line}"
    elif game == "inselspiel":
        press(page, "#controls button[data-move=roll]", touch)
        move = next(m for m in snapshot(page)["legal"] if m.startswith("land:"))
        for place in move.removeprefix("land:").split(">"):
            tap(page, place, touch)
    elif game == "wortreversi":
        move = snapshot(page)["legal"][0]
        square, _, answers = move.partition(":")
        tap(page, square, touch)
        fields = page.locator("#game-panel .wr-quiz input")
        for i, answer in enumerate(json.loads(answers)):
            fields.nth(i).fill(answer)
        press(page, "#game-panel .wr-quiz button[type=submit]", touch)
    else:  # ponte (two squares), othello (one)
        move = snapshot(page)["legal"][0]
        for square in move.split(","):
            tap(page, square, touch)
    moves = snapshot(page)["record"]["moves"]
    assert len(moves) > before and moves[-1] == move, (game, move, moves)
    return move
