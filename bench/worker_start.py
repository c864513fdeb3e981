#!/usr/bin/env python3
"""A warm start of a bare Pyodide, on the page's thread and in a module worker, to find what
a worker's start costs (issue 45, point 4), beside the app's own warm start.  Prints figures;
asserts nothing.

    python3 bench/worker_start.py [--runs 5]

Each way has a browser profile of its own (`launch_persistent_context`), opened afresh for
every start as a returning visitor's browser is (the HTTP cache and V8's wasm code cache on
disk, nothing in memory): one cold start fills them, then --runs warm starts, the ways taking
turns (round 1 in the order below, round 2 reversed, …).  The site is served with GitHub
Pages' headers (bench/phone.py's server, unshaped: max-age=600, gzip), so a warm start asks
the server for nothing but the page.  Ways:
- page: `loadPyodide()` in the page (the bare page of bench/load.py);
- worker: the same in a module worker (a classic worker cannot: Pyodide 314 refuses one,
  "Classic web workers are not supported");
- worker, counted: the worker's `fetch` hands Pyodide a `new Response(body.pipeThrough(…))`
  for the wasm, as the app's loader did to count its bytes (assets/js/platform/pyodide-start.js);
- worker, clone counted: the loader's way now: Pyodide gets the fetch's own Response and a
  `clone()` of it is counted;
- app, no service worker / app: the built site (dist/, `python3 build.py` first) opened at
  `#play=ponte`, with service workers blocked (the HTTP cache and the memory snapshot the
  device made, `platform/snapshot-cache.js`) and allowed (a returning visitor's way); its cold
  start waits until the snapshot is kept, as a person's first visit lasts that long.
For each: ms from navigation to Python started (the app: to its Ponte board), and how long
`WebAssembly.instantiateStreaming` took (the wasm's compile; with V8's code cache most of it
is skipped; the app's is in its worker, not read: 0)."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser"), str(ROOT / "tests")]

from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from phone import Profile, shaped_server  # noqa: E402

# the start, the same in the page and in a worker; COUNT: how the wasm's Response is handed on
START = """
const COUNT = new URL(import.meta.url).searchParams.get("count") ?? "";
const plainFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const response = await plainFetch(input, init);
  if (!String(input).split("?")[0].endsWith(".wasm")) return response;
  const drain = (body) => body.pipeTo(new WritableStream());
  if (COUNT === "new") {
    const { status, statusText, headers } = response;
    return new Response(response.body.pipeThrough(new TransformStream()),
                        { status, statusText, headers });
  }
  if (COUNT === "clone") drain(response.clone().body);
  return response;
};
let compile = 0;
const plain = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async function (...args) {
  const start = performance.now();
  const result = await plain.apply(this, args);
  compile = Math.max(compile, performance.now() - start);
  return result;
};
const { loadPyodide } = await import(new URL("runtime/pyodide/pyodide.mjs", location.href).href);
await loadPyodide({ stdLibURL: new URL("bare/python_stdlib.zip", location.href).href,
                    lockFileURL: new URL("bare/pyodide-lock.json", location.href).href });
export const done = { compile };
"""
PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module">
const { done } = await import("./start.mjs");
window.__done = { ...done, at: performance.now() };
</script>"""
WORKER_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module">
const count = new URLSearchParams(location.search).get("count") ?? "";
const worker = new Worker(`worker.mjs?count=${count}`, { type: "module" });
worker.onmessage = ({ data }) => { window.__done = { ...data, at: performance.now() }; };
</script>"""
WORKER = """const count = new URL(import.meta.url).searchParams.get("count");
const { done } = await import(`./start.mjs?count=${count}`);
postMessage(done);"""
WAYS = {"page": "page.html", "worker": "worker.html?count=",
        "worker, counted": "worker.html?count=new",
        "worker, clone counted": "worker.html?count=clone",
        "app, no service worker": "#play=ponte", "app": "#play=ponte"}
# the app's board, and its memory snapshot kept (assets/js/play/render.js, platform/snapshot.js)
BOARD = "performance.getEntriesByName('board-ready')[0]?.startTime"
KEPT = "performance.getEntriesByName('insel:snapshot-kept').length"


def start(playwright, profile: Path, url: str, way: str, cold: bool) -> dict:
    """One start in the browser profile `profile`, opened for it and closed after."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS,
        service_workers="block" if way == "app, no service worker" else "allow")
    try:
        page = context.new_page()
        page.goto(url)
        if not way.startswith("app"):
            page.wait_for_function("window.__done", timeout=180_000, polling=50)
            return page.evaluate("window.__done")
        page.wait_for_function(BOARD, timeout=180_000, polling=50)
        done = {"at": page.evaluate(BOARD), "compile": 0}
        if cold:  # the next start is a returning visitor's: with the snapshot made
            page.wait_for_function(KEPT, timeout=300_000, polling=200)
        return done
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as tmp:
        top = Path(tmp)  # npm's Pyodide, as the site vendors it (no build needed)
        (top / "runtime").mkdir()
        (top / "runtime" / "pyodide").symlink_to(build.NODE / "pyodide")
        (top / "bare").mkdir()
        for name in ("python_stdlib.zip", "pyodide-lock.json"):
            (top / "bare" / name).symlink_to(build.NODE / "pyodide" / name)
        for name, text in (("start.mjs", START), ("page.html", PAGE),
                           ("worker.html", WORKER_PAGE), ("worker.mjs", WORKER)):
            (top / name).write_text(text)
        servers = [shaped_server(root, Profile()) for root in (top, build.DIST)]
        for server in servers:
            threading.Thread(target=server.serve_forever, daemon=True).start()
        url, app = (f"http://127.0.0.1:{server.server_port}/" for server in servers)
        results: dict[str, list[dict]] = {way: [] for way in WAYS}
        with sync_playwright() as playwright:
            profiles = {way: top / f"profile-{i}" for i, way in enumerate(WAYS)}
            for number in range(runs + 1):  # round 0: the cold start that fills the caches
                order = list(WAYS) if number % 2 == 0 else list(reversed(WAYS))
                for way in order:
                    begun = time.monotonic()
                    address = (f"{app}?start={number}{WAYS[way]}" if way.startswith("app")
                               else url + WAYS[way])
                    result = start(playwright, profiles[way], address, way, not number)
                    if number:
                        results[way].append(result)
                    print(f"{'cold' if not number else f'warm {number}'} {way}: started "
                          f"{result['at']:.0f} ms, instantiate {result['compile']:.0f} ms "
                          f"({time.monotonic() - begun:.1f} s with the browser; load "
                          f"{os.getloadavg()[0]:.1f})", flush=True)
        for server in servers:
            server.shutdown()

    def spread(values: list[float]) -> str:
        return f"{statistics.median(values):.0f} ({min(values):.0f}–{max(values):.0f})"

    print(f"\nwarm starts, median (min–max) of {runs}, ms from navigation; headless Chromium")
    page = statistics.median(r["at"] for r in results["page"])
    for way, found in results.items():
        print(f"  {way:<22} started {spread([r['at'] for r in found]):<20} "
              f"instantiate {spread([r['compile'] for r in found]):<18} "
              f"÷ page {statistics.median(r['at'] for r in found) / page:.2f}")
    print(f"load average at the end {' / '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
