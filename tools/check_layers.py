"""The shell's folders are layers: a module in assets/js/ imports only from its own folder or
from a folder lower in LAYERS, never from a higher one (nor from a folder not in LAYERS), so
no two folders import each other, directly or around a circle.  Run by `build.py test`;
exits 1 naming each import that breaks the rule.

What counts as an import: `import … from "…"`, `export … from "…"`, a bare `import "…"` and
a dynamic `import("…")` in code, and a JSDoc type's `import("…")` in a comment (a type
from a higher folder ties the lower one to it as much as code does: tsc reads the module it
names), each with a relative path.  Packages by name
(`idb`) may be imported anywhere.

    python3 tools/check_layers.py [assets/js]
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

# Lowest first: a folder may import from itself and from the folders before it.
LAYERS = (
    "common",    # no app imports: strings, schemas, dom helpers, store, csv, files, types
    "keep",      # what is stored and read back: saves, settings, prefs, links, names
    "platform",  # the browser and the worker: engine bridge, loaders, offline, tabs, sounds
    "class",     # classroom: class links and reports, hand-ins, lessons, word lists
    "views",     # shared board drawing; views/<game>/ one folder per game
    "table",     # the engine/table seam the controller speaks to
    "play",      # the store-driven game screen: controller, render, history, review, menu
    "share",     # share dialogs, links to send, QR codes
    "print",     # print.html's cards and sheets
    "boot",      # app.js (the entry) and what only it wires together
)
ROOT = Path(__file__).resolve().parent.parent
SHELL = ROOT / "assets" / "js"
COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\\"'`])//[^\n]*", re.S)
TYPE_IMPORT = re.compile(r"""\bimport\(\s*["'](\.{1,2}/[^"']+)["']\s*\)""")
IMPORT = re.compile(r"""(?:\bfrom|^\s*import|\bimport\s*\()\s*["'](\.{1,2}/[^"']+)["']""", re.M)


def order_cycle(layers: tuple[str, ...]) -> str | None:
    """A folder named twice in the order (its rank would be ambiguous), else None."""
    seen = set()
    for name in layers:
        if name in seen:
            return name
        seen.add(name)
    return None


def folder(shell: Path, module: Path) -> str:
    """The top folder of a module under `shell` ("" for a module lying in `shell` itself)."""
    parts = module.relative_to(shell).parts
    return parts[0] if len(parts) > 1 else ""


def imports(source: str) -> list[str]:
    """The relative paths a module imports: in its code, and in its comments' JSDoc types."""
    comments = "\n".join(match.group(0) for match in COMMENT.finditer(source))
    return IMPORT.findall(COMMENT.sub("", source)) + TYPE_IMPORT.findall(comments)


def breaches(shell: Path, layers: tuple[str, ...] = LAYERS) -> list[str]:
    """Each import under `shell` that goes up the order or leaves it, as a readable line."""
    rank = {name: index for index, name in enumerate(layers)}
    found = []
    for module in sorted(shell.rglob("*.js")):
        if module.name.endswith(".bundle.js"):
            continue
        own = folder(shell, module)
        name = module.relative_to(shell).as_posix()
        if own not in rank:
            found.append(f"{name}: its folder {own or '(top)'!r} is not in the order {layers}")
            continue
        for path in imports(module.read_text(encoding="utf-8")):
            target = Path(os.path.normpath(module.parent / path))
            if not target.is_relative_to(shell):
                continue  # outside the shell (the runtime PyScript and Pyodide bring)
            other = folder(shell, target)
            if other not in rank:
                found.append(f"{name} imports {target.relative_to(shell).as_posix()}: folder "
                             f"{other or '(top)'!r} is not in the order")
            elif rank[other] > rank[own]:
                found.append(f"{name} imports {target.relative_to(shell).as_posix()}: {own}/ may "
                             f"not import from {other}/, a higher folder")
    return found


def main(argv: list[str]) -> int:
    shell = Path(argv[0]).resolve() if argv else SHELL
    twice = order_cycle(LAYERS)
    if twice:
        print(f"check_layers: {twice!r} is named twice in LAYERS (a cycle)")
        return 1
    if not any(shell.rglob("*.js")):  # a wrong folder (or an option) must not pass for a clean one
        print(f"check_layers: no modules under {shell}")
        return 1
    found = breaches(shell)
    for line in found:
        print(f"check_layers: {line}")
    if not found:
        print(f"check_layers: {len(list(shell.rglob('*.js')))} modules in {len(LAYERS)} layers, "
              "no import goes up")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
