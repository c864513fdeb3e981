"""Pictures for the game menu and the print page, computed by the engines at build time.

``build.py`` writes :func:`menu_data` into the site as ``assets/menu.json``, so the menu can
draw every game's board with that game's own view before Python has started in the page.
The positions come from short seeded random games, so they are the same on every build.
It writes :func:`print_data` as ``assets/print.json``: the starting view of each board that
print.html draws for print-and-play, so that page needs no Python either.
"""

from __future__ import annotations

import random
from typing import Any

from insel.games import GAME_IDS, get_game
from insel.state import CHANCE

# Plies to play before taking the picture (enough to show what the game looks like).
PLIES = {"ponte": 16, "kahuna": 14, "othello": 14, "wortreversi": 12, "inselspiel": 60}
SEED = 7


def picture(game_id: str, seed: int = SEED) -> dict:
    """A spectator's view of the game ``game_id`` after its showcase plies."""
    rng = random.Random(seed)
    state = get_game(game_id).new(seed=seed)
    for _ in range(PLIES.get(game_id, 10)):
        if state.is_over():
            break
        if state.current_player() == CHANCE:
            state = state.play(state.sample_chance())
        else:
            state = state.play(rng.choice(state.legal_moves()))
    return state.view(None)


def menu_data() -> dict:
    """The menu's data: each game's description and picture, in registry order."""
    games = []
    for game_id in GAME_IDS:
        game = get_game(game_id)
        games.append({"id": game.id, "min_players": game.min_players,
                      "max_players": game.max_players, "information": game.information,
                      "chance": game.chance, "picture": picture(game_id)})
    return {"games": games}


# The boards print.html offers: each game's starting options to print, one view per variant.
# Ponte's "box" supply says how many tiles and bridges to cut out; Inselspiel's six players
# give the colours of every seat's counters (the island is the same for any count).
PRINTED: dict[str, tuple[dict[str, Any], ...]] = {
    "ponte": ({"size": 10, "supply": "box"}, {"size": 12, "supply": "box"}),
    "kahuna": ({},),
    "othello": ({"size": 8}, {"size": 6}),
    "inselspiel": ({"players": 6},),
}


def print_data() -> dict:
    """The print page's data: {game id: [starting view of each printed variant]}."""
    return {game_id: [get_game(game_id).new(seed=SEED, **options).view(None)
                      for options in variants]
            for game_id, variants in PRINTED.items()}
