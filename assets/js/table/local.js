// The table the game on screen is played at: the one thing the controller asks about the game
// (start, open, play, chance, undo, redo, a seat's view, the move list, the save, the
// computer's move).  Today's table is local: the engine in this page's worker (engine.js, its
// session ops).  A remote table (a host across a data channel, issue 46) gives the same
// answers to the same messages, so views and store never learn which one is in use.
// Every request is built here from named fields, never by spreading what was stored or received.
import { computerMove, FULL, prepareComputer } from "./computer.js";

/** @typedef {import("../common/types.js").Answer} Answer */
/** @typedef {import("../common/types.js").GameRecord} GameRecord */
/** @typedef {import("../common/types.js").View} View */

/**
 * Whose view an answer shows: `{seat}` in a game with secrets (null: the public view, behind
 * the curtain), `{}` in a game without (the seat to move).
 * @typedef {{seat?: number | null}} Viewer
 */

/**
 * A table: where the game is held and decided.  Each answer is the picture for the viewer
 * (an Answer); refusals come as `{ok: false, error}`, never as a rejection.  An answer to a
 * change (play, chance, undo, redo, view, the computer's move) may also carry `history`, the
 * move list for the viewer, and `saved`, the game to keep ({record, picture}): one round
 * trip a move.  Where it does not, the controller asks (save) and the move list reads it.
 * @typedef {object} Table
 * @property {(game: string, options: object, seed: number, viewer: Viewer) => Promise<Answer>} start
 *   a new game of `game` with `options` from `seed`
 * @property {(record: GameRecord, viewer: Viewer) => Promise<Answer>} open a game record (a save, a
 *   file, a link), replayed
 * @property {(move: string, viewer: Viewer) => Promise<Answer>} play a move for the seat to move
 * @property {(viewer: Viewer) => Promise<Answer>} chance the pending chance event, drawn
 * @property {(viewer: Viewer) => Promise<Answer>} undo the last move taken back
 * @property {(viewer: Viewer) => Promise<Answer>} redo the move undone played again
 * @property {(viewer: Viewer) => Promise<Answer>} view the picture again (for another seat)
 * @property {(ply: number, viewer: Viewer) => Promise<Answer>} position the position after `ply`
 *   moves as the viewer may see it ({ply, plies, view}), for looking back along the move list
 * @property {() => Promise<Answer>} save the full record and its picture ({record, picture})
 * @property {(game: string) => void} prepareComputer ready the computer's player while idle
 * @property {(game: string, level: string, settings: object, viewer: Viewer,
 *   stillWanted: () => boolean) => Promise<Answer | null>} computerMove the computer at
 *   `level` plays for the seat to move (null once no longer wanted)
 */

/**
 * An answer that may carry the move list (`history`, as op history gives it) and the game to
 * keep (`saved`, as op save gives it: every secret, for this device only).
 * @typedef {Answer & {history?: import("../common/types.js").MoveEntry[],
 *   saved?: {record: GameRecord, picture: View}}} TableAnswer
 */

/** The engine's request fields naming the viewer (none: the engine's default).
 * @param {Viewer | undefined} viewer
 */
function seatOf(viewer) {
  return viewer && "seat" in viewer ? { seat: viewer.seat } : {};
}

/** The table in this page: the engine's session in its worker. */
export class LocalTable {
  /** @param {import("../common/types.js").Call} call the engine (engine.js) */
  constructor(call) {
    this.call = call;
    this.prepared = new Set(); // the games whose computer player the worker has imported
  }

  /** @type {Table["start"]} */
  start(game, options, seed, viewer) {
    return this.call("new", { game, options, seed, ...seatOf(viewer) });
  }

  /** @type {Table["open"]} */
  open(record, viewer) {
    return this.call("load", { record, ...seatOf(viewer) });
  }

  /** @type {Table["play"]} */
  play(move, viewer) {
    return this.call("play", { move, ...seatOf(viewer), ...FULL });
  }

  /** @type {Table["chance"]} */
  chance(viewer) {
    return this.call("chance", { ...seatOf(viewer), ...FULL });
  }

  /** @type {Table["undo"]} */
  undo(viewer) {
    return this.call("undo", { ...seatOf(viewer), ...FULL });
  }

  /** @type {Table["redo"]} */
  redo(viewer) {
    return this.call("redo", { ...seatOf(viewer), ...FULL });
  }

  /** @type {Table["view"]} */
  view(viewer) {
    return this.call("view", { ...seatOf(viewer), ...FULL });
  }

  /** @type {Table["position"]} */
  position(ply, viewer) {
    return this.call("position", { ply, ...seatOf(viewer) });
  }

  /** @type {Table["save"]} */
  save() {
    return this.call("save");
  }

  /** @type {Table["prepareComputer"]} */
  prepareComputer(game) {
    prepareComputer(this.call, game);
  }

  /** @type {Table["computerMove"]} */
  async computerMove(game, level, settings, viewer, stillWanted) {
    const answer = await computerMove(this.call, game, level, settings, seatOf(viewer).seat,
      stillWanted, { full: true, prepared: this.prepared.has(game) });
    if (answer?.ok) this.prepared.add(game); // imported once for the worker's life
    return answer;
  }
}
