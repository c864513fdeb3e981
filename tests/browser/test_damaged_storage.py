"""No stored value and no link can stop the app (issue 31): saves with dates no calendar
holds, a save under another game's id, remembered options out of range and links whose
name cannot be decoded, at start and mid-game, in English and German."""

from board import saved_record, settle, snapshot
from conftest import wait_ready

PONTE = {"game": "ponte", "options": {"size": 10, "supply": "unlimited"}, "seed": 11,
         "moves": ["c3,c5", "swap", "h6,h8"]}
ODD_DATES = {11: 1e300, 12: -1e300, 13: 9e15, 14: "yesterday"}


def entry(seed: int, updated) -> dict:
    return {"version": 1, "id": f"ponte-{seed}", "game": "ponte",
            "record": {**PONTE, "seed": seed}, "seats": ["human", "human"], "computer": {},
            "moves": 3, "over": False, "updated": updated}


def store(page, items: dict) -> None:
    page.evaluate("""(items) => {
        for (const [key, value] of Object.entries(items)) {
            localStorage.setItem(key, JSON.stringify(value));
        }
    }""", items)


def reload_at(page, fragment: str) -> None:
    """Put `fragment` in the address bar (no hashchange) and start the app afresh there."""
    page.evaluate("(fragment) => history.replaceState(null, '', location.pathname + fragment)",
                  fragment)
    page.reload()
    wait_ready(page)
    settle(page)


def test_damaged_saves_options_and_links_never_stop_the_app(open_page):
    page = open_page().page
    store(page, {
        **{f"inselspiele.save.ponte-{seed}": entry(seed, updated)
           for seed, updated in ODD_DATES.items()},
        "inselspiele.save.ponte-99": entry(11, 1_700_000_000_000),  # ponte-11 under ponte-99
        "inselspiele.prefs": {"version": 1,
                              "games": {"inselspiel": {"options": {"players": 1e10}}}},
    })
    reload_at(page, "#100%")
    assert page.locator(".game-card").count() == 5  # the menu is there
    assert "“100%” link is damaged" in page.locator("#menu-message").inner_text()
    assert page.evaluate("location.hash") == ""  # a reload starts clean
    rows = page.locator(".saved-game")
    assert rows.count() == 5
    misplaced = page.locator('.saved-game[data-save="ponte-99"]')
    assert "damaged" in misplaced.get_attribute("class")
    assert "stored as “ponte-99” but holds the game “ponte-11”" in misplaced.inner_text()
    assert misplaced.locator("[data-act=resume]").count() == 0  # never resumed as another game
    for seed in ODD_DATES:  # listed without a date, resumable
        when = page.locator(f'.saved-game[data-save="ponte-{seed}"] .saved-when').inner_text()
        assert when == "3 moves · in progress", when
    page.locator('.saved-game[data-save="ponte-11"] [data-act=resume]').click()
    page.wait_for_function("window.inselApp.snapshot()?.record.moves.length === 3")
    assert saved_record(page) == PONTE
    page.locator("#back").click()
    settle(page)

    # remembered options out of range: "Two players" starts the game's own two-seat game
    page.locator(".game-card[data-game=inselspiel] [data-start=people]").click()
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'inselspiel'")
    assert snapshot(page)["record"]["options"]["players"] == 2

    # a damaged link pasted mid-game: told, cleared, the game stays
    page.evaluate("location.hash = '%E0%A4%A=1'")
    page.wait_for_function("document.getElementById('message').textContent.includes('damaged')")
    assert "“%E0%A4%A” link is damaged" in page.locator("#message").inner_text()
    assert page.evaluate("location.hash") == ""
    assert snapshot(page)["record"]["game"] == "inselspiel"


def test_a_damaged_link_and_save_are_told_in_german(open_page):
    page = open_page().page
    store(page, {"inselspiele.settings": {"version": 1, "language": "de"},
                 "inselspiele.save.othello-5": entry(11, 1_700_000_000_000)})
    reload_at(page, "#%FF")
    assert "Der „%FF“-Link ist beschädigt" in page.locator("#menu-message").inner_text()
    assert page.evaluate("location.hash") == ""
    assert "als „othello-5“ gespeichert, enthält aber die Partie „ponte-11“" in page.locator(
        '.saved-game[data-save="othello-5"]').inner_text()
