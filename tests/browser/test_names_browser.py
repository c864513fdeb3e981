"""Names (issue 33), on one page as people would meet them: players and teams named in the
setup stand on the play screen over the seat's colour, in the turn line and the move list; the
game's file and share link keep them; a file or link whose names were edited (overlong, HTML,
not a list) still opens, the names cut or dropped and the person told; a teacher's #words=
link names the list in the setup's list choice; the setup's "For the class" part stays inside
the dialog on a 1024×768 projector.  German first, then English."""

import base64
import json
from pathlib import Path

from playwright.sync_api import expect

from board import choose_action, open_setup, record_link, settle, snapshot, start_game, tap
from paths import ROOT

DE = json.loads((ROOT / "assets" / "i18n" / "de.json").read_text(encoding="utf-8"))
EN = json.loads((ROOT / "assets" / "i18n" / "en.json").read_text(encoding="utf-8"))
PAIRS = [("der Hund", "die Hunde"), ("die Katze", "die Katzen"), ("die Maus", "die Mäuse"),
         ("das Pferd", "die Pferde"), ("die Kuh", "die Kühe"), ("das Schaf", "die Schafe"),
         ("der Vogel", "die Vögel"), ("der Fisch", "die Fische")]
LIST = "\n".join(["title: Tiere der Woche", *(f"{a} ; {b}" for a, b in PAIRS)])
# every seat's words: the name, the role under it (named seats), whether the name shows whole
SEATS = """() => [...document.querySelectorAll('#seats li')].map((li) => {
  const name = li.querySelector('.name'), role = li.querySelector('.role');
  return [name.textContent, role?.textContent ?? null,
    name.scrollWidth <= name.clientWidth && name.scrollHeight <= name.clientHeight + 1];
})"""


def named(page, seats: dict[int, str], teams: dict[int, str] | None = None):
    """Type names into the setup open on `page`."""
    setup = page.locator("#setup")
    for seat, name in seats.items():
        setup.locator(f'[data-name-seat="{seat}"]').fill(name)
    for team, name in (teams or {}).items():
        setup.locator(f'[data-name-team="{team}"]').fill(name)
    return setup


def to_menu(page):
    page.locator("#back").click()
    settle(page)


def test_names_in_play_files_links_and_the_setup(open_page, tmp_path):
    page = open_page("#lang=de", viewport={"width": 1280, "height": 800}).page
    settle(page)

    # Inselspiel, four players as two teams: each player and each team named
    setup = open_setup(page, "inselspiel")
    setup.locator("select[name=players]").select_option("4")
    setup.locator("select[name=teams]").select_option("[[0,2],[1,3]]")
    assert setup.locator("[data-name-team]").count() == 2  # a field per team, once teams are chosen
    named(page, {0: "Anna", 1: "Ben", 2: "Cem", 3: "Maximilian Baier"},
          {0: "Die Blauen", 1: "Die Roten"})
    start_game(page, "inselspiel", setup=setup)
    settle(page)
    seats = page.evaluate(SEATS)
    assert [s[0] for s in seats] == ["Anna", "Ben", "Cem", "Maximilian Baier"]
    assert all(s[2] for s in seats)  # a name of 16 characters fits whole
    assert [s[1] for s in seats] == ["Die Blauen · rot, Kreis", "Die Roten · blau, Quadrat",
                                     "Die Blauen · gelb, Dreieck", "Die Roten · grün, Raute"]
    assert page.locator("#turn").inner_text() == DE["insel_decide"].replace("{name}", "Anna")
    to_menu(page)

    # Othello, two people: names in the turn line and the move list; kept in the file
    setup = open_setup(page, "othello")
    named(page, {0: "Anna", 1: "Ben"})
    start_game(page, "othello", setup=setup)
    tap(page, snapshot(page)["legal"][0])
    assert page.locator("#turn").inner_text() == DE["toMove"].replace("{name}", "Ben")
    assert page.locator("#history-list .swatch").first.get_attribute("aria-label") == "Anna"
    with page.expect_download() as download:
        choose_action(page, "#export")
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert exported["names"] == {"seats": ["Anna", "Ben"], "teams": []}
    assert exported["moves"] == snapshot(page)["record"]["moves"]

    # the same file edited: an overlong name and one that looks like HTML; it opens, cut, told
    edited = tmp_path / "edited.json"
    html = "<img src=x onerror=alert(1)>"
    edited.write_text(json.dumps({**exported, "seed": exported["seed"] + 1,
                                  "names": {"seats": ["X" * 500, html]}}), encoding="utf-8")
    page.locator("#import-file").set_input_files(edited)
    # the file is read before the engine is asked: settle() alone may come too soon
    expect(page.locator("#message")).to_have_text(DE["namesCut"].replace("{max}", "24"))
    settle(page)
    assert [s[:2] for s in page.evaluate(SEATS)] == [["X" * 24, "Spieler 1 (dunkel)"],
                                                     [html[:24], "Spieler 2 (hell)"]]
    assert page.locator("#seats img").count() == 0  # text, never HTML

    # its share link carries the names: opened from the menu, the same names
    choose_action(page, "#share-button")
    page.wait_for_function("document.getElementById('share-link').value.includes('#r=')")
    link = page.locator("#share-link").input_value()
    page.locator("#share-close").click()
    to_menu(page)
    page.evaluate("hash => { location.hash = hash; }", link[link.index("#"):])
    page.wait_for_function("!document.getElementById('play').hidden")
    settle(page)
    assert [s[0] for s in page.evaluate(SEATS)] == ["X" * 24, html[:24]]
    to_menu(page)
    seats = page.locator("#saved-list .saved-seats").all_inner_texts()  # the Continue list
    assert sorted(seats) == sorted(["Anna · Ben", f"{'X' * 24} · {html[:24]}"])

    # a link whose names are not a list of texts: the game opens without them, and says so
    record = {"game": "othello", "options": {}, "seed": 99, "moves": [], "names": {"seats": "Anna"}}
    page.evaluate("hash => { location.hash = hash; }", record_link(record))
    settle(page)
    settle(page)
    assert page.locator("#message").inner_text() == DE["namesDamaged"]
    assert [s[:2] for s in page.evaluate(SEATS)] == [["Spieler 1 (dunkel)", None],
                                                     ["Spieler 2 (hell)", None]]
    to_menu(page)

    # a teacher's #words= link: the setup's list choice names the teacher's list
    code = base64.urlsafe_b64encode(LIST.encode()).decode().rstrip("=")
    page.evaluate("hash => { location.hash = hash; }", f"#words={code}")
    setup = page.locator("#setup")
    setup.wait_for()
    settle(page)
    words = setup.locator("select[name=words]")
    own = DE["wl_ownChoice"].replace("{title}", "Tiere der Woche")
    assert words.evaluate("s => s.selectedOptions[0].textContent") == own
    words.select_option(label=DE["wr_list_de-tiere"])  # a built-in list chosen: the own one aside
    settle(page)
    assert setup.locator(".wl-status").inner_text() == DE["wl_usingBuiltIn"]
    assert words.locator("option", has_text="Tiere der Woche").count() == 0

    # projector at 1024×768: the setup, "For the class" in it, inside the dialog
    setup.locator("#setup-cancel").click()
    page.set_viewport_size({"width": 1024, "height": 768})
    page.evaluate("location.hash = '#projector'")
    settle(page)
    setup = open_setup(page, "wortreversi")
    setup.locator(".word-lists summary").click()
    setup.locator(".class-link").scroll_into_view_if_needed()
    inside = setup.evaluate("""(d) => {
      const box = d.getBoundingClientRect(), pad = parseFloat(getComputedStyle(d).paddingRight);
      const part = d.querySelector('.class-link').getBoundingClientRect();
      return [d.scrollWidth <= d.clientWidth, part.right <= box.right - pad + 0.5, d.scrollLeft];
    }""")
    assert inside == [True, True, 0]
    setup.locator("#setup-cancel").click()

    # English: the same names over the English colours
    page.evaluate("location.hash = '#lang=en'")
    settle(page)
    setup = open_setup(page, "wortreversi")
    assert setup.locator('[data-name-seat="0"]').input_value() == "Anna"  # remembered here
    start_game(page, "wortreversi", setup=setup)
    settle(page)
    assert [s[:2] for s in page.evaluate(SEATS)] == [["Anna", "Player 1 (dark)"],
                                                     ["Ben", "Player 2 (light)"]]
    assert page.locator("#turn").inner_text() == EN["wr_toMove"].format(name="Anna", tap="click")
