// The person's turn of actions: a move, a tap, undo, redo — each asked of the table after
// the ones before have been answered and shown, chance drawn at once, the answer taken as
// the game on screen (the move list, the save and the computer's turn follow from it).
import { t } from "../common/strings.js";
import { isPerson } from "./players.js";

/** @typedef {import("../common/types.js").Answer} Answer */
/** @typedef {import("../common/types.js").View} View */
/** @typedef {import("../table/local.js").Viewer} Viewer */
/** @typedef {import("../table/local.js").TableAnswer} TableAnswer */
/** @typedef {import("./controller.js").Controller} Controller */
/** A person's request by name (ask): `play` a move, `view` again, `chance` drawn.
 *  @typedef {{move?: string}} RequestArgs */

const CHANCE = -1;

export class Turns {
  /** @param {Controller} ctl */
  constructor(ctl) {
    this.ctl = ctl;
    this.line = Promise.resolve(); // the person's actions, each after the one before
  }

  /** Run a person's action (a tap, a button, undo, redo) after those made before it have been
   *  answered and shown: a quick second press is taken, never lost, and sees the new position.
   *  @template T @param {() => T | Promise<T>} task @returns {Promise<T | Answer>} */
  inTurn(task) {
    const run = this.line.then(task).catch((error) => this.ctl.failed(error));
    this.line = run.then(() => {});
    return run;
  }

  /** Ask the table for a change of the game on screen, in the person's turn of actions.
   *  @param {string} op @param {RequestArgs} [args] */
  request(op, args = {}) {
    return this.inTurn(() => this.change(op, args));
  }

  /** A change asked of the table, shown once answered (`busy` meanwhile); in a lesson, a
   *  move off its way is a detour (lessons.js).
   *  @param {string} op @param {RequestArgs} [args] @returns {Promise<Answer | void>} */
  async change(op, args = {}) {
    const { ctl } = this;
    const step = op === "play" ? ctl.lessons.step() : null;
    const legal = ctl.state.game?.answer.legal ?? [];
    if (step && args.move !== step.move && args.move !== undefined && legal.includes(args.move)) {
      return ctl.lessons.detour(); // allowed, but not this lesson's way
    }
    if (op !== "view" && ctl.saving.refusedHere()) return { ok: false };
    return this.busyWith(async (viewer) => {
      const answer = await this.ask(op, args, viewer);
      if (step && answer.ok && answer.record?.moves[step.ply] !== step.move) {
        await ctl.table.undo(viewer); // the same detour, written another way
        return ctl.lessons.detour();
      }
      return this.settle(answer, op);
    });
  }

  /** A person's request of the table by its name (`play` a move, `view` again, `chance`).
   *  @param {string} op @param {RequestArgs} args @param {Viewer} viewer
   *  @returns {Promise<TableAnswer>} */
  ask(op, args, viewer) {
    const { table } = this.ctl;
    if (op === "play") return table.play(String(args.move), viewer);
    if (op === "chance") return table.chance(viewer);
    if (op === "view") return table.view(viewer);
    return Promise.resolve(/** @type {Answer} */ (
      { ok: false, error: `no request ${String(op).slice(0, 40)}` }));
  }

  /** Take a table's answer: draw pending chance, lower the curtain if needed, show it.
   *  @param {TableAnswer} answer @param {string} op @returns {Promise<TableAnswer>} */
  async settle(answer, op) {
    const { ctl } = this;
    const game = ctl.state.game;
    if (!game) return answer; // back on the menu meanwhile: nothing to show it on
    const before = game.answer.view;
    answer = await this.drawChance(answer, op, ctl.curtain.viewerArgs(), game.id);
    if (ctl.state.game !== game) return answer; // another game was opened meanwhile
    const played = op === "play" || op === "ai_step";
    if (answer.ok && before && answer.view && played) this.soundFor(game.id, before, answer.view);
    answer = await ctl.curtain.fallen(game, answer);
    if (answer.ok) this.accept(answer);
    else {
      ctl.store.update(() => { game.ui = {}; });
      ctl.say(t("illegal", { reason: answer.error }), true);
    }
    return answer;
  }

  /** Take an answer that is now the game on screen; save, then the game over or the computer.
   *  The move list and the save it carries (table/local.js) go to them, not into the store.
   *  @param {TableAnswer} full */
  accept(full) {
    const { ctl } = this;
    const { history, saved, ...answer } = full;
    const game = ctl.state.game;
    const over = Boolean(answer.view?.over);
    if (!game) return; // back on the menu: no game to take it
    const same = samePosition(game.answer, answer); // (a refresh: a half-made move stays)
    ctl.store.update((state) => {
      Object.assign(game, { answer, ui: same ? game.ui : {} });
      state.message = { text: "", error: false };
      state.dialog = over ? "game-over" : state.dialog;
    });
    ctl.history.refresh(history);
    ctl.saving.keep(saved);
    if (!over) ctl.computer.turn();
  }

  /** A quiet sound for the move just made: the end, a capture (as the view sees it), a move.
   *  @param {string} id the game's @param {View} before @param {View} after */
  soundFor(id, before, after) {
    const { needs } = this.ctl;
    needs.sound(after.over ? "end" : needs.views[id].board.captured?.(before, after) ? "capture" : "move");
  }

  /** Chance events (a die) are drawn at once, so one press rolls; undo steps back over them.
   *  A game whose view says its dice are thrown by hand (`chanceByHand`, e.g. Inselspiel's
   *  real dice) waits for the throw to be entered instead.
   *  @param {TableAnswer} answer @param {string} op @param {Viewer} args
   *  @param {string | undefined} [id] the game's @returns {Promise<TableAnswer>} */
  async drawChance(answer, op, args, id = this.ctl.state.game?.id) {
    const { needs, table } = this.ctl;
    const view = id === undefined ? undefined : needs.views[id];
    while (answer.ok && answer.view?.current === CHANCE) {
      if (op !== "undo" && view?.setup.chanceByHand?.(answer.view)) break;
      answer = await (op === "undo" && answer.can_undo ? table.undo(args) : table.chance(args));
    }
    return answer;
  }

  /** Undo back to the last position where a person was to move. */
  undo() {
    return this.stepping(async (args) => {
      const { table } = this.ctl;
      let answer = await table.undo(args);
      for (;;) {
        answer = await this.drawChance(answer, "undo", args);
        const seat = answer.ok ? answer.view?.current ?? 0 : 0;
        if (seat < 0 || this.isHuman(seat) || !answer.can_undo) break;
        answer = await table.undo(args);
      }
      return this.settle(answer, "undo");
    });
  }

  /** Redo what undo took back, up to the next turn of a person at this device. */
  redo() {
    return this.stepping(async (args) => {
      const { table } = this.ctl;
      let answer = await table.redo(args);
      while (answer.ok && answer.can_redo && answer.view
             && (answer.view.current < 0 || !this.isHuman(answer.view.current))) {
        answer = await table.redo(args);
      }
      return this.settle(answer, "redo");
    });
  }

  /** Undo or redo (`task`) in the person's turn, unless refused here; the computer stops.
   *  @param {(args: Viewer) => Promise<TableAnswer>} task */
  stepping(task) {
    return this.inTurn(() => this.ctl.saving.refusedHere() ? { ok: false }
      : this.busyWith(async (args) => {
        this.ctl.store.update({ thinking: null });
        return task(args);
      }));
  }

  /** Run `task(viewerArgs)` with `busy` set (settled() waits for it to be shown).
   *  @template T @param {(args: Viewer) => Promise<T>} task @returns {Promise<T>} */
  async busyWith(task) {
    const { ctl } = this;
    const args = ctl.curtain.viewerArgs();
    ctl.store.update({ busy: true });
    try {
      return await task(args);
    } finally {
      ctl.store.update({ busy: false });
    }
  }

  /** Whether a person here plays `seat` of the game on screen.  @param {number} seat */
  isHuman(seat) {
    const { game } = this.ctl.state;
    return game !== null && isPerson(game, seat);
  }
}

/** Whether two answers show the same position to the same seat: the same moves, so a
 *  selection between taps (a picked card, a chosen piece) still means what it meant.
 *  @param {Answer} before @param {Answer} after */
function samePosition(before, after) {
  const [a, b] = [before.record?.moves, after.record?.moves];
  return a !== undefined && b !== undefined && before.seat === after.seat
    && a.length === b.length && a.every((move, i) => move === b[i]);
}
