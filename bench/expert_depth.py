"""How deep the expert's search gets in Ponte and Inselspiel, next to hard's, per move.

Usage: ``python3 bench/expert_depth.py [--positions 4] [--only ponte,inselspiel]
[--cpu-ms 800]``.  Positions come from random play (``expert_work.position``); the expert
thinks on the arena's clock (``EXPERT_CPU_MS`` of CPU time) unless ``--cpu-ms`` gives
another (the page's longer settings: Pyodide takes about 2.7× CPython's time,
docs/computer-players.md).  Per position and level it prints the CPU
seconds, the evaluations (Ponte: ``ponte.value``; Inselspiel: ``party_values``) and their
rate, and for each search of the deepening (Ponte: the plies of a round; Inselspiel: the
answering seats) how many root candidates it finished, ``+`` marking one the clock cut.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena import EXPERT_CPU_MS  # also puts the expert on the CPU clock
from expert_work import position
from insel.ai import inselspiel, players, ponte

# game -> (module, its evaluation's name, its recursive search's name, the depth of a call)
TRACED: dict[str, tuple[Any, str, str, Callable[..., int]]] = {
    "ponte": (ponte, "value", "line", lambda *a: len(a[3]) + 1),
    "inselspiel": (inselspiel, "party_values", "outlook", lambda *a: a[2]),
}


class Trace:
    """Counts a module's evaluations, and its root searches by depth (finished, cut)."""

    def __init__(self, game: str) -> None:
        module, evaluation, search, depth_of = TRACED[game]
        self.evaluations = 0
        self.finished: Counter[int] = Counter()
        self.cut: Counter[int] = Counter()
        nested = [0]
        evaluate, recurse = getattr(module, evaluation), getattr(module, search)

        def counted(*args: Any) -> Any:
            self.evaluations += 1
            return evaluate(*args)

        def traced(*args: Any) -> Generator[None, None, Any]:
            root, depth = nested[0] == 0, depth_of(*args)
            nested[0] += 1
            try:
                result = yield from recurse(*args)
            except players.TimeUp:
                if root:
                    self.cut[depth] += 1
                raise
            finally:
                nested[0] -= 1
            if root:
                self.finished[depth] += 1
            return result

        setattr(module, evaluation, counted)
        setattr(module, search, traced)

    def rounds(self) -> str:
        depths = sorted(set(self.finished) | set(self.cut))
        return " ".join(f"{d}:{self.finished[d]}{'+' if self.cut[d] else ''}" for d in depths)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--only", default=",".join(TRACED), help="comma-separated games")
    parser.add_argument("--cpu-ms", type=int, default=EXPERT_CPU_MS,
                        help="the expert's CPU time a move (default: the arena's)")
    args = parser.parse_args()
    print("game | position | level | CPU s | evaluations | per CPU s | searches: depth:done")
    for game in args.only.split(","):
        trace = Trace(game)
        for seed in range(args.positions):
            state = position(game, seed)
            for level in ("hard", "expert"):
                trace.evaluations = 0
                trace.finished.clear()
                trace.cut.clear()
                start = time.process_time()
                players.choose(state, level, seed=seed, budget_ms=args.cpu_ms)
                cpu = time.process_time() - start
                print(f"{game} | {seed} | {level} | {cpu:.2f} | {trace.evaluations} | "
                      f"{trace.evaluations / cpu:.0f} | {trace.rounds()}", flush=True)


if __name__ == "__main__":
    main()
