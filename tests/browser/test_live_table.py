"""A live table (assets/js/share/live-table.js): two phones, each a browser context of its
own, pair by pasting each other's codes as a person would, or by scanning each other's QR
codes with the app's reader (no server, `iceServers: []`),
see the same pairing words and play a whole Kahuna game (four and six phones: a whole
Inselspiel game) on the host's engine.
Each sees the other's moves; nothing the data channel carries holds the host's hand; a move
sent out of turn is refused with a message; a phone that vanishes is shown at once."""

from __future__ import annotations

import base64
import itertools
import json
import re

import pytest
from camera import CAMERA
from moves import play_a_move
from playwright.sync_api import TimeoutError as Timeout
from playwright.sync_api import expect

from board import (
    PHONE,
    canvas_summary,
    choose_action,
    key,
    open_setup,
    settle,
    snapshot,
    start_game,
    tap,
)
from conftest import RecordedPage, check_all, not_kept, wait_ready
from paths import ROOT

KAHUNA_BUILD = re.compile(r"^([A-Z]+):([A-Z]+-[A-Z]+)$")
LOG = "window.inselTableLog()"
DE = json.loads((ROOT / "assets" / "i18n" / "de.json").read_text(encoding="utf-8"))
EN = json.loads((ROOT / "assets" / "i18n" / "en.json").read_text(encoding="utf-8"))


def pair(host, guest, game: str = "kahuna", watch: bool = False, name: str = "",
         codes: list[str] | None = None) -> str:
    """The host opens the table from the "⋯" menu (for a spectator: "Only watches"), the
    guest joins from the start menu (giving its player's `name`, if any); each pastes the
    other's code (added to `codes`, if given).  Returns the pairing words the host shows."""
    host.locator("#more-button").click()
    host.locator("#table-host").click()
    offer = host.locator("#live-table textarea.table-code")
    offer.wait_for()
    if watch:
        host.locator("#live-table .table-seat input[value=watch]").check()
    assert host.locator("#live-table canvas.qr-code").count() == 1
    link = host.locator("#live-table a").get_attribute("href")
    assert "#table=" + offer.input_value() in link
    guest.locator("#table-join").click()
    if name:
        guest.locator("#live-table .table-name input").fill(name)
    guest.locator("#live-table textarea.table-paste").fill(offer.input_value())
    guest.locator("#table-connect").click()
    answer = guest.locator("#live-table textarea.table-code")
    answer.wait_for()
    guest_words = guest.locator("#live-table .table-words").inner_text()
    assert len(guest_words.split(":")[-1].split()) == 4
    host.locator("#live-table textarea.table-paste").fill(answer.input_value())
    host.locator("#table-connect").click()
    if codes is not None:
        codes += [offer.input_value(), answer.input_value()]
    return connected(host, guest, game, guest_words)


def connected(host, guest, game: str, guest_words: str) -> str:
    """Wait until `host` and `guest` are paired (`guest_words`: the words the guest showed
    with its answer) and the guest shows `game`; the pairing words, seen on both."""
    for page in (host, guest):  # connected: the dialog closes, the words stay in sight
        try:
            page.locator("#table-line.open").wait_for(timeout=30_000)
        except Timeout as error:  # say where it stopped (a pairing flake was seen once)
            raise AssertionError(f"not connected in 30 s: {shown(host)} / {shown(guest)}"
                                 ) from error
        page.wait_for_function("!document.getElementById('live-table').open")
    guest.wait_for_function("(game) => window.inselApp.snapshot()?.record.game === game",
                            arg=game)
    words = guest_words.split(":")[-1].strip()
    assert words in host.locator("#table-line").inner_text()
    assert words in guest.locator("#table-line").inner_text()
    return words


SCAN = EN["table.scan"]


def test_two_phones_pair_by_scanning_each_others_qr_code(phones):
    """The QR path from end to end: the host's code drawn as a QR code is read by the
    guest's camera (the app's reader), the guest's answer drawn the same way is read by the
    host's: nothing pasted, and the phones play."""
    host, guest = phones(), phones()
    start_game(host, "othello", size=6)
    for page in (host, guest):
        page.evaluate(CAMERA)
    host.locator("#more-button").click()
    host.locator("#table-host").click()
    shown_code = host.locator("#live-table canvas.qr-code")
    shown_code.wait_for()
    guest.evaluate("(url) => window.holdUp(url)", shown_code.evaluate("(c) => c.toDataURL()"))
    guest.locator("#table-join").click()
    guest.locator("#live-table button", has_text=SCAN).click()
    answer = guest.locator("#live-table canvas.qr-code")
    answer.wait_for()
    assert guest.locator("#live-table textarea.table-code").input_value()  # its answer
    guest_words = guest.locator("#live-table .table-words").inner_text()
    host.evaluate("(url) => window.holdUp(url)", answer.evaluate("(c) => c.toDataURL()"))
    host.locator("#live-table button", has_text=SCAN).click()
    assert host.locator("#live-table textarea.table-paste").input_value() == ""  # not pasted
    connected(host, guest, "othello", guest_words)
    move = snapshot(host)["legal"][0]
    tap(host, move)
    seen(guest, 1)
    assert moves_of(guest) == [move]


def addresses(code: str) -> set[str]:
    """The kinds of the addresses in a pairing code (assets/js/table/signal.js): "ipv4",
    "ipv6" or "mdns" (a `<uuid>.local` name), each an address's bytes and its port."""
    kinds = {6: "ipv4", 18: "ipv6", 19: "mdns"}
    return {kinds[len(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))]
            for part in code.split(".")[5:]}


def shown(page) -> str:
    """What a phone's table line and pairing dialog show, whether the page is in sight, and
    the last texts its channels carried, by kind (for a pairing that failed)."""
    return page.evaluate("""() => {
      const line = document.getElementById("table-line");
      const dialog = document.getElementById("live-table");
      const texts = window.inselTableLog().slice(-8).map((entry) => {
        const kind = /"t":"(\\w+)"/.exec(entry.text)?.[1] ?? entry.text.slice(0, 12);
        return `${entry.to ? "to " + entry.to : "from " + entry.from} ${kind}`;
      });
      return `line ${line.className}: ${line.textContent} | dialog ${dialog.open ? "open" : "shut"}`
        + `: ${dialog.open ? dialog.textContent.slice(0, 160) : ""}`
        + ` | ${document.visibilityState} | texts: ${texts.join(", ") || "none"}`;
    }""")


def vanish(page) -> None:
    """The phone goes silent with no last word (its battery dies, it leaves the Wi-Fi): its
    page can send nothing more, then it is closed, so its `leave` never reaches the host."""
    page.evaluate("RTCDataChannel.prototype.send = function () {}")
    page.close()


def kahuna_turn(page) -> list[str]:
    """The seat to move on `page` plays its whole turn as a person taps: a bridge if it can
    (card, then the line), then it takes no card or the pile's, else a face-up card, else
    it discards one (card, then Discard).  The moves made."""
    made = []
    answer = snapshot(page)
    seat = answer["view"]["current"]
    build = next((KAHUNA_BUILD.match(m).groups() for m in answer["legal"]
                  if KAHUNA_BUILD.match(m)), None)
    if build:
        card, line = build
        pick(page, card)
        tap(page, line)
        last = moves_of(page)[-1:]
        assert last == [f"{card}:{line}"], (
            f"{card}:{line} not made (last {last}): {shown(page)}, "
            f"message: {page.locator('#message').inner_text()}")
        made.append(f"{card}:{line}")
    while not (now := snapshot(page))["view"]["over"] and now["view"]["current"] == seat:
        legal = now["legal"]
        move = next((m for m in ("take:none", "take:pile") if m in legal), None) or next(
            (m for m in legal if m.startswith(("take:", "discard:"))), None)
        assert move, f"no way to end the turn among {legal}"
        if move.startswith("discard:"):  # a full hand: the card picked, then Discard
            pick(page, move.partition(":")[2])
        page.locator(f'#game-panel button[data-move="{move}"]').first.click()  # two alike
        assert moves_of(page)[-1] == move, (
            f"{move} not made: {shown(page)}, message: {page.locator('#message').inner_text()}")
        made.append(move)
    return made


def pick(page, card: str) -> None:
    """Pick `card` from the hand (a hand may hold two of a card) and see it picked, as a
    person looks before the next tap."""
    page.locator(f".kahuna-hand button.card[data-card={card}]").first.click()
    page.locator(f".kahuna-hand button.card[data-card={card}][aria-pressed=true]").wait_for()


def moves_of(page) -> list[str]:
    return snapshot(page)["record"]["moves"]


@pytest.fixture
def phones(open_page, site_url):
    """Phones at a table: each a device of its own (a shared context apart, its page's storage
    cleared, the run's memory snapshot: a quick start, and no second Python making one beside
    the table's), the app opened at `suffix` (`#lang=de`: a German phone); `context`: a new
    page of that phone (the same phone opening the app again: its storage kept)."""
    opened, numbers = [], itertools.count()

    def phone(context=None, suffix: str = "", **options):
        if context is None:
            return open_page(suffix, device=f"table-phone-{next(numbers)}",
                             **(options or PHONE)).page
        recorded = RecordedPage(context.new_page(), own_context=False)
        recorded.page.goto(site_url)
        wait_ready(recorded.page)
        opened.append(recorded)
        return recorded.page

    yield phone
    check_all(opened)


def test_two_phones_pair_and_play_kahuna_each_with_only_its_own_hand(phones):
    # the host allows the camera when the table opens (asked before the connection is
    # made): its code holds its own addresses; the guest did not: its mDNS names
    host, guest = phones(**PHONE, permissions=["camera"]), phones()
    start_game(host, "kahuna")
    codes: list[str] = []
    pair(host, guest, name="Mia <b>Ko</b>", codes=codes)
    assert "mdns" not in addresses(codes[0]) and addresses(codes[0]) & {"ipv4", "ipv6"}
    assert addresses(codes[1]) == {"mdns"}
    # the guest's name (its hello) names its seat on both phones, as text, never as HTML
    host.wait_for_function("document.querySelectorAll('#seats li')[1]"
                           "?.textContent.includes('Mia <b>Ko</b>')")
    guest.wait_for_function("document.querySelectorAll('#seats li')[1]"
                            "?.textContent.includes('Mia <b>Ko</b>')")
    assert host.locator("#seats b").count() == 0 and guest.locator("#seats b").count() == 0
    for page in (host, guest):  # one person at each phone: no curtain, own hand shown
        assert host.locator("#curtain").is_hidden()
        assert page.locator(".kahuna-hand button.card").count() >= 1
    host_hand = snapshot(host)["view"]["hand"]
    guest_hand = snapshot(guest)["view"]["hand"]
    assert snapshot(guest)["view"]["seat"] == 1 and snapshot(host)["view"]["seat"] == 0
    for turn in range(4):  # host, guest, host, guest
        mover, other = (host, guest) if turn % 2 == 0 else (guest, host)
        assert snapshot(mover)["view"]["current"] == turn % 2
        made = kahuna_turn(mover)
        assert made, "no move made"
        other.wait_for_function(
            "(n) => window.inselApp.snapshot()?.record.moves.length >= n",
            arg=len(moves_of(mover)))
        assert moves_of(other)[-len(made):] == made  # the other phone saw them
    # an earlier position on the guest: asked of the host (hands are hidden: this phone
    # cannot replay the game), shown as this seat saw it then, then back to the game
    guest.locator("#moves-button").click()  # a phone's move list is a drawer
    guest.locator("#history-list button").first.click()
    guest.locator("#viewing").wait_for()
    assert "move 1 of" in guest.locator("#viewing-text").inner_text()
    looked = looks(guest)
    assert [p["seat"] for p in looked[-1]["pictures"]] == [1]
    assert looked[-1]["pictures"][0]["view"]["hand"] == guest_hand  # not yet played from
    # the panel shows that position too (its last turn: the host's first), nothing to play
    then = guest.locator(".kahuna-last").inner_text()
    assert guest.locator("#game-panel button[data-move]:enabled").count() == 0
    key(guest, "End")
    guest.locator("#viewing").wait_for(state="hidden")
    assert guest.locator(".kahuna-last").inner_text() != then
    guest.locator("#moves-button").click()
    # the rest of the game, to its end, turn by turn on the phone whose turn it is
    pages = (host, guest)
    while not (view := snapshot(host)["view"])["over"]:
        mover = pages[view["current"]]
        kahuna_turn(mover)
        pages[1 - view["current"]].wait_for_function(
            "(n) => window.inselApp.snapshot()?.record.moves.length >= n",
            arg=len(moves_of(mover)))
    for page in pages:  # both phones show the end and the host's scores
        page.locator("#game-over").wait_for()
        assert snapshot(page)["view"]["scores"] == view["scores"]
    # the same game, but for the discards: each phone sees the other's face down
    differ = [sorted(pair) for pair in zip(moves_of(host), moves_of(guest), strict=True)
              if len(set(pair)) > 1]
    assert all(bare == "discard" and named.startswith("discard:") for bare, named in differ)
    # what the channel carried: the guest's pictures are seat 1's only; the host's hand in
    # none of them (each state's hand is the guest's)
    sent = [json.loads(entry["text"]) for entry in host.evaluate(LOG) if "to" in entry]
    states = [m for m in sent if m["t"] == "state"]
    assert len(states) >= 4
    for message in states:
        assert [p["seat"] for p in message["pictures"]] == [1]
        assert "seed" not in message["pictures"][0]["record"]
    assert states[0]["pictures"][0]["view"]["hand"] == guest_hand != host_hand
    heard = [entry["text"] for entry in guest.evaluate(LOG) if "from" in entry]
    assert len(heard) >= 5  # welcome and the states
    # the host's hand as the guest's view would write it: never in what the guest heard
    # while the host held it (the first state), and no text holds a second hand
    assert f'"hand":{json.dumps(host_hand, separators=(",", ":"))}' not in heard[1]
    assert all(text.count('"hand":') <= 1 for text in heard)


def test_a_move_out_of_turn_is_refused_and_a_vanished_phone_is_shown(phones):
    host, guest = phones(), phones()
    start_game(host, "kahuna")
    pair(host, guest)
    assert snapshot(guest)["view"]["current"] == 0  # the host's turn
    # the guest's board takes no taps now; a move sent anyway (a changed page) is refused
    move = snapshot(host)["legal"][0]
    guest.evaluate("(move) => window.inselTableSend(move)", move)
    guest.locator("#message.error:not(:empty)").wait_for()
    assert "not to move" in guest.locator("#message").inner_text()
    assert moves_of(host) == []
    vanish(guest)  # the guest's phone is gone without a goodbye
    host.locator("#table-line.lost").wait_for(timeout=20_000)
    assert "lost" in host.locator("#table-line").inner_text()
    # its seat says so in the players panel, and on its turn the game waits for it
    assert "Connection lost" in host.locator("#seats li").nth(1).inner_text()
    assert kahuna_turn(host)
    assert snapshot(host)["view"]["current"] == 1
    assert "connection to their phone is lost" in host.locator("#turn").inner_text()


def looks(page) -> list[dict]:
    """The earlier positions the host sent a guest's `page` (its answers to `position`)."""
    return [message for message in (json.loads(entry["text"]) for entry in page.evaluate(LOG)
                                    if "from" in entry) if message["t"] == "position"]


def sent_to(host, device: str) -> list[dict]:
    """The table's messages the host sent to connection `device` (d1, d2, … as paired)."""
    return [json.loads(entry["text"]) for entry in host.evaluate(LOG)
            if entry.get("to") == device]


def test_a_guest_and_a_projector_watching_each_see_only_their_own_picture(phones):
    """Four devices at a Kahuna table: the host, a guest, a projector and a phone
    watching; each sees every move, the watchers the public picture only."""
    host, guest = phones(), phones()
    projector = phones(viewport={"width": 1024, "height": 768})
    watcher = phones()
    start_game(host, "kahuna")
    pair(host, guest)
    pair(host, projector, watch=True)
    pair(host, watcher, watch=True)
    assert snapshot(projector)["view"]["seat"] is None  # the public view: no hand at all
    assert snapshot(projector)["view"]["hand"] is None
    assert projector.locator(".kahuna-hand button.card").count() == 0
    assert projector.locator("#curtain").is_hidden()
    for turn in range(4):  # host, guest, host, guest: each move shows on both other screens
        mover = (host, guest)[turn % 2]
        made = kahuna_turn(mover)
        assert made, "no move made"
        for other in {host, guest, projector, watcher} - {mover}:
            other.wait_for_function(
                "(n) => window.inselApp.snapshot()?.record.moves.length >= n",
                arg=len(moves_of(mover)))
            assert moves_of(other)[-len(made):] == made
    assert projector.locator(".kahuna-hand button.card").count() == 0
    assert watcher.locator("#table-line").inner_text().startswith("Connected live")
    # the projector looks back at move 1: asked of the host, the public picture then
    projector.locator("#history-list button").first.click()
    projector.locator("#viewing").wait_for()
    looked = looks(projector)
    assert [(p["seat"], p["view"]["hand"]) for p in looked[-1]["pictures"]] == [(None, None)]
    key(projector, "End")
    projector.locator("#viewing").wait_for(state="hidden")
    # what the channels carried: seat 1's pictures to the guest, the public one to the
    # projector, never a hand nor a seed there
    to_guest = [m for m in sent_to(host, "d1") if m["t"] == "state"]
    to_projector = [m for m in sent_to(host, "d2") + sent_to(host, "d3")
                    if m["t"] == "state"]
    assert len(to_guest) >= 4 and len(to_projector) >= 4
    assert all([p["seat"] for p in m["pictures"]] == [1] for m in to_guest)
    for message in to_projector:
        assert message["you"] == []
        [picture] = message["pictures"]
        assert picture["seat"] is None and picture["view"]["hand"] is None
        assert picture["legal"] == [] and "seed" not in picture["record"]
    heard = [entry["text"] for entry in projector.evaluate(LOG) if "from" in entry]
    assert heard and all('"hand":[' not in text for text in heard)
    # the projector takes no taps: a move sent anyway (a changed page) is refused
    projector.evaluate("(move) => window.inselTableSend(move)", snapshot(host)["legal"][0])
    projector.locator("#message.error:not(:empty)").wait_for()
    # the guest leaves the table (⋯ menu): told at once; the host's screen shows its seat
    # gone at once (no heartbeat waited for), the projector stays
    choose_action(guest, "#table-close")
    guest.locator("#table-line.closed").wait_for()
    assert "You left the table" in guest.locator("#table-line").inner_text()
    host.wait_for_function("document.querySelectorAll('#seats li')[1]"
                           "?.textContent.includes('Connection lost')")
    assert "lost" not in host.locator("#table-line").get_attribute("class")
    bye = [m for m in sent_to(host, "d1") if m["t"] == "bye"]
    assert [m["reason"]["key"] for m in bye] == ["table_left"]


def test_a_phone_that_vanished_pairs_again_and_gets_its_seat_back(phones):
    host, guest = phones(), phones()
    start_game(host, "kahuna")
    pair(host, guest)
    kahuna_turn(host)
    guest.wait_for_function("(n) => window.inselApp.snapshot()?.record.moves.length >= n",
                            arg=len(moves_of(host)))
    hand = snapshot(guest)["view"]["hand"]
    phone = guest.context
    vanish(guest)  # the page is gone; the phone keeps its storage (its certificate)
    host.locator("#table-line.lost").wait_for(timeout=20_000)
    again = phones(context=phone)  # the app opened again on the same phone
    pair(host, again)  # every seat is taken: the host is told how a lost phone comes back
    view = snapshot(again)["view"]
    assert view["seat"] == 1 and view["hand"] == hand  # the same seat, the same hand
    assert moves_of(again) == moves_of(host)
    assert again.locator(".kahuna-hand button.card").count() == len(hand)
    made = kahuna_turn(again)  # the same game goes on: its turn, seen by the host
    assert made
    host.wait_for_function("(n) => window.inselApp.snapshot()?.record.moves.length >= n",
                           arg=len(moves_of(again)))
    assert moves_of(host)[-len(made):] == made
    devices = {entry.get("to") for entry in host.evaluate(LOG)} - {None}
    assert devices == {"d1"}  # known by its certificate: the same device, no second one


def test_the_guest_sees_the_move_list_and_keeps_the_game_when_the_host_closes_the_table(
        phones):
    """Othello at a table of four (a projector and a phone watch): the move lists, an
    earlier position on host and guest, then the host closes the table."""
    host, guest = phones(), phones()
    start_game(host, "othello")
    pair(host, guest, game="othello")
    watchers = watching(host, phones, "othello")
    for mover, other in ((host, guest), (guest, host)):  # a move each, by taps
        legal = snapshot(mover)["legal"]
        tap(mover, legal[0])
        other.wait_for_function("(n) => window.inselApp.snapshot()?.record.moves.length >= n",
                                arg=len(moves_of(mover)))
    played = moves_of(host)
    assert len(played) == 2 and moves_of(guest) == played
    watched(host, watchers)
    # the guest's move list holds both moves, as the host's does
    for page in (host, guest):
        page.wait_for_function("document.querySelectorAll('#history-list li').length === 2")
        assert page.locator("#history-count").inner_text() == "(2)"
    # an earlier position, looked at on each phone (the guest's own engine replays the public
    # record: no message asks the host): the same picture on both, then back to the game
    seen_at_one = []
    for page in (host, guest):
        live = canvas_summary(page)["digest"]
        page.locator("#moves-button").click()  # a phone's move list is a drawer
        page.locator("#history-list button").first.click()
        page.locator("#viewing").wait_for()
        settle(page)
        assert "move 1 of 2" in page.locator("#viewing-text").inner_text()
        seen_at_one.append(canvas_summary(page)["digest"])
        assert seen_at_one[-1] != live
        key(page, "End")
        page.locator("#viewing").wait_for(state="hidden")
        page.locator("#moves-button").click()
    assert seen_at_one[0] == seen_at_one[1]
    # the host closes the table: the guest is told at once, in words, not after a
    # heartbeat goes missing ("lost")
    choose_action(host, "#table-close")
    guest.locator("#table-line.closed").wait_for()
    # said at once; where the game is kept is added once this phone has kept it
    expect(guest.locator("#table-line")).to_contain_text("saved games")
    line = guest.locator("#table-line").inner_text()
    assert "The host closed the table." in line and "saved games" in line
    assert "closed" in host.locator("#table-line").get_attribute("class")
    assert host.locator("#table-close").is_hidden()
    # the host's game goes on on one device: it plays the seat the guest held
    tap(host, snapshot(host)["legal"][0])
    tap(host, snapshot(host)["legal"][0])
    assert len(moves_of(host)) == 4
    assert len(moves_of(guest)) == 2  # the guest's screen keeps the game as it was
    # the guest's device kept the game: from its saved games it continues there
    guest.locator("#back").click()
    row = guest.locator('.saved-game[data-save^="othello-0~"]')
    row.wait_for()
    row.locator("[data-act=resume]").click()
    guest.wait_for_function("!document.getElementById('play').hidden")
    assert moves_of(guest) == played
    tap(guest, snapshot(guest)["legal"][0])  # the game goes on on this device
    assert len(moves_of(guest)) == 3
    assert guest.locator("#history-count").inner_text() == "(3)"


def test_phones_play_inselspiel_each_its_own_seat(phones):
    """A whole game in a star of six, the most seats: the host and five guests, a seat
    each, each throwing the die and landing a stone in turn by taps on its own phone, then
    each passing in turn, which ends the game (every seat passed in succession); every phone
    sees every move and the same result.  (Four phones were a second case; nothing in the
    star depends on their number, so six, the most, stands for both.)"""
    players = 6
    host = phones()
    guests = [phones() for _ in range(players - 1)]
    start_game(host, "inselspiel", players=players)
    for guest in guests:  # the host's dialog offers the next free seat each time
        pair(host, guest, game="inselspiel")
    pages = [host, *guests]
    assert [snapshot(guest)["seat"] for guest in guests] == list(range(1, players))
    movers = []
    for _ in range(players):  # one round: each seat throws and lands at its own port
        seat = snapshot(host)["view"]["to_move"]
        mover = pages[seat]
        movers.append(seat)
        play_a_move(mover, "inselspiel")
        for other in pages:
            other.wait_for_function(
                "(n) => window.inselApp.snapshot()?.record.moves.length >= n",
                arg=len(moves_of(mover)))
            assert moves_of(other) == moves_of(mover)
    assert movers == list(range(players))
    # a stone landed a seat (one may since have been taken: the die and the map are the seed's)
    assert sum(move.startswith("land:") for move in moves_of(host)) == players
    assert all(snapshot(page)["view"]["stones"] == snapshot(host)["view"]["stones"]
               for page in guests)
    for seat in range(players):  # each passes on its own phone: the game is over
        assert snapshot(host)["view"]["to_move"] == seat
        settle(pages[seat])
        pages[seat].locator("#controls button[data-move=pass]").click()
        for page in pages:
            seen(page, len(moves_of(host)))
    result = snapshot(host)["view"]
    assert result["over"] and moves_of(host)[-players:] == ["pass"] * players
    for page in pages:  # every phone shows the end, with the host's scores
        page.locator("#game-over").wait_for()
        assert snapshot(page)["view"]["scores"] == result["scores"]
        assert snapshot(page)["view"]["over"]
    # each guest was sent its own seat's picture only, and never the seed
    for seat in range(1, players):
        states = [m for m in sent_to(host, f"d{seat}") if m["t"] == "state"]
        assert len(states) >= 2 * players
        assert all([p["seat"] for p in m["pictures"]] == [seat] for m in states)
        assert all("seed" not in p["record"] for m in states for p in m["pictures"])


@pytest.fixture
def two_phones(phones):
    """A host and a guest for a game at one table (`phones`), the app opened at `suffix`."""
    return lambda suffix="": (phones(suffix=suffix), phones(suffix=suffix))


def seen(page, count: int) -> None:
    """Wait until `page` shows a game of `count` moves or more."""
    page.wait_for_function("(n) => window.inselApp.snapshot()?.record.moves.length >= n",
                           arg=count)


def test_a_host_page_closed_without_closing_the_table_says_goodbye(two_phones):
    """The host's tab is closed without "Close the table": the guest is told at once that
    the host closed the table, in its own language, not that the host is lost (4 s later),
    and keeps the game as after "Close the table" (Othello: in its saved games)."""
    host, guest = two_phones("#lang=de")
    start_game(host, "othello")
    pair(host, guest, game="othello")
    tap(host, snapshot(host)["legal"][0])
    seen(guest, 1)
    host.close(run_before_unload=True)  # as a person closes the tab: the page's last moment
    guest.locator("#table-line.closed").wait_for()
    line = guest.locator("#table-line")
    expect(line).to_contain_text(DE["table.hostClosed"])
    expect(line).to_contain_text(DE["table.keptHere"])
    assert guest.locator("#table-line.lost").count() == 0
    guest.locator("#back").click()
    guest.locator('.saved-game[data-save^="othello-0~"]').wait_for()


def test_a_guest_page_closed_without_leaving_says_it_left(two_phones):
    """The guest's tab is closed without "Leave the table": its page says `leave` in its
    last moment, so the host shows the guest gone at once, in the words of a phone that
    left ("a device left the table"), not lost after the heartbeat's 4 s."""
    host, guest = two_phones()
    start_game(host, "othello")
    pair(host, guest, game="othello")
    guest.close(run_before_unload=True)  # as a person closes the tab
    expect(host.locator("#message")).to_contain_text("left the table")
    host.wait_for_function("document.querySelectorAll('#seats li')[1]"
                           "?.textContent.includes('Connection lost')")
    assert host.locator("#table-line.lost").count() == 0  # not the vanished phone's words
    bye = [m for m in sent_to(host, "d1") if m["t"] == "bye"]
    assert [m["reason"]["key"] for m in bye] == ["table_left"]


def ask_undo(page) -> None:
    """Press Undo on `page` at a live table: the others are asked."""
    page.locator("#undo").click()
    expect(page.locator(".table-undo")).to_contain_text("the other players are asked")


def test_undo_at_a_table_asks_the_others_and_takes_back_only_when_allowed(two_phones):
    """Othello at a table of two: the guest presses Undo after its move; the host is asked
    ("… asks to take back the last move", Allow / Refuse) and refuses: nothing changes and
    the guest is told.  It asks again, the host allows: both boards go back one move.  The
    host's own Undo asks the guest in turn, in German.  Each phone's Undo is on only after
    its own move (the host's too: the same agreement for every seat)."""
    host, guest = two_phones()
    start_game(host, "othello")
    pair(host, guest, game="othello", name="Ben")
    for mover, other in ((host, guest), (guest, host)):  # a move each, by taps
        tap(mover, snapshot(mover)["legal"][0])
        seen(other, len(moves_of(mover)))
    played = moves_of(host)
    # the last move is the guest's: the host's Undo is off, as the guest's is after the
    # host's move (only one's own last move is asked back)
    expect(host.locator("#undo")).to_be_disabled()
    asking = host.locator(".table-undo")
    ask_undo(guest)
    expect(asking).to_contain_text("Ben asks to take back the last move")
    asking.locator("button[data-accept=false]").click()  # refused
    expect(guest.locator("#message")).to_contain_text("refused")
    expect(asking).to_be_hidden()
    expect(guest.locator(".table-undo")).to_be_hidden()
    assert moves_of(host) == played and moves_of(guest) == played
    ask_undo(guest)  # asked again, and allowed
    asking.locator("button[data-accept=true]").click()
    seen_back = "(n) => window.inselApp.snapshot()?.record.moves.length === n"
    for page in (host, guest):
        page.wait_for_function(seen_back, arg=1)
        assert moves_of(page) == played[:1]
    expect(asking).to_be_hidden()
    expect(guest.locator(".table-undo")).to_be_hidden()
    assert snapshot(guest)["view"]["current"] == 1  # the guest's turn again, its board too
    tap(guest, snapshot(guest)["legal"][-1])  # another move instead
    seen(host, 2)
    switch_to_german(guest)
    ask_undo_de = DE["table.undoAsks"].split("{name}")[1].strip()
    tap(host, snapshot(host)["legal"][0])
    seen(guest, 3)
    expect(guest.locator("#undo")).to_be_disabled()
    host.locator("#undo").click()  # the host's own Undo asks the guest, never bypasses it
    expect(host.locator("#undo")).to_be_disabled()  # one request at a time
    expect(guest.locator(".table-undo")).to_contain_text(ask_undo_de)
    assert len(moves_of(host)) == 3
    guest.locator(".table-undo button[data-accept=true]").click()
    for page in (host, guest):
        page.wait_for_function(seen_back, arg=2)


def switch_to_german(page) -> None:
    page.locator("#play-settings").click()
    page.locator("#language").select_option("de")
    page.locator("#settings-close").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")


def test_the_hosts_next_game_reaches_the_guest_as_a_game_of_its_own(two_phones):
    """The host starts another game (Ponte after Othello) with the table open: the guest's
    screen shows it, drawn as Ponte, with its seat; the two play it by taps; the guest's
    saved games keep both games apart."""
    host, guest = two_phones()
    start_game(host, "othello", size=6)
    pair(host, guest, game="othello")
    tap(host, snapshot(host)["legal"][0])
    seen(guest, 1)
    host.locator("#back").click()
    start_game(host, "ponte")
    guest.wait_for_function("window.inselApp.snapshot()?.record.game === 'ponte'")
    expect(guest.locator("#play-title")).to_have_text(host.locator("#play-title").inner_text())
    assert snapshot(guest)["seat"] == 1 and moves_of(guest) == []
    for mover, other in ((host, guest), (guest, host)):
        play_a_move(mover, "ponte")
        seen(other, len(moves_of(mover)))
    assert moves_of(guest) == moves_of(host) and len(moves_of(host)) == 2
    guest.locator("#back").click()
    for game, count in (("othello", 1), ("ponte", 2)):
        entry = guest.locator(f'.saved-game[data-save^="{game}-0~"]')
        expect(entry).to_have_count(1)
        assert f"{count} move" in entry.inner_text()


def test_switching_the_language_mid_game_keeps_the_table(two_phones):
    """Host and guest each switch to German in the middle of a game: the same table goes
    on (the same connection, no second hello), its line and the "⋯" menu's way out in
    German, and both play on by taps."""
    host, guest = two_phones()
    start_game(host, "othello")
    pair(host, guest, game="othello")
    tap(host, snapshot(host)["legal"][0])
    seen(guest, 1)
    for page in (host, guest):
        switch_to_german(page)
    connected = DE["table.connected"].split("(")[0]
    for page in (host, guest):
        expect(page.locator("#table-line.open")).to_contain_text(connected)
    # the same pairing words, now German ones, on both screens
    assert host.locator("#table-line").inner_text() == guest.locator("#table-line").inner_text()
    expect(host.locator("#seats li").nth(1)).to_contain_text(DE["table.player"])
    for page, way_out in ((host, "table.close"), (guest, "table.leave")):
        page.locator("#more-button").click()
        expect(page.locator("#table-close")).to_have_text(DE[way_out])
        page.locator("#more-button").click()
    for mover, other in ((guest, host), (host, guest)):  # the game goes on, by taps
        tap(mover, snapshot(mover)["legal"][0])
        seen(other, len(snapshot(mover)["record"]["moves"]))
    assert moves_of(host) == moves_of(guest) and len(moves_of(host)) == 3
    hellos = [entry for entry in guest.evaluate(LOG)
              if entry.get("to") == "host" and json.loads(entry["text"])["t"] == "hello"]
    assert len(hellos) == 1  # one connection throughout
    # the guest goes to the menu and starts a game of its own: refused while at the table,
    # said why; its way back to the table's game is on the menu, and the game goes on, kept
    # once among its saved games
    guest.locator("#back").click()
    open_setup(guest, "ponte").locator("#setup-play").click()
    expect(guest.locator("#menu-message")).to_have_text(DE["table.guestOwnGame"])
    assert guest.locator("#play").is_hidden() and snapshot(guest)["record"]["game"] == "othello"
    expect(guest.locator("#table-back")).to_have_text(DE["table.backToGame"])
    guest.locator("#table-back").click()
    guest.wait_for_function("!document.getElementById('play').hidden")
    assert moves_of(guest) == moves_of(host)
    tap(guest, snapshot(guest)["legal"][0])
    seen(host, 4)
    guest.locator("#back").click()
    expect(guest.locator('.saved-game[data-save^="othello-0~"]')).to_have_count(1)
    assert "4" in guest.locator('.saved-game[data-save^="othello-0~"]').inner_text()


def watching(host, phones, game: str) -> list:
    """Two more devices at the host's table that only watch `game`: a projector and a
    phone (connections d2 and d3)."""
    pages = [phones(viewport={"width": 1024, "height": 768}), phones()]
    for page in pages:
        pair(host, page, game=game, watch=True)
    return pages


def watched(host, pages) -> None:
    """The watching devices (`watching`) show the host's moves, and were sent only the
    public picture."""
    for page in pages:
        seen(page, len(moves_of(host)))
        assert moves_of(page) == moves_of(host)
    for device in ("d2", "d3"):
        states = [m for m in sent_to(host, device) if m["t"] == "state"]
        assert states and all(m["you"] == [] and [p["seat"] for p in m["pictures"]] == [None]
                              and "seed" not in m["pictures"][0]["record"] for m in states)


def test_four_devices_play_ponte_each_sees_the_others_tile(phones):
    """Ponte at a table of four: host and guest each place a tile by two taps on their own
    phone and see the other's, a projector and a phone watch; the guest is sent seat 1's
    picture only, never the seed."""
    host, guest = phones(), phones()
    start_game(host, "ponte")
    pair(host, guest, game="ponte")
    watchers = watching(host, phones, "ponte")
    for mover, other in ((host, guest), (guest, host)):
        move = play_a_move(mover, "ponte")
        seen(other, len(moves_of(mover)))
        assert moves_of(other)[-1] == move
    watched(host, watchers)
    states = [m for m in sent_to(host, "d1") if m["t"] == "state"]
    assert len(states) >= 3
    assert all([p["seat"] for p in m["pictures"]] == [1] for m in states)
    assert all("seed" not in p["record"] for m in states for p in m["pictures"])


def test_four_devices_play_wortreversi_each_naming_the_forms_on_its_own_phone(phones):
    """Wort-Reversi at a table of four: host and guest each place a tile and type the forms
    it names on their own phone (the guest's answers go with its move), a projector and a
    phone watch; each sees every move.  What the guest is sent holds no word pair and no
    answer to a tile: its legal moves are bare squares."""
    host, guest = phones(), phones()
    start_game(host, "wortreversi")
    pair(host, guest, game="wortreversi")
    watchers = watching(host, phones, "wortreversi")
    for mover, other in ((host, guest), (guest, host)):
        move = play_a_move(mover, "wortreversi")  # the quiz's fields typed on that phone
        seen(other, len(moves_of(mover)))
        assert moves_of(other)[-1] == move
    watched(host, watchers)
    assert all('"pairs"' not in json.dumps(m) for device in ("d2", "d3")
               for m in sent_to(host, device))
    said = moves_of(host)[-1].partition(":")[2]
    assert json.loads(said) and set(json.loads(said)) == {"?"}  # as typed on the guest
    states = [m for m in sent_to(host, "d1") if m["t"] == "state"]
    assert len(states) >= 3
    for message in states:
        [picture] = message["pictures"]
        assert '"pairs"' not in json.dumps(message)
        assert all(":" not in move for move in picture["legal"])
        assert "pairs" not in picture["record"]["options"]


# A device with no network: the browser gathers no address (Chromium with its network off
# or a policy that hides every local address), so a description carries no candidate
NO_ADDRESSES = """(() => {
  const Real = RTCPeerConnection;
  window.RTCPeerConnection = class extends Real {
    get localDescription() {
      const made = super.localDescription;
      return made && { type: made.type, sdp: made.sdp.replace(/^a=candidate:.*\\r\\n/gm, "") };
    }
  };
})();"""


def without_network(page) -> None:
    """`page` opened again on a device whose browser finds no address (NO_ADDRESSES)."""
    not_kept(page)
    page.add_init_script(NO_ADDRESSES)
    page.reload()
    wait_ready(page)


def open_table(host):
    """The host's game of Othello put on a table: its code's field (shown, or never)."""
    start_game(host, "othello")
    host.locator("#more-button").click()
    host.locator("#table-host").click()
    return host.locator("#live-table textarea.table-code")


def test_a_phone_with_no_network_is_told_so_not_left_preparing(two_phones):
    """A phone whose browser finds no address to offer (no Wi-Fi, no hotspot) says so, in
    the page's language, where it showed "Preparing…" for ever: the guest answering a
    host's code, then the host opening its table."""
    host, guest = two_phones("#lang=de")
    without_network(guest)
    offer = open_table(host)
    offer.wait_for()
    guest.locator("#table-join").click()
    guest.locator("#live-table textarea.table-paste").fill(offer.input_value())
    guest.locator("#table-connect").click()
    without_network(host)
    open_table(host)
    for page in (guest, host):
        expect(page.locator("#live-table p.error")).to_have_text(DE["table.noNetwork"])
        assert page.locator("#live-table textarea.table-code").count() == 0  # no code shown


def test_a_network_that_keeps_the_phones_apart_is_said_after_20_seconds(two_phones):
    """Both codes arrive, but no address in them can be reached (a school Wi-Fi that keeps
    its devices apart): after 20 s each phone says why and what to do, in its pairing
    dialog (where the person looks), in German."""
    host, guest = two_phones("#lang=de")
    for page in (host, guest):  # the 20 s passed on the pages' clocks, not waited for
        page.clock.install()
        not_kept(page)
    offer = open_table(host)
    offer.wait_for()

    def unreachable(code: str) -> str:  # its addresses replaced by 192.0.2.1, port 9
        return ".".join([*code.split(".")[:5], "wAACAQAJ"])

    assert addresses(unreachable(offer.input_value())) == {"ipv4"}
    guest.locator("#table-join").click()
    guest.locator("#live-table textarea.table-paste").fill(unreachable(offer.input_value()))
    guest.locator("#table-connect").click()
    answer = guest.locator("#live-table textarea.table-code")
    answer.wait_for()
    host.locator("#live-table textarea.table-paste").fill(unreachable(answer.input_value()))
    host.locator("#table-connect").click()
    for page in (guest, host):
        expect(page.locator("#live-table .table-failed")).to_have_count(0)
        page.clock.fast_forward(19_000)
        expect(page.locator("#live-table .table-failed")).to_have_count(0)
    for page in (guest, host):
        page.clock.fast_forward(1_000)
        expect(page.locator("#live-table .table-failed")).to_have_text(DE["table.isolated"])
        assert "isolated" in page.locator("#table-line").get_attribute("class")


# What a page asks of the camera and when it makes a connection, in order; the camera's
# question is never answered (a person who leaves the browser's prompt open)
CAMERA_FIRST = """(() => {
  window.inselAsked = [];
  navigator.mediaDevices.getUserMedia = () => {
    window.inselAsked.push("camera");
    return new Promise(() => {});
  };
  const Real = RTCPeerConnection;
  window.RTCPeerConnection = class extends Real {
    constructor(...args) { window.inselAsked.push("connection"); super(...args); }
  };
})();"""


def test_opening_a_table_asks_for_the_camera_before_the_connection_once(phones):
    """The host's phone asks for the camera before it makes the connection (a page allowed
    the camera offers its own addresses, not mDNS names, which some networks never
    resolve); a question left unanswered, the code is shown after a while all the same;
    the next guest's code is made without asking again."""
    host = phones()
    not_kept(host)
    host.add_init_script(CAMERA_FIRST)
    host.reload()
    wait_ready(host)
    first = open_table(host)
    expect(first).to_be_visible(timeout=20_000)  # (6 s waited for an answer)
    code = first.input_value()
    host.locator("#live-table .dialog-head button").click()
    host.locator("#more-button").click()
    host.locator("#table-host").click()
    expect(host.locator("#live-table textarea.table-code")).not_to_have_value(code)
    assert host.evaluate("window.inselAsked") == ["camera", "connection", "connection"]
