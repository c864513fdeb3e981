"""Installable and offline: the manifest and icons, the dev server's headers, every game
played with the server gone after one visit (also under a GitHub Pages sub-path), a new
deployment offered as "reload" without ever mixing two builds' files, and the offline copy
as the player's data (the setting; the offer on a phone's game-over screen)."""

from __future__ import annotations

import contextlib
import json
import shutil
import struct
import tempfile
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from moves import GAMES, play_a_move
from playwright.sync_api import expect
from test_languages import finished_othello
from test_wordlists_browser import editor

import build
from board import record_link, start_game
from conftest import (
    DESKTOP,
    READY_TIMEOUT_MS,
    SERVICE_WORKER_ACTIVE,
    RecordedPage,
    open_app,
    wait_ready,
)

# whether Python was started from the memory snapshot (assets/js/platform/pyodide-start.js)
FROM_SNAPSHOT = "performance.getEntriesByName('insel:snapshot').length === 1"
# whether the device keeps a memory snapshot (made by assets/js/platform/snapshot.js)
SNAPSHOT_KEPT = """async () => {
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) {
      if (request.url.includes("/runtime/snapshot-")) return true;
    }
  }
  return false;
}"""
# the service worker's caches of this site (sw.js PREFIX: "inselspiele <path> <build>"), not
# the memory snapshot's ("inselspiele-snapshot <path>", kept apart: see pyodide-start.js)
SITE_CACHES = "caches.keys().then((names) => names.filter((n) => n.startsWith('inselspiele ')))"
# The snapshot kept on the device spoiled: damaged, or gone (as for a browser without
# DecompressionStream, the loader finds none it can use; Python runs in a worker, which a
# page's init script cannot reach to take DecompressionStream away).
SPOIL_SNAPSHOT = """async (how) => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!request.url.includes("/runtime/snapshot-")) continue;
      if (how === "damaged") await cache.put(request, new Response("x"));
      else await cache.delete(request);
    }
  }
}"""


@contextlib.contextmanager
def served(root: Path, sub_path: str = ""):
    """Serve `root` at http://127.0.0.1:port/<sub_path>; yields (url, stop)."""
    with tempfile.TemporaryDirectory() as tmp:
        top = root
        if sub_path:
            top = Path(tmp)
            (top / sub_path.strip("/")).symlink_to(root)
        server = build.make_server(port=0, root=top)
        threading.Thread(target=server.serve_forever, daemon=True).start()

        def stop():
            server.shutdown()
            server.server_close()

        try:
            yield f"http://127.0.0.1:{server.server_port}/{sub_path}", stop
        finally:
            stop()


def until(page, expression: str, seconds: float = 60) -> None:
    """Wait until the page's `expression` (awaited, so it may be a promise) is true."""
    for _ in range(int(seconds * 10)):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never true: {expression}")


def get(url: str, **headers: str):
    return urllib.request.urlopen(urllib.request.Request(url, headers=headers))


def test_the_manifest_is_relative_and_its_icons_are_drawn_at_their_sizes(site_url):
    manifest = json.load(get(site_url + "manifest.webmanifest"))
    assert manifest["start_url"] == manifest["scope"] == manifest["id"] == "./"
    assert manifest["display"] == "standalone" and manifest["theme_color"].startswith("#")
    sizes = set()
    for icon in manifest["icons"]:
        data = get(site_url + icon["src"]).read()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add((icon["purpose"], width))
        else:
            assert data.startswith(b"<svg")
    assert {("any", 192), ("any", 512), ("maskable", 192), ("maskable", 512)} <= sizes


@pytest.mark.parametrize(("path", "mime"), [
    ("runtime/pyodide/pyodide.asm.wasm", "application/wasm"),
    ("runtime/pyodide/pyodide.mjs", "text/javascript; charset=utf-8"),
    ("assets/menu.json", "application/json; charset=utf-8"),
    ("manifest.webmanifest", "application/manifest+json; charset=utf-8"),
    ("sw.js", "text/javascript; charset=utf-8"),
    ("index.html", "text/html; charset=utf-8"),
])
def test_the_dev_server_sends_a_static_hosts_headers(site_url, path, mime):
    response = get(site_url + path)
    assert response.headers["Content-Type"] == mime
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    with pytest.raises(urllib.error.HTTPError) as unchanged:
        get(site_url + path, **{"If-Modified-Since": response.headers["Last-Modified"]})
    assert unchanged.value.code == 304


def test_the_service_worker_lists_every_file_of_the_build_with_its_hash():
    files = {p.relative_to(build.DIST).as_posix() for p in build.DIST.rglob("*") if p.is_file()}
    text = (build.DIST / "sw.js").read_text()
    listed = json.loads(text[text.index("{"):text.index(";\n")])
    later = build.not_precached(build.DIST)  # the dictionary, the bundled modules: when asked
    assert {path for path, _ in listed["files"]} == files - {"sw.js", ".nojekyll", *later}
    assert {path for path, _ in listed["later"]} == later  # kept once asked
    assert set(build.NOT_PRECACHED) < later
    assert all(integrity.startswith("sha256-") for _, integrity in listed["files"])
    assert len(listed["version"]) == 16


@pytest.mark.parametrize("sub_path", ["", "inselspiele/"])
def test_after_one_visit_every_game_starts_and_plays_with_the_server_gone(browser, sub_path):
    """One fresh start offline (Python from the snapshot), then each game started from the
    menu and played: each game's files come from the offline copy when it is first chosen.
    At the site's root and under a sub-path (where files are looked for)."""
    with served(build.DIST, sub_path) as (url, stop):
        recorded = open_app(browser, url, **DESKTOP)
        page = recorded.page
        assert page.evaluate(SERVICE_WORKER_ACTIVE) == "activated"
        until(page, SNAPSHOT_KEPT, 180)
        stop()
        page.context.set_offline(True)
        for number, game in enumerate(GAMES):
            if number == 0:
                page.goto(url)
                wait_ready(page)
            else:
                page.locator("#back").click()
            assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
            start_game(page, game)
            assert page.evaluate(FROM_SNAPSHOT)
            play_a_move(page, game)
        link = page.context.new_page()  # a link with a #hash, opened offline in a new tab
        link.goto(url + "#play=othello")
        link.wait_for_function("window.inselApp.snapshot()?.record.game === 'othello'",
                               timeout=READY_TIMEOUT_MS)
        link.close()
        page.locator("#rules-button").click()  # a text fetched only when asked for
        page.locator("#rules-text h3").first.wait_for()
        assert all(u.startswith(url) for u in recorded.requests if u.startswith("http"))
        recorded.close()


def test_the_dictionary_is_kept_once_the_editor_has_opened_and_works_offline(browser):
    """Even when the editor was first opened on the first visit, before the service worker
    was in charge of the page (it never saw that request: the page asks it to keep the file)."""
    with served(build.DIST) as (url, stop):
        recorded = open_app(browser, url, **DESKTOP)
        page = recorded.page
        wait_ready(page)
        editor(page)  # the dictionary is fetched now, on the first visit
        page.evaluate(SERVICE_WORKER_ACTIVE)
        kept = """async () => {
          for (const name of await caches.keys()) {
            if (await (await caches.open(name)).match("assets/lexicon.zip")) return true;
          }
          return false;
        }"""
        # polled by evaluate, which awaits the answer (wait_for_function took the promise
        # itself as true, so the test could go offline before the file was kept)
        for _ in range(300):
            if page.evaluate(kept):
                break
            page.wait_for_timeout(200)
        else:
            raise AssertionError("the service worker never kept assets/lexicon.zip")
        stop()
        page.context.set_offline(True)
        page.reload()
        wait_ready(page)
        setup = editor(page)
        setup.locator(".word-lists textarea").fill("Maus")
        setup.get_by_role("button", name="Check and use").click()
        expect(setup.locator(".word-lists textarea")).to_have_value("die Maus ; die Mäuse")
        recorded.close()


def test_the_snapshot_is_made_on_the_device_restored_and_made_again_when_spoiled(browser):
    """The build ships no snapshot and the service worker fetches none: the page makes it
    after a start without one, when idle, keeps it on the device, and the next start restores
    it.  Then the snapshot damaged, then gone: for each a start without it, a good one made
    again and restored by the start after.  (One first visit for both: it is the slow part.)"""
    assert not list(build.DIST.glob("runtime/snapshot-*"))
    with served(build.DIST) as (url, _stop):
        recorded = open_app(browser, url, **DESKTOP)
        page = recorded.page
        start_game(page, "ponte")  # the first visit: no snapshot on the device yet
        assert not page.evaluate(FROM_SNAPSHOT)
        until(page, SNAPSHOT_KEPT, 180)
        assert page.evaluate(SERVICE_WORKER_ACTIVE) == "activated"
        page.reload()
        wait_ready(page)
        assert page.evaluate(FROM_SNAPSHOT)
        start_game(page, "ponte")
        play_a_move(page, "ponte")
        page.locator("#back").click()  # to the menu: a reload would reopen the game
        for spoiled in ("damaged", "missing"):
            until(page, SNAPSHOT_KEPT, 180)
            page.evaluate(SPOIL_SNAPSHOT, spoiled)
            page.reload()
            wait_ready(page)
            start_game(page, "ponte")
            assert not page.evaluate(FROM_SNAPSHOT), spoiled
            play_a_move(page, "ponte")
            until(page, SNAPSHOT_KEPT, 180)  # the spoiled one dropped, a good one made again
            page.reload()
            wait_ready(page)
            assert page.evaluate(FROM_SNAPSHOT), spoiled
            page.locator("#back").click()  # the reload reopened the game; the next starts anew
        assert not [u for u in recorded.requests if "/runtime/snapshot-" in u]
        recorded.close()


def test_a_new_deployment_is_offered_and_never_mixed_with_the_old_one(browser, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(build.DIST, site)
    rules = site / "assets" / "rules" / "ponte.en.txt"
    with served(site) as (url, _stop):
        recorded = open_app(browser, url, **DESKTOP)
        page = recorded.page
        page.evaluate(SERVICE_WORKER_ACTIVE)
        page.reload()  # now the worker serves the page
        wait_ready(page)
        fetch_rules = "() => fetch('assets/rules/ponte.en.txt').then(r => r.text())"
        old = page.evaluate(fetch_rules)

        rules.write_text(old + "\nA new rule.\n")  # a new deployment
        new_version = build.write_service_worker(site)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        banner = page.locator("#update-banner")
        banner.wait_for()
        assert "new version" in banner.inner_text().lower()
        assert page.evaluate(fetch_rules) == old  # until the reload: the old build, whole

        # the new build takes over, then the page reloads: a start, waited for as one
        with page.expect_navigation(timeout=READY_TIMEOUT_MS):
            banner.get_by_role("button", name="Reload").click()
        wait_ready(page)
        assert page.evaluate(fetch_rules).endswith("A new rule.\n")
        names = page.evaluate(SITE_CACHES)
        assert len(names) == 1 and names[0].endswith(new_version)  # the old cache is gone
        assert page.locator("#update-banner").count() == 0
        recorded.close()


# the addresses (paths) kept in this site's offline copy, whatever its caches are named
COPY = """async () => {
  const paths = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith('inselspiele ')) continue;
    const cache = await caches.open(name);
    paths.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
  }
  return paths;
}"""


def precached() -> set[str]:
    """The paths (from the site's root) of every file the service worker precaches."""
    text = (build.DIST / "sw.js").read_text()
    return {"/" + path for path, _ in json.loads(text[text.index("{"):text.index(";\n")])["files"]}


def test_keep_for_offline_play_off_drops_the_copy_and_on_keeps_it_again(browser):
    """The offline copy is the player's data: "off" in the settings removes the worker, its
    files and the memory snapshot made on the device; "on" brings the files back, at once,
    and the snapshot with the next start.  Both on a first visit (no page served by the
    worker yet) and on a page the worker serves (an unregistered worker stays while it
    serves a page, and "on" brings it back as it was: its files must come back too).  The
    setting says the copy's size in words."""
    files = precached()
    registered = "navigator.serviceWorker.getRegistration().then((r) => Boolean(r))"
    has_every_file = f"({COPY})().then((paths) => {json.dumps(sorted(files))}" \
                     ".every((path) => paths.includes(path)))"
    with served(build.DIST) as (url, _stop):
        recorded = open_app(browser, url, **DESKTOP)
        page = recorded.page
        page.evaluate(SERVICE_WORKER_ACTIVE)
        page.locator("#settings-open").click()
        size = json.loads((build.DIST / build.OFFLINE_SIZE).read_text())["bytes"]
        expect(page.locator("#settings .setting-note")).to_have_text(
            f"The offline copy takes {round(size / 1e6)} MB on this device.")
        page.locator("#settings-close").click()
        for served_by_worker in (False, True):
            if served_by_worker:
                page.reload()
                wait_ready(page)
                assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
            until(page, SNAPSHOT_KEPT, 180)  # made at this start (after "on" at the one before)
            until(page, has_every_file)
            page.locator("#settings-open").click()
            page.locator("#setting-offline").select_option("off")
            until(page, f"{registered}.then((r) => !r)")
            until(page, f"({COPY})().then((paths) => paths.length === 0)")
            assert not page.evaluate(SNAPSHOT_KEPT)
            page.locator("#setting-offline").select_option("on")  # its files fetched again
            until(page, "navigator.serviceWorker.getRegistration()"
                        ".then((r) => r?.active?.state === 'activated')")
            until(page, has_every_file)
            page.locator("#settings-close").click()
        recorded.close()


# A phone on its data plan, as the Network Information API tells it.
CELLULAR = """Object.defineProperty(Navigator.prototype, "connection", { configurable: true,
  get: () => ({ saveData: false, type: "cellular", effectiveType: "4g",
                addEventListener() {}, removeEventListener() {} }) });"""


def test_a_phone_is_offered_the_offline_copy_when_a_game_ends_and_keeps_it_with_one_tap(
        browser, open_page):
    registered = "navigator.serviceWorker.getRegistration().then((r) => Boolean(r))"
    finished = record_link(finished_othello())
    size = round(json.loads((build.DIST / build.OFFLINE_SIZE).read_text())["bytes"] / 1e6)
    offer = "#game-over #offline-offer"
    with served(build.DIST) as (url, _stop):
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        context.add_init_script(CELLULAR)
        recorded = RecordedPage(context.new_page())
        page = recorded.page

        visits = iter(range(9))

        def game_over() -> None:  # a finished game opened in a new page load
            page.goto(f"{url}?visit={next(visits)}{finished}")  # the first: a cold start
            page.locator("#game-over").wait_for(timeout=READY_TIMEOUT_MS)

        game_over()
        expect(page.locator(offer)).to_be_visible()
        expect(page.locator(offer + " p")).to_have_text(
            f"Keep Inselspiele on this device, to play without a connection? It downloads "
            f"{size} MB once.")
        assert not page.evaluate(registered)  # "auto" fetched nothing on the data plan
        page.locator(offer).get_by_role("button", name="Not now").tap()
        expect(page.locator(offer)).to_be_hidden()
        game_over()  # the next game's end: not asked again
        expect(page.locator("#game-over-title")).not_to_be_empty()
        expect(page.locator(offer)).to_be_hidden()

        page.evaluate("localStorage.clear()")  # the site's data cleared: asked again
        game_over()
        page.locator(offer).get_by_role("button", name="Keep for offline play").tap()
        expect(page.locator(offer)).to_have_text(
            "The games are being kept on this device for offline play.")
        until(page, "navigator.serviceWorker.getRegistration()"  # the copy fetched whole
                    ".then((r) => r?.active?.state === 'activated')")
        page.locator("#game-over-close").tap()
        page.locator("#play-settings").tap()
        expect(page.locator("#setting-offline")).to_have_value("on")
        game_over()  # kept: nothing more to offer
        expect(page.locator("#game-over-title")).not_to_be_empty()
        expect(page.locator(offer)).to_be_hidden()
        recorded.close()

    desktop = open_page(finished).page  # a desktop keeps the copy anyway: never asked
    desktop.locator("#game-over").wait_for()
    expect(desktop.locator("#game-over-title")).not_to_be_empty()
    expect(desktop.locator(offer)).to_be_hidden()
