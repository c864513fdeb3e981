// The table of a guest: the game is held by the host across a data channel (peer.js), whose
// referee (py/insel/referee.py) decides.  Same messages and answers as the local table
// (local.js), so the controller, views and store do not know: each answer is this device's
// own picture from the host's last `state` message.  What comes from the host is checked
// here by its shape before anything of it is drawn.
import { t } from "../common/strings.js";

/** @typedef {import("../common/types.js").Answer} Answer */
/** @typedef {import("../common/types.js").GameRecord} GameRecord */
/** @typedef {import("./local.js").Table} Table */

/** A message of the host's as readHost lets it through: `state`, this device's pictures (one
 *  a seat it holds, or the public one: seat null) with the seats it holds (`you`), the seat
 *  to move, the open request to take back a move (the seats asking; whether this device is
 *  asked) and, not checked here, the names by seat; a refusal or a bye with its reason; the
 *  welcome.
 *  @typedef {{v: number, t: "state", rev: number, game: number, turn: number, you: number[],
 *    pictures: {seat: number | null, view: import("../common/types.js").View, legal: string[],
 *      record: import("../common/types.js").GameRecord,
 *      history: import("../common/types.js").MoveEntry[]}[],
 *    undo?: {from: number[], asks_you?: boolean} | null, names?: unknown, can_undo?: unknown}
 *    | {v: number, t: "position", ply: number, plies: number,
 *      pictures: {seat: number | null, view: import("../common/types.js").View}[]}
 *    | {v: number, t: "refused" | "bye", reason: import("../common/types.js").Phrase,
 *      about?: string | null}
 *    | {v: number, t: "welcome"}} HostMessage */
/** The host's answer to a look at an earlier position: the position, its refusal, or the
 *  bye that ends the table.  @typedef {HostMessage & {t: "position" | "refused" | "bye"}} Look */

export const PROTOCOL = 1;
const MAX_TEXT = 2_000_000; // the longest message taken from the host
export const HELLO_MS = 2000; // a hello the host has not answered is said again after this
const HELLO_TRIES = 10; // hellos said before giving up (the host's phone does not answer)

/** Whether `value` is a plain object.  @returns {value is Record<string, any>} */
const isObject = (/** @type {unknown} */ value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether `list` is a move list as op history gives it: `{seat, move, said?}` each. */
const isMoveList = (/** @type {unknown} */ list) => Array.isArray(list) && list.every((entry) => isObject(entry)
  && Number.isInteger(entry.seat) && typeof entry.move === "string"
  && (entry.said === undefined || isObject(entry.said)));

/**
 * The host's message in `text` when it is one of the table's, else null.  Pictures must be
 * `{seat, view, legal, record, history}` with a view object, legal moves as strings, a
 * record with its moves and the move list, one entry a move; a reason a `{key, params}`
 * phrase.
 * @param {string} text
 */
export function readHost(text) {
  if (typeof text !== "string" || text.length > MAX_TEXT) return null;
  let message;
  try { message = JSON.parse(text); } catch { return null; }
  if (!isObject(message) || message.v !== PROTOCOL || typeof message.t !== "string") return null;
  if (message.t === "state") {
    const good = Number.isInteger(message.rev) && Number.isInteger(message.game)
      && Number.isInteger(message.turn)
      && Array.isArray(message.you) && message.you.every(Number.isInteger)
      && Array.isArray(message.pictures) && message.pictures.length > 0
      && message.pictures.every((p) => isObject(p) && isObject(p.view) && Array.isArray(p.legal)
        && p.legal.every((m) => typeof m === "string") && isObject(p.record)
        && Array.isArray(p.record.moves) && isMoveList(p.history)
        && p.history.length === p.record.moves.length
        && (p.seat === null || Number.isInteger(p.seat)))
      && (message.undo == null || (isObject(message.undo) && Array.isArray(message.undo.from)
        && message.undo.from.every(Number.isInteger)));
    return good ? message : null;
  }
  if (message.t === "position") {
    const good = Number.isInteger(message.ply) && Number.isInteger(message.plies)
      && Array.isArray(message.pictures) && message.pictures.length > 0
      && message.pictures.every((p) => isObject(p) && isObject(p.view)
        && (p.seat === null || Number.isInteger(p.seat)));
    return good ? message : null;
  }
  if (message.t === "refused" || message.t === "bye") {
    return isObject(message.reason) && typeof message.reason.key === "string" ? message : null;
  }
  return message.t === "welcome" ? message : null;
}

/** A phrase of the host's in the page's language (engine.<key>). */
export const worded = (/** @type {{key: string, params?: unknown}} */ reason) => t(`engine.${reason.key}`, isObject(reason.params) ? reason.params : {});

/**
 * The table across the channel.  `send(text)` sends to the host; `replays(record)` says
 * whether a record (the public one, seed 0) is the whole game and replays on this device
 * (share/live-table.js: a game without secrets or chance, checked by its engine), so that
 * the game is kept here too and can be continued on this device once the table is closed;
 * `replayed(record)` is this device's engine's picture of such a record (an earlier
 * position of the move list, shown here without asking the host).
 */
export class RemoteTable {
  /**
   * @param {(text: string) => void} send
   * @param {(record: GameRecord) => Promise<{ok: boolean}>} [replays]
   * @param {(record: GameRecord) => Promise<Answer>} [replayed]
   */
  constructor(send, replays = async () => ({ ok: false }),
    replayed = async () => ({ ok: false, error: t("table.noPosition") })) {
    this.send = send;
    this.replays = replays;
    this.replayed = replayed;
    this.closed = ""; // why the host ended the table for this device ("" while it is open)
    /** @type {(HostMessage & {t: "state"}) | null} the host's last state message */
    this.state = null;
    this.left = false; // this device said `leave`
    /** @type {((message: HostMessage) => void)[]} */
    this.waiting = []; // requests waiting for the host's next state or refusal
    /** @type {((message: Look) => void)[]} */
    this.looking = []; // earlier positions asked of the host, waiting for its answer
    /** @type {Map<string, Promise<Answer>>} the host's earlier positions by revision and ply */
    this.positions = new Map();
    /** @type {(message: HostMessage & {t: "state"}) => void} the host changed the game */
    this.onState = () => {};
    /** @type {(text: string, reason: {key: string, params?: unknown}) => void} the host ended
     *  the table here (`reason`: why, a phrase) */
    this.onBye = () => {};
    /** @type {(text: string) => void} the host refused a message no request waits for */
    this.onRefused = () => {};
    /** @type {(undo: {from: number[], asks_you?: boolean} | null) => void} the open request
     *  to take back a move (the seats asking; whether this device is asked), or none */
    this.onUndo = () => {};
  }

  /** Say hello (the first message) until the host answers; its first answer (a state, a
   *  refusal or a bye), or null when none came after HELLO_TRIES hellos.  A hello is said
   *  again every HELLO_MS: a channel's first message was seen lost on Chromium (in 1 of 8
   *  runs of the four-phone tests, the heartbeats after it arriving), and the referee takes
   *  a hello again as the same greeting.
   *  @param {string} build @param {string} [name] @returns {Promise<HostMessage | null>} */
  greet(build, name) {
    const text = JSON.stringify({ v: PROTOCOL, t: "hello", build, ...(name ? { name } : {}) });
    return new Promise((done) => {
      let tries = 1;
      const again = setInterval(() => {
        if (tries < HELLO_TRIES && !this.left) { tries += 1; this.send(text); return; }
        clearInterval(again);
        this.waiting = this.waiting.filter((waiter) => waiter !== answered);
        done(null);
      }, HELLO_MS);
      const answered = (/** @type {HostMessage} */ message) => { clearInterval(again); done(message); };
      this.waiting.push(answered);
      this.send(text);
    });
  }

  /** A message from the host.  @param {string} text */
  heard(text) {
    const message = /** @type {HostMessage | null} its shape checked by readHost */ (readHost(text));
    if (!message) return;
    if (message.t === "state") {
      if (message.rev !== this.state?.rev) this.positions.clear(); // another game now
      this.state = message;
      this.onUndo(message.undo ?? null);
      const waiting = this.waiting.splice(0);
      for (const done of waiting) done(message);
      if (waiting.length === 0) this.onState(message);
    } else if (message.t === "position" || (message.t === "refused" && message.about === "position")) {
      this.looking.shift()?.(message);
    } else if (message.t === "refused") {
      const waiter = this.waiting.shift();
      if (waiter) waiter(message);
      else this.onRefused(worded(message.reason));
    } else if (message.t === "bye") {
      this.closed = worded(message.reason);
      for (const done of [...this.waiting.splice(0), ...this.looking.splice(0)]) {
        done(message); // no answer comes any more
      }
      this.onBye(this.closed, message.reason);
    }
  }

  /** The seat this device plays (the one to move if it holds several), or null: a spectator. */
  seat() {
    if (!this.state) return null;
    const { you, turn } = this.state;
    return you.includes(turn) ? turn : you[0] ?? null;
  }

  /** This device's picture as an answer of the table.  @returns {Answer} */
  answer() {
    const { state } = this;
    if (!state) return { ok: false, error: t("table.notYet") };
    const picture = this.ownPicture(state.pictures);
    return { ok: true, seat: picture.seat, view: picture.view, legal: picture.legal,
      record: picture.record, can_undo: state.can_undo === true, undo_to: null, can_redo: false,
      redo_to: null,
      history: picture.history };
  }

  /** Send `message` and wait for the host's next state or refusal.
   * @param {object} message
   * @returns {Promise<Answer>}
   */
  async ask(message) {
    const reply = new Promise((done) => this.waiting.push(done));
    this.send(JSON.stringify(message));
    const heard = await reply;
    if (heard.t !== "state") return { ok: false, error: worded(heard.reason) };
    return this.answer();
  }

  /** A game of this device's own is not the table's: its host starts the table's games,
   *  and leaving the table gives this device its own again.  @type {Table["start"]} */
  async start() { return { ok: false, error: t("table.guestOwnGame") }; }
  /** The table's game opens here (its record as the host last sent it); any other is
   *  refused as `start` is.  @type {Table["open"]} */
  async open(record) {
    const table = this.answer();
    const same = table.record?.game === record.game
      && JSON.stringify(table.record.moves) === JSON.stringify(record.moves);
    return same || !table.ok ? table : { ok: false, error: t("table.guestOwnGame") };
  }
  /** @type {Table["view"]} */
  async view() { return this.answer(); }

  /** @type {Table["play"]} */
  play(move) {
    if (this.closed) return Promise.resolve({ ok: false, error: this.closed });
    if (!this.state) return Promise.resolve(this.answer());
    return this.ask({ v: PROTOCOL, t: "move", rev: this.state.rev, seat: this.seat(), move });
  }

  /** The host draws chance events itself (a throw of real dice is the host's to enter).
   *  @type {Table["chance"]} */
  async chance() { return { ok: false, error: t("table.hostThrows") }; }

  /** Ask to take back this device's last move: undo by agreement (the host's referee asks
   *  the other players; the answer is the state with the request open, the move taken back
   *  when all allow it).  @type {Table["undo"]} */
  undo() {
    if (this.closed) return Promise.resolve({ ok: false, error: this.closed });
    if (!this.state) return Promise.resolve(this.answer());
    return this.ask({ v: PROTOCOL, t: "undo", rev: this.state.rev });
  }

  /** Allow (`accept`) or refuse the request to take back a move this device was asked.
   *  @param {boolean} accept */
  answerUndo(accept) {
    if (this.closed || !this.state?.undo?.asks_you) return;
    this.send(JSON.stringify({ v: PROTOCOL, t: "answer", rev: this.state.rev, accept }));
  }

  /** No redo at a live table: a move taken back is played anew (redo would make it again
   *  without the others).  @type {Table["redo"]} */
  async redo() { return { ok: false, error: t("table.noRedo") }; }

  /** The position after `ply` moves: replayed by this device's engine where the public
   *  record is the whole game (Ponte, Othello: no message asks the host), else asked of
   *  the host (a game with secrets or chance: this device's seats' view of it then), each
   *  once a revision.  @type {Table["position"]} */
  async position(ply) {
    const record = this.publicRecord();
    if (!record || !this.state) return { ok: false, error: t("table.noPosition") };
    const moves = record.moves.slice(0, Math.max(0, ply));
    const answer = await this.replayed({ ...record, moves });
    if (answer.ok) return { ...answer, ply: moves.length }; // (as op position says it)
    if (this.closed) return { ok: false, error: this.closed };
    const key = `${this.state.rev}:${moves.length}`;
    const asked = this.positions.get(key) ?? this.askPosition(moves.length);
    this.positions.set(key, asked);
    const shown = await asked;
    if (!shown.ok) this.positions.delete(key); // asked again next time
    return shown;
  }

  /** Ask the host for the position after `ply` moves.  @param {number} ply
   *  @returns {Promise<Answer>} */
  async askPosition(ply) {
    const reply = /** @type {Promise<Look>} */ (new Promise((done) => this.looking.push(done)));
    this.send(JSON.stringify({ v: PROTOCOL, t: "position", ply }));
    const heard = await reply;
    if (heard.t !== "position") return { ok: false, error: worded(heard.reason) };
    return { ok: true, ply: heard.ply, plies: heard.plies, view: this.ownPicture(heard.pictures).view };
  }

  /** This device's picture among the host's `pictures` (one a seat it holds): the seat it
   *  plays, else the first.  @template {{seat: number | null}} P @param {P[]} pictures */
  ownPicture(pictures) {
    return pictures.find((picture) => picture.seat === this.seat()) ?? pictures[0];
  }

  /** The game to keep on this device: its public record, where this device's engine can
   *  replay it (then the seed, which the host never sends, draws nothing: 0); else none
   *  (the host keeps the whole game).  @type {Table["save"]} */
  async save() {
    const picture = this.answer();
    const record = this.publicRecord(picture);
    return record && (await this.replays(record)).ok
      ? { ok: true, record, picture: picture.view } : { ok: false };
  }

  /** The game's public record as last shown (`picture`), its seed 0 (the host never sends
   *  it), or null.  @returns {GameRecord | null} */
  publicRecord(picture = this.answer()) {
    if (!picture.ok || !picture.record) return null;
    const { game, options, moves } = picture.record;
    return { game, options, seed: 0, moves };
  }

  /** Computer seats play on the host. @type {Table["prepareComputer"]} */
  prepareComputer() {}
  /** @type {Table["computerMove"]} */
  async computerMove() { return null; }

  /** Leave the table: `leave` is sent once (the ⋯ menu's Leave, then the page closing,
   *  says it once) and never after the host's bye. */
  leave() {
    if (this.left || this.closed) return;
    this.left = true;
    this.send(JSON.stringify({ v: PROTOCOL, t: "leave" }));
  }
}
