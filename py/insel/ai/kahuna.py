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
playouts (cut after 60 actions and scored by points, stones and bridges: ``evaluate``), 80
and 220 iterations (about 0.9 s of CPython at most for hard).  Hard is the yardstick the
expert is measured against: its search, playouts and evaluation stay as they are.

Expert = the same MCTS for as many iterations as its clock allows, with short playouts
(``EXPERT_HORIZON`` actions, about a turn of each seat) scored by ``judge``, an evaluation
of the position rather than of a long random game: the points already won, the stone lead
valued by the scorings still to come (rounds 1 and 2 give 1 and 2 points to the seat with
more stones, round 3 the difference, later scorings discounted), majorities under way on
islands without a stone, the bridges left on the board in rounds 2 and 3 (a seat with none
loses) and the cards in hand.  Long random playouts mostly measured the noise of the
playout policy; the short horizon buys several times the iterations in the same clock.
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator
from functools import cache

from insel.ai import mcts
from insel.ai.players import Clock
from insel.games.kahuna import ROUNDS, KahunaState
from insel.games.kahuna_board import DEGREE, INDEX, ISLANDS
from insel.state import State

ITERATIONS = {"medium": 80, "hard": 220, "expert": mcts.EXPERT_CAP}
HORIZON = 60  # playout actions before the evaluation decides (medium, hard)
EXPERT_HORIZON = 12  # the expert's playout actions before ``judge`` decides
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


NEED = tuple(d // 2 + 1 for d in DEGREE)  # bridges that take an island's majority
DISCOUNT = 0.6  # weight of each later scoring against the one before it
SCALE = 1.2  # points of lead per unit of the logistic


def stone_value(lead: float, round_: int) -> float:
    """Points the stone lead ``lead`` (seat 0's) is worth in this round's scoring and the
    later ones (stones stay on the board), each later scoring discounted."""
    value, weight = 0.0, 1.0
    for scoring in range(round_, ROUNDS + 1):
        value += weight * (lead if scoring == ROUNDS else scoring * math.tanh(lead))
        weight *= DISCOUNT
    return value


def judge(state: State) -> list[float]:
    """The expert's win chances of an unfinished position (see the module docstring)."""
    assert isinstance(state, KahunaState)
    points, stones, count = state.points(), state.stones, state.count
    lead = stones.count(0) - stones.count(1)
    building = 0.0
    for island, owner in enumerate(stones):
        if owner < 0:
            building += (count[0][island] - count[1][island]) / NEED[island]
    hands = sum(state.hands[0]) - sum(state.hands[1])
    bridges = state.bridges_on_board()
    soft = lead + 0.5 * building + 0.1 * hands + 0.05 * (bridges[0] - bridges[1])
    value = points[0] - points[1] + stone_value(soft, state.round)
    if state.round >= 2 or not state.pile:
        value += 2.0 * (_few(bridges[0]) - _few(bridges[1]))
    first = 1 / (1 + math.exp(-value / SCALE))
    return [first, 1 - first]


def _few(bridges: int) -> float:
    """The danger of being left with no bridge (1 with one bridge, 0 from four)."""
    return max(0.0, (4 - bridges) / 3) ** 2


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
    expert = level == "expert"
    return (yield from mcts.run(lambda r: sample_world(view, seat, r), ITERATIONS[level], rng,
                                policy=policy, evaluate=judge if expert else evaluate,
                                horizon=EXPERT_HORIZON if expert else HORIZON,
                                clock=clock))
