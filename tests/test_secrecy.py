"""What reaches the page for a seat is its view plus what that seat may know — nothing else.

Per hidden-information game, games are played through the session's JSON door and every
answer is checked for every seat: the exact set of keys, the view the engine makes for that
seat, the public record (no seed, hidden moves and options replaced), legal moves without
answers — and no trace of the seed, the other seat's cards or an answer not yet given.
"""

import json
import random

import pytest

from door import ask, keys_anywhere, refusal
from insel.games import replay_states
from insel.session import Session
from insel.state import CHANCE

SEED = 48151623  # distinctive: its digits must appear in no answer
PICTURE = {"ok", "seat", "view", "legal", "record", "can_undo", "undo_to", "can_redo",
           "redo_to"}


def saved_states(session: Session) -> list:
    return replay_states(ask(session, "save")["record"])


def check_public(answer: dict, states: list, seat) -> None:
    """The answer holds exactly the public picture of the game ``states`` for ``seat``."""
    state = states[-1]
    assert set(answer) - {"done", "ai_move"} == PICTURE and answer["seat"] == seat
    assert answer["view"] == json.loads(json.dumps(state.view(seat)))
    to_move = state.current_player()
    assert answer["legal"] == (state.public_legal_moves() if seat == to_move else [])
    assert answer["record"]["game"] == state.game_id
    assert len(answer["record"]["moves"]) == len(state.moves)
    assert "seed" not in keys_anywhere(answer) and str(SEED) not in json.dumps(answer)


def positions(session: Session, limit: int = 200):
    """The game's positions until it ends (at most ``limit``), each as its full states and
    every seat's answer, checked with check_public; the caller plays the next move."""
    for _ in range(limit):
        states = saved_states(session)
        if states[-1].is_over():
            return
        answers = {seat: ask(session, "view", seat=seat) for seat in (None, 0, 1)}
        for seat, answer in answers.items():
            check_public(answer, states, seat)
            # the move list and the positions along it tell the seat no more than play does
            listed = ask(session, "history", seat=seat)["moves"]
            assert [entry["move"] for entry in listed] == answer["record"]["moves"]
            ply = len(listed) // 2
            earlier = ask(session, "position", seat=seat, ply=ply)["view"]
            assert earlier == json.loads(json.dumps(states[ply].view(seat)))
        yield states, answers


# --- Kahuna: the other hand, the pile (fixed by the seed) and the other seat's discards ----
def kahuna_expected_moves(states: list, seat) -> list[str]:
    """The record as ``seat`` may know it, worked out here independently of the engine."""
    return ["discard" if move.startswith("discard:") and before.current_player() != seat
            else move for before, move in zip(states, states[-1].moves, strict=False)]


def test_kahuna_answers_are_the_seats_view_and_a_record_without_unseen_discards():
    rng = random.Random(1)
    session = Session()
    ask(session, "new", game="kahuna", seed=SEED)
    discards_seen = 0
    for states, answers in positions(session, 160):
        state = states[-1]
        for seat, answer in answers.items():
            assert answer["record"]["moves"] == kahuna_expected_moves(states, seat)
        moves = state.legal_moves()
        discards = [m for m in moves if m.startswith("discard:")]
        move = rng.choice(discards) if discards and rng.random() < 0.3 else rng.choice(moves)
        mover = state.current_player()
        answer = ask(session, "play", move=move, seat=1 - mover)
        assert answer["ok"]
        if move.startswith("discard:"):
            discards_seen += 1
            assert answer["record"]["moves"][-1] == "discard"  # the other seat learns no card
            assert answer["view"]["last"] == "discard"
            assert ask(session, "view", seat=mover)["record"]["moves"][-1] == move
    assert discards_seen >= 3


def test_kahuna_a_computer_discard_is_reported_without_its_card():
    session = Session()
    ask(session, "new", game="kahuna", seed=SEED)
    hidden = 0
    for ply in range(80):
        seat = saved_states(session)[-1].current_player()
        ask(session, "ai_start", level="random", seed=ply)
        answer = ask(session, "ai_step", budget_ms=1000, seat=1 - seat)
        states = saved_states(session)
        played = states[-1].moves[-1]
        hidden += played.startswith("discard:")
        assert answer["done"] and answer["ai_move"] == (
            "discard" if played.startswith("discard:") else played)
        check_public(answer, states, 1 - seat)
    assert hidden >= 2


# --- Wort-Reversi: the answers (word pairs) before they are given ---------------------------
def known_words(answer: dict) -> set[str]:
    """Words a seat has seen in an answer: on the board, in feedback and in the report."""
    view = answer["view"]
    words = {w for w in view["words"] if w}
    for entry in (view["last_move"] or {}).get("answers", []):
        words |= {entry["shown"], entry["correct"]}
    for entry in view["report"]:
        words |= {m["correct"] for m in entry["missed"]}
    return words


@pytest.mark.parametrize("options", [{}, {"hand": True}, {"multiple_choice": True}])
def test_wortreversi_answers_hold_no_correct_answer_before_it_is_given(options):
    rng = random.Random(2)
    session = Session()
    first = ask(session, "new", game="wortreversi", seed=SEED, options=options)
    known: set[str] = known_words(first)
    for states, answers in positions(session):
        state = states[-1]
        for seat, answer in answers.items():
            assert "pairs" not in keys_anywhere(answer)  # neither in view nor record options
            assert answer["record"]["options"]["words"] == answer["view"]["options"]["words"]
            assert all(":" not in move for move in answer["legal"])  # no answers attached
            text = json.dumps(answer, ensure_ascii=False)
            backs = {state.correct(state.tiles[s])
                     for i in range(36) if state.placements() >> i & 1
                     for s in range(36) if state.flip_mask(i) >> s & 1}
            secret = backs - known
            choices = answer["view"].get("choices", {})
            if seat == state.turn and choices:  # multiple choice: the right one, unmarked
                for square, rows in choices.items():
                    assert all(len(row) == 3 and len(set(row)) == 3 for row in rows), square
                text = text.replace(json.dumps(choices, ensure_ascii=False), "")
            leaked = {w for w in secret if json.dumps(w, ensure_ascii=False) in text}
            assert not leaked, f"seat {seat} sees answers {leaked} before giving them"
        move = rng.choice(state.legal_moves())  # the engine's own list: all answers right
        if rng.random() < 0.3 and ":" in move:
            square, _, right = move.partition(":")
            move = f"{square}:{json.dumps(['falsch'] * len(json.loads(right)))}"
        answer = ask(session, "play", move=move)
        assert answer["ok"], answer
        known |= known_words(answer)


def test_wortreversi_the_page_plays_a_listed_placement_by_adding_its_answers():
    session = Session()
    answer = ask(session, "new", game="wortreversi", seed=SEED)
    square = answer["legal"][0]
    count = len(answer["view"]["quiz"][square])
    assert refusal(ask(session, "play", move=square)) == "wr_name_backs"
    played = ask(session, "play", move=f"{square}:{json.dumps(['?'] * count)}")
    assert played["ok"] and played["view"]["last_move"]["square"] == square
    assert all(a["right"] is False for a in played["view"]["last_move"]["answers"])


# --- Inselspiel: the seed fixes the coming throws ----------------------------------------
def test_inselspiel_answers_do_not_depend_on_the_seed():
    """Two seeds, the same throws entered by hand: every answer is the same, so nothing in
    them can tell a player the seed (and with it the coming throws)."""
    rng = random.Random(3)
    sessions = [Session(), Session()]
    answers = [ask(s, "new", game="inselspiel", seed=seed, options={"physical_dice": True})
               for s, seed in zip(sessions, (SEED, SEED + 1), strict=True)]
    for _ in range(120):
        assert answers[0] == answers[1]
        check_public(answers[0], saved_states(sessions[0]), answers[0]["seat"])
        if answers[0]["view"]["over"]:
            break
        move = rng.choice(saved_states(sessions[0])[-1].legal_moves())
        answers = [ask(s, "play", move=move) for s in sessions]
    assert answers[0]["record"]["options"]["physical_dice"] is True


def test_inselspiel_engine_throws_differ_by_seed_and_are_not_chosen_by_the_page():
    throws = set()
    for seed in range(12):
        session = Session()
        ask(session, "new", game="inselspiel", seed=seed)
        ask(session, "play", move="roll")
        refused = ask(session, "play", move="roll:6")
        assert refusal(refused) == "chance_drawn_by_engine"
        throws.add(ask(session, "chance")["view"]["die"])
    assert len(throws) >= 4  # the seed (which the page never sees) decides


# --- hints (session op hint): the asking seat's knowledge only ----------------------------
def test_a_kahuna_hint_knows_only_what_the_seat_to_move_sees():
    from test_ai import kahuna_with_other_secrets, played

    state = played("kahuna", 14, seed=6)
    seat = state.current_player()
    other = kahuna_with_other_secrets(state, seat)
    assert other.hands[1 - seat] != state.hands[1 - seat] and other.view(seat) == state.view(seat)
    hints = []
    for position in (state, other):
        session = Session()
        session._start([position])
        assert refusal(ask(session, "hint", seat=1 - seat)) == "hint_not_to_move"
        answer = {"done": False}
        while not answer["done"]:
            answer = ask(session, "hint", seat=seat, budget_ms=200)
        assert set(answer) == {"ok", "done", "move", "reason"}
        assert str(SEED) not in json.dumps(answer)
        hints.append(answer)
    assert hints[0] == hints[1]


def test_a_wortreversi_hint_names_a_square_and_no_answer():
    session = Session()
    first = ask(session, "new", game="wortreversi", seed=SEED)
    answer = {"done": False}
    while not answer["done"]:
        answer = ask(session, "hint", budget_ms=200)
    assert answer["move"] in first["legal"] and ":" not in answer["move"]
    state = saved_states(session)[-1]
    backs = {state.correct(state.tiles[s]) for s in range(36)
             if state.flip_mask(state.board.index[answer["move"]]) >> s & 1}
    text = json.dumps(answer, ensure_ascii=False)
    assert backs and not any(json.dumps(w, ensure_ascii=False) in text for w in backs)


# --- a live table (insel.referee): everything the host sends to each device --------------
MESSAGE_KEYS = {"welcome": {"v", "t", "build"}, "refused": {"v", "t", "about", "reason"},
                "bye": {"v", "t", "reason"}, "position": {"v", "t", "ply", "plies", "pictures"},
                "state": {"v", "t", "rev", "game", "you", "turn", "pictures", "names", "away",
                          "undo", "can_undo"}}


def table_texts(game: str, devices: dict[str, list[int]], options: dict, plies: int = 150):
    """Play a game at a live table (a device per entry of ``devices``, the host holding the
    rest), random moves with some refused ones, undo asked and answered; yield the full
    states, the device, its seats and each text the host sends it, checked here: the
    message's exact keys, no seed, and a state's pictures exactly its seats' own."""
    from test_referee import Table

    rng = random.Random(4)
    table = Table(game, seed=SEED, options=options)
    seen = dict.fromkeys(devices, 0)

    def sent():
        """What each device was sent by the last action, with the game as it is now."""
        states = list(table.session.history)
        for device, seats in devices.items():
            for message in table.inbox.get(device, [])[seen[device]:]:
                text = json.dumps(message, ensure_ascii=False)
                assert set(message) == MESSAGE_KEYS[message["t"]], message
                assert "seed" not in keys_anywhere(message) and str(SEED) not in text
                if message["t"] == "state":
                    assert message["rev"] == table.rev and message["you"] == seats
                    assert [p["seat"] for p in message["pictures"]] == (seats or [None])
                    for picture in message["pictures"]:
                        # the move list, exactly as op history gives it to that seat
                        public = dict(picture)
                        listed = public.pop("history")
                        assert listed == table.session.moves_of(picture["seat"])
                        assert [e["move"] for e in listed] == picture["record"]["moves"]
                        check_public({"ok": True, **public, "can_undo": 0, "undo_to": 0,
                                      "can_redo": 0, "redo_to": 0}, states, picture["seat"])
                if message["t"] == "position":  # each of its seats' own view at the time
                    assert message["pictures"] == [
                        {"seat": s, "view": json.loads(json.dumps(states[message["ply"]].view(s)))}
                        for s in seats or [None]]
                yield states, device, seats, message, text
            seen[device] = len(table.inbox.get(device, []))

    for device, seats in devices.items():
        table.seat(device, seats)
        yield from sent()
    holder = {s: device for device, seats in devices.items() for s in seats}
    for _ in range(plies):
        state = table.session.state
        if state.is_over():
            return
        seat = state.current_player()
        legal = state.legal_moves()
        move = rng.choice([m for m in legal if m != "pass"] or legal)
        if seat not in holder:  # the host's seat or its throw, played on the host
            assert ask(table.session, *(("chance",) if seat == CHANCE else ("play",)),
                       move=move)["ok"]
            table.op("table_sync")
            yield from sent()
            continue
        if rng.random() < 0.2:  # someone else tries the move: refused, and says nothing
            table.move(rng.choice(list(devices)), seat, move)
            yield from sent()
        table.move(holder[seat], seat, move)
        yield from sent()
        if rng.random() < 0.2:  # a device looks at an earlier position
            ply = rng.randrange(len(table.full().moves) + 1)
            table.send(rng.choice(list(devices)), {"t": "position", "ply": ply})
            yield from sent()
        if rng.random() < 0.15:
            table.send(holder[seat], {"t": "undo", "rev": table.rev})
            yield from sent()
            for asked in (table.answer["table"]["undo"] or {}).get("waiting", []):
                if asked == "host":
                    table.op("table_answer", accept=True)
                else:
                    table.send(asked, {"t": "answer", "rev": table.rev, "accept": True})
                yield from sent()


def test_a_table_sends_each_kahuna_device_its_own_hand_and_no_unseen_discard():
    devices = {"anna": [0], "ben": [1], "projector": []}
    hands = 0
    for states, _device, seats, message, _text in table_texts("kahuna", devices, {}, 100):
        if message["t"] != "state":
            continue
        for picture in message["pictures"]:
            seat = picture["seat"]
            assert picture["record"]["moves"] == kahuna_expected_moves(states, seat)
            assert picture["view"]["hand"] is None if seat is None else (
                len(picture["view"]["hand"]) == sum(states[-1].hands[seat]))
            hands += seat is not None
        assert (seats == []) == (message["pictures"][0]["seat"] is None)
    assert hands > 100


@pytest.mark.parametrize("options", [{}, {"multiple_choice": True}])
def test_a_table_sends_no_wortreversi_answer_before_it_is_given(options):
    devices = {"anna": [0], "ben": [1], "projector": []}
    known: dict[str, set[str]] = {device: set() for device in devices}
    for states, device, seats, message, text in table_texts("wortreversi", devices, options):
        if message["t"] != "state":
            continue
        state = states[-1]
        for picture in message["pictures"]:
            known[device] |= known_words(picture)
        backs = {state.correct(state.tiles[s]) for i in range(36)
                 if state.placements() >> i & 1
                 for s in range(36) if state.flip_mask(i) >> s & 1}
        for picture in message["pictures"]:
            choices = picture["view"].get("choices", {})
            if picture["seat"] == state.turn and choices:
                text = text.replace(json.dumps(choices, ensure_ascii=False), "")
        leaked = {w for w in backs - known[device] if json.dumps(w, ensure_ascii=False) in text}
        assert not leaked, f"{device} ({seats}) is sent answers {leaked} before they are given"


def test_a_table_sends_inselspiel_devices_nothing_of_the_seed():
    devices = {"d0": [0], "d1": [1, 3], "projector": []}  # the host holds seat 2
    sent = sum(1 for _ in table_texts("inselspiel", devices, {"players": 4}, plies=60))
    assert sent > 100
