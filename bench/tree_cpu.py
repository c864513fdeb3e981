#!/usr/bin/env python3
"""The CPU seconds a command takes with every process it starts (pytest, Playwright's
driver, Chromium and its renderers and workers), for comparing test runs on a machine that
others load: a wall time moves with their load, CPU seconds much less.  Prints figures;
asserts nothing.  Linux only (reads /proc).

    python3 bench/tree_cpu.py python3 -m pytest tests/browser/test_keeping.py -q -n 0

Every process below the command is read from /proc every 0.2 s and counted with its last
reading (user + system time), so a process that lives less than 0.2 s may be missed, and
each counts at most 0.2 s short: an estimate a little low, the same way for every run.
`getrusage` of the children does not serve: Chromium's processes are not all waited for by
their parents, and their time is then never added up.

    python3 bench/tree_cpu.py --threads python3 build.py test

`--threads` also reads every thread of those processes and prints where the CPU went, by
kind of process and thread (Chromium's kinds as bench/page_cpu.py names them), and how many
times a page started Python: a thread named DedicatedWorker that used 0.3 s or more (the
app's engine worker; its prefetch worker uses less).  Those readings cost about a twentieth
of a core, which the figures include.
"""

from __future__ import annotations

import collections
import os
import re
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")
EVERY_S = 0.2
WORKER_START_S = 0.3  # a DedicatedWorker that used this much CPU or more ran Python


def readings() -> dict[int, tuple[int, float]]:
    """{pid: (parent pid, CPU seconds so far)} of every process now running."""
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                text = stat.read()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()  # after the command's name
        found[int(name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK)
    return found


def below(pid: int, root: int, now: dict[int, tuple[int, float]]) -> bool:
    while pid and pid != root:
        pid = now[pid][0] if pid in now else 0
    return pid == root


def kind_of(command: str) -> str:
    """A process's kind: Chromium's by its type, else the program's name."""
    from page_cpu import kind

    if "chrom" in command:
        return kind(command)
    return "pytest" if "pytest" in command else command.split("\0", 1)[0].rsplit("/", 1)[-1]


def main(command: list[str], by_thread: bool = False) -> int:
    from page_cpu import threads_of

    began = time.monotonic()
    child = subprocess.Popen(command)
    cpu: dict[int, float] = {}
    seen: dict[tuple[str, str], tuple[str, float]] = {}
    while child.poll() is None:
        now = readings()
        mine = [pid for pid in now if below(pid, child.pid, now)]
        for pid in mine:
            cpu[pid] = max(cpu.get(pid, 0.0), now[pid][1])
        if by_thread:  # an exited process's threads keep the kind it was first read with
            for key, (what, seconds) in threads_of([str(pid) for pid in mine], kind_of).items():
                known = seen.get(key)
                seen[key] = (known[0] if known and what.startswith(": ") else what, seconds)
        time.sleep(EVERY_S)
    wall = time.monotonic() - began
    load = os.getloadavg()[0]
    print(f"wall {wall:.0f} s, CPU {sum(cpu.values()):.0f} s in {len(cpu)} processes "
          f"({sum(cpu.values()) / wall:.2f} cores of {os.cpu_count()} on average), load "
          f"average now {load:.1f}", file=sys.stderr)
    if by_thread:
        report(seen)
    return child.returncode


def report(seen: dict[tuple[str, str], tuple[str, float]]) -> None:
    """Where the CPU went by kind of process and thread, and the pages' Python starts."""
    by_thread: collections.Counter[str] = collections.Counter()
    for what, seconds in seen.values():
        by_thread[re.sub(r"\d+$", "", what)] += seconds
    total = max(sum(by_thread.values()), 1e-9)
    starts = [seconds for what, seconds in seen.values()
              if what.endswith(": DedicatedWorker") and seconds >= WORKER_START_S]
    print(f"Python started in a page {len(starts)} times, its workers {sum(starts):.0f} CPU-s",
          file=sys.stderr)
    for what, seconds in by_thread.most_common(20):
        print(f"  {seconds:7.1f} s  {100 * seconds / total:4.1f} %  {what}", file=sys.stderr)


if __name__ == "__main__":
    threads = sys.argv[1:2] == ["--threads"]
    if len(sys.argv) < 2 + threads:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1 + threads:], threads))
