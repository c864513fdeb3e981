"""Monte-Carlo tree search through the common State API, for any game.

- Seats: any number; a playout's result gives each winner 1/len(winners) (draws share).
  Each node keeps the reward of the seat that moved into it (UCT, "max^n" style).
- Chance: at a CHANCE node the outcome is drawn with its probability (``chance_outcomes``)
  from the search's own random source, so expectation is taken by sampling.
- Hidden information: ``sample(rng)`` deals a fresh world consistent with what the seat
  sees before every iteration (determinized / information-set MCTS): the tree is keyed
  by moves, and a node only offers the children legal in the current world.
- Budget: a number of ITERATIONS (the same result on every machine); the search yields
  after every iteration so a :class:`insel.ai.players.Thinker` can slice it.  The expert
  also stops when its :class:`insel.ai.players.Clock` is out (the iterations then only
  cap the tree's memory).
- Playouts follow ``policy(state, legal, rng)`` (uniform by default) for at most
  ``horizon`` moves; an unfinished playout is scored by ``evaluate(state)`` (per-seat
  win chances), or as a draw without one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator

from insel.ai.players import Clock
from insel.state import CHANCE, State

Policy = Callable[[State, list[str], random.Random], str]
Evaluate = Callable[[State], list[float]]
EXPLORE = 0.7
EXPERT_CAP = 200_000  # the expert's iterations at most (its clock ends it long before)


class Node:
    """Statistics of one move sequence: visits and the mover's total reward."""

    __slots__ = ("children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.reward = 0.0


def uniform(state: State, legal: list[str], rng: random.Random) -> str:
    """The default playout policy: any legal move."""
    return rng.choice(legal)


def draw_chance(state: State, rng: random.Random) -> str:
    """A chance outcome drawn with its probability from the search's random source."""
    outcomes = state.chance_outcomes()
    return rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]


def result(state: State) -> list[float]:
    """Per-seat reward of a finished game: winners share 1."""
    winners = state.winners()
    reward = [0.0] * state.num_players
    for seat in winners:
        reward[seat] = 1 / len(winners)
    return reward


def run(sample: Callable[[random.Random], State], iterations: int, rng: random.Random,
        policy: Policy = uniform, evaluate: Evaluate | None = None,
        horizon: int = 400, clock: Clock | None = None) -> Generator[None, None, str]:
    """The most visited root move after ``iterations`` playouts, or fewer when ``clock``
    is out (see the module docstring)."""
    root = Node()
    for _ in range(iterations):
        if clock and clock.out() and root.children:
            break
        state = sample(rng)
        node, path = root, []  # path: (node, seat that moved into it)
        while not state.is_over():
            mover = state.current_player()
            if mover == CHANCE:
                move = draw_chance(state, rng)
            else:
                legal = state.legal_moves()
                fresh = [m for m in legal if m not in node.children]
                if fresh:
                    move = rng.choice(fresh)
                    node.children[move] = Node()
                    state = state.play(move)
                    node = node.children[move]
                    path.append((node, mover))
                    break
                move = _select(node, legal)
            node = node.children.setdefault(move, Node())
            path.append((node, mover))
            state = state.play(move)
        reward = _playout(state, rng, policy, evaluate, horizon)
        root.visits += 1
        for visited, mover in path:
            visited.visits += 1
            if mover >= 0:
                visited.reward += reward[mover]
        yield
    return max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))[0]


def _select(node: Node, legal: list[str]) -> str:
    """UCT among the children legal in this world."""
    log_n = math.log(node.visits + 1)
    best, best_value = legal[0], -1.0
    for move in legal:
        child = node.children[move]
        value = child.reward / child.visits + EXPLORE * math.sqrt(log_n / child.visits)
        if value > best_value:
            best, best_value = move, value
    return best


def _playout(state: State, rng: random.Random, policy: Policy, evaluate: Evaluate | None,
             horizon: int) -> list[float]:
    for _ in range(horizon):
        mover = state.current_player()
        if mover < 0:
            if state.is_over():
                return result(state)
            state = state.play(draw_chance(state, rng))
        else:
            state = state.play(policy(state, state.legal_moves(), rng))
    if state.is_over():
        return result(state)
    return evaluate(state) if evaluate else [1 / state.num_players] * state.num_players


def search(state: State, seat: int, level: str, rng: random.Random,
           knowledge: float = 1.0, clock: Clock | None = None) -> Generator[None, None, str]:
    """Generic player for games without a dedicated one (perfect information assumed)."""
    iterations = {"easy": 30, "medium": 200, "hard": 800, "expert": EXPERT_CAP}[level]
    return (yield from run(lambda _rng: state, iterations, rng, clock=clock))
