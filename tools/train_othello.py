"""Fit the expert's Othello pattern evaluation: write py/insel/ai/patterns_data.py.

Two steps, both resumable and deterministic (the same command writes the same weights):

1. **Games.** ``--games`` games of the medium level against itself (node-budgeted, so
   each game is the same on every machine; hard's games cost four times as much, about 10
   CPU s each, too many for a modest run), game ``g`` opened by 4–12 random plies drawn from
   ``random.Random(f"train:{g}")``.  Each finished game is appended to ``--data`` (one JSON
   line: number, moves, final disc difference); games already there are not played again,
   so a stopped run resumes.
2. **Fit.** Every position of those games (the side to move with a choice or not) is
   labelled by the game's final disc difference from the side to move: exact in the last
   6 empties (medium solves them exactly, both sides), the outcome of medium's play before
   (a noisy label: medium errs).
   Per phase (``insel.ai.patterns.phase``), ridge least squares (conjugate gradients on
   the normal equations, numpy) of the label on the pattern configurations' weights and
   the scalars (mobility, potential mobility, parity, a constant), each position counted
   in its own phase and, at half weight, in the phases next to it.  Games whose number
   ends in 9 are held out to print the fit's error beside the hard level's evaluation
   (scaled by least squares), then the weights are fitted again on all games and written,
   rounded to evaluation units (``SCALE`` a disc), configurations seen fewer than
   ``MIN_SEEN`` times left out (their weight is 0).

Needs numpy (at training time only; the page never loads it).

    nice -n 19 python3 tools/train_othello.py [--games 240] [--data FILE] [--fit-only]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from insel.ai import choose, patterns  # noqa: E402
from insel.ai.alphabeta import Searcher  # noqa: E402
from insel.games import get_game  # noqa: E402
from insel.games.reversi import ReversiState, board  # noqa: E402

DATA = ROOT / "build-cache" / "othello_training.jsonl"
MOVES = board(8).moves
LEVEL = "medium"  # the level that plays the training games
OUT = ROOT / "py" / "insel" / "ai" / "patterns_data.py"


def play(number: int) -> dict:
    """Game ``number``: random opening plies, then ``LEVEL`` against itself."""
    rng = random.Random(f"train:{number}")
    state = get_game("othello").new(seed=number)
    for _ in range(rng.randint(4, 12)):
        state = state.play(rng.choice(state.legal_moves()))
    while not state.is_over():
        state = state.play(choose(state, LEVEL, number))
    assert isinstance(state, ReversiState)
    dark, light = state.scores()
    return {"game": number, "moves": state.moves, "dark_minus_light": dark - light}


def games(path: Path, count: int, new: bool = True) -> list[dict]:
    """The first ``count`` games, played now where ``path`` does not hold them yet (unless
    not ``new``: then the unbroken run of them that it holds)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    done = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            done[record["game"]] = record
    with path.open("a", encoding="utf-8") as out:
        for number in range(count):
            if number in done:
                continue
            if not new:
                return [done[n] for n in range(number)]
            start = time.process_time()
            done[number] = play(number)
            out.write(json.dumps(done[number]) + "\n")
            out.flush()
            print(f"game {number}: {done[number]['dark_minus_light']:+d} "
                  f"({time.process_time() - start:.1f} CPU s)", flush=True)
    return [done[n] for n in range(count)]


MIN_SEEN = 2  # configurations seen fewer times in the training positions get no weight
RIDGE = (16.0, 64.0, 256.0, 1024.0)  # pattern weights' penalties tried on the held-out games
SCALAR_RIDGE = 0.01
ITERATIONS = 400  # conjugate gradient steps


def positions(records: list[dict]) -> list[tuple[int, int, int, int]]:
    """(game, own, opp, label) of every position with a side to move."""
    import numpy  # noqa: F401  (fail early without it)
    out = []
    for record in records:
        state = get_game("othello").new(seed=record["game"])
        for move in record["moves"]:
            assert isinstance(state, ReversiState)
            sign = 1 if state.turn == 0 else -1
            out.append((record["game"], state.discs[state.turn], state.discs[1 - state.turn],
                        sign * record["dark_minus_light"]))
            state = state.play(move)
    return out


class Design:
    """The sparse design of a set of positions: per position its columns (one per
    pattern instance: the folded configuration), its scalar features and its label."""

    def __init__(self, rows: list[tuple[int, int, int, int]]) -> None:
        import numpy as np
        self.offsets, start = {}, 0
        for name, squares in patterns.PATTERNS.items():
            self.offsets[name] = start
            start += 3 ** len(squares)
        self.width = start
        cols, scal, labels, phases = [], [], [], []
        for _game, own, opp, label in rows:
            cols.append([self.offsets[name] + patterns.folded(name, index)
                         for name, index in patterns.configurations(own, opp)])
            mine, theirs = MOVES(own, opp), MOVES(opp, own)
            scal.append(patterns.scalars(own, opp, mine, theirs))
            labels.append(label)
            phases.append(patterns.phase(64 - (own | opp).bit_count()))
        self.cols = np.array(cols, dtype=np.int64)
        self.scalars = np.array(scal, dtype=np.float64)
        self.labels = np.array(labels, dtype=np.float64)
        self.phases = np.array(phases)

    def fit(self, ph: int, ridge: float, min_seen: int = MIN_SEEN
            ) -> tuple[object, object, object]:
        """Ridge least squares for phase ``ph``: (pattern weights by column, scalar
        weights, the columns kept), positions of the next phases at half weight."""
        import numpy as np
        weight = np.where(self.phases == ph, 1.0,
                          np.where(np.abs(self.phases - ph) == 1, 0.5, 0.0))
        take = weight > 0
        cols, scal, y, w = self.cols[take], self.scalars[take], self.labels[take], weight[take]
        seen = np.bincount(cols.ravel(), minlength=self.width)
        kept = seen >= min_seen
        cols_used = np.where(kept[cols], cols, -1)
        k = scal.shape[1]

        def product(p: object) -> object:  # A p, A: the design (patterns, then scalars)
            pw, sw = p[:self.width], p[self.width:]
            pad = np.append(pw, 0.0)
            return pad[cols_used].sum(axis=1) + scal @ sw

        def transposed(r: object) -> object:  # A^T r
            flat = np.where(cols_used.ravel() >= 0, cols_used.ravel(), self.width)
            pw = np.bincount(flat, weights=np.repeat(r, cols.shape[1]),
                             minlength=self.width + 1)[:self.width]
            return np.concatenate([pw, scal.T @ r])

        penalty = np.concatenate([np.where(kept, ridge, 1.0), np.full(k, SCALAR_RIDGE)])

        def normal(p: object) -> object:  # (A^T W A + penalty) p
            return transposed(w * product(p)) + penalty * p

        # conjugate gradients from zero
        x = np.zeros(self.width + k)
        r = transposed(w * y)
        d = r.copy()
        rr = r @ r
        for _ in range(ITERATIONS):
            q = normal(d)
            step = rr / (d @ q)
            x += step * d
            r -= step * q
            new = r @ r
            if new < 1e-10:
                break
            d = r + new / rr * d
            rr = new
        return np.where(kept, x[:self.width], 0.0), x[self.width:], kept

    def predict(self, ph: int, fitted: tuple[object, object, object]) -> object:
        """The fitted values of the positions of phase ``ph``."""
        import numpy as np
        pw, sw, _kept = fitted
        take = self.phases == ph
        return np.append(pw, 0.0)[self.cols[take]].sum(axis=1) + self.scalars[take] @ sw


def old_values(rows: list[tuple[int, int, int, int]]) -> list[int]:
    """The hard level's evaluation of each position (to compare against)."""
    searcher = Searcher(get_game("othello").new(seed=0).board, 0)  # type: ignore[attr-defined]
    return [searcher.evaluate(own, opp) for _g, own, opp, _label in rows]


def fit(records: list[dict]) -> dict:
    """The weights (``insel.ai.patterns_data`` format), ridge chosen on held-out games."""
    import numpy as np
    rows = positions(records)
    train = [r for r in rows if r[0] % 10 != 9]
    held = [r for r in rows if r[0] % 10 == 9]
    print(f"{len(rows)} positions ({len(train)} to fit, {len(held)} held out)", flush=True)
    d_train, d_held = Design(train), Design(held)
    old = np.array(old_values(held), dtype=np.float64)
    best_ridge = {}
    for ph in range(patterns.PHASES):
        y = d_held.labels[d_held.phases == ph]
        if not len(y):
            best_ridge[ph] = RIDGE[-1]
            continue
        x = old[d_held.phases == ph]
        a = np.vstack([x, np.ones_like(x)]).T
        coef = np.linalg.lstsq(a, y, rcond=None)[0]
        line = [f"phase {ph}: {len(y)} held out; hard's evaluation (scaled) "
                f"{np.sqrt(np.mean((a @ coef - y) ** 2)):.2f} discs"]
        errors = {}
        for ridge in RIDGE:
            pred = d_held.predict(ph, d_train.fit(ph, ridge))
            errors[ridge] = float(np.sqrt(np.mean((pred - y) ** 2)))
            line.append(f"ridge {ridge:g}: {errors[ridge]:.2f}")
        best_ridge[ph] = min(errors, key=errors.__getitem__)
        print("; ".join(line), flush=True)
    full = Design(rows)
    weights: dict = {name: [] for name in patterns.PATTERNS}
    weights["scalars"] = []
    for ph in range(patterns.PHASES):
        pw, sw, kept = full.fit(ph, best_ridge[ph])
        for name, offset in full.offsets.items():
            size = 3 ** len(patterns.PATTERNS[name])
            table = {}
            for index in np.nonzero(kept[offset:offset + size])[0]:
                value = round(float(pw[offset + index]) * patterns.SCALE)
                if value:
                    table[int(index)] = value
            weights[name].append(table)
        weights["scalars"].append({n: round(float(v) * patterns.SCALE)
                                   for n, v in zip(patterns.SCALARS, sw, strict=True)})
    return weights


def write(weights: dict, count: int, path: Path) -> None:
    """The data module: WEIGHTS as one Python literal (keys sorted)."""
    lines = [f'"""Othello pattern weights: generated by tools/train_othello.py --games {count};',
             "do not edit (format: insel.ai.patterns.Evaluation).", '"""', "", "WEIGHTS = {"]
    for name in (*patterns.PATTERNS, "scalars"):
        lines.append(f"    {name!r}: [")
        for table in weights[name]:
            items = sorted(table.items()) if name != "scalars" else list(table.items())
            body = ", ".join(f"{k!r}: {v}" for k, v in items)
            lines += textwrap.wrap("{" + body + "},", 92, initial_indent=" " * 8,
                                   subsequent_indent=" " * 9, break_on_hyphens=False)
        lines.append("    ],")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path} ({len(text.encode()) // 1024} kB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--fit-only", action="store_true",
                        help="fit on the games the data file holds, play none")
    args = parser.parse_args()
    records = games(args.data, args.games, not args.fit_only)
    write(fit(records), len(records), args.out)


if __name__ == "__main__":
    main()
