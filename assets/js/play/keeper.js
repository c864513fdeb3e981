// The game on screen kept across tabs: the saves (saves.js) and the one-writer guard (tabs.js)
// joined for the controller.  `keep` writes a revision and tells the other tabs; `openSaved`,
// `continueHere` and `deleteFinished` are what the keeping banner's buttons do.
import { deleteFinishedSaves, getSave, putSave } from "../keep/saves.js";
import { t } from "../common/strings.js";
import { TabGuard } from "../platform/tabs.js";

export class Keeper {
  /** @param {import("../common/store.js").Store} store */
  constructor(store) {
    this.store = store;
    /** @type {import("./controller.js").Controller | null} the game's lifecycle (attach) */
    this.controller = null;
    const state = store.state;
    this.tabs = new TabGuard({
      taken: (id) => { if (state.game?.saveId === id) this.controller?.lostWriter(); },
      saved: (id) => {
        if (state.game?.saveId === id && state.readOnly?.why !== "stale") this.openSaved();
      },
    });
  }

  /** The controller, made after the keeper (it keeps through it).
   *  @param {import("./controller.js").Controller} controller */
  attach(controller) {
    this.controller = controller;
  }

  /** Save a game over revision `base`, and tell the other tabs (they may show it read-only).
   *  @param {Omit<import("../keep/saves.js").SaveEntry, "updated" | "revision" | "version">} entry
   *  @param {number} base */
  async keep(entry, base) {
    const written = await putSave(entry, base);
    if (written.ok && written.revision !== undefined) this.tabs.announce(entry.id, written.revision);
    return written;
  }

  /** Hold the game `id` as its one writer (tabs.js; null: none). @param {string | null} id */
  hold(id) {
    return this.tabs.hold(id);
  }

  /** Open the saved revision of the game on screen (newer than this tab's, or written by
   *  the tab that shows it too); the game stays as it is when there is none. */
  openSaved() {
    const controller = /** @type {import("./controller.js").Controller} */ (this.controller);
    return controller.track((async () => {
      const entry = await getSave(this.store.state.game?.saveId);
      if (!entry) { this.store.update({ readOnly: null }); return; } // never saved: go on from here
      const problem = await controller.resume(entry);
      if (problem) controller.notify(problem);
    })());
  }

  /** "Continue here": take the game on screen over from the tab that writes it. */
  continueHere() {
    const controller = /** @type {import("./controller.js").Controller} */ (this.controller);
    const id = this.store.state.game?.saveId;
    if (!id) return Promise.resolve(); // no game on screen, or never saved: nothing to take
    return controller.track(this.tabs.takeOver(id).then(() => this.openSaved()));
  }

  /** Make room in a full storage: delete the finished games (asked first), save again. */
  deleteFinished() {
    if (!window.confirm(t("deleteFinishedConfirm"))) return;
    this.controller?.retryKeep(deleteFinishedSaves());
  }
}
