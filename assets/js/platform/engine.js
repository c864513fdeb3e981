// The one door to the Python engines (py/insel/session.py): JSON text in, JSON text out.
// Python runs in a PyScript worker (py/browser_bridge.py), never on the page's thread, so
// the page draws and answers taps while Python starts and while the computer thinks.  This
// module is the only one that knows there is a worker: requests wait in one queue (one at a
// time, answers in the order asked).  A refusal comes as a phrase {key, params}; it is
// worded here, in the page's language.
import { phrase, t } from "../common/strings.js";

/** @typedef {import("../common/types.js").Answer} Answer */
/** @typedef {import("../common/types.js").InselWindow} InselWindow */

/** @type {{call: (text: string) => Promise<string>, lexicon: (bytes: Uint8Array) => Promise<void>} | null} */
let door = null;
/** @type {Promise<unknown>} */
let queue = Promise.resolve(); // the last request asked; the next one waits for it
let waiting = 0; // requests asked and not yet answered
/** @type {(value?: unknown) => void} */
let begin = () => {};
const started = new Promise((resolve) => { begin = resolve; }).then(launch);
const SLOW_LINK_MS = 400; // the page itself took this long from request to its last byte
let prefetched = false; // Python's big files asked for (prefetch)
let fromSnapshot = false; // Python was restored from this device's memory snapshot
if (slowLink()) prefetch(); // their download is most of the start: asked for at once

/** Start Python, once the page's first screen is drawn (app.js, first-screen.js); asked
 *  again, nothing more happens. */
export function start() {
  begin();
}

/** Start the worker; resolves once Python has started and the session is open. */
async function launch() {
  // paths from this module's folder that also hold from the app's bundle (boot/app.bundle.js,
  // where import.meta.url is the bundle's): out of the folder and into platform/ again
  const here = (/** @type {string} */ path) => new URL(path, import.meta.url).href;
  // PyScript's core first (preloaded; 8–12 ms of the page's thread to evaluate), before
  // the workers below start to take the cores
  // @ts-expect-error PyScript is copied into runtime/ by build.py: it exists only in the built site
  const { PyWorker } = await import("../../../runtime/pyscript/core.js");
  prefetch();
  const worker = await PyWorker(here("../../../py/browser_bridge.py"),
    { config: here("../../../pyscript.toml"), version: here("../platform/pyodide-start.js") });
  const how = JSON.parse(await worker.sync.insel_started());
  fromSnapshot = how.snapshot;
  if (how.snapshot) performance.mark("insel:snapshot"); // bench/load.py and the tests
  const opened = { call: (/** @type {string} */ text) => worker.sync.insel_call(text),
    lexicon: (/** @type {Uint8Array} */ bytes) => worker.sync.insel_lexicon(bytes) };
  door = opened;
  // the hooks for tests and tools: the same door, in the same queue
  /** @type {InselWindow} */ (window).inselCall = (text) => enqueue(() => opened.call(text));
}

/** A first visit: Python's big files are fetched beside Python's start, by a worker of
 *  their own, off the page's thread (a page the service worker serves has them in its
 *  cache).  On a fast link they wait with Python for the first screen (their bytes arriving
 *  take a core from it); on a slow one they are asked for at once (the wasm was already,
 *  by the page itself: boot/early-fetch.js; the worker's request joins that download). */
function prefetch() {
  if (prefetched || !globalThis.Worker || navigator.serviceWorker?.controller) return;
  prefetched = true;
  new Worker(new URL("../platform/prefetch.js", import.meta.url), { type: "module" });
  performance.mark("insel:prefetch"); // bench/load.py: when the big files were asked for
}

/** Whether the page's own document came over a slow link (SLOW_LINK_MS or more). */
function slowLink() {
  const [page] = /** @type {PerformanceNavigationTiming[]} */ (
    globalThis.performance?.getEntriesByType?.("navigation") ?? []);
  return Boolean(page) && page.responseEnd - page.requestStart >= SLOW_LINK_MS;
}

/**
 * Run `task` after every request asked before it; its result, in order.
 * @template T
 * @param {() => T | Promise<T>} task
 * @returns {Promise<T>}
 */
function enqueue(task) {
  waiting += 1;
  const done = queue.then(task).finally(() => { waiting -= 1; });
  queue = done.catch(() => {});
  return done;
}

/** Whether no request is waiting for its answer. */
export function isIdle() {
  return waiting === 0;
}

/** Resolves once every request asked so far has been answered. */
export function answered() {
  return queue;
}

/** Resolves once Python has started (rejects if it could not). */
export function whenReady() {
  return started;
}

/** Whether Python was restored from the memory snapshot (snapshot.js: else one is made). */
export function startedFromSnapshot() {
  return fromSnapshot;
}

/** Whether Python has started. */
export function isReady() {
  return door !== null;
}

/**
 * Send one request; resolves with `{ok: true, …}` or `{ok: false, error}` — never rejects.
 * @param {string} op
 * @param {{[name: string]: any}} [args]
 * @returns {Promise<Answer>}
 */
export async function call(op, args = {}) {
  const open = door;
  if (!open) return { ok: false, error: t("engineStarting") };
  let answer;
  try {
    // `op` last: no argument can replace it
    answer = JSON.parse(await enqueue(() => open.call(JSON.stringify({ ...args, op }))));
  } catch (error) { // the runtime's own words go to the console, the person gets ours
    console.error(`engine request ${op} failed:`, error);
    return { ok: false, error: t("engineFailed") };
  }
  if (!answer.ok && answer.reason) answer.error = phrase(answer.reason);
  return answer;
}

/** Hand lexicon.zip's bytes to Python (the word-list editor's dictionary).
 * @param {Uint8Array} bytes
 */
export async function installLexicon(bytes) {
  await started;
  const open = door;
  if (!open) throw new Error("Python has not started");
  await enqueue(() => open.lexicon(bytes));
}
