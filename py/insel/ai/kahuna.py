"""Kahuna: information-set MCTS over worlds sampled from what the seat sees.

The seat sees its own hand, the face-up cards, the cards played face up this round, the
board and the SIZES of the opponent's hand, the pile and the discards.  All 24 cards are
known in total (two per island), so a world puts the played cards on the discards and
deals the cards the seat cannot place uniformly to the opponent's hand, the pile (in
random order) and the rest of the discards (the face-down ones), with a fresh reshuffle
seed: the search never reads the real hidden cards, the real pile order or the real seed
(tests check that changing them never changes the choice).

Levels: easy = the playout policy alone (a weighted random action that prefers building
and removing bridges over discarding); medium and hard = MCTS with that policy in the
playouts (cut after 60 actions and scored by points, stones and bridges), 80 and
220 iterations (about 0.9 s of CPython at most for hard); expert = the same MCTS for as
many iterations as its clock allows.
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator
from functools import cache

from insel.ai import mcts
from insel.ai.players import Clock
from insel.games.kahuna import KahunaState
from insel.games.kahuna_board import INDEX, ISLANDS
from insel.state import State

ITERATIONS = {"medium": 80, "hard": 220, "expert": mcts.EXPERT_CAP}
HORIZON = 60  # playout actions before the evaluation decides
COPIES = 2  # cards per island


def sample_world(view: dict, seat: int, rng: random.Random) -> KahunaState:
    """A full state consistent with ``view`` (the view of ``seat``), hidden cards drawn.

    Cards played face up this round (``view["played"]``) lie in the discards for certain;
    only the rest of the unseen cards are dealt at random."""
    unknown = [COPIES] * len(ISLANDS)
    discards = [0] * len(ISLANDS)
    for name in view["played"]:
        discards[INDEX[name]] += 1
    for name in [*view["hand"], *view["display"], *view["played"]]:
        unknown[INDEX[name]] -= 1
    cards = [c for c, n in enumerate(unknown) for _ in range(n)]
    rng.shuffle(cards)
    other = 1 - seat
    hands = [[0] * len(ISLANDS), [0] * len(ISLANDS)]
    for name in view["hand"]:
        hands[seat][INDEX[name]] += 1
    size = view["hand_sizes"][other]
    for card in cards[:size]:
        hands[other][card] += 1
    pile = cards[size:size + view["pile"]]
    for card in cards[size + view["pile"]:]:
        discards[card] += 1
    return KahunaState.from_view(view, hands, pile, discards, rng.randrange(1 << 30))


# action kind -> playout weight
WEIGHTS = {"place": 4.0, "remove": 6.0, "discard": 0.2, "take": 1.0, "none": 0.3}


def kind(move: str) -> str:
    """The kind of a Kahuna action string (see insel.games.kahuna's notation)."""
    if move.startswith("take:"):
        return "none" if move == "take:none" else "take"
    if move.startswith("discard:"):
        return "discard"
    return "remove" if ":x:" in move else "place"


@cache
def weight(move: str) -> float:
    """The playout weight of an action (its kind's, remembered per action string)."""
    return WEIGHTS[kind(move)]


def policy(state: State, legal: list[str], rng: random.Random) -> str:
    """Heuristic action: building and removing bridges first, discarding rarely."""
    return rng.choices(legal, weights=[weight(m) for m in legal])[0]


def evaluate(state: State) -> list[float]:
    """Win chances of an unfinished playout: points, then stones and bridges on the board."""
    assert isinstance(state, KahunaState)
    points, bridges = state.points(), state.bridges_on_board()
    stones = [state.stones.count(0), state.stones.count(1)]
    lead = (points[0] - points[1]) + 0.5 * (stones[0] - stones[1]) + 0.1 * (
        bridges[0] - bridges[1])
    first = 1 / (1 + math.exp(-lead))
    return [first, 1 - first]


def search(state: State, seat: int, level: str, rng: random.Random,
           knowledge: float = 1.0, clock: Clock | None = None) -> Generator[None, None, str]:
    """The action for ``seat``, from ``state.view(seat)`` and the seat's legal moves only."""
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    if level == "easy":
        yield
        return policy(state, legal, rng)
    view = state.view(seat)
    return (yield from mcts.run(lambda r: sample_world(view, seat, r), ITERATIONS[level], rng,
                                policy=policy, evaluate=evaluate, horizon=HORIZON,
                                clock=clock))
