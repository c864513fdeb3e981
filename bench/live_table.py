#!/usr/bin/env python3
"""A live table (docs/live-table.md) from opening it to the first move, in two Chromium
contexts on this machine (real WebRTC, no server, codes pasted as a person would, with no
time for pasting): from the host's choosing "Play at this table with other phones" to its
offer's code shown, the guest's answer shown, both lines saying "connected", and the
host's first Othello move (a tap) seen on the guest.  Each run uses two fresh phones
(390×844) whose app has started (not timed).  Prints how many runs connected within 30 s
and the median and range of each mark over those; asserts nothing.

    python3 bench/live_table.py [--runs 5]

Needs what `python3 build.py test` installs (Playwright, Debian's chromium).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# tests/browser before tests/: both hold a conftest.py, the browser one is wanted here
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser"), str(ROOT / "tests")]

from playwright.sync_api import TimeoutError as Timeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
from board import PHONE, snapshot, start_game, tap  # noqa: E402
from conftest import launch, wait_ready  # noqa: E402

MARKS = ["offer shown", "answer shown", "connected", "first move seen"]


def one_run(browser, url: str) -> list[float] | None:
    """Seconds from opening the table to each of MARKS (None: no connection in 30 s)."""
    phones = []
    for _ in range(2):
        context = browser.new_context(**PHONE)
        page = context.new_page()
        page.goto(url)
        wait_ready(page)
        phones.append(page)
    host, guest = phones
    start_game(host, "othello")
    guest.locator("#table-join").click()
    marks = []
    start = time.perf_counter()
    host.locator("#more-button").click()
    host.locator("#table-host").click()
    offer = host.locator("#live-table textarea.table-code")
    offer.wait_for()
    marks.append(time.perf_counter() - start)
    guest.locator("#live-table textarea.table-paste").fill(offer.input_value())
    guest.locator("#table-connect").click()
    answer = guest.locator("#live-table textarea.table-code")
    answer.wait_for()
    marks.append(time.perf_counter() - start)
    host.locator("#live-table textarea.table-paste").fill(answer.input_value())
    host.locator("#table-connect").click()
    try:
        for page in (host, guest):
            page.locator("#table-line.open").wait_for(timeout=30_000)
    except Timeout:
        for page in phones:
            page.context.close()
        return None
    guest.wait_for_function("window.inselApp.snapshot()?.record.game === 'othello'")
    marks.append(time.perf_counter() - start)
    tap(host, snapshot(host)["legal"][0])
    guest.wait_for_function("window.inselApp.snapshot()?.record.moves.length === 1")
    marks.append(time.perf_counter() - start)
    for page in phones:
        page.context.close()
    return marks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not (build.DIST / "index.html").exists():
        build.build()
    server = build.make_server(port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"load average at the start: {os.getloadavg()[0]:.1f}; {args.runs} runs")
    with sync_playwright() as driver:
        browser = launch(driver)
        tried = [one_run(browser, f"http://127.0.0.1:{server.server_port}/")
                 for _ in range(args.runs)]
        browser.close()
    runs = [run for run in tried if run is not None]
    print(f"connected in {len(runs)} of {len(tried)} runs")
    for index, mark in enumerate(MARKS):
        seconds = [run[index] for run in runs]
        print(f"{mark:16} {statistics.median(seconds):5.2f} s "
              f"({min(seconds):.2f}–{max(seconds):.2f})")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
