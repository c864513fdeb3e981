#!/usr/bin/env python3
"""A damaged thumbnail against the menu (issue 48): how long the app takes to be ready, and
the longest the page's thread is blocked in its first seconds, with no saved game, with a
good saved Othello game and with the same save whose picture says ``"size": 1000000`` (which
before the shared schemas froze the menu for tens of seconds on every start; now it is listed
as damaged and never drawn).

    python3 bench/stored_values.py [--runs 3]

Serves the built site (dist/, built first if missing), starts Debian's Chromium headless with
the tests' flags, puts the save into IndexedDB, reloads and measures: ready (navigation to
``body[data-ready]``) and the longest task (PerformanceObserver "longtask") until then and for
two seconds after.  Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# tests/browser before tests/: both hold a conftest.py, the browser one is wanted here
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "tests" / "browser"), str(ROOT / "tests")]

from playwright.sync_api import sync_playwright  # noqa: E402
from test_stored_values import PUT, othello_save  # noqa: E402

import build  # noqa: E402
from conftest import READY_TIMEOUT_MS, launch  # noqa: E402

WATCH = """() => { window.benchLongest = 0; new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
        window.benchLongest = Math.max(window.benchLongest, entry.duration); }
}).observe({ type: "longtask", buffered: true }); }"""


def measure(browser, url: str, saves: list[dict]) -> tuple[float, float]:
    """(seconds to ready, longest task in ms) of a start with `saves` stored."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=READY_TIMEOUT_MS * 3)
    page.evaluate(PUT, saves)
    page.add_init_script(WATCH)
    began = time.perf_counter()
    page.reload()
    page.wait_for_selector("body[data-ready=true]", timeout=READY_TIMEOUT_MS * 3)
    ready = time.perf_counter() - began
    page.wait_for_timeout(2000)
    longest = page.evaluate("window.benchLongest")
    context.close()
    return ready, longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not (build.DIST / "index.html").exists():
        build.build()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    good = othello_save(2)
    cases = {"no saved game": [], "a good saved game": [good],
             "its picture's size 1000000": [{**good, "picture": {**good["picture"],
                                                                "size": 1_000_000}}]}
    with sync_playwright() as driver:
        browser = launch(driver)
        for name, saves in cases.items():
            runs = [measure(browser, url, saves) for _ in range(args.runs)]
            ready = statistics.median(run[0] for run in runs)
            longest = statistics.median(run[1] for run in runs)
            print(f"{name:28} ready {ready:5.1f} s   longest task {longest:6.0f} ms"
                  f"   (median of {args.runs})", flush=True)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
