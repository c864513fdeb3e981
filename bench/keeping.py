#!/usr/bin/env python3
"""Keeping games: how long a move link is, and what stepping through a game's history costs.

For each game, plays random full games (seeded, under CPython) and prints
- the length of the move link (#m=…, the record's JSON raw-deflated and in base64url, as the
  page makes it with CompressionStream) at 20, 40 and 60 moves and at the game's end, against
  the plain JSON record in base64url (#record=…);
- the time per step through the finished game with the session's ``position`` op (the page's
  history stepping): states are kept along the record, so a step costs one view, no replay;
- the time to load (replay) the whole record once, which resuming a saved game pays.

    python3 bench/keeping.py [--games 5]

Prints figures; asserts nothing.  Pyodide runs Python some 2-3 times slower than CPython.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import statistics
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from insel.games import GAME_IDS
from insel.session import Session

MARKS = (20, 40, 60)


def ask(session: Session, op: str, **args) -> dict:
    answer = json.loads(session.handle(json.dumps({"op": op, **args})))
    if not answer["ok"]:
        raise RuntimeError(answer["error"])
    return answer


def link_length(record: dict, compress: bool) -> int:
    data = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
    if compress:  # deflate-raw, as CompressionStream("deflate-raw") (level 6 in Chromium)
        packer = zlib.compressobj(6, zlib.DEFLATED, -15)
        data = packer.compress(data) + packer.flush()
    return len(base64.urlsafe_b64encode(data).rstrip(b"="))


def random_game(game: str, seed: int) -> Session:
    """A session holding a full random game of `game` (at most 400 moves)."""
    rng = random.Random(seed)
    session = Session()
    answer = ask(session, "new", game=game, seed=seed)
    for _ in range(400):
        if answer["view"]["over"]:
            break
        if answer["view"]["current"] < 0:
            answer = ask(session, "chance")
            continue
        state = session.state
        answer = ask(session, "play", move=rng.choice(state.legal_moves()))
    return session


def median_at(rows: list, mark: int) -> str:
    """The median link length at the mark-th move count, over the games that got that far."""
    values = [row[1][mark] for row in rows if row[1][mark] is not None]
    return f"{statistics.median(values):7.0f}" if values else f"{'-':>7}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="random games per game")
    args = parser.parse_args()
    print(f"{'game':12} {'moves':>6} " + " ".join(f"{'#m@' + str(m):>7}" for m in MARKS)
          + f" {'#m end':>7} {'#record':>8} {'step ms':>8} {'load ms':>8}")
    for game in GAME_IDS:
        rows = []
        for seed in range(args.games):
            session = random_game(game, seed)
            record = ask(session, "save")["record"]
            moves = record["moves"]
            marks = [link_length({**record, "moves": moves[:m]}, True) if m <= len(moves)
                     else None for m in MARKS]
            started = time.perf_counter()
            for ply in range(len(moves) + 1):
                ask(session, "position", ply=ply)
            step = (time.perf_counter() - started) * 1000 / (len(moves) + 1)
            started = time.perf_counter()
            ask(Session(), "load", record=record)
            load = (time.perf_counter() - started) * 1000
            rows.append((len(moves), marks, link_length(record, True),
                         link_length(record, False), step, load))
        median = statistics.median
        print(f"{game:12} {median(r[0] for r in rows):6.0f} "
              + " ".join(median_at(rows, i) for i in range(len(MARKS)))
              + f" {median(r[2] for r in rows):7.0f} {median(r[3] for r in rows):8.0f}"
              + f" {median(r[4] for r in rows):8.2f} {median(r[5] for r in rows):8.1f}")
    print(f"medians of {args.games} random games each; link lengths in characters after '#m='")


if __name__ == "__main__":
    main()
