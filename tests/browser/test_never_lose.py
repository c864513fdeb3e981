"""Never lose a game (issue 31): one game in two tabs has one writer, a stale tab never
overwrites newer moves, a full storage drops no game and says what to do, and a link that
differs from the saved game opens as a copy beside it."""

import base64
import json
import zlib

from moves import play_a_move

from board import saved_record, settle, snapshot, tap
from conftest import wait_ready
from insel.session import Session  # the engine, to make legal records

# the saved game as it is in the browser's database (read as the page reads it)
STORED = """(id) => new Promise((resolve, reject) => {
    const open = indexedDB.open("inselspiele");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
        const get = open.result.transaction("saves").objectStore("saves").get(id);
        get.onsuccess = () => { open.result.close(); resolve(get.result ?? null); };
        get.onerror = () => reject(get.error);
    };
})"""

# another window writes a newer revision of the saved game (as one without Web Locks would)
WRITE_NEWER = """(id) => new Promise((resolve, reject) => {
    const open = indexedDB.open("inselspiele");
    open.onsuccess = () => {
        const store = open.result.transaction("saves", "readwrite").objectStore("saves");
        const get = store.get(id);
        get.onsuccess = () => {
            const put = store.put({...get.result, revision: get.result.revision + 1});
            put.onsuccess = () => { open.result.close(); resolve(get.result.revision + 1); };
            put.onerror = () => reject(put.error);
        };
    };
})"""


def old_entry(record: dict) -> dict:
    """A saved game as the earlier versions kept it in localStorage (moved in at start)."""
    return {"version": 1, "id": f"{record['game']}-{record['seed']}", "game": record["game"],
            "record": record, "seats": ["human", "human"], "computer": {},
            "moves": len(record["moves"]), "over": False, "updated": 1_700_000_000_000}


def store_old(page, *records: dict) -> None:
    page.evaluate("""(entries) => { for (const e of entries) {
        localStorage.setItem(`inselspiele.save.${e.id}`, JSON.stringify(e)); } }""",
                  [old_entry(record) for record in records])
    page.reload()
    wait_ready(page)
    settle(page)


def move_link(record: dict) -> str:
    """The #m= fragment of a record, as links.js makes it (deflate-raw, base64url)."""
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = squeeze.compress(json.dumps(record).encode()) + squeeze.flush()
    return "#m=" + base64.urlsafe_b64encode(data).decode().rstrip("=")


def legal_after(record: dict) -> list[str]:
    session = Session()
    answer = json.loads(session.handle(json.dumps({"op": "load", "record": record})))
    assert answer["ok"], answer
    return answer["legal"]


def open_second_tab(page):
    tab = page.context.new_page()
    tab.goto(page.url)
    wait_ready(tab)
    settle(tab)
    return tab


def banner(page) -> str:
    settle(page)
    keeping = page.locator("#keeping")
    return keeping.inner_text() if keeping.count() and keeping.is_visible() else ""


def test_one_game_in_two_tabs_has_one_writer_and_a_stale_tab_never_overwrites(open_page):
    a = open_page().page
    a.locator(".game-card[data-game=othello] [data-start=people]").click()
    a.wait_for_function("window.inselApp.snapshot()?.record.game === 'othello'")
    play_a_move(a, "othello")
    play_a_move(a, "othello")
    record = saved_record(a)
    save_id = f"othello-{record['seed']}"
    a.evaluate("""() => localStorage.setItem("inselspiele.settings",
                                              JSON.stringify({version: 1, language: "de"}))""")
    b = open_second_tab(a)  # in German: each tab is told in its own language
    b.locator(f'.saved-game[data-save="{save_id}"] [data-act=resume]').click()
    settle(b)
    tap(b, snapshot(b)["legal"][0])  # B's move is refused: the game is A's to write
    assert snapshot(b)["record"]["moves"] == record["moves"]
    assert "in diesem Tab nur angezeigt" in b.locator("#message").inner_text()
    assert "in einem anderen Tab oder Fenster offen" in banner(b)

    play_a_move(a, "othello")  # A plays on; B follows, read-only
    played = saved_record(a)["moves"]
    assert a.evaluate(STORED, save_id)["record"]["moves"] == played
    b.wait_for_function(f"window.inselApp.snapshot()?.record.moves.length === {len(played)}")
    assert banner(a) == ""

    b.locator("#keeping [data-act=continue-here]").click()  # the game moves to B
    settle(b)
    assert banner(b) == ""
    a.wait_for_function("document.getElementById('keeping')?.textContent.includes('continued')")
    tap(a, snapshot(a)["legal"][0])
    assert snapshot(a)["record"]["moves"] == played  # A may not write any more
    play_a_move(b, "othello")
    played = saved_record(b)["moves"]
    assert a.evaluate(STORED, save_id)["record"]["moves"] == played

    # a newer revision saved meanwhile (a window without Web Locks): B's next move is not
    # written over it; B is told and offered the saved game
    revision = b.evaluate(WRITE_NEWER, save_id)
    tap(b, snapshot(b)["legal"][0])
    assert "inzwischen in einem anderen Tab" in banner(b)
    stored = b.evaluate(STORED, save_id)
    assert stored["record"]["moves"] == played and stored["revision"] == revision
    b.locator("#keeping [data-act=open-saved]").click()
    settle(b)
    assert snapshot(b)["record"]["moves"] == played and banner(b) == ""
    play_a_move(b, "othello")  # and plays on over the saved revision
    stored = b.evaluate(STORED, save_id)
    assert stored["record"]["moves"] == saved_record(b)["moves"] and stored["revision"] > revision
    b.close()


def test_a_full_storage_drops_no_game_and_says_what_to_do(open_page):
    page = open_page().page
    other = {"game": "ponte", "options": {"size": 10, "supply": "unlimited"}, "seed": 11,
             "moves": ["c3,c5", "swap", "h6,h8"]}
    store_old(page, other)  # an unfinished game, saved before
    page.locator(".game-card[data-game=othello] [data-start=people]").click()
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'othello'")
    play_a_move(page, "othello")
    page.evaluate("""() => { let i = 0;  // localStorage filled up, to the last character
        for (let size = 1 << 20; size >= 1; size >>= 1) {
            try { for (;;) localStorage.setItem(`filler.${i++}`, 'x'.repeat(size)); }
            catch { /* full at this size: a smaller one */ }
        } }""")
    play_a_move(page, "othello")
    save_id = f"othello-{saved_record(page)['seed']}"
    page.locator("#back").click()
    settle(page)
    assert page.locator('.saved-game[data-save="ponte-11"]').is_visible()  # never dropped
    page.locator(f'.saved-game[data-save="{save_id}"] [data-act=resume]').click()
    settle(page)
    page.evaluate("""() => { window.realPut = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = () => {
            throw new DOMException('the quota has been exceeded', 'QuotaExceededError'); }; }""")
    play_a_move(page, "othello")  # the database is full too: told what to do
    text = banner(page)
    assert "could not be saved" in text and "full" in text, text
    assert page.locator("#keeping [data-act=export]").is_visible()
    with page.expect_download() as download:
        page.locator("#keeping [data-act=export]").click()
    assert json.loads(download.value.path().read_text())["moves"] == saved_record(page)["moves"]
    page.evaluate("() => { IDBObjectStore.prototype.put = window.realPut; }")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#keeping [data-act=delete-finished]").click()
    settle(page)
    assert banner(page) == ""
    assert page.evaluate(STORED, save_id)["record"]["moves"] == saved_record(page)["moves"]
    page.locator("#back").click()
    settle(page)
    assert page.locator('.saved-game[data-save="ponte-11"]').is_visible()  # never dropped
    page.evaluate("""() => { for (const key of Object.keys(localStorage)) {
        if (key.startsWith("filler.")) localStorage.removeItem(key); } }""")


def test_a_link_that_differs_from_the_saved_game_opens_as_a_copy_beside_it(open_page):
    page = open_page().page
    mine = {"game": "othello", "options": {"size": 8}, "seed": 5, "moves": ["d3", "c3"]}
    dice = {"game": "inselspiel", "seed": 5, "moves": ["roll", "roll:2"],
            "options": {"map": "default", "players": 2, "teams": None, "stones": None,
                        "physical_dice": False}}
    store_old(page, mine, dice)
    theirs = {**mine, "moves": ["c4", "c3"]}  # move 1 changed, and one move more
    theirs["moves"].append(legal_after(theirs)[0])
    page.evaluate("(f) => { location.hash = f; }", move_link(theirs))
    page.locator("#older").wait_for()
    assert "differs from yours from move 1" in page.locator("#older-text").inner_text()
    page.locator("#older-link").click()  # open it as a copy
    page.wait_for_function("window.inselApp.snapshot()?.record.moves.length === 3")
    settle(page)
    assert saved_record(page) == theirs
    page.locator("#back").click()
    settle(page)
    rows = page.locator('.saved-game[data-save^="othello-5"]')
    assert rows.count() == 2  # the saved game and the copy, side by side
    mine_row = page.locator('.saved-game[data-save="othello-5"]')
    assert mine_row.locator(".saved-when").inner_text().startswith("2 moves")  # untouched

    # a link cannot switch on dice thrown by hand for a game started without them
    edited = {**dice, "options": {**dice["options"], "physical_dice": True},
              "moves": ["roll", "roll:6", "pass"]}  # the throw changed
    page.evaluate("(f) => { location.hash = f; }", move_link(edited))
    page.locator("#older").wait_for()
    assert "started with other options" in page.locator("#older-text").inner_text()
    page.locator("#older-saved").click()
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'inselspiel'")
    settle(page)
    assert saved_record(page) == dice
    assert page.locator(".insel-dice").inner_text() == "Dice: thrown by the app"
    page.evaluate("(f) => { location.hash = f; }", move_link(edited))  # now as a copy
    page.locator("#older-link").click()
    page.wait_for_function("window.inselApp.snapshot()?.record.options.physical_dice === true")
    settle(page)
    assert "real dice" in page.locator(".insel-dice").inner_text()  # the screen says so
    page.locator("#controls button[data-move=roll]").click()  # the next throw: entered by hand
    settle(page)
    assert "throw a real die" in page.locator("#turn").inner_text()
    page.locator("#controls button[data-move='roll:4']").click()
    settle(page)
    assert saved_record(page)["moves"][-1] == "roll:4"
    page.locator("#back").click()
    page.locator(".game-card[data-game=inselspiel] [data-start=setup]").click()
    dice_choice = page.locator("#setup select[name=physical_dice]")
    assert dice_choice.locator("option").all_inner_texts() == [
        "The app throws", "Real dice, each throw entered"]
