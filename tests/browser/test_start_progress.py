"""A first visit's progress line tells the truth (assets/js/platform/loading.js, pyodide-start.js):
recorded as a person would see it — every value the bar, its words and its details line took
on a cold start — it only grows, reaches the end, speaks plainly in its headline and names
each step in the details: the runtime and standard library arriving (by their bytes), the
wasm compiling, Python starting, the games starting.  And Python's start waits until the
first screen is drawn."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from conftest import RecordedPage, wait_ready
from paths import ROOT

DE = json.loads((ROOT / "assets" / "i18n" / "de.json").read_text(encoding="utf-8"))

# Notes every (value, words, details) the progress line shows, from the page's first moment.
RECORD_PROGRESS = """(() => {
  const seen = window.__progress = [];
  new MutationObserver(() => {
    const bar = document.getElementById("engine-bar");
    const words = document.getElementById("engine-status")?.textContent ?? "";
    const details = document.getElementById("engine-details")?.textContent ?? "";
    if (!bar || !words) return;
    const now = [Number(bar.getAttribute("value")), words, details];
    const last = seen.at(-1);
    if (!last || last.some((value, i) => value !== now[i])) seen.push(now);
  }).observe(document, { subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ["value"] });
})();"""


# Notes, when the page starts Python (engine.js marks the prefetch worker's start), which of
# the menu's pictures are drawn already (a drawn picture's middle is not transparent).
PICTURES_AT_START = """(() => {
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    if (name === "insel:prefetch") {
      window.__picturesAtStart = [...document.querySelectorAll(".game-card canvas")]
        .map((canvas) => canvas.getContext("2d")
          .getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data[3] > 0);
    }
    return mark(name, ...rest);
  };
})();"""


def words(key: str) -> re.Pattern[str]:
    """The English words of catalogue `key`, its {params} any number, with the time waited
    that the line adds when it has stood still (loadingWaited)."""
    catalogue = json.loads((ROOT / "assets" / "i18n" / "en.json").read_text())
    step = re.sub(r"\\\{\w+\\\}", r"\\d+", re.escape(catalogue[key]))
    return re.compile(rf"{step}( \(\d+ s\))?")


def test_a_cold_start_shows_progress_that_only_grows_and_names_each_step(browser, site_url):
    context = browser.new_context(service_workers="block")  # nothing cached: a first visit
    context.add_init_script(RECORD_PROGRESS)
    context.add_init_script(PICTURES_AT_START)
    recorded = RecordedPage(context.new_page())
    page = recorded.page
    page.goto(site_url)
    wait_ready(page)
    page.wait_for_function("window.__progress.at(-1)?.[0] === 100")
    seen = page.evaluate("window.__progress")
    print(*seen, sep="\n")
    values = [value for value, _, _ in seen]
    assert values == sorted(values), f"the bar went back: {seen}"
    assert values[-1] == 100 and words("loadingDone").fullmatch(seen[-1][1]), seen[-1]
    assert page.locator("#engine-progress").is_hidden()
    # the wasm compiles while it streams in, so its compile may end with its last bytes and
    # have no step of its own to name (tests/js/start-progress.test.mjs covers its words)
    for key in ("loadingParts", "loadingStart", "loadingGames"):
        assert any(words(key).fullmatch(details) for _, _, details in seen), \
            f"{key} never said: {seen}"
    # the headline is a person's words; the step's own words only in the details line
    plain = ("loadingStagePrepare", "loadingStageDownload", "loadingStageAlmost", "loadingDone")
    assert all(any(words(key).fullmatch(text) for key in plain) for _, text, _ in seen), seen
    assert any(words("loadingStagePrepare").fullmatch(text) for _, text, _ in seen)
    # Python's start waits for the first screen (first-screen.js): the menu's five pictures
    # were drawn before it began
    assert page.evaluate("window.__picturesAtStart") == [True] * 5
    recorded.close()


@pytest.mark.parametrize("failure", ["old browser", "runtime missing"])
def test_a_start_that_fails_says_so_in_the_pages_words_and_the_line_stays(
        browser, site_url, failure):
    """A start that fails says so on the progress line, in the page's language, and the
    bar's clock, whose ticks move it on a start that goes on, does not replace it.  Two
    ways to fail: a browser that lacks what the page is wired with (here ResizeObserver, as
    an old one does), before any part of the page is made; and Python's runtime not
    arriving (its first file refused), with the menu already made."""
    context = browser.new_context(service_workers="block", locale="de-DE")
    if failure == "old browser":
        context.add_init_script("delete window.ResizeObserver;")
    else:
        context.route("**/runtime/pyscript/core.js", lambda route: route.abort())
    page = context.new_page()
    page.clock.install()  # its ticks moved on below, not waited for
    page.goto(site_url)
    status = page.locator("#engine-status")
    expect(status).to_have_text(DE["loadingFailed"])
    page.clock.fast_forward(10_000)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    expect(status).to_have_text(DE["loadingFailed"])
    assert "error" in status.get_attribute("class")
    expect(page.locator("#engine-bar")).to_be_hidden()  # no way to go
    assert page.locator("body[data-ready=true]").count() == 0
    context.close()
