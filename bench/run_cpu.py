#!/usr/bin/env python3
"""Where the CPU of a whole command goes (issue 42: the test command is CPU-bound on two
cores), per kind of process and thread, and how many times the app started Python.
Prints figures; asserts nothing.

    python3 bench/run_cpu.py [--every 0.5] -- python3 build.py test

Runs the command and reads /proc every --every seconds: every thread of every process
descended from it (Chromium's by their kind, as bench/page_cpu.py names them), its CPU
seconds as last seen (a thread that ended between two readings loses at most --every of
its time).  A Python start in a page is a thread named DedicatedWorker that used 0.3 s or
more (the app's engine worker; the short ones are its prefetch worker).  The readings cost
about a twentieth of a core, which the figures include."""

from __future__ import annotations

import argparse
import collections
import os
import re
import subprocess
import time
from pathlib import Path

from page_cpu import kind, threads_of

WORKER_START_S = 0.3  # a DedicatedWorker that used this much CPU or more ran Python


def descendants(root: int) -> list[str]:
    """The pids of `root` and every process below it."""
    children: dict[str, list[str]] = collections.defaultdict(list)
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            parent = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]
        except OSError:
            continue
        children[parent].append(pid)
    found, todo = [], [str(root)]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children[pid])
    return found


def kind_of(command: str) -> str:
    """A process's kind: Chromium's by its type, else the program's name."""
    if "chrom" in command:
        return kind(command)
    program = command.split("\0", 1)[0].rsplit("/", 1)[-1]
    return "pytest" if "pytest" in command else program


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=float, default=0.5, help="seconds between readings")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- the command to run")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    began = time.monotonic()
    child = subprocess.Popen(command)
    seen: dict[tuple[str, str], tuple[str, float]] = {}
    while child.poll() is None:
        seen.update(threads_of(descendants(child.pid), kind_of))
        time.sleep(args.every)
    wall = time.monotonic() - began
    by_thread: collections.Counter[str] = collections.Counter()
    for what, cpu in seen.values():
        by_thread[re.sub(r"\d+$", "", what)] += cpu
    total = sum(by_thread.values())
    workers = [cpu for what, cpu in seen.values()
               if what.endswith(": DedicatedWorker") and cpu >= WORKER_START_S]
    print(f"\n{' '.join(command)}: exit {child.returncode}, wall {wall:.0f} s, "
          f"CPU {total:.0f} s ({total / wall:.2f} cores on average, of {os.cpu_count()})")
    print(f"Python started in a page {len(workers)} times, its workers {sum(workers):.0f} "
          "CPU-s in all")
    for what, cpu in by_thread.most_common(20):
        print(f"  {cpu:7.1f} s  {100 * cpu / max(total, 1e-9):4.1f} %  {what}")


if __name__ == "__main__":
    main()
