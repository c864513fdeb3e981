#!/usr/bin/env python3
"""Where the CPU of one app page opened by the browser tests goes, per process and thread of
Chromium (issue 42: the test command is CPU-bound on two cores, so its time is what its pages
cost).  Prints figures; asserts nothing.

    python3 bench/page_cpu.py [--opens 5] [--flags "--js-flags=…" …]

Opens the built site (dist/, `python3 build.py` first) as the tests' `open_page` does: a
shared context with the service worker active and the run's memory snapshot kept
(tests/browser/conftest.py's SharedContexts), then --opens pages at `#play=ponte`, one after
another.  For each: wall seconds to the ready board and CPU seconds of this browser's
processes (found by its profile directory, so other browsers on the machine are not counted),
by kind of process and thread name.  A process that exits is counted as last seen (read every
open); the page is closed after it is read."""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests"), str(ROOT)]

import build  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, SharedContexts  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def kind(command: str) -> str:
    """A Chromium process's kind from its command line."""
    found = re.search(r"--type=(\S+)", command)
    name = found.group(1) if found else "browser"
    return name + (" (Chromium's own pages)" if "--top-chrome-webui" in command else "")


def threads(profile: str) -> dict[tuple[str, str], tuple[str, float]]:
    """(pid, tid) -> ("kind: thread name", CPU seconds) for the browser using `profile`."""
    pids = subprocess.run(["pgrep", "-f", profile], capture_output=True, text=True).stdout
    return threads_of(pids.split(), kind)


def threads_of(pids: list[str], kind_of) -> dict[tuple[str, str], tuple[str, float]]:
    """(pid, tid) -> ("kind: thread name", CPU seconds) for the processes `pids`, each's
    kind `kind_of(its command line)`."""
    seen = {}
    for pid in pids:
        try:
            what = kind_of(Path(f"/proc/{pid}/cmdline").read_text())
            for tid in os.listdir(f"/proc/{pid}/task"):
                stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
                name = stat.split("(", 1)[1].rsplit(")", 1)[0]
                fields = stat.rsplit(")", 1)[1].split()
                seen[(pid, tid)] = (f"{what}: {name}", (int(fields[11]) + int(fields[12])) / TICK)
        except OSError:
            continue  # exited between the listing and the read
    return seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opens", type=int, default=5)
    parser.add_argument("--flags", nargs="*", default=[], help="more Chromium flags")
    parser.add_argument("--reload", action="store_true",
                        help="one page kept, opened again in place each time (storage cleared)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = build.make_server(port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_port}/"
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM,
                                         args=[*CHROMIUM_ARGS, *args.flags])
        shared = SharedContexts(browser, site)
        shared.context({})  # service worker and snapshot, as the first test's page has them
        newest = subprocess.run(["pgrep", "-n", "-f", "remote-debugging-pipe"],
                                capture_output=True, text=True).stdout.split()[0]
        command = Path(f"/proc/{newest}/cmdline").read_text()
        profile = re.search(r"--user-data-dir=(\S+)", command.replace("\0", " ")).group(1)
        walls, totals, parts = [], [], {}
        kept = shared.open(site, dict(DESKTOP)) if args.reload else None
        for _ in range(args.opens):
            before, start = threads(profile), time.perf_counter()
            page = (shared.reopen(kept, site + "#play=ponte", dict(DESKTOP)) if kept
                    else shared.open(site + "#play=ponte", dict(DESKTOP)))
            page.page.evaluate("window.inselApp.settled()")  # the board drawn (board.settle)
            walls.append(time.perf_counter() - start)
            after = threads(profile)
            if kept:
                shared.park(kept)
            else:
                page.close()
            spent: dict[str, float] = {}
            for key, (name, cpu) in after.items():
                spent[name] = spent.get(name, 0) + cpu - before.get(key, (name, 0.0))[1]
            totals.append(sum(spent.values()))
            for name, cpu in spent.items():
                parts.setdefault(name, []).append(cpu)
        browser.close()
    server.shutdown()
    way = "reopened in one page" if args.reload else "opens"
    print(f"{args.opens} {way} at #play=ponte in a shared context, load {os.getloadavg()[0]:.1f}")
    print(f"wall to the board: median {statistics.median(walls):.2f} s "
          f"({min(walls):.2f}-{max(walls):.2f})")
    print(f"CPU: median {statistics.median(totals):.2f} s ({min(totals):.2f}-{max(totals):.2f})")
    for name, cpus in sorted(parts.items(), key=lambda item: -statistics.median(item[1])):
        if statistics.median(cpus) >= 0.03:
            print(f"  {statistics.median(cpus):5.2f} s  {name}")


if __name__ == "__main__":
    main()
