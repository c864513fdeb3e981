#!/usr/bin/env python3
"""Golden playthroughs (after OpenSpiel's): every position of a few fixed games, as the session
door answers it, kept in ``tests/golden/<game>.jsonl`` so that any change of a game's behaviour
shows up as a diff someone has to look at.

    python3 tools/golden.py            regenerate every file (then read the diff before committing)
    python3 tools/golden.py --fresh    the same, every game played anew (not only its answers)
    python3 tools/golden.py --check    replay every file and name the first difference (exit 1)

``--check`` runs under CPython (tests/test_golden.py) and under Pyodide in Node with the site's
own runtime (``node tools/in_pyodide.mjs tools/golden.py --check``), so a record replays to the
same answers in both runtimes, generated islands included.

A file holds, per case: a header line ``{"case", "record", "static"}`` (the full record of the
game, and view parts that never change in it, such as Inselspiel's map); a line per position
``{"case", "ply", "to_move", "legal", "scores", "over", "answers"}`` — the engine's own
``current_player``, ``legal_moves`` and ``scores``, and the door's ``view`` answer for every
seat, then for a spectator; and an end line ``{"case", "records"}`` with every seat's and the
spectator's whole public record.  To keep the files small (and their diffs readable) without
losing anything: an answer's public record is reduced to its newest move (``last``), its
``legal`` equal to the engine's is ``"=legal"``, a view like the first seat's is ``"=0"`` or
``{"=0 but": {the keys that differ}}``, a static view part is ``"=static"``, and a list of
more than ``LONG_LEGAL`` legal moves is its change since the position before plus a digest
of its order.

The games are chosen once by a seeded random player (Inselspiel's seldom passes until a ply
limit and mostly takes the move that counts most capitals for its party, then passes to the
end, so its games reach held capitals and the scoring; Wort-Reversi's sometimes answers
wrong) and then kept: regenerating replays the kept records, so a change of behaviour shows
as changed answers in the same games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from insel.games import get_game  # noqa: E402
from insel.session import Session  # noqa: E402
from insel.state import CHANCE, State  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
STATIC = {"inselspiel": ("map",), "kahuna": ("islands",)}  # view keys fixed for a whole game
LONG_LEGAL = 200  # longer lists of legal moves are kept as their change (Ponte's thousands)
MARK = "=static"
INSEL_PLIES = 240  # then every seat passes

# (game, options, seed): the seed is the game's and the random player's
CASES: dict[str, list[tuple[dict, int]]] = {
    "ponte": [({}, 1), ({"supply": "box"}, 2)],
    "kahuna": [({}, 1), ({}, 2)],
    "othello": [({"size": 6}, 1), ({"size": 8}, 2)],
    "wortreversi": [({}, 1), ({"multiple_choice": True, "swap_sides": True}, 2)],
    "inselspiel": [({}, 1),
                   ({"players": 4, "teams": [[0, 2], [1, 3]]}, 2),
                   ({"players": 6}, 3),
                   ({"map": {"generate": 7, "size": "small"}, "players": 3, "stones": 12}, 4)],
}


def ask(session: Session, op: str, **args: Any) -> dict:
    answer = json.loads(session.handle(json.dumps({"op": op, **args})))
    if not answer.pop("ok"):
        raise AssertionError(f"the door refused {op} {args}: {answer['error']}")
    return answer


def choose(state: State, rng: random.Random) -> str:
    """The seeded random player's move (never called for a chance event)."""
    legal = state.legal_moves()
    if state.game_id == "inselspiel":
        if len(state.moves) >= INSEL_PLIES:
            return "pass"
        if "roll" in legal:
            return "roll" if rng.random() < 0.95 else "pass"
        acting = [m for m in legal if m != "pass"]
        if not acting or rng.random() < 0.03:
            return "pass"
        if rng.random() < 0.3:
            return rng.choice(acting)
        # mostly greedy for its party's capitals, so that games reach held capitals
        seat = state.current_player()
        gains = [state.play(m).scores()[seat] for m in acting]
        return rng.choice([m for m, g in zip(acting, gains, strict=True) if g == max(gains)])
    move = rng.choice(legal)
    if state.game_id == "wortreversi" and rng.random() < 0.3:
        square, _, answers = move.partition(":")
        move = f"{square}:{json.dumps(['falsch'] * len(json.loads(answers)))}"
    return move


def play_case(game: str, options: dict, seed: int) -> dict:
    """The full record of a case's game, played by the seeded random player."""
    session, rng = Session(), random.Random(seed)
    ask(session, "new", game=game, options=options, seed=seed)
    while not session.state.is_over():
        if session.state.current_player() == CHANCE:
            ask(session, "chance")
        else:
            ask(session, "play", move=choose(session.state, rng))
    return ask(session, "save")["record"]


def _answer(session: Session, seat: int | None, static: dict) -> dict:
    answer = ask(session, "view", seat=seat)
    moves = answer.pop("record")["moves"]
    answer["last"] = moves[-1] if moves else None
    if answer["legal"] and answer["legal"] == session.state.legal_moves():
        answer["legal"] = "=legal"
    for key, value in static.items():
        if answer["view"].get(key) == value:
            answer["view"][key] = MARK
    return answer


def _legal(legal: list[str], before: list[str]) -> Any:
    """The legal moves as they are, or a long list as its change since the position before
    (sorted moves added and removed) and a digest of its order."""
    if len(legal) <= LONG_LEGAL:
        return legal
    gone, new = set(before) - set(legal), set(legal) - set(before)
    order = hashlib.sha256("\n".join(legal).encode()).hexdigest()[:16]
    return {"added": sorted(new), "removed": sorted(gone), "count": len(legal), "order": order}


def _answers(session: Session, seats: range, static: dict) -> list[dict]:
    """The door's answer for every seat, then the spectator's; a view like the first
    answer's is written as ``"=0"`` or as ``{"=0 but": {the keys that differ}}``."""
    answers = [_answer(session, seat, static) for seat in [*seats, None]]
    first = answers[0]["view"]
    for answer in answers[1:]:
        view = answer["view"]
        if view == first:
            answer["view"] = "=0"
        elif view.keys() == first.keys():
            answer["view"] = {"=0 but": {k: v for k, v in view.items() if v != first[k]}}
    return answers


def playthrough(case: str, record: dict) -> list[dict]:
    """Every line of a case: the door driven through ``record`` as the page drives it."""
    session = Session()
    opening = ask(session, "new", game=record["game"], options=record["options"],
                  seed=record["seed"])
    static = {key: opening["view"][key] for key in STATIC.get(record["game"], ())}
    lines: list[dict] = [{"case": case, "record": record, "static": static}]
    seats = range(session.state.num_players)
    before: list[str] = []
    for ply in range(len(record["moves"]) + 1):
        state = session.state
        legal = state.legal_moves()
        lines.append({
            "case": case, "ply": ply, "to_move": state.current_player(),
            "legal": _legal(legal, before), "scores": state.scores(), "over": state.is_over(),
            "answers": _answers(session, seats, static)})
        before = legal
        if ply < len(record["moves"]):
            move = record["moves"][ply]
            if state.current_player() == CHANCE and not state.chance_by_hand():
                ask(session, "chance")  # the engine draws it, as in the page
            else:
                ask(session, "play", move=move)
    lines.append({"case": case, "records": [
        ask(session, "view", seat=seat)["record"] for seat in [*seats, None]]})
    return lines


def encode(line: dict) -> str:
    return json.dumps(line, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def first_difference(expected: Any, actual: Any, path: str = "") -> str | None:
    """The first JSON path where two values differ, with both values (shortened)."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual)):
            if key not in actual or key not in expected:
                return f"{path}.{key}: {'missing' if key not in actual else 'unexpected'}"
            found = first_difference(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for i, (a, b) in enumerate(zip(expected, actual, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(expected) != len(actual):
            return f"{path}: {len(expected)} items expected, {len(actual)} found"
        return None
    if expected != actual or type(expected) is not type(actual):
        return f"{path}: expected {encode(expected)[:80]}, got {encode(actual)[:80]}"
    return None


def check(game: str, folder: Path = GOLDEN) -> str | None:
    """Replay ``<folder>/<game>.jsonl``; None if every line agrees, else where it first
    differs (file, line, case, ply and JSON path)."""
    path = folder / f"{game}.jsonl"
    expected = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]
    headers = [(n, line) for n, line in enumerate(expected) if "record" in line]
    for n, header in headers:
        actual = playthrough(header["case"], header["record"])
        for k, line in enumerate(actual):
            want = expected[n + k] if n + k < len(expected) else {}
            found = first_difference(want, line)
            if found:
                return (f"{path.name} line {n + k + 1} (case {header['case']}, "
                        f"ply {line.get('ply', '-')}): {found}")
    return None


def kept_records(game: str) -> dict[str, dict]:
    """The records in ``tests/golden/<game>.jsonl`` by case (none if there is no file)."""
    path = GOLDEN / f"{game}.jsonl"
    if not path.exists():
        return {}
    lines = (json.loads(text) for text in path.read_text(encoding="utf-8").splitlines())
    return {line["case"]: line["record"] for line in lines if "record" in line}


def regenerate(fresh: bool) -> None:
    """Write every file.  A case keeps the game of its file when it still replays (so a
    change of behaviour shows as changed answers, not as another game); ``fresh``, a new
    case or a record the engine now refuses plays the case anew."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for game, cases in CASES.items():
        kept = {} if fresh else kept_records(game)
        lines = []
        for options, seed in cases:
            case = f"{game}-{seed}"
            record = kept.get(case)
            if record is not None and (record["options"], record["seed"]) != (
                    get_game(game).options(**options), seed):
                record = None
            try:
                lines += playthrough(case, record) if record else []
            except AssertionError as refused:
                print(f"{case}: its record no longer replays ({refused}); played anew")
                record = None
            if record is None:
                lines += playthrough(case, play_case(game, options, seed))
        text = "".join(encode(line) + "\n" for line in lines)
        (GOLDEN / f"{game}.jsonl").write_text(text, encoding="utf-8")
        print(f"tests/golden/{game}.jsonl: {len(lines)} lines, {len(text) / 1e3:.0f} kB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="replay the files, name a change")
    parser.add_argument("--fresh", action="store_true", help="play every case anew")
    args = parser.parse_args()
    if not args.check:
        regenerate(args.fresh)
        return 0
    failures = [found for game in CASES if (found := check(game))]
    print("\n".join(failures) or f"golden: every line of {len(CASES)} files agrees "
          f"(Python {sys.version.split()[0]} on {sys.platform})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
