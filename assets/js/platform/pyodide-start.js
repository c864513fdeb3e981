// PyScript's interpreter module (pyscript.toml): Pyodide's own, except that it starts with
// this build's standard library, cut to what the site imports (a module left out raises an
// error naming it; build.py write_stdlib), with an empty package list (no package is loaded,
// so no pyodide-lock.json is fetched), and that a start finds this build's memory snapshot
// (made by build.py: Python started, our engines imported) in the service worker's cache and
// restores it instead of running Python's start-up, 1–3 s.
// Never fetched for it: the first visit starts as usual while the worker caches the site.
// Any failure — no cache, no DecompressionStream, a snapshot refused — starts as usual.
// @ts-expect-error Pyodide is copied into runtime/ by build.py: it exists only in the built site
import { loadPyodide as loadFresh, version } from "../../../runtime/pyodide/pyodide.mjs";
import { START_CHANNEL } from "./loading.js";

export { version };

// build.py writes this build's files here: the memory snapshot, the cut standard library,
// and Pyodide's package list without packages
const SNAPSHOT = null;
const STDLIB = null;
const LOCK = null;
// {part: [bytes unpacked, bytes on the wire gzipped]} of the parts counted below
const SIZES = null;
const indexURL = new URL("../../../runtime/pyodide/", import.meta.url).href;
const stdLibURL = new URL(`../../../${STDLIB}`, import.meta.url).href;

// The page's progress line (loading.js) learns here what this worker waits for: a worker's
// fetches are not in the page's resource timeline.  Every fetch of one of Python's three big
// parts (PARTS: Pyodide's wasm, the standard library, our bundle.zip; Pyodide and PyScript
// fetch them with the worker's global fetch) is handed on with its body counted as it
// streams in; the wasm's compile and Python's start are told as stages.  Only small JSON
// messages cross, on the channel START_CHANNEL.
const channel = globalThis.BroadcastChannel ? new BroadcastChannel(START_CHANNEL) : null;
const tell = (message) => channel?.postMessage(message);
/** [part, the end of its address]; which part a fetched address is */
const PARTS = [["runtime", "/pyodide.asm.wasm"], ["stdlib", `/${STDLIB}`], ["code", "/bundle.zip"]];

if (channel) {
  if (SIZES) tell({ wire: Object.fromEntries(Object.entries(SIZES).map(([part, [, wire]]) => [part, wire])) });
  const plainFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await plainFetch(input, init);
    const address = String(input instanceof Request ? input.url : input).split(/[?#]/)[0];
    const part = PARTS.find(([, end]) => address.endsWith(end))?.[0];
    return part && response.ok && response.body ? counted(response, part) : response;
  };
  for (const name of ["instantiateStreaming", "instantiate"]) {
    const plain = WebAssembly[name];
    WebAssembly[name] = async function (...args) {
      const result = await plain.apply(this, args);
      if (/** @type {any} */ (result).instance) tell({ stage: "compiled" }); // Pyodide's wasm
      return result;
    };
  }
}

/** `response` again, its body counted as it arrives (a message at most every 1/50 of it). */
function counted(response, part) {
  // bytes as they arrive, unpacked: a static host's gzip is undone before the body is read
  const total = SIZES?.[part]?.[0] || Number(response.headers.get("content-length")) || 0;
  let got = 0;
  let told = 0;
  const wire = SIZES?.[part]?.[1] || total; // how much of the whole download this part is
  tell({ part, got, total, wire });
  const counter = new TransformStream({
    transform(chunk, stream) {
      got += chunk.byteLength;
      if (got - told >= total / 50) {
        told = got;
        tell({ part, got, total, wire });
      }
      stream.enqueue(chunk);
    },
    flush() { tell({ part, got, total: got, wire, done: true }); },
  });
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(counter), { status, statusText, headers });
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
      tell({ stage: "python" });
      // the snapshot's random state would be every visitor's: draw a new one
      pyodide.runPython("import random; random.seed()");
      globalThis.inselFromSnapshot = true; // the bridge tells the page (bench/load.py, tests)
      return pyodide;
    } catch (error) {
      console.warn("starting Python without the memory snapshot:", error);
    }
  }
  const pyodide = await loadFresh(settings);
  tell({ stage: "python" });
  return pyodide;
}

async function cachedSnapshot() {
  if (!SNAPSHOT || !globalThis.caches || !globalThis.DecompressionStream) return null;
  return caches.match(new URL(`../../../${SNAPSHOT}`, import.meta.url).href);
}
