"""The State contract, checked by random play over every registered game.

A game joins by being registered in insel.games; nothing else is needed.
"""

import json
import random

import pytest

from insel import CHANCE, TERMINAL, IllegalMove
from insel.games import GAME_IDS, get_game, replay

# Games whose every step has thousands of legal moves get fewer full playouts.
GAMES_PER_ID = {"ponte": 2}
GARBAGE = ["", "zz99", "pass pass", "a1,a1", "🙂", "a0-a0", "x" * 200]


def random_game(game_id: str, seed: int):
    """Yield every state of a random game from ``seed`` until it ends."""
    rng = random.Random(seed)
    state = get_game(game_id).new(seed=seed)
    yield state
    for _ in range(5000):
        if state.is_over():
            return
        if state.current_player() == CHANCE:
            move = state.sample_chance()
        else:
            move = rng.choice(state.legal_moves())
        state = state.play(move)
        yield state
    raise AssertionError(f"{game_id} seed {seed}: no end after 5000 moves")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_games_obey_the_contract(game_id):
    for seed in range(GAMES_PER_ID.get(game_id, 6)):
        for state in random_game(game_id, seed):
            player = state.current_player()
            legal = state.legal_moves()
            assert legal == state.legal_moves(), "legal_moves must be deterministic"
            before = state._key()
            for move in legal:
                state.play(move)  # must not raise
            assert state._key() == before, "play() must not change the old state"
            for junk in GARBAGE:
                if junk not in legal:
                    with pytest.raises(IllegalMove):
                        state.play(junk)
            assert replay(json.loads(json.dumps(state.record()))) == state
            for seat in [None, *range(state.num_players)]:
                json.dumps(state.view(seat))
            assert len(state.scores()) == state.num_players
            if state.is_over():
                assert player == TERMINAL and legal == []
                assert state.winners(), "a finished game has winners"
            else:
                assert legal, "a running game always offers a move (pass included)"
                assert state.winners() == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_same_game(game_id):
    game = get_game(game_id)
    assert game.new(seed=7) == game.new(seed=7)
    record = game.new(seed=7).record()
    assert (record["game"], record["seed"], record["moves"]) == (game_id, 7, [])
    assert record["options"].keys() == game.options().keys()  # every option, written out
    assert replay(record) == game.new(seed=7)


@pytest.mark.parametrize(
    "record, message",
    [
        ([], "record_not_object"),
        ({"game": "ponte", "seed": 0}, 'record_lacks {"fields": "moves"}'),
        ({"game": "nope", "seed": 0, "moves": []}, "unknown_game"),
        ({"game": "ponte", "seed": "x", "moves": []}, "what_record_seed"),
        ({"game": "ponte", "seed": 0, "moves": [3]}, "record_moves_not_texts"),
        ({"game": "ponte", "seed": 0, "options": {"colour": 1}, "moves": []}, "options_unknown"),
        ({"game": "ponte", "seed": 0, "moves": ["a1,a2", "zz"]},
         r'record_move_illegal .*"number": 2.*ponte_unknown_move'),
    ],
)
def test_malformed_records_are_refused_clearly(record, message):
    with pytest.raises(ValueError, match=message):
        replay(record)
