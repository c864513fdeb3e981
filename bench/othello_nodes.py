"""Othello 8×8 midgame search speed: nodes a CPU second, hard's evaluation and the expert's.

Usage: ``python3 bench/othello_nodes.py [--positions 6] [--depth 5]`` (under Pyodide:
``node tools/in_pyodide.mjs bench/othello_nodes.py``).  Positions from random play (seeds
0, 1, …, 20 plies); each is searched by iterative deepening to ``--depth`` plies with each
evaluation, no budget.  Prints the nodes (``Searcher.nodes`` ÷ ``MID_COST``), CPU seconds
and nodes a second of each, summed over the positions, and the time per evaluation.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from insel.ai.alphabeta import MID_COST, Searcher, deepened, learned_evaluation
from insel.games import get_game
from insel.games.reversi import ReversiState


def position(seed: int) -> ReversiState:
    """20 random plies from the start (a finished game starts again)."""
    rng, state = random.Random(seed), get_game("othello").new(seed=seed)
    while len(state.moves) < 20 or state.legal_moves() == ["pass"]:
        state = state.play(rng.choice(state.legal_moves()))
        if state.is_over():
            state = get_game("othello").new(seed=seed)
    assert isinstance(state, ReversiState)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--depth", type=int, default=5)
    args = parser.parse_args()
    states = [position(seed) for seed in range(args.positions)]
    for name, learned, window in (("hard's", None, 0), ("expert's", learned_evaluation(), 16)):
        nodes, cpu, evals = 0, 0.0, 0.0
        for state in states:
            own, opp = state.discs[state.turn], state.discs[1 - state.turn]
            searcher = Searcher(state.board, 10**12, learned=learned)
            kids = searcher.children(own, opp, searcher.moves(own, opp))
            start = time.process_time()
            for _ in deepened(searcher, kids, args.depth, window):
                pass
            cpu += time.process_time() - start
            nodes += searcher.nodes // MID_COST
            start = time.process_time()
            for _ in range(200):
                searcher.evaluate(own, opp)
            evals += (time.process_time() - start) / 200
        print(f"{name} evaluation: {nodes} nodes, {cpu:.2f} CPU s, {nodes / cpu:,.0f} nodes/s, "
              f"{evals / len(states) * 1e6:.0f} µs an evaluation", flush=True)


if __name__ == "__main__":
    main()
