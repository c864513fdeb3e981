#!/usr/bin/env python3
"""Build, serve and test the static Inselspiele site.

    python3 build.py            build the site into dist/
    python3 build.py serve      build, then serve dist/ on http://127.0.0.1:8000/
    python3 build.py test       install what the tests need, build, run every test

The site is self-contained: Pyodide and PyScript are copied from node_modules (installed
from package-lock.json with ``npm ci``) and served from the site's own origin, so it runs
offline and under any sub-path (GitHub Pages).  Our Python travels as one zip that
PyScript unpacks into Pyodide's file system (no micropip; see the README for why).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import os
import shutil
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

# The Pyodide files needed at run time (the rest of the npm package is for Node or debugging).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# What goes into the Python bundle, keeping the repository layout (see insel.assets).
BUNDLE_TREES = (("py/insel", ".py"), ("assets/words", ".txt"), ("assets/maps", ".json"))
SITE_FILES = ("index.html", "pyscript.toml", "py/browser_bridge.py")
SITE_TREES = ("assets",)
MIME_TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
              ".toml": "text/plain", ".json": "application/json", ".svg": "image/svg+xml",
              ".webmanifest": "application/manifest+json"}


def run(*cmd: str, cwd: Path = ROOT) -> None:
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=cwd, check=True)


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
    shutil.copytree(pyscript_dist(), runtime / "pyscript",
                    ignore=shutil.ignore_patterns("*.map", "*.d.ts"))
    for name in SITE_FILES:
        (DIST / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, DIST / name)
    for tree in SITE_TREES:
        shutil.copytree(ROOT / tree, DIST / tree, ignore=shutil.ignore_patterns("maps", "words"))
    write_bundle(DIST / "bundle.zip")
    (DIST / ".nojekyll").write_text("")  # GitHub Pages: serve files as they are
    size = sum(f.stat().st_size for f in DIST.rglob("*") if f.is_file())
    print(f"built {DIST}/ ({size / 1e6:.1f} MB)")
    return DIST


def write_bundle(target: Path) -> None:
    """Zip our Python package and its data files; PyScript unpacks it at start."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as bundle:
        for tree, suffix in BUNDLE_TREES:
            for path in sorted((ROOT / tree).rglob(f"*{suffix}")):
                if "__pycache__" not in path.parts:
                    bundle.write(path, path.relative_to(ROOT).as_posix())


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types the runtime needs; quiet logs."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("INSEL_SERVER_LOG"):
            super().log_message(format, *args)


def make_server(port: int = 8000, root: Path | None = None) -> http.server.ThreadingHTTPServer:
    """A static server for ``root`` (default: the built site) on 127.0.0.1 (port 0: any)."""
    handler = functools.partial(SiteHandler, directory=str(root or DIST))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(port: int) -> None:
    build()
    server = make_server(port)
    print(f"serving http://127.0.0.1:{server.server_port}/  (Ctrl-C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


def install_test_needs() -> None:
    """pip packages, Debian's chromium (never a browser download) and the npm runtime."""
    run(sys.executable, "-m", "pip", "install", "-q", "-r", "tests/requirements.txt")
    if not CHROMIUM.exists():
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run([*sudo, "apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env)
    ensure_node_modules()


def test(pytest_args: list[str]) -> int:
    install_test_needs()
    build()
    run(sys.executable, "-m", "ruff", "check", "py", "tests", "bench", "tools", "build.py")
    return subprocess.run([sys.executable, "-m", "pytest", "-q", *pytest_args], cwd=ROOT).returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", default="build", choices=["build", "serve", "test"])
    parser.add_argument("--port", type=int, default=8000)
    args, rest = parser.parse_known_args()
    if args.command == "test":
        return test(rest)
    if rest:
        parser.error(f"unexpected arguments {rest}")
    if args.command == "serve":
        serve(args.port)
    else:
        build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
