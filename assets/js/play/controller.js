// The game between the table and the store: what a person does (a move, a tap, undo, a new
// game, a lesson) is asked of the table (table/local.js: the engine here), and what it answers
// goes into the store (store.js), which render.js draws.  It never touches the page, and the
// table alone decides what is legal.  This module joins the parts, each with one job:
//   opening.js        the lifecycle: the engine's start, new, load, resume, again, the menu
//   turns.js          the person's actions in turn: move, undo, redo, chance, the answer taken
//   tapping.js        taps on the board, and when the board takes them
//   computer-turn.js  the computer's turn (thinking at the table, a lesson's scripted reply)
//   curtain.js        the curtain between people at one device (games with secrets)
//   lessons.js        the guided first game
//   saving.js         keeping the game saved after every change (revisions, other tabs)
import { t } from "../common/strings.js";
import { ComputerTurn } from "./computer-turn.js";
import { Curtain } from "./curtain.js";
import { Lessons } from "./lessons.js";
import { Opening } from "./opening.js";
import { Saving } from "./saving.js";
import { Tapping } from "./tapping.js";
import { Turns } from "./turns.js";

/** @typedef {import("../common/types.js").Answer} Answer */
/** @typedef {import("../common/store.js").Store} Store */

/**
 * What the controller needs from outside, so that tests can give it fakes.
 * @typedef {object} ControllerNeeds
 * @property {import("../table/local.js").Table} table the table the game is played at (the
 *   engine here: table/local.js)
 * @property {{[id: string]: import("../common/types.js").GameView}} views the game views
 * @property {import("./history.js").History} history the move list and the position looked at
 * @property {(entry: Omit<import("../keep/saves.js").SaveEntry, "updated" | "revision" | "version">, base: number) => Promise<import("../keep/saves.js").Written>} keep put
 *   a saved game over revision `base` (saves.js: a compare-and-set)
 * @property {(record: object) => string} saveId the id a record is saved under
 * @property {(record: object) => string} [copyId] a new id for a game beside the one saved
 *   under its own id (saves.js copyId)
 * @property {(saveId: string | null) => Promise<boolean>} [hold] be the one tab that writes
 *   game `saveId` (null: none); false when another tab does (tabs.js)
 * @property {(id: string) => Promise<import("../class/lesson.js").Lesson>} loadLesson the guided first game (lesson.js)
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
      pause: (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      seed: () => crypto.getRandomValues(new Uint32Array(1))[0],
      copyId: (/** @type {object} */ record) => `${needs.saveId(record)}~${Date.now().toString(36)}`, ...needs };
    this.history = needs.history;
    this.table = needs.table;
    this.opening = new Opening(this);
    this.turns = new Turns(this);
    this.tapping = new Tapping(this);
    this.computer = new ComputerTurn(this);
    this.curtain = new Curtain(this);
    this.lessons = new Lessons(this);
    this.saving = new Saving(this);
  }

  // --- what is said ------------------------------------------------------------------
  /** Say something went wrong where the person is looking (menu or play screen).
   * @param {string} text */
  notify(text) {
    if (this.state.screen === "play") this.say(text, true);
    else this.store.update({ menuMessage: text });
  }

  /** Say a game file was refused beside the control that opened it (the menu's file
   *  button), or under the board when it was dropped on the play screen.
   * @param {string} text */
  notifyFile(text) {
    if (this.state.screen === "play") this.say(text, true);
    else this.store.update({ fileMessage: text });
  }

  /** The line under the board. @param {string} text @param {boolean} [error] */
  say(text, error = false) {
    this.store.update({ message: { text, error } });
  }

  /**
   * Something under way failed where no answer was foreseen: the console gets the error, the
   * person a message in the page's language; the game on screen and the saves stay.
   * @param {unknown} error
   * @returns {Answer}
   */
  failed(error) {
    console.error("an action failed:", error);
    const text = t("actionFailed");
    this.notify(text);
    return /** @type {Answer} */ ({ ok: false, error: text });
  }

  /** Resolves once the person's actions asked so far have been answered and saved. */
  async actionsDone() {
    for (;;) {
      const [keeping, opened] = [this.saving.line, this.opening.opened];
      await opened;
      await this.turns.line;
      await keeping;
      if (keeping === this.saving.line && opened === this.opening.opened) return;
    }
  }

  // --- the parts' doors, as the page and the tests use them ----------------------------
  /** @type {Opening["whenEngine"]} */
  whenEngine(id, task) { this.opening.whenEngine(id, task); }
  /** @type {Opening["engineStarted"]} */
  engineStarted(kinds) { this.opening.engineStarted(kinds); }
  /** @type {Opening["start"]} */
  start(id, options, seats, computer, names = null) {
    this.opening.start(id, options, seats, computer, names);
  }
  again() { this.opening.again(); }
  /** @type {Opening["load"]} */
  load(record, how) { return this.opening.load(record, how); }
  /** @type {Opening["seatCount"]} */
  seatCount(record) { return this.opening.seatCount(record); }
  /** @type {Opening["resume"]} */
  resume(entry) { return this.opening.resume(entry); }
  /** @type {Opening["track"]} */
  track(work) { return this.opening.track(work); }
  toMenu() { this.opening.toMenu(); }
  /** @type {Lessons["learn"]} */
  learn(id, players) { this.lessons.learn(id, players); }
  lessonStep() { return this.lessons.step(); }
  skipLesson() { this.lessons.skip(); }
  /** @type {Turns["inTurn"]} */
  inTurn(task) { return this.turns.inTurn(task); }
  /** Play `move` for the person to move. @param {string} move */
  play(move) { return this.turns.request("play", { move }); }
  /** @type {Turns["request"]} */
  request(op, args = {}) { return this.turns.request(op, args); }
  undo() { return this.turns.undo(); }
  redo() { return this.turns.redo(); }
  /** @type {Turns["isHuman"]} */
  isHuman(seat) { return this.turns.isHuman(seat); }
  /** @type {Tapping["tap"]} */
  tap(find) { return this.tapping.tap(find); }
  /** @type {Tapping["setUi"]} */
  setUi(ui) { this.tapping.setUi(ui); }
  /** @type {Tapping["setDisplay"]} */
  setDisplay(display) { this.tapping.setDisplay(display); }
  takesTaps() { return this.tapping.takesTaps(); }
  awayToMove() { return this.tapping.awayToMove(); }
  /** @type {Curtain["secret"]} */
  secret(id) { return this.curtain.secret(id); }
  viewerArgs() { return this.curtain.viewerArgs(); }
  /** @type {Curtain["down"]} */
  curtainDown(view) { return this.curtain.down(view); }
  liftCurtain() { return this.curtain.lift(); }
  lostWriter() { this.saving.lostWriter(); }
  /** @param {Promise<unknown>} [room] */
  retryKeep(room) { return this.saving.retry(room); }
  refusedHere() { return this.saving.refusedHere(); }
  /** The game's record and its picture, as the table saves it. */
  save() { return this.table.save(); }
}
