"""Wort-Reversi rules (insel.games.wortreversi): deal, tiles, answers, grading, view."""

import json
import random

import pytest

from insel import IllegalMove
from insel.games import get_game, replay
from insel.wordlists import builtin, tiles_per_pair

GAME = get_game("wortreversi")
TIERE = builtin("de-tiere")


def random_states(seed: int, **options):
    """Every state of a game where each move is a random all-correct legal move."""
    rng = random.Random(seed)
    state = GAME.new(seed, **options)
    yield state
    while not state.is_over():
        state = state.play(rng.choice(state.legal_moves()))
        yield state


def first_square(state) -> str:
    return state.legal_moves()[0].split(":")[0].split("#")[0]


def test_deal_centre_four_and_sixteen_each():
    state = GAME.new(5)
    on_board = [t for t in state.tiles if t >= 0]
    assert len(on_board) == 4 and len(state.hands[0]) == len(state.hands[1]) == 16
    everything = on_board + list(state.hands[0]) + list(state.hands[1])
    assert len(set(everything)) == 36
    assert GAME.new(5).hands == state.hands and GAME.new(6).hands != state.hands


def test_the_seed_picks_36_of_a_longer_list_and_the_options_keep_only_those():
    assert len(TIERE.pairs) > 36
    games = [GAME.new(seed) for seed in range(5)]
    for seed, state in enumerate(games):
        kept = [tuple(pair) for pair in state.options["words"]["pairs"]]
        places = [TIERE.pairs.index(pair) for pair in kept]
        assert len(kept) == 36 and places == sorted(places)  # a subset, in list order
        assert GAME.new(seed, words=state.options["words"]) == state  # deals the same game
    assert len({tuple(map(tuple, s.options["words"]["pairs"])) for s in games}) > 1


@pytest.mark.parametrize("words, message", [
    ({"pairs": [[f"a{i}", f"b{i}"] for i in range(7)]}, 'words_too_few {"count": 7,'),
    ("xx-unknown", "words_unknown_list"),
    (7, "words_option "),
])
def test_words_option_is_validated(words, message):
    with pytest.raises(ValueError, match=message):
        GAME.new(0, words=words)


def test_flags_must_be_booleans():
    with pytest.raises(ValueError, match=r'option_true_false .*"name": "hand"'):
        GAME.new(0, hand="yes")


def test_record_is_self_contained():
    state = GAME.new(3, words="de-schule")
    words, schule = state.record()["options"]["words"], builtin("de-schule")
    assert (words["title"], words["sides"]) == (schule.title, list(schule.sides))
    assert len(words["pairs"]) == 36 and all(tuple(p) in schule.pairs for p in words["pairs"])
    state = state.play(state.legal_moves()[0])
    assert replay(json.loads(json.dumps(state.record()))) == state


def test_singular_on_light_plural_on_dark_unless_swapped():
    plain, swapped = GAME.new(0), GAME.new(0, swap_sides=True)
    for tile in plain.chosen:
        singular, plural = plain.options["words"]["pairs"][tile]
        assert plain.faces[tile] == (plural, singular)  # (dark, light)
        assert swapped.faces[tile] == (singular, plural)
    assert plain.view(0)["side_names"] == ["Mehrzahl", "Einzahl"]
    assert swapped.view(0)["side_names"] == ["Einzahl", "Mehrzahl"]


def test_the_next_tile_is_placed_showing_the_placers_colour():
    state = GAME.new(1)
    tile = state.hands[0][0]
    assert state.view(0)["next_tiles"] == [
        {"tile": tile, "word": state.faces[tile][0], "given": False}]
    assert state.view(1)["next_tiles"] == []
    after = state.play(state.legal_moves()[0])
    square = after.view()["last_move"]["square"]
    index = after.board.index[square]
    assert after.tiles[index] == tile and after.hands[0] == state.hands[0][1:]
    assert after.view()["words"][index] == state.faces[tile][0]
    assert after.view()["tiles_left"] == [15, 16]


def test_right_answer_turns_the_tile_wrong_answer_leaves_it():
    state = GAME.new(1)
    square = first_square(state)
    (bracketed,) = state.flips(square)
    right = state.play(state.legal_moves()[0])
    wrong = state.play(f'{square}:["die Einhörner"]')
    assert right.scores() == [4, 1] and right.view()["last_move"]["flipped"] == [bracketed]
    assert wrong.scores() == [3, 2] and wrong.view()["last_move"]["flipped"] == []
    assert wrong.current_player() == 1  # the tile was still placed: the bracket existed
    feedback = wrong.view()["last_move"]["answers"]
    tile = state.tiles[state.board.index[bracketed]]
    assert feedback == [{"square": bracketed, "shown": state.faces[tile][1],
                         "answer": "die Einhörner", "correct": state.faces[tile][0],
                         "right": False}]


def test_answers_follow_ascending_square_order():
    for state in random_states(2):
        if state.is_over():
            break
        view = state.view(state.current_player())
        for move in state.legal_moves():
            square, _, answers = move.partition(":")
            order = state.flips(square)
            assert [q["square"] for q in view["quiz"][square]] == order
            assert order == sorted(order, key=state.board.index.get)
            assert json.loads(answers) == [
                state.correct(state.tiles[state.board.index[s]]) for s in order]


@pytest.mark.parametrize("answer, options, right", [
    ("die Kühe", {}, True),
    ("  DIE   kühe ", {}, True),
    ("Kühe", {}, True),
    ("der Kühe", {}, False),
    ("Kühe", {"articles_optional": False}, False),
    ("die Kuehe", {}, False),
    ("die Kuehe", {"ascii_spelling": True}, True),
    ("die Kuh", {}, False),
])
def test_grading(answer, options, right):
    state = GAME.new(1, **options)
    assert state.is_right(answer, "die Kühe") is right


def test_ascii_spelling_covers_sharp_s():
    state = GAME.new(0, ascii_spelling=True)
    assert state.is_right("die Strasse", "die Straße")
    assert not GAME.new(0).is_right("die Strasse", "die Straße")


def test_any_text_round_trips_in_the_move():
    state = GAME.new(1)
    square = first_square(state)
    answer = " l'été, \"quoted\" ; ä ö ü ß 🙂 "
    after = state.play(f"{square}:{json.dumps([answer])}")
    assert json.loads(after.moves[-1].split(":", 1)[1]) == [answer]
    assert replay(json.loads(json.dumps(after.record()))) == after
    assert after.view()["report"][0]["missed"][0]["answer"] == answer


@pytest.mark.parametrize("suffix, message", [
    ("", "wr_name_backs"),
    (":die Kühe", "wr_answers_json"),
    (':["a","b"]', 'wr_answer_count {"count": 1}'),
    (":[1]", "wr_answers_json"),
    (':["' + "x" * 101 + '"]', 'wr_answer_too_long {"limit": 100}'),
])
def test_malformed_answers_are_refused(suffix, message):
    state = GAME.new(1)
    with pytest.raises(IllegalMove, match=message):
        state.play(first_square(state) + suffix)


def test_hand_mode_names_the_tile():
    state = GAME.new(1, hand=True)
    square = first_square(state)
    moves = [m for m in state.legal_moves() if m.startswith(square + "#")]
    assert len(moves) == 16
    chosen = state.hands[0][5]
    after = state.play(f'{square}#{chosen}:["x"]')
    assert chosen not in after.hands[0] and len(after.hands[0]) == 15
    assert [t["tile"] for t in state.view(1)["hand"]] == list(state.hands[1])
    assert state.view(None)["hand"] == [] and GAME.new(1).view(0)["hand"] == []
    with pytest.raises(IllegalMove, match="wr_choose_tile"):
        state.play(f'{square}:["x"]')
    with pytest.raises(IllegalMove, match="wr_tile_not_available"):
        state.play(f'{square}#{state.hands[1][0]}:["x"]')
    with pytest.raises(IllegalMove, match="wr_no_tile_named"):
        GAME.new(1).play(f'{square}#{chosen}:["x"]')


def test_a_player_out_of_tiles_gets_the_opponents_next():
    for state in random_states(1):
        seat = state.current_player()
        if seat >= 0 and not state.hands[seat] and state.legal_moves() != ["pass"]:
            break
    else:
        pytest.fail("no state where the player to move has no tiles")
    given = state.hands[1 - seat][0]
    assert state.view(seat)["next_tiles"] == [
        {"tile": given, "word": state.faces[given][seat], "given": True}]
    after = state.play(state.legal_moves()[0])
    assert after.hands[1 - seat] == state.hands[1 - seat][1:]


def test_pass_and_end():
    passed = False
    for state in random_states(1):
        if state.legal_moves() == ["pass"]:
            passed = True
            with pytest.raises(IllegalMove):
                state.play(first_square(GAME.new(1)) + ':["x"]')
    assert passed
    assert state.is_over() and state.winners()
    dark, light = state.scores()
    assert state.winners() == ([0, 1] if dark == light else [0] if dark > light else [1])


def test_empty_squares_always_equal_tiles_left():
    for state in random_states(4):
        assert state.tiles.count(-1) == len(state.hands[0]) + len(state.hands[1])
    assert state.is_over()


def test_view_hides_the_backs_of_board_tiles():
    state = GAME.new(1)
    text = json.dumps(state.view(0), ensure_ascii=False)
    assert "pairs" not in text
    for tile, colour in zip(state.tiles, state.view()["cells"], strict=True):
        if tile >= 0:
            assert state.faces[tile][1 - colour] not in text


def test_multiple_choice_offers_three_fixed_options():
    state = GAME.new(1, multiple_choice=True)
    choices = state.view(0)["choices"]
    assert "choices" not in state.view(1) and "choices" not in GAME.new(1).view(0)
    for square, per_tile in choices.items():
        for bracketed, options in zip(state.flips(square), per_tile, strict=True):
            right = state.correct(state.tiles[state.board.index[bracketed]])
            assert len(set(options)) == 3 and right in options
    assert GAME.new(1, multiple_choice=True).view(0)["choices"] == choices


def test_learning_report_counts_answers():
    state = GAME.new(1)
    state = state.play(f'{first_square(state)}:["falsch"]')
    state = state.play(state.legal_moves()[0])
    report = state.view()["report"]
    assert report[0]["right"] == 0 and report[0]["wrong"] == 1
    assert report[0]["missed"][0]["answer"] == "falsch"
    assert report[1]["wrong"] == 0 and report[1]["right"] >= 1


SHORT = {"title": "Woche 12", "pairs": [[f"das Ding{i}", f"die Dinge{i}"] for i in range(12)]}


@pytest.mark.parametrize("count", [8, 12, 20, 35])
def test_a_short_list_repeats_its_pairs_evenly_on_the_36_tiles(count):
    words = {"pairs": SHORT["pairs"][:count] + [[f"x{i}", f"y{i}"] for i in range(count - 12)]}
    state = GAME.new(4, words=words)
    shown = [face[1] for face in state.faces]  # light side: the first side of each pair
    per_pair = [shown.count(pair[0]) for pair in words["pairs"]]
    assert len(state.faces) == 36 and sum(per_pair) == 36
    assert max(per_pair) - min(per_pair) <= 1 and per_pair == tiles_per_pair(count)
    assert len(state.options["words"]["pairs"]) == count  # the record keeps the list itself


def test_tiles_per_pair():
    assert tiles_per_pair(8) == [5, 5, 5, 5, 4, 4, 4, 4]
    assert tiles_per_pair(12) == [3] * 12 and tiles_per_pair(40) == [1] * 40


def test_a_short_list_plays_to_the_end_and_replays():
    *_, last = random_states(9, words=SHORT, multiple_choice=True)
    assert last.is_over() and sum(last.scores()) > 0
    again = replay(last.record())
    assert again.tiles == last.tiles and again.learning_report() == last.learning_report()


def test_multiple_choice_of_a_short_list_offers_three_different_words():
    state = GAME.new(2, words=SHORT, multiple_choice=True)
    for tile in range(36):
        options = state.choices(tile)
        assert len(set(options)) == 3 and options.count(state.correct(tile)) == 1


def test_a_short_list_practises_each_missed_pair_once():
    state = GAME.new(1, words={"pairs": SHORT["pairs"][:8]})
    while not state.is_over():
        move = state.legal_moves()[0]
        head, _, answers = move.partition(":")
        wrong = json.dumps(["?"] * len(json.loads(answers or "[]")))
        state = state.play(move if move == "pass" else f"{head}:{wrong}")
    seat = state.learning_report()["seats"][0]
    pairs = {miss["pair"] for miss in seat["missed"]}
    assert len(seat["missed"]) > len(pairs)  # a pair missed on several tiles …
    assert len(seat["practise"]) == 2 * len(pairs)  # … is practised once, both ways
