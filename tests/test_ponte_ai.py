"""Ponte's expert: answers chosen by their one-ply scores, candidates that block bridges."""

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
