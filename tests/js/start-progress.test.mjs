// The start's progress line (assets/js/platform/loading.js) between the worker's events: the
// bar is laid out by the step times of earlier starts on this device and moves on by that
// estimate while no event comes, driven here by a fake clock (no timers, no waiting).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { estimate, expectedTimes, nextTimes, progressOf, shownOf, watchStart } from "../../assets/js/platform/loading.js";

const STEPS = ["loadingPage", "loadingWorker", "loadingParts", "loadingCompiling",
  "loadingStart", "loadingCode", "loadingGames"];
// a phone's first visit as an earlier start measured it (ms per step)
const PHONE = { loadingPage: 800, loadingWorker: 2300, loadingParts: 27000,
  loadingCompiling: 3000, loadingStart: 7000, loadingCode: 400, loadingGames: 1500 };

/** The longest time (ms) the bar stood still, sampled every 100 ms of the fake clock while
 *  each step lasts `took[step]` ms with no event inside it. */
function longestStill(expected, took) {
  let last = -1;
  let movedAt = 0;
  let still = 0;
  let clock = 0;
  for (const step of STEPS) {
    for (let elapsed = 0; elapsed < took[step]; elapsed += 100) {
      const percent = Math.max(last, estimate(step, elapsed, expected));
      if (percent !== last) movedAt = clock;
      still = Math.max(still, clock - movedAt);
      last = percent;
      clock += 100;
    }
  }
  return { still, last };
}

test("between events the bar moves at least every 2 s through a start like the earlier ones", () => {
  const expected = expectedTimes(PHONE);
  assert.deepEqual(expected, PHONE);
  const { still, last } = longestStill(expected, PHONE);
  assert.ok(still <= 2000, `the bar stood still ${still} ms`);
  assert.ok(last >= 60 && last < 100, `the bar ended at ${last} %`);
  // a start half again as slow in every step still moves every 2 s
  const slower = Object.fromEntries(STEPS.map((step) => [step, PHONE[step] * 1.5]));
  assert.ok(longestStill(expected, slower).still <= 2000);
});

test("the estimate never passes its step's end, however long the step takes", () => {
  const expected = expectedTimes(PHONE);
  const end = estimate("loadingCompiling", 0, expected);
  for (const elapsed of [0, 1000, 3000, 60000, 1e9]) {
    assert.ok(estimate("loadingStart", elapsed, expected) >= end);
    assert.ok(estimate("loadingCompiling", elapsed, expected) <= estimate("loadingStart", 0, expected));
  }
  // while the big parts download, the bytes arrived take the bar on when ahead of the clock
  assert.ok(estimate("loadingParts", 0, expected, 0.5) > estimate("loadingParts", 1000, expected));
});

test("every step has a value on the bar and plain words, its own words in the details", () => {
  const catalogues = ["en", "de"].map((lang) => JSON.parse(readFileSync(
    new URL(`../../assets/i18n/${lang}.json`, import.meta.url), "utf8")));
  const wire = { runtime: 300, stdlib: 100, code: 100 };
  const part = (got) => ({ got, total: 100, wire: 100 });
  const knowns = [
    { page: false, parts: {}, compiled: false, python: false, wire },
    { page: true, parts: {}, compiled: false, python: false, wire },
    { page: true, parts: { runtime: part(10), stdlib: part(0) }, compiled: false, python: false, wire },
    { page: true, parts: { runtime: part(100), stdlib: part(100) }, compiled: false, python: false, wire },
    { page: true, parts: { runtime: part(100), stdlib: part(100) }, compiled: true, python: false, wire },
    { page: true, parts: { runtime: part(100), stdlib: part(100), code: part(5) }, compiled: true, python: true, wire },
    { page: true, parts: { runtime: part(100), stdlib: part(100), code: part(100) }, compiled: true, python: true, wire },
  ];
  const shown = knowns.map((known) => shownOf(progressOf(known), 0, expectedTimes(null), 0));
  assert.deepEqual(shown.map((s) => s.details.key), STEPS);
  const percents = shown.map((s) => s.percent);
  assert.deepEqual(percents, [...percents].sort((a, b) => a - b));
  assert.ok(percents.every((p, i) => i === 0 || p > 0) && percents.at(-1) < 100);
  for (const s of shown) {
    assert.ok(["loadingStagePrepare", "loadingStageDownload", "loadingStageAlmost"].includes(s.key));
    for (const words of catalogues) assert.ok(words[s.key] && words[s.details.key], s.key);
  }
});

test("stored step times are read at the edge and blended with the next start's", () => {
  const guess = expectedTimes(null);
  for (const bad of ["x", 7, [], { loadingParts: -1 }, { loadingParts: "9" }, { loadingParts: 1e12 }]) {
    assert.deepEqual(expectedTimes(bad), guess);
  }
  assert.equal(nextTimes(PHONE, { loadingParts: 1000 }).loadingParts, 14000);
  assert.equal(nextTimes(PHONE, {}).loadingStart, PHONE.loadingStart);
});

test("a failed start is said once and nothing the bar's clock does says otherwise", async (t) => {
  t.mock.timers.enable({ apis: ["setInterval", "setTimeout", "Date"] });
  globalThis.window = new EventTarget(); // the page's error events (loading.js listens)
  globalThis.requestAnimationFrame = (frame) => setTimeout(frame, 16);
  t.after(() => { delete globalThis.window; delete globalThis.requestAnimationFrame; });
  t.mock.method(console, "error", () => {});
  t.mock.method(performance, "now", () => Date.now()); // the fake clock's time
  /** `ms` of the fake clock in steps of 50, each step's promises settled before the next */
  const pass = async (ms) => {
    for (let at = 0; at < ms; at += 50) {
      t.mock.timers.tick(50);
      await new Promise((done) => { setImmediate(done); });
    }
  };
  const reports = [];
  const watch = watchStart((progress) => reports.push(progress));
  t.after(() => watch.done()); // (a failed assertion leaves no watch behind)
  await pass(3000); // a start under way: the bar reported, and how long it has waited
  assert.ok(reports.length > 1 && reports.every((progress) => !progress.failed));
  assert.ok(reports.some((progress) => progress.waited), JSON.stringify(reports));
  watch.failed(new Error("the runtime did not arrive"));
  const said = reports.length;
  assert.deepEqual(reports.at(-1), { failed: true });
  await pass(10_000); // the ticks that move a start on, and its "waited" seconds
  watch.failed(new Error("again"));
  window.dispatchEvent(new Event("error"));
  watch.done();
  assert.equal(reports.length, said, JSON.stringify(reports.slice(said)));
});
