// The screen kept awake at a live table (assets/js/platform/wake-lock.js) with a stub of the
// Wake Lock API: asked for at once, asked again when the page is shown after being hidden
// (the browser let go of it), given up when the table ends, and nothing where there is no API
// or the browser refuses.
import { test } from "node:test";
import assert from "node:assert/strict";
import { keepAwake } from "../../assets/js/platform/wake-lock.js";

/** A navigator whose wakeLock counts requests and releases; a document to hide and show. */
function browser({ refuse = false } = {}) {
  const log = { asked: 0, released: 0, held: 0 };
  const listeners = new Set();
  const nav = { wakeLock: { request: async (type) => {
    assert.equal(type, "screen");
    log.asked += 1;
    if (refuse) throw new Error("NotAllowedError");
    log.held += 1;
    let gone = false;
    return { release: async () => { if (!gone) { gone = true; log.held -= 1; log.released += 1; } } };
  } } };
  const doc = { visibilityState: "visible",
    addEventListener: (type, listener) => listeners.add(listener),
    removeEventListener: (type, listener) => listeners.delete(listener) };
  const show = (state) => {
    doc.visibilityState = state;
    if (state === "hidden") log.held = 0; // the browser releases a hidden page's lock
    for (const listener of listeners) listener();
  };
  return { nav, doc, log, show, listeners };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test("the lock is asked for at once and again each time the page is shown", async () => {
  const { nav, doc, log, show } = browser();
  const release = keepAwake(nav, doc);
  await tick();
  assert.deepEqual([log.asked, log.held], [1, 1]);
  show("hidden");
  await tick();
  assert.equal(log.asked, 1); // not while hidden
  show("visible");
  await tick();
  assert.deepEqual([log.asked, log.held], [2, 1]);
  release();
  await tick();
  assert.equal(log.held, 0);
});

test("leaving the table lets go of the lock and stops asking", async () => {
  const { nav, doc, log, show, listeners } = browser();
  const release = keepAwake(nav, doc);
  release(); // before the first request was answered: the lock it brings is let go
  await tick();
  assert.deepEqual([log.asked, log.held], [1, 0]);
  assert.equal(listeners.size, 0);
  show("visible");
  await tick();
  assert.equal(log.asked, 1);
});

test("without the API, or refused, nothing fails", async () => {
  const { doc } = browser();
  keepAwake({}, doc)();
  const refused = browser({ refuse: true });
  const release = keepAwake(refused.nav, refused.doc);
  await tick();
  assert.deepEqual([refused.log.asked, refused.log.held], [1, 0]);
  release();
});
