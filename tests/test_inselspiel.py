"""Inselspiel rules on small hand-made maps (rule numbers of the 2. Fassung)."""

import pytest

from insel import CHANCE, TERMINAL, IllegalMove
from insel.games import get_game, replay
from insel.games.inselspiel import GAME, InselState, parties
from insel.islandmaps import IslandMap


def island(roads: str, capitals: str = "") -> IslandMap:
    """A map from "a-b b-c ..."; one-road places are ports, capitals as named."""
    pairs = [r.split("-") for r in roads.split()]
    ids = list(dict.fromkeys(p for pair in pairs for p in pair))
    degree = {p: sum(pair.count(p) for pair in pairs) for p in ids}

    def kind(p: str) -> str:
        if degree[p] == 1:
            return "port"
        return "capital" if p in capitals.split() else "ordinary" if degree[p] == 2 else "junction"

    return IslandMap({
        "width": 100, "height": 100, "coast": [[0, 0], [100, 0], [0, 100]],
        "places": [{"id": p, "kind": kind(p), "name": None, "x": i, "y": i}
                   for i, p in enumerate(ids)],
        "roads": pairs,
    })


LINE = "h1-a a-b b-c c-d d-h2"                     # port h1 … port h2
SQUARE = "h-a a-b b-c c-d d-a"                     # a port on a four-place loop
STAR = "x-n1 x-n2 x-n3 n1-h1 n2-h2 n3-h3"          # a junction x with three arms


def position(roads: str, placed: dict[str, int], capitals: str = "", **options) -> InselState:
    """A state on a hand-made map with ``placed`` stones (place -> seat), seat 0 to decide."""
    opts = GAME.options(**options)
    state = InselState(0, opts, island(roads, capitals), parties(opts["teams"], opts["players"]))
    for place, seat in placed.items():
        v = state.island.index[place]
        state.board[v] = seat
        state.team_mask[state.team_of[seat]] |= 1 << v
    return state


def thrown(state: InselState, die: int, seat: int = 0) -> InselState:
    state.to_move = seat
    return state.play("roll").play(f"roll:{die}")


def moves_of(state: InselState, prefix: str) -> list[str]:
    return [m for m in state.legal_moves() if m.startswith(prefix)]


def test_a_turn_is_decide_then_die_then_action():
    state = GAME.new(seed=1)
    assert state.current_player() == 0 and state.legal_moves() == ["roll", "pass"]
    state = state.play("roll")
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(f"roll:{n}", 1 / 6) for n in range(1, 7)]
    state = state.play("roll:3")
    assert state.current_player() == 0 and state.view()["die"] == 3
    assert all(m.startswith("land:") for m in state.legal_moves()[:-1])  # nothing else yet
    assert state.play("pass").current_player() == 1


def test_a_stone_moves_exactly_the_die():
    state = position(LINE, {"b": 0})
    assert moves_of(thrown(state, 1), "b>") == ["b>a", "b>c"]
    assert moves_of(thrown(state, 2), "b>") == ["b>h1", "b>d"]
    assert moves_of(thrown(state, 5), "b>") == []


def test_no_road_twice_in_one_move():
    state = position(SQUARE, {"b": 0})
    assert moves_of(thrown(state, 2), "b>") == ["b>h", "b>d"]  # never back to b
    assert moves_of(thrown(state, 4), "b>") == ["b>h"]         # round the loop ends on b: no move
    assert moves_of(thrown(state, 3), "b>") == ["b>a", "b>c"]  # round three sides of the loop


def test_enemies_block_the_way_own_stones_do_not():
    assert moves_of(thrown(position(LINE, {"a": 0, "c": 1}), 3), "a>") == []
    assert moves_of(thrown(position(LINE, {"a": 0, "c": 0}), 3), "a>") == ["a>d"]
    assert moves_of(thrown(position(LINE, {"a": 0, "c": 0}), 2), "a>") == []  # end taken


def test_partners_do_not_block_enemies_do():
    teams = {"players": 4, "teams": [[0, 2], [1, 3]]}
    assert moves_of(thrown(position(LINE, {"a": 0, "c": 2}, **teams), 3), "a>") == ["a>d"]
    assert moves_of(thrown(position(LINE, {"a": 0, "c": 1}, **teams), 3), "a>") == []


def test_landing_counts_the_port_as_first_place():
    state = position(LINE, {})
    assert moves_of(thrown(state, 1), "land:") == ["land:h1>h1", "land:h2>h2"]
    assert moves_of(thrown(state, 3), "land:") == ["land:h1>b", "land:h2>c"]
    after = thrown(state, 3).play("land:h1>b")
    assert after.view()["stones"] == {"b": 0}


def test_a_landing_goes_inland_and_never_ends_on_another_port():
    state = thrown(position(LINE, {}), 6)   # h1 a b c d h2: a 6 from h1 would end on h2
    assert moves_of(state, "land:") == []
    with pytest.raises(IllegalMove, match="insel_rule4_land_port"):
        state.play("land:h1>h2")
    assert thrown(position(LINE, {"a": 0}), 1).legal_moves()[0] == "a>h1"  # a move may


def test_landing_is_blocked_by_enemies_on_port_or_way_but_passes_own():
    assert moves_of(thrown(position(LINE, {"h1": 1}), 3), "land:h1") == []
    assert moves_of(thrown(position(LINE, {"a": 1}), 3), "land:h1") == []
    assert moves_of(thrown(position(LINE, {"h1": 0}), 3), "land:h1") == ["land:h1>b"]
    assert moves_of(thrown(position(LINE, {"h1": 0}), 1), "land:h1") == []


def test_a_stone_whose_every_neighbour_is_hostile_is_killed():
    state = thrown(position(STAR, {"x": 1, "n1": 0, "n2": 0, "h3": 0}), 1).play("h3>n3")
    assert "x" not in state.view()["stones"]
    assert state.view()["captured"] == [["x", 1]]


def test_two_stones_side_by_side_are_not_killed():
    state = thrown(position(STAR, {"x": 1, "n1": 1, "n2": 0, "h3": 0, "h1": 0}), 1)
    state = state.play("h3>n3")
    assert state.view()["stones"]["x"] == 1 and state.view()["captured"] == []


def test_a_port_stone_dies_when_its_inland_neighbour_is_taken():
    state = thrown(position(LINE, {"h1": 1, "c": 0}), 2).play("c>a")
    assert "h1" not in state.view()["stones"]


def test_moving_into_an_enclosure_is_illegal():
    state = thrown(position(STAR, {"n1": 1, "n2": 1, "n3": 1, "h1": 0}), 2)
    assert "h1>x" not in state.legal_moves()
    with pytest.raises(IllegalMove, match="insel_rule5_enclosed"):
        state.play("h1>x")


def test_landing_on_a_port_may_kill_the_enclosed_neighbour_and_survive():
    state = thrown(position(LINE, {"a": 1, "b": 0}), 1)
    assert "land:h1>h1" in state.legal_moves()
    after = state.play("land:h1>h1")
    assert after.view()["stones"] == {"h1": 0, "b": 0}
    # Without the enclosure the lander would be killed at once, so it may not land.
    assert "land:h1>h1" not in thrown(position(LINE, {"a": 1}), 1).legal_moves()


def test_in_a_free_for_all_any_other_colour_is_hostile():
    state = position(STAR, {"x": 1, "n1": 2, "n2": 0, "h3": 0}, players=3)
    assert "x" not in thrown(state, 1).play("h3>n3").view()["stones"]


def test_partners_never_kill_each_other():
    teams = {"players": 4, "teams": [[0, 2], [1, 3]]}
    state = thrown(position(STAR, {"x": 2, "n1": 0, "n2": 0, "h3": 0}, **teams), 1)
    assert state.play("h3>n3").view()["stones"]["x"] == 2


def test_removing_an_own_stone_is_the_turns_action():
    state = thrown(position(LINE, {"a": 0, "c": 1}), 4)
    assert moves_of(state, "remove:") == ["remove:a"]
    after = state.play("remove:a")
    assert after.view()["stones"] == {"c": 1} and after.current_player() == 1
    with pytest.raises(IllegalMove, match="insel_rule7_own_stones"):
        thrown(position(LINE, {"a": 0, "c": 1}), 4).play("remove:c")


def test_a_stone_cap_stops_landing_until_a_stone_comes_back():
    state = position(LINE, {"a": 0}, stones=1)
    assert moves_of(thrown(state, 3), "land:") == []
    freed = thrown(state, 3).play("remove:a")
    assert moves_of(thrown(freed, 3), "land:") == ["land:h1>b", "land:h2>c"]


def test_the_game_ends_when_everyone_passed_in_succession():
    state = GAME.new(seed=0, players=3)
    state = state.play("pass").play("roll").play("roll:2").play("pass")
    assert state.current_player() == 2
    state = state.play("pass")
    assert state.current_player() == TERMINAL and state.legal_moves() == []
    assert state.winners() == [0, 1, 2]  # nobody holds a capital: all share


def test_a_move_between_passes_restarts_the_count():
    state = GAME.new(seed=0).play("pass").play("roll").play("roll:1")
    state = state.play(state.legal_moves()[0]).play("pass")
    assert not state.is_over()


# --- territory (rule 8) --------------------------------------------------------------
RING = "h1-a a-c c-b b-j j-h2 j-k k-h3"   # a capital c on the road a-c-b


def test_two_stones_side_by_side_hold_a_capital():
    state = position(RING, {"c": 0, "b": 0, "a": 1, "j": 1}, capitals="c")
    assert state.territory()[1] == {state.island.index["c"]: 0}
    assert state.scores() == [1, 0]


def test_a_lone_capital_stone_with_every_neighbour_in_enemy_reach_does_not_count():
    assert position(RING, {"c": 0}, capitals="c").scores() == [0, 0]
    assert position(RING, {"c": 0, "j": 1}, capitals="c").scores() == [0, 0]  # a via port h1


def test_a_lone_capital_stone_with_one_walled_off_neighbour_counts():
    # a lies between own stones on h1 and c: no enemy can ever stand there, so the stone
    # on c can never be enclosed (rule 5), though b is open to the enemy on j
    state = position(RING, {"c": 0, "h1": 0, "j": 1}, capitals="c")
    assert state.scores() == [1, 0]
    assert state.view()["territory"] == {"c": 0}


LONG = "h1-a a-c c-b b-d d-j j-h2 j-k k-h3"   # the capital c, then b and d before the junction


def test_an_enemy_stone_inside_the_walled_off_area_spoils_it():
    assert position(LONG, {"c": 0, "j": 0}, capitals="c").scores() == [1, 0]  # b, d walled off
    assert position(LONG, {"c": 0, "j": 0, "d": 1}, capitals="c").scores() == [0, 0]
    assert position(LONG, {"h1": 0, "j": 0, "d": 1}, capitals="c").scores() == [0, 0]  # empty c


def test_a_partners_stone_is_a_safe_neighbour():
    teams = {"players": 4, "teams": [[0, 2], [1, 3]]}
    state = position(RING, {"c": 0, "b": 2, "a": 1, "j": 3}, capitals="c", **teams)
    assert state.scores() == [1, 0, 1, 0]
    assert position(RING, {"c": 0, "b": 1, "a": 3}, capitals="c", **teams).scores() == [0] * 4


def test_the_issue_reproduction_scores_the_held_capital():
    # red's stone on capital p27 has neighbours p28 and p37; p28 lies between red p27 and
    # red p20, and no blue stone can ever reach it
    state = get_game("inselspiel").new(seed=0, physical_dice=True)
    for move in ["roll", "roll:6", "land:p19>p27", "pass", "roll", "roll:4", "land:p5>p20",
                 "roll", "roll:5", "land:p100>p62", "pass", "pass"]:
        state = state.play(move)
    assert state.is_over()
    assert state.scores() == [1, 0] and state.winners() == [0]
    assert state.view()["territory"] == {"p27": 0}


def test_an_empty_capital_in_a_sealed_region_counts():
    state = position(RING, {"h1": 0, "j": 0}, capitals="c")
    assert state.scores() == [1, 0]
    assert position(RING, {"a": 0, "j": 0}, capitals="c").scores() == [1, 0]


def test_a_free_port_or_a_second_party_spoils_a_region():
    assert position(RING, {"j": 0}, capitals="c").scores() == [0, 0]          # via port h1
    assert position(RING, {"a": 1, "j": 0}, capitals="c").scores() == [0, 0]  # bordered by both


def test_parties_score_and_win_together():
    teams = {"players": 4, "teams": [[0, 2], [1, 3]]}
    state = position(RING, {"c": 0, "b": 2, "a": 1}, capitals="c", **teams)
    assert state.scores() == [1, 0, 1, 0]
    assert state.view()["teams"] == [[0, 2], [1, 3]]
    for _ in range(4):
        state = state.play("pass")
    assert state.winners() == [0, 2]


@pytest.mark.parametrize("options, message", [
    ({"players": 7}, "option_players"),
    ({"players": 4, "teams": [[0, 1]]}, "insel_option_teams"),
    ({"players": 4, "teams": [[0, 2], [1, 1]]}, "insel_option_teams"),
    ({"players": 2, "teams": [[0, 1]]}, "insel_option_teams"),
    ({"stones": 0}, "insel_option_stones"),
    ({"map": "nowhere"}, "map_no_file"),
    ({"map": {"generate": 1, "size": "huge"}}, "map_size"),
    ({"map": {"generate": -1}}, "not_whole_number .*what_map_seed"),
    ({"map": 5}, "map_option"),
])
def test_bad_options_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        GAME.new(**options)


def test_a_generated_map_game_replays():
    game = get_game("inselspiel")
    state = game.new(seed=3, map={"generate": 4, "size": "small"}, players=3)
    for _ in range(30):
        state = state.play(state.sample_chance() if state.current_player() == CHANCE
                           else ("roll" if "roll" in state.legal_moves()
                                 else state.legal_moves()[0]))
    assert replay(state.record()) == state
    assert len(state.view()["map"]["places"]) == len(state.island)


def test_view_describes_stones_turn_and_territory():
    state = position(RING, {"c": 0, "b": 0, "a": 1}, capitals="c")
    view = state.view(1)
    assert view["stones"] == {"c": 0, "b": 0, "a": 1}
    assert view["phase"] == "decide" and view["to_move"] == 0 and view["die"] is None
    assert view["territory"] == {"c": 0} and view["team_scores"] == [1, 0]
    assert view["map"]["places"][0][:2] == ["h1", "port"]
    assert view["in_hand"] == [None, None] and view["on_board"] == [2, 1]
