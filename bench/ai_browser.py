#!/usr/bin/env python3
"""The computer players in the browser: thinking time per move at each level, the longest
main-thread task while thinking, the cost of thinking in slices, and what a worker with a
second Pyodide would cost to start instead.  Prints figures; asserts nothing.

    python3 bench/ai_browser.py [--moves 12] [--games othello,ponte,…]

Needs what `python3 build.py test` installs (Playwright, Debian's chromium).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
from conftest import READY_TIMEOUT_MS, launch  # noqa: E402

GAMES = ["ponte", "othello", "wortreversi", "kahuna", "inselspiel"]
# Plays `moves` computer moves at `level` from a new game, each thought in slices of
# `budget` ms with the browser given its thread back in between; returns per-move
# wall-clock milliseconds and the longest main-thread task seen meanwhile.
SELF_PLAY = """async ([game, level, moves, budget]) => {
  const call = (op, args = {}) => JSON.parse(window.inselCall(JSON.stringify({op, ...args})));
  const tasks = [];
  const observer = new PerformanceObserver(
    (l) => tasks.push(...l.getEntries().map((e) => e.duration)));
  observer.observe({type: "longtask"});
  let answer = call("new", {game, seed: 11});
  const times = [];
  while (times.length < moves && !answer.view.over) {
    if (answer.view.current === -1) { answer = call("chance"); continue; }
    const start = performance.now();
    call("ai_start", {level});
    do {
      await new Promise((r) => setTimeout(r, 0));
      answer = call("ai_step", {budget_ms: budget});
    } while (!answer.done);
    times.push(performance.now() - start);
  }
  await new Promise((r) => setTimeout(r, 50));
  observer.disconnect();
  return {times, longest: Math.max(0, ...tasks)};
}"""
WORKER_START = """async () => {
  const url = new URL("runtime/pyodide/pyodide.mjs", location.href).href;
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
    args = parser.parse_args()
    build.build()
    server = build.make_server(port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{server.server_port}/")
        page.wait_for_selector("body[data-ready=true]", timeout=READY_TIMEOUT_MS)
        print(f"{args.moves} computer moves per game from a new game, 2 cores, headless Chromium")
        print(f"{'game':<12}{'level':<8}{'mean ms':>9}{'max ms':>9}{'longest task ms':>17}")
        for game in args.games.split(","):
            for level in ("easy", "medium", "hard"):
                result = page.evaluate(SELF_PLAY, [game, level, args.moves, 40])
                times = result["times"]
                print(f"{game:<12}{level:<8}{statistics.mean(times):>9.0f}{max(times):>9.0f}"
                      f"{result['longest']:>17.0f}")
        print("\nthinking in one slice (budget 1000 ms) against slices of 40 ms, hard:")
        for game in args.games.split(","):
            whole = page.evaluate(SELF_PLAY, [game, "hard", args.moves, 1000])
            sliced = page.evaluate(SELF_PLAY, [game, "hard", args.moves, 40])
            print(f"{game:<12} one slice {sum(whole['times']):>7.0f} ms, "
                  f"40 ms slices {sum(sliced['times']):>7.0f} ms "
                  f"(longest task {whole['longest']:.0f} vs {sliced['longest']:.0f} ms)")
        worker = ", ".join(f"{page.evaluate(WORKER_START)['total']:.0f}" for _ in range(3))
        print(f"\na worker with its own Pyodide, started after the page is ready: {worker} ms")
        browser.close()


if __name__ == "__main__":
    main()
