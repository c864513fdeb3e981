"""Ponte del Diavolo: one test per rule, the rule text's examples rebuilt as positions."""

import random

import pytest

from insel import TERMINAL, IllegalMove
from insel.games import get_game, replay
from insel.games.ponte import PonteState

GAME = get_game("ponte")


def position(diagram: str, bridges: tuple[str, ...] = (), to_move: str = "L",
             supply: str = "unlimited", phase: str = "play") -> PonteState:
    """A 10×10 position from an ASCII diagram drawn over the bottom-left corner.

    The diagram's last line is row 1, its first column is a; ``L``/``D`` are tiles, ``.``
    an empty square.  ``bridges`` are built between the named tiles (their colour).
    """
    state = GAME.new(supply=supply)
    rows = [line.split() for line in diagram.strip().splitlines()]
    for r, line in enumerate(reversed(rows)):
        for c, mark in enumerate(line):
            if mark != ".":
                state.cells[c * 10 + r] = 1 if mark == "L" else 2
    for bridge in bridges:
        a, b = sorted(state.bd.index[s] for s in bridge.split("-"))
        state.build_bridge(a, b, state.cells[a] - 1)
    state.phase, state.turn = phase, "LD".index(to_move)
    state._forget()
    return state


def squares(state: PonteState, *names: str) -> list[int]:
    return [state.bd.index[n] for n in names]


def position_ok(cells: dict[tuple[int, int], str]) -> bool:
    """Independent Rule 2 check of a whole position by flood fill (for cross-checks)."""
    seen: dict[tuple[int, int], int] = {}
    forms: list[list[tuple[int, int]]] = []
    for start, colour in cells.items():
        if start in seen:
            continue
        todo, form = [start], []
        seen[start] = len(forms)
        while todo:
            c, r = todo.pop()
            form.append((c, r))
            for nb in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if cells.get(nb) == colour and nb not in seen:
                    seen[nb] = len(forms)
                    todo.append(nb)
        forms.append(form)
    for i, form in enumerate(forms):
        if len(form) > 4:
            return False
        colour = cells[form[0]]
        for c, r in form:
            for dc in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    nb = (c + dc, r + dr)
                    if cells.get(nb) == colour and seen[nb] != i and (
                            len(form) == 4 or len(forms[seen[nb]]) == 4):
                        return False
    return True


def brute_placements(state: PonteState) -> set[str]:
    n, names = state.bd.n, state.bd.names
    colour = "LD"[state.turn]
    cells = {divmod(i, n): "LD"[v - 1] for i, v in enumerate(state.cells) if v}
    free = [i for i in range(n * n) if not state.cells[i] and not state.blocked[i]]
    out = set()
    for i, p in enumerate(free):
        for q in free[i + 1:]:
            trial = dict(cells)
            trial[divmod(p, n)] = trial[divmod(q, n)] = colour
            if position_ok(trial):
                out.add(f"{names[p]},{names[q]}")
    return out


def segments_cross(s, t) -> bool:
    """Float segment intersection of two bridges (for cross-checks)."""
    (x1, y1), (x2, y2) = s
    (x3, y3), (x4, y4) = t
    den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    if den == 0:
        return False
    u = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den
    v = ((x1 - x3) * (y1 - y2) - (y1 - y3) * (x1 - x2)) / den
    return 0 < u < 1 and 0 < v < 1


def random_state(seed: int, plies: int) -> PonteState:
    rng = random.Random(seed)
    state = GAME.new(seed=seed)
    for _ in range(plies):
        if state.is_over():
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def placements(state: PonteState) -> set[str]:
    return {m for m in state.legal_moves() if "," in m}


# --- Preparation and Start: the opening choice -------------------------------------------
def test_opening_first_player_places_two_light_tiles():
    state = GAME.new()
    assert state.current_player() == 0 and state.view()["phase"] == "opening"
    assert len(state.legal_moves()) == 100 * 99 // 2
    state = state.play("a1,b1")
    assert state.view()["cells"] == {"a1": "L", "b1": "L"}
    assert state.current_player() == 1 and state.view()["phase"] == "choose"
    with pytest.raises(IllegalMove, match="ponte_swap_only_first"):
        GAME.new().play("swap")


def test_second_player_may_swap_and_then_the_first_plays_dark():
    state = GAME.new().play("a1,b1")
    assert state.view(1)["can_swap"]
    state = state.play("swap")
    view = state.view(0)
    assert view["seat_colour"] == ["D", "L"] and view["to_move"] == "D"
    assert state.current_player() == 0
    state = state.play("e5,f5")
    assert state.view()["cells"]["e5"] == "D" and state.current_player() == 1
    state = state.play("a3,b3")
    assert state.view()["cells"]["a3"] == "L" and state.current_player() == 0
    with pytest.raises(IllegalMove, match="ponte_swap_only_first"):
        state.play("swap")


def test_second_player_may_instead_place_two_dark_tiles():
    state = GAME.new().play("a1,b1").play("e5,e6")
    assert state.view()["seat_colour"] == ["L", "D"]
    assert state.view()["cells"]["e5"] == "D"
    assert state.current_player() == 0 and "swap" not in state.legal_moves()


# --- Rule 1: a turn is two tiles or one bridge ---------------------------------------------
def test_a_turn_is_two_tiles_anywhere_or_one_bridge():
    state = position("L . L")
    legal = state.legal_moves()
    assert "b2,j10" in legal and "a1-c1" in legal
    assert all("," in m or "-" in m for m in legal)
    with pytest.raises(IllegalMove, match="ponte_unknown_move"):
        state.play("e5")
    with pytest.raises(IllegalMove, match="ponte_rule1_not_free"):
        state.play("a1,e5")
    with pytest.raises(IllegalMove, match="ponte_rule1_two_squares"):
        state.play("e5,e5")


# --- Rule 2: islands, sandbanks and the distance rule (Examples 1-6) ---------------------
def test_example_1_distance_rule_kept():
    state = position("""
        L . . L .
        L L . . .
    """)
    after = state.play("b2,e1")  # island a1 a2 b1 b2 completed; e1 touches d2 diagonally
    forms = {tuple(f["squares"]): f["island"] for f in after.view()["formations"]}
    assert forms == {("a1", "a2", "b1", "b2"): True, ("d2",): False, ("e1",): False}
    with pytest.raises(IllegalMove, match=r"ponte_rule2_(island_touches|touches_island)"):
        state.play("b2,c3")  # c3 would touch the new island diagonally


def test_example_2_no_island_from_two_sandbanks_that_would_touch_another():
    state = position("""
        . . . . L
        L L . L .
    """)
    with pytest.raises(IllegalMove, match=r"ponte_rule2_(island_touches|touches_island)"):
        state.play("c1,j10")


def test_example_3_two_sandbanks_joined_into_an_island():
    state = position("""
        . . . . . .
        . . . . . L
        L L . L . .
    """)
    after = state.play("c1,j10")
    islands = [f["squares"] for f in after.view()["formations"] if f["island"]]
    assert islands == [["a1", "b1", "c1", "d1"]]


def test_example_4_a_sandbank_grows_while_touching_another_diagonally():
    state = position("""
        . . L
        L L .
    """)
    assert "c3,j10" in state.legal_moves()
    after = state.play("c3,j10")
    assert ["c2", "c3"] in [f["squares"] for f in after.view()["formations"]]


def test_example_5_never_five_tiles():
    state = position("L L . L L")
    with pytest.raises(IllegalMove, match="ponte_rule2_too_big"):
        state.play("c1,j10")
    state = position("L L L")
    with pytest.raises(IllegalMove, match="ponte_rule2_too_big"):
        state.play("d1,e1")  # five with both tiles of the turn
    assert "d1,j10" in state.legal_moves()


def test_example_6_colours_ignore_each_other():
    state = position("""
        D D . .
        L L L L
    """, to_move="D")
    after = state.play("c2,d2")
    islands = sorted((f["colour"], f["squares"]) for f in after.view()["formations"]
                     if f["island"])
    assert islands == [("D", ["a2", "b2", "c2", "d2"]), ("L", ["a1", "b1", "c1", "d1"])]


def test_a_pair_is_judged_after_both_tiles_in_either_order():
    state = position("""
        . . . . .
        L L L . .
    """)
    # d1 alone completes an island; with e2 beside it the island would touch a sandbank
    with pytest.raises(IllegalMove, match=r"ponte_rule2_(island_touches|touches_island)"):
        state.play("e2,d1")
    # c2 alone is legal, but c2 and d1 together make five
    with pytest.raises(IllegalMove, match="ponte_rule2_too_big"):
        state.play("d1,c2")
    assert "d1,j10" in state.legal_moves()


def test_island_may_not_touch_a_sandbank_even_diagonally():
    state = position("""
        . . . . .
        L L L L .
    """)
    with pytest.raises(IllegalMove, match="ponte_rule2_touches_island"):
        state.play("e2,j10")
    assert "f2,j10" in state.legal_moves()


@pytest.mark.parametrize("seed, plies", [(3, 20), (5, 34), (11, 44)])
def test_legal_placements_match_a_brute_force_check(seed, plies):
    state = random_state(seed, plies)
    assert placements(state) == brute_placements(state)


# --- Rule 3: bridges and blocked squares (Examples 7-9) ---------------------------------------
def test_example_7_three_bridge_shapes():
    state = position("""
        L . . . L . . L
        . . . . . . . .
        L . L . . . L .
    """)
    for bridge, under in [("a1-a3", ["a2"]), ("c1-e3", ["d2"]), ("g1-h3", ["g2", "h2"])]:
        assert bridge in state.legal_moves()
        assert state.play(bridge).view()["blocked"] == under
    assert "a1-c1" in state.legal_moves()  # b1 between them
    with pytest.raises(IllegalMove, match="ponte_rule3_one_space"):
        state.play("a1-e3")


def test_example_8_one_bridge_end_per_tile_and_none_over_tiles():
    state = position("""
        L . L . L . .
        . . . . D . .
        L . . . L . .
    """, bridges=("a1-a3",))
    with pytest.raises(IllegalMove, match="ponte_rule3_one_end"):
        state.play("a3-c3")
    with pytest.raises(IllegalMove, match="ponte_rule3_over_tile"):
        state.play("e1-e3")  # a dark tile lies under it
    assert "c3-e3" in state.legal_moves()
    assert not any(m.startswith("a3-") or m.endswith("-a3") for m in state.legal_moves())


def test_example_9_squares_under_bridges_are_blocked_for_both_colours():
    state = position("""
        . L . L .
        . . . . .
        L . L . D
    """, bridges=("a1-b3", "c1-d3"))
    assert state.view()["blocked"] == ["a2", "b2", "c2", "d2"]
    with pytest.raises(IllegalMove, match="ponte_rule3_blocked"):
        state.play("a2,j10")
    dark = position("""
        . L . L .
        . . . . .
        L . L . D
    """, bridges=("a1-b3", "c1-d3"), to_move="D")
    with pytest.raises(IllegalMove, match="ponte_rule3_blocked"):
        dark.play("d2,j10")
    assert not any("c2" in m.split(",") for m in dark.legal_moves())


def test_bridges_never_cross_even_at_a_corner():
    state = position("""
        D . . L
        . . . .
        . L D .
    """, bridges=("b1-d3",), to_move="D")
    assert state.view()["blocked"] == ["c2"]  # c1-a3 would block b2: no shared square
    assert "a3-c1" not in state.legal_moves()
    with pytest.raises(IllegalMove, match="ponte_rule3_crossing"):
        state.play("c1-a3")
    with pytest.raises(IllegalMove, match=r'ponte_rule3_own_tiles .*"engine.ponte_tiles_dark"'):
        state.play("a3-b1")


def test_parallel_knight_bridges_may_share_a_blocked_square():
    state = position("""
        . L L
        . . .
        L L .
    """, bridges=("a1-b3",))
    assert "b1-c3" in state.legal_moves()
    assert state.play("b1-c3").view()["blocked"] == ["a2", "b2", "c2"]


def test_a_bridge_may_join_sandbanks():
    state = position("L . L")
    after = state.play("a1-c1")
    assert after.view()["bridges"] == [{"ends": ["a1", "c1"], "colour": "L", "under": ["b1"]}]


@pytest.mark.parametrize("seed, plies", [(0, 40), (1, 46)])
def test_legal_bridges_match_a_brute_force_check(seed, plies):
    state = random_state(seed, plies)
    n, names = state.bd.n, state.bd.names
    code = state.turn + 1
    built = [((a // n, a % n), (b // n, b % n)) for a, b, _ in state.bridges]
    bearing = {x for a, b, _ in state.bridges for x in (a, b)}
    expected = set()
    for a in range(n * n):
        for b in range(a + 1, n * n):
            (c1, r1), (c2, r2) = divmod(a, n), divmod(b, n)
            dc, dr = abs(c1 - c2), abs(r1 - r2)
            if state.cells[a] != code or state.cells[b] != code or a in bearing or b in bearing:
                continue
            if max(dc, dr) != 2:
                continue
            # squares whose centre lies within half a square of the centre line
            under = [(x, y) for x in range(min(c1, c2), max(c1, c2) + 1)
                     for y in range(min(r1, r2), max(r1, r2) + 1)
                     if (x, y) not in ((c1, r1), (c2, r2))
                     and abs((c2 - c1) * (y - r1) - (r2 - r1) * (x - c1))
                     < ((c2 - c1) ** 2 + (r2 - r1) ** 2) ** 0.5 * 0.5]
            if any(state.cells[x * n + y] for x, y in under):
                continue
            if any(segments_cross(((c1, r1), (c2, r2)), seg) for seg in built):
                continue
            expected.add(f"{names[a]}-{names[b]}")
    assert {m for m in state.legal_moves() if "-" in m} == expected
    assert state.bridges and not state.is_over(), "the sample should be a running game"


# --- End: passing and the last turn ----------------------------------------------------------
def test_pass_only_when_two_tiles_cannot_be_placed():
    state = position("L . L")
    with pytest.raises(IllegalMove, match="ponte_pass_only_stuck"):
        state.play("pass")
    state.tiles_left, state.bridges_left = [1, 40], 15
    state._forget()
    assert state.legal_moves() == ["a1-c1", "pass"]


def test_after_light_passes_dark_has_one_more_turn():
    state = position("L . L", supply="box")
    state.tiles_left = [1, 40]
    state._forget()
    state = state.play("pass")
    assert state.view()["phase"] == "last-turn" and state.view()["to_move"] == "D"
    assert state.current_player() == 1 and "e5,g7" in state.legal_moves()
    state = state.play("e5,g7")
    assert state.is_over() and state.current_player() == TERMINAL
    assert state.legal_moves() == []


def test_when_dark_passes_the_game_ends_at_once():
    state = position("D . D", supply="box", to_move="D")
    state.tiles_left = [40, 0]
    state._forget()
    assert state.legal_moves() == ["a1-c1", "pass"]
    assert state.play("pass").is_over()


def test_random_games_end_and_pass_only_without_placements():
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new(seed=seed)
        while not state.is_over():
            legal = state.legal_moves()
            assert ("pass" in legal) == (not placements(state))
            state = state.play(rng.choice(legal))
        assert state.winners() and "pass" in state.moves


# --- Supply ---------------------------------------------------------------------------------
def test_box_supply_counts_tiles_per_colour_and_shares_bridges():
    state = GAME.new(supply="box").play("a1,c1").play("e5,e7")
    view = state.view()
    assert view["tiles_left"] == {"L": 38, "D": 38} and view["bridges_left"] == 15
    state = state.play("a1-c1")
    assert state.view()["bridges_left"] == 14
    state.tiles_left = [0, 38]
    state._forget()
    state = state.play("e5-e7")
    assert state.view()["bridges_left"] == 13
    state.turn = 0
    state._forget()
    with pytest.raises(IllegalMove, match=r'ponte_supply_no_tiles .*"engine.ponte_tiles_light"'):
        state.play("h8,j10")
    state.bridges_left = 0
    state._forget()
    assert state.legal_moves() == ["pass"]
    with pytest.raises(IllegalMove, match="ponte_supply_no_bridges"):
        state.play("e5-e7")


def test_unlimited_supply_reports_no_counts():
    view = GAME.new().view()
    assert view["tiles_left"] is None and view["bridges_left"] is None


def test_options_are_validated():
    assert GAME.new(size=12).view()["size"] == 12
    assert "l12" in GAME.new(size=12).legal_moves()[-1]
    for bad in ({"size": 11}, {"size": True}, {"supply": "bag"}):
        with pytest.raises(ValueError, match=r"option_size|ponte_option_supply"):
            GAME.new(**bad)


# --- Scoring and winner ------------------------------------------------------------------
SCORING = """
    . . . . . . . . . .
    . . . . . D D . . .
    D D . D . D D . . .
    D D . D . . . . D D
    . . . . . . . . D D
    D D . . . . L L . .
    D D . . . . L L . .
    . . . . . . . . . .
    L L . L L . L L . .
    L L . L L . L L . .
"""


def test_scoring_example_light_ten_dark_five():
    state = position(SCORING, bridges=("b1-d1", "e1-g1", "h2-h4", "b7-d7", "d8-f8"),
                     phase="over")
    score = state.view()["score"]
    assert score["L"] == {"points": 10, "islands": 4, "bridges": 3, "groups": [4]}
    assert score["D"] == {"points": 5, "islands": 4, "bridges": 2, "groups": [2, 1, 1]}
    assert state.scores() == [10, 5] and state.winners() == [0]
    assert position_ok({divmod(i, 10): v for i, v in enumerate(state.cells) if v})


def test_score_follows_the_seat_after_a_swap():
    state = position(SCORING, bridges=("b1-d1", "e1-g1", "h2-h4", "b7-d7", "d8-f8"),
                     phase="over")
    state.swapped = True
    state._forget()
    assert state.scores() == [5, 10] and state.winners() == [1]


def test_connected_islands_score_triangular_numbers_without_a_cap():
    chain = """
        L L . L L . L L . L
        L L . L L . L L . L
        . . . . . . . . . L
        L L . L L . L L . L
        L L . L L . L L . .
    """
    links = ("b1-d1", "e1-g1", "h2-j4", "g2-g4", "e5-g5", "b4-d4")
    state = position(chain, bridges=links, phase="over")
    assert state.view()["score"]["L"]["groups"] == [7]
    assert state.scores()[0] == 28


def test_tie_breaks_islands_then_bridges_then_draw():
    more_islands = position("""
        L L . L L . L L
        L L . L L . L L
        . . . . . . . .
        D D . D D . . .
        D D . D D . . .
    """, bridges=("b1-d1",), phase="over")
    assert more_islands.scores() == [3, 3] and more_islands.winners() == [0]
    assert more_islands.decided_by() == "islands"
    more_bridges = position("""
        L L . L . L . .
        L L . . . . . .
        . . . . . . . .
        D D . . . . . .
        D D . . . . . .
    """, bridges=("d5-f5",), phase="over")
    assert more_bridges.winners() == [0] and more_bridges.decided_by() == "bridges"
    draw = position("""
        L L
        L L
        . .
        D D
        D D
    """, phase="over")
    assert draw.winners() == [0, 1] and draw.decided_by() == "draw"


# --- Notation ---------------------------------------------------------------------------------
def test_canonical_notation_and_deterministic_order():
    state = position("L . L")
    assert state.play(" c3 , b2 ").moves[-1] == "b2,c3"
    assert state.play("a10,a9").moves[-1] == "a9,a10"
    assert state.play("c1-a1").moves[-1] == "a1-c1"
    assert state.play("C3,B2").moves[-1] == "b2,c3"
    legal = state.legal_moves()
    assert legal == state.legal_moves() and len(set(legal)) == len(legal)
    index = state.bd.index
    keys = [tuple(index[s] for s in m.replace("-", ",").split(",")) for m in legal]
    assert all(a < b for a, b in keys)
    with pytest.raises(IllegalMove, match="ponte_off_board"):
        state.play("k1,a5")


def test_record_replays_and_view_is_complete():
    state = random_state(2, 30)
    assert replay(state.record()) == state
    view = state.view(0)
    for key in ("size", "cells", "bridges", "blocked", "formations", "groups", "score",
                "seat_colour", "to_move", "phase", "tiles_left", "bridges_left", "can_swap",
                "can_pass", "can_place", "can_bridge", "decided_by", "columns"):
        assert key in view


def test_refusal_reasons_agree_with_legal_moves():
    state = random_state(4, 20)
    legal = placements(state)
    for p in range(100):
        for q in range(p + 1, 100):
            assert (state.placement_error(p, q) is None) == (state.bd.pair[p][q] in legal)


def test_in_app_rules_state_the_decisions():
    from insel.assets import asset_path

    text = asset_path("rules", "ponte.en.txt").read_text(encoding="utf-8")
    for phrase in ("swap", "knight", "cross", "one more turn", "without a limit", "box"):
        assert phrase in text
