"""insel.ai.patterns: the expert's learned Othello evaluation reads the board right."""

import random

from insel.ai import patterns
from insel.ai.alphabeta import Searcher, ranked
from insel.games.reversi import board


def transformed(bits: int, turns: int, mirrored: bool) -> int:
    """``bits`` under ``turns`` quarter turns, then (if ``mirrored``) the diagonal mirror."""
    out = 0
    for sq in range(64):
        if bits >> sq & 1:
            to = sq
            for _ in range(turns):
                to = patterns.rotate(to)
            out |= 1 << (patterns.mirror(to) if mirrored else to)
    return out


def positions(count: int, seed: int = 1) -> list[tuple[int, int]]:
    """(own, opp) from random play, 8×8, every ply of a few games."""
    rng, bd, out = random.Random(seed), board(8), []
    while len(out) < count:
        own, opp = bd.start()
        while True:
            legal = bd.moves(own, opp)
            if not legal:
                if not bd.moves(opp, own):
                    break
                own, opp = opp, own
                continue
            sq = rng.choice([i for i in range(64) if legal >> i & 1])
            turned = bd.flips(own, opp, sq)
            own, opp = opp ^ turned, own | turned | 1 << sq
            out.append((own, opp))
    return out[:count]


def test_each_instance_reads_its_own_squares_as_base_3_digits():
    for own, opp in positions(300):
        for (name, squares, _gathers), (got_name, index) in zip(
                patterns.instances(), patterns.configurations(own, opp), strict=True):
            digits = [1 if own >> sq & 1 else 2 if opp >> sq & 1 else 0 for sq in squares]
            assert (got_name, index) == (name, sum(d * 3 ** k for k, d in enumerate(digits)))


def test_the_evaluation_is_the_same_under_every_symmetry_of_the_board():
    evaluation = patterns.Evaluation()
    moves = board(8).moves
    for own, opp in positions(120):
        values = set()
        for turns in range(4):
            for mirrored in (False, True):
                a, b = transformed(own, turns, mirrored), transformed(opp, turns, mirrored)
                values.add(evaluation.value(a, b, moves(a, b), moves(b, a)))
        assert len(values) == 1


def test_the_written_out_sum_is_the_weights_of_the_configurations_and_scalars():
    evaluation = patterns.Evaluation()
    moves = board(8).moves
    checked = 0
    for own, opp in positions(200):
        ph = patterns.phase(64 - (own | opp).bit_count())
        tables = evaluation.tables[ph]
        slow = sum(tables[name][index] for name, index in patterns.configurations(own, opp))
        slow += sum(w * x for w, x in zip(evaluation.scalar_weights[ph], patterns.scalars(
            own, opp, moves(own, opp), moves(opp, own)), strict=True))
        assert evaluation.value(own, opp, moves(own, opp), moves(opp, own)) == slow
        checked += slow != 0
    assert checked > 150  # the weights are not all zero


def test_an_aspiration_window_that_misses_is_searched_again():
    """The expert's root iteration in a narrow window fails high or low; with the open
    side it finds the value of the full window."""
    bd = board(8)
    own, opp = positions(30)[-1]
    searcher = Searcher(bd, 10**9, learned=patterns.Evaluation())
    kids = searcher.children(own, opp, bd.moves(own, opp))

    def run(lo, hi):
        gen = ranked(searcher, kids, 3, lo, hi, [kids[0][0]], True)
        try:
            while True:
                next(gen)
        except StopIteration as stop:
            return stop.value[0]

    full = run(-patterns.SCALE * 10**4, patterns.SCALE * 10**4)
    assert run(full + 1, full + 20) <= full + 1  # fails low
    assert run(full - 20, full - 1) >= full - 1  # fails high
    assert run(full - 1, full + 1) == full


def test_the_written_out_move_generator_is_the_engines():
    bd, rng = board(8), random.Random(5)
    pairs = positions(1000) + [(a & b, rng.getrandbits(64) & ~(a & b)) for a, b in (
        (rng.getrandbits(64), rng.getrandbits(64)) for _ in range(5000))]
    for own, opp in pairs:
        assert patterns.moves(own, opp) == bd.moves(own, opp)
        assert patterns.moves(opp, own) == bd.moves(opp, own)
