#!/usr/bin/env python3
"""AI arena: the strength ladder of the computer levels, per game.

Plays the pairings the targets speak of (each level of ``insel.ai.players.LEVELS`` against the
one below it, and hard against random), or with ``--levels`` every pairing of the levels given,
in two-seat games at the levels' own budgets (the expert's on a CPU clock, ``EXPERT_CPU_MS``).
Game ``g`` of a pairing uses seed ``g`` and puts the pairing's lower level on seat ``g % 2``; in
Othello and Ponte it starts after a few random plies (``OPENINGS``), in Wort-Reversi after one
of the 6×6 book's balanced lines (``book_openings``), the same for games ``2k`` and
``2k + 1``. Work goes by game number (number 0 of every pairing of every game, then number
1, …), so every game's sample grows evenly from the start. Games run in ``--jobs``
processes; each finished game is appended to ``--results`` as one JSON line (game, levels by
seat, seed, scores, winners, wall and CPU seconds, a hash of the code the game and its players
run on, a hash of the game's moves), and games already in that file with the same code are not
played again, so an interrupted run resumes where it stopped; after a change to a game's code
(engine, search, or a module they import) that game's games are played again, the other games'
results stay.

The report (also ``--report`` alone, which plays nothing) fits, per game, Elo ratings with
random (or the lowest level played) = 0 to all results by maximum likelihood (plus one virtual
draw per pairing, so that a clean sweep stays finite), with 95 % Wald intervals from the
observed Fisher information, i.e. the Hessian of the log-likelihood (see ``bench/ratings.py``);
shows every pairing's score with its Wilson 95 % interval (draws count half); and checks the
ladder's targets (issue 15): each level beats the one below it with the interval's lower end
above 65 %, hard beats random above 97 %, expert beats hard above 70 % (issue 43 raised it
from 60 %; its 85 % for Othello 8×8 is read off the pairing's interval).

    python3 bench/arena.py [--games othello=200,kahuna=100 | --games 20]
                           [--levels hard,expert] [--only othello,ponte]
                           [--jobs N] [--results bench/results/arena.jsonl] [--report]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from insel.ai import LEVELS, choose, players  # noqa: E402
from insel.ai.reversi_book import SIZE, SYMMETRIES, book_entry, transform  # noqa: E402
from insel.ai.reversi_book_data import LINE, PLIES  # noqa: E402
from insel.games import GAME_IDS, get_game  # noqa: E402
from insel.state import CHANCE, State  # noqa: E402
from ratings import fit, head_to_head, pair_totals, wilson  # noqa: E402  (bench/ is the script's directory)

GAMES = "othello=200,wortreversi=200,ponte=200,inselspiel=100,kahuna=100"
RESULTS = ROOT / "bench" / "results" / "arena.jsonl"
# (stronger, weaker, lowest acceptable lower end of the Wilson interval of its score)
TARGETS = (("easy", "random", 0.65), ("medium", "easy", 0.65), ("hard", "medium", 0.65),
           ("hard", "random", 0.97), ("expert", "hard", 0.70))

# Run in a fresh interpreter per game: loads the game and its players' search, then lists
# the files of every insel module that came with them (and the data files beside them).
PROBE = """
import sys
from pathlib import Path
from insel.ai.players import strategy
from insel.games import get_game
get_game(sys.argv[1]).new(seed=0)
strategy(sys.argv[1])
files = {Path(m.__file__) for n, m in list(sys.modules.items())
         if n.startswith("insel") and getattr(m, "__file__", None)}
data = {p for f in files for p in f.parent.glob("*.json")}
print("\\n".join(sorted(str(f) for f in files | data)))
"""


@cache
def code_hash(game: str) -> str:
    """A hash of the code (and data) that ``game``'s engine and players run on, so a change
    to one game's search leaves the other games' results valid."""
    listing = subprocess.run([sys.executable, "-c", PROBE, game], check=True, text=True,
                             capture_output=True, cwd=ROOT / "py").stdout.split()
    digest = hashlib.sha256()
    if game in BOOK_OPENED:  # the openings are part of what the results are on
        digest.update(f"book openings, balance {BALANCE}\0".encode())
    for name in listing:
        path = Path(name)
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


# Random plies that open every game of these games, the same for games 2k and 2k + 1 (seats
# swapped): they have no chance, and their medium and hard levels draw nothing from the seed,
# so without an opening a pairing of those would play the same two games over and over.
OPENINGS = {"othello": 6, "ponte": 2}
# Games opened from the 6×6 book's balanced lines instead (``book_openings``): four random
# plies on 6×6 decided most games between two good players, whoever played them.
BOOK_OPENED = ("wortreversi",)
BALANCE = 4  # a balanced line: perfect play from it ends at most this many discs apart

Job = tuple[str, str, str, int]  # game, lower level, higher level, game number

# The expert's thinking time in the arena: CPU milliseconds of CPython a move. About what its
# 2 s buy in the page (Pyodide runs the searches 2–3× slower than CPython), and on CPU time
# so that a loaded machine does not starve it: with other processes on both cores a wall
# clock would give it a fraction of its time.
EXPERT_CPU_MS = 800


class CpuClock(players.Clock):
    """The expert's clock on the process's CPU time instead of wall time."""

    def start(self) -> None:
        self._since = time.process_time()

    def stop(self) -> None:
        self.spent_ms = self.spent()
        self._since = None

    def spent(self) -> float:
        running = 0.0 if self._since is None else (time.process_time() - self._since) * 1000
        return self.spent_ms + running


players.Clock = CpuClock  # thinker() makes the expert's clock from this name


def seats(lower: str, higher: str, number: int) -> list[str]:
    """Levels by seat in game ``number`` of a pairing: ``lower`` on seat ``number % 2``."""
    return [lower, higher] if number % 2 == 0 else [higher, lower]


def play(job: Job) -> dict:
    """Play one game; its result line (scores as the engine counts them)."""
    game, lower, higher, number = job
    levels = seats(lower, higher, number)
    code = code_hash(game)
    state = opened(game, number)
    if state.num_players != 2:
        raise ValueError(f"{game} starts with {state.num_players} seats; the arena plays two")
    start, cpu = time.perf_counter(), time.process_time()
    while not state.is_over():
        seat = state.current_player()
        move = state.sample_chance() if seat == CHANCE else choose(
            state, levels[seat], number, budget_ms=EXPERT_CPU_MS)
        state = state.play(move)
    return {"game": game, "levels": levels, "seed": number, "scores": state.scores(),
            "winners": state.winners(), "seconds": round(time.perf_counter() - start, 2),
            "cpu": round(time.process_time() - cpu, 2), "code": code,
            **({"expert_cpu_ms": EXPERT_CPU_MS} if "expert" in levels else {}),
            "record": hashlib.sha256("\n".join(state.moves).encode()).hexdigest()[:12]}


def opened(game: str, number: int) -> State:
    """Game ``number``'s position after its opening, the same for games ``2k`` and
    ``2k + 1``: ``OPENINGS`` random plies, or the ``k``-th of ``book_openings`` (in turn)."""
    state = get_game(game).new(seed=number)
    if game in BOOK_OPENED:
        lines = book_openings()
        return played(state, lines[number // 2 % len(lines)])
    opening = random.Random(f"arena:{game}:{number // 2}")
    for _ in range(OPENINGS.get(game, 0)):
        state = state.play(opening.choice(state.legal_moves()))
    return state


def played(state: State, squares: tuple[str, ...]) -> State:
    """``state`` after placements on ``squares`` (each the legal move at that square, so a
    Wort-Reversi move comes with its right answers)."""
    for square in squares:
        state = state.play(next(m for m in state.legal_moves()
                                if m.split(":")[0].split("#")[0] == square))
    return state


@cache
def book_openings() -> tuple[tuple[str, ...], ...]:
    """The 6×6 book's balanced lines, as square names: every line of the book's depth
    whose perfect-play value is at most ``BALANCE`` discs, then every prefix of the
    book's perfect game longer than that (value -4), under each symmetry of the start."""
    start = get_game("wortreversi").new(seed=0)
    names = start.board.names  # type: ignore[attr-defined]

    def value(state: State) -> int:
        own, opp = state.discs[state.turn], state.discs[1 - state.turn]  # type: ignore[attr-defined]
        entry = book_entry(SIZE, own, opp)
        assert entry is not None, "the book holds every position within its depth"
        return entry[0]

    lines: list[tuple[str, ...]] = []
    frontier: list[tuple[str, ...]] = [()]
    for _ in range(PLIES):
        frontier = [(*line, move.split(":")[0]) for line in frontier
                    for move in played(start, line).legal_moves()]
    lines += [line for line in frontier if abs(value(played(start, line))) <= BALANCE]
    perfect = tuple(LINE.split())
    own, opp = start.discs  # type: ignore[attr-defined]
    fixing = [p for p in SYMMETRIES if (transform(own, p), transform(opp, p)) == (own, opp)]
    for length in range(PLIES + 1, PLIES + 7):
        for p in fixing:
            lines.append(tuple(names[p[names.index(sq)]] for sq in perfect[:length]))
    for line in lines:
        played(start, line)  # each is a legal line (raises StopIteration if not)
    return tuple(lines)


def load(path: Path) -> list[dict]:
    """The result lines in ``path`` (none if it does not exist; a torn last line is skipped)."""
    if not path.exists():
        return []
    lines = []
    for text in path.read_text(encoding="utf-8").splitlines():
        try:
            lines.append(json.loads(text))
        except json.JSONDecodeError:
            continue
    return lines


def key(line: dict) -> tuple[str, str, str, int]:
    """What identifies a game: (game, level on seat 0, level on seat 1, seed)."""
    return line["game"], *line["levels"], line["seed"]


def ladder() -> list[tuple[str, str]]:
    """The pairings of the targets (``TARGETS``), weaker level first."""
    return [(weaker, stronger) for stronger, weaker, _ in TARGETS]


def schedule(games: dict[str, int], pairings: list[tuple[str, str]],
             done: set[tuple]) -> Iterator[Job]:
    """The games still to play: number 0 of every pairing of every game, then number 1, …"""
    for number in range(max(games.values(), default=0)):
        for game, total in games.items():
            for lower, higher in pairings:
                if number < total and (game, *seats(lower, higher, number), number) not in done:
                    yield game, lower, higher, number


def run(jobs: Iterator[Job], workers: int, path: Path) -> None:
    """Play ``jobs`` in ``workers`` processes, appending each result to ``path`` at once."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor(workers) as pool, path.open("a", encoding="utf-8") as out:
        running = set()
        for job in jobs:
            running.add(pool.submit(play, job))
            if len(running) >= 2 * workers:
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    write(out, future.result())
        for future in running:
            write(out, future.result())


def write(out: TextIO, line: dict) -> None:
    """Append one result line and flush it (so an interrupted run loses no finished game)."""
    out.write(json.dumps(line, separators=(",", ":")) + "\n")
    out.flush()
    print(f"{line['game']:12} {' v '.join(line['levels']):16} seed {line['seed']:4} "
          f"{line['winners']} {line['seconds']:7.1f} s", flush=True)


def score(line: dict, seat: int) -> float:
    """Points of ``seat`` in a finished game: 1 win, ½ draw, 0 loss."""
    return 1 / len(line["winners"]) if seat in line["winners"] else 0.0


def report(lines: list[dict], goals: dict[str, int]) -> None:
    """Print the ratings, the head-to-head scores with Wilson intervals, the targets and the
    core-hours still needed for ``goals[game]`` games per pairing, one row per game; from the
    results of each game's newest code in ``lines`` (the code of the game's last line)."""
    newest = {line["game"]: line["code"] for line in lines}
    left_out = [line for line in lines if line["code"] != newest[line["game"]]]
    if left_out:
        print(f"Only each game's newest code's results; {len(left_out)} results of older code "
              "left out.\n")
    lines = [line for line in lines if line["code"] == newest[line["game"]]]
    played = [g for g in GAME_IDS if any(line["game"] == g for line in lines)]
    records = {g: Record([line for line in lines if line["game"] == g]) for g in played}
    levels = [lv for lv in LEVELS if any(lv in r.levels for r in records.values())]
    print("Elo ratings with 95 % intervals; the lowest level a game has results for is 0.\n")
    print("| game | games | " + " | ".join(levels) + " |")
    print("|---|---:|" + "---|" * len(levels))
    for game, record in records.items():
        try:
            ratings = fit(record.once, anchor=record.levels[0])
        except ValueError as error:
            print(f"| {game} | {len(record.once)} | no ratings: {error} |")
            continue
        cells = ["0" if lv == record.levels[0] else
                 f"{ratings[lv].elo:.0f} ({ratings[lv].low:.0f} to {ratings[lv].high:.0f})"
                 if lv in ratings else "–" for lv in levels]
        print(f"| {game} | {len(record.once)} | " + " | ".join(cells) + " |")
    print("\n| game | pairing | games | different games | score | Wilson 95 % | "
          "on seat 1 / on seat 2 | CPU s a game |")
    print("|---|---|---:|---:|---:|---|---|---:|")
    hours = {}
    for game, record in records.items():
        hours[game] = [0, 0.0]
        for weaker, stronger in combinations(record.levels, 2):
            points, count = record.tally(stronger, weaker)
            if count:
                low, high = wilson(points, count)
                pairing = [line for line in record.lines
                           if set(line["levels"]) == {weaker, stronger}]
                cpu = sum(line["cpu"] for line in pairing) / count
                # "–" for results written before the arena kept a hash of the moves
                different = len({line["record"] for line in pairing}) if all(
                    "record" in line for line in pairing) else "–"
                by_seat = " / ".join(f"{p / n:.0%} of {n}" if n else "–" for p, n in (
                    record.tally(stronger, weaker, seat) for seat in (0, 1)))
                print(f"| {game} | {stronger} v {weaker} | {count} | {different} | "
                      f"{points / count:.1%} | {low:.1%} to {high:.1%} | {by_seat} | "
                      f"{cpu:.1f} |")
                more = max(0, goals.get(game, 0) - count)
                hours[game][0] += more
                hours[game][1] += more * cpu / 3600
    print_pairs(records)
    print("\nTargets: the lower end of the Wilson 95 % interval of the stronger level's score. "
          "Met: the interval lies above the target; missed: below it; open: the sample cannot "
          "tell yet.\n")
    print("| game | " + " | ".join(f"{a} v {b} > {bar:.0%}" for a, b, bar in TARGETS) + " |")
    print("|---|" + "---|" * len(TARGETS))
    for game, record in records.items():
        cells = []
        for stronger, weaker, bar in TARGETS:
            points, count = record.tally(stronger, weaker)
            low, high = wilson(points, count)
            cells.append("not measured" if not count else
                         f"met ({low:.1%}, {count} games)" if low > bar else
                         f"missed ({high:.1%} at most, {count} games)" if high < bar else
                         f"open ({low:.1%} to {high:.1%}, {count} games)")
        print(f"| {game} | " + " | ".join(cells) + " |")
    print("\n| game | games per pairing wanted | games still to play | CPU hours (one core) |")
    print("|---|---:|---:|---:|")
    for game, (more, needed) in hours.items():
        print(f"| {game} | {goals.get(game, 0)} | {more} | {needed:.1f} |")
    print(f"\nIn all: {sum(h[1] for h in hours.values()):.1f} CPU hours still to play "
          "(pairings not yet played are not counted).")


PAIR_POINTS = (2.0, 1.5, 1.0, 0.5, 0.0)


def print_pairs(records: dict[str, Record]) -> None:
    """The game pairs of the games with an opening (games 2k and 2k + 1: the same
    opening, seats swapped), by the stronger level's points in the pair: "split" (1 point:
    one game each, or two draws) says the opening decided, not the level."""
    print("\nGame pairs (the same opening, seats swapped) by the stronger level's "
          "points in the pair:\n")
    print("| game | pairing | pairs | won both | 1½ | split | ½ | lost both |")
    print("|---|---|---:|" + "---:|" * len(PAIR_POINTS))
    for game, record in records.items():
        if game not in OPENINGS and game not in BOOK_OPENED:
            continue
        for weaker, stronger in combinations(record.levels, 2):
            counts = record.pairs(stronger, weaker)
            if counts:
                print(f"| {game} | {stronger} v {weaker} | {sum(counts.values())} | "
                      + " | ".join(str(counts.get(p, 0)) for p in PAIR_POINTS) + " |")


class Record:
    """One game's results: each game once as (seat 0's level, seat 1's level, seat 0's score)."""

    def __init__(self, lines: list[dict]) -> None:
        self.lines = lines
        self.once = [(*line["levels"], score(line, 0)) for line in lines]
        self.levels = [lv for lv in LEVELS if any(lv in r[:2] for r in self.once)]

    def tally(self, player: str, opponent: str, seat: int | None = None) -> tuple[float, int]:
        """``player``'s points and games against ``opponent`` (on ``seat`` alone if given;
        seat 0, shown as seat 1, starts every game)."""
        return head_to_head(self.once, player, opponent, seat)

    def pairs(self, player: str, opponent: str) -> Counter[float]:
        """``player``'s points against ``opponent`` per complete game pair (games 2k and
        2k + 1) counted by total (see :func:`ratings.pair_totals`)."""
        return pair_totals((line["seed"] // 2, score(line, line["levels"].index(player)))
                           for line in self.lines if set(line["levels"]) == {player, opponent})


def targets(spec: str) -> dict[str, int]:
    """``"othello=200,kahuna=100"`` -> games per game; a bare number sets every game."""
    if spec.isdigit():
        return dict.fromkeys(GAME_IDS, int(spec))
    return {name: int(count) for name, count in (part.split("=") for part in spec.split(","))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=GAMES,
                        help="games per pairing: N, or game=N,... (default: %(default)s)")
    parser.add_argument("--levels", help="comma-separated levels: play every pairing of them "
                        "(default: the ladder's pairings)")
    parser.add_argument("--only", default=",".join(GAME_IDS), help="comma-separated games")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: the machine's cores)")
    parser.add_argument("--results", type=Path, default=RESULTS, help="JSON lines file")
    parser.add_argument("--report", action="store_true", help="only print the tables")
    args = parser.parse_args()
    if not args.report:
        games = {g: n for g, n in targets(args.games).items() if g in args.only.split(",")}
        codes = {game: code_hash(game) for game in games}
        done = {key(line) for line in load(args.results)
                if line["code"] == codes.get(line["game"])
                and line.get("expert_cpu_ms", EXPERT_CPU_MS) == EXPERT_CPU_MS}
        pairings = list(combinations(args.levels.split(","), 2)) if args.levels else ladder()
        jobs = schedule(games, pairings, done)
        run(jobs, args.jobs, args.results)
    report(load(args.results), targets(args.games))


if __name__ == "__main__":
    main()
