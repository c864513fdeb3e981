"""The shell arrives bundled (build.py bundle_shell, esbuild): a first visit asks for one script
of ours, each language's words ahead of it, and the engine's worker for its loader; the bundle
has a source map holding the shell's modules."""

from __future__ import annotations

import json
import re
from urllib.parse import urlparse

from moves import play_a_move

import build
from board import start_game

# the workers' own: PyScript's interpreter and what it imports, the prefetch of Python's big
# files, the maker of the memory snapshot (started once the page is idle after a first start)
WORKER = {f"/{path}" for path in (build.PYODIDE_START, *build.app_modules(build.PYODIDE_START),
                                  build.PREFETCH, build.SNAPSHOT_MAKER)}


def test_a_first_visit_asks_for_one_script_of_ours_and_plays(fresh_page):
    recorded = fresh_page()
    page = recorded.page
    start_game(page, "ponte")
    play_a_move(page, "ponte")
    fetched = [urlparse(url).path for url in recorded.requests]
    scripts = {path for path in fetched if path.startswith("/assets/js/")}
    assert scripts - WORKER == {"/assets/js/boot/app.bundle.js"}
    language = page.evaluate("document.documentElement.lang")
    assert f"/assets/i18n/{language}.json" in fetched
    assert fetched.index(f"/assets/i18n/{language}.json") < fetched.index(
        "/assets/js/boot/app.bundle.js")  # preloaded: asked for before the script that reads it


def test_the_bundle_maps_back_to_the_shell_s_modules():
    bundle = (build.DIST / "assets" / "js" / "boot" / "app.bundle.js").read_text()
    assert bundle.rstrip().endswith("//# sourceMappingURL=app.bundle.js.map")
    assert '"../../../runtime/pyscript/core.js"' in bundle  # PyScript: imported when Python starts
    source_map = json.loads(
        (build.DIST / "assets" / "js" / "boot" / "app.bundle.js.map").read_text())
    sources = dict(zip(source_map["sources"], source_map["sourcesContent"], strict=True))
    for module in ("app.js", "../platform/engine.js", "../common/strings.js"):
        assert sources[module] == (build.ROOT / "assets" / "js" / "boot" / module).read_text()


def test_the_page_asks_at_once_for_everything_python_s_worker_will_ask_for():
    """build.py write_start_hints: the worker's chain (its script, the configuration, the
    loader, Pyodide's loader) is preloaded by the page after the app's script; the big parts
    (Pyodide's wasm and script, the cut library, bundle.zip) are not, but named in the
    prefetch worker that engine.js starts (so the page's thread takes in none of their bytes);
    one stylesheet."""
    html = (build.DIST / "index.html").read_text()
    head = html[:html.index("</head>")]
    assert len(re.findall(r'rel="stylesheet"', head)) == 1
    links = re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"([^>]*)>', head)
    named = [href for href, _ in links]
    loader = (build.DIST / build.PYODIDE_START).read_text()
    stdlib = re.search(r'const STDLIB = "(runtime/stdlib-\w+\.zip)";', loader)
    assert stdlib
    for name in ("assets/menu.json", "py/browser_bridge.py", "pyscript.toml",
                 build.PYODIDE_START, "runtime/pyodide/pyodide.mjs", "runtime/pyscript/core.js"):
        assert name in named
    assert head.index("app.bundle.js") < head.index("py/browser_bridge.py")
    assert all((build.DIST / name).is_file() for name in named)
    big = ["runtime/pyodide/pyodide.asm.wasm", "runtime/pyodide/pyodide.asm.mjs", stdlib[1],
           "bundle.zip"]
    assert not set(big) & set(named)
    prefetch = (build.DIST / build.PREFETCH).read_text()
    files = re.search(r"const FILES = (\[[^;]*\]);", prefetch)
    assert files
    home = (build.DIST / build.PREFETCH).parent
    assert [(home / name).resolve().relative_to(build.DIST.resolve()).as_posix()
            for name in json.loads(files[1])] == big
    # on a slow link the page's first script asks for the wasm itself (build.py
    # early_fetch), ahead of the stylesheets it would otherwise wait for
    early = re.search(r"<script>.*?const FILES = (\[[^;]*\]);.*?</script>", head, re.S)
    assert early and json.loads(early[1]) == big[:1]
    assert head.index("<script>") < head.index('rel="stylesheet"')
