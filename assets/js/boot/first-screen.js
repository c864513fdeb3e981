// When the page's first screen is drawn: the pictures asked for so far (the menu's, the
// saved games') and a frame painted after them.  Python's start waits for it (app.js): on a
// machine with two cores the worker's start and the wasm's compile take both of them, and
// the page's own first tasks, run beside them, each took three to four times their CPU
// time (bench/load.py's heartbeat; docs/startup-and-offline.md, "Python after the first
// screen").
import { picturesDrawn } from "../views/thumbnail.js";

const PICTURES_WAIT_MS = 1000; // a long list of saved games does not hold Python back longer
const FRAME_WAIT_MS = 100; // a hidden tab paints no frames

/** @param {number} ms */
const delay = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** Resolves once the pictures asked for so far are drawn (or PICTURES_WAIT_MS have passed)
 *  and a frame has been painted after them (or FRAME_WAIT_MS have passed). */
export async function firstScreenDrawn() {
  await Promise.race([picturesDrawn(), delay(PICTURES_WAIT_MS)]);
  const painted = new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(resolve));
  });
  await Promise.race([painted, delay(FRAME_WAIT_MS)]);
}
