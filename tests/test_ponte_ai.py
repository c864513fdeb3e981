"""Ponte's expert: answers chosen by their one-ply scores, candidates that block bridges."""

import random
from collections.abc import Generator

from insel.ai import ponte
from insel.games import get_game
from insel.games.ponte import DARK, LIGHT, PonteState

# light's two islands c3–d4 and c6–d7: only dark tiles on both c5 and d5 stop every bridge
# between them (c4-c6 over c5, d4-d6 over d5, the knight bridges c4-d6 and d4-c6 over both)
ISLANDS, DARK_TILES, BLOCK = "c3 c4 d3 d4 c6 c7 d6 d7", "h9 a9", "c5,d5"


def position(light: str, dark: str, turn: int) -> PonteState:
    """A Ponte position in play with these tiles (space-separated squares), ``turn`` to move."""
    state = get_game("ponte").new(seed=0)._clone()
    for code, squares in ((1, light), (2, dark)):
        for name in squares.split():
            state.cells[state.bd.index[name]] = code
    state.phase, state.turn = "play", turn
    state._forget()
    return state


def run(search: Generator):
    """A search generator's result (it runs to its end)."""
    try:
        while True:
            next(search)
    except StopIteration as stop:
        return stop.value


def test_the_experts_candidates_hold_the_pair_that_blocks_a_bridge_and_hards_do_not():
    state = position(ISLANDS, DARK_TILES, DARK)
    hard = [move for _, move in run(ponte.candidates(state, 60))]
    expert = run(ponte.candidates(state, 60, blocks=True))
    assert BLOCK not in hard  # its squares grow nothing of dark's
    assert expert[0][1] == BLOCK
    # the lift ranks it; its score (which enters the values) stays its square scores
    every = dict((move, score) for score, move in run(ponte.candidates(state, 10_000)))
    assert expert[0][0] == every[BLOCK] < max(every.values())
    # a bridge between formations already in one group is not worth blocking
    joined = position(ISLANDS, DARK_TILES, LIGHT).play("c4-c6")  # d4-d6 is still open
    assert ponte.blockable(joined, LIGHT) == []
    assert ponte.potential_bridges(state.play(BLOCK), LIGHT) == []


def test_the_experts_answers_are_its_best_moves_by_one_ply_score():
    state = position(ISLANDS, DARK_TILES, DARK)
    mover = state.current_player()
    answers = run(ponte.answers(state, mover, 5, None))
    assert len(answers) == 5
    scores = [ponte.value(after, mover) + ponte.HINT * hint for hint, after in answers]
    assert scores == sorted(scores, reverse=True)
    first = answers[0][1]
    assert ponte.potential_bridges(first, LIGHT) == []  # the block comes first
    assert first.moves[-1] == BLOCK
    # light to move instead: a bridge between the islands is among its answers
    light = position(ISLANDS, DARK_TILES, LIGHT)
    bridged = [after for _, after in run(ponte.answers(light, light.current_player(), 5, None))
               if after.bridges]
    assert bridged and bridged[0].result()[LIGHT]["points"] == 3


def test_the_experts_search_goes_on_below_its_best_answers_by_one_ply_score(monkeypatch):
    dark = position(ISLANDS, DARK_TILES, DARK)
    seat = dark.current_player()
    child = dark.play("h1,h2")  # a quiet move: light to answer
    sharp = run(ponte.line(child, seat, 0.0, (1, 1), -ponte.INF, ponte.INF, None, ponte.Memo()))
    # light's one answer is its best by one-ply score, then dark's best reply
    hint, answer = run(ponte.answers(child, child.current_player(), 1, None))[0]
    expected = run(ponte.line(answer, seat, hint, (1,), -ponte.INF, ponte.INF, None, ponte.Memo()))
    assert sharp == expected
    # answers are chosen so wherever the search goes on below them, and only there
    widths: list[int] = []
    chosen = ponte.answers

    def spy(state, mover, width, clock, memo=None):
        widths.append(width)
        return (yield from chosen(state, mover, width, clock, memo))

    monkeypatch.setattr(ponte, "answers", spy)
    run(ponte.line(child, seat, 0.0, (3, 2, 4), -ponte.INF, ponte.INF, None, ponte.Memo()))
    assert widths[0] == 3 and set(widths) == {3, 2}
    widths.clear()
    run(ponte.line(child, seat, 0.0, (3, 2, 4), -ponte.INF, ponte.INF, None))
    assert widths == []  # hard's search: square scores alone


def test_the_experts_quick_candidates_are_legal_and_rank_like_the_full_list():
    """Inside its tree the expert ranks pairs among the best squares only: every pair it
    names is legal, the blocking pair still comes first, then the full ranking's next
    pair."""
    state = position(ISLANDS, DARK_TILES, DARK)
    quick = run(ponte.quick_candidates(state, 16))
    full = run(ponte.candidates(state, 16, blocks=True))
    legal = set(state.legal_moves())
    pairs = [move for _, move in quick if "," in move]
    assert len(pairs) == 16 and set(pairs) <= legal
    assert quick[0][1] == BLOCK
    assert quick[:2] == full[:2]
    bridges = [move for move in state.legal_moves() if "-" in move]
    assert [move for _, move in quick if "," not in move] == bridges


def test_the_experts_memo_weighs_each_position_once_and_orders_by_the_last_best(monkeypatch):
    """Within one move the expert weighs a position once (a deeper search reuses what the
    one before weighed, and a position reached by pairs in another order is weighed once);
    the values stay those of a search without reuse, and where it goes on below a node it
    tries first the answer that was best there the last time."""
    state = position(ISLANDS, DARK_TILES, DARK)
    seat = state.current_player()
    child = state.play("h1,h2")
    weighed: list[tuple] = []
    plain = ponte.value

    def counted(after, who):
        weighed.append((after._key(), who))
        return plain(after, who)

    monkeypatch.setattr(ponte, "value", counted)
    widths = (4, 3, 3)
    fresh = run(ponte.line(child, seat, 0.0, widths, -ponte.INF, ponte.INF, None, ponte.Memo()))
    alone = len(weighed)
    weighed.clear()
    memo = ponte.Memo()
    shallow = run(ponte.line(child, seat, 0.0, widths[:2], -ponte.INF, ponte.INF, None, memo))
    before = len(weighed)
    deep = run(ponte.line(child, seat, 0.0, widths, -ponte.INF, ponte.INF, None, memo))
    assert deep == fresh and shallow != deep
    assert len(set(weighed)) == len(weighed)  # no position weighed twice with one memo
    assert len(weighed) - before < alone  # the deeper search reused the shallower's
    answered = run(ponte.answers(child, child.current_player(), 4, None, memo))
    assert memo.best[child._key()] in [after.moves[-1] for _, after in answered]
    best = memo.best[child._key()] = answered[-1][1].moves[-1]  # the last by one-ply score
    tried: list[str] = []
    line = ponte.line

    def spy(after, *args):
        tried.append(after.moves[-1])
        return (yield from line(after, *args))

    monkeypatch.setattr(ponte, "line", spy)
    run(line(child, seat, 0.0, widths, -ponte.INF, ponte.INF, None, memo))
    assert tried[0] == best


def test_growth_is_the_engines_rule_2_for_a_tile_joining_the_formation_alone():
    """``growth`` decides with the shortcut of Rule 2 for one formation; it agrees with the
    engine's test of a single tile (``_single``) on positions from random play."""
    checked = 0
    for seed in range(12):
        rng, state = random.Random(seed), get_game("ponte").new(seed=seed)
        for _ in range(60):
            if state.is_over():
                break
            state = state.play(rng.choice(state.legal_moves()))
            for colour in (LIGHT, DARK):
                an = state.analysis(colour)
                for comp, size in enumerate(an.size):
                    squares = {p for x in an.cells[comp] for p in state.bd.n4[x]
                               if not state.cells[p] and not state.blocked[p]}
                    legal = any(state._single(p, an)[:2] == (None, {comp}) for p in squares)
                    expected = 1.0 if size == 4 else ponte.GROWTH[size] if legal else 0.0
                    assert ponte.growth(state, an, comp) == expected
                    checked += expected not in (0.0, 1.0)
    assert checked > 100
