// Where a tap on the board goes (a finger, the mouse, or Enter on the keyboard cursor): to
// the controller with the place under it, or, between places too close to tell apart on a
// zoomable board, a zoom around it instead.
import { t } from "../common/strings.js";

/**
 * The board's tap handler.  The parts are read when a tap comes (the board and cursor are
 * made with this handler, the box is the render path's).
 * @param {object} parts
 * @param {() => {zoomable: boolean, zoomAt: (point: import("../common/types.js").Point, factor: number) => void}} parts.board
 * @param {() => {moveTo: (target: string) => void}} parts.cursor  the keyboard cursor (cursor.js)
 * @param {import("./controller.js").Controller} parts.controller
 * @param {import("../common/store.js").ShellState} parts.state  the store's state: the game on screen
 * @param {Record<string, import("../common/types.js").GameView>} parts.views  each game's view
 * @param {() => import("../common/types.js").Box} parts.box  the board's box as drawn
 * @returns {(point: import("../common/types.js").Point) => void}
 */
export function tapRouter({ board, cursor, controller, state, views, box }) {
  return function tapAt(point) {
    const game = state.game;
    if (!game) return; // the board is on screen only with a game
    const view = game.answer.view;
    const zoomBy = board().zoomable && view ? views[game.id].board.crowded?.(box(), view, point) : 0;
    if (zoomBy) {
      board().zoomAt(point, zoomBy);
      controller.say(t("zoomedToPick"));
      return;
    }
    controller.tap((view) => {
      const target = views[game.id].board.pick(box(), view, point);
      if (target !== null) cursor().moveTo(target); // the keyboard goes on from there
      return target;
    });
  }
}
