// Keeping the game on screen: saved in this browser after every change (keeper.js, saves.js)
// once it has a move, one save after the other, each over the revision the one before wrote;
// a damaged save under its id is kept and the game saved beside it; a newer revision or
// another tab that continued the game leaves this tab only showing it.
import { t } from "../common/strings.js";
import { isTableSeat, seatsOf } from "./players.js";

/** @typedef {import("../common/types.js").Game} Game */
/** @typedef {import("./controller.js").Controller} Controller */
/** @typedef {{record: import("../common/types.js").GameRecord, picture: import("../common/types.js").View}} Saved
 *  the game to keep, as the table saves it */

export class Saving {
  /** @param {Controller} ctl */
  constructor(ctl) {
    this.ctl = ctl;
    this.line = Promise.resolve(); // the saves, each after the one before (revisions)
  }

  /** Save the game on screen (a class link's game at once: `keepUnplayed`); `saved`: what
   *  the table's answer carried to keep, else the table is asked.
   *  @param {Saved | null} [saved] */
  keep(saved = null) {
    const { game } = this.ctl.state;
    if (!game) return this.line; // on the menu: nothing to keep
    return this.after(game, Promise.resolve(), saved);
  }

  /** Save `game` once `before` is done, after the saves asked for before it.
   *  @param {Game} game
   *  @param {Promise<unknown>} before
   *  @param {Saved | null} [saved] */
  after(game, before, saved = null) {
    const { state, store } = this.ctl;
    this.line = this.line.then(() => before).then(() => this.write(game, saved)).catch((error) => {
      console.error("the game was not saved:", error);
      if (state.game === game) store.update({ unsaved: { why: "failed", reason: "" } });
    });
    return this.line;
  }

  /** Write `game` (if still on screen and this tab writes it) over its revision: `given`,
   *  else what the table saves now.
   *  @param {Game} game
   *  @param {Saved | null} [given] */
  async write(game, given = null) {
    const { state, store, needs } = this.ctl;
    if (state.game !== game || state.readOnly) return;
    const saved = given ? { ok: true, ...given } : await this.ctl.table.save();
    const { record } = saved;
    if (!saved.ok || !record || (record.moves.length === 0 && !game.keepUnplayed) || state.game !== game) return;
    const { id, seats = [], computer, names, answer, saveId } = game;
    if (!saveId) return; // (every game opened has its id: opening.js)
    const written = await needs.keep({ id: saveId, game: id,
      record, seats: seatsOf(answer).map((seat) => (isTableSeat(seats[seat]) ? "human" : seats[seat] ?? "human")),
      computer, ...(names ? { names } : {}), picture: saved.picture, moves: record.moves.length,
      over: Boolean(answer.view?.over) }, game.revision ?? 0);
    if (state.game !== game) return;
    if (written.ok) {
      store.update(() => { game.revision = written.revision; state.unsaved = null; });
      if (state.screen === "play" && saveId) needs.shown(saveId);
    } else if (written.problem === "damaged") { // a damaged save under its id stays for download
      const beside = needs.copyId({ game: id, seed: record.seed });
      store.update(() => { game.saveId = beside; game.revision = 0; });
      await needs.hold(beside);
      if (state.game === game) store.update({ beside: true }); // said above the board
      await this.write(game, given);
    } else if (written.problem === "stale") { // never over newer moves: this tab only shows
      this.ctl.history.stop();
      store.update({ readOnly: { why: "stale", saved: written.saved }, thinking: null });
    } else store.update({ unsaved: { why: written.problem ?? "failed", reason: written.reason ?? "" } });
  }

  /** Another tab continued the game on screen: from now on it is only shown here. */
  lostWriter() {
    const { state, store } = this.ctl;
    if (!state.game || state.readOnly) return;
    this.ctl.history.stop();
    store.update({ readOnly: { why: "taken" }, thinking: null });
  }

  /** Save the game on screen again once `room` is made (in a full storage).
   *  @param {Promise<unknown>} [room] */
  retry(room = Promise.resolve()) {
    const { game, unsaved } = this.ctl.state;
    return game && unsaved ? this.after(game, room) : this.line;
  }

  /** Whether the game on screen may not be changed in this tab (another tab writes it);
   *  then the person is told so. */
  refusedHere() {
    if (!this.ctl.state.readOnly) return false;
    this.ctl.say(t("readOnlyMove"), true);
    return true;
  }
}
