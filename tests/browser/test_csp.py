"""The page's Content-Security-Policy: only our own origin, and the app runs under it with no
violation reported (every game started and a move made in each)."""

from moves import GAMES, play_a_move

from board import start_game
from conftest import RecordedPage, wait_ready

LISTEN = """window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}`));"""
# 'unsafe-eval' only because PyScript's core compiles its plugin hooks with Function();
# Pyodide itself needs no more than 'wasm-unsafe-eval'
ALLOWED_SOURCES = {"'self'", "'none'", "'wasm-unsafe-eval'", "'unsafe-eval'", "data:", "blob:"}


def policy_of(page) -> dict[str, list[str]]:
    meta = page.locator('head meta[http-equiv="Content-Security-Policy"]')
    assert meta.count() == 1
    return {name: sources for name, *sources in
            (part.split() for part in meta.get_attribute("content").split(";") if part.strip())}


def test_the_app_runs_under_a_policy_of_its_own_origin_with_no_violation(browser, site_url):
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    context.add_init_script(LISTEN)
    recorded = RecordedPage(context.new_page())
    page = recorded.page
    page.goto(site_url)
    wait_ready(page)

    policy = policy_of(page)
    assert policy["default-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
    assert "'unsafe-inline'" not in policy["script-src"] + policy["style-src"]
    # beside ALLOWED_SOURCES, only the hash of the page's own inline script (build.py
    # early_fetch: the slow link's first requests), which allows that script and no other
    inline = page.evaluate("""Promise.all([...document.querySelectorAll("script:not([src])")]
        .map(async (script) => btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle
          .digest("SHA-256", new TextEncoder().encode(script.textContent)))))))""")
    assert len(inline) == 1
    assert {s for sources in policy.values() for s in sources} <= {
        *ALLOWED_SOURCES, f"'sha256-{inline[0]}'"}

    for game in GAMES:
        start_game(page, game)
        play_a_move(page, game)
        page.locator("#back").click()
    assert page.evaluate("window.__violations") == []

    # the policy is in force and the listener hears it: an inline script is refused
    page.evaluate("""document.head.append(Object.assign(document.createElement("script"),
                     {textContent: "window.__inline = true"}))""")
    page.wait_for_function("window.__violations.length > 0")  # reported asynchronously
    assert page.evaluate("window.__inline") is None
    assert [v.split()[:2] for v in page.evaluate("window.__violations")] == [
        ["script-src-elem", "inline"]]
    refused = [e for e in recorded.errors if "Content Security Policy" in e]
    assert len(refused) == 1
    recorded.errors.remove(refused[0])
    recorded.close()  # no other console error, nothing requested off the origin
