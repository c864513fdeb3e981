"""Othello rules (insel.games.reversi / othello): start, brackets, flips, pass, end, perft."""

import pytest

from insel import TERMINAL, IllegalMove
from insel.games import get_game, replay
from insel.games.reversi import board, perft

GAME = get_game("othello")


def position(picture: str, turn: int = 0):
    """A state from rows of '.', 'x' (dark) and 'o' (light); a1 is the first character."""
    rows = picture.split()
    state = GAME.new(0, size=len(rows))._clone()
    dark = light = 0
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            bit = 1 << (r * len(rows) + c)
            dark |= bit if ch == "x" else 0
            light |= bit if ch == "o" else 0
    state.discs, state.turn, state._legal, state._over = (dark, light), turn, None, None
    return state


def test_start_is_diagonal_and_dark_moves_first():
    view = GAME.new(0).view(0)
    cells = dict(zip(view["names"], view["cells"], strict=True))
    assert (cells["d4"], cells["e5"], cells["e4"], cells["d5"]) == (1, 1, 0, 0)
    assert sum(c is not None for c in view["cells"]) == 4
    assert view["current"] == 0 and view["counts"] == [2, 2]


def test_first_moves_bracket_on_both_sizes():
    assert GAME.new(0).legal_moves() == ["d3", "c4", "f5", "e6"]
    assert GAME.new(0, size=6).legal_moves() == ["c2", "b3", "e4", "d5"]


@pytest.mark.parametrize("size", [7, 10, True, "8"])
def test_only_sizes_6_and_8(size):
    with pytest.raises(ValueError, match=r'option_size .*"sizes": "6, 8"'):
        GAME.new(0, size=size)


def test_a_placement_must_bracket_and_be_on_an_empty_square():
    state = GAME.new(0)
    with pytest.raises(IllegalMove, match="reversi_brackets_none"):
        state.play("a1")
    with pytest.raises(IllegalMove, match="reversi_taken"):
        state.play("d4")
    with pytest.raises(IllegalMove, match="reversi_not_square"):
        state.play("i9")


def test_notation_is_letter_then_row_and_canonical():
    state = GAME.new(0).play("F5")
    assert state.moves == ("f5",)
    cells = dict(zip(state.view()["names"], state.view()["cells"], strict=True))
    assert cells["f5"] == cells["e5"] == 0  # e5 was bracketed between f5 and d5


def test_all_bracketed_lines_turn():
    state = position("""
        x.x.x...
        .ooo....
        xo.ox...
        .ooo....
        x.o.x...
        ........
        ........
        ........""")
    after = state.play("c3")
    view = after.view()
    assert sorted(view["last_move"]["flipped"]) == sorted(
        ["b2", "c2", "d2", "b3", "d3", "b4", "d4"])  # c4-c5 is not closed by dark
    cells = dict(zip(view["names"], view["cells"], strict=True))
    assert cells["c4"] == cells["c5"] == 1
    assert after.scores() == [7 + 1 + 7, 2]


def test_a_line_broken_by_a_gap_does_not_turn():
    state = position("""
        ......
        .xo.o.
        ......
        ......
        ......
        ......""")
    assert state.legal_moves() == ["d2"]  # f2: e2 is followed by the gap d2, not by dark
    assert state.flips("d2") == ["c2"]


def test_pass_only_without_placement():
    state = position("""
        ox....
        ......
        ......
        ......
        ......
        ......""")
    assert state.legal_moves() == ["pass"] and state.view()["must_pass"]
    with pytest.raises(IllegalMove, match="reversi_brackets_none"):
        state.play("c1")
    after = state.play("pass")
    assert after.current_player() == 1 and after.legal_moves() == ["c1"]
    with pytest.raises(IllegalMove, match="reversi_no_pass"):
        after.play("pass")
    assert after.view()["last_move"]["pass"]


def test_game_ends_when_neither_can_move_and_most_discs_win():
    state = position("""
        xx....
        ......
        ......
        ......
        ......
        .....o""")
    assert state.current_player() == TERMINAL and state.legal_moves() == []
    assert state.winners() == [0]


def test_equal_discs_is_a_draw():
    state = position("""
        x.....
        ......
        ......
        ......
        ......
        .....o""", turn=1)
    assert state.is_over() and state.winners() == [0, 1]


def test_a_known_game_replays():
    moves = ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"]
    state = replay({"game": "othello", "seed": 0, "moves": moves})
    assert state.moves == tuple(moves)
    assert sum(state.scores()) == 4 + len(moves)


def test_perft_matches_the_published_counts():
    geometry = board(8)
    expected = [4, 12, 56, 244, 1396, 8200, 55092, 390216]
    assert [perft(geometry, *geometry.start(), depth) for depth in range(1, 9)] == expected


def test_fast_api_agrees_with_states():
    state = GAME.new(0).play("f5").play("d6")
    geometry = board(8)
    own, opp = state.discs[state.turn], state.discs[1 - state.turn]
    legal = geometry.moves(own, opp)
    assert [geometry.names[i] for i in range(64) if legal >> i & 1] == state.legal_moves()
    turned = geometry.flips(own, opp, geometry.index["c3"])
    assert [geometry.names[i] for i in range(64) if turned >> i & 1] == state.flips("c3")
