"""Statistics for the arena: Wilson score intervals and Elo ratings fitted by maximum likelihood.

The rating model is Bradley–Terry on the Elo scale: a player rated ``d`` points above its
opponent scores ``1 / (1 + 10 ** (-d / 400))`` on average, a draw counting half.  The ratings
maximise the log-likelihood of all results (Newton's method; the log-likelihood is concave),
with one rating held at 0 (the anchor).  Their 95 % intervals are Wald intervals from the
observed Fisher information: the inverse of the negative Hessian of the log-likelihood at the
maximum gives the variance of each rating's difference to the anchor.

A level that wins every game against all the others has no finite maximum-likelihood
rating, so the fit adds ``prior_draws`` virtual draws to every pairing that was played (as
BayesElo does): with one draw and 200 wins the difference is about 1040 points, not infinity.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

ELO = 400 / math.log(10)  # Elo points per unit of natural log-odds
Z95 = 1.959963984540054


def wilson(score: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval (95 % by default) for ``score`` points out of ``games``."""
    if games <= 0:
        return 0.0, 1.0
    p = score / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)



def head_to_head(results: Iterable[tuple[str, str, float]], player: str, opponent: str,
                 seat: int | None = None) -> tuple[float, int]:
    """``player``'s points and games against ``opponent`` in ``results`` (seat 0's level, seat
    1's level, seat 0's score), counting only the games where ``player`` sat on ``seat`` if
    one is given."""
    points, games = 0.0, 0
    for first, second, first_score in results:
        if (first, second) == (player, opponent) and seat != 1:
            points, games = points + first_score, games + 1
        elif (first, second) == (opponent, player) and seat != 0:
            points, games = points + 1 - first_score, games + 1
    return points, games



def pair_totals(games: Iterable[tuple[int, float]]) -> Counter[float]:
    """How many complete pairs of games gave a player 2, 1½, 1, ½ or 0 points, from
    (pair, the player's points in one game); a pair with one game alone is left out.  In a
    pair of games from the same opening with seats swapped, 1 point (one game each) says the
    opening decided, not the players (the pentanomial count of engine testing)."""
    by_pair: dict[int, list[float]] = {}
    for pair, points in games:
        by_pair.setdefault(pair, []).append(points)
    return Counter(sum(points) for points in by_pair.values() if len(points) == 2)

@dataclass(frozen=True)
class Rating:
    """A fitted rating and its 95 % interval (Elo points above the anchor)."""

    elo: float
    low: float
    high: float


def expected(difference: float) -> float:
    """Expected score of a player rated ``difference`` Elo points above its opponent."""
    return 1 / (1 + 10 ** (-difference / 400))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gauss–Jordan elimination with partial pivoting."""
    size = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise ValueError("the results do not connect every level to the anchor")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[r][size] / rows[r][r] for r in range(size)]


def fit(results: Iterable[tuple[str, str, float]], anchor: str = "random",
        prior_draws: float = 1.0) -> dict[str, Rating]:
    """Ratings of every player in ``results`` (player, opponent, player's score 0/½/1).

    ``anchor`` is rated 0 (interval 0–0); raises ValueError if it never played or the games
    do not connect every player to it.
    """
    pairs: dict[tuple[str, str], list[float]] = {}  # (a, b) with a < b -> [a's score, games]
    for player, opponent, score in results:
        key, points = ((player, opponent), score) if player < opponent else (
            (opponent, player), 1 - score)
        entry = pairs.setdefault(key, [prior_draws / 2, prior_draws])
        entry[0] += points
        entry[1] += 1
    players = sorted({p for pair in pairs for p in pair})
    if anchor not in players:
        raise ValueError(f"{anchor!r} played no game")
    free = [p for p in players if p != anchor]
    index = {p: i for i, p in enumerate(free)}
    theta = dict.fromkeys(players, 0.0)  # natural log-odds units

    def loglik(values: dict[str, float]) -> float:
        total = 0.0
        for (a, b), (score, games) in pairs.items():
            d = values[a] - values[b]
            # log p = -log(1 + e^-d), log(1 - p) = -log(1 + e^d), computed stably
            total -= score * _softplus(-d) + (games - score) * _softplus(d)
        return total

    def derivatives(values: dict[str, float]) -> tuple[list[float], list[list[float]]]:
        """Gradient and negative Hessian over the free players."""
        gradient = [0.0] * len(free)
        information = [[0.0] * len(free) for _ in free]
        for (a, b), (score, games) in pairs.items():
            p = 1 / (1 + math.exp(values[b] - values[a]))
            weight = games * p * (1 - p)
            for player, sign in ((a, 1), (b, -1)):
                if player in index:
                    gradient[index[player]] += sign * (score - games * p)
                    information[index[player]][index[player]] += weight
            if a in index and b in index:
                information[index[a]][index[b]] -= weight
                information[index[b]][index[a]] -= weight
        return gradient, information

    for _ in range(100):
        gradient, information = derivatives(theta)
        step = _solve(information, gradient)
        scale, current = 1.0, loglik(theta)
        while True:  # Newton step, halved until the likelihood does not fall
            trial = dict(theta)
            for p in free:
                trial[p] += scale * step[index[p]]
            if loglik(trial) >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        theta = trial
        if max((abs(s) for s in step), default=0.0) * scale < 1e-10:
            break
    _, information = derivatives(theta)
    ratings = {anchor: Rating(0.0, 0.0, 0.0)}
    for p in free:
        unit = [1.0 if i == index[p] else 0.0 for i in range(len(free))]
        spread = Z95 * math.sqrt(_solve(information, unit)[index[p]])
        ratings[p] = Rating(ELO * theta[p], ELO * (theta[p] - spread),
                            ELO * (theta[p] + spread))
    return ratings


def _softplus(x: float) -> float:
    """``log(1 + e^x)`` without overflow."""
    return max(x, 0.0) + math.log1p(math.exp(-abs(x)))
