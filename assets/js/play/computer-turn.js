// The computer's turn: when a computer seat is to move it thinks at the table (in the
// engine's worker, in steps) and plays; a lesson's computer plays its scripted reply after
// a breath.  `thinking` in the store is the turn under way: undo, a new game or the menu
// clear it, and an answer that comes after that is dropped.
import { isComputer } from "./players.js";

/** @typedef {import("./controller.js").Controller} Controller */

const LESSON_PAUSE_MS = 700; // the computer's scripted answer, shown after a breath

export class ComputerTurn {
  /** @param {Controller} ctl */
  constructor(ctl) {
    this.ctl = ctl;
  }

  /** When a computer seat is to move, let it think and play. */
  async turn() {
    const { ctl } = this;
    const { state, store } = ctl;
    const game = state.game;
    const view = game?.answer.view;
    const seats = game?.seats ?? [];
    if (!game || !view || view.over || view.current < 0 || !isComputer(seats[view.current])
        || state.thinking || state.readOnly) return;
    const token = {};
    store.update({ thinking: token });
    await ctl.needs.pause(0); // show the move before thinking
    if (state.thinking !== token) return;
    const scripted = game.lesson?.reply(view.ply ?? 0);
    if (scripted) {
      await ctl.needs.pause(LESSON_PAUSE_MS); // let it be seen
      if (state.thinking !== token) return;
      store.update({ thinking: null });
      await ctl.turns.settle(await ctl.table.play(scripted, ctl.curtain.viewerArgs()), "play");
      return;
    }
    performance.mark("ai-start");
    const wanted = () => state.thinking === token && state.screen === "play";
    const answer = await ctl.table.computerMove(game.id, seats[view.current], game.computer ?? {},
      ctl.curtain.viewerArgs(), wanted);
    performance.mark("ai-end");
    if (state.thinking !== token) return; // cancelled (undo, new game, menu)
    store.update({ thinking: null });
    if (answer) await ctl.turns.settle(answer, "ai_step");
  }
}
