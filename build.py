#!/usr/bin/env python3
"""Build, serve and test the static Inselspiele site.

    python3 build.py            build the site into dist/
    python3 build.py serve      build, then serve dist/ on http://127.0.0.1:8000/
                                (--port N: another port; --host 0.0.0.0: phones in the room)
    python3 build.py test       install what the tests need, build, run every test

Python packages go into the project's own virtual environment, .venv (made here, with
Debian's python3-venv installed by apt-get when this Python cannot make one), never into the
system's Python; run from inside a virtual environment with pip, build.py uses that one.

The site is self-contained: Pyodide and PyScript are copied from node_modules (installed
from package-lock.json with ``npm ci``) and served from the site's own origin, so it runs
offline and under any sub-path (GitHub Pages).  Our Python travels as one zip that
PyScript unpacks into Pyodide's file system (no micropip; see the README for why).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import errno
import functools
import gzip
import hashlib
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent
# INSEL_DIST lets two builds (e.g. two people testing at once) live side by side.
DIST = Path(os.environ.get("INSEL_DIST", ROOT / "dist")).resolve()
NODE = ROOT / "node_modules"
CHROMIUM = Path("/usr/bin/chromium")
VENV = ROOT / ".venv"  # the project's own Python environment (python_plan)
VENV_PYTHON = VENV / "bin" / "python"

# The Pyodide files needed at run time (the rest of the npm package is for Node or debugging).
# Its standard library (python_stdlib.zip) goes cut to what the site imports (write_stdlib),
# its package list (pyodide-lock.json) not at all: no package is loaded, and the loader hands
# Pyodide an empty one (LOCK), so it is never fetched.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
# What goes into the Python bundle, keeping the repository layout (see insel.assets).
BUNDLE_TREES = (("py/insel", ".py"), ("assets/words", ".txt"), ("assets/maps", ".json"),
                ("assets/rules", ".json"))  # the rules' live diagrams (insel.diagrams)
# qr-scanner, the QR decoder where the browser has no BarcodeDetector for QR codes
# (assets/js/platform/qr-reader.js imports it when a code is first read)
QR_SCANNER_FILES = ("qr-scanner.min.js", "qr-scanner-worker.min.js")
SITE_FILES = ("index.html", "print.html", "pyscript.toml", "manifest.webmanifest",
              "py/browser_bridge.py")
SITE_TREES = ("assets",)
# As GitHub Pages serves them (text with its charset).
MIME_TYPES = {".mjs": "text/javascript; charset=utf-8", ".js": "text/javascript; charset=utf-8",
              ".wasm": "application/wasm", ".json": "application/json; charset=utf-8",
              ".webmanifest": "application/manifest+json; charset=utf-8",
              ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
              ".toml": "text/plain; charset=utf-8", ".txt": "text/plain; charset=utf-8",
              ".py": "text/plain; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png",
              ".zip": "application/zip", ".gz": "application/gzip"}
# The app's icon (assets/icon.svg) as PNG: (file, size, maskable).  Maskable icons fill the
# square and keep the picture inside the central safe circle that launchers may cut to.
ICON_PNGS = (("icon-192.png", 192, False), ("icon-512.png", 512, False),
             ("maskable-192.png", 192, True), ("maskable-512.png", 512, True))
SERVICE_WORKER = "sw.js"  # written last: it names every other file with its hash
OFFLINE_SIZE = "assets/offline.json"  # what offline play keeps, in bytes (offline.js)
# Fetched only when needed, never precached: the word-list editor's dictionary (600 kB).
NOT_PRECACHED = ("assets/lexicon.zip",)
# The shell's pages and their entry modules: each page loads its entry bundled (bundle_shell).
SHELL_BUNDLES = (("index.html", "assets/js/boot/app.js"),
                 ("print.html", "assets/js/print/print-cards.js"))
# The module that names the build's version (source_version), "dev" in the sources.
BUILD_MODULE = "assets/js/common/build.js"
# What the version is hashed from: the sources of everything a build serves.
VERSION_SOURCES = ("py", "assets", *SITE_FILES, "package-lock.json")


def run(*cmd: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=cwd, check=True, env={**os.environ, **env} if env else None)


def apt_get(packages: list[str]) -> None:
    """Install Debian packages (as root, or through sudo)."""
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run([*sudo, "apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", *packages], check=True, env=env)


def python_plan(in_venv: bool, has_pip: bool, venv_has_pip: bool, can_make_venv: bool) -> list[str]:
    """What to do before installing Python packages, in order: "stay" (this Python is a
    virtual environment with pip — CI's, the person's own, or .venv itself: install into
    it), else "apt" (Debian's python3-venv, when this Python has no venv or ensurepip, as
    Debian's own lacks), "make" (create .venv with pip) and "enter" (run build.py again
    with .venv's Python).  A system Python is never installed into (PEP 668 forbids it on
    Debian and Ubuntu, and Debian's has no pip)."""
    if in_venv and has_pip:
        return ["stay"]
    if venv_has_pip:
        return ["enter"]
    return [*([] if can_make_venv else ["apt"]), "make", "enter"]


def has_module(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def enter_venv() -> None:
    """Run on in a virtual environment with pip (python_plan): this one, or .venv (made
    first if need be; build.py starts again there with the same arguments)."""
    venv_has_pip = VENV_PYTHON.exists() and subprocess.run(
        [str(VENV_PYTHON), "-c", "import pip"], capture_output=True).returncode == 0
    plan = python_plan(sys.prefix != sys.base_prefix, has_module("pip"), venv_has_pip,
                       has_module("venv") and has_module("ensurepip"))
    if plan == ["stay"]:
        return
    if os.environ.get("INSEL_ENTERED_VENV"):  # (entered once already: never loop)
        raise SystemExit(f"{VENV_PYTHON} cannot install packages: delete {VENV} and run again")
    if "apt" in plan:
        apt_get(["python3-venv"])
    if "make" in plan:
        # (the base interpreter, not a venv's; the machine's own packages stay visible, so a
        # pinned one already there is not fetched again, and nothing is installed into them)
        base = getattr(sys, "_base_executable", sys.executable)
        run(base, "-m", "venv", "--clear", "--system-site-packages", str(VENV))
    print(f"+ {VENV_PYTHON} build.py {' '.join(sys.argv[1:])}", flush=True)
    os.environ["INSEL_ENTERED_VENV"] = "1"
    os.execv(VENV_PYTHON, [str(VENV_PYTHON), str(Path(__file__).resolve()), *sys.argv[1:]])


def ensure_node_modules() -> None:
    """Install the runtime from the lockfile when node_modules is missing or older."""
    stamp = NODE / ".package-lock.json"
    lock = ROOT / "package-lock.json"
    if not stamp.exists() or stamp.stat().st_mtime < lock.stat().st_mtime:
        run("npm", "ci", "--no-audit", "--no-fund")


def pyscript_dist() -> Path:
    return NODE / "@pyscript" / "core" / "dist"


def build() -> Path:
    """Write the whole static site into dist/ and return its path."""
    ensure_node_modules()
    if DIST.exists():
        shutil.rmtree(DIST)
    runtime = DIST / "runtime"
    (runtime / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, runtime / "pyodide" / name)
    copy_pyscript(runtime / "pyscript")
    (runtime / "qr-scanner").mkdir()
    for name in QR_SCANNER_FILES:
        shutil.copy2(NODE / "qr-scanner" / name, runtime / "qr-scanner" / name)
    shutil.copy2(NODE / "qr-scanner" / "LICENSE", runtime / "qr-scanner" / "LICENSE.txt")
    for name in SITE_FILES:
        (DIST / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, DIST / name)
    for tree in SITE_TREES:
        shutil.copytree(ROOT / tree, DIST / tree, ignore=shutil.ignore_patterns("maps", "words"))
    write_build_version(DIST, source_version(ROOT))
    bundle_shell(DIST)
    bundle_styles(DIST / "index.html")
    write_bundle(DIST / "bundle.zip")
    write_lexicon_asset(DIST / "assets" / "lexicon.zip")
    stdlib = write_stdlib(DIST)
    write_part_sizes(DIST, stdlib)
    name_snapshot(DIST, stdlib)
    write_menu_data(DIST / "assets" / "menu.json")
    write_start_hints(DIST / "index.html", stdlib)  # once every file it names is written
    write_print_data(DIST / "assets" / "print.json")
    write_icons(DIST / "assets" / "icons")
    (DIST / ".nojekyll").write_text("")  # GitHub Pages: serve files as they are
    write_offline_size(DIST)
    write_service_worker(DIST)
    size = sum(f.stat().st_size for f in DIST.rglob("*") if f.is_file())
    print(f"built {DIST}/ ({size / 1e6:.1f} MB)")
    return DIST


# Fetched as soon as the page is parsed: the menu's pictures and the words of every language
# (the app's language is chosen by its script: a #lang= link, the choice remembered, the
# browser's; with two catalogues of 12 kB gzipped, asking for both at once costs less than
# the round trip of asking for one after the script has run).
START_FETCHES = ("assets/menu.json", "assets/i18n/*.json")
# Then, in this order, what Python's worker asks for one after the other (core → worker →
# its script → PyScript's configuration → the loader → Pyodide's scripts → wasm, library,
# bundle): preloaded by the page, every one of them is in the HTTP cache (or on its way)
# when the worker asks, so a first visit waits for one round trip instead of ten (a host's
# max-age=600 lets the worker take them from the cache unasked; a no-cache server answers
# its questions with 304).  The runtime's big files (PYTHON_BIG, ~4 MB gzipped) are not
# preloaded by the page, whose thread would take in every byte of them in tasks that hold
# back its timers and taps: engine.js starts PREFETCH, a worker of their own, beside Python's.
PYTHON_FETCHES = ("py/browser_bridge.py", "pyscript.toml")
PYTHON_BIG = ("runtime/pyodide/pyodide.asm.wasm", "runtime/pyodide/pyodide.asm.mjs", "{stdlib}",
              "bundle.zip")
PREFETCH = "assets/js/platform/prefetch.js"
# On a slow link the page asks for the wasm (PYTHON_BIG's first, 3.55 of its 4.8 MB) itself,
# in its first round trip: this script, inlined as the page's first (its hash in the page's
# policy), adds its preload link; the rest waits for PREFETCH, so that the menu's files do not
# share the one slow link with all of them (docs/startup-and-offline.md: menu 3.2 s, not 5.5).
EARLY_FETCH = "assets/js/boot/early-fetch.js"
CSP_SCRIPTS = "script-src 'self'"  # the page's policy for scripts, the inline one added to it
SNAPSHOT_MAKER = "assets/js/platform/snapshot-maker.js"  # precached: a snapshot made offline
APP_SCRIPT = '<script type="module" src="assets/js/boot/app.bundle.js"></script>'  # bundle_shell's


# PyScript 0.7 imports every plugin at start, and `plugins = ["!name"]` in pyscript.toml
# cannot stop it (the MicroPython config, which we have not, loads them all again).  We use
# none of these: the build drops them from the core's plugin table and leaves out every file
# no longer imported (the editor's CodeMirror, the terminal's xterm: 0.6 MB not precached).
UNUSED_PLUGINS = ("py-editor", "py-terminal", "py-game", "donkey", "deprecations-manager")
# Chunks the core still names in an import() that our site never runs, left out with what only
# they import (a page that ran one would get a 404): the editor's CodeMirror (getters kept in
# the core), PyScript's donkey() API, the check of a config's `packages` (we have none) and
# the zip reader MicroPython unpacks `[files]` with (Pyodide unpacks bundle.zip itself).
# The browser tests see none of them requested (tests/browser/test_stdlib_browser.py).
NEVER_IMPORTED = ("codemirror", "donkey-", "pyodide_graph-", "zip-")


def copy_pyscript(target: Path) -> None:
    """PyScript's dist without its unused plugins, the chunks NEVER_IMPORTED and the chunks
    only those import."""
    source = pyscript_dist()
    target.mkdir(parents=True)
    core = (source / "core.js").read_text()
    chunk = core[core.index('from"./') + 7:core.index('.js"') + 3]
    text = (source / chunk).read_text()
    for name in UNUSED_PLUGINS:
        entry = re.compile(rf'"?{re.escape(name)}"?:\(\)=>import\("\./[\w.-]+\.js"\),?')
        text, count = entry.subn("", text)
        if count != 1:
            raise SystemExit(f"PyScript {chunk}: no plugin {name!r} to leave out (a new version?)")
    (target / chunk).write_text(text.replace(",}", "}"))
    shutil.copy2(source / "core.css", target / "core.css")
    todo, never = ["core.js", chunk], set()
    while todo:  # every chunk still imported, from core.js on
        name = todo.pop()
        if not (target / name).exists():
            shutil.copy2(source / name, target / name)
        for imported in re.findall(r'"\./([\w.-]+\.js)"', (target / name).read_text()):
            if imported.startswith(NEVER_IMPORTED):
                never.add(next(p for p in NEVER_IMPORTED if imported.startswith(p)))
            elif not (target / imported).exists() and imported not in todo:
                todo.append(imported)
    if never != set(NEVER_IMPORTED):
        raise SystemExit(f"PyScript: no chunk {sorted(set(NEVER_IMPORTED) - never)} to leave out"
                         " (a new version?)")


def app_modules(entry: str) -> list[str]:
    """The modules `entry` imports statically, directly or not (its import waterfall)."""
    found, todo = [], [entry]
    while todo:
        module = todo.pop(0)
        source = (ROOT / module).read_text()
        for name in re.findall(r'^import\s[^;]*?["\'](\.{1,2}/[\w./-]+\.js)["\']', source, re.M):
            path = os.path.normpath(os.path.join(os.path.dirname(module), name))
            if path not in found and path != entry:
                found.append(path)
                todo.append(path)
    return found


def source_version(root: Path) -> str:
    """The build's version: a hash of its sources (VERSION_SOURCES under ``root``: engines,
    shell, words, rules, pages and the runtime's lockfile), so the same sources give the same
    version on every machine and any change another.  Hashed before anything is built: the
    site's own hash (sw.js) covers the page that would have to name it."""
    digest = hashlib.sha256()
    for top in VERSION_SOURCES:
        start = root / top
        files = sorted(start.rglob("*")) if start.is_dir() else [start]
        for path in files:
            name = path.relative_to(root).as_posix()
            if not path.is_file() or "__pycache__" in path.parts or name == BUILD_MODULE:
                continue
            digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def write_build_version(site: Path, version: str) -> None:
    """Name ``version`` in the site's BUILD_MODULE (before the shell is bundled)."""
    module = site / BUILD_MODULE
    source = module.read_text()
    if 'BUILD = "dev"' not in source:
        raise SystemExit(f"{BUILD_MODULE}: no BUILD = \"dev\" to name the version in")
    module.write_text(source.replace('BUILD = "dev"', f"BUILD = {json.dumps(version)}"))


def bundled(entry: str) -> str:
    """The bundle of an entry module: assets/js/boot/app.js → assets/js/boot/app.bundle.js."""
    return entry.removesuffix(".js") + ".bundle.js"


def bundle_shell(site: Path) -> None:
    """Bundle each page's entry module with what it imports (esbuild, from npm) into one
    minified script with a source map, and point the page's script at it: one request
    instead of one per module, and no round trips while the browser finds the imports.
    esbuild follows the imports, so how the shell is split into modules is its own business.
    PyScript's runtime stays outside (engine.js imports it when Python starts, by a path
    relative to its module, which holds: the bundle lies beside the entry, one folder deep
    in assets/js/ as every module with such a path is).  npm packages
    the shell imports by name (`idb`) are found in node_modules (NODE_PATH: esbuild runs in
    the site, not beside node_modules) and bundled in, so no bare name is asked for at run
    time."""
    run(str(NODE / ".bin" / "esbuild"),
        *(entry for _, entry in SHELL_BUNDLES), "--bundle", "--format=esm", "--minify",
        "--sourcemap", "--target=es2022", "--entry-names=[dir]/[name].bundle",
        "--outbase=assets/js", "--outdir=assets/js", "--external:../../../runtime/*",
        "--log-level=warning", cwd=site, env={"NODE_PATH": str(NODE)})
    for page, entry in SHELL_BUNDLES:
        script = f'<script type="module" src="{entry}"></script>'
        html = (site / page).read_text()
        if script not in html:
            raise SystemExit(f"{page}: no {script} to load the bundle with")
        (site / page).write_text(html.replace(script, script.replace(entry, bundled(entry))))


def not_precached(site: Path) -> set[str]:
    """The files the service worker keeps only once a page has asked for them: the dictionary,
    the source maps, the shell's modules and stylesheets, which the pages load bundled (they
    stay in the site for the maps' readers and for tests); not the worker's loader and its
    imports, nor the prefetch worker (the page preloads it, also when offline), nor the
    snapshot maker (a snapshot made offline)."""
    loader = {PYODIDE_START, PREFETCH, SNAPSHOT_MAKER, *app_modules(PYODIDE_START)}
    bundles = {bundled(entry) for _, entry in SHELL_BUNDLES}
    modules = {path.relative_to(site).as_posix() for path in (site / "assets" / "js").rglob("*")
               if path.suffix in (".js", ".map")}
    linked = {name for page, _ in SHELL_BUNDLES
              for name in STYLE_LINK.findall((site / page).read_text())}
    styles = {path.relative_to(site).as_posix() for path in site.rglob("*.css")} - linked
    return {*NOT_PRECACHED, *(modules - bundles - loader), *styles}


def write_start_hints(page: Path, stdlib: str) -> None:
    """Put preload links for the start's files beside the app's script in the built page:
    the catalogues before it, the menu's data after it (START_FETCHES), then Python's chain
    (PyScript's core and chunks, PYTHON_FETCHES, PREFETCH, the loader with its imports,
    Pyodide's loader), so that nothing of it waits for what asks for it and the menu waits
    for none of it; and name PYTHON_BIG, with the cut library ``stdlib``, in PREFETCH.
    PyScript's chunks have content hashes in their names: the build takes them from
    runtime/pyscript/."""
    core = (DIST / "runtime" / "pyscript" / "core.js").read_text()
    chunk = "runtime/pyscript/" + core[core.index('from"./') + 7:core.index('.js"') + 3]
    chunks = sorted(path.relative_to(DIST).as_posix()
                    for path in (DIST / "runtime" / "pyscript").glob("*-*.js"))
    menu = [path.relative_to(DIST).as_posix()
            for pattern in START_FETCHES for path in sorted(DIST.glob(pattern))]
    loader = [PREFETCH, PYODIDE_START, *app_modules(PYODIDE_START), "runtime/pyodide/pyodide.mjs"]
    big = [name.format(stdlib=stdlib) for name in PYTHON_BIG]
    for name in [*menu, *PYTHON_FETCHES, *loader, *big]:
        if not (DIST / name).is_file():
            raise SystemExit(f"{page}: no {name} to preload")

    def fetch(name: str, extra: str = "") -> str:
        return f'<link rel="preload" href="{name}" as="fetch" crossorigin{extra}>'

    before = [fetch(name) for name in menu]
    after = [f'<link rel="modulepreload" href="{name}">' for name in
             ["runtime/pyscript/core.js", chunk, *(name for name in chunks if name != chunk)]]
    after += [fetch(name) for name in [*PYTHON_FETCHES, *loader]]
    html = page.read_text()
    if APP_SCRIPT not in html:
        raise SystemExit(f"{page}: no {APP_SCRIPT} to put the start's preload links after")
    words = [link for link in before if "/i18n/" in link]  # asked with the script that reads them
    before = [link for link in before if link not in words]
    html = html.replace(APP_SCRIPT, "\n  ".join([*words, APP_SCRIPT, *before, *after]))
    page.write_text(early_fetch(html, big[:1]))  # the wasm alone (EARLY_FETCH)
    home = (DIST / PREFETCH).parent
    fill_in(DIST, "FILES", json.dumps([os.path.relpath(DIST / name, home) for name in big]),
            PREFETCH)


def early_fetch(html: str, big: list[str]) -> str:
    """The page with EARLY_FETCH (the ``big`` files named in it) inlined as its first script,
    right after the policy (before the stylesheets, which an inline script would wait for),
    and that script's hash allowed by the policy (no 'unsafe-inline')."""
    source = (ROOT / EARLY_FETCH).read_text().replace(
        "const FILES = null;", f"const FILES = {json.dumps(big)};")
    if json.dumps(big) not in source or CSP_SCRIPTS not in html or "</script" in source:
        raise SystemExit(f"{EARLY_FETCH}: no 'const FILES = null;' or the page's policy changed")
    digest = base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()
    html = html.replace(CSP_SCRIPTS, f"{CSP_SCRIPTS} 'sha256-{digest}'", 1)
    policy = html.index(">", html.index('http-equiv="Content-Security-Policy"')) + 1
    return f"{html[:policy]}\n  <script>{source}</script>{html[policy:]}"


STYLE_LINK = re.compile(r'^ *<link rel="stylesheet" href="([\w./-]+\.css)">\n', re.M)
STYLES_BUNDLE = "assets/css/app.bundle.css"


def bundle_styles(page: Path) -> None:
    """The page's stylesheets in one file (STYLES_BUNDLE, in their order): one request where
    there were seven, each of which held one of HTTP/1.1's six connections for a round trip
    before the scripts could be asked for.  None has an url() or @import to move."""
    html = page.read_text()
    names = STYLE_LINK.findall(html)
    text = "".join(f"/* {name} */\n{(page.parent / name).read_text()}\n" for name in names)
    if not names or "url(" in text or "@import" in text:
        raise SystemExit(f"{page}: stylesheets to bundle: {names} (an url() or @import?)")
    (page.parent / STYLES_BUNDLE).write_text(text)
    first = STYLE_LINK.search(html)
    assert first
    link = f'  <link rel="stylesheet" href="{STYLES_BUNDLE}">\n'
    page.write_text(html[:first.start()] + link + STYLE_LINK.sub("", html[first.start():]))


def write_bundle(target: Path) -> None:
    """Zip our Python package and its data files; PyScript unpacks it at start."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as bundle:
        for tree, suffix in BUNDLE_TREES:
            for path in sorted((ROOT / tree).rglob(f"*{suffix}")):
                if "__pycache__" not in path.parts:
                    bundle.write(path, path.relative_to(ROOT).as_posix())


# PyScript's interpreter module: Pyodide's loader, started from the memory snapshot when cached.
# The build names in it (each `const NAME = null;`) the files it made for this build.
PYODIDE_START = "assets/js/platform/pyodide-start.js"
# Python's standard library as Pyodide ships it (for Node: the build's runs, the tests).
FULL_STDLIB = NODE / "pyodide" / "python_stdlib.zip"
STDLIB_GUARD = "py/stdlib_guard.py"  # the cut library's sitecustomize
LEFT_OUT = "LEFT_OUT: frozenset[str] = frozenset()"


def fill_in(site: Path, name: str, value: str, module: str = PYODIDE_START) -> None:
    """Write ``value`` (JavaScript) for the constant ``name`` of the site's ``module`` (the
    loader PYODIDE_START unless named)."""
    loader = site / module
    source = loader.read_text()
    if f"const {name} = null;" not in source:
        raise SystemExit(f"{loader}: no 'const {name} = null;' to fill in")
    loader.write_text(source.replace(f"const {name} = null;", f"const {name} = {value};"))


def named_by_content(site: Path, made: Path, stem: str, suffix: str) -> str:
    """Rename ``made`` to runtime/<stem>-<hash><suffix> (a name per content, so a page only
    ever finds its own build's file in the worker's caches) and return that name."""
    digest = hashlib.sha256(made.read_bytes()).hexdigest()[:16]
    name = f"runtime/{stem}-{digest}{suffix}"
    made.rename(site / name)
    print(f"{name}: {(site / name).stat().st_size / 1e6:.2f} MB")
    return name


def empty_lock() -> str:
    """Pyodide's package list with no package: what the loader gives Pyodide (as JSON)."""
    info = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())["info"]
    return json.dumps({"info": info, "packages": {}}, separators=(",", ":"))


def write_stdlib(site: Path) -> str:
    """Python's standard library cut to the files the site imports (make_stdlib) as
    runtime/stdlib-<hash>.zip, named in the loader with the empty package list; returns its
    name.  Needs bundle.zip and assets/lexicon.zip in ``site``."""
    made = make_stdlib(site / "bundle.zip", site / "assets" / "lexicon.zip",
                       site / "runtime" / "stdlib.zip")
    name = named_by_content(site, made, "stdlib", ".zip")
    fill_in(site, "STDLIB", json.dumps(name))
    fill_in(site, "LOCK", empty_lock())
    return name


def write_part_sizes(site: Path, stdlib: str) -> None:
    """Name in the loader the sizes of the three parts whose bytes the start's progress counts
    (assets/js/platform/pyodide-start.js SIZES): each unpacked, and gzipped as a static host
    sends it
    (the zips are already compressed)."""
    sizes = {}
    for part, name in (("runtime", "runtime/pyodide/pyodide.asm.wasm"), ("stdlib", stdlib),
                       ("code", "bundle.zip")):
        data = (site / name).read_bytes()
        sizes[part] = [len(data), min(len(data), len(gzip.compress(data, 6)))]
    fill_in(site, "SIZES", json.dumps(sizes))


def make_stdlib(bundle: Path, lexicon: Path, target: Path) -> Path:
    """Write ``target``: Python's standard library cut to the files that tools/cut_stdlib.mjs
    sees read under Pyodide in Node (the worker's start with ``bundle``, every import of ours,
    every operation, the dictionary ``lexicon``; tools/stdlib_tour.py)."""
    noted = target.with_suffix(".json")
    run("node", str(ROOT / "tools" / "cut_stdlib.mjs"), str(NODE / "pyodide"), str(bundle),
        str(lexicon), str(noted))
    kept = json.loads(noted.read_text())
    noted.unlink()
    cut_stdlib(set(kept), target)
    return target


def cut_stdlib(kept: set[str], target: Path) -> None:
    """Write the files ``kept`` of FULL_STDLIB (with their folders) into ``target``, and
    STDLIB_GUARD as its sitecustomize, naming every module left out."""
    with zipfile.ZipFile(FULL_STDLIB) as full, zipfile.ZipFile(target, "w") as cut:
        names = full.namelist()
        if kept - set(names):
            raise SystemExit(f"not in {FULL_STDLIB.name}: {sorted(kept - set(names))}")
        folders = {name[:end + 1] for name in kept for end, char in enumerate(name) if char == "/"}
        for info in full.infolist():
            if info.filename in kept or info.filename in folders:
                cut.writestr(info, full.read(info), zipfile.ZIP_DEFLATED, 9)
        left_out = sorted(name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
                          for name in names if name.endswith(".py") and name not in kept)
        guard = (ROOT / STDLIB_GUARD).read_text()
        if LEFT_OUT not in guard:
            raise SystemExit(f"{STDLIB_GUARD}: no {LEFT_OUT!r} to fill in")
        guard = guard.replace(LEFT_OUT, f"LEFT_OUT = frozenset({left_out!r})")
        cut.writestr(zipfile.ZipInfo("sitecustomize.py", (2026, 1, 1, 0, 0, 0)), guard,
                     zipfile.ZIP_DEFLATED, 9)
    print(f"stdlib: {len(kept)} of {len(names)} files kept,"
          f" {target.stat().st_size / 1e3:.0f} of {FULL_STDLIB.stat().st_size / 1e3:.0f} kB")


def name_snapshot(site: Path, stdlib: str) -> None:
    """Name in the site's PYODIDE_START the address its memory snapshot is kept under on the
    device (the page makes it there: assets/js/platform/snapshot.js; the build ships none),
    runtime/snapshot-<hash>.bin.gz, the hash of everything the snapshot holds or must match:
    Pyodide's runtime, the cut standard library ``stdlib``, the package list, our bundle.zip
    and the loader that makes it."""
    digest = hashlib.sha256()
    for name in ("runtime/pyodide/pyodide.asm.wasm", "runtime/pyodide/pyodide.asm.mjs", stdlib,
                 "bundle.zip"):
        digest.update((site / name).read_bytes())
    digest.update(empty_lock().encode())
    digest.update((ROOT / PYODIDE_START).read_bytes())
    fill_in(site, "SNAPSHOT", json.dumps(f"runtime/snapshot-{digest.hexdigest()[:16]}.bin.gz"))


def write_menu_data(target: Path) -> None:
    """The menu's games and board pictures, computed by the engines now (insel.showcase), so
    the page can draw its menu before Python has started."""
    sys.path.insert(0, str(ROOT / "py"))
    from insel.showcase import menu_data

    target.write_text(json.dumps(menu_data(), ensure_ascii=False, separators=(",", ":")))


def write_print_data(target: Path) -> None:
    """The starting boards print.html draws for print-and-play (insel.showcase.print_data)."""
    sys.path.insert(0, str(ROOT / "py"))
    from insel.showcase import print_data

    target.write_text(json.dumps(print_data(), ensure_ascii=False, separators=(",", ":")))


def write_lexicon_asset(target: Path) -> None:
    """The word-list editor's dictionary (German nouns, English plurals), fetched only when
    the editor opens (tools/make_lexicon.py); its size is printed."""
    ensure_build_needs()
    sys.path.insert(0, str(ROOT / "tools"))
    from make_lexicon import write_lexicon

    size = write_lexicon(target)
    print(f"lexicon.zip: {size['total'] / 1e3:.0f} kB (German nouns {size['german'] / 1e3:.0f} kB"
          f" deflated, inflect and its imports {size['english'] / 1e3:.0f} kB)")


def ensure_build_needs() -> None:
    """pip-install build-requirements.txt when a pinned package is missing or another version."""
    from importlib import metadata

    for line in (ROOT / "build-requirements.txt").read_text().splitlines():
        name, _, version = line.partition("==")
        if line.strip() and not line.startswith("#"):
            try:
                if metadata.version(name.strip()) == version.strip():
                    continue
            except metadata.PackageNotFoundError:
                pass
            run(sys.executable, "-m", "pip", "install", "-q", "-r", "build-requirements.txt")
            return


def write_icons(target: Path) -> None:
    """Render assets/icon.svg to the PNGs the manifest lists (tools/render_icons.mjs)."""
    target.mkdir(parents=True, exist_ok=True)
    svg = (ROOT / "assets" / "icon.svg").read_text()
    # the maskable picture: the sea fills the square, the island shrinks into the safe zone
    body = svg[svg.index(">") + 1:svg.rindex("</svg>")]
    maskable = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
                '<rect width="64" height="64" fill="#2f6f8f"/>'
                f'<g transform="translate(8 8) scale(0.75)">{body}</g></svg>')
    jobs = [{"svg": maskable if mask else svg, "size": size, "out": str(target / name)}
            for name, size, mask in ICON_PNGS]
    subprocess.run(["node", str(ROOT / "tools" / "render_icons.mjs")], input=json.dumps(jobs),
                   text=True, check=True, cwd=ROOT)


def write_offline_size(site: Path) -> None:
    """assets/offline.json: the bytes the service worker keeps for offline play, which the
    "Keep for offline play" setting says in words before the player chooses (offline.js)."""
    asked = not_precached(site)
    size = sum(path.stat().st_size for path in site.rglob("*") if path.is_file()
               and path.relative_to(site).as_posix() not in asked)
    (site / OFFLINE_SIZE).write_text(json.dumps({"bytes": size}))


def write_service_worker(site: Path) -> str:
    """Write sw.js: the service worker (./sw.js) after a line naming this build's files with
    their SRI hashes (those to precache, and those kept only once asked for) and a version
    hashed from them all (the cache's name).  Returns it."""
    files, later = [], []  # later: kept once a page has asked for it (not_precached)
    asked = not_precached(site)
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        name = path.relative_to(site).as_posix()
        if name not in (SERVICE_WORKER, ".nojekyll"):
            digest = base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()
            (later if name in asked else files).append([name, f"sha256-{digest}"])
    version = hashlib.sha256(json.dumps([files, later]).encode()).hexdigest()[:16]
    build_line = json.dumps({"version": version, "files": files, "later": later},
                            separators=(",", ":"))
    source = (ROOT / SERVICE_WORKER).read_text()
    (site / SERVICE_WORKER).write_text(f"const BUILD = {build_line};\n{source}")
    return version


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the headers a static host such as GitHub Pages gives: MIME types
    with charsets, Last-Modified (304 answers to If-Modified-Since), nosniff; quiet logs.
    Cache-Control is no-cache (Pages says max-age=600): every load revalidates, so a rebuild
    shows at once and the service worker's integrity checks see the files as they are
    (bench/phone.py's server sends what Pages sends)."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    cache_control = "no-cache"

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("INSEL_SERVER_LOG"):
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """The static server's threads.  A browser that goes away in the middle of an answer (a
    page closed or reloaded while a file was on its way) is no error of the server's and
    is not printed; any other error is, as before."""

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket],
                     client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(port: int = 8000, root: Path | None = None,
                handler: type[SiteHandler] | None = None,
                host: str = "127.0.0.1") -> SiteServer:
    """A static server for ``root`` (default: the built site) on ``host`` (default this
    machine only; port 0: any), answering with ``handler`` (default: SiteHandler; the
    benchmarks' servers subclass it)."""
    serving = functools.partial(handler or SiteHandler, directory=str(root or DIST))
    return SiteServer((host, port), serving)


def port_problem(host: str, port: int) -> str:
    """Why the server cannot listen on ``host``:``port`` (bound as the server binds it), in
    words that say how to choose another, or "" when it can."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as err:
        busy = err.errno == errno.EADDRINUSE
        why = "is busy: another program (perhaps another `build.py serve`) listens there" \
            if busy else f"cannot be used ({err.strerror})"
        return (f"Port {port} on {host} {why}.\nChoose another port with --port, e.g.\n"
                f"    python3 build.py serve --port {port + 1 if busy else 8000}")
    return ""


def serve(port: int, host: str = "127.0.0.1") -> None:
    """Build the site and serve it; the port is checked first, so a busy one fails at once
    (dist/ that another server serves is not rebuilt)."""
    problem = port_problem(host, port)
    if problem:
        raise SystemExit(problem)
    build()
    server = make_server(port, host=host)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(f"serving http://{shown}:{server.server_port}/  (Ctrl-C stops)", flush=True)
    if host in ("0.0.0.0", "::"):
        print("  and to phones and tablets in the same network at this machine's address, "
              f"e.g. http://{socket.gethostname()}:{server.server_port}/", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


def install_test_needs() -> None:
    """pip packages, Debian's chromium (never a browser download) and poppler-utils (the print
    test reads the PDF with pdftotext), and the npm runtime."""
    run(sys.executable, "-m", "pip", "install", "-q", "-r", "tests/requirements.txt")
    missing = [package for package, present in (("chromium", CHROMIUM.exists()),
                                                ("poppler-utils", shutil.which("pdftotext")))
               if not present]
    if missing:
        apt_get(missing)
    ensure_node_modules()


def test(pytest_args: list[str]) -> int:
    install_test_needs()
    checks = [[sys.executable, "-m", "ruff", "check", "py", "tests", "bench", "tools", "build.py"],
              [sys.executable, "-m", "mypy"],  # py/insel, as configured in pyproject.toml
              [sys.executable, str(ROOT / "tools" / "check_layers.py")],  # assets/js's folders
              ["node", str(NODE / "typescript" / "bin" / "tsc"), "-p", "."],  # strict (tsconfig)
              ["node", "--test",
               *sorted(str(path) for path in (ROOT / "tests" / "js").glob("*.test.mjs"))]]
    # these need no build: they run beside it (it is mostly one Node process), each one's
    # output printed when the build is done
    running = [subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True) for cmd in checks]
    try:
        build()
    finally:
        for cmd, check in zip(checks, running, strict=True):
            output = check.communicate()[0]
            print("+", " ".join(cmd), flush=True)
            print(output, end="", flush=True)
    failed = [" ".join(cmd) for cmd, check in zip(checks, running, strict=True) if check.returncode]
    if failed:
        raise SystemExit(f"failed: {failed}")
    # the slowest tests are listed at the end, so a run that creeps towards CI's budget says why;
    # one pytest worker a core (pytest-xdist): each has its own browser and server
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "auto", "--durations=15",
                           *pytest_args], cwd=ROOT).returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", default="build", choices=["build", "serve", "test"])
    parser.add_argument("--port", type=int, default=8000, help="serve: the port (default 8000)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="serve: the address to listen on (default 127.0.0.1, this machine "
                             "only; 0.0.0.0: every address, for phones in the room)")
    args, rest = parser.parse_known_args()
    if rest and args.command != "test":
        parser.error(f"unexpected arguments {rest}")
    if args.command == "serve" and port_problem(args.host, args.port):
        raise SystemExit(port_problem(args.host, args.port))  # before anything is installed
    enter_venv()
    if args.command == "test":
        return test(rest)
    if args.command == "serve":
        serve(args.port, args.host)
    else:
        build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
