"""One move in any game, made as a person would (taps on the board, its buttons), for tests
that go through every game: offline play, phone layouts."""

from __future__ import annotations

import re

from board import settle, snapshot, tap

GAMES = ("ponte", "othello", "wortreversi", "kahuna", "inselspiel")
KAHUNA_BUILD = re.compile(r"^([A-Z]+):([A-Z]+-[A-Z]+)$")


def press(page, selector: str, touch: bool = False) -> None:
    button = page.locator(selector).first
    if touch:
        button.tap()
    else:
        button.click()
    settle(page)


def play_a_move(page, game: str, touch: bool = False) -> str:
    """Make the first listed move of the game just started (after its curtain or die, if
    any) by tapping its squares; check the engine took it and return it as recorded."""
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
        answer = snapshot(page)
        move = next(m for m in answer["legal"] if m.startswith("land:"))
        port, end = move.removeprefix("land:").split(">")
        tap(page, port, touch)
        if answer["view"]["stones"].get(port) == answer["view"]["to_move"]:
            tap(page, port, touch)  # the first tap took the own stone there: again lands a new one
        tap(page, end, touch)
    elif game == "wortreversi":  # the answers are secret: any answer plays the tile
        square = snapshot(page)["legal"][0].partition(":")[0]
        tap(page, square, touch)
        fields = page.locator("#game-panel .wr-quiz input")
        for i in range(fields.count()):
            fields.nth(i).fill("?")
        press(page, "#game-panel .wr-quiz button[type=submit]", touch)
        move = snapshot(page)["record"]["moves"][before]
        assert move.partition(":")[0] == square
    else:  # ponte (two squares), othello (one)
        move = snapshot(page)["legal"][0]
        for square in move.split(","):
            tap(page, square, touch)
    moves = snapshot(page)["record"]["moves"]
    # a computer may have answered; if the move is missing, what the page said tells why
    assert move in moves[before:], (game, move, moves, page.locator("#message").inner_text())
    return move
