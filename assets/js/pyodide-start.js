// PyScript's interpreter module (pyscript.toml): Pyodide's own, except that it starts with
// this build's standard library, cut to what the site imports (a module left out raises an
// error naming it; build.py write_stdlib), with an empty package list (no package is loaded,
// so no pyodide-lock.json is fetched), and that a start finds this build's memory snapshot
// (made by build.py: Python started, our engines imported) in the service worker's cache and
// restores it instead of running Python's start-up, 1–3 s.
// Never fetched for it: the first visit starts as usual while the worker caches the site.
// Any failure — no cache, no DecompressionStream, a snapshot refused — starts as usual.
// @ts-expect-error Pyodide is copied into runtime/ by build.py: it exists only in the built site
import { loadPyodide as loadFresh, version } from "../../runtime/pyodide/pyodide.mjs";
import { START_CHANNEL } from "./loading.js";

export { version };

// build.py writes this build's files here: the memory snapshot, the cut standard library,
// and Pyodide's package list without packages
const SNAPSHOT = null;
const STDLIB = null;
const LOCK = null;
const indexURL = new URL("../../runtime/pyodide/", import.meta.url).href;
const stdLibURL = new URL(`../../${STDLIB}`, import.meta.url).href;

// The page's progress line (loading.js) learns here of this worker's downloads: a worker's
// fetches are not in the page's resource timeline.  Only file addresses cross.
if (globalThis.BroadcastChannel && globalThis.PerformanceObserver) {
  const channel = new BroadcastChannel(START_CHANNEL);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) channel.postMessage(entry.name);
  }).observe({ type: "resource", buffered: true });
}

export async function loadPyodide(options) {
  const settings = { ...options, indexURL, stdLibURL, lockFileContents: LOCK };
  const cached = await cachedSnapshot().catch(() => null);
  if (cached) {
    try {
      // unpacked while the wasm compiles; a damaged file rejects in loadFresh, caught below
      const snapshot = new Response(cached.body.pipeThrough(new DecompressionStream("gzip")))
        .arrayBuffer();
      snapshot.catch(() => {});
      const pyodide = await loadFresh({ ...settings, _loadSnapshot: snapshot });
      // the snapshot's random state would be every visitor's: draw a new one
      pyodide.runPython("import random; random.seed()");
      globalThis.inselFromSnapshot = true; // the bridge tells the page (bench/load.py, tests)
      return pyodide;
    } catch (error) {
      console.warn("starting Python without the memory snapshot:", error);
    }
  }
  return loadFresh(settings);
}

async function cachedSnapshot() {
  if (!SNAPSHOT || !globalThis.caches || !globalThis.DecompressionStream) return null;
  return caches.match(new URL(`../../${SNAPSHOT}`, import.meta.url).href);
}
