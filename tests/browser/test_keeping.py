"""Keeping games: autosave and resume, damaged storage, the move list and looking back,
undo and redo, files, and play by link between two browsers."""

import json

from moves import GAMES, play_a_move

from board import (
    PHONE,
    canvas_grid,
    canvas_summary,
    choose_action,
    key,
    record_link,
    same_picture,
    saved_record,
    settle,
    snapshot,
    start_game,
)
from conftest import not_kept, wait_ready

PONTE = {"game": "ponte", "options": {"size": 10, "supply": "unlimited"}, "seed": 11,
         "moves": ["c3,c5", "swap", "h6,h8"]}


def reload(page) -> None:
    page.reload()
    wait_ready(page)


def saved_row(page, record: dict):
    return page.locator(f'.saved-game[data-save="{record["game"]}-{record["seed"]}"]')


def viewing_ply(page) -> int | None:
    """The move looked at in the list (aria-current), or None at the live end."""
    settle(page)
    if page.locator("#viewing").is_hidden():
        return None
    current = page.locator("#history-list [aria-current]")
    return int(current.get_attribute("data-ply")) if current.count() else 0  # 0: the start


def test_a_reload_mid_game_goes_back_to_it_and_a_new_visit_starts_on_the_menu(open_page):
    page = open_page().page
    page.locator(".game-card[data-game=othello] [data-start=people]").click()
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'othello'")
    play_a_move(page, "othello")
    record = saved_record(page)
    reload(page)
    settle(page)
    assert page.locator("#play").is_visible() and page.locator("#menu").is_hidden()
    assert saved_record(page) == record
    tab = page.context.new_page()  # the same browser, another tab: the menu, the game kept
    tab.goto(page.url)
    wait_ready(tab)
    settle(tab)
    assert tab.locator("#menu").is_visible() and saved_row(tab, record).is_visible()
    tab.close()
    page.goto(page.url)  # the site's address opened again in the same tab: the menu
    wait_ready(page)
    settle(page)
    assert page.locator("#menu").is_visible()
    reload(page)  # …and a reload after it stays there, as after Menu
    settle(page)
    assert page.locator("#menu").is_visible()
    saved_row(page, record).locator("[data-act=resume]").click()
    settle(page)
    page.locator("#back").click()  # left for the menu: a reload stays there
    reload(page)
    settle(page)
    assert page.locator("#menu").is_visible() and page.locator("#play").is_hidden()


def test_every_game_is_saved_after_each_move_and_resumes_after_a_reload(app_page):
    page = app_page.page
    kept = {}
    for game in GAMES:
        page.locator(f".game-card[data-game={game}] [data-start=people]").click()
        page.wait_for_function(f"window.inselApp.snapshot()?.record.game === '{game}'")
        settle(page)
        start = canvas_grid(page)
        play_a_move(page, game)
        kept[game] = (saved_record(page), canvas_grid(page))
        assert not same_picture(start, kept[game][1])  # the comparison sees a single move
        page.locator("#back").click()
    reload(page)
    assert page.locator(".saved-game").count() == len(GAMES)
    newest = page.locator(".saved-game").first.get_attribute("data-save")
    assert newest.startswith(GAMES[-1])  # newest first
    for game, (record, picture) in kept.items():
        row = saved_row(page, record)
        count = len(record["moves"])
        assert f"{count} {'move' if count == 1 else 'moves'} ·" in row.inner_text()  # "1 move"
        row.locator("[data-act=resume]").click()
        page.wait_for_function(f"window.inselApp.snapshot()?.record.game === '{game}'")
        settle(page)
        assert saved_record(page) == record
        if game != "kahuna":  # Kahuna resumes behind its curtain, as any hand-over does
            assert same_picture(canvas_grid(page), picture), game
        page.locator("#back").click()
    saved_row(page, kept["othello"][0]).locator("[data-act=delete]").click()
    settle(page)
    assert page.locator(".saved-game").count() == len(GAMES) - 1
    not_kept(page)  # its dialogs are accepted from here on
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator("#saved-clear").click()
    settle(page)
    assert page.locator(".saved-game").count() == 0 and page.locator("#continue").is_hidden()


def test_damaged_storage_is_shown_as_damaged_and_the_rest_resumes(open_page):
    page = open_page().page
    illegal = {**PONTE, "seed": 12, "moves": ["c3,c5", "c3,c4"]}
    entry = {"version": 1, "id": "ponte-11", "game": "ponte", "record": PONTE,
             "seats": ["human", "human"], "computer": {}, "moves": 3, "over": False,
             "updated": 1_700_000_000_000}
    page.evaluate("""([good, illegal]) => {
        localStorage.setItem("inselspiele.save.ponte-11", JSON.stringify(good));
        localStorage.setItem("inselspiele.save.cut", JSON.stringify(good).slice(0, 40));
        localStorage.setItem("inselspiele.save.old", JSON.stringify({...good, version: 0}));
        localStorage.setItem("inselspiele.save.ponte-12",
                             JSON.stringify({...good, id: "ponte-12", record: illegal}));
    }""", [entry, illegal])
    reload(page)
    damaged = page.locator(".saved-game.damaged")
    page.wait_for_function("document.querySelectorAll('.saved-game.damaged').length === 3")
    text = damaged.all_inner_texts()
    assert any("not valid JSON" in t for t in text) and any("(format 0;" in t for t in text)
    assert any("move 2" in t for t in text)  # the engine's reason for the illegal move
    with page.expect_download() as download:
        page.locator('.saved-game[data-save="cut"] [data-act=download]').click()
    assert download.value.path().read_text() == json.dumps(entry, separators=(",", ":"))[:40]
    saved_row(page, PONTE).locator("[data-act=resume]").click()
    page.wait_for_function("window.inselApp.snapshot()?.record.moves.length === 3")
    settle(page)
    assert saved_record(page) == PONTE


def test_the_move_list_shows_earlier_positions_and_steps_with_the_keys(app_page):
    page = app_page.page
    start_game(page, "othello")
    settle(page)  # drawn: start_game waits for the play screen, not for its first frame
    digests = [canvas_summary(page)["digest"]]
    for _ in range(4):
        play_a_move(page, "othello")
        digests.append(canvas_summary(page)["digest"])
    items = page.locator("#history-list button")
    assert items.count() == 4 and items.nth(0).inner_text().split() == ["1.", snapshot(page)[
        "record"]["moves"][0]]
    items.nth(1).click()  # after move 2
    assert viewing_ply(page) == 2 and canvas_summary(page)["digest"] == digests[2]
    assert "move 2 of 4" in page.locator("#viewing-text").inner_text()
    before = saved_record(page)
    page.mouse.click(*page.evaluate("""() => { const p = window.inselApp.locate(
        window.inselApp.snapshot().legal[0]); return [p.x, p.y]; }"""))
    assert saved_record(page) == before  # a past position is only looked at
    items.nth(1).press("ArrowLeft")
    assert viewing_ply(page) == 1 and canvas_summary(page)["digest"] == digests[1]
    key(page, "Home")
    assert viewing_ply(page) == 0 and canvas_summary(page)["digest"] == digests[0]
    key(page, "End")
    assert viewing_ply(page) is None and canvas_summary(page)["digest"] == digests[4]
    play_a_move(page, "othello")  # live play goes on

    page.locator("#history-list button").first.click()  # a replay from the first position
    # the slowest speed, so that a loaded machine's late click still pauses it mid-way
    page.locator("#viewing select[name=replay-speed]").select_option("2000")
    page.locator("#viewing-controls [data-act=replay]").click()
    page.wait_for_function("document.getElementById('viewing-text').textContent.includes('2 of')")
    page.locator("#viewing-controls [data-act=replay]").click()  # pause
    paused = viewing_ply(page)
    assert paused is not None and paused < 5
    page.wait_for_timeout(2500)  # longer than a step at this speed
    assert viewing_ply(page) == paused
    page.locator("#viewing select[name=replay-speed]").select_option("250")
    page.locator("#viewing-controls [data-act=replay]").click()  # on to the end: live again
    page.wait_for_selector("#viewing", state="hidden")


REPLAY_BOX = """() => { const box = (s) => document.querySelector(s).getBoundingClientRect();
  const pause = getComputedStyle(document.querySelector('#viewing-controls [data-act=replay]'),
                                 '::before');
  return {viewing: box('#viewing').toJSON(), tools: box('.toolbar').toJSON(),
          panel: box('.panel').toJSON(), pauseWidth: parseFloat(pause.width) || 0}; }"""


def test_the_move_list_opens_and_closes_with_a_tap_on_a_phone(open_page):
    page = open_page(record_link(PONTE), **PHONE).page
    page.wait_for_function("window.inselApp.snapshot()?.record.moves.length === 3")
    settle(page)
    moves = page.locator("#history-list button")
    assert moves.first.is_hidden()  # a drawer on a small screen
    for _ in range(2):  # the board loses the focus: the page redraws, the tap holds
        page.locator("#board").focus()
        page.locator("#moves-button").tap()
        settle(page)
        assert moves.count() == 3 and moves.first.is_visible()
        page.locator("#moves-button").tap()
        settle(page)
        assert moves.first.is_hidden()


def test_a_replay_on_a_phone_held_sideways_brings_its_controls_in_sight(open_page):
    """The game-over dialog's Replay on an 844×390 phone: the replay's box is whole in the
    side panel, clear of the toolbar, and the pause sign is drawn (no font needed) while it
    plays."""
    over = {"game": "othello", "options": {"size": 6}, "seed": 1,
            "moves": ["b3", "b2", "b1", "b4", "d5", "c5", "b5", "e5", "f6"]}
    page = open_page(record_link(over), viewport={"width": 844, "height": 390},
                     has_touch=True, is_mobile=True).page
    page.locator("#game-over-replay").tap()
    page.wait_for_selector("#viewing", state="visible")
    settle(page)
    shown = page.evaluate(REPLAY_BOX)
    viewing, tools, panel = shown["viewing"], shown["tools"], shown["panel"]
    assert panel["top"] <= viewing["top"] and viewing["bottom"] <= min(panel["bottom"], 390)
    assert viewing["bottom"] <= tools["top"] or viewing["right"] <= tools["left"]
    play = page.locator("#viewing-controls [data-act=replay]")
    assert play.inner_text() == "" and play.get_attribute("aria-label") == "Pause"
    assert shown["pauseWidth"] > 5


def test_undo_and_redo_round_trip_and_a_new_move_clears_redo(app_page):
    page = app_page.page
    start_game(page, "ponte")
    for _ in range(3):
        play_a_move(page, "ponte")
    after = (saved_record(page), canvas_summary(page)["digest"])
    page.locator("#undo").click()
    page.locator("#undo").click()
    assert len(saved_record(page)["moves"]) == 1 and page.locator("#redo").is_enabled()
    page.locator("#redo").click()
    page.locator("#redo").click()
    assert (saved_record(page), canvas_summary(page)["digest"]) == after
    assert page.locator("#redo").is_disabled()
    page.locator("#undo").click()
    play_a_move(page, "ponte")
    assert page.locator("#redo").is_disabled()


def test_a_game_exported_to_a_file_opens_again_and_a_broken_file_is_refused(app_page, tmp_path):
    page = app_page.page
    start_game(page, "ponte")
    play_a_move(page, "ponte")
    with page.expect_download() as download:
        choose_action(page, "#export")
    assert download.value.suggested_filename.startswith("inselspiele-ponte-")
    exported = json.loads(download.value.path().read_text())
    assert exported == saved_record(page)
    page.locator("#back").click()
    page.locator(".game-card[data-game=othello] [data-start=people]").click()
    play_a_move(page, "othello")
    othello = saved_record(page)
    page.locator("#back").click()

    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "ponte", "seed": 1, "moves": ["c3,c5", "c3,c4"]}')
    page.locator("#import-file").set_input_files(str(broken))
    page.wait_for_function("document.getElementById('file-message').textContent.includes('move 2')")
    assert "broken.json" in page.locator("#file-message").inner_text()  # beside the button
    (tmp_path / "cut.json").write_text('{"game": "ponte", "se')
    page.locator("#import-file").set_input_files(str(tmp_path / "cut.json"))
    page.wait_for_function("document.getElementById('file-message').textContent"
                           ".includes('“cut.json” cannot be opened: it is not a game file')")
    assert saved_record(page) == othello  # the game in progress is untouched

    page.locator("#import-file").set_input_files(str(download.value.path()))
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'ponte'")
    settle(page)
    assert saved_record(page) == exported


def send_move_link(page) -> str:
    page.locator("#send-move").click()
    link = page.locator("#share-link")
    page.wait_for_function("document.getElementById('share-link').value.includes('#m=')")
    value = link.input_value()
    page.locator("#share-close").click()
    return value


def test_two_browsers_play_by_link(open_page):
    alice = open_page()
    bob = open_page(device="bob", viewport={"width": 1100, "height": 800})  # storage apart
    a, b = alice.page, bob.page
    for page in (a, b):
        page.evaluate("delete Navigator.prototype.share")  # the dialog, not a share sheet
    start_game(a, "othello", computer={1: "link"})
    play_a_move(a, "othello")
    assert a.locator("#send-move").is_visible() and "own device" in a.locator("#turn").inner_text()
    before = saved_record(a)
    a.mouse.click(*a.evaluate("""() => { const p = window.inselApp.locate('c3');
                                 return [p.x, p.y]; }"""))
    assert saved_record(a) == before  # Alice cannot move for Bob

    link = send_move_link(a)
    b.evaluate("(f) => { location.hash = f; }", link[link.index("#"):])
    b.wait_for_function("window.inselApp.snapshot()?.record.moves.length === 1")
    assert snapshot(b)["view"]["current"] == 1 and b.locator("#send-move").is_hidden()
    play_a_move(b, "othello")
    reply = send_move_link(b)

    older = link[link.index("#"):]
    a.evaluate("(f) => { location.hash = f; }", reply[reply.index("#"):])
    a.wait_for_function("window.inselApp.snapshot()?.record.moves.length === 2")
    assert snapshot(a)["view"]["current"] == 0 and a.locator("#send-move").is_hidden()
    a.locator("#back").click()
    a.evaluate("(f) => { location.hash = f; }", older)  # an old link: the newer game is offered
    a.locator("#older").wait_for()
    assert "at move 1;" in a.locator("#older-text").inner_text()
    a.locator("#older-saved").click()
    a.wait_for_function("window.inselApp.snapshot()?.record.moves.length === 2")
    settle(a)
