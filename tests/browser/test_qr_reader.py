"""The QR reader (assets/js/platform/qr-reader.js) reads a code from a camera: Chromium's
fake camera plays a video of a QR code made now (qrcode-generator, as the app draws them),
and the page reads its text; Linux Chromium has no BarcodeDetector, so qr-scanner is loaded,
from the site only, and only when reading starts.  Without a camera the reader says so."""

import json
import subprocess

import pytest

from conftest import RecordedPage, launch, wait_ready
from paths import ROOT

TEXT = "T1.o.aBcD.0123456789abcdefghijkl.QRreaderTestFingerprintAAAAAAAAAAAAAAAAAAAAA.wKgBAgTS"
WIDTH, HEIGHT = 640, 480
# the code's modules, one string of 0/1 a row, by the encoder the app draws with
MODULES = """import qrcode from "qrcode-generator";
const code = qrcode(0, "L"); code.addData(process.argv[1], "Byte"); code.make();
const n = code.getModuleCount(), rows = [];
for (let r = 0; r < n; r++) {
  let row = ""; for (let c = 0; c < n; c++) row += code.isDark(r, c) ? 1 : 0; rows.push(row);
}
console.log(JSON.stringify(rows));"""
READ = """async (url) => {
  const reader = await import(url);
  const video = document.createElement("video");
  document.body.append(video);
  try {
    return {text: await reader.readQr(video, {accept: (text) => text.startsWith("T1.")}),
      live: video.srcObject !== null};
  } catch (error) {
    return {error: error.reason ?? String(error), said: error.say?.()};
  }
}"""


def qr_video(path, text: str) -> None:
    """A few frames of grey video (y4m, 4:2:0) showing `text`'s QR code, black on white."""
    rows = json.loads(subprocess.run(["node", "--input-type=module", "-e", MODULES, text],
                                     cwd=ROOT, check=True, capture_output=True,
                                     text=True).stdout)
    side = len(rows) + 8  # with the quiet zone
    scale = (HEIGHT - 40) // side
    left, top = (WIDTH - side * scale) // 2, (HEIGHT - side * scale) // 2
    luma = bytearray(b"\xeb" * WIDTH * HEIGHT)
    for r, row in enumerate(rows):
        for c, dark in enumerate(row):
            if dark == "1":
                x, y = left + (c + 4) * scale, top + (r + 4) * scale
                for line in range(y, y + scale):
                    luma[line * WIDTH + x:line * WIDTH + x + scale] = b"\x10" * scale
    frame = b"FRAME\n" + bytes(luma) + b"\x80" * (WIDTH * HEIGHT // 2)
    path.write_bytes(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode()
                     + frame * 5)


@pytest.fixture
def camera_browser(playwright, tmp_path):
    """A Chromium whose camera shows the QR code of TEXT (permission granted)."""
    video = tmp_path / "code.y4m"
    qr_video(video, TEXT)
    browser = launch(playwright, "--use-fake-device-for-media-stream",
                     "--use-fake-ui-for-media-stream", f"--use-file-for-fake-video-capture={video}")
    yield browser
    browser.close()


def test_the_reader_reads_a_code_from_the_camera_with_the_decoder_from_the_site(
        camera_browser, site_url):
    context = camera_browser.new_context()
    recorded = RecordedPage(context.new_page())
    page = recorded.page
    page.goto(site_url)
    module = site_url + "assets/js/platform/qr-reader.js"
    page.evaluate("(url) => import(url)", module)
    assert not [url for url in recorded.requests if "qr-scanner" in url], "loaded before reading"
    assert page.evaluate("'BarcodeDetector' in window") is False  # so this is the fallback
    found = page.evaluate(READ, module)
    assert found == {"text": TEXT, "live": False}  # read, and the camera stopped
    assert [url.removeprefix(site_url) for url in recorded.requests if "qr-scanner" in url] == [
        "runtime/qr-scanner/qr-scanner.min.js", "runtime/qr-scanner/qr-scanner-worker.min.js"]
    recorded.close()


def test_without_a_camera_the_reader_says_why(browser, site_url):
    context = browser.new_context()
    recorded = RecordedPage(context.new_page())
    page = recorded.page
    page.goto(site_url)
    wait_ready(page)
    found = page.evaluate(READ, site_url + "assets/js/platform/qr-reader.js")
    assert found["error"] in ("denied", "absent")
    assert "camera" in found["said"].lower()
    recorded.close()
