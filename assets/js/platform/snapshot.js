// Pyodide's memory snapshot, made on this device: after a start that could not restore one
// (the first visit, a new build, a snapshot dropped), the page starts snapshot-maker.js, which
// starts a second Python in a worker of its own, takes the snapshot and keeps it for the next
// start (pyodide-start.js).  No byte of it crosses the network.  It waits until the board is
// drawn and the page is idle with no engine request under way (a move or the computer's
// thinking), so that the cores it takes for a few seconds are not taken from a move.
// "Keep for offline play: off" is a person's "keep nothing of the site on this device": then
// no snapshot is made, and one kept before is dropped (a maker at work is stopped).  "auto"
// on a data plan keeps it: unlike the offline copy, it is made here, not downloaded.
import { isIdle, startedFromSnapshot, whenReady } from "./engine.js";
import { onSettingChange, setting } from "../keep/settings.js";
import { SNAPSHOT_CACHE } from "./snapshot-cache.js";

const SETTLE_MS = 1000; // after the start, and between looks at whether the engine is idle

/** Stops the snapshot maker at work, if one is. */
let stopMaker = () => {};

/** Make the snapshot once the start is over and the page idle, unless this start restored
 *  one or the setting says "off"; resolves with the maker's answer ({kept} or {failed}), or
 *  null if none was made. */
export async function keepSnapshot() {
  onSettingChange((name) => { if (name === "offline" && keepNothing()) dropSnapshot(); });
  try {
    await whenReady();
  } catch {
    return null;
  }
  if (keepNothing()) return dropSnapshot().then(() => null);
  if (startedFromSnapshot() || !globalThis.Worker) return null;
  await idle();
  if (keepNothing()) return null; // turned off meanwhile (and dropped then)
  const maker = new Worker(new URL("../platform/snapshot-maker.js", import.meta.url),
    { type: "module" });
  const answer = await new Promise((done) => {
    maker.onmessage = ({ data }) => done(data);
    maker.onerror = (event) => done({ failed: event.message ?? "the worker did not start" });
    stopMaker = () => {
      maker.terminate();
      done({ failed: "stopped: Keep for offline play is off" });
    };
  });
  stopMaker = () => {};
  if (answer.kept) performance.mark("insel:snapshot-kept"); // tests, bench/load.py
  return answer;
}

function keepNothing() {
  return setting("offline") === "off";
}

/** Drop the snapshot kept on this device (and stop one being made). */
async function dropSnapshot() {
  stopMaker();
  await globalThis.caches?.delete(SNAPSHOT_CACHE).catch(() => {});
}

/** Resolves when the browser has an idle moment and the engine has no request under way. */
async function idle() {
  for (;;) {
    await new Promise((done) => setTimeout(done, SETTLE_MS));
    await new Promise((done) => (typeof globalThis.requestIdleCallback === "function"
      ? requestIdleCallback(done, { timeout: SETTLE_MS }) : setTimeout(done, 0)));
    if (isIdle()) return;
  }
}
