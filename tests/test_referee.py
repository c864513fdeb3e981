"""The host's referee for a live table (insel.referee), through the session's table_* ops as
the host's page calls them: guests move only their own seats, on the current revision, in
turn; undo by agreement; leaving and re-pairing; spectators; bad and flooding messages; and
whole games of every game with a device per seat (Inselspiel up to six, and teams)."""

from __future__ import annotations

import json
import operator
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from door import ask, refusal
from insel.referee import BURST, LOOK_BURST, LOOK_RATE, MAX_MESSAGE, RATE
from insel.session import Session
from insel.state import CHANCE

BUILD = "b0123456789abcde"


class Table:
    """A host's session with a table open, and what each device has been sent."""

    def __init__(self, game: str, seed: int = 7, options: dict | None = None,
                 names: list | None = None) -> None:
        self.session = Session()
        assert ask(self.session, "new", game=game, seed=seed, options=options or {})["ok"]
        self.answer = self.op("table_open", build=BUILD, **({"names": names} if names else {}))
        self.inbox: dict[str, list[dict]] = {}
        self.now = 0.0

    def op(self, name: str, **args) -> dict:
        """A table_* op; its answer (checked ok), its texts delivered to the inboxes."""
        answer = ask(self.session, name, **args)
        assert answer["ok"], answer
        for sent in answer["out"]:
            self.inbox.setdefault(sent["device"], []).append(json.loads(sent["text"]))
        self.answer = answer
        return answer

    def seat(self, device: str, seats: list[int] | None, hello: bool = True) -> None:
        """Pair ``device`` with ``seats`` (None: the seats it held) and let it say hello."""
        self.op("table_admit", device=device, **({} if seats is None else {"seats": seats}))
        if hello:
            self.send(device, {"t": "hello", "build": BUILD, "name": device.title()})

    def send(self, device: str, message: dict | str, pause: float = 1000) -> list[dict]:
        """A message from ``device`` (an object gets ``v`` 1; text goes as it is), ``pause``
        ms after the last; what was sent back to that device because of it."""
        self.now += pause
        text = message if isinstance(message, str) else json.dumps({"v": 1, **message})
        before = len(self.inbox.get(device, []))
        self.op("table_guest", device=device, text=text, now=self.now)
        return self.inbox.get(device, [])[before:]

    def last_state(self, device: str) -> dict:
        return [m for m in self.inbox[device] if m["t"] == "state"][-1]

    @property
    def rev(self) -> int:
        return self.answer["table"]["rev"]

    def full(self):
        return self.session.state

    def move(self, device: str, seat: int, move: str, rev: int | None = None) -> list[dict]:
        return self.send(device, {"t": "move", "rev": self.rev if rev is None else rev,
                                  "seat": seat, "move": move})


def refused(replies: list[dict]) -> str:
    """The reason key of the one refusal among ``replies``."""
    keys = [m["reason"]["key"] for m in replies if m["t"] == "refused"]
    assert len(keys) == 1, replies
    return keys[0]


def expected_picture(session: Session, seat) -> dict:
    """What the seat sees (public_picture) and its move list (op history)."""
    return json.loads(json.dumps({**session.public_picture(seat),
                                  "history": session.moves_of(seat)}))


def check_state(table: Table, device: str, seats: list[int]) -> None:
    """The device's last state is the current revision with exactly its seats' pictures."""
    state = table.last_state(device)
    assert state["rev"] == table.rev and state["you"] == seats
    assert state["turn"] == table.full().current_player()
    assert state["pictures"] == [expected_picture(table.session, s) for s in seats or [None]]


# --- moves ----------------------------------------------------------------------------------
def test_a_guest_moves_its_own_seat_and_every_device_gets_its_own_picture():
    table = Table("ponte")
    table.seat("anna", [1])
    assert [m["t"] for m in table.inbox["anna"]] == ["welcome", "state"]
    check_state(table, "anna", [1])
    assert table.last_state("anna")["names"] == [None, "Anna"]
    first = table.full().legal_moves()[0]
    assert ask(table.session, "play", move=first)["ok"]  # the host's own seat, as today
    table.op("table_sync")
    check_state(table, "anna", [1])
    reply = table.last_state("anna")["pictures"][0]["legal"][0]
    table.move("anna", 1, reply)
    assert table.answer["changed"] and table.full().moves == (first, reply)
    check_state(table, "anna", [1])


def test_a_move_out_of_turn_is_refused_and_changes_nothing():
    table = Table("othello")
    table.seat("anna", [1])
    move = table.full().legal_moves()[0]
    assert refused(table.move("anna", 1, move)) == "table_not_your_turn"
    assert table.full().moves == () and not table.answer["changed"]


def test_a_move_for_a_seat_not_yours_is_refused():
    table = Table("othello")
    table.seat("anna", [1])
    move = table.full().legal_moves()[0]
    assert refused(table.move("anna", 0, move)) == "table_not_your_seat"
    assert table.full().moves == ()


def test_a_move_on_a_stale_revision_is_refused():
    table = Table("ponte")
    table.seat("anna", [0])
    seen = table.rev
    table.move("anna", 0, table.full().legal_moves()[0])
    ask(table.session, "play", move=table.full().legal_moves()[0])  # the host answers
    table.op("table_sync")
    assert table.rev == seen + 2
    replies = table.move("anna", 0, table.full().legal_moves()[0], rev=seen + 1)
    assert refused(replies) == "table_stale" and replies[0]["reason"]["params"] == {
        "rev": seen + 2}
    assert len(table.full().moves) == 2


def test_an_illegal_move_gets_the_engines_reason():
    table = Table("ponte")
    table.seat("anna", [0])
    assert refused(table.move("anna", 0, "a1,a1")) == "ponte_rule1_two_squares"


def test_a_guests_throw_is_drawn_by_the_host_and_real_dice_are_entered_by_the_roller():
    table = Table("inselspiel", options={"players": 3})
    table.seat("anna", [0])
    table.move("anna", 0, "roll")
    assert table.full().moves[0] == "roll" and len(table.full().moves) == 2  # the die drawn
    dice = Table("inselspiel", options={"players": 3, "physical_dice": True})
    dice.seat("anna", [0])
    dice.seat("ben", [1])
    dice.move("anna", 0, "roll")
    assert dice.full().current_player() == CHANCE
    assert refused(dice.move("ben", 1, "roll:6")) == "table_not_your_turn"
    dice.move("anna", 0, "roll:6")
    assert dice.full().moves == ("roll", "roll:6")


# --- messages that are not the schema's --------------------------------------------------
MALFORMED = [
    ("{", "json"), ("[1]", "object"), ('"move"', "object"), ("{}", "v"),
    ('{"v": true, "t": "leave"}', "v"), ('{"v": 1}', "t"), ('{"v": 1, "t": "play"}', "t"),
    ('{"v": 1, "t": "leave", "op": "save"}', {"key": "engine.quoted", "params": {"text": "op"}}),
    ('{"v": 1, "t": "move", "rev": 0, "seat": 0}', "move"),
    ('{"v": 1, "t": "move", "rev": true, "seat": 0, "move": "a1"}', "rev"),
    ('{"v": 1, "t": "move", "rev": 0, "seat": "0", "move": "a1"}', "seat"),
    ('{"v": 1, "t": "move", "rev": 0, "seat": 0, "move": ["a1"]}', "move"),
    ('{"v": 1, "t": "answer", "rev": 0, "accept": 1}', "accept"),
    ('{"v": 1, "t": "hello", "build": "' + BUILD + '", "name": "a\\nb"}', "name"),
    ('{"v": 1, "t": "move", "rev": 0, "seat": 0, "move": [[["a1"]]]}', "json"),
]


@pytest.mark.parametrize(("text", "part"), MALFORMED)
def test_a_malformed_message_is_refused_naming_what_is_wrong(text, part):
    table = Table("ponte")
    table.seat("anna", [0])
    replies = table.send("anna", text)
    assert refused(replies) == "table_malformed" and replies[0]["reason"]["params"] == {
        "part": part}
    assert table.full().moves == ()


def test_an_oversized_message_and_another_protocol_are_refused():
    table = Table("wortreversi")
    table.seat("anna", [0])
    square = table.last_state("anna")["pictures"][0]["legal"][0]
    text = json.dumps({"v": 1, "t": "move", "rev": 0, "seat": 0,
                       "move": square + ":" + json.dumps(["x" * MAX_MESSAGE])})
    assert refused(table.send("anna", text)) == "table_too_long"
    assert refused(table.send("anna", {"v": 2, "t": "leave"})) == "table_protocol"
    assert table.full().moves == ()


def test_a_guest_request_never_reaches_the_session_as_an_op():
    table = Table("kahuna")
    table.seat("anna", [1])
    for text in ('{"op": "save"}', '{"v": 1, "t": "save"}', '{"v": 1, "t": "leave", "op": "save"}',
                 '{"v": 1, "t": "move", "rev": 0, "seat": 1, "move": "x", "op": "save"}'):
        replies = table.send("anna", text)
        assert refused(replies) == "table_malformed"
        assert "seed" not in json.dumps(replies)


def test_flooding_is_refused_once_then_ignored_and_the_budget_refills():
    table = Table("ponte")
    table.seat("anna", [1], hello=False)
    stale = {"t": "undo", "rev": 999}
    answered = [table.send("anna", stale, pause=0) for _ in range(BURST + 3)]
    assert all(refused(replies) == "table_no_hello" for replies in answered[:BURST])
    assert refused(answered[BURST]) == "table_flood" and table.answer["flood"] == ["anna"]
    assert answered[BURST + 1:] == [[], []]
    assert refused(table.send("anna", stale, pause=1000 / RATE)) == "table_no_hello"
    # another device is not held back by this one's flood
    table.seat("ben", [0])
    assert [m["t"] for m in table.inbox["ben"]] == ["welcome", "state"]
    # positions looked at have a budget of their own: a replay never holds up a move
    looked = [table.send("ben", {"t": "position", "ply": 0}, pause=0)
              for _ in range(LOOK_BURST + 2)]
    assert all(replies[0]["t"] == "position" for replies in looked[:LOOK_BURST])
    # each look over budget is refused (not left unanswered: looks are answered in order)
    assert all(refused(replies) == "table_flood" and replies[0]["about"] == "position"
               for replies in looked[LOOK_BURST:])
    move = table.last_state("ben")["pictures"][0]["legal"][0]
    assert table.move("ben", 0, move)[-1]["t"] == "state" and table.answer["changed"]
    assert table.send("ben", {"t": "position", "ply": 1}, pause=1000 / LOOK_RATE)[0]["ply"] == 1


def test_a_quick_player_is_never_held_back_by_the_budget_but_moves_refused_spend_it():
    table = Table("othello", options={"size": 6})
    table.seat("anna", [0, 1])  # one phone, both seats: every move is its own
    for _ in range(3 * BURST):  # all in the same millisecond, each on the state before
        seat = table.full().current_player()
        move = {"t": "move", "rev": table.rev, "seat": seat,
                "move": table.full().legal_moves()[0]}
        assert table.send("anna", move, pause=0)[-1]["t"] == "state"
    assert len(table.full().moves) == 3 * BURST and table.answer["flood"] == []
    wrong = {"t": "move", "rev": table.rev, "seat": table.full().current_player(), "move": "z9"}
    wrong = [table.send("anna", wrong, pause=0) for _ in range(BURST)]  # these count
    # the hello took one of the budget, the 30 moves none
    assert refused(wrong[BURST - 2]) != "table_flood" and refused(wrong[-1]) == "table_flood"


def test_messages_before_hello_from_strangers_and_from_another_build_are_refused():
    table = Table("ponte")
    replies = table.send("stranger", {"t": "hello", "build": BUILD})
    assert [m["t"] for m in replies] == ["bye"] and replies[0]["reason"]["key"] == (
        "table_not_admitted") and table.answer["drop"] == ["stranger"]
    table.seat("anna", [1], hello=False)
    assert refused(table.move("anna", 1, "a1")) == "table_no_hello"
    replies = table.send("anna", {"t": "hello", "build": "other"})
    assert replies[0]["t"] == "bye" and replies[0]["reason"]["key"] == "table_other_build"
    assert table.answer["drop"] == ["anna"] and "state" not in [m["t"] for m in replies]
    assert table.send("anna", {"t": "hello", "build": BUILD})[0]["t"] == "bye"


def test_a_hello_said_again_is_answered_again_and_changes_nothing_else():
    """A guest repeats its hello until answered (remote.js greet): each gets the welcome
    and the same state, the seat and the game as they were."""
    table = Table("ponte")
    table.seat("anna", [1])
    first = table.last_state("anna")
    replies = table.send("anna", {"t": "hello", "build": BUILD, "name": "Anna"})
    assert [m["t"] for m in replies] == ["welcome", "state"] and replies[1] == first
    assert not table.answer["changed"] and table.full().moves == ()
    check_state(table, "anna", [1])


def test_an_earlier_position_is_sent_as_the_devices_seats_saw_it_then():
    """Kahuna: the guest's hand as it was after move 1, the spectator's public picture; a
    ply not yet played is refused; the game and the revision stay as they were."""
    table = Table("kahuna")
    table.seat("anna", [1])
    table.seat("projector", [])
    for _ in range(3):  # the host's seat and anna's, a move each in turn
        seat = table.full().current_player()
        move = table.full().legal_moves()[0]
        if seat == 1:
            table.move("anna", 1, move)
        else:
            assert ask(table.session, "play", move=move)["ok"]
            table.op("table_sync")
    history, rev = list(table.session.history), table.rev
    plies = len(history) - 1
    for device, seats in (("anna", [1]), ("projector", [None])):
        replies = table.send(device, {"t": "position", "ply": 1})
        assert replies == [{"v": 1, "t": "position", "ply": 1, "plies": plies, "pictures": [
            {"seat": seat, "view": json.loads(json.dumps(history[1].view(seat)))}
            for seat in seats]}]
    assert refused(table.send("anna", {"t": "position", "ply": plies + 1})) == (
        "not_whole_number")
    assert table.session.history == history and table.rev == rev


# --- undo by agreement -------------------------------------------------------------------
def test_a_guests_undo_waits_for_the_host_and_is_done_when_accepted():
    table = Table("ponte")
    table.seat("anna", [0])
    table.move("anna", 0, table.full().legal_moves()[0])
    assert table.last_state("anna")["can_undo"]
    table.send("anna", {"t": "undo", "rev": table.rev})
    assert table.answer["table"]["undo"] == {"from": "anna", "waiting": ["host"]}
    assert table.last_state("anna")["undo"] == {"from": [0], "asks_you": False}
    assert len(table.full().moves) == 1
    assert refused(table.send("anna", {"t": "answer", "rev": table.rev, "accept": True})) == (
        "table_no_undo_asked")  # the asker does not answer its own request
    table.op("table_answer", accept=True)
    assert table.full().moves == () and table.answer["changed"]
    check_state(table, "anna", [0])


def test_a_refused_undo_tells_the_asker_and_changes_nothing():
    table = Table("inselspiel", options={"players": 3})
    table.seat("anna", [0])
    table.seat("ben", [1])
    table.seat("cara", [2])
    table.move("anna", 0, "pass")
    table.send("anna", {"t": "undo", "rev": table.rev})
    assert table.answer["table"]["undo"]["waiting"] == ["ben", "cara"]  # the host holds none
    assert table.last_state("ben")["undo"] == {"from": [0], "asks_you": True}
    table.send("ben", {"t": "answer", "rev": table.rev, "accept": True})
    assert len(table.full().moves) == 1
    table.send("cara", {"t": "answer", "rev": table.rev, "accept": False})
    assert len(table.full().moves) == 1
    assert refused(table.inbox["anna"][-2:]) == "table_undo_refused"
    assert table.last_state("anna")["undo"] is None
    # the refusal comes after the state without the request: a page redrawn for that
    # state still shows it
    assert [m["t"] for m in table.inbox["anna"][-2:]] == ["state", "refused"]


def test_only_ones_own_last_move_can_be_taken_back_and_one_request_at_a_time():
    table = Table("ponte")
    table.seat("anna", [1])
    assert refused(table.send("anna", {"t": "undo", "rev": table.rev})) == "nothing_to_undo"
    ask(table.session, "play", move=table.full().legal_moves()[0])
    table.op("table_sync")
    assert not table.last_state("anna")["can_undo"] and table.answer["table"]["can_undo"]
    assert refused(table.send("anna", {"t": "undo", "rev": table.rev})) == (
        "table_undo_not_yours")
    table.op("table_undo")  # the host asks to take back its move
    assert table.last_state("anna")["undo"] == {"from": [0], "asks_you": True}
    assert not table.answer["table"]["can_undo"]  # one request at a time, for the host too
    assert refused(table.send("anna", {"t": "undo", "rev": table.rev})) == "table_undo_pending"
    table.send("anna", {"t": "answer", "rev": table.rev, "accept": True})
    assert table.full().moves == ()
    ask(table.session, "play", move=table.full().legal_moves()[0])
    table.op("table_sync")
    table.move("anna", 1, table.full().legal_moves()[0])  # now the last move is the guest's:
    assert not table.answer["table"]["can_undo"]  # the host's Undo is off, as a guest's is
    assert ask(table.session, "table_undo")["reason"]["key"] == "table_undo_not_yours"


def test_a_move_cancels_an_open_undo_request():
    table = Table("ponte")
    table.seat("anna", [0])
    table.move("anna", 0, table.full().legal_moves()[0])
    table.send("anna", {"t": "undo", "rev": table.rev})
    ask(table.session, "play", move=table.full().legal_moves()[0])
    table.op("table_sync")
    assert refused(table.inbox["anna"][-2:]) == "table_undo_refused"
    assert table.answer["table"]["undo"] is None and len(table.full().moves) == 2


# --- leaving, losing and re-pairing; spectators ------------------------------------------
def test_a_device_that_leaves_gets_its_seat_back_when_it_pairs_again():
    table = Table("kahuna")
    table.seat("anna", [1])
    table.seat("ben", [])
    replies = table.send("anna", {"t": "leave"})
    assert [m["t"] for m in replies] == ["bye"] and table.answer["drop"] == ["anna"]
    assert table.last_state("ben")["away"] == [1]
    assert refused(table.send("ben", {"t": "undo", "rev": table.rev})) in (
        "table_undo_away", "table_undo_not_yours")
    assert table.send("anna", {"t": "hello", "build": BUILD})[0]["t"] == "bye"
    table.seat("anna", None)  # re-paired: the same device id
    check_state(table, "anna", [1])
    assert table.last_state("ben")["away"] == []


def test_a_lost_device_pauses_its_seat_and_another_device_may_take_it():
    table = Table("othello")
    table.seat("anna", [0])
    table.seat("ben", [1])
    table.op("table_lost", device="anna")
    assert table.last_state("ben")["away"] == [0]
    table.seat("cara", [0])
    check_state(table, "cara", [0])
    assert table.last_state("ben")["away"] == []
    table.seat("anna", None)
    check_state(table, "anna", [])  # its seat went to cara: a spectator now
    assert refused(table.move("anna", 0, table.full().legal_moves()[0])) == (
        "table_not_your_seat")


def test_a_spectator_sees_the_spectators_picture_and_cannot_move():
    table = Table("kahuna")
    table.seat("projector", [])
    check_state(table, "projector", [])
    picture = table.last_state("projector")["pictures"][0]
    assert picture["seat"] is None and picture["view"]["hand"] is None
    assert refused(table.move("projector", 0, table.full().legal_moves()[0])) == (
        "table_not_your_seat")
    ask(table.session, "play", move=table.full().legal_moves()[0])
    table.op("table_sync")
    check_state(table, "projector", [])


def test_closing_the_table_says_bye_to_every_device():
    table = Table("ponte")
    table.seat("anna", [1])
    table.seat("ben", [])
    table.op("table_close")
    assert {d for d in ("anna", "ben") if table.inbox[d][-1]["reason"]["key"] == "table_closed"
            } == {"anna", "ben"} and sorted(table.answer["drop"]) == ["anna", "ben"]
    assert refusal(ask(table.session, "table_sync")) == "table_none"
    # the very text a host's page sends itself when it goes without closing (host.js
    # farewell, at pagehide: the worker's answer would come too late)
    assert {sent["text"] for sent in table.answer["out"]} == {
        '{"v":1,"t":"bye","reason":{"key":"table_closed","params":{}}}'}


# --- the ops the host's page calls -------------------------------------------------------
def test_the_hosts_ops_refuse_bad_arguments_and_change_nothing():
    session = Session()
    assert refusal(ask(session, "table_open", build=BUILD)) == "no_game"
    ask(session, "new", game="ponte")
    assert refusal(ask(session, "table_sync")) == "table_none"
    assert refusal(ask(session, "table_open", build="")) == "table_build"
    assert refusal(ask(session, "table_open", build=BUILD, names=[1])) == "table_names"
    assert ask(session, "table_open", build=BUILD)["ok"]
    for args, key in [({"device": "host", "seats": [0]}, "table_device"),
                      ({"device": "", "seats": [0]}, "table_device"),
                      ({"device": "anna", "seats": [2]}, "table_seats"),
                      ({"device": "anna", "seats": [0, 0]}, "table_seats"),
                      ({"device": "anna", "seats": [True]}, "table_seats"),
                      ({"device": "anna"}, "table_unknown_device")]:
        assert refusal(ask(session, "table_admit", **args)) == key
    assert refusal(ask(session, "table_guest", device="anna", text="{}", now=-1)) == "table_now"
    assert refusal(ask(session, "table_guest", device=5, text="{}", now=0)) == "table_device"
    assert refusal(ask(session, "table_lost", device="anna")) == "table_unknown_device"
    assert refusal(ask(session, "table_answer", accept=True)) == "table_no_undo_asked"
    assert refusal(ask(session, "table_answer", accept="yes")) == "table_accept"
    assert ask(session, "table_sync")["table"] == {"rev": 0, "host": [0, 1], "devices": [],
                                                   "undo": None, "can_undo": False}


def test_a_new_game_at_the_same_table_is_a_new_revision_for_the_same_devices():
    table = Table("inselspiel", options={"players": 4})
    table.seat("anna", [3])
    ask(table.session, "new", game="inselspiel", seed=1, options={"players": 2})
    table.op("table_sync")
    check_state(table, "anna", [])  # seat 3 is not in a two-seat game: a spectator
    ask(table.session, "new", game="inselspiel", seed=2, options={"players": 4})
    table.op("table_sync")
    check_state(table, "anna", [3])
    assert table.last_state("anna")["game"] == 2  # the table's third game


def test_the_state_counts_the_tables_games_and_an_undo_to_the_start_is_the_same_game():
    table = Table("othello", options={"size": 6})
    table.seat("ben", [1])
    assert table.last_state("ben")["game"] == 0
    assert ask(table.session, "play", move=table.full().legal_moves()[0])["ok"]
    table.op("table_sync")
    assert ask(table.session, "undo")["ok"]  # (the host's own: back to no move at all)
    table.op("table_sync")
    undone = table.last_state("ben")
    assert undone["pictures"][0]["record"]["moves"] == [] and undone["game"] == 0
    assert ask(table.session, "new", game="othello", seed=3, options={"size": 6})["ok"]
    table.op("table_sync")
    assert table.last_state("ben")["game"] == 1  # the same kind of game, but a new one
    record = ask(table.session, "save")["record"]
    assert ask(table.session, "load", record=record)["ok"]  # a game opened: another
    table.op("table_sync")
    assert table.last_state("ben")["game"] == 2


# --- whole games, a device per seat ------------------------------------------------------
GAMES = [
    ("ponte", {}, [[0], [1]]),
    ("kahuna", {}, [[0], [1]]),
    ("othello", {"size": 6}, [[0], [1]]),
    ("wortreversi", {}, [[0], [1]]),
    ("wortreversi", {"multiple_choice": True}, [[1], []]),
    ("inselspiel", {"players": 6}, [[0], [1], [2], [3], [4], [5]]),
    ("inselspiel", {"players": 4, "teams": [[0, 2], [1, 3]]}, [[0, 2], [1], [3], []]),
]


@pytest.mark.parametrize(("game", "options", "devices"), GAMES,
                         ids=[f"{g}-{len(d)}" for g, _, d in GAMES])
def test_a_whole_game_with_a_device_per_seat(game, options, devices):
    rng = random.Random(game)
    table = Table(game, seed=3, options=options)
    names = [f"d{i}" for i in range(len(devices))]
    for name, seats in zip(names, devices, strict=True):
        table.seat(name, seats)
    holder = {s: name for name, seats in zip(names, devices, strict=True) for s in seats}
    for _ in range(150):
        state = table.full()
        for name, seats in zip(names, devices, strict=True):
            check_state(table, name, seats)
        if state.is_over():
            break
        seat = state.current_player()
        legal = state.legal_moves()  # Wort-Reversi's with the right answers
        move = rng.choice([m for m in legal if m != "pass"] or legal)  # a longer game
        if seat in holder:
            before = table.rev
            table.move(holder[seat], seat, move)
            assert table.rev > before, table.inbox[holder[seat]][-1]
        else:  # the host's seat: played on the host, then sent to the guests
            assert ask(table.session, "play", move=move)["ok"]
            table.op("table_sync")
    assert len(table.full().moves) > 20


# --- random guest messages ---------------------------------------------------------------
FUZZ = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
DEVICES = ("anna", "ben", "stranger")
junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 2**60) | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)


def guest_messages(legal: list[str], rev: int) -> st.SearchStrategy:
    """Messages of every type, well formed (for the seat to move or another, on this
    revision or the last) or spoilt by a key more or a junk value, and junk texts."""
    revs = st.sampled_from([rev, rev, max(rev - 1, 0)])
    well_formed = st.one_of(
        st.fixed_dictionaries({"v": st.just(1), "t": st.just("move"), "rev": revs,
                               "seat": st.integers(0, 2), "move": st.sampled_from(legal)}),
        st.fixed_dictionaries({"v": st.just(1), "t": st.just("undo"), "rev": revs}),
        st.fixed_dictionaries({"v": st.just(1), "t": st.just("answer"), "rev": revs,
                               "accept": st.booleans()}),
        st.fixed_dictionaries({"v": st.just(1), "t": st.just("hello"),
                               "build": st.sampled_from([BUILD, "other"])},
                              optional={"name": st.text(max_size=50)}),
        st.fixed_dictionaries({"v": st.just(1), "t": st.just("position"),
                               "ply": st.integers(0, rev + 3)}),
        st.just({"v": 1, "t": "leave"}))
    spoilt = st.tuples(well_formed, st.dictionaries(
        st.sampled_from(["v", "t", "rev", "seat", "move", "accept", "ply", "op"]), junk,
        min_size=1, max_size=2)).map(lambda pair: {**pair[0], **pair[1]})
    return (well_formed | spoilt).map(json.dumps) | st.text(max_size=40) | junk.map(json.dumps)


@pytest.mark.parametrize("game", ["kahuna", "inselspiel"])
@given(data=st.data())
@FUZZ
def test_random_guest_messages_never_break_the_referee_and_only_legal_moves_change_the_game(
        game, data):
    table = Table(game, seed=5, options={"players": 3} if game == "inselspiel" else {})
    table.seat("anna", [0])
    table.seat("ben", [1], hello=False)
    for _ in range(12):
        history = list(table.session.history)
        rev = table.rev
        device = data.draw(st.sampled_from(DEVICES))
        text = data.draw(guest_messages(history[-1].legal_moves()[:20], rev))
        table.now += data.draw(st.integers(0, 2000))
        answer = ask(table.session, "table_guest", device=device, text=text, now=table.now)
        assert answer["ok"], answer
        table.answer = answer
        after = table.session.history
        if len(after) == len(history) and all(map(operator.is_, after, history)):
            continue
        message = json.loads(text)
        if message.get("t") == "move":  # a legal move of the seat to move, by its holder
            seat = history[-1].current_player()
            assert (device, message["seat"], message["rev"]) == (
                {0: "anna", 1: "ben"}[seat], seat, rev)
            assert after[len(history)] == history[-1].play(message["move"])
            assert all(s.current_player() == CHANCE for s in after[len(history):-1])
        else:  # an undo that everyone asked accepted: only moves taken back
            assert message.get("t") in ("undo", "answer")
            assert all(map(operator.is_, after, history[:len(after)]))
