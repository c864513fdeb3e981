"""AI players: levels, the resumable :class:`Thinker`, and the per-game dispatch.

Every search is a generator that yields after a small unit of work and finally returns
the chosen move (``StopIteration.value``).  A :class:`Thinker` runs it in slices of a
given time budget, so the browser can think without freezing the page.  Below "expert" the
RESULT never depends on time: budgets are counted in iterations or nodes, and the random
source is a ``random.Random`` seeded from (game, level, seed, ply).  The same state, level
and seed therefore always give the same move, however fast the machine is.

Level "expert" thinks for a time budget instead (a :class:`Clock`, default
``EXPERT_MS``): its searches are anytime (iterative deepening, or iterations until the
clock is out) and play the best move found when the time is up.  Only the time spent
inside ``Thinker.step`` counts, not the page's time between slices.  So an expert move
may differ between machines, or between a busy and an idle one.

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

LEVELS = ("random", "easy", "medium", "hard", "expert")
EXPERT_MS = 2000  # the expert's default thinking time per move
EXPERT_RANGE = (100, 60_000)  # the thinking times a session accepts (ms)

Search = Generator[None, None, str]


class TimeUp(Exception):
    """The expert's clock is out (raised by :meth:`Clock.check` inside a search)."""


class Clock:
    """The expert's thinking time: ``budget_ms`` in all, counted only while a
    :class:`Thinker` works on the search (``start``/``stop`` around each slice).

    A search asks ``out()`` between units of work.  ``limit_share(f)`` lets a part of the
    search (an endgame solve) use the share ``f`` of the time left; ``out()`` then answers
    for that part until ``limit_share(1)`` gives the whole rest back.
    """

    def __init__(self, budget_ms: float) -> None:
        self.budget_ms = budget_ms
        self.limit_ms = budget_ms
        self.spent_ms = 0.0
        self._since: float | None = None  # perf_counter at the start of the running slice

    def start(self) -> None:
        """A slice begins: time counts from now."""
        self._since = time.perf_counter()

    def stop(self) -> None:
        """A slice ends: its time is added to ``spent_ms``."""
        if self._since is not None:
            self.spent_ms += (time.perf_counter() - self._since) * 1000
            self._since = None

    def spent(self) -> float:
        """Milliseconds of thinking so far (the running slice included)."""
        running = 0.0 if self._since is None else (time.perf_counter() - self._since) * 1000
        return self.spent_ms + running

    def out(self) -> bool:
        """Whether the time (or the share set by ``limit_share``) is used up."""
        return self.spent() >= self.limit_ms

    def check(self) -> None:
        """Raise :class:`TimeUp` when ``out()``."""
        if self.out():
            raise TimeUp

    def limit_share(self, share: float) -> None:
        """Let the coming work use ``share`` of the time left (1: all of it)."""
        spent = self.spent()
        self.limit_ms = spent + (self.budget_ms - spent) * share


class Thinker:
    """A search in progress; ``step(budget_ms)`` works for about that long.

    ``step`` returns None while the search goes on and the chosen move once it is done
    (again on every later call).  ``run()`` thinks to the end in one go (tests, arena).
    ``clock`` (expert) is the search's :class:`Clock`: each slice's time is counted on it.
    """

    def __init__(self, search: Search, seat: int, clock: Clock | None = None) -> None:
        self._search = search
        self.seat = seat
        self.clock = clock
        self.move: str | None = None
        self.slices = 0

    def step(self, budget_ms: float) -> str | None:
        if self.move is not None:
            return self.move
        self.slices += 1
        end = time.perf_counter() + budget_ms / 1000
        if self.clock:
            self.clock.start()
        try:
            while True:
                next(self._search)
                if time.perf_counter() >= end:
                    return None
        except StopIteration as stop:
            self.move = stop.value
        finally:
            if self.clock:
                self.clock.stop()
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


# Wort-Reversi: the share of tile backs each level names right unless told otherwise (a
# learner's opponent: medium is beatable by a pupil who knows most words, expert knows all)
LEVEL_KNOWLEDGE = {"random": 0.5, "easy": 0.5, "medium": 0.7, "hard": 0.9, "expert": 1.0}


def check_knowledge(knowledge: Any, level: str = "expert") -> float:
    """Wort-Reversi knowledge: a number from 0 to 1 (share of tile backs named right), or
    "level" (or None) for the level's own share (LEVEL_KNOWLEDGE)."""
    if knowledge is None or knowledge == "level":
        return LEVEL_KNOWLEDGE[check_level(level)]
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


def check_expert_ms(budget_ms: Any) -> float:
    """The expert's thinking time: a number of milliseconds in ``EXPERT_RANGE``."""
    low, high = EXPERT_RANGE
    if isinstance(budget_ms, bool) or not isinstance(budget_ms, int | float) or not (
            low <= budget_ms <= high):
        raise Refusal("ai_think_time", low=low, high=high)
    return float(budget_ms)


def thinker(state: State, level: str, seed: int = 0, knowledge: float | str | None = 1.0,
            budget_ms: float = EXPERT_MS) -> Thinker:
    """Start thinking for the seat to move in ``state`` at ``level``.

    ``knowledge`` (Wort-Reversi): the chance that each tile's back is named right, or
    "level"/None for the level's default (LEVEL_KNOWLEDGE).
    ``budget_ms``: the expert's thinking time (other levels ignore it).
    """
    level = check_level(level)
    knowledge = check_knowledge(knowledge, level)
    seat = state.current_player()
    if seat < 0:
        raise Refusal("ai_no_seat")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise Refusal("ai_seed", value=brief(seed))
    rng = rng_for(state, level, seed)
    clock = Clock(check_expert_ms(budget_ms)) if level == "expert" else None
    if level == "random":
        search = random_search(state, rng)
    else:
        search = strategy(state.game_id)(state, seat, level, rng, knowledge=knowledge,
                                         clock=clock)
    return Thinker(search, seat, clock)


def choose(state: State, level: str, seed: int = 0, knowledge: float = 1.0,
           budget_ms: float = EXPERT_MS) -> str:
    """The move ``level`` chooses in ``state`` (thinks to the end at once)."""
    return thinker(state, level, seed, knowledge, budget_ms).run()
