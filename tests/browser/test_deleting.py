"""Nothing a person made goes with one silent tap: a saved game deleted from the Continue list
can be brought back for a while ("Gelöscht: Othello — Rückgängig"), and deleting a saved word
list asks first."""

from __future__ import annotations

from moves import play_a_move

from board import open_setup, saved_record, settle, start_game


def test_a_deleted_save_can_be_brought_back(open_page):
    page = open_page("#lang=de").page
    start_game(page, "othello")
    play_a_move(page, "othello")
    record = saved_record(page)
    page.locator("#back").click()
    row = page.locator(f'.saved-game[data-save="othello-{record["seed"]}"]')
    row.locator("[data-act=delete]").click()
    settle(page)
    assert row.count() == 0
    undo = page.locator(".saved-undo")
    assert undo.is_visible() and "Gelöscht: Othello" in undo.inner_text()
    assert undo.locator("[data-act=undo-delete]").inner_text() == "Rückgängig"
    undo.locator("[data-act=undo-delete]").click()
    settle(page)
    assert row.count() == 1 and page.locator(".saved-undo").count() == 0
    row.locator("[data-act=resume]").click()
    page.wait_for_function("!document.getElementById('play').hidden")
    assert saved_record(page) == record


def test_deleting_a_saved_word_list_asks_first(open_page):
    page = open_page().page
    page.evaluate("""() => localStorage.setItem("inselspiele.wordlists",
        JSON.stringify({"My list": "title: My list\\nder Hund ; die Hunde"}))""")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    setup = open_setup(page, "wortreversi")
    setup.locator(".word-lists summary").click()
    saved = setup.locator(".word-lists select").first
    saved.select_option("My list")
    asked = []
    for answer in ("dismiss", "accept"):
        page.once("dialog", lambda dialog, answer=answer: (asked.append(dialog.message),
                                                           getattr(dialog, answer)()))
        setup.get_by_role("button", name="Delete saved list").click()
        stored = page.evaluate("JSON.parse(localStorage.getItem('inselspiele.wordlists'))")
        assert ("My list" in stored) == (answer == "dismiss"), answer
    assert asked and "My list" in asked[0]
