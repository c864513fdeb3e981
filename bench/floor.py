#!/usr/bin/env python3
"""The heartbeat's floor on this machine: main-thread gaps over 50 ms in the first seconds
of a first visit, for three pages side by side, so that bench/load.py's cold figure can be
read against what this machine allows.  Prints figures; asserts nothing.

    python3 bench/floor.py [--runs 12] [--seconds 3]

- blank: a page with one line of text and nothing else (the browser's own start);
- app, no Python: the site as built, with PyScript's core held back (its request is never
  answered), so that everything of the page runs — the bundle, the menu, its pictures, the
  link followed — and no worker starts;
- app: the site as built, Python's worker and all.
Each run opens each page in a new, empty context (a first visit), in turns that alternate
(so no page always meets a busier machine), with bench/load.py's heartbeat (a `setTimeout`
chain from before the page's scripts) read after `--seconds`; the Ponte link is followed
(`#play=ponte`), as in bench/load.py.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser"), str(ROOT / "tests")]

from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
from conftest import launch  # noqa: E402

# bench/load.py's heartbeat, kept running for the whole window: every gap over 50 ms
HEARTBEAT = """(() => {
  const gaps = window.__gaps = [];
  let last = performance.now();
  const beat = () => {
    const at = performance.now();
    if (at - last > 50) gaps.push(Math.round(at - last));
    last = at;
    setTimeout(beat, 5);
  };
  setTimeout(beat, 5);
})();"""

PAGES = ("blank", "app, no Python", "app")
RELEASE = threading.Event()  # set at the end: the held requests' threads may go


class Holding(build.SiteHandler):
    """The site, except that PyScript's core is never answered (its thread waits): the
    page runs, no worker starts.  Held here, not by Playwright's routing, which would
    intercept every request of the page."""

    def do_GET(self) -> None:
        if self.path.split("?")[0].endswith("/runtime/pyscript/core.js"):
            RELEASE.wait()
            return
        super().do_GET()


def serve(root: Path, handler: type[build.SiteHandler]) -> str:
    """Serve `root` with `handler` in a thread of its own; its URL."""
    server = build.make_server(port=0, root=root, handler=handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}/"


def heartbeat(browser, url: str, seconds: float) -> list[int]:
    """The gaps of one first visit to `url` in the first `seconds`."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(HEARTBEAT)
    page = context.new_page()
    start = time.monotonic()
    page.goto(url, wait_until="commit")
    page.wait_for_timeout(max(0.0, seconds - (time.monotonic() - start)) * 1000)
    gaps = page.evaluate("window.__gaps")
    context.close()
    return gaps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=3.0)
    arguments = parser.parse_args()
    site = build.build()
    with tempfile.TemporaryDirectory() as tmp:
        top = Path(tmp)
        for entry in site.iterdir():
            (top / entry.name).symlink_to(entry)
        (top / "blank.html").write_text('<!doctype html><meta charset="utf-8">'
                                        "<title>blank</title><p>A blank page.")
        base = serve(top, build.SiteHandler)
        urls = {"blank": base + "blank.html", "app": base + "#play=ponte",
                "app, no Python": serve(top, Holding) + "#play=ponte"}
        found: dict[str, list[list[int]]] = {name: [] for name in PAGES}
        with sync_playwright() as playwright:
            browser = launch(playwright)
            heartbeat(browser, urls["app"], arguments.seconds)  # settle the OS caches
            for number in range(arguments.runs):
                for name in PAGES if number % 2 == 0 else PAGES[::-1]:
                    found[name].append(heartbeat(browser, urls[name], arguments.seconds))
                print(f"run {number + 1}/{arguments.runs} ({os.getloadavg()[0]:.1f} load): "
                      + "; ".join(f"{name} {found[name][-1]}" for name in PAGES), flush=True)
            browser.close()
        RELEASE.set()
    print(f"\nmain-thread gaps over 50 ms in the first {arguments.seconds:g} s of a first visit,"
          f" {arguments.runs} runs each (median, min–max); headless Chromium, 2 cores")
    for name in PAGES:
        runs = found[name]
        counts = [len(gaps) for gaps in runs]
        longest = [max(gaps, default=0) for gaps in runs]
        print(f"  {name:<15} runs with a gap {sum(1 for c in counts if c)} of {len(runs)}; "
              f"gaps a run {statistics.median(counts):g} ({min(counts)}–{max(counts)}), "
              f"mean {statistics.mean(counts):.2f}; longest {statistics.median(longest):g} "
              f"({min(longest)}–{max(longest)}) ms")
    print(f"load average at the end {' / '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
