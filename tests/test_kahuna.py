"""Kahuna rules, one test per rule (section names follow the rule text's headings)."""

import itertools
import json
import random

import pytest

from insel import TERMINAL, IllegalMove
from insel.assets import asset_path
from insel.games import get_game, replay
from insel.games.kahuna import BRIDGES, STONES, KahunaState
from insel.games.kahuna_board import DEGREE, INDEX, ISLANDS, LINE_INDEX, LINES, POSITIONS

GAME = get_game("kahuna")


def position(hands=((), ()), lines=None, stones=None, player=0, round=1,
             pile=(), display=("COCO",), discards=()) -> KahunaState:
    """A hand-made position; cards, islands and lines by name, owners as seats."""
    s = GAME.new(seed=0)
    s.hands = [[0] * 12, [0] * 12]
    for seat, cards in enumerate(hands):
        for c in cards:
            s.hands[seat][INDEX[c]] += 1
    s.lines = [-1] * 27
    s.count = [[0] * 12, [0] * 12]
    for name, seat in (lines or {}).items():
        li = LINE_INDEX[name]
        s.lines[li] = seat
        for end in LINES[li]:
            s.count[seat][end] += 1
    s.bridges_left = [BRIDGES - s.lines.count(0), BRIDGES - s.lines.count(1)]
    s.stones = [-1] * 12
    for name, seat in (stones or {}).items():
        s.stones[INDEX[name]] = seat
    s.stones_left = [STONES - s.stones.count(0), STONES - s.stones.count(1)]
    s.pile = [INDEX[c] for c in pile]
    s.display = [INDEX[c] for c in display]
    s.discards = [0] * 12
    for c in discards:
        s.discards[INDEX[c]] += 1
    s.player, s.round = player, round
    return s


def refused(state, moves):
    """Each of ``moves`` raises IllegalMove naming the rule (its message key)."""
    for move, key in moves.items():
        with pytest.raises(IllegalMove) as refusal:
            state.play(move)
        assert refusal.value.key == key, move


def play_all(state, *moves):
    for move in moves:
        state = state.play(move)
    return state


# --- board ------------------------------------------------------------------------------
def test_board_has_27_lines_and_the_printed_line_counts():
    assert len(LINES) == 27
    expected = dict(ALOA=3, BARI=5, COCO=4, DUDA=4, ELAI=6, FAAA=5, GOLA=4, HUNA=5,
                    IFFI=5, JOJO=5, KAHU=5, LALE=3)
    assert {ISLANDS[i]: d for i, d in enumerate(DEGREE)} == expected
    assert all(name[:4] < name[5:] for name in LINE_INDEX)


def _orient(p, q, r):
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def test_layout_is_planar_and_keeps_islands_off_other_lines():
    assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in POSITIONS)
    for (a, b), (c, d) in itertools.combinations(LINES, 2):
        if {a, b} & {c, d}:
            continue
        p, q, r, s = POSITIONS[a], POSITIONS[b], POSITIONS[c], POSITIONS[d]
        crosses = (_orient(p, q, r) * _orient(p, q, s) < 0
                   and _orient(r, s, p) * _orient(r, s, q) < 0)
        assert not crosses, f"{ISLANDS[a]}-{ISLANDS[b]} crosses {ISLANDS[c]}-{ISLANDS[d]}"
    for (a, b), i in itertools.product(LINES, range(12)):
        if i in (a, b):
            continue
        p, q, r = POSITIONS[a], POSITIONS[b], POSITIONS[i]
        length = ((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2) ** 0.5
        t = ((r[0] - p[0]) * (q[0] - p[0]) + (r[1] - p[1]) * (q[1] - p[1])) / length ** 2
        near = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])) if 0 < t < 1 else None
        if near:
            # room for a drawn island (radius ~0.065) plus a bridge beside it
            assert ((r[0] - near[0]) ** 2 + (r[1] - near[1]) ** 2) ** 0.5 > 0.13


# --- set-up ----------------------------------------------------------------------------
def test_deal_three_each_three_face_up_seat_0_starts():
    s = GAME.new(seed=3)
    assert [sum(h) for h in s.hands] == [3, 3]
    assert len(s.display) == 3 and len(s.pile) == 15
    cards = s.pile + s.display + [i for h in s.hands for i in range(12) for _ in range(h[i])]
    assert sorted(cards) == sorted(list(range(12)) * 2)
    assert s.current_player() == 0
    assert GAME.new(seed=3) == s and GAME.new(seed=4) != s


# --- playing island cards ----------------------------------------------------------------
def test_one_card_places_a_bridge_on_a_free_line_touching_its_island():
    s = position(hands=(["HUNA"], []), lines={"ELAI-HUNA": 1})
    moves = [m for m in s.legal_moves() if m.startswith("HUNA:")]
    assert moves == ["HUNA:ALOA-HUNA", "HUNA:DUDA-HUNA", "HUNA:HUNA-IFFI", "HUNA:HUNA-LALE"]
    t = s.play("huna:lale-huna")
    assert t.moves[-1] == "HUNA:HUNA-LALE" and t.lines[LINE_INDEX["HUNA-LALE"]] == 0
    assert t.bridges_left[0] == BRIDGES - 1 and sum(t.hands[0]) == 0 and sum(t.discards) == 1
    assert t.current_player() == 0  # the turn goes on
    refused(s, {"HUNA:ALOA-BARI": "kahuna_line_not_at_card", "HUNA:ELAI-HUNA": "kahuna_line_taken",
                "ELAI:ELAI-IFFI": "kahuna_card_not_held",
                "HUNA:HUNA-KAHU": "kahuna_no_line_between"})


def test_several_cards_play_one_at_a_time_in_one_turn():
    s = position(hands=(["ALOA", "BARI", "COCO", "DUDA", "ELAI"], []), lines={"KAHU-LALE": 1})
    s = play_all(s, "ALOA:ALOA-HUNA", "BARI:BARI-COCO", "COCO:COCO-GOLA", "DUDA:DUDA-ELAI",
                 "ELAI:ELAI-IFFI")
    assert s.current_player() == 0 and s.bridges_on_board() == [5, 1]


@pytest.mark.parametrize("pair", ["BARI+ELAI", "BARI+BARI", "ELAI+ELAI"])
def test_a_pair_naming_the_line_ends_removes_an_opponent_bridge(pair):
    cards = [*pair.split("+"), "ELAI"]
    s = position(hands=(cards, []), lines={"BARI-ELAI": 1, "KAHU-LALE": 1})
    move = f"{pair}:x:BARI-ELAI"
    assert move in s.legal_moves()
    t = s.play(move)
    assert t.lines[LINE_INDEX["BARI-ELAI"]] == -1 and t.bridges_left[1] == BRIDGES - 1
    assert sum(t.hands[0]) == 1 and sum(t.discards) == 2
    # a further card may then bridge the freed line (or any other free line)
    t = t.play("ELAI:BARI-ELAI")
    assert t.lines[LINE_INDEX["BARI-ELAI"]] == 0


def test_a_removal_pair_must_name_only_the_line_ends_and_an_opponent_bridge():
    s = position(hands=(["BARI", "DUDA", "ELAI", "ELAI"], []),
                 lines={"BARI-ELAI": 1, "DUDA-ELAI": 0})
    refused(s, {"BARI+DUDA:x:BARI-ELAI": "kahuna_removal_wrong_cards",
                "DUDA+ELAI:x:DUDA-ELAI": "kahuna_removal_no_bridge",
                "BARI+BARI:x:BARI-ELAI": "kahuna_pair_not_held"})
    assert s.play("ELAI+BARI:x:ELAI-BARI").moves[-1] == "BARI+ELAI:x:BARI-ELAI"


def test_removal_by_a_pair_costs_the_owner_a_stone_held_no_longer():
    s = position(hands=(["ALOA", "ALOA"], []), lines={"ALOA-BARI": 1, "ALOA-DUDA": 1},
                 stones={"ALOA": 1})
    t = s.play("ALOA+ALOA:x:ALOA-BARI")
    assert t.stones[INDEX["ALOA"]] == -1 and t.stones_left[1] == STONES


def test_secret_discard_is_hidden_from_the_opponent_and_spectators():
    s = position(hands=(["HUNA"], ["ELAI"]), lines={"KAHU-LALE": 1})
    t = s.play("discard:HUNA")
    assert t.view(0)["last"] == "discard:HUNA"
    assert t.view(1)["last"] == "discard" and t.view(None)["last"] == "discard"
    assert t.view(1)["turn_actions"] == ["discard"]
    u = t.play("take:COCO")
    assert u.view(1)["previous_turn"] == {"seat": 0, "actions": ["discard", "take:COCO"]}
    assert u.view(0)["previous_turn"]["actions"] == ["discard:HUNA", "take:COCO"]
    assert "HUNA" not in json.dumps(u.view(1)["previous_turn"])


# --- control -------------------------------------------------------------------------------
def test_majority_places_a_stone_and_removes_opponent_bridges_there():
    s = position(hands=(["ALOA", "ALOA"], []), lines={"ALOA-HUNA": 1, "KAHU-LALE": 1})
    t = s.play("ALOA:ALOA-BARI")
    assert t.stones[INDEX["ALOA"]] == -1  # 1 of 3 lines is no majority
    t = t.play("ALOA:ALOA-DUDA")  # 2 of 3
    assert t.stones[INDEX["ALOA"]] == 0 and t.stones_left[0] == STONES - 1
    assert t.lines[LINE_INDEX["ALOA-HUNA"]] == -1 and t.bridges_left[1] == BRIDGES - 1


def test_half_of_the_lines_is_not_control():
    s = position(hands=(["COCO", "COCO"], []))
    t = play_all(s, "COCO:BARI-COCO", "COCO:COCO-FAAA")  # 2 of 4
    assert t.stones[INDEX["COCO"]] == -1


def test_control_cascade_costs_far_end_stones_one_step_only():
    lines = {"ELAI-IFFI": 0, "IFFI-JOJO": 0, "HUNA-IFFI": 1, "IFFI-LALE": 1,
             "HUNA-LALE": 1, "ALOA-HUNA": 1, "DUDA-HUNA": 1}
    s = position(hands=(["KAHU"], []), lines=lines, stones={"HUNA": 1, "LALE": 1})
    t = s.play("KAHU:IFFI-KAHU")  # 3 of 5 at IFFI
    assert t.stones[INDEX["IFFI"]] == 0
    assert t.lines[LINE_INDEX["HUNA-IFFI"]] == -1 and t.lines[LINE_INDEX["IFFI-LALE"]] == -1
    assert t.stones[INDEX["LALE"]] == -1  # 1 of 3 left: stone lost
    assert t.stones[INDEX["HUNA"]] == 1  # 3 of 5 left: still held
    assert t.lines[LINE_INDEX["HUNA-LALE"]] == 1  # nothing further is removed
    assert t.stones_left == [STONES - 1, STONES - 1]


def test_an_empty_stone_supply_makes_a_majority_do_nothing():
    s = position(hands=(["ALOA", "ALOA"], []), lines={"ALOA-HUNA": 1})
    s.stones_left = [0, STONES]
    t = play_all(s, "ALOA:ALOA-BARI", "ALOA:ALOA-DUDA")
    assert t.stones[INDEX["ALOA"]] == -1 and t.lines[LINE_INDEX["ALOA-HUNA"]] == 1


def test_an_empty_bridge_supply_allows_no_single_plays_but_pairs():
    s = position(hands=(["BARI", "ELAI"], []), lines={"BARI-ELAI": 1})
    s.bridges_left = [0, BRIDGES - 1]
    assert s.legal_moves()[0] == "BARI+ELAI:x:BARI-ELAI"
    with pytest.raises(IllegalMove, match="kahuna_no_bridge_left"):
        s.play("BARI:ALOA-BARI")


# --- drawing a card -----------------------------------------------------------------------
def test_taking_a_face_up_card_replaces_it_from_the_pile_and_ends_the_turn():
    s = position(pile=["ALOA", "BARI"], display=["COCO", "DUDA", "ELAI"],
                 lines={"KAHU-LALE": 1})
    t = s.play("take:DUDA")
    assert t.display == [INDEX["COCO"], INDEX["BARI"], INDEX["ELAI"]]
    assert t.hands[0][INDEX["DUDA"]] == 1 and t.current_player() == 1
    u = t.play("take:pile")
    assert u.hands[1][INDEX["ALOA"]] == 1 and u.pile == []
    v = u.play("take:ELAI")  # the pile is empty: the slot stays empty
    assert v.display == [INDEX["COCO"], INDEX["BARI"]]
    assert "take:pile" not in v.legal_moves()


def test_hand_limit_five_discard_before_taking():
    s = position(hands=(["ALOA"] * 2 + ["BARI"] * 2 + ["COCO"], []), pile=["DUDA"])
    assert not [m for m in s.legal_moves() if m.startswith("take:") and m != "take:none"]
    with pytest.raises(IllegalMove, match="kahuna_hand_full"):
        s.play("take:pile")
    t = play_all(s, "discard:COCO", "take:pile")
    assert sum(t.hands[0]) == 5


def test_no_take_twice_in_a_row():
    s = position(pile=["DUDA", "ELAI"], lines={"KAHU-LALE": 1})
    t = s.play("take:none")
    assert t.current_player() == 1 and "take:none" not in t.legal_moves()
    assert t.view(1)["must_take"]
    with pytest.raises(IllegalMove, match="kahuna_must_take"):
        t.play("take:none")
    assert "take:none" in t.play("take:pile").legal_moves()


# --- rounds and scoring --------------------------------------------------------------------
def _round_end(round, stones, player=0):
    """The last card of ``round`` lies face up; ``player`` takes it next."""
    s = position(round=round, stones=stones, player=player, display=["COCO"],
                 lines={"ALOA-BARI": 0, "KAHU-LALE": 1}, hands=(["HUNA"], ["ELAI"]),
                 discards=["FAAA", "GOLA", "JOJO", "IFFI"])
    return s.play("take:COCO")


def test_round_1_scores_1_point_and_reshuffles_the_discards():
    t = _round_end(1, {"ALOA": 0, "BARI": 0, "LALE": 1})
    assert t.round_points[0] == [1, 0] and t.scores() == [1, 0] and t.round == 2
    assert len(t.display) == 3 and len(t.pile) == 1 and sum(t.discards) == 0
    assert sorted(t.display + t.pile) == sorted(INDEX[c] for c in ["FAAA", "GOLA", "JOJO",
                                                                   "IFFI"])
    assert t.hands[0][INDEX["COCO"]] == 1 and t.hands[0][INDEX["HUNA"]] == 1  # hands kept
    assert t.current_player() == 1  # the next seat continues


def test_round_scoring_tie_gives_nothing():
    assert _round_end(1, {"ALOA": 0, "LALE": 1}).round_points[0] == [0, 0]


def test_round_2_scores_2_points():
    t = _round_end(2, {"ALOA": 0, "BARI": 1, "LALE": 1}, player=1)
    assert t.round_points[1] == [0, 2] and t.round == 3 and t.current_player() == 0


def test_round_3_extra_turns_then_the_difference():
    t = _round_end(3, {"ALOA": 0, "BARI": 0, "DUDA": 0, "LALE": 1})
    assert t.phase == "extra" and t.current_player() == 1 and t.view(1)["phase"] == "extra"
    assert t.round_points[2] is None
    assert t.legal_moves()[-1] == "take:none"
    assert not [m for m in t.legal_moves() if m.startswith("take:") and m != "take:none"]
    with pytest.raises(IllegalMove, match="kahuna_extra_turn_no_take"):
        t.play("take:pile")
    t = t.play("take:none")
    assert t.current_player() == 0 and "take:none" in t.legal_moves()  # no compulsory take
    t = play_all(t, "HUNA:HUNA-IFFI", "take:none")
    assert t.current_player() == TERMINAL and t.round_points[2] == [2, 0]
    assert t.scores() == [2, 0] and t.winners() == [0] and t.view(None)["end_reason"] == "rounds"


# --- game end ---------------------------------------------------------------------------------
def test_early_end_in_round_2_when_a_seat_has_no_bridge():
    s = position(round=2, hands=(["ALOA", "BARI"], []), lines={"ALOA-BARI": 1, "DUDA-ELAI": 0})
    t = s.play("ALOA+BARI:x:ALOA-BARI")
    assert t.is_over() and t.winners() == [0] and t.end_reason == "no-bridges"
    assert s.play("ALOA:ALOA-DUDA").current_player() == 0  # not before it happens


def test_no_early_end_in_round_1():
    s = position(round=1, hands=(["ALOA", "BARI"], []), lines={"ALOA-BARI": 1})
    assert not s.play("ALOA+BARI:x:ALOA-BARI").is_over()


def test_early_end_is_checked_as_round_2_starts_and_both_bare_is_decided_by_points():
    s = position(round=1, display=["COCO"], discards=["FAAA", "GOLA", "JOJO"],
                 stones={"ALOA": 0})
    t = s.play("take:COCO")
    assert t.is_over() and t.round == 2 and t.end_reason == "no-bridges"
    assert t.winners() == [0]  # 1 point to 0


def test_tie_breaks_round_3_then_bridges_then_draw():
    s = position(round=3, lines={"ALOA-BARI": 0, "KAHU-LALE": 1, "HUNA-LALE": 1})
    s.phase, s.end_reason = "over", "rounds"
    s.round_points = [[1, 0], [0, 2], [1, 0]]
    assert s.winners() == [0]  # 2:2, round 3 decides
    s.round_points = [[1, 0], [0, 1], [0, 0]]
    assert s.winners() == [1]  # then bridges: 1 against 2
    s.lines[LINE_INDEX["HUNA-LALE"]] = -1
    assert s.winners() == [0, 1]


# --- notation and views -----------------------------------------------------------------------
@pytest.mark.parametrize("junk", ["HUNA", "HUNA:", "HUNA:ELAI", "HUNA:ALOA-ZZZZ", "take:",
                                  "take:QQQQ", "discard:", "ELAI:x:ELAI-HUNA", "a:b:c:d"])
def test_garbage_is_refused(junk):
    with pytest.raises(IllegalMove):
        position(hands=(["HUNA", "ELAI"], []), lines={"ELAI-HUNA": 1}).play(junk)


def test_view_has_what_a_board_drawing_needs():
    s = position(hands=(["HUNA"], ["ELAI", "ELAI"]), lines={"ELAI-HUNA": 1},
                 stones={"ALOA": 0}, pile=["DUDA"], display=["COCO", "GOLA"],
                 discards=["FAAA"])
    v = s.view(0)
    assert v["islands"][INDEX["ELAI"]] == {
        "name": "ELAI", "x": POSITIONS[4][0], "y": POSITIONS[4][1], "lines": 6,
        "majority": 4, "stone": -1, "bridges": [0, 1]}
    assert v["islands"][0]["stone"] == 0
    assert v["lines"][LINE_INDEX["ELAI-HUNA"]] == {"name": "ELAI-HUNA", "a": 4, "b": 7,
                                                   "owner": 1}
    assert v["hand"] == ["HUNA"] and v["hand_sizes"] == [1, 2]
    assert (v["display"], v["pile"], v["discards"]) == (["COCO", "GOLA"], 1, 1)
    assert v["round"] == 1 and v["phase"] == "play" and v["points"] == [0, 0]
    assert v["bridges_left"] == [25, 24] and v["stones_left"] == [9, 10]
    assert v["current"] == 0 and not v["must_take"] and v["may_take"]
    assert s.view(None)["hand"] is None


def _random_states(seeds):
    for seed in seeds:
        rng, s = random.Random(seed), GAME.new(seed=seed)
        while not s.is_over():
            yield s
            s = s.play(rng.choice(s.legal_moves()))
        yield s


def test_views_never_reveal_the_other_hand_the_pile_or_the_discards():
    for s in _random_states(range(4)):
        for seat in (None, 0, 1):
            secret = s._clone()
            for other in (0, 1):
                if other != seat:
                    secret.hands[other] = secret.hands[other][::-1]
            secret.pile = secret.pile[::-1]
            secret.discards = secret.discards[::-1]
            assert json.dumps(secret.view(seat)) == json.dumps(s.view(seat))
        assert "discard:" not in json.dumps(s.view(None))
        prev = s.view(None)["previous_turn"]
        if prev:  # the other seat's discards are hidden, one's own are shown
            assert "discard:" not in json.dumps(s.view(1 - prev["seat"])["previous_turn"])
            own = s.view(prev["seat"])["previous_turn"]["actions"]
            assert own == list(s.prev_turn[1])


def test_random_games_keep_supplies_and_stones_consistent_end_and_replay():
    for s in _random_states(range(5)):
        for seat in (0, 1):
            assert s.bridges_left[seat] + s.lines.count(seat) == BRIDGES
            assert s.stones_left[seat] + s.stones.count(seat) == STONES
            held = [2 * s.count[seat][i] > DEGREE[i] for i in range(12)]
            assert all(held[i] for i in range(12) if s.stones[i] == seat)
        assert sum(map(sum, s.hands)) + sum(s.discards) + len(s.pile) + len(s.display) == 24
    assert s.is_over() and s.winners()
    assert replay(s.record()) == s


def test_in_app_rules_text_is_plain_and_states_the_decisions():
    text = asset_path("rules", "kahuna.en.txt").read_text(encoding="utf-8")
    assert text.startswith("# Kahuna") and "<" not in text
    for decision in ("non-dealer", "keeps their hand", "freed line", "no stone left",
                     "no bridge left", "neither player", "round-3 score"):
        assert decision in text


def test_cards_played_face_up_stay_public_until_the_round_ends():
    s = position(hands=(["HUNA", "HUNA", "DUDA", "ELAI"], []),
                 lines={"DUDA-HUNA": 1, "KAHU-LALE": 1}, display=["COCO"])
    for move in ("ELAI:ELAI-HUNA", "DUDA+HUNA:x:DUDA-HUNA", "discard:HUNA"):
        s = s.play(move)
    assert s.view(1)["played"] == s.view(0)["played"] == ["DUDA", "ELAI", "HUNA"]
    assert s.view(1)["discards"] == 4  # the discarded HUNA is not among the played
    s = s.play("take:COCO")  # the last card: round 2, the discards become the pile
    assert s.round == 2 and s.view(0)["played"] == []
