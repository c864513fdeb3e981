"""AI players: levels, the resumable :class:`Thinker`, and the per-game dispatch.

Every search is a generator that yields after a small unit of work and finally returns
the chosen move (``StopIteration.value``).  A :class:`Thinker` runs it in slices of a
given time budget, so the browser can think without freezing the page; the RESULT never
depends on time: budgets are counted in iterations or nodes, and the random source is a
``random.Random`` seeded from (game, level, seed, ply).  The same state, level and seed
therefore always give the same move, however fast the machine is.

A search sees the game only through the common State API and ``view(seat)``; games with
hidden information are searched on states rebuilt from the seat's view (see
``insel.ai.kahuna``), so the answer never depends on what the seat may not see.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable, Generator
from typing import Any

from insel.inputs import brief
from insel.refusal import Refusal
from insel.state import State

LEVELS = ("random", "easy", "medium", "hard")

Search = Generator[None, None, str]


class Thinker:
    """A search in progress; ``step(budget_ms)`` works for about that long.

    ``step`` returns None while the search goes on and the chosen move once it is done
    (again on every later call).  ``run()`` thinks to the end in one go (tests, arena).
    """

    def __init__(self, search: Search, seat: int) -> None:
        self._search = search
        self.seat = seat
        self.move: str | None = None
        self.slices = 0

    def step(self, budget_ms: float) -> str | None:
        if self.move is not None:
            return self.move
        self.slices += 1
        end = time.perf_counter() + budget_ms / 1000
        try:
            while True:
                next(self._search)
                if time.perf_counter() >= end:
                    return None
        except StopIteration as stop:
            self.move = stop.value
        return self.move

    def run(self) -> str:
        move = None
        while move is None:
            move = self.step(1000)
        return move


def check_level(level: Any) -> str:
    """A valid level name, else a Refusal listing the levels."""
    if level not in LEVELS:
        raise Refusal("ai_unknown_level", level=brief(level), levels=", ".join(LEVELS))
    return level


def check_knowledge(knowledge: Any) -> float:
    """Wort-Reversi knowledge: a number from 0 to 1 (share of tile backs named right)."""
    if isinstance(knowledge, bool) or not isinstance(knowledge, int | float) or not (
            0 <= knowledge <= 1):
        raise Refusal("ai_knowledge", value=brief(knowledge))
    return float(knowledge)


def rng_for(state: State, level: str, seed: int) -> random.Random:
    """The search's random source: from game, level, seed and ply only (all public)."""
    return random.Random(f"insel.ai:{state.game_id}:{level}:{seed}:{len(state.moves)}")


def random_search(state: State, rng: random.Random) -> Search:
    """Level "random": a uniformly drawn legal move."""
    yield
    return rng.choice(state.legal_moves())


# game id -> module of insel.ai whose ``search`` plays it (others: generic MCTS)
STRATEGIES = {
    "othello": "alphabeta",
    "wortreversi": "alphabeta",
    "ponte": "ponte",
    "kahuna": "kahuna",
    "inselspiel": "inselspiel",
}


def strategy(game_id: str) -> Callable[..., Search]:
    """The search function for ``game_id`` (its module is imported on first use)."""
    module = importlib.import_module(f"insel.ai.{STRATEGIES.get(game_id, 'mcts')}")
    return module.search


def thinker(state: State, level: str, seed: int = 0, knowledge: float = 1.0) -> Thinker:
    """Start thinking for the seat to move in ``state`` at ``level``.

    ``knowledge`` (Wort-Reversi): the chance that each tile's back is named right.
    """
    level = check_level(level)
    knowledge = check_knowledge(knowledge)
    seat = state.current_player()
    if seat < 0:
        raise Refusal("ai_no_seat")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise Refusal("ai_seed", value=brief(seed))
    rng = rng_for(state, level, seed)
    if level == "random":
        search = random_search(state, rng)
    else:
        search = strategy(state.game_id)(state, seat, level, rng, knowledge=knowledge)
    return Thinker(search, seat)


def choose(state: State, level: str, seed: int = 0, knowledge: float = 1.0) -> str:
    """The move ``level`` chooses in ``state`` (thinks to the end at once)."""
    return thinker(state, level, seed, knowledge).run()
