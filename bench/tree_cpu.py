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
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")
EVERY_S = 0.2


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


def main(command: list[str]) -> int:
    began = time.monotonic()
    child = subprocess.Popen(command)
    cpu: dict[int, float] = {}
    while child.poll() is None:
        now = readings()
        for pid, (_, seconds) in now.items():
            if below(pid, child.pid, now):
                cpu[pid] = max(cpu.get(pid, 0.0), seconds)
        time.sleep(EVERY_S)
    load = os.getloadavg()[0]
    print(f"wall {time.monotonic() - began:.0f} s, CPU {sum(cpu.values()):.0f} s in "
          f"{len(cpu)} processes, load average now {load:.1f}", file=sys.stderr)
    return child.returncode


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
