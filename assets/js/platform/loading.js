// How far the Python engine has got in starting, for the menu's progress line.  Python starts
// in a worker whose fetches are not in the page's timeline: its loader (pyodide-start.js)
// counts the bytes of each big part as they arrive (Pyodide's runtime wasm, the standard
// library, our code in bundle.zip) and says when the wasm is compiled and Python has started,
// on the channel START_CHANNEL.  The bar moves by bytes received and by stage; when it has not
// moved for WAIT_SAID_MS, the line adds how long it has waited for the step it names.  The
// menu works meanwhile.  No DOM at the top level: the worker's loader imports this module.

export const START_CHANNEL = "insel-start";
const WAIT_SAID_MS = 2000;
const REPORT_EVERY_MS = 100; // the progress line is redrawn at most this often (pacer)
const PAGE = "core.js"; // PyScript's core, fetched by the page before the worker starts
// the bar's share of each step: until the worker's first part, downloads by bytes (weighted
// by each part's bytes on the wire), the compile, Python's start; the games' start is the rest
const SHARES = { page: 5, bytes: 65, compiled: 5, python: 15 };

/**
 * The progress line for what is known of the start: `percent` (0–100) and the strings.js
 * `key` naming the step it waits for, with its `params`.  Steps in order: the page, the
 * runtime and standard library arriving, the wasm compiling, Python starting, our code
 * arriving, the games starting.
 * @param {{page: boolean, parts: {[part: string]: {got: number, total: number, wire: number,
 *   done?: boolean}}, compiled: boolean, python: boolean, wire?: {[part: string]: number}}}
 *   known what the worker has said: each part's bytes so far, each part's size on the wire
 * @returns {{percent: number, key: string, params: {[name: string]: number}}}
 */
export function progressOf(known) {
  const { parts } = known;
  const share = (part) => (parts[part]?.done ? 1 : Math.min(1, (parts[part]?.got ?? 0)
    / (parts[part]?.total || Infinity)));
  const names = ["runtime", "stdlib", "code"];
  // each part's bytes on the wire, as the build measured them (or as the part said once
  // it began to arrive); a part not yet asked for and of unknown size weighs nothing yet
  const weights = names.map((part) => known.wire?.[part] ?? parts[part]?.wire ?? 0);
  const weighed = names.reduce((sum, part, i) => sum + share(part) * weights[i], 0);
  const bytes = weighed / (weights.reduce((a, b) => a + b) || 1);
  const percent = Math.floor((known.page || bytes ? SHARES.page : 0) + SHARES.bytes * bytes
    + (known.compiled ? SHARES.compiled : 0) + (known.python ? SHARES.python : 0));
  const whole = (part) => Math.floor(100 * share(part));
  const downloaded = (part) => share(part) >= 1;
  let key = "loadingPage";
  let params = {};
  if (!parts.runtime && !parts.stdlib) key = known.page ? "loadingWorker" : "loadingPage";
  else if (!known.python && !(downloaded("runtime") && downloaded("stdlib"))) {
    key = "loadingParts";
    params = { runtime: whole("runtime"), stdlib: whole("stdlib") };
  } else if (!known.compiled) key = "loadingCompiling";
  else if (!known.python) key = "loadingStart";
  else if (!downloaded("code")) {
    key = "loadingCode";
    params = { code: whole("code") };
  } else key = "loadingGames";
  return { percent: Math.min(percent, 99), key, params };
}

/**
 * Call `report({percent, key, params, waited?})` as the start advances (`waited`: seconds
 * the bar has stood still, once over 2 s) and `report({failed: true})` when it fails (the reason to the console).  A
 * new step is shown for at least one drawn frame, however soon the next follows.  Returns a
 * function that ends the watch and reports 100 %.
 */
export function watchStart(report) {
  /** @type {Parameters<typeof progressOf>[0]} */
  const known = { page: false, parts: {}, compiled: false, python: false, wire: undefined };
  let shown = { percent: 0, key: "", params: {} };
  let movedAt = performance.now();
  const paced = pacer(report);
  const advance = () => {
    const next = progressOf(known);
    next.percent = Math.max(next.percent, shown.percent); // the bar never goes back
    if (next.percent !== shown.percent || next.key !== shown.key) movedAt = performance.now();
    if (JSON.stringify(next) !== JSON.stringify(shown)) paced(next, next.key !== shown.key);
    shown = next;
  };
  advance();
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.name.split("/").pop().startsWith(PAGE))) {
      known.page = true;
      advance();
    }
  });
  observer.observe({ type: "resource", buffered: true });
  const channel = globalThis.BroadcastChannel ? new BroadcastChannel(START_CHANNEL) : null;
  if (channel) {
    channel.onmessage = ({ data }) => {
      if (data?.part) known.parts[data.part] = data;
      if (data?.wire && !data.part) known.wire = data.wire;
      if (data?.stage === "compiled") known.compiled = true;
      if (data?.stage === "python") known.python = known.compiled = true;
      advance();
    };
  }
  const ticker = setInterval(() => {
    const waited = performance.now() - movedAt;
    if (waited >= WAIT_SAID_MS) paced({ ...shown, waited: Math.floor(waited / 1000) }, false);
  }, 500);
  const fail = (reason) => {
    if (/** @type {import("../common/types.js").InselWindow} */ (window).inselCall) return;
    console.error("the engine did not start:", reason); // the person is told in our words
    report({ failed: true });
  };
  const onError = (e) => fail(e.message);
  const onRejection = (e) => fail(String(e.reason));
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    observer.disconnect();
    channel?.close();
    clearInterval(ticker);
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
    paced.end({ percent: 100, key: "loadingDone", params: {} });
  };
}

/**
 * `report` paced: a new step (`step` true) waits until the one before has been drawn (two
 * animation frames: the store draws in the next one), so a step of a few milliseconds is
 * still seen, and at least REPORT_EVERY_MS, so the page redraws the line a few times a
 * second, not in every frame, while the worker counts bytes; a later report of the same
 * step replaces one still waiting.  `end` reports at once, dropping what waits.
 */
function pacer(report) {
  /** @type {{progress: object, step: boolean}[]} */
  const waiting = [];
  let holding = false;
  const pump = () => {
    if (holding || waiting.length === 0) return;
    report(waiting.shift().progress);
    holding = true;
    const drawn = new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const paused = new Promise((done) => setTimeout(done, REPORT_EVERY_MS));
    Promise.all([drawn, paused]).then(() => { holding = false; pump(); });
  };
  const paced = (progress, step) => {
    const last = waiting.at(-1);
    if (last && !step) last.progress = progress;
    else waiting.push({ progress, step });
    pump();
  };
  /** The last report, at once (the engine is ready: the bar goes in the next frame). */
  paced.end = (progress) => {
    waiting.length = 0;
    report(progress);
  };
  return paced;
}
