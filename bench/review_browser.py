#!/usr/bin/env python3
"""The review of a finished game in the browser: how long op ``review`` takes in the page's
worker (Pyodide), asked in slices of 200 ms as the page asks (players.js' STEP_MS), for
typical games: the computer's medium level against itself from the games' default setups
(Othello 8×8, the Inselspiel map the menu starts), played under CPython and loaded into
the page.  Prints per game the plies, the judged choices of seat 0, the wall-clock
seconds (median, min–max of the sample) and the longest main-thread task meanwhile;
asserts nothing.

    python3 bench/review_browser.py [--games othello,ponte,…] [--seeds 3]

Needs what `python3 build.py test` installs (Playwright, Debian's chromium).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# tests/browser before tests/: both hold a conftest.py, the browser one is wanted here
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser"), str(ROOT / "tests"),
                str(ROOT / "py")]

from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
from conftest import READY_TIMEOUT_MS, launch  # noqa: E402
from insel.ai import advice, choose  # noqa: E402
from insel.games import get_game, replay_states  # noqa: E402
from insel.state import CHANCE  # noqa: E402

GAMES = ["othello", "wortreversi", "ponte", "kahuna", "inselspiel"]
# the review asked for seat 0 in slices, as review.js asks; milliseconds and long tasks
REVIEW = """async (record) => {
  const ask = (op, args) => window.inselCall(JSON.stringify({ op, ...args })).then(JSON.parse);
  const longest = { ms: 0 };
  const watch = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest.ms = Math.max(longest.ms, entry.duration);
  });
  watch.observe({ type: "longtask" });
  const loaded = await ask("load", { record });
  if (!loaded.ok) return { error: loaded };
  const start = performance.now();
  let answer, slices = 0;
  do {
    answer = await ask("review", { seats: [0], budget_ms: 200 });
    slices += 1;
  } while (answer.ok && !answer.done);
  const ms = performance.now() - start;
  watch.disconnect();
  return { ms, slices, ok: answer.ok, longest: longest.ms };
}"""


def typical(game: str, seed: int) -> dict:
    """A finished game of the medium level against itself from ``game``'s default setup."""
    state = get_game(game).new(seed=seed)
    for ply in range(3000):
        if state.is_over():
            return state.record()
        move = (state.sample_chance() if state.current_player() == CHANCE
                else choose(state, "medium", ply))
        state = state.play(move)
    raise AssertionError(f"{game}: the game did not end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    games = args.games.split(",")
    records = {game: [typical(game, seed) for seed in range(1, args.seeds + 1)] for game in games}
    if not (build.DIST / "index.html").exists():
        build.build()
    server = build.make_server(port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"load average at the start: {os.getloadavg()[0]:.1f}; "
          f"{args.seeds} medium-v-medium games a game (seeds 1–{args.seeds})")
    with sync_playwright() as driver:
        browser = launch(driver)
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{server.server_port}/")
        page.wait_for_selector("body[data-ready=true]", timeout=READY_TIMEOUT_MS)
        for game in games:
            runs = []
            for record in records[game]:
                got = page.evaluate(REVIEW, json.loads(json.dumps(record)))
                assert got.get("ok"), got
                runs.append({**got, "plies": len(record["moves"]),
                             "choices": len(advice.choices(replay_states(record), 0))})
            seconds = [run["ms"] / 1000 for run in runs]
            print(f"{game:12} plies {statistics.median(r['plies'] for r in runs):>4.0f}  "
                  f"choices {statistics.median(r['choices'] for r in runs):>3.0f}  "
                  f"review {statistics.median(seconds):5.2f} s "
                  f"({min(seconds):.2f}–{max(seconds):.2f})  "
                  f"slices {statistics.median(r['slices'] for r in runs):>3.0f}  "
                  f"longest task {max(r['longest'] for r in runs):.0f} ms", flush=True)
        browser.close()
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
