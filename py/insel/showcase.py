"""Pictures for the game menu: a position a few moves into each registered game.

``build.py`` writes :func:`menu_data` into the site as ``assets/menu.json``, so the menu can
draw every game's board with that game's own view before Python has started in the page.
The positions come from short seeded random games, so they are the same on every build.
"""

from __future__ import annotations

import random

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
