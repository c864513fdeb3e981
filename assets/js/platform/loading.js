// How far the Python engine has got in starting, for the menu's progress line.  Python starts
// in a worker whose fetches are not in the page's timeline: its loader (pyodide-start.js)
// counts the bytes of each big part as they arrive (Pyodide's runtime wasm, the standard
// library, our code in bundle.zip) and says when the wasm is compiled and Python has started,
// on the channel START_CHANNEL.  The bar moves by bytes received and by stage, and between a
// stage's events by an estimate from how long each stage took in the last starts on this
// device (STAGE_TIMES); when it has not moved for WAIT_SAID_MS, the line adds how long it
// has waited.  The headline is a person's words (HEADLINES); the engineer's step and figures
// go in a details line.  The menu works meanwhile.  No DOM at the top level: the worker's
// loader imports this module.

export const START_CHANNEL = "insel-start";
const WAIT_SAID_MS = 2000;
const REPORT_EVERY_MS = 100; // the progress line is redrawn at most this often (pacer)
const PAGE = "core.js"; // PyScript's core, fetched by the page before the worker starts
// the steps in order (progressOf's keys)
const ORDER = ["loadingPage", "loadingWorker", "loadingParts", "loadingCompiling",
  "loadingStart", "loadingCode", "loadingGames"];
// each step's time (ms) when this device has not started before: a desktop's
/** @type {Record<string, number>} */
const FIRST_GUESS = { loadingPage: 500, loadingWorker: 1000, loadingParts: 3000,
  loadingCompiling: 1500, loadingStart: 3000, loadingCode: 500, loadingGames: 1000 };
// the headline a person reads for each step (the step's own words go in the details line)
/** @type {Record<string, string>} */
const HEADLINES = { loadingPage: "loadingStagePrepare", loadingWorker: "loadingStagePrepare",
  loadingParts: "loadingStageDownload", loadingCompiling: "loadingStagePrepare",
  loadingStart: "loadingStagePrepare", loadingCode: "loadingStageAlmost",
  loadingGames: "loadingStageAlmost", loadingDone: "loadingDone" };
const STAGE_TIMES = "inselspiele-start-times"; // localStorage: {step: ms} of the last starts

/**
 * What the progress line shows: the bar, the headline, the step's own words, and how long
 * (s) it has stood still once that is over WAIT_SAID_MS.
 * @typedef {{percent: number, key: string, params: {[name: string]: number},
 *   details: {key: string, params: {[name: string]: number}}, waited?: number}} Shown
 */
/** @typedef {(progress: Shown | {failed: true}) => void} Report */

/**
 * The step of the start that is known: the strings.js `key` naming the step it waits for,
 * with its `params`, and `bytes`, the share (0–1) of the big parts' bytes on the wire so far.  Steps in order: the page, the
 * runtime and standard library arriving, the wasm compiling, Python starting, our code
 * arriving, the games starting.
 * @param {{page: boolean, parts: {[part: string]: {got: number, total: number, wire: number,
 *   done?: boolean}}, compiled: boolean, python: boolean, wire?: {[part: string]: number}}}
 *   known what the worker has said: each part's bytes so far, each part's size on the wire
 * @returns {{key: string, params: {[name: string]: number}, bytes: number}}
 */
export function progressOf(known) {
  const { parts } = known;
  const share = (/** @type {string} */ part) => (parts[part]?.done ? 1 : Math.min(1, (parts[part]?.got ?? 0)
    / (parts[part]?.total || Infinity)));
  const names = ["runtime", "stdlib", "code"];
  // each part's bytes on the wire, as the build measured them (or as the part said once
  // it began to arrive); a part not yet asked for and of unknown size weighs nothing yet
  const weights = names.map((part) => known.wire?.[part] ?? parts[part]?.wire ?? 0);
  const weighed = names.reduce((sum, part, i) => sum + share(part) * weights[i], 0);
  const bytes = weighed / (weights.reduce((a, b) => a + b) || 1);
  const whole = (/** @type {string} */ part) => Math.floor(100 * share(part));
  const downloaded = (/** @type {string} */ part) => share(part) >= 1;
  let key = "loadingPage";
  /** @type {{[name: string]: number}} */
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
  return { key, params, bytes };
}

/**
 * The bar (0–99) during `key`, `elapsed` ms into it: the bar is laid out by the time each
 * step took in earlier starts (`expected`, ms), so it moves evenly through a start like
 * those; within a step it runs toward the step's end as 1 − e^(−elapsed/expected) (most of
 * the way in the expected time, never past it however long the step takes), or by
 * the share of bytes arrived (`bytes`, 0–1) while the big parts download, if further.
 * @param {string} key
 * @param {number} elapsed
 * @param {{[step: string]: number}} expected
 * @param {number} [bytes]
 */
export function estimate(key, elapsed, expected, bytes = 0) {
  const at = ORDER.indexOf(key);
  if (at < 0) return 0;
  const time = (/** @type {string[]} */ steps) => steps.reduce((sum, step) => sum + Math.max(expected[step] ?? 0, 1), 0);
  const own = Math.max(expected[key] ?? 0, 1);
  let share = 1 - Math.exp(-elapsed / own);
  if (key === "loadingParts") share = Math.max(share, bytes);
  return Math.floor(99 * (time(ORDER.slice(0, at)) + own * share) / time(ORDER));
}

/**
 * Each step's expected time: the stored times of earlier starts where they are sound numbers,
 * else FIRST_GUESS (a stored value never stops the start).
 * @param {unknown} stored
 * @returns {{[step: string]: number}}
 */
export function expectedTimes(stored) {
  const times = { ...FIRST_GUESS };
  if (stored && typeof stored === "object") {
    for (const step of ORDER) {
      const ms = /** @type {Record<string, unknown>} */ (stored)[step];
      if (typeof ms === "number" && Number.isFinite(ms) && ms >= 0 && ms < 600000) times[step] = ms;
    }
  }
  return times;
}

/**
 * The times to keep after a start: each step's time this start (`took`, ms) averaged with
 * what was expected, so one odd start does not swing the next one's estimate.
 * @param {{[step: string]: number}} expected
 * @param {{[step: string]: number}} took
 */
export function nextTimes(expected, took) {
  return Object.fromEntries(Object.entries(expected).map(([step, ms]) =>
    [step, step in took ? Math.round((ms + took[step]) / 2) : ms]));
}

/**
 * The bar and words for what is known now: progressOf's `step`, begun at `since`, placed on
 * the bar by `estimate`, as {percent, key (the headline), params, details: {key, params}
 * (the step's own words)}.
 * @param {ReturnType<typeof progressOf>} step
 * @param {number} since
 * @param {{[step: string]: number}} expected
 * @param {number} now
 * @returns {Shown}
 */
export function shownOf(step, since, expected, now) {
  return { percent: estimate(step.key, now - since, expected, step.bytes),
    key: HEADLINES[step.key] ?? step.key, params: {}, details: { key: step.key, params: step.params } };
}

/**
 * Call `report({percent, key, params, details, waited?})` as the start advances (`waited`:
 * seconds the bar has stood still, once over 2 s) and `report({failed: true})` when it fails
 * (the reason to the console), after which it reports nothing more: the failure stays said.
 * A new step is shown for at least one drawn frame, however soon the next follows.  Returns
 * `done()`, which ends the watch, keeps this start's step times for the next start's
 * estimate and reports 100 %, and `failed(reason)`, for a failure the page caught itself.
 * An error the page did not catch before Python answers is a failed start too.
 * @param {Report} report
 * @returns {{done: () => void, failed: (reason: unknown) => boolean}}
 */
export function watchStart(report) {
  /** @type {Parameters<typeof progressOf>[0]} */
  const known = { page: false, parts: {}, compiled: false, python: false, wire: undefined };
  const expected = expectedTimes(readTimes());
  /** @type {{[step: string]: number}} */
  const took = {};
  /** @type {Shown} */
  let shown = { percent: 0, key: "", params: {}, details: { key: "", params: {} } };
  let clock = { key: "", since: performance.now() };
  let movedAt = performance.now();
  const paced = pacer(report);
  const advance = () => {
    const now = performance.now();
    const step = progressOf(known);
    if (step.key !== clock.key) {
      if (clock.key) took[clock.key] = now - clock.since;
      clock = { key: step.key, since: now };
    }
    const next = shownOf(step, clock.since, expected, now);
    next.percent = Math.max(next.percent, shown.percent); // the bar never goes back
    const newStep = next.details.key !== shown.details.key;
    if (next.percent !== shown.percent || newStep) movedAt = now;
    if (JSON.stringify(next) !== JSON.stringify(shown)) paced(next, newStep);
    shown = next;
  };
  advance();
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => (entry.name.split("/").pop() ?? "").startsWith(PAGE))) {
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
    advance(); // the estimate
    const waited = performance.now() - movedAt;
    if (waited >= WAIT_SAID_MS) paced({ ...shown, waited: Math.floor(waited / 1000) }, false);
  }, 500);
  let watching = true;
  const end = () => {
    watching = false;
    observer.disconnect();
    channel?.close();
    clearInterval(ticker);
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
  /** Say that the start failed; false when the watch had ended (done, or failed before). */
  const failed = (/** @type {unknown} */ reason) => {
    if (!watching) return false;
    end();
    console.error("the app did not start:", reason); // the person is told in our words
    paced.end({ failed: true });
    return true;
  };
  const uncaught = (/** @type {unknown} */ reason) => {
    if (!(/** @type {import("../common/types.js").InselWindow} */ (window).inselCall)) failed(reason);
  };
  const onError = (/** @type {ErrorEvent} */ e) => uncaught(e.message);
  const onRejection = (/** @type {PromiseRejectionEvent} */ e) => uncaught(String(e.reason));
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return {
    done() {
      if (!watching) return;
      end();
      if (clock.key) took[clock.key] = performance.now() - clock.since;
      keepTimes(nextTimes(expected, took));
      paced.end({ percent: 100, key: "loadingDone", params: {},
        details: { key: "loadingDone", params: {} } });
    },
    failed,
  };
}

/** The step times kept by the last start (null when none, unreadable or storage is off). */
function readTimes() {
  try {
    return JSON.parse(localStorage.getItem(STAGE_TIMES) ?? "null");
  } catch {
    return null;
  }
}

/** Keep the step times for the next start (full or blocked storage: not kept).
 * @param {{[step: string]: number}} times
 */
function keepTimes(times) {
  try {
    localStorage.setItem(STAGE_TIMES, JSON.stringify(times));
  } catch { /* the next start guesses */ }
}

/**
 * `report` paced: a new step (`step` true) waits until the one before has been drawn (two
 * animation frames: the store draws in the next one), so a step of a few milliseconds is
 * still seen, and at least REPORT_EVERY_MS, so the page redraws the line a few times a
 * second, not in every frame, while the worker counts bytes; a later report of the same
 * step replaces one still waiting.  `end` reports at once, dropping what waits.
 * @param {Report} report
 */
function pacer(report) {
  /** @type {{progress: Shown, step: boolean}[]} */
  const waiting = [];
  let holding = false;
  const pump = () => {
    if (holding || waiting.length === 0) return;
    const next = waiting.shift();
    if (next) report(next.progress);
    holding = true;
    const drawn = new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const paused = new Promise((done) => setTimeout(done, REPORT_EVERY_MS));
    Promise.all([drawn, paused]).then(() => { holding = false; pump(); });
  };
  /** @param {Shown} progress @param {boolean} step */
  const paced = (progress, step) => {
    const last = waiting.at(-1);
    if (last && !step) last.progress = progress;
    else waiting.push({ progress, step });
    pump();
  };
  /** The last report, at once (the engine is ready, or the start failed: said in the next
   *  frame), whatever was waiting dropped. */
  paced.end = (/** @type {Parameters<Report>[0]} */ progress) => {
    waiting.length = 0;
    report(progress);
  };
  return paced;
}
