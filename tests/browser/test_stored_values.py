"""Nothing stored can hang or hijack the app (issue 48): a saved picture too large to draw, a
save's or the menu's remembered computer settings that would open another game, a damaged
save beside a link to the same game, a lesson learnt twice, and records whose game or seed
is no text the page can use — each listed as damaged or refused with a message, none drawn,
sent to the engine or silently dropped."""

from __future__ import annotations

import json

from test_never_lose import STORED, banner

from board import record_link, saved_record, settle, snapshot, tap
from conftest import wait_ready
from insel.session import Session  # the engine, to make legal records and their pictures
from paths import ROOT

EN = json.loads((ROOT / "assets" / "i18n" / "en.json").read_text("utf-8"))

# values put into the saved games' database as another version or an editor would
PUT = """(values) => new Promise((resolve, reject) => {
    const open = indexedDB.open("inselspiele");
    open.onsuccess = () => {
        const tx = open.result.transaction("saves", "readwrite");
        for (const value of values) tx.objectStore("saves").put(value);
        tx.oncomplete = () => { open.result.close(); resolve(); };
        tx.onerror = () => reject(tx.error);
    };
    open.onerror = () => reject(open.error);
})"""
HIJACK = {"op": "new", "game": "ponte", "seed": 1}


def othello_save(plies: int, seed: int = 5, **changes) -> dict:
    """A good saved Othello game of `plies` moves (a person against the easy computer) as
    saves.js stores it, its picture the engine's, with `changes` made to it."""
    session = Session()
    json.loads(session.handle(json.dumps({"op": "new", "game": "othello", "seed": seed})))
    for _ in range(plies):
        legal = json.loads(session.handle(json.dumps({"op": "view"})))["legal"]
        session.handle(json.dumps({"op": "play", "move": legal[0]}))
    saved = json.loads(session.handle(json.dumps({"op": "save"})))
    record = saved["record"]
    return {"version": 1, "id": f"othello-{seed}", "game": "othello", "record": record,
            "seats": ["human", "easy"], "computer": {}, "picture": saved["picture"],
            "moves": len(record["moves"]), "over": False, "updated": 1_700_000_000_000,
            "revision": 1, **changes}


def store_saves(page, *values: dict) -> None:
    page.evaluate(PUT, list(values))
    page.reload()
    wait_ready(page)
    settle(page)


def row(page, save_id: str):
    return page.locator(f'.saved-game[data-save="{save_id}"]')


def test_a_picture_too_large_to_draw_is_never_drawn_and_the_menu_works(open_page):
    page = open_page().page
    good = othello_save(2)
    store_saves(page, {**good, "picture": {**good["picture"], "size": 1_000_000}})
    damaged = row(page, "othello-5")
    assert "damaged" in damaged.get_attribute("class")
    assert damaged.locator(".saved-problem").inner_text() == EN["storedPicture"]
    assert damaged.locator("canvas").count() == 0  # never drawn
    assert damaged.locator("[data-act=resume]").count() == 0
    with page.expect_download() as download:  # kept for download
        damaged.locator("[data-act=download]").click()
    assert json.loads(download.value.path().read_text())["picture"]["size"] == 1_000_000
    page.locator(".game-card[data-game=othello] [data-start=people]").click()  # tiles work
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'othello'")


def test_stored_computer_settings_never_reach_the_engine(open_page):
    page = open_page().page
    page.evaluate("""(computer) => localStorage.setItem("inselspiele.prefs", JSON.stringify(
        {version: 1, games: {othello: {level: "easy", computer}}}))""", HIJACK)
    store_saves(page, othello_save(1, computer=HIJACK))  # the computer to move
    damaged = row(page, "othello-5")
    assert damaged.locator(".saved-problem").inner_text() == EN["storedComputer"]
    assert damaged.locator("[data-act=resume]").count() == 0
    # the menu's remembered settings: the same hijack is dropped, the computer plays Othello
    page.locator(".game-card[data-game=othello] [data-start=computer]").click()
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'othello'")
    tap(page, snapshot(page)["legal"][0])
    page.wait_for_function("window.inselApp.snapshot()?.record.moves.length === 2")
    assert saved_record(page)["game"] == "othello"
    assert "ai_start" not in page.locator("#message").inner_text()


def test_a_damaged_save_is_never_overwritten_by_a_link_to_its_game(open_page):
    page = open_page().page
    without_revision = othello_save(2, seed=5, version=2)
    del without_revision["revision"]
    damaged = [without_revision,  # (a) no revision
               othello_save(2, seed=6, version=2, revision=3)]  # (b) a revision past this tab's
    store_saves(page, *damaged)
    for value in damaged:
        save_id = value["id"]
        page.evaluate("(f) => { location.hash = f; }", record_link(value["record"]))
        page.wait_for_function("(n) => window.inselApp.snapshot()?.record.moves.length === n",
                               arg=len(value["record"]["moves"]))
        tap(page, snapshot(page)["legal"][0])
        settle(page)
        assert banner(page).strip() == EN["savedBesideDamaged"]  # not "… in another tab"
        assert page.evaluate(STORED, save_id) == value  # untouched
        page.locator("#back").click()
        settle(page)
        assert "damaged" in row(page, save_id).get_attribute("class")
        with page.expect_download() as download:  # still downloadable
            row(page, save_id).locator("[data-act=download]").click()
        assert json.loads(download.value.path().read_text()) == value
        beside = page.locator(f'.saved-game[data-save^="{save_id}~"]')
        assert beside.count() == 1 and beside.locator("[data-act=resume]").count() == 1
        assert beside.locator(".saved-when").inner_text().startswith("3 moves")


def test_a_lesson_learnt_twice_is_saved_twice_and_the_computer_replies(open_page):
    page = open_page().page
    for time in (1, 2):
        page.locator(".game-card[data-game=othello] [data-start=learn]").click()
        # the new lesson on screen (the last one's game stays in the store at the menu)
        page.wait_for_function("!document.getElementById('play').hidden"
                               " && window.inselApp.snapshot()?.record.game === 'othello'"
                               " && window.inselApp.snapshot().view.ply === 0")
        settle(page)
        tap(page, "c2")
        page.wait_for_function("window.inselApp.snapshot()?.view.ply === 2")  # the reply
        settle(page)
        assert banner(page) == "", f"lesson {time}"
        page.locator("#back").click()
        settle(page)
        assert page.locator('.saved-game[data-save^="othello-1"]').count() == time


def test_a_record_whose_game_or_seed_is_no_text_gets_a_message(open_page):
    recorded = open_page()
    page = recorded.page
    link = record_link({"game": {"toString": 1}, "seed": 1, "moves": []})
    page.evaluate("(f) => { location.hash = f; }", link)
    page.wait_for_function("document.getElementById('menu-message').textContent !== ''")
    assert page.locator("#menu-message").inner_text() == EN["badLink"].format(
        reason=EN["recordNoGameName"])
    page.locator("#import-file").set_input_files(files=[{
        "name": "game.json", "mimeType": "application/json",
        "buffer": json.dumps({"game": "ponte", "seed": {"toString": 1}, "moves": []}).encode()}])
    page.wait_for_function("document.getElementById('file-message').textContent !== ''")
    assert page.locator("#file-message").inner_text() == EN["badFile"].format(
        name="game.json", reason=EN["recordSeed"])
    assert page.locator("#play").is_hidden()  # no game, and nothing thrown (checked at close)
