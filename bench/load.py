#!/usr/bin/env python3
"""Load benchmark: navigation to an interactive Ponte board, cold and warm, beside a bare
page that only runs loadPyodide() from the same bundle.  Prints figures; asserts nothing.

    python3 bench/load.py [--runs 5]

Needs what `python3 build.py test` installs (Playwright, Debian's chromium).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
from conftest import launch  # noqa: E402

BARE_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module">
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
await loadPyodide();
performance.mark("board-ready");
document.body.dataset.ready = "true";
</script>"""


def serve(root: Path) -> str:
    server = build.make_server(port=0, root=root)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}/"


def time_to_ready(page, url: str | None) -> float:
    """Milliseconds from navigation start to the page's "board-ready" mark; url None reloads
    (a second goto to the same URL with a #hash would not load the page again)."""
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("performance.getEntriesByName('board-ready').length > 0",
                           timeout=120_000)
    return page.evaluate("performance.getEntriesByName('board-ready')[0].startTime")


def measure(browser, url: str, runs: int) -> tuple[list[float], list[float]]:
    cold, warm = [], []
    for _ in range(runs):
        context = browser.new_context()  # a new context starts with an empty cache
        page = context.new_page()
        cold.append(time_to_ready(page, url))
        warm.append(time_to_ready(page, None))
        context.close()
    return cold, warm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    build.build()
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp)
        (bare / "runtime").symlink_to(build.DIST / "runtime")
        (bare / "index.html").write_text(BARE_PAGE)
        app_url = serve(build.DIST) + "#play=ponte"
        bare_url = serve(bare)
        with sync_playwright() as playwright:
            browser = launch(playwright)
            measure(browser, app_url, 1)  # let the OS page cache settle first
            results = {"app": measure(browser, app_url, runs),
                       "bare": measure(browser, bare_url, runs)}
            browser.close()
    print(f"median of {runs} runs, ms from navigation to ready (2 cores, headless Chromium)")
    print(f"{'page':<34}{'cold':>8}{'warm':>8}")
    labels = {"app": "Ponte board interactive", "bare": "bare loadPyodide()"}
    med = {k: (statistics.median(c), statistics.median(w)) for k, (c, w) in results.items()}
    for key, (cold, warm) in med.items():
        print(f"{labels[key]:<34}{cold:>8.0f}{warm:>8.0f}")
    print(f"{'ratio app / bare':<34}{med['app'][0] / med['bare'][0]:>8.2f}"
          f"{med['app'][1] / med['bare'][1]:>8.2f}")


if __name__ == "__main__":
    main()
