// One writer per game across this browser's tabs and windows.  The tab that shows a game
// holds a Web Lock named for its save id; a second tab that opens the same game finds the
// lock taken and shows the game read-only.  "Continue here" steals the lock: the first tab
// learns it (its lock is lost, and a message on a BroadcastChannel says so) and becomes
// read-only.  After each save the writer tells the others its new revision, so a read-only
// tab can follow the game.  Without Web Locks every tab writes, and the saves' compare-and-set
// (saves.js) still keeps a stale tab from overwriting newer moves.

const LOCK = "inselspiele.game."; // + save id
const CHANNEL = "inselspiele.games";

export class TabGuard {
  /**
   * @param {{taken: (id: string) => void, saved: (id: string, revision: number) => void}} on
   *   another tab continued game `id` (this one no longer writes it); another tab saved
   *   revision `revision` of game `id`
   */
  constructor(on) {
    this.on = on;
    /** @type {{id: string, release: () => void} | null} */
    this.held = null; // the game this tab writes, and how to let it go
    this.channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
    this.channel?.addEventListener("message", ({ data }) => this.heard(data));
  }

  /** A message from another tab: {kind: "take" | "saved", id, revision?}.
   * @param {unknown} data what another tab posted
   */
  heard(data) {
    if (!data || typeof data !== "object" || !("id" in data) || typeof data.id !== "string") return;
    const kind = "kind" in data ? data.kind : undefined;
    const revision = "revision" in data ? data.revision : undefined;
    if (kind === "take") this.lost(data.id);
    else if (kind === "saved" && typeof revision === "number" && Number.isSafeInteger(revision)) {
      this.on.saved(data.id, revision);
    }
  }

  /** This tab no longer writes game `id` (another tab took it over).
   * @param {string} id
   */
  lost(id) {
    if (!this.held || this.held.id !== id) return;
    this.held.release();
    this.held = null;
    this.on.taken(id);
  }

  /**
   * Write game `id` from this tab (null: no game; the one held is let go).  True when this
   * tab writes it (or the browser has no Web Locks), false when another tab does.
   * @param {string | null} id
   * @param {boolean} [steal] take it from the tab that writes it ("Continue here")
   * @returns {Promise<boolean>}
   */
  hold(id, steal = false) {
    if (this.held && this.held.id === id && !steal) return Promise.resolve(true);
    this.letGo();
    const locks = globalThis.navigator?.locks;
    if (!id || !locks) return Promise.resolve(true);
    return new Promise((resolve) => {
      const options = steal ? { steal: true } : { ifAvailable: true };
      locks.request(LOCK + id, options, (lock) => {
        if (!lock) { resolve(false); return undefined; }
        resolve(true);
        return new Promise((release) => { this.held = { id, release: () => release(undefined) }; });
      }).catch(() => { // stolen by another tab ("Continue here" there)
        if (this.held?.id === id) {
          this.held = null;
          this.on.taken(id);
        }
        resolve(false);
      });
    });
  }

  /** Let go of the game held (back at the menu, another game opened). */
  letGo() {
    this.held?.release();
    this.held = null;
  }

  /** Continue game `id` here: take it from the tab that writes it, which is told.
   * @param {string} id
   */
  async takeOver(id) {
    this.channel?.postMessage({ kind: "take", id });
    return this.hold(id, true);
  }

  /** Tell the other tabs that revision `revision` of game `id` was saved.
   * @param {string} id
   * @param {number} revision
   */
  announce(id, revision) {
    this.channel?.postMessage({ kind: "saved", id, revision });
  }
}
