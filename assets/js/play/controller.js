// The game's lifecycle — new, load, move, chance, undo/redo, the computer's turn, the curtain,
// the lesson — between the engine and the store.  It never touches the page: what it decides
// goes into the store (store.js) and render.js draws it.  The engine alone decides what is
// legal; this module only knows who sits where and when to ask.
import { readNames } from "../keep/names.js";
import { isComputer, isPerson, seatsOf } from "./players.js";
import { t } from "../common/strings.js";

/** @typedef {import("../common/types.js").Answer} Answer */
/** @typedef {import("../common/types.js").Game} Game */
/** @typedef {import("../common/store.js").Store} Store */

const CHANCE = -1;
const LESSON_PAUSE_MS = 700; // the computer's scripted answer, shown after a breath

/**
 * What the controller needs from outside, so that tests can give it fakes.
 * @typedef {object} ControllerNeeds
 * @property {import("../table/local.js").Table} table the table the game is played at (the
 *   engine here: table/local.js)
 * @property {{[id: string]: import("../common/types.js").GameView}} views the game views
 * @property {import("./history.js").History} history the move list and the position looked at
 * @property {(entry: object, base: number) => Promise<import("../keep/saves.js").Written>} keep put
 *   a saved game over revision `base` (saves.js: a compare-and-set)
 * @property {(record: object) => string} saveId the id a record is saved under
 * @property {(record: object) => string} [copyId] a new id for a game beside the one saved
 *   under its own id (saves.js copyId)
 * @property {(saveId: string | null) => Promise<boolean>} [hold] be the one tab that writes
 *   game `saveId` (null: none); false when another tab does (tabs.js)
 * @property {(id: string) => Promise<any>} loadLesson the guided first game (lesson.js)
 * @property {(name: string) => void} [sound] a quiet sound for a move
 * @property {(saveId: string | null) => void} [shown] the saved game on screen (null: none),
 *   for a reload to go back to
 * @property {(ms: number) => Promise<void>} [pause] wait (lessons pause before a reply)
 * @property {() => number} [seed] a new game's seed
 */

export class Controller {
  /**
   * @param {Store} store
   * @param {ControllerNeeds} needs
   */
  constructor(store, needs) {
    this.store = store;
    this.state = store.state;
    this.needs = { sound: () => {}, shown: () => {}, hold: async () => true,
      pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      seed: () => crypto.getRandomValues(new Uint32Array(1))[0],
      copyId: (record) => `${needs.saveId(record)}~${Date.now().toString(36)}`, ...needs };
    this.turnLine = Promise.resolve(); // the person's actions, each after the one before
    this.keeping = Promise.resolve(); // the saves, each after the one before (revisions)
    this.opened = Promise.resolve(); // the games being opened, once open
    this.pending = null; // what to do once the engine is up: a function
    this.history = needs.history;
    this.table = needs.table;
  }

  // --- the engine's start ------------------------------------------------------------
  /** Run `task` now if the engine is up, else once it is (the latest choice wins). */
  whenEngine(id, task) {
    if (this.state.ready) { task(); return; }
    this.pending = task;
    this.store.update({ waitingFor: id ?? "" });
  }

  /** The engine has started: remember each game's kind, run what waited for it. */
  engineStarted(kinds) {
    for (const kind of kinds) this.state.kinds.set(kind.id, kind);
    this.store.update({ ready: true, waitingFor: null });
    const pending = this.pending;
    this.pending = null;
    pending?.();
  }

  // --- opening games ----------------------------------------------------------------
  /** Start a new game: `seats` "human" or a computer level per seat, `computer` its settings,
   *  `names` the players' and teams' (names.js; null: none). */
  start(id, options, seats, computer, names = null) {
    const seed = this.needs.seed();
    this.whenEngine(id, async () => {
      const answer = await this.open(id, (viewer) => this.table.start(id, options, seed, viewer),
        seed, { options, seats, computer, names });
      if (!answer.ok) this.notify(answer.error);
    });
  }

  /** The game on screen again, from its first position with a new seed. */
  again() {
    const { id, options, seats, computer, names } = this.state.game;
    this.start(id, options, seats, computer, names);
  }

  /** Start the guided first game of `id` (lesson.js): the learner against the computer. */
  learn(id, players) {
    this.whenEngine(id, async () => {
      let lesson;
      try {
        lesson = await this.needs.loadLesson(id);
      } catch (error) {
        console.error(error);
        this.notify(t("loadingFailed"));
        return;
      }
      const seats = lesson.seats(lesson.options.players ?? players);
      // a lesson's seed is fixed: each time it is learnt it is a game of its own, saved beside
      // the last one (never over it, and never refused as written by another tab)
      const answer = await this.open(id,
        (viewer) => this.table.start(id, lesson.options, lesson.seed, viewer), lesson.seed,
        { options: lesson.options, seats, computer: {}, lesson,
          saveId: this.needs.copyId({ game: id, seed: lesson.seed }) });
      if (!answer.ok) this.notify(answer.error);
    });
  }

  /**
   * Open a game record (a save, a file, a link).  `seats` as saved; a move link (`byLink`)
   * seats the person at the seat to move and the others far away.  `revision`: of the save
   * it continues (0: none); `saveId`: the id to save it under when not its own (a copy).
   * @param {any} record
   * @param {{seats?: string[], computer?: object, names?: import("../keep/names.js").Names | null,
   *          byLink?: boolean, revision?: number, saveId?: string, keepUnplayed?: boolean}} [how]
   * @returns {Promise<Answer>}
   */
  async load(record, { seats = [], computer = {}, ...how } = {}) {
    const id = record?.game;
    if (!this.needs.views[id]) {
      return { ok: false, error: t("unknownGame", { game: String(id).slice(0, 40) }) };
    }
    return this.open(id, (viewer) => this.table.open(record, viewer), record.seed,
      { options: record.options ?? {}, seats, computer, ...how });
  }

  /** How many seats `record`'s game has — its players option, else the game's default —
   *  or null while the engine has not said (or the game is unknown). */
  seatCount(record) {
    const kind = this.state.kinds.get(record?.game);
    if (!kind) return null;
    return record.options?.players ?? kind.defaults?.players ?? kind.min_players ?? null;
  }

  /** Resume a saved game (over its revision); "" or why it cannot be (the engine's reason). */
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
   * @param {{options: object, seats?: string[], computer?: object, lesson?: any,
   *          names?: import("../keep/names.js").Names | null, byLink?: boolean, revision?: number,
   *          saveId?: string, keepUnplayed?: boolean}} players  `revision`:
   *   of the save it continues (0: none); `saveId`: its id when not its own (a copy)
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
    const done = work.catch((error) => this.failed(error));
    this.opened = this.opened.then(() => done).then(() => {});
    return done;
  }

  /**
   * Something under way failed where no answer was foreseen: the console gets the error, the
   * person a message in the page's language; the game on screen and the saves stay.
   * @returns {Answer}
   */
  failed(error) {
    console.error("an action failed:", error);
    const text = t("actionFailed");
    this.notify(text);
    return /** @type {Answer} */ ({ ok: false, error: text });
  }

  /** @type {Controller["open"]} */
  async openNow(id, ask, seed, { byLink = false, saveId: copyId, ...players }) {
    const hidden = this.secret(id) ? { seat: null } : {}; // secrets wait behind the curtain
    const answer = await this.drawChance(await ask(hidden), "open", hidden, id);
    if (!answer.ok) return answer;
    const saveId = copyId
      ?? this.needs.saveId({ game: id, seed });
    const writer = await this.needs.hold(saveId); // another tab writes it: shown here only
    const { readOnly } = this.state; // (continued elsewhere: still said so when it follows)
    const taken = readOnly?.why === "taken" && this.state.game?.saveId === saveId;
    /** @type {Game} */
    const game = { id, seats: [], computer: {}, names: null, revision: 0, ...players, answer, ui: {},
      viewer: null, saveId };
    if (byLink) { // whoever opens a move link plays the seat to move; the others are away
      game.seats = seatsOf(answer).map((seat) => (seat === answer.view.current ? "human" : "link"));
    }
    // with one person at the table, their side is always shown: there is nobody to hide it from
    const people = seatsOf(answer).filter((seat) => isPerson(game, seat));
    if (this.secret(id) && people.length === 1) {
      game.viewer = people[0];
      game.answer = await this.table.view({ seat: game.viewer });
    }
    if (game.seats.some(isComputer)) this.table.prepareComputer(id);
    this.needs.shown(null); // named once it is saved (keep), after its first move
    this.history.stop(); // the last game's position looked at is not drawn on this one's board
    this.store.update({ game, thinking: null, screen: "play", dialog: null, hint: null,
      turns: null, history: { moves: [], looking: null, replaying: false },
      menuMessage: "", fileMessage: "", unsaved: null, beside: false,
      readOnly: writer ? null : taken ? readOnly : { why: "elsewhere" } });
    this.accept(game.answer);
    return game.answer;
  }

  /** Back to the menu; the computer stops thinking, the game stays to be continued. */
  toMenu() {
    this.history.stop(); // a replay under way ends with the play screen
    this.needs.shown(null);
    this.needs.hold(null); // another tab may write the game now
    this.store.update({ screen: "menu", thinking: null, menuMessage: "", fileMessage: "" });
  }

  /** Say something went wrong where the person is looking (menu or play screen). */
  notify(text) {
    if (this.state.screen === "play") this.say(text, true);
    else this.store.update({ menuMessage: text });
  }

  /** Say a game file was refused beside the control that opened it (the menu's file
   *  button), or under the board when it was dropped on the play screen. */
  notifyFile(text) {
    if (this.state.screen === "play") this.say(text, true);
    else this.store.update({ fileMessage: text });
  }

  /** The line under the board. */
  say(text, error = false) {
    this.store.update({ message: { text, error } });
  }

  // --- playing -------------------------------------------------------------------------
  /** Take an answer that is now the game on screen; save, then the game over or the computer.
   *  The move list and the save it carries (table/local.js) go to them, not into the store.
   *  @param {import("../table/local.js").TableAnswer} full */
  accept(full) {
    const { history, saved, ...answer } = full;
    const game = this.state.game;
    game.answer = answer;
    game.ui = {};
    this.store.update({ message: { text: "", error: false },
      dialog: answer.view.over ? "game-over" : this.state.dialog });
    this.history.refresh(history);
    this.keep(saved);
    if (!answer.view.over) this.computerTurn();
  }

  /** Save the game on screen in this browser (after every change), once it has a move (a
   *  class link's game at once: `keepUnplayed`); the saves are made one after the other, each
   *  over the revision the one before wrote.  `saved`: what the table's answer carried to
   *  keep ({record, picture}); without it the table is asked. */
  keep(saved = null) {
    return this.keepAfter(this.state.game, Promise.resolve(), saved);
  }

  /** Save `game` once `before` is done, after the saves asked for before it.
   *  @param {Game} game
   *  @param {Promise<unknown>} before
   *  @param {{record: any, picture: any} | null} [saved] */
  keepAfter(game, before, saved = null) {
    this.keeping = this.keeping.then(() => before).then(() => this.write(game, saved)).catch((error) => {
      console.error("the game was not saved:", error);
      if (this.state.game === game) this.store.update({ unsaved: { why: "failed", reason: "" } });
    });
    return this.keeping;
  }

  /** Write `game` (if still on screen and this tab writes it) over its revision: `given`,
   *  else what the table saves now. */
  async write(game, given = null) {
    if (this.state.game !== game || this.state.readOnly) return;
    const saved = given ? { ok: true, ...given } : await this.table.save();
    if (!saved.ok || (saved.record.moves.length === 0 && !game.keepUnplayed) || this.state.game !== game) return;
    const { id, seats, computer, names, answer } = game;
    const { saveId } = game;
    const written = await this.needs.keep({ id: saveId, game: id,
      record: saved.record, seats: seatsOf(answer).map((seat) => seats[seat] ?? "human"),
      computer, ...(names ? { names } : {}), picture: saved.picture, moves: saved.record.moves.length,
      over: answer.view.over }, game.revision ?? 0);
    if (this.state.game !== game) return;
    if (written.ok) {
      game.revision = written.revision;
      if (this.state.unsaved) this.store.update({ unsaved: null });
      if (this.state.screen === "play") this.needs.shown(saveId);
    } else if (written.problem === "damaged") { // a damaged save under its id stays for download
      game.saveId = this.needs.copyId({ game: id, seed: saved.record.seed });
      game.revision = 0;
      await this.needs.hold(game.saveId);
      if (this.state.game === game) this.store.update({ beside: true }); // said above the board
      await this.write(game, given);
    } else if (written.problem === "stale") { // never over newer moves: this tab only shows
      this.history.stop();
      this.store.update({ readOnly: { why: "stale", saved: written.saved }, thinking: null });
    } else this.store.update({ unsaved: { why: written.problem, reason: written.reason ?? "" } });
  }

  /** Another tab continued the game on screen: from now on it is only shown here. */
  lostWriter() {
    if (!this.state.game || this.state.readOnly) return;
    this.history.stop();
    this.store.update({ readOnly: { why: "taken" }, thinking: null });
  }

  /** Save the game on screen again once `room` is made (in a full storage).
   *  @param {Promise<unknown>} [room] */
  retryKeep(room = Promise.resolve()) {
    const game = this.state.game;
    return game && this.state.unsaved ? this.keepAfter(game, room) : this.keeping;
  }

  /** Whether the game on screen may not be changed in this tab (another tab writes it);
   *  then the person is told so. */
  refusedHere() {
    if (!this.state.readOnly) return false;
    this.say(t("readOnlyMove"), true);
    return true;
  }

  /** Run a person's action (a tap, a button, undo, redo) after those made before it have been
   *  answered and shown: a quick second press is taken, never lost, and sees the new position. */
  inTurn(task) {
    const run = this.turnLine.then(task).catch((error) => this.failed(error));
    this.turnLine = run.then(() => {});
    return run;
  }

  /** Play `move` for the person to move. */
  play(move) {
    return this.request("play", { move });
  }

  /** Ask the engine for a change of the game on screen, in the person's turn of actions. */
  request(op, args = {}) {
    return this.inTurn(() => this.change(op, args));
  }

  /** The view's selection between taps (a chosen piece, a half-made move). */
  setUi(ui) {
    this.state.game.ui = ui;
    this.store.update();
  }

  /** A change asked of the engine, shown once answered (`busy` meanwhile). */
  async change(op, args = {}) {
    const step = op === "play" ? this.lessonStep() : null;
    if (step && args.move !== step.move && this.state.game.answer.legal.includes(args.move)) {
      return this.lessonDetour(); // allowed, but not this lesson's way
    }
    if (op !== "view" && this.refusedHere()) return { ok: false };
    return this.busyWith(async (viewer) => {
      const answer = await this.ask(op, args, viewer);
      if (step && answer.ok && answer.record.moves[step.ply] !== step.move) {
        await this.table.undo(viewer); // the same detour, written another way
        return this.lessonDetour();
      }
      return this.settle(answer, op);
    });
  }

  /** A person's request of the table by its name (`play` a move, `view` again, `chance`).
   *  @returns {Promise<Answer>} */
  ask(op, args, viewer) {
    if (op === "play") return this.table.play(String(args.move), viewer);
    if (op === "chance") return this.table.chance(viewer);
    if (op === "view") return this.table.view(viewer);
    return Promise.resolve(/** @type {Answer} */ (
      { ok: false, error: `no request ${String(op).slice(0, 40)}` }));
  }

  lessonDetour() {
    this.state.game.ui = {};
    this.say(t("lessonOther"), true);
    return { ok: false };
  }

  /** Take an engine answer: draw pending chance, lower the curtain if needed, show it. */
  async settle(answer, op) {
    const game = this.state.game;
    const before = game.answer.view;
    answer = await this.drawChance(answer, op, this.viewerArgs(), game.id);
    if (this.state.game !== game) return answer; // another game was opened meanwhile
    if (answer.ok && (op === "play" || op === "ai_step")) this.soundFor(game.id, before, answer.view);
    const people = seatsOf(game.answer).filter((seat) => isPerson(game, seat));
    if (answer.ok && this.secret(game.id) && game.viewer !== null && people.length > 1
        && answer.view.current !== game.viewer) {
      game.viewer = null; // the turn has passed: lower the curtain before anything is drawn
      answer = await this.table.view({ seat: null });
    }
    if (answer.ok) this.accept(answer);
    else {
      game.ui = {};
      this.say(t("illegal", { reason: answer.error }), true);
    }
    return answer;
  }

  /** A quiet sound for the move just made: the end, a capture (as the view sees it), a move. */
  soundFor(id, before, after) {
    this.needs.sound(after.over ? "end"
      : this.needs.views[id].captured?.(before, after) ? "capture" : "move");
  }

  /** Chance events (a die) are drawn at once, so one press rolls; undo steps back over them.
   *  A game whose view says its dice are thrown by hand (`chanceByHand`, e.g. Inselspiel's
   *  real dice) waits for the throw to be entered instead. */
  async drawChance(answer, op, args, id = this.state.game?.id) {
    while (answer.ok && answer.view.current === CHANCE) {
      if (op !== "undo" && this.needs.views[id]?.chanceByHand?.(answer.view)) break;
      answer = await (op === "undo" && answer.can_undo ? this.table.undo(args) : this.table.chance(args));
    }
    return answer;
  }

  /** When a computer seat is to move, let it think (in the engine's worker) and play. */
  async computerTurn() {
    const game = this.state.game;
    const { view } = game.answer;
    if (view.over || view.current < 0 || !isComputer(game.seats[view.current])
        || this.state.thinking || this.state.readOnly) return;
    const token = {};
    this.store.update({ thinking: token });
    await this.needs.pause(0); // show the move before thinking
    if (this.state.thinking !== token) return;
    const scripted = game.lesson?.reply(view.ply);
    if (scripted) {
      await this.needs.pause(LESSON_PAUSE_MS); // let it be seen
      if (this.state.thinking !== token) return;
      this.store.update({ thinking: null });
      await this.settle(await this.table.play(scripted, this.viewerArgs()), "play");
      return;
    }
    performance.mark("ai-start");
    const wanted = () => this.state.thinking === token && this.state.screen === "play";
    const answer = await this.table.computerMove(game.id, game.seats[view.current], game.computer,
      this.viewerArgs(), wanted);
    performance.mark("ai-end");
    if (this.state.thinking !== token) return; // cancelled (undo, new game, menu)
    this.store.update({ thinking: null });
    if (answer) await this.settle(answer, "ai_step");
  }

  /** Undo back to the last position where a person was to move. */
  undo() {
    return this.inTurn(() => this.refusedHere() ? { ok: false } : this.busyWith(async (args) => {
      this.store.update({ thinking: null });
      let answer = await this.table.undo(args);
      for (;;) {
        answer = await this.drawChance(answer, "undo", args);
        const seat = answer.ok ? answer.view.current : 0;
        if (seat < 0 || this.isHuman(seat) || !answer.can_undo) break;
        answer = await this.table.undo(args);
      }
      return this.settle(answer, "undo");
    }));
  }

  /** Redo what undo took back, up to the next turn of a person at this device. */
  redo() {
    return this.inTurn(() => this.refusedHere() ? { ok: false } : this.busyWith(async (args) => {
      this.store.update({ thinking: null });
      let answer = await this.table.redo(args);
      while (answer.ok && answer.can_redo
             && (answer.view.current < 0 || !this.isHuman(answer.view.current))) {
        answer = await this.table.redo(args);
      }
      return this.settle(answer, "redo");
    }));
  }

  /** Run `task(viewerArgs)` with `busy` set (settled() waits for it to be shown). */
  async busyWith(task) {
    const args = this.viewerArgs();
    this.store.update({ busy: true });
    try {
      return await task(args);
    } finally {
      this.store.update({ busy: false });
    }
  }

  /**
   * A tap on the board, against the position on screen once the actions before it are
   * done: `find(view)` names the target under the finger (the board's, render.js), or null.
   * @param {(view: import("../common/types.js").View) => string | null} find
   */
  tap(find) {
    return this.inTurn(async () => {
      if (this.state.screen === "play" && this.refusedHere()) return;
      if (!this.takesTaps()) return;
      const target = find(this.state.game.answer.view);
      if (target !== null) await this.tapOn(target);
    });
  }

  async tapOn(target) {
    const { game } = this.state;
    const { view, legal } = game.answer;
    const result = this.needs.views[game.id].tap(game.ui, target, view, legal);
    game.ui = result.ui ?? {};
    if (result.move) await this.change("play", { move: result.move });
    else this.say(result.hint ?? "");
  }

  /** Whether a tap on the board may change the game now. */
  takesTaps() {
    const { game, screen, thinking } = this.state;
    const view = game?.answer.view;
    return Boolean(view) && !view.over && screen === "play" && !this.curtainDown(view) && !thinking
      && !this.history.view() && !this.awayToMove() && !this.state.readOnly;
  }

  /** The person to move shows their side (the curtain goes up). */
  liftCurtain() {
    this.state.game.viewer = this.state.game.answer.view.current;
    return this.request("view");
  }

  /** End the lesson's script: the game goes on as a normal game against the computer. */
  skipLesson() {
    this.state.game.lesson = null;
    this.store.update();
    this.computerTurn();
  }

  /** The game's record and its picture, as the engine saves it. */
  save() {
    return this.table.save();
  }

  // --- reading the state -----------------------------------------------------------
  /** Whether the seats of game `id` hold secrets (the engine's "information"; unknown: yes,
   *  the safe side): the curtain between people at one device, one seat's view at a time. */
  secret(id) {
    return this.state.kinds.get(id)?.information !== "perfect";
  }

  /** The engine arguments that pick whose view comes back (secret games only). */
  viewerArgs() {
    const { game } = this.state;
    return this.secret(game.id) ? { seat: game.viewer } : {};
  }

  isHuman(seat) {
    return isPerson(this.state.game, seat);
  }

  /** The seat to move plays from another device (a move link goes to them). */
  awayToMove() {
    const { view } = this.state.game.answer;
    return !view.over && view.current >= 0 && this.state.game.seats[view.current] === "link";
  }

  /** Whether the curtain hides the board: a game with secrets, a person to move at this
   *  device, and their side not yet shown. */
  curtainDown(view) {
    const seat = view.current;
    return this.secret(this.state.game.id) && !view.over && seat >= 0 && this.isHuman(seat)
      && this.state.game.viewer !== seat;
  }

  /** The lesson's step when the learner is to move in a running lesson, else null. */
  lessonStep() {
    const { lesson, answer } = this.state.game ?? {};
    const view = answer?.view;
    if (!lesson || !view || view.over || this.history.view()) return null;
    return view.current === lesson.learner ? lesson.step(view.ply) : null;
  }

  /** Resolves once the person's actions asked so far have been answered and saved. */
  async actionsDone() {
    for (;;) {
      const [keeping, opened] = [this.keeping, this.opened];
      await opened;
      await this.turnLine;
      await keeping;
      if (keeping === this.keeping && opened === this.opened) return;
    }
  }
}
