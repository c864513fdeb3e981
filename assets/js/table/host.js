// The host's table: the local table (local.js: this page's engine holds the game) whose every
// change is sent on to the guests.  The host's session keeps a referee (py/insel/referee.py,
// session ops table_*): after each change here `table_sync` says what each device is to see,
// and each guest's message goes to `table_guest` with the id of its connection, never to the
// engine as it came.  Whatever the referee answers to send is sent as it is, to the device
// it names; a change a guest made is told to the page (`onChange`) to redraw.
import { PROTOCOL } from "./remote.js";

/** @typedef {import("./local.js").Table} Table */
/** @typedef {import("../common/types.js").Call} Call */
/** @typedef {import("./local.js").Viewer} Viewer */
/** @typedef {import("../common/types.js").Answer} Answer */

/** Who sits where at the table, the referee's status (py/insel/referee.py `status`): the
 *  host's seats, each guest's (its device id, seats, the name its hello said, whether it is
 *  connected and greeted), the open request to take back a move (`from`: the device asking
 *  or "host"; `waiting`: who is still asked) and whether the host may ask one now.
 *  @typedef {{rev: number, host: number[], devices: {device: string, seats: number[],
 *    name: string | null, present: boolean, greeted: boolean}[],
 *    undo: {from: string, waiting: string[]} | null, can_undo: boolean}} TableStatus */

/** The host's answer of a table op: texts to send, whether the game changed, devices to drop,
 *  news for the host's page and the table's status.
 *  @typedef {{ok: boolean, error?: string, out?: {device: string, text: string}[], changed?: boolean,
 *    drop?: string[], news?: import("../common/types.js").Phrase[], table?: TableStatus}} TableReply */

export class HostTable {
  /**
   * @param {Table} local the table in this page
   * @param {Call} call the engine
   * @param {(device: string, text: string) => void} send a text to a device's channel
   */
  constructor(local, call, send) {
    this.local = local;
    this.call = call;
    this.sendTo = send;
    this.onChange = () => {}; // a guest changed the game
    /** @type {(device: string) => void} the referee ended a device's place at the table */
    this.onDrop = () => {};
    /** @type {(reason: import("../common/types.js").Phrase) => void} news for the host */
    this.onNews = () => {}; // (another build, …)
    /** @type {(table: TableStatus) => void} who sits where now: the referee's status */
    this.onTable = () => {}; // (names, seats, the open undo request)
    this.shared = false; // a device holds a seat: undo is by agreement, no redo
    this.canUndo = false; // the referee's word: the host may ask to take back the last move
  }

  /** `answer` as this page may act on it: while another device holds a seat, the host
   *  asks to take back only its own seats' last move, as a guest does (the referee's
   *  `can_undo`), and a move taken back is not played again from here (redo would make it
   *  without the others).  @template {Answer | null} A @param {A} answer @returns {A} */
  mine(answer) {
    return answer?.ok && this.shared
      ? { ...answer, can_undo: answer.can_undo && this.canUndo, can_redo: false } : answer;
  }

  /** `change`'s answer, once the guests were sent what it changed for them.
   * @template {Answer | null} A
   * @param {Promise<A>} change
   * @returns {Promise<A>}
   */
  async synced(change) {
    const answer = await change;
    if (answer?.ok) await this.run("table_sync", {});
    return this.mine(answer);
  }

  // the Table's changes, made here and sent on to the guests
  /** @type {Table["start"]} */
  start(game, options, seed, viewer) { return this.synced(this.local.start(game, options, seed, viewer)); }
  /** @type {Table["open"]} */
  open(record, viewer) { return this.synced(this.local.open(record, viewer)); }
  /** @type {Table["play"]} */
  play(move, viewer) { return this.synced(this.local.play(move, viewer)); }
  /** @type {Table["chance"]} */
  chance(viewer) { return this.synced(this.local.chance(viewer)); }
  /** Take back the host's last move: while another device holds a seat, by agreement (the
   *  referee asks the others, `table_undo`; the answer is the position with the request
   *  open, the move taken back when all allow it).  @type {Table["undo"]} */
  async undo(viewer) {
    if (!this.shared) return this.synced(this.local.undo(viewer));
    const reply = await this.run("table_undo", {});
    if (!reply.ok) return { ok: false, error: reply.error ?? "" };
    const answer = await this.view(viewer);
    return reply.changed || !answer.ok ? answer : { ...answer, can_undo: false };
  }
  /** @type {Table["redo"]} */
  redo(viewer) { return this.shared ? this.view(viewer) : this.synced(this.local.redo(viewer)); }

  /** The host allows (`accept`) or refuses a guest's request to take back a move.
   *  @param {boolean} accept */
  async answerUndo(accept) {
    const reply = await this.run("table_answer", { accept });
    if (reply.changed) this.onChange();
    return reply;
  }
  /** @type {Table["computerMove"]} */
  computerMove(game, level, settings, viewer, stillWanted) {
    return this.synced(this.local.computerMove(game, level, settings, viewer, stillWanted));
  }

  // what changes nothing is asked of the local table alone
  /** @type {Table["view"]} */
  async view(viewer) { return this.mine(await this.local.view(viewer)); }
  /** @type {Table["position"]} */
  position(ply, viewer) { return this.local.position(ply, viewer); }
  /** @type {Table["save"]} */
  save() { return this.local.save(); }
  /** @type {Table["prepareComputer"]} */
  prepareComputer(game) { this.local.prepareComputer(game); }

  /** Ask the referee `op` and deliver what it answers.
   * @param {string} op
   * @param {Record<string, unknown>} args
   * @returns {Promise<TableReply>}
   */
  async run(op, args) {
    const reply = /** @type {TableReply} */ (await this.call(op, args));
    if (!reply.ok) return reply;
    for (const { device, text } of reply.out ?? []) this.sendTo(device, text);
    for (const device of reply.drop ?? []) this.onDrop(device);
    for (const reason of reply.news ?? []) this.onNews(reason);
    if (reply.table) {
      this.shared = reply.table.devices.some((device) => device.seats.length > 0);
      this.canUndo = reply.table.can_undo === true;
      this.onTable(reply.table);
    }
    return reply;
  }

  /** Open the table around the game on screen; `names` the players' by seat (null: none).
   *  @param {string} build @param {(string | null)[]} [names] */
  open_table(build, names = []) {
    return this.run("table_open", { build, names });
  }

  /** Admit a connection with `seats` (none given: the ones it held before).
   *  @param {string} device @param {number[]} [seats] */
  admit(device, seats) {
    return this.run("table_admit", { device, ...(seats ? { seats } : {}) });
  }

  /** A message from a guest's device.  @param {string} device @param {string} text */
  async heard(device, text) {
    const reply = await this.run("table_guest", { device, text, now: Math.round(performance.now()) });
    if (reply.changed) this.onChange();
    return reply;
  }

  /** The transport lost a device (its seats wait for it).  @param {string} device */
  lost(device) {
    return this.run("table_lost", { device });
  }

  /** Close the table: every guest is told. */
  close() {
    return this.run("table_close", {});
  }

  /** The bye the referee's `table_close` sends each guest, written here for the page's last
   *  moment (pagehide: a page closed, reloaded or left), when the referee's answer, which
   *  comes from the worker, would come too late to be sent. */
  farewell() {
    return JSON.stringify({ v: PROTOCOL, t: "bye", reason: { key: "table_closed", params: {} } });
  }
}
