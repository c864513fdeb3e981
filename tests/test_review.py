"""The review of a finished game (insel.ai.review through the session op ``review``): a
chance for every position, a mark for every choice of the seats asked for, a better move
and a reason worded in every catalogue for the mistakes, in slices, and only at the end."""

import pytest

from bad_games import GAMES, bad_game
from door import ask, refusal
from insel.ai import advice, review
from insel.games import replay_states
from insel.session import Session
from test_advice import finished_othello, gives_a_corner, worded


def run(session: Session, seats: list[int]) -> dict:
    steps = 0
    while True:
        answer = ask(session, "review", seats=seats, budget_ms=1)
        steps += 1
        if not answer["ok"] or answer["done"]:
            return {**answer, "steps": steps}
        assert 0 <= answer["progress"]["done"] <= answer["progress"]["of"]


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_game_is_reviewed_position_by_position_with_its_mistakes_taught(game):
    record = bad_game(game)
    session = Session()
    ask(session, "load", record=record)
    answer = run(session, [0])
    assert answer["ok"], answer
    assert answer["steps"] > 1  # it came in slices
    states = replay_states(record)
    assert len(answer["points"]) == len(states)
    assert all(0 <= p <= 1 for p in answer["points"])
    assert answer["points"][-1] == review.final(states[-1], 0)
    assert [m["ply"] for m in answer["moves"]] == advice.choices(states, 0)
    taught = [m for m in answer["moves"] if m["mark"] in review.TAUGHT]
    assert taught, f"{game}: the bad game has no mistake"
    for move in answer["moves"]:
        assert move["mark"] == review.mark(move["loss"]) or move["mark"] == "good"
    for move in taught:
        before = states[move["ply"]]
        keys = {advice.move_key(before, m) for m in before.legal_moves()}
        assert move["better"] in keys and move["better"] != move["move"]
        worded(move["reason"])
        assert move["reason_of"] == ("played" if move["reason"] and move["reason"]["key"]
                                     in review.OF_PLAYED else "better")
    assert any(m["reason"] for m in taught)


def test_the_corner_given_away_is_a_blunder_taught_with_a_better_move():
    record, ply, move = finished_othello()
    session = Session()
    ask(session, "load", record=record)
    judged = {m["ply"]: m for m in run(session, [0])["moves"]}
    assert judged[ply]["move"] == move and judged[ply]["mark"] in review.TAUGHT
    assert not gives_a_corner(replay_states(record)[ply], judged[ply]["better"])
    assert judged[ply]["reason"]["key"] == "engine.review_gives_corner"
    assert judged[ply]["reason_of"] == "played"


def test_the_review_waits_for_the_end_and_checks_its_seats():
    session = Session()
    ask(session, "new", game="othello", options={"size": 6})
    assert refusal(ask(session, "review", seats=[0])) == "review_not_over"
    ask(session, "load", record=bad_game("othello"))
    for seats in ([], [2], "0", [True]):
        assert refusal(ask(session, "review", seats=seats)) == "no_seat"
    both = run(session, [1, 0])
    assert {m["seat"] for m in both["moves"]} == {0, 1}
    assert both["viewer"] == 1


def test_marks_and_chances():
    assert [review.mark(x) for x in (0, 0.07, 0.15, 0.3)] == [
        "good", "inaccuracy", "mistake", "blunder"]
    assert review.chance("othello", 0) == 0.5 and review.chance("kahuna", 0.5) == 0.5
    assert review.chance("ponte", 1000) > 0.99 and review.chance("ponte", -1000) < 0.01


def test_the_choices_judged_skip_throws():
    states = replay_states(bad_game("inselspiel"))
    plies = advice.choices(states, 0)
    throws = [ply for ply, state in enumerate(states[:-1])
              if state.current_player() == 0 and "roll" in state.legal_moves()]
    assert plies and throws
    for ply in plies:
        assert "roll" not in states[ply].legal_moves() and states[ply].current_player() == 0


class _Finished:
    """A finished game's winners, seated in teams (Inselspiel's `team_of`) or not."""

    def __init__(self, winners: list[int], team_of: tuple[int, ...] | None = None) -> None:
        self._winners = winners
        if team_of is not None:
            self.team_of = team_of

    def winners(self) -> list[int]:
        return self._winners


def test_a_team_that_wins_together_has_won_and_a_win_shared_between_sides_is_half():
    teams = (0, 1, 0, 1)  # seats 0 and 2 one team, 1 and 3 the other
    assert review.final(_Finished([0, 2], teams), 0) == 1.0  # both seats of the winning team
    assert review.final(_Finished([0, 2], teams), 2) == 1.0
    assert review.final(_Finished([0, 2], teams), 1) == 0.0
    assert review.final(_Finished([0, 1, 2, 3], teams), 0) == 0.5  # the teams level
    assert review.final(_Finished([0]), 0) == 1.0
    assert review.final(_Finished([0, 1]), 1) == 0.5
