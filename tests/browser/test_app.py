"""The app in a real browser: it gets ready, lists the games, and stays on its origin."""

import json
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlparse

import build
from board import record_link, saved_record, settle, snapshot
from conftest import RecordedPage, launch, open_app, wait_ready


def test_the_page_gets_ready_and_offers_ponte(app_page):
    page = app_page.page
    assert page.locator("#engine-progress").is_hidden()  # the start-up bar is gone
    cards = page.locator(".game-card")
    assert cards.count() == 5
    ponte = page.locator(".game-card[data-game=ponte]")
    assert ponte.locator("h2").inner_text() == "Ponte del Diavolo"
    assert ponte.locator("button.primary").is_enabled()


# Counts every WebAssembly compile the page's own thread starts (Pyodide's is one).
COUNT_WASM = """(() => {
  window.__wasm = 0;
  for (const name of ["compile", "compileStreaming", "instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) {
      window.__wasm += 1;
      return original.apply(this, args);
    };
  }
})();"""


def test_python_runs_in_a_worker_and_the_menu_answers_while_it_starts(browser, site_url):
    """The page's thread never compiles Python's wasm, and a tile pressed while Python is
    still starting opens its game once Python is ready (no tap is lost)."""
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    context.add_init_script(COUNT_WASM)
    recorded = RecordedPage(context.new_page())
    page = recorded.page
    page.goto(site_url)
    page.locator(".game-card[data-game=othello] [data-start=people]").click()
    wait_ready(page)
    page.wait_for_function("window.inselApp.snapshot()?.record.game === 'othello'")
    settle(page)
    assert page.evaluate("window.__wasm") == 0
    assert page.evaluate("window.inselCall('{\"op\": \"games\"}') instanceof Promise")
    recorded.close()


def test_the_rules_open_as_text(app_page):
    page = app_page.page
    page.locator(".game-card[data-game=ponte] button.primary").click()
    page.locator("#rules-button").click()
    rules = page.locator("#rules-text")
    rules.locator("h3").first.wait_for()
    assert "island" in rules.inner_text().lower()
    assert rules.locator("script, img, a").count() == 0


def test_no_request_leaves_the_origin_even_in_chromiums_own_log(playwright, site_url):
    """Playwright misses some requests (the favicon, workers'); Chromium's net log has every
    request, with the origin that started it. Those the page started must stay at home."""
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "net.json"
        browser = launch(playwright, f"--log-net-log={log}")
        page = browser.new_page()
        page.goto(site_url + "#play=ponte")
        wait_ready(page)
        page.wait_for_function("window.inselApp.snapshot()?.record.game === 'ponte'")
        browser.close()
        log_data = json.loads(log.read_text())
    start_job = log_data["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    origin = site_url.rstrip("/")
    started = [e["params"] for e in log_data["events"]
               if e["type"] == start_job and "url" in e.get("params", {})]
    by_page = [p["url"] for p in started if p.get("initiator") == origin]
    assert any(url.endswith("pyodide.asm.wasm") for url in by_page)  # the log saw our loads
    foreign = [url for url in by_page if urlparse(url).hostname != "127.0.0.1"
               and urlparse(url).scheme not in ("data", "blob")]
    assert foreign == [], f"the page sent requests off its origin: {foreign}"


def test_a_shared_link_opens_the_game_it_holds(open_page):
    record = {"game": "ponte", "options": {"size": 12, "supply": "box"}, "seed": 4,
              "moves": ["c3,c5", "swap", "h6,h8"]}
    page = open_page(record_link(record)).page
    page.wait_for_function("window.inselApp.snapshot()?.record.moves.length === 3")
    settle(page)
    public = {key: value for key, value in record.items() if key != "seed"}
    assert page.evaluate("window.inselApp.snapshot().record") == public  # the page's copy
    assert saved_record(page) == record  # the whole record only through the engine's save
    assert page.locator("#play").is_visible()


def test_a_damaged_link_says_so_and_leaves_the_menu_usable(open_page):
    bad_move = {"game": "ponte", "seed": 4, "moves": ["c3,c5", "c3,c4"]}
    for link, reason in [("#record=bm90IGpzb24", "damaged"), (record_link(bad_move), "move 2")]:
        page = open_page(link).page
        settle(page)  # a link's record is replayed once Python has started, after "ready"
        assert reason in page.locator("#menu-message").inner_text()
        assert page.locator("#menu").is_visible() and page.locator("#play").is_hidden()
        page.locator(".game-card[data-game=ponte] button.primary").click()
        assert snapshot(page)["record"]["moves"] == []


def test_the_site_works_under_a_sub_path_as_on_github_pages(browser):
    """Pages serves a project site at /<repository>/: every URL in the site is relative."""
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "inselspiele").symlink_to(build.DIST)
        server = build.make_server(port=0, root=Path(tmp))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            recorded = open_app(browser, f"http://127.0.0.1:{server.server_port}/inselspiele/")
            page = recorded.page
            page.locator(".game-card[data-game=ponte] button.primary").click()
            page.wait_for_function("window.inselApp.snapshot()?.record.game === 'ponte'")
            settle(page)
            paths = {urlparse(url).path for url in recorded.requests
                     if urlparse(url).scheme in ("http", "https")}  # not the worker's blob:
            assert all(path.startswith("/inselspiele/") for path in paths), sorted(paths)
            recorded.close()
        finally:
            server.shutdown()
