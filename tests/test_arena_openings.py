"""The arena's openings (bench/arena.py): Wort-Reversi from the 6×6 book's balanced lines,
the other games from random plies."""

import sys

from paths import ROOT

sys.path.insert(0, str(ROOT / "bench"))

import arena
from arena import BALANCE, BOOK_OPENED, OPENINGS, book_openings, opened, played
from insel.ai import players
from insel.ai.reversi_book import book_entry
from insel.ai.reversi_book_data import LINE, PLIES
from insel.games import get_game

# importing the arena puts the expert on its CPU clock for the whole process: give the other
# tests (which drive the expert's clock by a virtual time) the wall clock back
players.Clock = arena.CpuClock.__mro__[1]


def end_value(line: tuple[str, ...]) -> int:
    """The book's perfect-play value of the position after ``line`` (side to move)."""
    state = played(get_game("wortreversi").new(seed=0), line)
    entry = book_entry(6, state.discs[state.turn], state.discs[1 - state.turn])
    assert entry is not None, line
    return entry[0]


def test_book_openings_are_balanced_distinct_and_legal():
    lines = book_openings()
    assert len(set(lines)) == len(lines)
    assert all(abs(end_value(line)) <= BALANCE for line in lines)
    short = [line for line in lines if len(line) == PLIES]
    # every line of the book's depth within the balance, and only those
    assert len(short) == 12
    deeper = [line for line in lines if len(line) > PLIES]
    assert tuple(LINE.split()[:PLIES + 1]) in deeper
    # the perfect game's prefixes keep the start's value: -4 for Black, +4 for White
    assert {end_value(line) * (1 if len(line) % 2 else -1) for line in deeper} == {4}


def test_a_pair_of_games_shares_its_opening_and_pairs_take_the_lines_in_turn():
    lines = book_openings()
    assert "wortreversi" in BOOK_OPENED and "wortreversi" not in OPENINGS
    for k in (0, 1, len(lines)):
        first, second = opened("wortreversi", 2 * k), opened("wortreversi", 2 * k + 1)
        line = lines[k % len(lines)]
        assert [m.split(":")[0] for m in first.moves] == list(line)
        assert first.discs == second.discs and first.turn == second.turn
    assert opened("wortreversi", 2).discs != opened("wortreversi", 0).discs


def test_other_games_open_with_their_random_plies():
    for game, plies in OPENINGS.items():
        first, second = opened(game, 6), opened(game, 7)
        assert len(first.moves) == plies
        assert first.moves == second.moves
