// The screen kept awake while a live table is open (the Screen Wake Lock API, where the
// browser has it and allows it): the browser lets go of a lock whenever the page is hidden,
// so it is asked for again each time the page is shown, and given up when the table ends.
// A refusal (a battery saver, a browser without the API) only lets the screen sleep as usual.

/** @typedef {{release: () => Promise<void>, addEventListener?: (type: string,
 *   listener: () => void) => void}} Lock */
/** @typedef {{wakeLock?: {request: (type: "screen") => Promise<Lock>}}} Nav */
/** @typedef {{visibilityState: string, addEventListener: (type: string, listener: () => void)
 *   => void, removeEventListener: (type: string, listener: () => void) => void}} Doc */

/**
 * Keep the screen on until the function returned is called.
 * @param {Nav} [nav] the browser's navigator
 * @param {Doc} [doc] the page's document
 * @returns {() => void} let the screen sleep again
 */
export function keepAwake(nav = /** @type {Nav} */ (globalThis.navigator),
  doc = /** @type {Doc} */ (globalThis.document)) {
  const wakeLock = nav?.wakeLock;
  if (!wakeLock || !doc) return () => {};
  /** @type {Lock | null} */
  let lock = null;
  let asking = false;
  let wanted = true;
  const ask = async () => {
    if (!wanted || lock || asking || doc.visibilityState !== "visible") return;
    asking = true;
    try {
      const got = await wakeLock.request("screen");
      if (!wanted) { got.release().catch(() => {}); return; } // the table ended meanwhile
      lock = got;
      got.addEventListener?.("release", () => { if (lock === got) lock = null; });
    } catch {
      // refused: the screen may sleep
    } finally {
      asking = false;
    }
  };
  const shown = () => { lock = null; ask(); }; // a hidden page's lock is gone
  doc.addEventListener("visibilitychange", shown);
  ask();
  return () => {
    wanted = false;
    doc.removeEventListener("visibilitychange", shown);
    lock?.release().catch(() => {});
    lock = null;
  };
}
