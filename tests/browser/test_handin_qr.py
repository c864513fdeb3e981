"""A hand-in shown as a QR code and scanned by the teacher's camera (issue 44 point 6), in
German: a pupil on a phone shows the learning report's hand-in as a QR code (the text code
it carries, "WR1." + deflated JSON in base64url, as the paste uses); the teacher's class
report on a 1024×768 laptop scans it with the camera (the pixels of the phone's QR code held
up to it: camera.py; Chromium's own fake camera is test_qr_reader.py's) and counts it as a
hand-in, once; a laptop without a camera is told why and reads the same code pasted."""

import json
import re
import subprocess

from camera import CAMERA
from playwright.sync_api import expect
from test_qr_reader import MODULES

from board import PHONE, choose_action, open_setup, saved_record, settle, snapshot, tap
from insel.games import replay
from paths import ROOT

DE = json.loads((ROOT / "assets" / "i18n" / "de.json").read_text(encoding="utf-8"))
LAPTOP = {"width": 1024, "height": 768}
# the left and right edges of a part's content (inside its padding)
PADDED = """(part) => { const r = part.getBoundingClientRect(), s = getComputedStyle(part);
  return [r.left + parseFloat(s.paddingLeft), r.right - parseFloat(s.paddingRight)]; }"""


def place(page, answers_of) -> list[bool]:
    """Tap the first square offered, type `answers_of(right answers)`, press "Plättchen
    legen"; the grades (right?) of the answers typed."""
    state = replay(saved_record(page))
    square, _, right = state.legal_moves()[0].partition(":")
    right = json.loads(right)
    typed = answers_of(right)
    before = len(snapshot(page)["record"]["moves"])
    tap(page, square, touch=True)
    for i, answer in enumerate(typed):
        page.locator("#game-panel .wr-quiz input").nth(i).fill(answer)
    page.get_by_role("button", name=DE["wr_place"]).click()
    page.wait_for_function("(n) => window.inselApp.snapshot()?.record.moves.length > n", arg=before)
    settle(page)
    return [a == b for a, b in zip(typed, right, strict=True)]


def hand_in_code(open_page) -> tuple[str, str, list[bool]]:
    """A pupil on a phone plays two placements of their own (one wrong), opens the learning
    report and shows the hand-in as a QR code: its text code, the code's picture (a data
    URL) and the grades of the dark seat's answers."""
    page = open_page("#lang=de", **PHONE).page
    page.locator(".game-card[data-game=wortreversi] [data-start=people]").click()
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'wortreversi'")
    settle(page)
    grades = place(page, lambda right: ["die Quatsche"] * len(right))
    place(page, lambda right: right)  # the light seat
    grades += place(page, lambda right: right)
    choose_action(page, "#report-button")
    settle(page)
    part = page.locator("#wr-report .wr-report-seat[data-seat='0']")
    part.locator(".hand-in summary").click()
    part.locator('[data-hand-in-name="0"]').fill("Jonas")
    part.locator('[data-act="hand-in-code"]').click()
    code_field = part.locator('[data-hand-in-code="0"]')
    expect(code_field).to_have_value(re.compile(r"^WR1\."))  # made (compressed) in the page
    code = code_field.input_value()
    qr = part.locator('[data-hand-in-qr="0"] canvas.qr-code')
    expect(qr).to_be_visible()
    rows = json.loads(subprocess.run(["node", "--input-type=module", "-e", MODULES, code], cwd=ROOT,
                                     check=True, capture_output=True, text=True).stdout)
    assert int(qr.get_attribute("data-modules")) == len(rows)  # the code of that text
    assert part.locator(".hi-status").inner_text() == DE["hi_qrDone"]
    box = qr.bounding_box()
    assert box["width"] >= 300 and box["x"] >= 0 and box["x"] + box["width"] <= 390  # on the phone
    inner = part.evaluate(PADDED)  # and inside its part's padding (it ran 8 px past it)
    assert inner[0] - 0.5 <= box["x"] and box["x"] + box["width"] <= inner[1] + 0.5, (box, inner)
    return code, qr.evaluate("(canvas) => canvas.toDataURL()"), grades


def class_report(page):
    """The teacher's class report, opened from Wort-Reversi's setup."""
    setup = open_setup(page, "wortreversi")
    setup.locator(".word-lists summary").click()
    setup.locator('[data-act="class-report"]').click()
    dialog = page.locator("#class-report")
    dialog.wait_for()
    return dialog


def pupils(dialog) -> list[list[str]]:
    rows = dialog.locator("table.cr-pupils tbody tr")
    return [[cell.strip() for cell in row.split("\t")][:4] for row in rows.all_inner_texts()]


def test_a_hand_in_shown_as_a_qr_code_is_read_by_the_teachers_camera(open_page):
    code, picture, grades = hand_in_code(open_page)
    expected = [["Jonas", str(len(grades)), str(sum(grades)),
                 f"{round(100 * sum(grades) / len(grades))} %"]]

    # a laptop without a camera: told why, in German; the code pasted is read instead
    laptop = open_page("#lang=de", viewport=LAPTOP).page
    dialog = class_report(laptop)
    dialog.locator('[data-act="scan"]').click()
    status = dialog.locator(".cr-scan-status")
    expect(status).not_to_have_text(DE["cr_scanHelp"])
    assert status.inner_text() in (DE["qr.camera_denied"], DE["qr.camera_absent"])
    expect(dialog.locator('[data-act="scan"]')).to_be_visible()  # the camera is off again
    dialog.locator("textarea").fill(code)
    dialog.locator('[data-act="read-codes"]').click()
    expect(dialog.locator(".cr-pupils tbody tr")).to_have_count(1)
    assert pupils(dialog) == expected

    # a laptop whose camera sees the pupil's phone: the code read, counted like a file
    teacher = open_page("#lang=de", device="teacher", viewport=LAPTOP).page
    teacher.evaluate(CAMERA)
    teacher.evaluate("(url) => window.holdUp(url)", picture)  # the phone's screen, held up
    dialog = class_report(teacher)
    dialog.locator('[data-act="scan"]').click()
    expect(dialog.locator("video.cr-camera")).to_be_visible()
    expect(dialog.locator(".cr-pupils tbody tr")).to_have_count(1, timeout=60_000)
    assert pupils(dialog) == expected
    status = dialog.locator(".cr-scan-status")
    expect(status).to_have_text(DE["cr_scanRead"].replace("{source}", "Kamera-Code 1"))
    # the code held up again is passed over (read once), until the camera is turned off
    dialog.locator('[data-act="scan-stop"]').click()
    expect(dialog.locator("video.cr-camera")).to_be_hidden()
    assert dialog.locator(".skipped li").count() == 0 and pupils(dialog) == expected
