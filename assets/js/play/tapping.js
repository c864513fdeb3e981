// Taps on the board: each against the position on screen once the actions before it are done,
// turned by the game's view into a selection, a hint or a move for the table — and only when
// the board takes taps now (not over, not the computer's turn, not behind the curtain, not
// looking back, not a friend's move by link, not only shown in this tab).

/** @typedef {import("./controller.js").Controller} Controller */

export class Tapping {
  /** @param {Controller} ctl */
  constructor(ctl) {
    this.ctl = ctl;
  }

  /**
   * A tap on the board: `find(view)` names the target under the finger (the board's,
   * render.js), or null.
   * @param {(view: import("../common/types.js").View) => string | null} find
   */
  tap(find) {
    const { ctl } = this;
    return ctl.turns.inTurn(async () => {
      if (ctl.state.screen === "play" && ctl.saving.refusedHere()) return;
      const view = ctl.state.game?.answer.view;
      if (!view || !this.takesTaps()) return;
      const target = find(view);
      if (target !== null) await this.tapOn(target);
    });
  }

  /** The view's answer to a tap on `target`: its selection, then a move or a hint.
   * @param {string} target */
  async tapOn(target) {
    const { ctl } = this;
    const { game } = ctl.state;
    const { view, legal } = game?.answer ?? {};
    if (!game || !view) return;
    const result = ctl.needs.views[game.id].tap(game.ui, target, view, legal);
    this.setUi(result.ui ?? {});
    if (result.move) await ctl.turns.change("play", { move: result.move });
    else ctl.say(result.hint ?? "");
  }

  /** The view's selection between taps (a chosen piece, a half-made move).
   * @param {import("../common/types.js").Ui} ui */
  setUi(ui) {
    const { game } = this.ctl.state;
    this.ctl.store.update(() => { if (game) game.ui = ui; });
  }

  /** How the game is shown (a view's overlay on or off), changed by `display`: kept
   *  across moves, unlike the selection.  @param {import("../common/types.js").Ui} display */
  setDisplay(display) {
    const { game } = this.ctl.state;
    this.ctl.store.update(() => { if (game) game.display = { ...game.display, ...display }; });
  }

  /** Whether a tap on the board may change the game now. */
  takesTaps() {
    const { ctl } = this;
    const { game, screen, thinking, readOnly } = ctl.state;
    const view = game?.answer.view;
    return !!view && !view.over && screen === "play" && !ctl.curtain.down(view) && !thinking
      && !ctl.history.view() && !this.awayToMove() && !readOnly;
  }

  /** The seat to move plays from another device (a move link goes to them, or it plays at
   *  a live table: "table"). */
  awayToMove() {
    const { game } = this.ctl.state;
    const view = game?.answer.view;
    const kind = view ? game?.seats?.[view.current] : undefined;
    return !view?.over && kind !== undefined && ["link", "table", "tableLost"].includes(kind);
  }
}
