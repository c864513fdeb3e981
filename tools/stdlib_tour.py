"""Everything the site's Python does, once: what the build's cut of the standard library keeps.

tools/cut_stdlib.mjs runs this under Pyodide in Node after the start a page's worker makes
(Pyodide's own start, bundle.zip unpacked, py/browser_bridge.py run) and keeps only the files
of Python's standard library that were imported.  So it has to reach every import the site
can make:

- every module of ``insel``, and every module that any import statement in ``insel`` or in
  PyScript's own Python package names (imports inside functions too);
- every operation of the session (``Session.op_*``) in every game, with the computer at every
  level, a hint, a look back, a game played to its end, refusals and an engine's traceback;
- the word-list dictionary installed and asked in German and in English (inflect).

An operation of the session that the tour never asks stops the build: a new one must be added
here.  usage (inside Pyodide): tour(BUNDLE_PY_DIR, PYSCRIPT_DIR, LEXICON_ZIP)
"""

from __future__ import annotations

import ast
import importlib
import json
import random
from pathlib import Path
from typing import Any

PLIES = 400  # a game longer than this is left unfinished (none of ours is, played at random)


def named_imports(folder: Path) -> list[tuple[str, tuple[str, ...]]]:
    """Every absolute import statement in the .py files under ``folder``: (module, names)."""
    found: list[tuple[str, tuple[str, ...]]] = []
    paths = sorted(folder.rglob("*.py"))
    if not paths:
        raise SystemExit(f"tools/stdlib_tour.py: no Python files under {folder} to read")
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found += [(alias.name, ()) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.append((node.module, tuple(alias.name for alias in node.names)))
    return found


def modules(package_dir: Path) -> list[str]:
    """The names of the package's modules, itself and its subpackages included."""
    names = []
    for path in sorted(package_dir.rglob("*.py")):
        parts = path.relative_to(package_dir.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def import_all(insel_dir: Path, pyscript_dir: Path) -> None:
    """Every module of insel (an error is the build's), then every module named anywhere in
    insel and PyScript's package (one that is not Python's here, e.g. ``js`` modules of the
    page or MicroPython's, is passed by)."""
    for name in modules(insel_dir):
        importlib.import_module(name)
    for module, names in named_imports(insel_dir) + named_imports(pyscript_dir):
        try:
            __import__(module, fromlist=names)
        except ImportError:
            if module.split(".")[0] == "insel":
                raise


class Tour:
    """A session asked through its JSON door, as the page asks, remembering which ops."""

    def __init__(self) -> None:
        from insel.session import Session

        self.session = Session()
        self.asked: set[str] = set()

    def ask(self, op: str, **args: Any) -> dict:
        self.asked.add(op)
        return json.loads(self.session.handle(json.dumps({"op": op, **args})))

    def until_done(self, op: str, **args: Any) -> dict:
        while not (answer := self.ask(op, **args)).get("done", True):
            pass
        return answer

    def play_out(self, seed: int) -> dict:
        """The game played to its end (or PLIES) at random, chance drawn by the engine."""
        from insel.state import CHANCE

        answer = self.ask("view")
        for ply in range(PLIES):
            if self.session.state.current_player() == CHANCE:
                answer = self.ask("chance")
            else:
                self.ask("ai_start", level="random", seed=seed + ply)
                answer = self.until_done("ai_step", budget_ms=1000)
            if not answer.get("ok") or self.session.state.is_over():
                break
        return answer


def play_every_game() -> set[str]:
    """Every operation in every game; the operations asked."""
    from insel.games import GAME_IDS
    from insel.games.wortreversi import MAX_ANSWER

    asked: set[str] = set()
    for game in GAME_IDS:
        tour = Tour()
        tour.ask("games")
        tour.ask("ai_prepare", game=game)
        tour.ask("new", game=game, seed=7)
        for level in ("easy", "medium", "hard", "expert"):
            tour.ask("ai_start", level=level, seed=1, budget_ms=100)
            tour.until_done("ai_step", budget_ms=1000)
            tour.ask("undo")
        tour.ask("redo")
        tour.until_done("hint", budget_ms=1000)
        legal = tour.ask("view")["legal"]
        tour.ask("play", move=legal[0] if legal else "?")
        tour.ask("play", move="no such move")
        tour.play_out(seed=11)
        record = tour.ask("save")["record"]
        tour.ask("load", record=record)
        tour.ask("load", record=json.dumps(record))
        tour.ask("check", record=record)
        tour.ask("history", seat=0)
        tour.ask("position", ply=1, seat=0)
        tour.ask("view", seat=1)
        tour.ask("table_open", build="tour")  # a live table (insel.referee)
        tour.ask("table_admit", device="guest", seats=[1])
        for text in ('{"v": 1, "t": "hello", "build": "tour"}', "{", '{"v": 1, "t": "undo"}'):
            tour.ask("table_guest", device="guest", text=text, now=0)
        tour.ask("table_sync")
        tour.ask("table_undo")
        tour.ask("table_answer", accept=False)
        tour.ask("table_lost", device="guest")
        tour.ask("table_close")
        tour.ask("report")
        tour.ask("report", record=record)
        if tour.session.state.is_over():
            tour.until_done("review", seats=[0], budget_ms=1000)
        tour.ask("grade", answer="die Maus", correct="Maus", ascii_spelling=True)
        tour.ask("grade", answer="x" * (MAX_ANSWER + 1), correct="y")
        for request in ("", "[1]", '{"op": 1}', "{" * 50 + "}" * 50):
            tour.session.handle(request)
        asked |= tour.asked
    return asked


def diagrams_and_words(lexicon_zip: Path) -> set[str]:
    """Every rules diagram; the word-list operations before and after the dictionary."""
    from insel import lexicon
    from insel.diagrams import diagrams
    from insel.wordlists import BUILTIN

    tour = Tour()
    for name in diagrams():
        tour.ask("diagram", id=name)
        tour.ask("diagram", id=name, move="no such move")
    for name in BUILTIN:
        tour.ask("parse_words", name=name)
    tour.ask("parse_words", text="title: Tiere\nMaus\ndie Hund ; die Hunde\n;\n")
    tour.ask("table_words", text="Maus;Mäuse\n\"Hund\",\"Hunde\"\n")
    tour.ask("table_words", text="Maus\tMäuse\n")
    tour.ask("check_words", text="Maus")
    lexicon.install(lexicon_zip.read_bytes())  # written into the working directory, as the page
    tour.ask("check_words", text="title: Tiere\nMaus\ndie Hund ; die Hunde\nKuh ; Kuhs\n")
    tour.ask("check_words", text="check: en\nchild ; children\nmouse ; mouses\ncity\n")
    return tour.asked


def tour(insel_py: str, pyscript_dir: str, lexicon_zip: str) -> None:
    """Everything above; stops (SystemExit) when an operation of the session went unasked."""
    from insel.session import Session

    random.seed()  # as the page's loader does after a memory snapshot's restore
    import_all(Path(insel_py) / "insel", Path(pyscript_dir))
    asked = play_every_game() | diagrams_and_words(Path(lexicon_zip))
    unasked = sorted({name[3:] for name in dir(Session) if name.startswith("op_")} - asked)
    if unasked:
        raise SystemExit(f"tools/stdlib_tour.py never asks the session's {', '.join(unasked)}:"
                         " add them, or the cut standard library may miss what they import")
