"""The arena's statistics (bench/ratings.py): Wilson intervals and maximum-likelihood Elo."""

import math
import random
import sys

import pytest

from paths import ROOT

sys.path.insert(0, str(ROOT / "bench"))

from ratings import expected, fit, head_to_head, pair_totals, wilson


@pytest.mark.parametrize(("score", "games", "low", "high"), [
    # Newcombe (1998), Statistics in Medicine 17:857, table I, method 3 (Wilson)
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    # Brown, Cai & DasGupta's n = 10 example figures
    (8, 10, 0.4902, 0.9433),
    (10, 10, 0.7225, 1.0),
])
def test_wilson_matches_published_figures(score, games, low, high):
    got = wilson(score, games)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_draws_count_as_fractions_and_no_games_know_nothing():
    assert wilson(5, 10) == pytest.approx((1 - wilson(5, 10)[1], 1 - wilson(5, 10)[0]))
    assert wilson(4.5, 9)[0] < 0.5 < wilson(4.5, 9)[1]
    assert wilson(0, 0) == (0.0, 1.0)


def synthetic(difference: float, games: int, seed: int = 1) -> list[tuple[str, str, float]]:
    """``games`` results of "strong" against "random" with a true Elo ``difference``."""
    rng = random.Random(seed)
    p = expected(difference)
    return [("strong", "random", 1.0 if rng.random() < p else 0.0) for _ in range(games)]


def test_fit_recovers_a_known_difference():
    ratings = fit(synthetic(200, 4000), prior_draws=0)
    assert ratings["strong"].elo == pytest.approx(200, abs=25)
    assert ratings["strong"].low < 200 < ratings["strong"].high


def test_fit_of_one_pairing_is_the_logit_of_its_score():
    results = [("a", "random", 1.0)] * 30 + [("a", "random", 0.0)] * 10
    ratings = fit(results, prior_draws=0)
    assert ratings["a"].elo == pytest.approx(400 * 0.4771212547, abs=1e-6)  # 400·log10(3)
    # Fisher information of a logit from n games at score p: n·p·(1 − p) = 40 · 0.75 · 0.25
    half = 1.959964 * 400 / math.log(10) / math.sqrt(40 * 0.75 * 0.25)
    assert (ratings["a"].low, ratings["a"].high) == pytest.approx(
        (ratings["a"].elo - half, ratings["a"].elo + half), abs=1e-3)


def test_fit_chain_recovers_every_level_from_all_pairings():
    truth = {"random": 0, "easy": 150, "medium": 400, "hard": 700}
    rng = random.Random(7)
    results = []
    for a in truth:
        for b in truth:
            if a < b:
                p = expected(truth[a] - truth[b])
                results += [(a, b, 1.0 if rng.random() < p else 0.0) for _ in range(1500)]
    ratings = fit(results, prior_draws=0)
    for level, elo in truth.items():
        assert ratings[level].elo == pytest.approx(elo, abs=40)
        assert ratings[level].low <= elo <= ratings[level].high or level == "random"


def test_symmetric_record_gives_equal_ratings():
    results = []
    for a, b in [("random", "x"), ("random", "y"), ("x", "y")]:
        results += [(a, b, 1.0)] * 7 + [(a, b, 0.0)] * 7 + [(a, b, 0.5)] * 2
    ratings = fit(results)
    for level in ("x", "y"):
        assert ratings[level].elo == pytest.approx(0, abs=1e-6)
        assert ratings[level].low < 0 < ratings[level].high


def test_anchor_is_zero_whoever_wins():
    ratings = fit(synthetic(-300, 200), anchor="random")
    assert ratings["random"].elo == ratings["random"].low == ratings["random"].high == 0
    assert ratings["strong"].elo < 0
    shifted = fit([(b, a, 1 - s) for a, b, s in synthetic(-300, 200)], anchor="strong")
    assert shifted["random"].elo == pytest.approx(-ratings["strong"].elo)


def test_interval_shrinks_with_more_games():
    widths = []
    for games in (50, 200, 800):
        rating = fit(synthetic(150, games))["strong"]
        widths.append(rating.high - rating.low)
    assert widths[0] > widths[1] > widths[2]
    assert widths[0] / widths[2] == pytest.approx(4, rel=0.25)  # width ∝ 1 / √games


def test_a_clean_sweep_stays_finite_with_the_prior_draw():
    rating = fit([("hard", "random", 1.0)] * 200)["hard"]
    assert 900 < rating.elo < 1200
    assert rating.low > 500


def test_fit_refuses_unconnected_or_missing_anchor():
    with pytest.raises(ValueError):
        fit([("a", "b", 1.0)])
    with pytest.raises(ValueError):
        fit([("random", "a", 1.0), ("b", "c", 0.5)])


def test_head_to_head_counts_a_pairing_from_either_seat_and_by_seat():
    results = [("hard", "easy", 1.0), ("easy", "hard", 0.5), ("easy", "hard", 0.0),
               ("hard", "random", 0.0), ("easy", "easy", 0.5)]
    assert head_to_head(results, "hard", "easy") == (2.5, 3)
    assert head_to_head(results, "easy", "hard") == (0.5, 3)
    assert head_to_head(results, "hard", "easy", seat=0) == (1.0, 1)
    assert head_to_head(results, "hard", "easy", seat=1) == (1.5, 2)
    assert head_to_head(results, "random", "hard") == (1.0, 1)
    assert head_to_head(results, "medium", "hard") == (0.0, 0)


def test_pair_totals_count_complete_pairs_by_points():
    games = [(0, 1.0), (0, 0.0), (1, 1.0), (1, 1.0), (2, 0.5), (2, 1.0), (3, 0.0), (4, 1.0),
             (4, 0.5), (5, 0.5), (5, 0.5)]
    assert pair_totals(games) == {1.0: 2, 2.0: 1, 1.5: 2}  # pair 3 has one game alone
    assert pair_totals([]) == {}
