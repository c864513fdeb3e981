"""The 6×6 opening book (insel.ai.reversi_book): solved start, minimax consistency, legal
squares in our engine, symmetry, off-book, and an independent Python solve of a late
position of the book's perfect line."""

import random

import pytest

from insel.ai import choose, reversi_book
from insel.ai.reversi_book import (
    INVERSES,
    SYMMETRIES,
    _entries,
    book_entry,
    book_square,
    canonical,
    transform,
)
from insel.ai.reversi_book_data import LINE, PLIES
from insel.games import get_game
from insel.games.reversi import board

B6 = board(6)
OTHELLO = get_game("othello")


def value_of(own: int, opp: int) -> int:
    """Exact value from the book for ``own`` to move, counting a pass; an ended game scores
    its disc difference.  KeyError when the book lacks it."""
    if B6.moves(own, opp):
        found = book_entry(6, own, opp)
        if found is None:
            raise KeyError((own, opp))
        return found[0]
    if B6.moves(opp, own):
        return -value_of(opp, own)
    return own.bit_count() - opp.bit_count()


def children(own: int, opp: int) -> dict[int, tuple[int, int]]:
    """Square -> position after the placement (side to move first)."""
    kids, legal = {}, B6.moves(own, opp)
    while legal:
        bit = legal & -legal
        legal ^= bit
        turned = B6.flips(own, opp, bit.bit_length() - 1)
        kids[bit.bit_length() - 1] = (opp ^ turned, own | turned | bit)
    return kids


def exact(own: int, opp: int, alpha: int = -99, beta: int = 99) -> int:
    """Plain negamax alpha-beta of the final disc difference (empties count for nobody)."""
    kids = children(own, opp)
    if not kids:
        if not B6.moves(opp, own):
            return own.bit_count() - opp.bit_count()
        return -exact(opp, own, -beta, -alpha)
    best = -99
    for child in sorted(kids.values(), key=lambda kid: B6.moves(*kid).bit_count()):
        best = max(best, -exact(*child, -beta, -max(alpha, best)))
        if best >= beta:
            break
    return best


def test_the_symmetries_are_the_eight_of_the_square_with_their_inverses():
    assert len(set(SYMMETRIES)) == 8
    for p, inverse in zip(SYMMETRIES, INVERSES, strict=True):
        assert sorted(p) == list(range(36))
        assert all(inverse[p[sq]] == sq for sq in range(36))
    dark, light = B6.start()
    images = {(transform(dark, p), transform(light, p)) for p in SYMMETRIES}
    assert len(images) == 2  # the start has the diagonal symmetries only


def test_the_lookup_maps_a_stored_move_to_every_image_of_its_position(monkeypatch):
    own, opp = B6.start()
    square = B6.index["c2"]
    turned = B6.flips(own, opp, square)
    own, opp = opp ^ turned, own | turned | 1 << square  # one ply in: no symmetry left
    key, f = canonical(own, opp)
    best = sorted(sq for sq in children(own, opp))[:1]
    stand_in = {key: (-3, tuple(SYMMETRIES[f][sq] for sq in best))}
    monkeypatch.setattr(reversi_book, "_entries", lambda: stand_in)
    for p in SYMMETRIES:
        image = transform(own, p), transform(opp, p)
        assert book_entry(6, *image) == (-3, [p[best[0]]])
        assert book_square(6, *image) == p[best[0]]
        assert p[best[0]] in children(*image)  # a legal square there
    assert book_square(6, opp, own) is None and book_square(8, own, opp) is None



@pytest.mark.parametrize("game", ["othello", "wortreversi"])
def test_the_expert_plays_the_books_move_and_the_others_search(monkeypatch, game):
    state = OTHELLO.new(0, size=6) if game == "othello" else get_game(game).new(4)
    own, opp = state.discs[state.turn], state.discs[1 - state.turn]
    key, f = canonical(own, opp)
    booked = max(children(own, opp))  # the book's pick, not the search's (c2)
    stand_in = {key: (-4, (SYMMETRIES[f][booked],))}
    monkeypatch.setattr(reversi_book, "_entries", lambda: stand_in)

    def square(level: str) -> str:
        return choose(state, level, budget_ms=100).split(":")[0].split("#")[0]

    assert square("expert") == B6.names[booked]
    assert square("hard") != B6.names[booked]
    monkeypatch.setattr(reversi_book, "_entries", lambda: {})
    assert square("expert") != B6.names[booked]

def test_the_start_is_lost_by_four_for_black():
    dark, light = B6.start()
    value, best = book_entry(6, dark, light)
    assert value == -4  # White wins 20–16 with perfect play
    assert best == sorted(children(dark, light))  # the four first moves are alike


def within(plies: int) -> set[tuple[int, int]]:
    """Canonical keys of the positions within ``plies`` plies of the start where the side
    to move can place (a pass counts as a ply)."""
    found: set[tuple[int, int]] = set()
    level = [B6.start()]
    for _ in range(plies + 1):
        following = []
        for own, opp in level:
            kids = children(own, opp)
            if kids:
                found.add(canonical(own, opp)[0])
                following += kids.values()
            elif B6.moves(opp, own):
                following.append((opp, own))
        level = following
    return found


def test_every_position_within_the_books_plies_is_in_it_and_minimax_consistent():
    assert PLIES >= 3 and within(PLIES) <= set(_entries())  # as the README says
    inner = within(PLIES - 1)  # their children are in the book too
    for own, opp in inner:
        value, best = book_entry(6, own, opp)
        scores = {sq: -value_of(*kid) for sq, kid in children(own, opp).items()}
        assert value == max(scores.values())
        assert best == sorted(sq for sq, v in scores.items() if v == value)


def test_book_squares_are_legal_in_our_engine():
    rng = random.Random(15)
    for _ in range(60):
        state = OTHELLO.new(0, size=6)
        while (square := book_square(6, state.discs[state.turn],
                                     state.discs[1 - state.turn])) is not None:
            legal = state.legal_moves()
            assert B6.names[square] in legal
            state = state.play(rng.choice(legal))
        assert len(state.moves) > PLIES  # every position within PLIES plies is in the book


def test_wort_reversi_is_the_same_disc_game():
    state = get_game("wortreversi").new(4)
    assert state.discs == OTHELLO.new(0, size=6).discs and state.turn == 0
    for _ in range(6):  # book moves with every answer right turn what Othello turns
        square = book_square(6, state.discs[state.turn], state.discs[1 - state.turn])
        move = next(m for m in state.legal_moves() if m.startswith(B6.names[square] + ":"))
        own, opp = state.discs[state.turn], state.discs[1 - state.turn]
        turned = B6.flips(own, opp, square)
        state = state.play(move)
        assert state.discs[1 - state.turn] == own | turned | 1 << square
        assert state.discs[state.turn] == opp ^ turned


def test_every_image_of_a_position_gets_the_image_of_its_move():
    rng = random.Random(8)
    for own, opp in rng.sample(sorted(_entries()), 30):
        square = book_square(6, own, opp)
        value, best = book_entry(6, own, opp)
        images = [(transform(own, p), transform(opp, p)) for p in SYMMETRIES]
        unique = len(set(images)) == 8  # no symmetry of its own
        for p, image in zip(SYMMETRIES, images, strict=True):
            assert book_entry(6, *image) == (value, sorted(p[sq] for sq in best))
            moved = book_square(6, *image)
            assert moved == p[square] if unique else moved in (p[sq] for sq in best)


def test_off_the_book_and_other_sizes_give_none():
    state = OTHELLO.new(0, size=6)
    for _ in range(9):  # always the first legal square: past the book, off its line
        state = state.play(state.legal_moves()[0])
    own, opp = state.discs[state.turn], state.discs[1 - state.turn]
    assert book_entry(6, own, opp) is None and book_square(6, own, opp) is None
    assert book_square(8, *board(8).start()) is None
    assert book_entry(8, *board(8).start()) is None


def test_the_perfect_line_ends_16_20_and_a_python_solve_agrees_with_the_book():
    state = OTHELLO.new(0, size=6)
    for move in LINE.split():
        own, opp = state.discs[state.turn], state.discs[1 - state.turn]
        empties = 36 - (own | opp).bit_count()
        if move != "pass":
            value, best = book_entry(6, own, opp)
            assert value == (-4 if state.turn == 0 else 4)
            assert B6.index[move] in best
            if empties == 12:  # inside the window (value - 1, value + 1): exact
                assert exact(own, opp, value - 1, value + 1) == value
        state = state.play(move)
    assert state.is_over() and state.scores() == [16, 20]
