// A game's lifecycle: the engine's start (a choice made before waits for it), a new game, a
// saved one resumed, a record opened (a file, a link), the same game again, back to the menu.
// Opening asks the table, seats the players, finds who writes the save (tabs.js) and puts
// the game on screen in one change of the store.
import { readNames } from "../keep/names.js";
import { t } from "../common/strings.js";
import { isComputer, seatsOf } from "./players.js";

/** @typedef {import("../common/types.js").Answer} Answer */
/** @typedef {import("../common/types.js").Game} Game */
/** @typedef {import("./controller.js").Controller} Controller */
/** A game's kind, as the engine declares it (op games).
 * @typedef {{id: string, information: string, chance: string, min_players?: number,
 *   defaults?: {players?: number}}} Kind */
/**
 * How a game is opened: `revision` of the save it continues (0: none); `saveId` its id when
 * not its own (a copy); `byLink` a move link (the person plays the seat to move).
 * @typedef {{options: Record<string, unknown>, seats?: string[],
 *   computer?: Record<string, unknown>,
 *   lesson?: import("../common/types.js").LessonPlan,
 *   names?: import("../keep/names.js").Names | null, byLink?: boolean, revision?: number,
 *   saveId?: string, keepUnplayed?: boolean}} Players
 */

export class Opening {
  /** @param {Controller} ctl */
  constructor(ctl) {
    this.ctl = ctl;
    this.opened = Promise.resolve(); // the games being opened, once open
    this.pending = null; // what to do once the engine is up: a function
  }

  /** Run `task` now if the engine is up, else once it is (the latest choice wins).
   * @param {string | null} id the game it opens (null: one a link names)
   * @param {() => void} task */
  whenEngine(id, task) {
    if (this.ctl.state.ready) { task(); return; }
    this.pending = task;
    this.ctl.store.update({ waitingFor: id ?? "" });
  }

  /** The engine has started: remember each game's kind, run what waited for it.
   * @param {Kind[]} kinds */
  engineStarted(kinds) {
    this.ctl.store.update((state) => { for (const kind of kinds) state.kinds.set(kind.id, kind); });
    this.ctl.store.update({ ready: true, waitingFor: null });
    const pending = this.pending;
    this.pending = null;
    pending?.();
  }

  /** Start a new game: `seats` "human" or a computer level per seat, `computer` its settings,
   *  `names` the players' and teams' (names.js; null: none).
   * @param {string} id
   * @param {Record<string, unknown>} options
   * @param {string[]} seats
   * @param {Record<string, unknown>} computer
   * @param {import("../keep/names.js").Names | null} [names] */
  start(id, options, seats, computer, names = null) {
    const { ctl } = this;
    const seed = ctl.needs.seed();
    this.whenEngine(id, async () => {
      const answer = await this.open(id, (viewer) => ctl.table.start(id, options, seed, viewer),
        seed, { options, seats, computer, names });
      if (!answer.ok) ctl.notify(answer.error ?? t("actionFailed"));
    });
  }

  /** The game on screen again, from its first position with a new seed. */
  again() {
    const { game } = this.ctl.state;
    if (!game) return; // a button of the play screen
    const { id, options, seats = [], computer = {}, names } = game;
    this.start(id, options, seats, computer, names);
  }

  /**
   * Open a game record (a save, a file, a link), with `seats` as saved.
   * @param {import("../common/types.js").GameRecord} record
   * @param {Omit<Players, "options">} [how]
   * @returns {Promise<Answer>}
   */
  async load(record, { seats = [], computer = {}, ...how } = {}) {
    const id = record?.game;
    if (!this.ctl.needs.views[id]) {
      return { ok: false, error: t("unknownGame", { game: String(id).slice(0, 40) }) };
    }
    return this.open(id, (viewer) => this.ctl.table.open(record, viewer), record.seed ?? 0,
      { options: record.options ?? {}, seats, computer, ...how });
  }

  /** How many seats `record`'s game has — its players option, else the game's default —
   *  or null while the engine has not said (or the game is unknown).
   * @param {{game?: string, options?: {players?: number}} | null | undefined} record */
  seatCount(record) {
    const kind = this.ctl.state.kinds.get(record?.game ?? "");
    if (!record || !kind) return null;
    return record.options?.players ?? kind.defaults?.players ?? kind.min_players ?? null;
  }

  /** Resume a saved game (over its revision); "" or why it cannot be (the engine's reason).
   * @param {import("../keep/saves.js").SaveEntry} entry */
  async resume(entry) {
    const answer = await this.load(entry.record, { seats: entry.seats,
      computer: entry.computer ?? {}, names: readNames(entry.names).names, revision: entry.revision ?? 0, saveId: entry.id,
      keepUnplayed: entry.record.moves.length === 0 }); // saved before a move: a class link's, still kept
    return answer.ok ? "" : answer.error;
  }

  /**
   * Ask the table for a game (`ask(viewer)`: new or opened, of seed `seed`) and put it on
   * screen; the table's answer.
   * @param {string} id
   * @param {(viewer: import("../table/local.js").Viewer) => Promise<Answer>} ask
   * @param {number} seed
   * @param {Players} players
   * @returns {Promise<Answer>}
   */
  open(id, ask, seed, players) {
    return this.track(this.openNow(id, ask, seed, players));
  }

  /**
   * Count `work` (a game being found and opened) among the actions under way, so that
   * actionsDone waits for it.  Resolves with its value; should it fail, the person is told
   * (failed) and it resolves with that error answer instead: nothing fails unseen.
   * @template T
   * @param {Promise<T>} work
   * @returns {Promise<T | Answer>}
   */
  track(work) {
    const done = work.catch((error) => this.ctl.failed(error));
    this.opened = this.opened.then(() => done).then(() => {});
    return done;
  }

  /** @type {Opening["open"]} */
  async openNow(id, ask, seed, { byLink = false, saveId: copyId, ...players }) {
    const { ctl } = this;
    const hidden = ctl.curtain.secret(id) ? { seat: null } : {}; // secrets wait behind the curtain
    const answer = await ctl.turns.drawChance(await ask(hidden), "open", hidden, id);
    if (!answer.ok) return answer;
    const saveId = copyId ?? ctl.needs.saveId({ game: id, seed });
    const writer = await ctl.needs.hold(saveId); // another tab writes it: shown here only
    const { readOnly } = ctl.state; // (continued elsewhere: still said so when it follows)
    const taken = readOnly?.why === "taken" && ctl.state.game?.saveId === saveId;
    /** @type {Game} */
    const game = { id, seats: [], computer: {}, names: null, revision: 0, ...players, answer, ui: {},
      viewer: null, saveId };
    if (byLink) { // whoever opens a move link plays the seat to move; the others are away
      const toMove = answer.view?.current;
      game.seats = seatsOf(answer).map((seat) => (seat === toMove ? "human" : "link"));
    }
    game.viewer = ctl.curtain.firstViewer(game);
    if (game.viewer !== null) game.answer = await ctl.table.view({ seat: game.viewer });
    if (game.seats?.some(isComputer)) ctl.table.prepareComputer(id);
    ctl.needs.shown(null); // named once it is saved (keep), after its first move
    ctl.history.stop(); // the last game's position looked at is not drawn on this one's board
    ctl.store.update({ game, thinking: null, screen: "play", dialog: null, hint: null,
      turns: null, history: { moves: [], looking: null, replaying: false },
      menuMessage: "", fileMessage: "", unsaved: null, beside: false,
      readOnly: writer ? null : taken ? readOnly : { why: "elsewhere" } });
    ctl.turns.accept(game.answer);
    return game.answer;
  }

  /** Back to the menu; the computer stops thinking, the game stays to be continued. */
  toMenu() {
    const { ctl } = this;
    ctl.history.stop(); // a replay under way ends with the play screen
    ctl.needs.shown(null);
    ctl.needs.hold(null); // another tab may write the game now
    ctl.store.update({ screen: "menu", thinking: null, menuMessage: "", fileMessage: "" });
  }
}
