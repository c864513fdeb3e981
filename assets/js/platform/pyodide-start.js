// PyScript's interpreter module: Pyodide's own, except that it starts with this build's
// standard library, cut to what the site imports (a module left out raises an error naming
// it; build.py write_stdlib), with an empty package list (no package is loaded, so no
// pyodide-lock.json is fetched), and that a start restores this build's memory snapshot
// (Python started, our engines imported) from this device's Cache Storage instead of running
// Python's start-up, 1–3 s.  The snapshot is made on the device, never downloaded: after a
// start without one, the page (snapshot.js) starts snapshot-maker.js, a worker of its own,
// which calls makeSnapshot below.  Any failure — no Cache Storage, no DecompressionStream, a
// snapshot refused — starts as usual, and a snapshot that failed to restore is dropped.
// @ts-expect-error Pyodide is copied into runtime/ by build.py: it exists only in the built site
import { loadPyodide as loadFresh, version } from "../../../runtime/pyodide/pyodide.mjs";
import { START_CHANNEL } from "./loading.js";
import { SNAPSHOT_CACHE } from "./snapshot-cache.js";

export { version };

// build.py writes this build's names here: the address its memory snapshot is kept under
// on the device (runtime/snapshot-<hash of every file the snapshot holds>.bin.gz: a new
// runtime, library or engine makes a new one; no such file is on the server), the cut
// standard library, and Pyodide's package list without packages
/** @type {string | null} */
const SNAPSHOT = null;
/** @type {string | null} */
const STDLIB = null;
/** @type {string | null} */
const LOCK = null;
// {part: [bytes unpacked, bytes on the wire gzipped]} of the parts counted below
/** @type {Record<string, [number, number]> | null} */
const SIZES = null;
const indexURL = new URL("../../../runtime/pyodide/", import.meta.url).href;
const stdLibURL = new URL(`../../../${STDLIB}`, import.meta.url).href;
const site = new URL("../../../", import.meta.url);
// The snapshot is kept in SNAPSHOT_CACHE (snapshot-cache.js).  Cache Storage rather than
// IndexedDB: a Response is written and read as a stream (gzipped on its way in, unpacked on
// its way out, never whole twice in memory), in workers too, with no schema or versions of
// our own.
// What the snapshot holds beyond Python's start (run with our bundle.zip unpacked where
// PyScript unpacks it): the session and every game imported as py/browser_bridge.py imports
// them, and every game's computer player (so the first computer move does not wait for the
// import); every object so far is moved out of the garbage collector's sight (gc.freeze: a
// full collection then walks only what the games make, not the whole start-up).
const PREPARE = `
import os
import sys

sys.path.insert(0, os.path.join(os.getcwd(), "bundle", "py"))
import insel.session
from insel.games import GAME_IDS, get_game
from insel.ai.players import strategy
import insel.ai.advice
import gc

for game_id in GAME_IDS:
    get_game(game_id)
    strategy(game_id)
gc.collect()
gc.freeze()
`;

// The page's progress line (loading.js) learns here what this worker waits for: a worker's
// fetches are not in the page's resource timeline.  Every fetch of one of Python's three big
// parts (PARTS: Pyodide's wasm, the standard library, our bundle.zip; Pyodide and PyScript
// fetch them with the worker's global fetch) is handed on with its body counted as it
// streams in; the wasm's compile and Python's start are told as stages.  Only small JSON
// messages cross, on the channel START_CHANNEL.
const channel = globalThis.BroadcastChannel ? new BroadcastChannel(START_CHANNEL) : null;
const tell = (/** @type {object} */ message) => channel?.postMessage(message);
/** [part, the end of its address]; which part a fetched address is */
const PARTS = [["runtime", "/pyodide.asm.wasm"], ["stdlib", `/${STDLIB}`], ["code", "/bundle.zip"]];

/** Have the fetches of the big parts counted and the compile told (this worker's start
 *  only: a snapshot maker's fetches are nobody's progress). */
function countTheStart() {
  if (!channel) return;
  if (SIZES) tell({ wire: Object.fromEntries(Object.entries(SIZES).map(([part, [, wire]]) => [part, wire])) });
  const plainFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await plainFetch(input, init);
    const address = String(input instanceof Request ? input.url : input).split(/[?#]/)[0];
    const part = PARTS.find(([, end]) => address.endsWith(end))?.[0];
    return part && response.ok && response.body ? counted(response, part) : response;
  };
  for (const name of /** @type {const} */ (["instantiateStreaming", "instantiate"])) {
    /** @type {(...args: any[]) => Promise<unknown>} */
    const plain = WebAssembly[name];
    /** @type {any} */ (WebAssembly)[name] = async function (/** @type {any[]} */ ...args) {
      const result = await plain.apply(this, args);
      if (/** @type {any} */ (result).instance) tell({ stage: "compiled" }); // Pyodide's wasm
      return result;
    };
  }
}

/** `response` itself, a clone of it counted as it arrives (a message at most every 1/50 of
 *  it).  The fetch's own Response is handed on, not a `new Response(…)` around a counting
 *  stream: Chromium keeps the wasm's compiled code (V8's code cache) only for a Response that
 *  came from the HTTP cache with its URL, so a made one compiled the wasm again at every
 *  start (bench/worker_start.py, docs/startup-and-offline.md).
 * @param {Response} response
 * @param {string} part
 */
function counted(response, part) {
  // bytes as they arrive, unpacked: a static host's gzip is undone before the body is read
  const total = SIZES?.[part]?.[0] || Number(response.headers.get("content-length")) || 0;
  let got = 0;
  let told = 0;
  const wire = SIZES?.[part]?.[1] || total; // how much of the whole download this part is
  tell({ part, got, total, wire });
  response.clone().body?.pipeTo(new WritableStream({
    write(chunk) {
      got += chunk.byteLength;
      if (got - told >= total / 50) {
        told = got;
        tell({ part, got, total, wire });
      }
    },
    close() { tell({ part, got, total: got, wire, done: true }); },
  })).catch(() => {}); // a download broken off: the fetch's reader is told, not the bar
  return response;
}

/** Pyodide as PyScript asks for it: started from this device's snapshot where one is kept.
 * @param {object} options PyScript's settings for loadPyodide
 */
export async function loadPyodide(options) {
  countTheStart();
  const settings = { ...options, indexURL, stdLibURL, lockFileContents: LOCK };
  const cached = await cachedSnapshot().catch(() => null);
  if (cached) {
    try {
      // unpacked while the wasm compiles; a damaged file rejects in loadFresh, caught below
      if (!cached.body) throw new Error("the snapshot has no body");
      const snapshot = new Response(cached.body.pipeThrough(new DecompressionStream("gzip")))
        .arrayBuffer();
      snapshot.catch(() => {});
      const pyodide = await loadFresh({ ...settings, _loadSnapshot: snapshot });
      tell({ stage: "python" });
      // the snapshot's random state would be every visitor's: draw a new one
      pyodide.runPython("import random; random.seed()");
      /** @type {any} */ (globalThis).inselFromSnapshot = true; // the bridge tells the page (bench/load.py, tests)
      return pyodide;
    } catch (error) {
      console.warn("starting Python without the memory snapshot (dropped):", error);
      await caches.open(SNAPSHOT_CACHE).then((cache) => cache.delete(snapshotURL()))
        .catch(() => {});
    }
  }
  const pyodide = await loadFresh(settings);
  tell({ stage: "python" });
  return pyodide;
}

/** The address this build's snapshot is kept under (never fetched). */
function snapshotURL() {
  return new URL(SNAPSHOT ?? "", site).href;
}

/** This build's snapshot where this device keeps one.
 * @returns {Promise<Response | null | undefined>}
 */
async function cachedSnapshot() {
  if (!SNAPSHOT || !globalThis.caches || !globalThis.DecompressionStream) return null;
  return caches.match(snapshotURL(), { cacheName: SNAPSHOT_CACHE }); // makes no cache
}

/**
 * Make this build's memory snapshot and keep it, gzipped, in SNAPSHOT_CACHE in place of any
 * older build's: Python started as the page's worker starts it (the same runtime, library and
 * package list: a snapshot is refused by any other runtime, and the library's files live
 * outside the wasm memory), then PREPARE.  Resolves to whether one was made (not when this
 * build's is kept already, or the browser lacks Cache Storage or CompressionStream).
 * @returns {Promise<boolean>}
 */
export async function makeSnapshot() {
  if (!SNAPSHOT || !globalThis.caches || !globalThis.CompressionStream) return false;
  const cache = await caches.open(SNAPSHOT_CACHE);
  if (await cache.match(snapshotURL())) return false;
  const pyodide = await loadFresh({ indexURL, stdLibURL, lockFileContents: LOCK,
    _makeSnapshot: true });
  const bundle = await fetch(new URL("bundle.zip", site));
  if (!bundle.ok) throw new Error(`bundle.zip: HTTP ${bundle.status}`);
  pyodide.unpackArchive(await bundle.arrayBuffer(), "zip", { extractDir: "/home/pyodide/bundle" });
  pyodide.runPython(PREPARE);
  const packed = new Blob([pyodide.makeMemorySnapshot()]).stream()
    .pipeThrough(new CompressionStream("gzip"));
  for (const older of await cache.keys()) await cache.delete(older);
  await cache.put(snapshotURL(), new Response(packed, {
    headers: { "Content-Type": "application/gzip" } }));
  return true;
}
