"""A Wort-Reversi lesson as a class plays it (issue 33): the teacher (German, a 1024×768
projector) makes a 12-word list and shares it for the class (QR code in the share dialog);
each pupil's page opens the link straight into a game against the computer, with the name
typed in the setup, plays to the end by tapping squares and typing answers, and hands in the
learning report, two by file, one by text code; the teacher's class report reads all three
(a duplicate file and a damaged code named and skipped) and shows per word how many pupils
missed it and per pupil their share right.  The pupil's name stands on the play screen over
the seat's colour.  One teacher page; each pupil on a device of their
own (not the teacher's browser: the class link is one game, whose save a second tab of the
same browser would only show), one after another: the pupils' device has its storage cleared
and the last pupil's page closed before the next pupil's opens."""

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from board import open_setup, settle, snapshot, tap
from paths import ROOT

DE = json.loads((ROOT / "assets" / "i18n" / "de.json").read_text(encoding="utf-8"))
PAIRS = [("der Hund", "die Hunde"), ("die Katze", "die Katzen"), ("die Maus", "die Mäuse"),
         ("das Pferd", "die Pferde"), ("die Kuh", "die Kühe"), ("das Schaf", "die Schafe"),
         ("der Vogel", "die Vögel"), ("der Fisch", "die Fische"), ("die Ente", "die Enten"),
         ("der Hase", "die Hasen"), ("die Gans", "die Gänse"), ("der Bär", "die Bären")]
LIST = "\n".join(["title: Tiere der Woche", *(f"{a} ; {b}" for a, b in PAIRS)])
PLURAL = dict(PAIRS)
PROJECTOR = {"width": 1024, "height": 768}


def play_to_the_end(page, weak: str) -> list[tuple[str, bool]]:
    """Play seat 0 (dark, naming plurals) to the end: the first square offered each turn,
    every back named right except the plural of `weak` (typed without its umlaut or ending).
    The words asked, in order, with whether the answer was right."""
    asked = []
    while not (view := snapshot(page)["view"])["over"]:
        assert view["current"] == 0  # the computer answers each move by itself
        if view["must_pass"]:
            page.locator('button[data-move="pass"]').click()
            settle(page)
            continue
        square = view["candidates"][0]
        tap(page, square)
        for entry in view["quiz"][square]:
            right = entry["word"] != weak
            answer = PLURAL[entry["word"]] if right else "die Tierchen"
            page.locator(f'.wr-quiz input[data-square="{entry["square"]}"]').fill(answer)
            asked.append((entry["word"], right))
        page.locator('.wr-quiz button[type="submit"]').click()
        settle(page)
    return asked


def pupil(open_page, link: str, name: str, weak: str):
    """A pupil's page (on the pupils' device, its storage cleared): the name typed in the
    setup, then the teacher's link followed."""
    page = open_page("", device="pupil", viewport={"width": 1100, "height": 850}).page
    setup = open_setup(page, "wortreversi")
    setup.locator('[data-name-seat="0"]').fill(name)
    page.locator("#setup-cancel").click()
    page.evaluate("hash => { location.hash = hash; }", link[link.index("#"):])
    ask = page.locator("#name-ask")  # the name first: the one typed on this device, confirmed
    expect(ask.locator('input[data-ask-seat="0"]')).to_have_value(name)
    ask.get_by_role("button", name="Play").click()
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'wortreversi'")
    settle(page)
    assert page.locator("#play").is_visible() and not page.locator("#setup").is_visible()
    # the name typed on this device names the pupil's seat (a teacher's link carries none)
    seat = page.locator("#seats li").first
    assert seat.locator(".who .name").inner_text() == name
    assert seat.locator(".who .role").inner_text() == "Player 1 (dark)"
    computer = page.locator("#seats li").nth(1)  # its name over who plays it (issue 47)
    assert computer.locator(".who .name").inner_text() == "Player 2 (light)"
    assert computer.locator(".who .role").inner_text() == "Computer, medium"
    assert page.locator("#turn").inner_text().startswith(f"{name}: ")
    panel = page.locator("#game-panel").inner_text()
    assert "Tiere der Woche (12 pairs" in panel  # the list's name, its words repeated
    # no answer on screen: the list's pairs are not shown (a tile's own face may be any form,
    # by the link's seed, so single words are no sign)
    text = page.locator("body").inner_text()
    assert not any(f"{a} ; {b}" in text for a, b in PAIRS)
    assert page.locator(".word-lists textarea:visible").count() == 0
    asked = play_to_the_end(page, weak)
    page.locator("#game-over-report").click()
    report = page.locator("#wr-report")
    report.wait_for()
    assert "the computer (medium)" in report.locator(".wr-report-compare").inner_text()
    assert "set to 70 %" in report.locator(".wr-report-compare").inner_text()
    assert report.locator('[data-seat="0"] h3').inner_text() == name  # the name from the setup
    report.locator(".hand-in summary").first.click()
    assert report.locator('[data-hand-in-name="0"]').input_value() == name
    return page, report, asked


def expected(pupils: dict[str, list[tuple[str, bool]]]):
    """Per word (right form): times asked, times missed, the pupils who missed it; per pupil:
    the share right."""
    words: dict[str, list] = {}
    for name, asked in pupils.items():
        for word, ok in asked:
            entry = words.setdefault(PLURAL[word], [0, 0, []])
            entry[0] += 1
            entry[1] += not ok
            if not ok and name not in entry[2]:
                entry[2].append(name)
    shares = {name: round(100 * sum(ok for _, ok in asked) / len(asked))
              for name, asked in pupils.items()}
    return words, shares


def table(dialog, name: str) -> list[list[str]]:
    rows = dialog.locator(f"table.{name} tbody tr")
    return [[cell.strip() for cell in row.split("\t")] for row in rows.all_inner_texts()]


def test_a_lesson_from_the_teachers_list_to_the_class_report(open_page, tmp_path):
    teacher = open_page("#lang=de", viewport=PROJECTOR).page
    teacher.evaluate("location.hash = '#projector'")
    settle(teacher)
    setup = open_setup(teacher, "wortreversi")
    setup.locator(".word-lists summary").click()
    setup.locator(".word-lists textarea").fill(LIST)
    setup.get_by_role("button", name=DE["wl_check"]).click()
    settle(teacher)
    assert setup.locator(".wl-tiles").inner_text() == DE["wl_tilesEach"].replace("{count}", "3")
    setup.locator(".class-link").scroll_into_view_if_needed()
    setup.locator('[data-act="class-link"]').click()
    share = teacher.locator("#share")
    share.wait_for()
    link = share.locator("#share-link").input_value()
    qr = share.locator("canvas.qr-code")
    modules, version = int(qr.get_attribute("data-modules")), int(qr.get_attribute("data-version"))
    assert modules == 17 + 4 * version and 1 <= version <= 40
    box = qr.bounding_box()
    assert box["width"] >= 0.6 * PROJECTOR["height"] and box["height"] == box["width"]
    assert box["width"] / (modules + 8) >= 5  # at least 5 screen pixels a module
    frame = share.bounding_box()  # the whole code in the dialog's view, nothing to scroll
    assert frame["y"] <= box["y"] and box["y"] + box["height"] <= frame["y"] + frame["height"]
    share.locator("#share-close").click()

    played = {}
    anna, report, played["Anna"] = pupil(open_page, link, "Anna", weak="die Maus")
    with anna.expect_download() as download:
        report.locator('[data-act="hand-in-file"]').click()
    anna_file = tmp_path / "anna.json"
    download.value.save_as(anna_file)
    anna.close()
    ben, report, played["Ben"] = pupil(open_page, link, "Ben", weak="der Hund")
    report.locator('[data-act="hand-in-code"]').click()
    code_field = report.locator('[data-hand-in-code="0"]')
    expect(code_field).to_have_value(re.compile(r"^WR1\."))  # made (compressed) in the page
    code = code_field.input_value()
    ben.close()
    cem, report, played["Cem"] = pupil(open_page, link, "Cem", weak="die Gans")
    with cem.expect_download() as download:
        report.locator('[data-act="hand-in-file"]').click()
    cem_file = tmp_path / "cem.json"
    download.value.save_as(cem_file)
    cem.close()
    # Cem's file edited to say every answer was right (and one answer made wrong): read,
    # re-graded from its answers against the teacher's list, marked, counted as re-graded
    handed = json.loads(cem_file.read_text(encoding="utf-8"))
    assert [(shown, ok) for shown, _, _, ok in handed["words"]] == played["Cem"]
    handed["words"] = [[*word[:3], True] for word in handed["words"]]
    handed["words"][0][2] = "ganz falsch"
    played["Cem"][0] = (played["Cem"][0][0], False)
    cem_file.write_text(json.dumps(handed, ensure_ascii=False), encoding="utf-8")

    setup.locator('[data-act="class-report"]').click()
    dialog = teacher.locator("#class-report")
    dialog.wait_for()
    again = tmp_path / "anna-again.json"
    again.write_text(anna_file.read_text())
    dialog.locator('input[type="file"]').set_input_files([anna_file, cem_file, again])
    dialog.locator("textarea").fill(f"{code}\n{code[:-8]}")
    dialog.locator('[data-act="read-codes"]').click()
    expect(dialog.locator(".cr-pupils tbody tr")).to_have_count(3)  # read in the page, no engine
    expect(dialog.locator(".skipped li")).to_have_count(2)
    skipped = dialog.locator(".skipped li").all_inner_texts()
    assert skipped == ["Übersprungen, Anna ist schon eingelesen: anna-again.json",
                       "Übersprungen, beschädigt: Code 5"]
    words, shares = expected(played)
    rows = table(dialog, "cr-words")
    assert {row[0]: [int(row[2]), int(row[3]), sorted(row[4].split(", ")) if row[4] else []]
            for row in rows} == {word: [asked, missed, sorted(names)]
                                 for word, (asked, missed, names) in words.items()}
    misses = [int(row[3]) for row in rows]
    assert misses == sorted(misses, reverse=True)  # the hardest words first
    assert [row[:4] for row in table(dialog, "cr-pupils")] == [
        [name, str(len(played[name])), str(sum(ok for _, ok in played[name])), f"{shares[name]} %"]
        for name in ("Anna", "Cem", "Ben")]
    notes = {row[0]: row[5] for row in table(dialog, "cr-pupils")}
    assert notes == {"Anna": "", "Cem": "von Hand geändert", "Ben": ""}
    assert "Von Hand geändert: Cem." in dialog.locator(".cr-changed").inner_text()
    # numbers right-aligned, the share too, and their headings with them
    share = dialog.locator("table.cr-pupils tbody tr").first.locator("td").nth(3)
    assert share.evaluate("node => getComputedStyle(node).textAlign") == "right"
    heading = dialog.locator("table.cr-pupils th").nth(3)
    assert heading.evaluate("node => getComputedStyle(node).textAlign") == "right"
    dialog.locator("table.cr-words").scroll_into_view_if_needed()
    with teacher.expect_download() as csv:
        dialog.locator('[data-act="csv"]').click()
    text = Path(csv.value.path()).read_text(encoding="utf-8")
    assert text.startswith('\ufeff"Richtige Form";"Gezeigt"') and '"Anna"' in text
    # the list column's heading, not the editor's "Deine eigene Wortliste"
    assert '"Schüler";"Wortliste";"Gefragte Wörter"' in text
    # printed with backgrounds on: white paper, no sand around the report
    teacher.evaluate("document.body.classList.add('printing-class-report')")
    teacher.emulate_media(media="print")
    paper = teacher.evaluate("""() => [document.documentElement, document.body,
        document.getElementById('class-report')]
        .map((node) => getComputedStyle(node).backgroundColor)""")
    assert set(paper) <= {"rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"}, paper
    teacher.emulate_media(media="screen")
