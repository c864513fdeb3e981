#!/usr/bin/env python3
"""Load benchmark: how fast the site starts, beside a bare page that only runs loadPyodide()
from the same vendored files, in one run on this machine (headless Chromium).  Prints
figures (median, min–max of --runs runs each); asserts nothing.

    python3 bench/load.py [--runs 5] [--profile desktop|phone|4g] [--built]

(--built: measure dist/ as built, without building first.) It prints (a) when the menu can
be used, the page's main-thread gaps over 50 ms until the board (a heartbeat) and how soon a
tap on the menu is answered while Python starts, (b) navigation → an interactive Ponte
board, cold (empty cache) and warm (HTTP cache), ÷ the bare page, (c) a reload served by the
service worker's cache (Python restored from the memory snapshot the first visit made on the
device: how long after the board it was kept, and the page's main-thread gaps meanwhile),
also offline, ÷ the bare page from the same cache, (d) the app's own bytes on the wire at
first load (everything but runtime/), gzipped as a static host sends them, (e) where the
start's time goes and, on a shaped profile, (f) the first visit's floor beside the app in
each run (the bytes strictly needed ÷ the link's rate, two round trips, and Python's start
in a worker: the bare page's warm start of the same run), when the big files were asked for,
and how often each was asked of the server (once: not twice). In each round the app and the
bare page take turns at going first (round 1 the app, round 2 the bare page, …), so neither
always meets a colder machine.

Profiles (--profile), what each emulates and how:
- desktop (the default): the machine as it is; files served from localhost unshaped and
  unzipped, as before.
- phone: Chromium DevTools' "Slow 4G" on a mid-range phone.  The network is shaped in this
  benchmark's own server, not by DevTools (DevTools' throttle, set on the page's target, does
  not reach the worker's fetches): every response waits 562 ms before its first byte
  (latency, per request), and the bodies of all responses together leave at 1.44 Mbit/s (one
  shared budget, sent in 16 kB slices in the order asked, as a phone's one radio link
  shares its bandwidth); HTTP/1.1 with keep-alive.  Its headers are GitHub Pages':
  `Cache-Control: max-age=600`, an ETag and Last-Modified with 304 answers, so a warm start
  asks the server only for the page's own address (a new ?load= each time) and takes the
  rest from the HTTP cache unasked — (d2) prints what a warm start still fetched, to show
  that it is really warm (the desktop profile keeps the dev server's `no-cache`, as
  before).  The server logs every request (bench/phone.py, for a waterfall).  It gzips
  (level 6) what a static host such as GitHub Pages gzips: text (HTML, JavaScript, CSS,
  JSON, TOML, Python, SVG) and the wasm; zips, the gzipped snapshot and PNGs go as they
  are.  The CPU is slowed 4× with DevTools' Emulation.setCPUThrottlingRate, asked of the
  page *and of each of its workers* (Python runs in a worker, which the page's throttle does
  not reach): the benchmark starts
  Chromium with a DevTools port beside Playwright's pipe and, over that port's websocket,
  a small CDP client of its own (`websockets`; bench/phone.py) auto-attaches to every new
  target (flatten, paused until it is throttled), throttles pages and workers and lets them
  run; Playwright's CDPSession cannot address a worker's child session.  **Chromium 156
  refuses it for workers** ("Operation is only supported for pages, not workers"; the
  benchmark prints what was throttled and what refused): so only the page's thread is 4×
  slower, and Python's download handling, compile and start in the worker run at this
  machine's speed — the phone figures are a floor for a real phone's.  The service worker is
  not throttled either.  Viewport 390×844, touch (is_mobile), the user agent left as it is.
  No settling round before the measured ones (a round takes minutes on this link).  So
  that the throttle treats both alike, the bare page of a throttled profile runs its
  `loadPyodide()` in a module worker too (its steps in (e) are then one, as the app's).
- 4g: the same phone on a good 4G link: 9 Mbit/s, 60 ms per request, CPU 4× slower.
Needs what `python3 build.py test` installs.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
# tests/browser before tests/: both hold a conftest.py, the browser one is wanted here
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser"), str(ROOT / "tests")]

from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
from conftest import launch  # noqa: E402
from phone import PROFILES, CpuThrottle, Profile, chromium_port_args, shaped_server  # noqa: E402

BARE_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module">
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
await loadPyodide({ stdLibURL: "./bare/python_stdlib.zip",
                   lockFileURL: "./bare/pyodide-lock.json" });
performance.mark("interpreter");
performance.mark("board-ready");
</script>"""

# The bare page for a throttled profile: loadPyodide() in a worker, as the app starts Python,
# so the page's CPU throttle (which Chromium cannot apply to workers) slows neither's Python.
BARE_WORKER_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module">
const here = (path) => new URL(path, location.href).href;
const source = `import { loadPyodide } from "${here("./runtime/pyodide/pyodide.mjs")}";
await loadPyodide({ stdLibURL: "${here("./bare/python_stdlib.zip")}",
                   lockFileURL: "${here("./bare/pyodide-lock.json")}" });
postMessage("started");`;
const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })),
                          { type: "module" });
worker.onmessage = () => {
  performance.mark("interpreter");
  performance.mark("board-ready");
};
</script>"""

# Runs in every page before its own scripts.  It tells the benchmark on the console when the
# menu's tiles can be pressed (where) and when the board is ready, so that nothing of
# Playwright's runs in the page while it starts: a locator or wait_for_function injects
# Playwright's own script (~330 kB, ~12 ms of the page's thread) and was seen as a gap.
# It notes when the menu's tiles can be pressed, when
# the wasm is compiled on the page's thread (the bare page; the app compiles in its worker),
# PyScript's progress events, the main thread's long tasks, and a heartbeat: a setTimeout
# chain that records every gap over 50 ms until the board is ready (the Long Tasks API misses
# some freezes, e.g. a worker's start-up work done on the page's thread).
PROBE = """(() => {
  const probe = window.__probe = { longest: 0, blocked: 0, progress: {}, gaps: [], after: [] };
  const now = () => performance.now();
  let last = now();
  // after the board, the beat goes on (gaps in `after`) until the device's memory snapshot
  // is kept (assets/js/platform/snapshot.js marks it) or for at most 5 minutes
  const beat = () => {
    const at = now();
    const ready = performance.getEntriesByName("board-ready")[0]?.startTime;
    if (at - last > 50) (ready === undefined ? probe.gaps : probe.after).push(at - last);
    last = at;
    if (ready === undefined) return setTimeout(beat, 5);
    if (!probe.told) console.debug("insel-probe ready");
    probe.told = true;
    if (!performance.getEntriesByName("insel:snapshot-kept").length && at - ready < 300000) {
      setTimeout(beat, 5);
    }
  };
  setTimeout(beat, 5);
  // a tap on a tile's setup button while Python starts: from the input's own time stamp (it
  // waits in the queue while the page's thread is busy) to the setup dialog being open
  addEventListener("pointerdown", (event) => {
    if (probe.tap || !event.target.closest?.("[data-start=setup]")) return;
    probe.tap = { down: event.timeStamp, starting: !document.body.dataset.ready };
    new MutationObserver((_, observer) => {
      if (document.getElementById("setup")?.open) {
        probe.tap.shown = now();
        observer.disconnect();
      }
    }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ["open"] });
  }, true);
  for (const name of ["instantiateStreaming", "instantiate"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = async function (...args) {
      const start = now();
      const result = await original.apply(this, args);
      const end = now();  // Pyodide's own wasm is the longest of them (others are tiny)
      if (!probe.compiled || end - start > probe.compiled[1] - probe.compiled[0]) {
        probe.compiled = [start, end];
      }
      return result;
    };
  }
  addEventListener("py:progress", (event) => { probe.progress[event.detail] = now(); });
  new MutationObserver((_, observer) => {
    if (document.querySelector(".game-card [data-start=people]")) {
      probe.menu = now();
      observer.disconnect();
      const box = document.querySelector(".game-card[data-game=othello] [data-start=setup]")
        ?.getBoundingClientRect();
      if (box) console.debug(`insel-probe menu ${box.x + box.width / 2} ${box.y + box.height / 2}`);
    }
  }).observe(document, { childList: true, subtree: true });
  // the app's worker tells its progress on this channel (assets/js/platform/pyodide-start.js): when
  // the wasm's body had all arrived, was compiled, and Python had started (first time each)
  probe.worker = {};
  const started = globalThis.BroadcastChannel ? new BroadcastChannel("insel-start") : null;
  if (started) started.onmessage = ({ data }) => {
    const step = data.part === "runtime" && data.done ? "fetched"
      : data.stage === "compiled" ? "compiled" : data.stage === "python" ? "interpreter" : null;
    if (step && probe.worker[step] === undefined) probe.worker[step] = now();
  };
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) {
      if (performance.getEntriesByName("board-ready").length) continue;
      probe.longest = Math.max(probe.longest, task.duration);
      probe.blocked += task.duration;
    }
  }).observe({ type: "longtask" });
})();"""

# Milliseconds from navigation to each step of the start, read in the page at board-ready.
TIMELINE = """() => {
  const probe = window.__probe;
  const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  const wasm = performance.getEntriesByType("resource").find((e) => e.name.endsWith(".wasm"));
  // the wasm asked for: by the page's own preload (early-fetch.js) or the prefetch worker
  const asked = [mark("insel:prefetch"), wasm?.startTime ?? null].filter((t) => t !== null);
  return {
    menu: probe.menu ?? null, longest: probe.longest, blocked: probe.blocked,
    requested: asked.length ? Math.min(...asked) : null,
    fetched: probe.worker.fetched ?? wasm?.responseEnd ?? null,
    compiled: probe.worker.compiled ?? probe.compiled?.[1] ?? null,
    interpreter: probe.worker.interpreter ?? probe.progress["Loaded interpreter"]
      ?? mark("interpreter"),
    ready: mark("board-ready"), snapshot: mark("insel:snapshot") !== null, gaps: probe.gaps,
    tap: probe.tap?.starting && probe.tap.shown ? probe.tap.shown - probe.tap.down : null,
    files: [location.pathname, ...performance.getEntriesByType("resource")
      .filter((e) => e.startTime <= mark("board-ready")).map((e) => new URL(e.name).pathname)],
  };
}"""

# (label, timeline key the step ends at); each step starts where the one before it ended
# The app's Python starts in a worker, whose downloads and compile are not in the page's
# timeline: the page's own preload of the wasm is (on a slow link), and the page marks when
# it starts the prefetch worker that asks for it (assets/js/platform/prefetch.js); the
# worker's loader tells (on its progress channel, heard by PROBE) when the wasm had arrived
# in the worker, was compiled and Python had started.  The bare page in a worker (throttled
# profiles) tells only its end.
STEPS = (("page until the wasm is asked for", "requested"),
         ("wasm download", "fetched"), ("wasm compile after the download", "compiled"),
         ("stdlib and interpreter start", "interpreter"),
         ("the rest until the board is drawn (app: bundle.zip, imports, first view)", "ready"))

LOADS = itertools.count()
SERVICE_WORKER_ACTIVE = """async () => {
  const worker = (await navigator.serviceWorker.ready).active;
  if (worker.state !== "activated") {
    await new Promise((done) => worker.addEventListener("statechange", done));
  }
}"""


def serve(root: Path, profile: Profile):
    """Serve `root` (shaped as `profile` says); returns its URL and the server."""
    server = shaped_server(root, profile) if profile.mbit else build.make_server(port=0, root=root)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}/", server


def context_options(profile: Profile) -> dict:
    width, height = profile.viewport
    return {"viewport": {"width": width, "height": height}, "has_touch": profile.touch,
            "is_mobile": profile.touch}


def carried(server) -> int:
    """Bytes of bodies the shaped server has sent so far (0 unshaped: not counted)."""
    link = getattr(server, "link", None)
    return link.carried if link else 0


def load(page, url: str) -> dict:
    """Open `url` afresh and return the page's timeline once the board is ready.  A new
    ?query each time makes it a new document: the app clears its #play= link once followed
    (a reload would open the menu only), and Playwright's offline mode fails navigations from
    about:blank.  Static hosts and the service worker ignore the query.  Until the board is
    ready the page is only listened to (its console) and tapped (raw input events)."""
    heard: list[str] = []

    def listen(message) -> None:
        if message.text.startswith("insel-probe"):
            heard.append(message.text)

    page.on("console", listen)
    path, _, fragment = url.partition("#")
    page.goto(f"{path}?load={next(LOADS)}#{fragment}")
    tapped = "bare" in path  # the app's menu: tap it while Python starts (if it still does)
    deadline = time.monotonic() + 600  # a phone's cold start takes minutes
    while "insel-probe ready" not in heard:
        menu = next((text for text in heard if text.startswith("insel-probe menu ")), None)
        if menu and not tapped:
            x, y = map(float, menu.split()[2:])
            page.mouse.click(x, y)
            tapped = True
        if time.monotonic() > deadline:
            raise TimeoutError(f"no board at {url} after 600 s")
        page.wait_for_timeout(10)
    page.remove_listener("console", listen)
    return page.evaluate(TIMELINE)


def run_once(browser, app: str, bare: str, server, options: dict, bare_first: bool) -> dict:
    """One round of every measurement; app and bare take turns at going first (bare_first),
    so both see the same load."""
    out = {}
    pages = (("bare", bare), ("app", app)) if bare_first else (("app", app), ("bare", bare))
    for name, url in pages:
        context = browser.new_context(service_workers="block", **options)  # a new, empty cache
        context.add_init_script(PROBE)
        page = context.new_page()
        before, asked = carried(server), len(getattr(server, "log", ()))
        out[f"{name} cold"] = load(page, url)
        out[f"{name} cold"]["carried"] = carried(server) - before  # worker's bytes too
        out[f"{name} cold"]["log"] = list(getattr(server, "log", ()))[asked:]
        before, asked = carried(server), len(getattr(server, "log", ()))
        out[f"{name} warm"] = load(page, url)
        out[f"{name} warm"]["carried"] = carried(server) - before  # is warm really warm?
        out[f"{name} warm"]["asked"] = len(getattr(server, "log", ())) - asked
        context.close()
    context = browser.new_context(**options)  # the service worker allowed
    context.add_init_script(PROBE)
    page = context.new_page()
    load(page, app)
    page.evaluate(SERVICE_WORKER_ACTIVE)  # the whole build is in its cache now
    out["snapshot made"] = snapshot_made(page)  # so that the next start restores it
    out["app cached"] = load(page, app)
    context.set_offline(True)
    out["app offline"] = load(page, app)
    context.set_offline(False)  # bare.html is no file of the build: not in the cache
    out["bare cached"] = load(page, bare)
    context.close()
    return out


def snapshot_made(page) -> dict:
    """Wait until the page has made and kept its memory snapshot (at most 5 minutes); ms from
    the board to then, and the main-thread gaps over 50 ms the page had meanwhile."""
    for _ in range(3000):
        kept = page.evaluate("performance.getEntriesByName('insel:snapshot-kept')[0]?.startTime"
                             " ?? null")
        if kept is not None:
            break
        page.wait_for_timeout(100)
    else:
        raise TimeoutError("no memory snapshot kept after 300 s")
    ready = page.evaluate("performance.getEntriesByName('board-ready')[0].startTime")
    return {"ms": kept - ready, "gaps": page.evaluate("window.__probe.after")}


def spread(values: list[float], fmt: Callable[[float], str] = "{:.0f}".format) -> str:
    return f"{fmt(statistics.median(values))} ({fmt(min(values))}–{fmt(max(values))})"


def wire_bytes(files: list[str], site: Path) -> tuple[int, int, int]:
    """Bytes gzipped (level 6, as static hosts send text) of the app's own files among
    `files`, of PyScript's and of Pyodide's."""
    ours = pyscript = pyodide = 0
    for path in dict.fromkeys(files):  # once each, in order
        file = site / (urlparse(path).path.lstrip("/") or "index.html")
        if file.is_dir():
            file /= "index.html"
        data = file.read_bytes()
        size = min(len(data), len(gzip.compress(data, 6)))
        if path.startswith("/runtime/pyodide/"):
            pyodide += size
        elif path.startswith("/runtime/"):
            pyscript += size
        else:
            ours += size
    return ours, pyscript, pyodide


def report(rounds: list[dict[str, dict]], site: Path, profile: Profile) -> None:
    runs = len(rounds)
    ready = {key: [r[key]["ready"] for r in rounds]
             for key in rounds[0] if "ready" in rounds[0][key]}
    med = {key: statistics.median(values) for key, values in ready.items()}
    ratio = "{:.2f}".format
    print(f"\nmedian (min–max) of {runs} runs, ms from navigation; headless Chromium, 2 cores")
    print("\n(a) menu usable (tiles drawn, a game can be chosen)")
    for key in ("app cold", "app warm", "app cached", "app offline"):
        menu = [r[key]["menu"] for r in rounds]
        longest = [r[key]["longest"] for r in rounds]
        blocked = [r[key]["blocked"] for r in rounds]
        print(f"  {key:<12} menu {spread(menu):<18} main thread blocked before the board "
              f"{spread(blocked)}, longest task {spread(longest)}")
    print("\n(a2) heartbeat: main-thread gaps over 50 ms from navigation until the board "
          "(target: none)")
    for key in ("app cold", "app warm", "app cached", "app offline", "bare cold", "bare warm"):
        gaps = [r[key]["gaps"] for r in rounds]
        longest = [max(g, default=0) for g in gaps]
        print(f"  {key:<12} runs with a gap {sum(1 for g in gaps if g)} of {runs}; gaps per run "
              f"{spread([len(g) for g in gaps])}; longest {spread(longest)} ms")
    print("\n(a3) a tap on the menu while Python starts: ms from the input to the setup shown"
          " (target: ≤ 100)")
    for key in ("app cold", "app warm", "app cached", "app offline"):
        taps = [r[key]["tap"] for r in rounds if r[key]["tap"] is not None]
        print(f"  {key:<12} " + (f"{spread(taps)} in {len(taps)} of {runs} runs"
                                 if taps else "no tap landed before Python was ready"))
    print("\n(b) navigation → interactive Ponte board  (target: app / bare ≤ 1.05)")
    for kind in ("cold", "warm"):
        ratios = [r[f"app {kind}"]["ready"] / r[f"bare {kind}"]["ready"] for r in rounds]
        print(f"  {kind:<5} app {spread(ready[f'app {kind}'])}  bare loadPyodide() "
              f"{spread(ready[f'bare {kind}'])}  ratio of medians "
              f"{med[f'app {kind}'] / med[f'bare {kind}']:.2f}, per run {spread(ratios, ratio)}")
    print("\n(c) reload from the service worker's cache  (target: board ≤ 1200 ms)")
    ratios = [r["app cached"]["ready"] / r["bare cached"]["ready"] for r in rounds]
    print(f"  app {spread(ready['app cached'])}  offline {spread(ready['app offline'])}  bare from "
          f"the same cache {spread(ready['bare cached'])}  ratio of medians "
          f"{med['app cached'] / med['bare cached']:.2f}, per run {spread(ratios, ratio)}")
    used = sum(r[key]["snapshot"] for r in rounds for key in ("app cached", "app offline"))
    print(f"  Python restored from the memory snapshot in {used} of {2 * runs} of these starts")
    made = [r["snapshot made"] for r in rounds]
    gaps = [m["gaps"] for m in made]
    print(f"  the snapshot made on the device: kept {spread([m['ms'] for m in made])} ms after "
          f"the board; main-thread gaps over 50 ms meanwhile {spread([len(g) for g in gaps])}"
          f" a run, longest {spread([max(g, default=0) for g in gaps])} ms")
    ours, pyscript, pyodide = wire_bytes(rounds[0]["app cold"]["files"], site)
    print("\n(d) bytes on the wire at first load, gzip -6  (target: ours ≤ 300 kB)")
    print(f"  ours {ours / 1e3:.0f} kB   PyScript {pyscript / 1e3:.0f} kB   "
          f"Pyodide {pyodide / 1e3:.0f} kB")
    if rounds[0]["app cold"].get("carried"):
        print("\n(d2) bytes the shaped server sent during a cold start until the board "
              "(page and worker, as sent: gzip where a host gzips)")
        for who in ("app", "bare"):
            sent = [r[f"{who} cold"]["carried"] / 1e6 for r in rounds]
            warm = [r[f"{who} warm"]["carried"] / 1e3 for r in rounds]
            asked = [r[f"{who} warm"]["asked"] for r in rounds]
            print(f"  {who:<5} {spread(sent, '{:.2f}'.format)} MB; warm {spread(warm)} kB"
                  f" in {spread(asked)} requests (the rest from the HTTP cache)")
    if rounds[0]["app cold"].get("carried"):
        floor(rounds, site, profile)
    print("\n(e) where the start goes: ms per step (median; share of the median total)")
    for kind in ("cold", "warm", "cached"):
        print(f"  {kind}:")
        for who in ("app", "bare"):
            line = []
            for label, key in STEPS:
                steps = [step_ms(r[f"{who} {kind}"], key) for r in rounds]
                steps = [s for s in steps if s is not None]
                if steps:
                    share = statistics.median(steps) / med[f"{who} {kind}"]
                    line.append(f"{label} {statistics.median(steps):.0f} ({share:.0%})")
            print(f"    {who}: " + "; ".join(line))


def needed_bytes(site: Path) -> dict[str, int]:
    """What a first visit strictly needs, as a static host sends it (gzip -6 where it gzips):
    Python's big files (build.PYTHON_BIG) and the page with its own script and styles."""
    stdlib = next((site / "runtime").glob("stdlib-*.zip")).relative_to(site).as_posix()
    names = [name.format(stdlib=stdlib) for name in build.PYTHON_BIG]
    names += ["index.html", build.bundled(build.SHELL_BUNDLES[0][1]), build.STYLES_BUNDLE]
    sizes = {}
    for name in names:
        data = (site / name).read_bytes()
        sizes[name] = len(data) if name.endswith(".zip") else len(gzip.compress(data, 6))
    return sizes


def floor(rounds: list[dict[str, dict]], site: Path, profile: Profile) -> None:
    """(f) The first visit's floor beside the app, per run: the bytes strictly needed ÷ the
    link's rate, two round trips (the page, then everything else at once), and Python's own
    start in a worker — the bare page's warm start in the same run (every file from the HTTP
    cache), less its one round trip for the page itself."""
    rate = (profile.mbit or 0) * 1e6 / 8
    sizes = needed_bytes(site)
    download = sum(sizes.values()) / rate * 1000
    trips = 2 * profile.latency_ms
    starts = [r["bare warm"]["ready"] - profile.latency_ms for r in rounds]
    floors = [download + trips + start for start in starts]
    ratios = [r["app cold"]["ready"] / f for r, f in zip(rounds, floors, strict=True)]
    print(f"\n(f) the floor of a first visit  (target: app cold ≤ 1.03 × the floor; big files"
          f" asked ≤ 1000 ms)\n  bytes strictly needed {sum(sizes.values()) / 1e6:.2f} MB ("
          + ", ".join(f"{Path(name).name} {size / 1e6:.2f}" for name, size in sizes.items())
          + f") ÷ {rate / 1e3:.0f} kB/s = {download:.0f} ms; 2 round trips {trips:.0f} ms;"
          f" Python's start in a worker (bare warm − 1 round trip) {spread(starts)} ms")
    app = [r["app cold"]["ready"] for r in rounds]
    print(f"  floor {spread(floors)} ms; app cold {spread(app)} ms; app ÷ floor per run "
          f"{spread(ratios, '{:.2f}'.format)}")
    asked = [r["app cold"]["requested"] for r in rounds if r["app cold"]["requested"] is not None]
    print(f"  the wasm asked for (by the page's preload or insel:prefetch) {spread(asked)} ms"
          " after navigation")
    twice = {}
    for r in rounds:
        for name in sizes:
            times = sum(1 for entry in r["app cold"]["log"] if entry[1].split("?")[0] == f"/{name}")
            twice[name] = max(twice.get(name, 0), times)
    print("  requests for each until the board, most in a run: "
          + ", ".join(f"{Path(name).name} {count}" for name, count in twice.items()))


def step_ms(timeline: dict, key: str) -> float | None:
    """How long the step ending at `key` took (from the end of the step before it)."""
    keys = [k for _, k in STEPS]
    if timeline.get(key) is None:
        return None
    before = [timeline[k] for k in keys[:keys.index(key)] if timeline.get(k) is not None]
    return timeline[key] - max(before, default=0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", choices=sorted(PROFILES), default="desktop")
    parser.add_argument("--built", action="store_true",
                        help="measure dist/ as it is (built by `python3 build.py`)")
    arguments = parser.parse_args()
    runs, profile = arguments.runs, PROFILES[arguments.profile]
    site = build.DIST if arguments.built else build.build()
    with tempfile.TemporaryDirectory() as tmp:
        top = Path(tmp)  # the site plus the bare page, on one origin (one service worker)
        for entry in site.iterdir():
            (top / entry.name).symlink_to(entry)
        (top / "bare.html").write_text(BARE_WORKER_PAGE if profile.cpu != 1 else BARE_PAGE)
        (top / "bare").mkdir()  # the bare page's Pyodide is whole: library and package list
        for name in ("python_stdlib.zip", "pyodide-lock.json"):
            (top / "bare" / name).symlink_to(build.NODE / "pyodide" / name)
        url, server = serve(top, profile)
        extra, port = chromium_port_args(profile)
        options = context_options(profile)
        print(f"profile {arguments.profile}: {profile}", flush=True)
        with sync_playwright() as playwright:
            browser = launch(playwright, *extra)
            throttle = CpuThrottle(port, profile.cpu) if port else None
            if not profile.mbit:  # settle the OS caches (minutes on a shaped link: skipped)
                run_once(browser, url + "#play=ponte", url + "bare.html", server, options, False)
            rounds = []
            for number in range(runs):  # the settling round above went app first
                rounds.append(run_once(browser, url + "#play=ponte", url + "bare.html", server,
                                       options, bare_first=number % 2 == 0))
                print(f"run {number + 1}/{runs} ({os.getloadavg()[0]:.1f} load): " + ", ".join(
                    f"{key} {value['ready']:.0f}" for key, value in rounds[-1].items()
                    if "ready" in value),
                    flush=True)
            if throttle:
                print(throttle.said())
                throttle.close()
            browser.close()
    report(rounds, site, profile)
    print(f"\nprofile {arguments.profile}; load average at the end "
          f"{' / '.join(f'{x:.1f}' for x in os.getloadavg())} (1 / 5 / 15 min)")


if __name__ == "__main__":
    main()
