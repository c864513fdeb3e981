#!/usr/bin/env python3
"""The computer players in the browser: thinking time per move at each level, the longest
main-thread task while thinking, the cost of thinking in slices, what a worker with a
second Pyodide would cost to start instead, and the expert's first move on a first visit
(the page just loaded, its search not yet imported).  Prints figures; asserts nothing.

    python3 bench/ai_browser.py [--moves 12] [--games othello,ponte,…] [--first 3]

(`--moves 0` skips the per-level figures, `--first 0` the first visits.)

Needs what `python3 build.py test` installs (Playwright, Debian's chromium).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# tests/browser before tests/: both hold a conftest.py, the browser one is wanted here
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser"), str(ROOT / "tests")]

from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
from conftest import READY_TIMEOUT_MS, launch  # noqa: E402
from thinking import (  # noqa: E402
    THINKING_WINDOWS,
    start_against_computer,
    tasks_while_thinking,
    wait_for_person,
)

GAMES = ["ponte", "othello", "wortreversi", "kahuna", "inselspiel"]
# Plays `moves` computer moves at `level` from a new game, each thought in slices of
# `budget` ms with the browser given its thread back in between; returns per-move
# wall-clock milliseconds and the longest main-thread task seen meanwhile.
SELF_PLAY = """async ([game, level, moves, budget]) => {
  const call = async (op, args = {}) =>
    JSON.parse(await window.inselCall(JSON.stringify({op, ...args})));
  const tasks = [];
  const observer = new PerformanceObserver(
    (l) => tasks.push(...l.getEntries().map((e) => e.duration)));
  observer.observe({type: "longtask"});
  let answer = await call("new", {game, seed: 11});
  const times = [];
  while (times.length < moves && !answer.view.over) {
    if (answer.view.current === -1) { answer = await call("chance"); continue; }
    const start = performance.now();
    await call("ai_start", {level});
    do {
      await new Promise((r) => setTimeout(r, 0));
      answer = await call("ai_step", {budget_ms: budget});
    } while (!answer.done);
    times.push(performance.now() - start);
  }
  await new Promise((r) => setTimeout(r, 50));
  observer.disconnect();
  return {times, longest: Math.max(0, ...tasks)};
}"""
# A heartbeat: a setTimeout chain noting every gap over 50 ms ([from, to] in ms), which the
# Long Tasks API may miss (docs/startup-and-offline.md); read against the thinking windows.
HEARTBEAT = """window.__gaps = [];
{ let last = performance.now();
  const beat = () => { const at = performance.now();
    if (at - last > 50) window.__gaps.push([last, at]);
    last = at; setTimeout(beat, 5); };
  setTimeout(beat, 5); }"""
WORKER_START = """async () => {
  const url = new URL("assets/js/platform/pyodide-start.js", location.href).href; // the loader
  const source = `import { loadPyodide } from "${url}";
    const t0 = performance.now(); await loadPyodide();
    postMessage(performance.now() - t0);`;
  const started = performance.now();
  const worker = new Worker(URL.createObjectURL(new Blob([source], {type: "text/javascript"})),
                            {type: "module"});
  const inside = await new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); });
  worker.terminate();
  return {total: performance.now() - started, load: inside};
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--first", type=int, default=3, metavar="RUNS",
                        help="first visits per game for the expert's first move (0: skip)")
    args = parser.parse_args()
    build.build()
    server = build.make_server(port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    games = args.games.split(",")
    with sync_playwright() as playwright:
        browser = launch(playwright)
        if args.moves:
            page = browser.new_page()
            page.goto(url)
            page.wait_for_selector("body[data-ready=true]", timeout=READY_TIMEOUT_MS)
            per_level(page, games, args.moves)
        if args.first:
            first_moves(browser, url, games, args.first)
        browser.close()


def per_level(page, games: list[str], moves: int) -> None:
    """Thinking time per move and level from a new game; one slice against 40 ms slices;
    a worker's start."""
    print(f"{moves} computer moves per game from a new game, 2 cores, headless Chromium")
    print(f"{'game':<12}{'level':<8}{'mean ms':>9}{'max ms':>9}{'longest task ms':>17}")
    for game in games:
        for level in ("easy", "medium", "hard"):
            result = page.evaluate(SELF_PLAY, [game, level, moves, 40])
            times = result["times"]
            print(f"{game:<12}{level:<8}{statistics.mean(times):>9.0f}{max(times):>9.0f}"
                  f"{result['longest']:>17.0f}")
    print("\nthinking in one slice (budget 1000 ms) against slices of 40 ms, hard:")
    for game in games:
        whole = page.evaluate(SELF_PLAY, [game, "hard", moves, 1000])
        sliced = page.evaluate(SELF_PLAY, [game, "hard", moves, 40])
        print(f"{game:<12} one slice {sum(whole['times']):>7.0f} ms, "
              f"40 ms slices {sum(sliced['times']):>7.0f} ms "
              f"(longest task {whole['longest']:.0f} vs {sliced['longest']:.0f} ms)")
    worker = ", ".join(f"{page.evaluate(WORKER_START)['total']:.0f}" for _ in range(3))
    print(f"\na worker with its own Pyodide, started after the page is ready: {worker} ms")


def first_moves(browser, url: str, games: list[str], runs: int) -> None:
    """The expert moving first on a first visit, ``runs`` times per game (a new page each):
    its thinking windows until the person is to move (Inselspiel's roll is a window of its
    own), the main-thread tasks over 50 ms inside them and a heartbeat's gaps over 50 ms
    (a 60 Hz frame is 16.7 ms)."""
    print(f"\nthe expert's first move on a first visit (its default 2 s), {runs} runs per game:")
    print(f"{'game':<12}{'thinking ms':>20}{'tasks > 50 ms':>16}{'longest task ms':>18}"
          f"{'heartbeat gaps':>16}{'longest gap ms':>16}")
    for game in games:
        windows, counts, longest, gaps, widest = [], [], [], [], []
        for _ in range(runs):
            context = browser.new_context()
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector("body[data-ready=true]", timeout=READY_TIMEOUT_MS)
            page.evaluate(HEARTBEAT)
            start_against_computer(page, game, computer_seat=0, level="expert")
            wait_for_person(page, seat=1)
            tasks = tasks_while_thinking(page, 50)
            inside = [end - start for start, end in page.evaluate("window.__gaps")
                      if any(start < to and end > since
                             for since, to in page.evaluate(THINKING_WINDOWS))]
            gaps.append(len(inside))
            widest.append(max(inside, default=0))
            windows.append(sum(end - start for start, end in page.evaluate(THINKING_WINDOWS)))
            counts.append(len(tasks))
            longest.append(max((task[2] for task in tasks), default=0))
            context.close()
        print(f"{game:<12}{spread(windows):>20}{spread(counts):>16}{spread(longest):>18}"
              f"{spread(gaps):>16}{spread(widest):>16}")


def spread(values: list[float]) -> str:
    """Median and range, as "median (min–max)"."""
    return f"{statistics.median(values):.0f} ({min(values):.0f}–{max(values):.0f})"


if __name__ == "__main__":
    main()
