"""Fixtures for tests in a real browser: the built site on a local server, Debian's
Chromium driven by Playwright, and a page that records every request it makes."""

from __future__ import annotations

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
    "--disable-features=AutofillServerCommunication,NetworkTimeServiceQuerying,OptimizationHints",
]
READY_TIMEOUT_MS = 90_000


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
    uncaught error or console error it showed (`errors`)."""

    def __init__(self, page):
        self.page = page
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
        """Close the page's context; fail if the page erred or left its origin."""
        self.page.context.close()
        assert self.errors == [], f"the page showed errors: {self.errors}"
        assert self.foreign() == [], f"requests left the page's origin: {self.foreign()}"


def open_app(browser, site_url, **context_options) -> RecordedPage:
    """A fresh context on the app, waited for until the game menu is shown."""
    context = browser.new_context(**context_options)
    recorded = RecordedPage(context.new_page())
    recorded.page.goto(site_url)
    recorded.page.wait_for_selector("body[data-ready=true]", timeout=READY_TIMEOUT_MS)
    return recorded


@pytest.fixture
def open_page(browser, site_url):
    """Open the app at `site_url + suffix` in fresh contexts; each is checked and closed after
    the test (no page error, no console error, no request off the origin)."""
    opened: list[RecordedPage] = []

    def opener(suffix: str = "", **context_options) -> RecordedPage:
        recorded = open_app(browser, site_url + suffix,
                            **(context_options or {"viewport": {"width": 1100, "height": 800}}))
        opened.append(recorded)
        return recorded

    yield opener
    for recorded in opened:
        recorded.close()


@pytest.fixture
def app_page(browser, site_url):
    recorded = open_app(browser, site_url, viewport={"width": 1100, "height": 800})
    yield recorded
    recorded.close()


@pytest.fixture
def touch_page(browser, site_url):
    """A phone in portrait: 390×844 CSS pixels at 3× density, touch input."""
    recorded = open_app(browser, site_url, **PHONE)
    yield recorded
    recorded.close()
