"""The host's referee for a live table: guests on other devices play the host's game.

The device that opens a table hosts the game: its session (insel.session) holds the only
engine, with the seed and every hand.  Guests send short JSON messages over a data channel;
the host's page hands each one, with the id of the connection it came from, to this
referee (session op ``table_guest``) and sends on what it answers.  A guest may only: say
hello, move for a seat it was given against the current revision, ask to take back its own
last move (the other players are asked), answer such a request, and leave.  A guest's
message is parsed by one schema (:func:`parse`) and never reaches the engine as a request:
the referee calls the engine with the named fields only.  Everything a guest receives is
the picture of its own seat(s) (``State.view``, legal moves without answers and the public
record, insel.games.public_record) — never the seed, another seat's hand or Wort-Reversi's
answers; a device without seats is a spectator and sees what a spectator sees.

Messages are JSON objects, ``v`` the protocol version (``PROTOCOL``), ``t`` their type; at
most ``MAX_MESSAGE`` characters, nesting at most ``MAX_DEPTH`` levels, exactly the keys
listed (a key missing, unknown or of another type: ``table_malformed``).

From a guest:
- ``{"v":1, "t":"hello", "build":B, "name"?:N}``: the first message; ``B``, the guest's
  build version, must be the host's (else ``bye`` with ``table_other_build``: two builds
  may differ in rules or views); ``N`` a name to show (1–40 printable characters).  A
  guest says it again until answered (a channel's first message can be lost); each is
  answered anew (welcome and state).
- ``{"v":1, "t":"move", "rev":R, "seat":S, "move":M}``: seat ``S`` plays ``M`` (a move
  string as the engine takes it; Wort-Reversi's with the typed answers) in revision ``R``.
- ``{"v":1, "t":"undo", "rev":R}``: ask to take back the last move, which must be one of
  this device's seats' (chance moves after it go too); every other present device with
  seats, and the host if it holds a seat, is asked.
- ``{"v":1, "t":"answer", "rev":R, "accept":bool}``: this device's answer to that question.
- ``{"v":1, "t":"position", "ply":P}``: show the position after ``P`` moves of the move
  list (the game's moves, chance's among them), as this device's seats saw it then.
- ``{"v":1, "t":"leave"}``: the device leaves; its seats wait for it (re-pairing the same
  device id gives them back) or for the host to give them to another device.

To a guest (the host's page sends each ``text`` of the answer's ``out`` on the channel of
its ``device``):
- ``{"v":1, "t":"welcome", "build":B}``: the hello is accepted.
- ``{"v":1, "t":"state", "rev":R, "game":G, "you":[seats], "turn":seat, "pictures":[{seat,
  view, legal, record, history}], "names":[…], "away":[seats], "undo":null|{"from":[seats],
  "asks_you":bool}, "can_undo":bool}``: after the hello and whenever anything in it
  changes; one picture per own seat, or one with ``seat: null`` for a spectator
  (``history``: the move list as op ``history`` gives it for that seat); ``G`` counts the
  games since the table opened (the host's New game or a game it opened: another game for
  the guest to show and keep, where an undo back to the start is the same game);
  ``turn`` is the seat to move (-1 a chance event, -2 over); ``away``, seats whose device
  is gone (the game waits for them).
- ``{"v":1, "t":"position", "ply":P, "plies":N, "pictures":[{seat, view}]}``: the answer
  to ``position``: the view of each of the device's seats (a spectator: ``seat: null``)
  after ``P`` of the ``N`` moves so far; the game does not change.
- ``{"v":1, "t":"refused", "about":type|null, "reason":{key, params}}``: the message was
  refused (``about``, its type if it had one); ``reason`` is a phrase worded by the page
  under ``engine.<key>`` (an illegal move: the engine's own reason).
- ``{"v":1, "t":"bye", "reason":{key, params}}``: the device is no longer at the table
  (it left, another build, not admitted, the table closed); the host drops the channel.

Revisions: ``rev`` counts the changes of the game (a move, an undo, a new game) since the
table opened; a move or undo sent for another revision is refused (``table_stale``), so a
guest never moves on a position it has not seen.  Any change of the game cancels an undo
request still open.  Flooding: each device may send ``BURST`` messages at once and
``RATE`` a second over time (the host's clock, ``now`` in milliseconds); beyond that its
messages are refused unanswered, but for the first (``table_flood``), and the host learns
it (``flood``), so it may drop the device.  A move the game takes costs nothing: a device
moves only in its turns, so the game bounds those, and a quick player is never held back.
Heartbeats are the transport's business and never reach the referee.

The host plays through the session's ordinary ops (its seats, the computer seats it runs,
chance) and then calls ``table_sync``, which sends the new state to every guest.  Seats no
device holds are the host's.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from insel.inputs import brief, loads, whole
from insel.refusal import Refusal, phrase
from insel.state import CHANCE, MAX_MOVE, MAX_SEED

if TYPE_CHECKING:
    from insel.session import Session

PROTOCOL = 1
MAX_MESSAGE = MAX_MOVE + 500  # characters: the longest move with its envelope
MAX_DEPTH = 2
MAX_NAME = 40
MAX_DEVICE = 128  # characters of a device id (the host's transport names its connections)
MAX_BUILD = 64
MAX_SEATS = 6
BURST = 10  # messages a device may send at once
RATE = 2.0  # messages a second a device may send over time
LOOK_BURST = 20  # positions (``position``) a device may ask for at once: a budget of their
LOOK_RATE = 8.0  # own, a second over time, so that a replay at 4 moves a second never
#                  holds up a move
HOST = "host"


def _rev(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_SEED


def _seat(value: Any) -> bool:
    return type(value) is int and 0 <= value < MAX_SEATS


def _name(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip()) and len(value) <= MAX_NAME \
        and value.isprintable()


def _build(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_BUILD


# type: (required fields, optional fields), each a check of its value
_SCHEMA: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "hello": ({"build": _build}, {"name": _name}),
    "move": ({"rev": _rev, "seat": _seat,
              "move": lambda v: isinstance(v, str) and len(v) <= MAX_MOVE}, {}),
    "undo": ({"rev": _rev}, {}),
    "answer": ({"rev": _rev, "accept": lambda v: isinstance(v, bool)}, {}),
    "position": ({"ply": _rev}, {}),
    "leave": ({}, {}),
}


def parse(text: Any) -> dict:
    """A guest's message checked against the schema (module docstring); a Refusal if not."""
    if not isinstance(text, str):
        raise Refusal("table_malformed", part="text")
    if len(text) > MAX_MESSAGE:
        raise Refusal("table_too_long", count=len(text), limit=MAX_MESSAGE)
    try:
        message = loads(text, max_depth=MAX_DEPTH)
    except Refusal:
        raise Refusal("table_malformed", part="json") from None
    if not isinstance(message, dict):
        raise Refusal("table_malformed", part="object")
    version = message.get("v")
    if type(version) is not int:
        raise Refusal("table_malformed", part="v")
    if version != PROTOCOL:
        raise Refusal("table_protocol", theirs=version, ours=PROTOCOL)
    kind = message.get("t")
    if not isinstance(kind, str) or kind not in _SCHEMA:
        raise Refusal("table_malformed", part="t")
    required, optional = _SCHEMA[kind]
    for name in message:
        if name not in ("v", "t") and name not in required and name not in optional:
            raise Refusal("table_malformed", part=brief(name))
    for name, check in required.items():
        if name not in message or not check(message[name]):
            raise Refusal("table_malformed", part=name)
    for name, check in optional.items():
        if name in message and not check(message[name]):
            raise Refusal("table_malformed", part=name)
    return message


@dataclass
class Device:
    """A guest device: the seats it holds (none: a spectator), whether it is connected and
    has said hello, its name, its rate budget and the last state sent to it."""

    seats: list[int]
    present: bool = True
    greeted: bool = False
    name: str | None = None
    sent: str | None = None


@dataclass
class Bucket:
    """A device's message budget (a token bucket) at the host's clock ``stamp`` (ms)."""

    tokens: float = BURST
    stamp: float | None = None
    refused: bool = False  # the flood refusal was sent; the rest go unanswered


@dataclass
class Undo:
    """An undo asked by ``asker`` (a device id or HOST) in revision ``rev``: back to the
    first ``keep`` states once everyone ``waiting`` has accepted."""

    asker: str
    rev: int
    keep: int
    waiting: set[str] = field(default_factory=set)


class Referee:
    """The table around the host's ``session``: devices, seats, revision, undo requests."""

    def __init__(self, session: Session, build: Any, names: Any) -> None:
        if not _build(build):
            raise Refusal("table_build", limit=MAX_BUILD)
        if names is None:
            names = []
        if not isinstance(names, list) or len(names) > MAX_SEATS or not all(
                name is None or _name(name) for name in names):
            raise Refusal("table_names", limit=MAX_NAME)
        self.session = session
        self.build: str = build
        self.names: list[str | None] = names
        self.devices: dict[str, Device] = {}
        self.buckets: dict[tuple[str, bool], Bucket] = {}
        self.rev = 0
        self.seen = session.state
        self.game = 0  # games since the table opened: a new start of the session's history
        self.first = session.history[0]
        self.undo: Undo | None = None
        self.shown: tuple = ()  # what the guests' last state messages were made from
        self._out: list[dict] = []
        self._drop: list[str] = []
        self._news: list[dict] = []
        self._flood: list[str] = []
        self._late: list[str] = []  # askers told their undo was refused, after their state

    # --- the host's operations (session ops table_*) -------------------------------------
    def guest(self, device: Any, text: Any, now: Any) -> dict:
        """A guest's message ``text`` from connection ``device`` at the host's ``now``."""
        device = _device_id(device)
        if isinstance(now, bool) or not isinstance(now, int | float) or not (
                math.isfinite(now) and now >= 0):
            raise Refusal("table_now")
        return self._run(lambda: self._receive(device, text, now))

    def admit(self, device: Any, seats: Any) -> dict:
        """Let connection ``device`` in: with ``seats`` (a list, empty for a spectator,
        taken from whoever held them), or without: the seats it held before (re-pairing)."""
        device = _device_id(device)
        if seats is None:
            if device not in self.devices:
                raise Refusal("table_unknown_device", device=brief(device))
        else:
            players = self.session.state.num_players
            if not isinstance(seats, list) or not all(
                    type(s) is int and 0 <= s < players for s in seats) or len(set(seats)) != len(
                    seats):
                raise Refusal("table_seats", seats=brief(seats), players=players)

        def admitted() -> None:
            known = self.devices.get(device)
            if seats is not None:
                for other in self.devices.values():
                    other.seats = [s for s in other.seats if s not in seats]
                known = self.devices[device] = Device(
                    seats=sorted(seats), present=bool(known and known.present),
                    greeted=bool(known and known.present and known.greeted),
                    name=known.name if known else None)
            assert known is not None
            if not known.present:
                known.present, known.greeted, known.sent = True, False, None
            self._cancel_undo()
        return self._run(admitted)

    def lost(self, device: Any) -> dict:
        """The host's transport lost ``device`` (no heartbeat): its seats wait for it."""
        device = _device_id(device)
        if device not in self.devices:
            raise Refusal("table_unknown_device", device=brief(device))
        return self._run(lambda: self._gone(device))

    def sync(self) -> dict:
        """Send every guest what changed (after the host's own move, undo or new game)."""
        return self._run(lambda: None)

    def ask_undo(self) -> dict:
        """The host asks to take back its last move (the guests are asked)."""

        def asked() -> None:
            self._ask_undo(HOST)
        return self._run(asked)

    def answer_undo(self, accept: Any) -> dict:
        """The host's answer to a guest's undo request."""
        if not isinstance(accept, bool):
            raise Refusal("table_accept")
        if self.undo is None or HOST not in self.undo.waiting:
            raise Refusal("table_no_undo_asked")
        return self._run(lambda: self._answer_undo(HOST, accept))

    def close(self) -> dict:
        """Close the table: every device is told so and dropped."""

        def closed() -> None:
            for device, guest in self.devices.items():
                if guest.present:
                    self._send(device, {"t": "bye", "reason": Refusal("table_closed").reason()})
                    self._drop.append(device)
                    self._gone(device)
        return self._run(closed)

    def status(self) -> dict:
        """The table for the host's page: who holds which seat, the open undo request, whether
        the host may ask to take back the last move (``can_undo``: its seats' move)."""
        undo = self.undo
        return {
            "rev": self.rev,
            "host": self._host_seats(),
            "devices": [{"device": device, "seats": self._seats(guest), "name": guest.name,
                         "present": guest.present, "greeted": guest.greeted}
                        for device, guest in self.devices.items()],
            "undo": None if undo is None else {"from": undo.asker,
                                               "waiting": sorted(undo.waiting)},
            "can_undo": self._may_undo(HOST),
        }

    # --- one step: sync, act, send what changed --------------------------------------------
    def _run(self, act: Any) -> dict:
        """Do ``act`` between two syncs; the answer for the host's page: ``out`` (texts to
        send, each to its device), ``changed`` (the game changed), ``drop`` (connections to
        close), ``flood`` (devices over their rate), ``news`` (phrases for the host's
        page) and ``table`` (:meth:`status`)."""
        self._out, self._drop, self._news, self._flood, self._late = [], [], [], [], []
        before = self.rev
        self._sync()
        act()
        self._sync()
        shown = self._shown()
        for device, guest in self.devices.items():
            if guest.present and guest.greeted and (guest.sent is None or shown != self.shown):
                text = self._text(self._state_message(device, guest))
                if text != guest.sent:
                    guest.sent = text
                    self._out.append({"device": device, "text": text})
        self.shown = shown
        for device in self._late:  # after the state without the request (a page that
            self._refuse(device, "undo", Refusal("table_undo_refused"))  # redraws keeps it)
        return {"out": self._out, "changed": self.rev != before, "drop": self._drop,
                "flood": self._flood, "news": self._news, "table": self.status()}

    def _shown(self) -> tuple:
        """All that the state messages depend on (so they are made only when it changes)."""
        undo = self.undo
        return (self.rev, undo and (undo.asker, tuple(sorted(undo.waiting))),
                tuple((device, tuple(g.seats), g.present, g.greeted, g.name)
                      for device, g in self.devices.items()))

    def _sync(self) -> None:
        """A new revision when the game has changed since last seen (any undo request
        still open is then refused)."""
        state = self.session.state
        if state is not self.seen:
            self.seen = state
            self.rev += 1
            self._cancel_undo()
        if self.session.history[0] is not self.first:
            self.first = self.session.history[0]
            self.game += 1

    # --- a guest's message -------------------------------------------------------------------
    def _receive(self, device: str, text: Any, now: float) -> None:
        message: dict | ValueError
        try:
            message = parse(text)
        except ValueError as err:  # a Refusal, or a value no check foresaw
            message = err
        kind = None if isinstance(message, ValueError) else message["t"]
        if not self._budget(device, kind == "position", now):
            return
        try:
            if isinstance(message, ValueError):
                raise message
            self._obey(device, message)
        except ValueError as err:
            self._refuse(device, kind, err if isinstance(err, Refusal) else Refusal(
                "bad_input", detail=str(err)))
            return
        if kind == "move":  # taken: the game's turns bound those, however quick the player
            self.buckets[(device, False)].tokens += 1

    def _budget(self, device: str, looking: bool, now: float) -> bool:
        """Whether ``device`` may send a message now: a token bucket for its messages, one
        for the positions it looks at.  The first message over budget is refused
        (``table_flood``), the rest go unanswered; but every look is answered (refused
        too), so that the guest's looks are answered in the order asked."""
        burst, rate = (LOOK_BURST, LOOK_RATE) if looking else (BURST, RATE)
        bucket = self.buckets.setdefault((device, looking), Bucket(tokens=burst))
        elapsed = 0.0 if bucket.stamp is None else max(0.0, now - bucket.stamp)
        bucket.stamp = now if bucket.stamp is None else max(bucket.stamp, now)
        bucket.tokens = min(burst, bucket.tokens + elapsed * rate / 1000)
        if bucket.tokens < 1:
            self._flood.append(device)
            if looking or not bucket.refused:
                bucket.refused = True
                self._refuse(device, "position" if looking else None, Refusal("table_flood"))
            return False
        bucket.tokens -= 1
        bucket.refused = False
        return True

    def _obey(self, device: str, message: dict) -> None:
        guest = self.devices.get(device)
        if guest is None or not guest.present:
            self._bye(device, Refusal("table_not_admitted"))
            return
        kind = message["t"]
        if kind == "hello":
            if message["build"] != self.build:
                self._bye(device, Refusal("table_other_build", ours=self.build,
                                          theirs=brief(message["build"])))
                self._gone(device)
                return
            guest.greeted, guest.sent = True, None
            guest.name = message.get("name", guest.name)
            self._send(device, {"t": "welcome", "build": self.build})
            return
        if not guest.greeted:
            raise Refusal("table_no_hello")
        if kind == "leave":
            self._bye(device, Refusal("table_left"))
            self._gone(device)
            return
        if kind == "position":
            self._position(device, guest, message["ply"])
            return
        if message["rev"] != self.rev:
            raise Refusal("table_stale", rev=self.rev)
        if kind == "move":
            self._move(guest, message["seat"], message["move"])
        elif kind == "undo":
            self._ask_undo(device)
        else:
            if self.undo is None or device not in self.undo.waiting:
                raise Refusal("table_no_undo_asked")
            self._answer_undo(device, message["accept"])

    def _move(self, guest: Device, seat: int, move: str) -> None:
        if seat not in self._seats(guest):
            raise Refusal("table_not_your_seat", seat=seat)
        state = self.session.state
        to_move = state.current_player()
        by_hand = to_move == CHANCE and state.chance_by_hand() and seat == self._last_mover()
        if to_move != seat and not by_hand and not state.is_over():
            raise Refusal("table_not_your_turn", seat=seat)
        self.session._advance(state.play(move))
        while (state := self.session.state).current_player() == CHANCE \
                and not state.chance_by_hand():
            self.session._advance(state.play(state.sample_chance()))

    def _position(self, device: str, guest: Device, ply: int) -> None:
        """Send ``device`` the position after ``ply`` moves as each of its seats saw it (a
        spectator: as the public did); the game is not changed."""
        history = self.session.history
        state = history[whole(ply, phrase("what_ply"), 0, len(history) - 1)]
        self._send(device, {"t": "position", "ply": ply, "plies": len(history) - 1,
                            "pictures": [{"seat": seat, "view": state.view(seat)}
                                         for seat in self._viewers(guest)]})

    def _last_mover(self) -> int | None:
        """The seat that made the last move other than chance (None: none yet)."""
        history = self.session.history
        for before in reversed(history[:-1]):
            if before.current_player() != CHANCE:
                return before.current_player()
        return None

    # --- undo by agreement -------------------------------------------------------------------
    def _ask_undo(self, asker: str) -> None:
        if self.undo is not None:
            raise Refusal("table_undo_pending")
        if any(guest.seats and not guest.present for guest in self.devices.values()):
            raise Refusal("table_undo_away")
        keep = self._undo_keep(asker)
        waiting = {device for device, guest in self.devices.items()
                   if device != asker and guest.greeted and self._seats(guest)}
        if asker != HOST and self._host_seats():
            waiting.add(HOST)
        self.undo = Undo(asker, self.rev, keep, waiting)
        if not waiting:
            self._answer_undo(asker, True)

    def _undo_keep(self, asker: str) -> int:
        """How many states stay when ``asker``'s last move is taken back (a Refusal if the
        last move other than chance is not one of its seats')."""
        seats = self._host_seats() if asker == HOST else self._seats(self.devices[asker])
        history = self.session.history
        for index in range(len(history) - 2, -1, -1):
            mover = history[index].current_player()
            if mover != CHANCE:
                if mover not in seats:
                    raise Refusal("table_undo_not_yours")
                return index + 1
        raise Refusal("nothing_to_undo")

    def _may_undo(self, asker: str) -> bool:
        """Whether ``asker`` (a device or the host) may ask to take back the last move now:
        no request is open and that move is one of its seats' (the same rule for all)."""
        if self.undo is not None:
            return False
        try:
            self._undo_keep(asker)
        except Refusal:
            return False
        return True

    def _answer_undo(self, who: str, accept: bool) -> None:
        undo = self.undo
        assert undo is not None
        undo.waiting.discard(who)
        if not accept:
            self._cancel_undo()
        elif not undo.waiting:
            self.undo = None
            self.session._rewind(undo.keep)

    def _cancel_undo(self) -> None:
        """Drop an open undo request; its asker is told it was refused."""
        undo, self.undo = self.undo, None
        if undo is None:
            return
        refused = Refusal("table_undo_refused")
        if undo.asker == HOST:
            self._news.append(refused.reason())
        elif self.devices[undo.asker].present:
            self._late.append(undo.asker)

    # --- devices, seats and messages -----------------------------------------------------
    def _gone(self, device: str) -> None:
        """``device`` left or was lost: its seats wait for it; an open undo is refused."""
        guest = self.devices[device]
        guest.present = guest.greeted = False
        guest.sent = None
        if self.undo is not None:
            self._cancel_undo()

    def _seats(self, guest: Device) -> list[int]:
        """The seats ``guest`` holds in the game now (a new game may have fewer)."""
        return [s for s in guest.seats if s < self.session.state.num_players]

    def _viewers(self, guest: Device) -> list[int | None]:
        """The seats whose pictures ``guest`` is sent: its own, or the public one (None) for a
        spectator."""
        return [*self._seats(guest)] or [None]

    def _host_seats(self) -> list[int]:
        held = {s for guest in self.devices.values() for s in guest.seats}
        return [s for s in range(self.session.state.num_players) if s not in held]

    def _state_message(self, device: str, guest: Device) -> dict:
        seats = self._seats(guest)
        state = self.session.state
        holders = {s: other for other in self.devices.values() for s in self._seats(other)}
        undo = self.undo
        return {
            "t": "state",
            "rev": self.rev,
            "game": self.game,
            "you": seats,
            "turn": state.current_player(),
            "pictures": [{**self.session.public_picture(seat),
                          "history": self.session.moves_of(seat)}
                         for seat in self._viewers(guest)],
            "names": [holders[s].name if s in holders and holders[s].name else
                      (self.names[s] if s < len(self.names) else None)
                      for s in range(state.num_players)],
            "away": [s for s, holder in sorted(holders.items()) if not holder.present],
            "undo": None if undo is None else {
                "from": self._host_seats() if undo.asker == HOST
                else self._seats(self.devices[undo.asker]),
                "asks_you": device in undo.waiting},
            "can_undo": self._may_undo(device),
        }

    def _send(self, device: str, message: dict) -> None:
        self._out.append({"device": device, "text": self._text(message)})

    def _refuse(self, device: str, about: str | None, refusal: Refusal) -> None:
        self._send(device, {"t": "refused", "about": about, "reason": refusal.reason()})

    def _bye(self, device: str, refusal: Refusal) -> None:
        """Tell ``device`` it is no longer at the table; the host drops its channel and
        hears why (but for a device never admitted)."""
        self._send(device, {"t": "bye", "reason": refusal.reason()})
        self._drop.append(device)
        if device in self.devices:
            self._news.append(refusal.reason())

    @staticmethod
    def _text(message: dict) -> str:
        return json.dumps({"v": PROTOCOL, **message}, ensure_ascii=False, separators=(",", ":"))


def _device_id(device: Any) -> str:
    """A connection's id as the host's transport names it (never HOST)."""
    if not isinstance(device, str) or not 0 < len(device) <= MAX_DEVICE or device == HOST:
        raise Refusal("table_device", device=brief(device))
    return device
