"""Fixtures for tests in a real browser: the built site on a local server, Debian's
Chromium driven by Playwright, and a page that records every request it makes.

Most tests open the app in a browser context shared by the whole run (one per set of
context options, the viewport aside): its service worker has precached the build, so
Python starts from the memory snapshot.  Each test gets a new app, in a page a test of its
module used before where one is free (`kept_pages`), and the origin's storage
(localStorage, IndexedDB, cookies) is cleared before each start; the service worker and its
caches stay.  Tests about a first visit, offline play, the
service worker or the content policy make fresh contexts (`fresh_page`, or `browser`)."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest

from paths import ROOT

sys.path.insert(0, str(ROOT))

import build
from board import PHONE

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
    # Stop Chromium's own calls home (sign-in, component updates, form hints, clock checks).
    "--gaia-url=http://127.0.0.1:9/", "--component-updater=url-source=http://127.0.0.1:9/cu",
    # WebUIOmniboxPopup: each page is a window of its own, whose address bar's pop-up (a page
    # of Chromium's own, never shown headless) cost 0.6-1.2 s of CPU a page opened in a
    # shared context (of 4.3-5.1 s; `python3 bench/page_cpu.py`, testing log 2026-11)
    "--disable-features=AutofillServerCommunication,NetworkTimeServiceQuerying,OptimizationHints,"
    "WebUIOmniboxPopup",
]
READY_TIMEOUT_MS = 90_000
DESKTOP = {"viewport": {"width": 1100, "height": 800}}
PLAYWRIGHT_VIEWPORT = {"width": 1280, "height": 720}  # a context's viewport unless given
# what a test may leave behind in the origin's storage; not "cache_storage" and
# "service_workers": the service worker and its precache are what the sharing is for
PAGE_STORAGE = "cookies,local_storage,indexeddb,websql,file_systems"
# resolves once the service worker has precached the build and taken charge of the site
SERVICE_WORKER_ACTIVE = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker.state !== "activated") {
    await new Promise((done) => worker.addEventListener("statechange", done));
  }
  return worker.state;
}"""


@pytest.fixture(scope="session")
def site_url():
    """The built site (dist/, built by `build.py test` or now) served on 127.0.0.1."""
    if not (build.DIST / "index.html").exists():
        build.build()
    server = build.make_server(port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()


@pytest.fixture(scope="session")
def playwright():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `python3 build.py test`, which installs it")
    with sync_playwright() as driver:
        yield driver


def launch(playwright, *extra_args: str):
    """Debian's Chromium with the flags that keep it from calling home."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *extra_args])


@pytest.fixture(scope="session")
def browser(playwright):
    browser = launch(playwright)
    yield browser
    browser.close()


class RecordedPage:
    """A page plus every URL it requested (`foreign()` lists those off 127.0.0.1) and every
    uncaught error or console error it showed (`errors`).  `close()` closes the page's
    context, or only the page when the context is shared (`own_context=False`)."""

    def __init__(self, page, own_context: bool = True):
        self.page = page
        self.own_context = own_context
        self.requests: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("console", lambda msg: msg.type == "error" and self.errors.append(msg.text))
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))

    def foreign(self) -> list[str]:
        local = ("data", "blob")
        return [u for u in self.requests
                if urlparse(u).scheme not in local and urlparse(u).hostname != "127.0.0.1"]

    def close(self) -> None:
        """Close the page (and its context unless shared); fail if the page erred or left
        its origin."""
        if self.own_context:
            self.page.context.close()
        else:
            self.page.close()
        self.check()

    def check(self) -> None:
        assert self.errors == [], f"the page showed errors: {self.errors}"
        assert self.foreign() == [], f"requests left the page's origin: {self.foreign()}"


# What a page that did not start shows: where it is, whether it is in sight and controlled
# by the service worker, its progress line and bar, and how many files it asked for.
START_SEEN = """() => ({
  url: location.href, state: document.readyState, sight: document.visibilityState,
  controlled: Boolean(navigator.serviceWorker?.controller),
  progress: document.getElementById("engine-progress")?.textContent.trim().slice(0, 120),
  bar: document.getElementById("engine-bar")?.value,
  files: performance.getEntriesByType("resource").length,
})"""


def wait_ready(page) -> None:
    """Wait until the app has started (the game menu shown, Python ready); if it does not
    within READY_TIMEOUT_MS, fail saying what the page showed."""
    from playwright.sync_api import TimeoutError as Timeout

    try:
        page.wait_for_selector("body[data-ready=true]", timeout=READY_TIMEOUT_MS)
    except Timeout as error:
        raise AssertionError(f"the app did not start in {READY_TIMEOUT_MS // 1000} s: "
                             f"{page.evaluate(START_SEEN)}") from error


def open_app(browser, site_url, **context_options) -> RecordedPage:
    """A fresh context on the app, waited for until the game menu is shown: a first visit
    (no service worker yet, Python started without the snapshot)."""
    context = browser.new_context(**context_options)
    recorded = RecordedPage(context.new_page())
    recorded.page.goto(site_url)
    wait_ready(recorded.page)
    return recorded


# Python's memory snapshot as the app keeps it on the device (assets/js/platform/snapshot.js
# makes it after a start without one): its cache's name, address, type and bytes (base64);
# null until it is kept.  The tests name no cache: they look for the snapshot's address.
SNAPSHOT_TAKEN = """async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!request.url.includes("/runtime/snapshot-")) continue;
      const response = await cache.match(request);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { name, url: request.url, type: response.headers.get("Content-Type"),
               data: bytes.toBase64() };
    }
  }
  return null;
}"""
# Keep a snapshot taken by SNAPSHOT_TAKEN in this context's Cache Storage, as the app would
# (the browser's own base64: a character at a time in JavaScript took 1.3 s of CPU a context).
SNAPSHOT_GIVEN = """async ({ name, url, type, data }) => {
  const bytes = Uint8Array.fromBase64(data);
  const cache = await caches.open(name);
  await cache.put(url, new Response(bytes, { headers: { "Content-Type": type } }));
}"""
SNAPSHOT_WAIT_S = 180


class SharedContexts:
    """Browser contexts kept for the whole run, one per set of context options other than
    the viewport (set on each page), each with the site's service worker active and Python's
    memory snapshot kept.  The snapshot is made once a run, by the app in the first context,
    and given to every other, as the device itself would keep it: a start in any shared
    context restores it, and no page shares its cores with a second Python making it."""

    def __init__(self, browser, site_url: str):
        self.browser = browser
        self.site_url = site_url
        self.contexts: dict[str, object] = {}
        self.snapshot: dict | None = None

    def context(self, options: dict):
        """The shared context for `options`; `device` (a name, not a context option) gives a
        device of its own: a context apart, with its own storage, as a second browser."""
        key = json.dumps(options, sort_keys=True)
        if key not in self.contexts:
            context = self.browser.new_context(**{k: v for k, v in options.items()
                                                  if k != "device"})
            self.install_service_worker(context)
            self.contexts[key] = context
        return self.contexts[key]

    def install_service_worker(self, context) -> None:
        """Register sw.js as the app does once it is ready (assets/js/platform/offline.js), from a
        page of the site that starts nothing (sw.js itself, shown as text: Chromium's
        request for a favicon gets a 404 there), and wait until it has precached the build;
        then keep the run's memory snapshot there (made by the app in this context if it is
        the first)."""
        page = context.new_page()
        page.goto(self.site_url + "sw.js")
        page.evaluate("navigator.serviceWorker.register(new URL('sw.js', location.href))")
        assert page.evaluate(SERVICE_WORKER_ACTIVE) == "activated"
        if self.snapshot is None:
            self.snapshot = self.make_snapshot(context)
        else:
            page.evaluate(SNAPSHOT_GIVEN, self.snapshot)
            kept = page.evaluate(SNAPSHOT_TAKEN)  # read back: the same bytes, whole
            assert kept is not None and kept["data"] == self.snapshot["data"], \
                "the run's memory snapshot was not kept whole in a shared context"
        page.close()

    def make_snapshot(self, context) -> dict:
        """Open the app in `context` (a start without a snapshot) and wait until it has made
        and kept its memory snapshot; return it (SNAPSHOT_TAKEN)."""
        recorded = RecordedPage(context.new_page(), own_context=False)
        recorded.page.goto(self.site_url)
        wait_ready(recorded.page)
        for _ in range(SNAPSHOT_WAIT_S * 2):
            taken = recorded.page.evaluate(SNAPSHOT_TAKEN)
            if taken:
                recorded.close()
                return taken
            recorded.page.wait_for_timeout(500)
        raise AssertionError("the app kept no memory snapshot")

    def open(self, url: str, options: dict) -> RecordedPage:
        """A new page on the app at `url` in the shared context for `options`, the origin's
        storage cleared first, waited for until the game menu is shown."""
        options = dict(options)
        viewport = options.pop("viewport", PLAYWRIGHT_VIEWPORT)
        context = self.context(options)
        page = context.new_page()
        self.clear(page)
        page.set_viewport_size(viewport)
        recorded = RecordedPage(page, own_context=False)
        page.goto(url)
        wait_ready(page)
        return recorded

    def reopen(self, recorded: RecordedPage, url: str, options: dict) -> RecordedPage:
        """`recorded`'s page (parked on about:blank by `park`) opened again at `url` as a new
        page of its context would be: the origin's storage cleared, the viewport of
        `options`, the app started anew and waited for.  The page's window and renderer are
        kept: 1.6-1.8 s of CPU a start instead of 3.0-3.3 s for a new page (`python3
        bench/page_cpu.py --opens 4 [--reload]`, testing log 2026-11)."""
        page = recorded.page
        page.bring_to_front()  # a page opened since is in front: this one's frames would wait
        self.clear(page)
        page.set_viewport_size(options.get("viewport", PLAYWRIGHT_VIEWPORT))
        page.goto(url)
        wait_ready(page)
        return recorded

    @staticmethod
    def park(recorded: RecordedPage) -> None:
        """Leave the app (its worker, database connections, locks and channels go with it)
        so that a kept page disturbs no other page of its context; what it recorded is
        forgotten (it was checked)."""
        recorded.page.goto("about:blank")
        recorded.requests.clear()
        recorded.errors.clear()

    def clear(self, page) -> None:
        """Clear the origin's storage (PAGE_STORAGE) through `page`'s context."""
        cdp = page.context.new_cdp_session(page)
        cdp.send("Storage.clearDataForOrigin",
                 {"origin": self.site_url.rstrip("/"), "storageTypes": PAGE_STORAGE})
        cdp.detach()

    def close_pages(self, kept: set | frozenset = frozenset()) -> None:
        """Close every page a test left open (a pop-up, a page a test made itself) but the
        `kept` ones."""
        for context in self.contexts.values():
            for page in context.pages:
                if page not in kept:
                    page.close()

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


@pytest.fixture(scope="session")
def shared_contexts(browser, site_url):
    contexts = SharedContexts(browser, site_url)
    yield contexts
    contexts.close()


def check_all(opened: list[RecordedPage], kept: list[RecordedPage] = ()) -> None:
    """Close every page of `opened` (all of them, even if one fails its checks), then check
    each, and the `kept` ones left open; a page in a shared context must not have been
    offered a new version (one build per run)."""
    offered = [recorded.page.url for recorded in [*opened, *kept]
               if not recorded.own_context and not recorded.page.is_closed()
               and recorded.page.locator("#update-banner").count() > 0]
    try:
        for recorded in opened:
            if recorded.own_context:
                recorded.page.context.close()
            elif not recorded.page.is_closed():
                recorded.page.close()
    finally:
        for recorded in [*opened, *kept]:
            recorded.check()
    assert offered == [], f"a new version was offered (dist/ rebuilt during the run?): {offered}"


NOT_KEPT: set = set()  # pages a test changed beyond a new start (not_kept)


def not_kept(page) -> None:
    """Closed after this test, not kept for the module's next: a test that added a script,
    a route or a handler to `page` that a new start of the app would not remove."""
    NOT_KEPT.add(page)


@pytest.fixture(scope="module")
def kept_pages(shared_contexts):
    """A module's pages kept between its tests, parked, by the options they were opened
    with (the guide: a page a module; the app in it starts anew for each test)."""
    kept: dict[str, list[RecordedPage]] = {}
    yield kept
    for pages in kept.values():
        for recorded in pages:
            if not recorded.page.is_closed():
                recorded.page.close()


@pytest.fixture
def open_page(shared_contexts, site_url, kept_pages):
    """Open the app at `site_url + suffix` in a page of a shared context (service worker
    active, storage cleared): one this module's tests used before where one is free
    (`kept_pages`), else a new one.  After the test each page is checked (no page error, no
    console error, no request off the origin) and parked for the module's next test, or
    closed if the test closed it or said it is `not_kept`.  `device="…"` opens it on another device:
    a shared context of its own, so two people (or pupils one after another) each have their
    own storage without a first visit's cold start."""
    opened: list[tuple[RecordedPage, str]] = []

    def opener(suffix: str = "", **context_options) -> RecordedPage:
        options = context_options or DESKTOP
        key = json.dumps(options, sort_keys=True)
        free = kept_pages.setdefault(key, [])
        recorded = shared_contexts.reopen(free.pop(), site_url + suffix, options) if free \
            else shared_contexts.open(site_url + suffix, options)
        opened.append((recorded, key))
        return recorded

    yield opener
    parked = [(recorded, key) for recorded, key in opened
              if recorded.page not in NOT_KEPT and not recorded.page.is_closed()]
    try:
        check_all([recorded for recorded, key in opened if (recorded, key) not in parked],
                  [recorded for recorded, _ in parked])
    except BaseException:
        for recorded, _ in parked:  # a page that failed its checks is not used again
            recorded.page.close()
        raise
    finally:  # the module's kept pages stay, those parked before and this test's
        shared_contexts.close_pages(kept={recorded.page for recorded, _ in parked}
                                    | {r.page for pages in kept_pages.values() for r in pages})
    for recorded, key in parked:
        shared_contexts.park(recorded)
        kept_pages[key].append(recorded)


@pytest.fixture
def fresh_page(browser, site_url):
    """Open the app at `site_url + suffix` in fresh contexts: a first visit (no service
    worker, nothing stored, Python started without the snapshot); checked and closed after
    the test like `open_page`'s."""
    opened: list[RecordedPage] = []

    def opener(suffix: str = "", **context_options) -> RecordedPage:
        recorded = open_app(browser, site_url + suffix, **(context_options or DESKTOP))
        opened.append(recorded)
        return recorded

    yield opener
    check_all(opened)


@pytest.fixture
def app_page(open_page):
    """The app's menu at 1100×800 in a shared context."""
    return open_page()


@pytest.fixture
def touch_page(open_page):
    """A phone in portrait: 390×844 CSS pixels at 3× density, touch input."""
    return open_page(**PHONE)
