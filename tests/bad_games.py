"""Scripted bad games for the review's tests: seat 0 (the person) plays the easy level but
the move the computer's appraisal rates worst wherever the choice matters (the best and
worst moves ``SPREAD`` of a win chance apart; Ponte and Inselspiel: at every choice),
seat 1 plays the easy level; one finished record per game, the same every time."""

from __future__ import annotations

from generators import finished
from insel.ai import advice, choose
from insel.ai.review import absolute, chance
from insel.games import get_game
from insel.state import CHANCE, State

GAMES = {"othello": {"size": 6}, "wortreversi": {}, "ponte": {}, "kahuna": {},
         "inselspiel": {"map": {"generate": 1, "size": "small"}}}
SPREAD = {"othello": 0.3, "wortreversi": 0.3, "kahuna": 0.3, "ponte": 0.0, "inselspiel": 0.0}
SEEDS = {"othello": 1, "wortreversi": 1, "ponte": 1, "kahuna": 1, "inselspiel": 1}


def worst(state: State, seat: int) -> str | None:
    """The legal move the appraisal rates lowest for ``seat`` when it is the game's
    ``SPREAD`` below the best, else None."""
    legal = state.legal_moves()
    values = absolute(state, seat, finished(advice.appraise(state, seat, legal[0])))
    rated = {move: values[advice.move_key(state, move)] for move in legal
             if advice.move_key(state, move) in values}
    low = min(rated, key=lambda move: rated[move])
    spread = chance(state.game_id, max(rated.values())) - chance(state.game_id, rated[low])
    return low if spread >= SPREAD[state.game_id] else None


def bad_game(game: str) -> dict:
    """The finished record of a scripted bad game of ``game`` (seat 0 the worst mover)."""
    state = get_game(game).new(seed=SEEDS[game], **GAMES[game])
    for ply in range(3000):
        if state.is_over():
            return state.record()
        mover = state.current_player()
        if mover == CHANCE:
            move = state.sample_chance()
        elif mover == 0 and len(state.legal_moves()) > 1 and "roll" not in state.legal_moves():
            move = worst(state, 0) or choose(state, "easy", ply)
        else:
            move = choose(state, "easy", ply)
        state = state.play(move)
    raise AssertionError(f"{game}: the bad game did not end")
