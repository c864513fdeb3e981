// Pyodide's memory snapshot, made on this device: after a start that could not restore one
// (the first visit, a new build, a snapshot dropped), the page starts snapshot-maker.js, which
// starts a second Python in a worker of its own, takes the snapshot and keeps it for the next
// start (pyodide-start.js).  No byte of it crosses the network.  It waits until the board is
// drawn and the page is idle with no engine request under way (a move or the computer's
// thinking), so that the cores it takes for a few seconds are not taken from a move.
import { isIdle, startedFromSnapshot, whenReady } from "./engine.js";

const SETTLE_MS = 1000; // after the start, and between looks at whether the engine is idle

/** Make the snapshot once the start is over and the page idle, unless this start restored
 *  one; resolves with the maker's answer ({kept} or {failed}), or null if none was made. */
export async function keepSnapshot() {
  try {
    await whenReady();
  } catch {
    return null;
  }
  if (startedFromSnapshot() || !globalThis.Worker) return null;
  await idle();
  const maker = new Worker(new URL("../platform/snapshot-maker.js", import.meta.url),
    { type: "module" });
  const answer = await new Promise((done) => {
    maker.onmessage = ({ data }) => done(data);
    maker.onerror = (event) => done({ failed: event.message ?? "the worker did not start" });
  });
  if (answer.kept) performance.mark("insel:snapshot-kept"); // tests, bench/load.py
  return answer;
}

/** Resolves when the browser has an idle moment and the engine has no request under way. */
async function idle() {
  for (;;) {
    await new Promise((done) => setTimeout(done, SETTLE_MS));
    await new Promise((done) => (globalThis.requestIdleCallback
      ? requestIdleCallback(done, { timeout: SETTLE_MS }) : setTimeout(done, 0)));
    if (isIdle()) return;
  }
}
