"""Inselspiel: MCTS over the die's outcomes (sampled with their probabilities), 2–6 seats.

Playouts roll rather than pass (passing by everyone ends the game) and prefer moves to
passes; a playout is cut after ``HORIZON`` moves and scored by the capitals each party
holds now (the engine's territory scores), turned into shares of a win.

Levels: easy = the playout policy alone; medium / hard = MCTS with 100 / 300 iterations.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from insel.ai import mcts
from insel.state import State

ITERATIONS = {"medium": 100, "hard": 300}
HORIZON = 40


def policy(state: State, legal: list[str], rng: random.Random) -> str:
    """Roll rather than pass; move (or land) rather than pass after the throw."""
    active = [m for m in legal if m != "pass"]
    return rng.choice(active) if active and rng.random() < 0.95 else rng.choice(legal)


def evaluate(state: State) -> list[float]:
    """Win shares of an unfinished playout from the capitals counted now."""
    scores = state.scores()
    top = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == top]
    return [1 / len(leaders) if s in leaders else 0.0 for s in range(len(scores))]


def search(state: State, seat: int, level: str, rng: random.Random,
           knowledge: float = 1.0) -> Generator[None, None, str]:
    """The move for ``seat`` (perfect information; only the die is unknown)."""
    legal = state.legal_moves()
    if len(legal) == 1 or level == "easy":
        yield
        return policy(state, legal, rng)
    return (yield from mcts.run(lambda _rng: state, ITERATIONS[level], rng, policy=policy,
                                evaluate=evaluate, horizon=HORIZON))
