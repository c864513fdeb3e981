"""On a slow link the page asks for Pyodide's wasm (most of the bytes) itself, in its first
round trip (assets/js/boot/early-fetch.js, inlined by build.py); the other big files wait for
the prefetch worker, so that the menu's files do not share the link with them; Python's worker
then takes each from the HTTP cache: every big file crosses once.  A fast link keeps the usual
order (no preload of them: their bytes would pass through the page's thread)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

import build
from conftest import CHROMIUM, CHROMIUM_ARGS, RecordedPage, wait_ready

SLOW_DOCUMENT_S = 0.6  # the page's own first byte this late: a slow link (SLOW_LINK_MS 400)


def big_files() -> list[str]:
    """The addresses the loader asks for (build.py PYTHON_BIG, the cut library by its name)."""
    stdlib = next((build.DIST / "runtime").glob("stdlib-*.zip")).relative_to(build.DIST)
    return [name.format(stdlib=stdlib.as_posix()) for name in build.PYTHON_BIG]


class Handler(build.SiteHandler):
    """A static host's headers as GitHub Pages sends them (max-age=600: a file in the HTTP
    cache is taken unasked), the page's own document late by SLOW_DOCUMENT_S when the server
    says `slow`, and every answer noted: (path without the query, status)."""

    cache_control = "max-age=600"

    def do_GET(self) -> None:
        if self.server.slow and self.path.split("?")[0] in ("/", "/index.html"):  # type: ignore[attr-defined]
            time.sleep(SLOW_DOCUMENT_S)
        super().do_GET()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.server.answered.append((self.path.split("?")[0], int(code)))  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def server():
    if not (build.DIST / "index.html").exists():
        build.build()
    served = build.make_server(port=0, handler=Handler)
    served.slow, served.answered = True, []  # type: ignore[attr-defined]
    threading.Thread(target=served.serve_forever, daemon=True).start()
    yield served
    served.shutdown()


def first_visit(playwright, server, profile: Path, slow: bool) -> RecordedPage:
    """A first visit until the game menu is ready, in a browser with a profile of its own
    (`profile`, empty) as a person's is: its HTTP cache on disk keeps the wasm, which the
    memory cache of Playwright's contexts cannot (too big for one entry of it); no service
    worker."""
    server.slow = slow
    server.answered.clear()
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, service_workers="block")
    recorded = RecordedPage(context.new_page())
    recorded.page.goto(f"http://127.0.0.1:{server.server_port}/?early")
    wait_ready(recorded.page)
    return recorded


def test_a_slow_link_asks_for_the_wasm_from_the_page_and_each_big_file_crosses_once(
        playwright, server, tmp_path):
    recorded = first_visit(playwright, server, tmp_path, slow=True)
    page = recorded.page
    wasm, *rest = big_files()
    preloaded = page.evaluate("""() => [...document.querySelectorAll(
        'link[rel=preload][as=fetch][crossorigin]')].map((link) => link.getAttribute("href"))""")
    assert wasm in preloaded and not set(rest) & set(preloaded)  # the menu's files go first
    timing = page.evaluate("""(names) => names.map((name) => performance
        .getEntriesByName(new URL(name, location.href).href)
        .map((e) => [e.initiatorType, e.startTime]))""", big_files())
    bundle = page.evaluate("""performance.getEntriesByType("resource")
        .find((e) => e.name.endsWith("/app.bundle.js")).responseEnd""")
    # the wasm asked for by the page's own link, before the app's script had even arrived;
    # the others by the prefetch worker (whose requests are not in the page's timeline)
    assert [kind for kind, _ in timing[0]] == ["link"] and timing[0][0][1] < bundle, timing
    assert timing[1:] == [[]] * len(rest), timing
    # Python started (the board's menu is ready) and its worker asked the server for none of
    # them again: each was answered once, in full
    for name in big_files():
        assert [status for path, status in server.answered if path == f"/{name}"] == [200], name
    recorded.close()


def test_a_fast_link_keeps_the_big_files_off_the_page(playwright, server, tmp_path):
    recorded = first_visit(playwright, server, tmp_path, slow=False)
    preloaded = recorded.page.evaluate("""[...document.querySelectorAll("link[rel=preload]")]
        .map((link) => link.getAttribute("href"))""")
    assert not set(big_files()) & set(preloaded)
    for name in big_files():  # the prefetch worker's request and Python's: one answer
        assert [status for path, status in server.answered if path == f"/{name}"] == [200], name
    recorded.close()
