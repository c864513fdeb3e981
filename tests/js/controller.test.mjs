// The controller (assets/js/play/controller.js) against a fake engine: a tiny game played through
// the same requests the session answers (new, play, undo, redo, view, chance, save, history,
// the computer's ai_* steps), with the store drawing into a list instead of a page.
import assert from "node:assert/strict";
import { test } from "node:test";
import { english } from "./helpers.mjs";

await english();
const { Controller } = await import("../../assets/js/play/controller.js");
const { History } = await import("../../assets/js/play/history.js");
const { Store } = await import("../../assets/js/common/store.js");
const { LocalTable } = await import("../../assets/js/table/local.js");

/**
 * A game of four moves ("a" or "b"), two seats taking turns; "roll" games put a chance
 * event (seat -1) before every move.  Answers as the session gives them, for `seat`.
 */
class FakeEngine {
  constructor({ chance = false, secret = false } = {}) {
    this.chance = chance;
    this.secret = secret;
    this.moves = [];
    this.undone = [];
    this.asked = [];
    this.thinking = 0;
  }

  current() {
    if (this.moves.length >= 4) return -2;
    const made = this.moves.filter((move) => move !== "die").length;
    if (this.chance && this.moves.at(-1) !== "die") return -1;
    return made % 2;
  }

  answer(seat = null) {
    const current = this.current();
    const over = current === -2;
    return { ok: true, seat, legal: current >= 0 ? ["a", "b"] : [],
      record: { game: "fake", moves: [...this.moves] }, can_undo: this.moves.length > 0,
      can_redo: this.undone.length > 0, undo_to: 0,
      view: { current, ply: this.moves.length, over, scores: [0, 0],
        winners: over ? [0] : [], hand: this.secret ? (seat === null ? null : `hand ${seat}`) : undefined } };
  }

  async call(op, args = {}) {
    this.asked.push({ op, ...args });
    const answer = this.respond(op, args);
    // asked for (the table asks with a change), a picture carries the move list and the save
    if (answer.view && args.history === true) answer.history = this.history().moves;
    if (answer.view && args.save === true) answer.saved = this.save();
    return answer;
  }

  history() {
    return { ok: true, moves: this.moves.map((move) => ({ move, seat: 0 })) };
  }

  save() {
    return { record: { game: "fake", moves: [...this.moves] }, picture: "" };
  }

  respond(op, args) {
    const seat = args.seat ?? null;
    switch (op) {
      case "new": this.moves = []; this.undone = []; return this.answer(seat);
      case "load": this.moves = [...args.record.moves]; return this.answer(seat);
      case "play":
        if (!["a", "b"].includes(args.move) || this.current() < 0) {
          return { ok: false, error: `${args.move} is not allowed here` };
        }
        this.moves.push(args.move);
        this.undone = [];
        return this.answer(seat);
      case "chance": this.moves.push("die"); return this.answer(seat);
      case "undo": this.undone.push(this.moves.pop()); return this.answer(seat);
      case "redo": this.moves.push(this.undone.pop()); return this.answer(seat);
      case "view": return this.answer(seat);
      case "save": return { ok: true, ...this.save() };
      case "history": return this.history();
      case "ai_prepare": case "ai_start": return { ok: true };
      case "ai_step":
        this.thinking += 1;
        if (this.thinking % 2) return { ok: true, done: false };
        this.moves.push("b");
        return { ...this.answer(seat), done: true };
      default: return { ok: false, error: `no op ${op}` };
    }
  }
}

/** A controller over a fake engine; the store draws at once (counted) instead of per frame. */
function setUp(options = {}) {
  const engine = new FakeEngine(options);
  const frames = [];
  const drawn = [];
  const store = new Store((state) => drawn.push(state.screen), (frame) => frames.push(frame));
  const flush = () => { while (frames.length) frames.shift()(); };
  const call = (op, args) => engine.call(op, args);
  const kept = [];
  const shown = [];
  const view = { tap: (ui, target) => ({ ui: {}, move: target }), board: { captured: () => false },
    setup: { options: [] } };
  const history = new History(store, call);
  const controller = new Controller(store, { table: new LocalTable(call), views: { fake: view }, history,
    keep: async (entry, base) => {
      kept.push({ ...entry, base });
      return options.written?.(entry, base) ?? { ok: true, revision: base + 1 };
    },
    saveId: () => "fake-1", hold: async (id) => options.hold?.(id) ?? true,
    loadLesson: async () => { throw new Error("no lessons here"); }, pause: async () => {},
    seed: () => 7, shown: (id) => shown.push(id) });
  store.state.kinds.set("fake", { information: options.secret ? "imperfect" : "perfect" });
  return { engine, store, controller, flush, frames, drawn, kept, shown };
}

/** A shell whose engine is up, with a new game of `seats` opened and settled. */
async function started(seats, options = {}) {
  const shell = setUp(options);
  shell.controller.engineStarted([]);
  shell.controller.start("fake", {}, seats, {});
  await settled(shell);
  return shell;
}

/** What `run` wrote to console.error (each call's arguments joined), kept off the output. */
async function consoleErrors(run) {
  const logged = [];
  const realError = console.error;
  console.error = (...args) => logged.push(args.join(" "));
  try {
    await run();
  } finally {
    console.error = realError;
  }
  return logged;
}

/** Wait until the controller has nothing under way (what inselApp.settled does in the page). */
async function settled({ controller, store }) {
  for (let i = 0; i < 50; i++) {
    await controller.actionsDone();
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!store.state.busy && !store.state.thinking) return;
  }
  throw new Error("never settled");
}

test("controller: a game chosen before the engine is up opens once it is", async () => {
  const shell = setUp();
  shell.controller.start("fake", {}, ["human", "human"], {});
  assert.equal(shell.store.state.waitingFor, "fake");
  assert.equal(shell.engine.asked.length, 0);
  shell.controller.engineStarted([]);
  await settled(shell);
  assert.equal(shell.store.state.screen, "play");
  assert.deepEqual(shell.engine.asked[0], { op: "new", game: "fake", options: {}, seed: 7 });
  assert.equal(shell.store.state.waitingFor, null);
});

test("controller: many changes, one redraw per frame", async () => {
  const shell = await started(["human", "human"]);
  assert.equal(shell.frames.length, 1, "one frame asked for all the changes of the opening");
  shell.flush();
  assert.deepEqual(shell.drawn, ["play"]);
  await shell.controller.play("a");
  await settled(shell);
  shell.flush();
  assert.equal(shell.drawn.length, 2);
  assert.equal(shell.frames.length, 0);
});

test("controller: a move is kept, its list re-read; a refused one says why and changes nothing", async () => {
  const shell = await started(["human", "human"]);
  assert.equal(shell.kept.length, 0, "a game without a move is not saved");
  await shell.controller.play("a");
  await settled(shell);
  assert.deepEqual(shell.kept.at(-1).record.moves, ["a"]);
  assert.deepEqual(shell.store.state.history.moves.map((entry) => entry.move), ["a"]);
  await shell.controller.play("z");
  await settled(shell);
  assert.deepEqual(shell.store.state.game.answer.record.moves, ["a"]);
  assert.equal(shell.store.state.message.error, true);
  assert.match(shell.store.state.message.text, /z is not allowed here/);
});

test("controller: one worker call a move between two people; the computer's answer adds only its thinking", async () => {
  // the answer to play carries what the screen, the move list and the save need (before the
  // table asked for them: play, history, save; and history, save again after the computer)
  const shell = await started(["human", "human"]);
  shell.engine.asked.length = 0;
  await shell.controller.play("a");
  await settled(shell);
  assert.deepEqual(shell.engine.asked.map((request) => request.op), ["play"]);
  assert.deepEqual(shell.kept.at(-1).record.moves, ["a"], "kept from the answer");
  assert.deepEqual(shell.store.state.history.moves.map((entry) => entry.move), ["a"]);
  assert.equal(shell.store.state.game.answer.saved, undefined, "the full record stays off the store");
  const against = await started(["human", "easy"]);
  against.engine.asked.length = 0;
  await against.controller.play("a");
  await settled(against);
  assert.deepEqual(against.engine.asked.map((request) => request.op),
    ["play", "ai_prepare", "ai_start", "ai_step", "ai_step"]); // the fake thinks two steps
  assert.deepEqual(against.kept.at(-1).record.moves, ["a", "b"]);
  assert.deepEqual(against.store.state.history.moves.map((entry) => entry.move), ["a", "b"]);
  against.engine.asked.length = 0;
  await against.controller.play("a");
  await settled(against);
  assert.deepEqual(against.engine.asked.map((request) => request.op),
    ["play", "ai_start", "ai_step", "ai_step"], "its player is imported once");
  assert.deepEqual(against.kept.at(-1).record.moves, ["a", "b", "a", "b"]);
});

test("controller: taps wait their turn and each sees the position the one before left", async () => {
  const shell = await started(["human", "human"]);
  const seen = [];
  const find = (move) => (view) => { seen.push(view.ply); return move; };
  await Promise.all([shell.controller.tap(find("a")), shell.controller.tap(find("b"))]);
  assert.deepEqual(seen, [0, 1]);
  assert.deepEqual(shell.store.state.game.answer.record.moves, ["a", "b"]);
});

test("controller: the computer answers, and undo goes back over its move to the person's turn", async () => {
  const shell = await started(["human", "medium"]);
  await shell.controller.play("a");
  await settled(shell);
  assert.deepEqual(shell.store.state.game.answer.record.moves, ["a", "b"], "the computer played b");
  assert.ok(shell.engine.asked.some((request) => request.op === "ai_step"));
  await shell.controller.undo();
  await settled(shell);
  assert.deepEqual(shell.store.state.game.answer.record.moves, [], "back to the person's first turn");
  await shell.controller.redo();
  await settled(shell);
  assert.deepEqual(shell.store.state.game.answer.record.moves, ["a", "b"]);
});

test("controller: leaving for the menu stops the computer's thinking", async () => {
  const shell = setUp();
  shell.engine.call = async function (op, args = {}) { // a search that never ends by itself
    if (op === "ai_step") { // each step answered later, as the worker's message comes
      await new Promise((resolve) => setTimeout(resolve, 0));
      this.thinking += 1;
      return { ok: true, done: false };
    }
    return FakeEngine.prototype.call.call(this, op, args);
  };
  shell.controller.engineStarted([]);
  shell.controller.start("fake", {}, ["medium", "human"], {});
  while (shell.engine.thinking < 3) await new Promise((resolve) => setTimeout(resolve, 0));
  shell.controller.toMenu();
  await settled(shell);
  const steps = shell.engine.thinking;
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(shell.store.state.screen, "menu");
  assert.ok(shell.engine.thinking <= steps + 1, "no step asked after the menu (one may be under way)");
  assert.deepEqual(shell.engine.moves, []);
});

test("controller: chance is drawn at once, and undo steps back over it", async () => {
  const shell = await started(["human", "human"], { chance: true });
  assert.deepEqual(shell.store.state.game.answer.record.moves, ["die"]);
  await shell.controller.play("a");
  await settled(shell);
  assert.deepEqual(shell.store.state.game.answer.record.moves, ["die", "a", "die"]);
  await shell.controller.undo();
  await settled(shell);
  assert.deepEqual(shell.store.state.game.answer.record.moves, ["die"]);
});

test("controller: with secrets and two people, the curtain falls when the turn passes", async () => {
  const shell = await started(["human", "human"], { secret: true });
  const { controller, store } = shell;
  assert.equal(store.state.game.answer.view.hand, null, "nobody's hand before the curtain lifts");
  assert.ok(controller.curtainDown(store.state.game.answer.view));
  assert.equal(controller.takesTaps(), false);
  await controller.liftCurtain();
  await settled(shell);
  assert.equal(store.state.game.answer.view.hand, "hand 0");
  await controller.play("a");
  await settled(shell);
  assert.equal(store.state.game.viewer, null);
  assert.equal(store.state.game.answer.view.hand, null, "seat 1 must not see seat 0's hand");
  assert.ok(controller.curtainDown(store.state.game.answer.view));
});

test("controller: one person against the computer always sees their own side", async () => {
  const shell = await started(["medium", "human"], { secret: true });
  assert.equal(shell.store.state.game.viewer, 1);
  assert.equal(shell.store.state.game.answer.view.hand, "hand 1");
  assert.equal(shell.controller.curtainDown(shell.store.state.game.answer.view), false);
});

test("controller: a finished game opens the game-over dialog; a record of another game is refused", async () => {
  const shell = setUp();
  shell.controller.engineStarted([]);
  const answer = await shell.controller.load({ game: "fake", moves: ["a", "b", "a", "b"] });
  await settled(shell);
  assert.ok(answer.ok);
  assert.equal(shell.store.state.dialog, "game-over");
  const refused = await shell.controller.load({ game: "chess", moves: [] });
  assert.equal(refused.ok, false);
  assert.match(refused.error, /chess/);
  assert.deepEqual(shell.store.state.game.answer.record.moves, ["a", "b", "a", "b"]);
});

test("controller: the saved game on screen is named for a reload, and forgotten on the menu", async () => {
  const shell = await started(["human", "human"]);
  assert.deepEqual(shell.shown, [null], "nothing saved yet: a reload shows the menu");
  await shell.controller.play("a");
  await settled(shell);
  assert.equal(shell.shown.at(-1), "fake-1");
  shell.controller.toMenu();
  assert.equal(shell.shown.at(-1), null);
});

// --- keeping: one writer per game, revisions, a full storage ------------------------------
test("controller: each save goes over the revision the one before wrote, one after the other", async () => {
  const shell = await started(["human", "human"]);
  await Promise.all([shell.controller.play("a"), shell.controller.play("b")]);
  await settled(shell);
  assert.deepEqual(shell.kept.map((entry) => entry.base), [0, 1]);
  assert.equal(shell.store.state.game.revision, 2);
});

test("controller: a resumed save goes on over its revision", async () => {
  const shell = setUp();
  shell.controller.engineStarted([]);
  await shell.controller.resume({ id: "fake-1", record: { game: "fake", moves: ["a"] },
    seats: ["human", "human"], revision: 5 });
  await settled(shell);
  await shell.controller.play("b");
  await settled(shell);
  assert.deepEqual(shell.kept.map((entry) => entry.base), [5, 6]);
});

test("controller: a game another tab writes is only shown: moves, undo, taps and the computer refused", async () => {
  const held = [];
  const shell = setUp({ hold: (id) => { held.push(id); return false; } });
  shell.controller.engineStarted([]);
  await shell.controller.resume({ id: "fake-1", record: { game: "fake", moves: ["a"] },
    seats: ["human", "medium"], revision: 3 });
  await settled(shell);
  assert.deepEqual(held, ["fake-1"]);
  assert.deepEqual(shell.store.state.readOnly, { why: "elsewhere" });
  assert.equal(shell.controller.takesTaps(), false);
  for (const act of [() => shell.controller.play("b"), () => shell.controller.undo(),
    () => shell.controller.tap(() => "b")]) {
    await act();
    await settled(shell);
  }
  assert.deepEqual(shell.store.state.game.answer.record.moves, ["a"], "nothing played, the computer neither");
  assert.equal(shell.kept.length, 0, "nothing written");
  assert.match(shell.store.state.message.text, /only shown in this tab/);
});

test("controller: continued in another tab, the game becomes read-only here", async () => {
  const shell = await started(["human", "human"]);
  await shell.controller.play("a");
  await settled(shell);
  shell.controller.lostWriter();
  assert.deepEqual(shell.store.state.readOnly, { why: "taken" });
  await shell.controller.play("b");
  await settled(shell);
  assert.deepEqual(shell.store.state.game.answer.record.moves, ["a"]);
  shell.controller.toMenu();
});

test("controller: a stale save is refused: told, read-only, the newer one offered", async () => {
  const newer = { id: "fake-1", record: { game: "fake", moves: ["a", "b", "a"] }, moves: 3 };
  const shell = await started(["human", "human"], {
    written: (entry, base) => (base >= 1 ? { ok: false, problem: "stale", saved: newer } : undefined) });
  await shell.controller.play("a");
  await settled(shell);
  assert.equal(shell.store.state.readOnly, null);
  await shell.controller.play("b"); // written over revision 1, but another tab wrote 2
  await settled(shell);
  assert.deepEqual(shell.store.state.readOnly, { why: "stale", saved: newer });
  await shell.controller.play("a");
  await settled(shell);
  assert.equal(shell.kept.length, 2, "never written again over the newer moves");
});

test("controller: a full storage is told, the game goes on, and a later save clears it", async () => {
  let full = true;
  const shell = await started(["human", "human"], {
    written: () => (full ? { ok: false, problem: "full" } : undefined) });
  await shell.controller.play("a");
  await settled(shell);
  assert.deepEqual(shell.store.state.unsaved, { why: "full", reason: "" });
  assert.equal(shell.store.state.readOnly, null);
  full = false;
  shell.controller.retryKeep();
  await settled(shell);
  assert.equal(shell.store.state.unsaved, null);
  assert.equal(shell.store.state.game.revision, 1);
});

test("controller: nothing fails unseen — a failed opening, tap or save is told and logged", async () => {
  const { t } = await english();
  const logged = await consoleErrors(async () => {
    const shell = setUp();
    const answer = await shell.controller.track(Promise.reject(new TypeError("no toString")));
    assert.deepEqual(answer, { ok: false, error: t("actionFailed") });
    assert.equal(shell.store.state.menuMessage, t("actionFailed")); // on the menu: its line
    const other = await started(["human", "human"]);
    await other.controller.inTurn(async () => { throw new Error("a tap broke"); });
    assert.deepEqual(other.store.state.message, { text: t("actionFailed"), error: true });
    const failing = await started(["human", "human"], { written: () => { throw new Error("no db"); } });
    await failing.controller.play("a");
    await settled(failing);
    assert.equal(failing.store.state.unsaved?.why, "failed"); // the banner offers the file
  });
  assert.equal(logged.length, 3);
  assert.match(logged.join("\n"), /no toString[^]*a tap broke[^]*no db/);
});

test("controller: a damaged save under the game's id is kept; the game moves beside it", async () => {
  const shell = await started(["human", "human"], {
    written: (entry) => (entry.id === "fake-1" ? { ok: false, problem: "damaged" } : { ok: true, revision: 1 }) });
  await shell.controller.play("a");
  await settled(shell);
  const ids = shell.kept.map((entry) => entry.id);
  assert.equal(ids[0], "fake-1");
  assert.match(ids[1], /^fake-1~/);
  assert.equal(shell.store.state.game.saveId, ids[1]);
  assert.equal(shell.store.state.beside, true);
});

test("controller: a lesson that cannot be read is told in our words, the browser's to the console", async () => {
  const { t } = await english();
  const logged = await consoleErrors(async () => {
    const shell = setUp();
    shell.controller.engineStarted([]);
    shell.controller.learn("fake", 2);
    await settled(shell);
    assert.equal(shell.store.state.menuMessage, t("loadingFailed"));
    assert.doesNotMatch(shell.store.state.menuMessage, /no lessons here/);
  });
  assert.match(logged.join("\n"), /no lessons here/);
});

test("move list: a look the table refuses is said, stops the replay and leaves the position shown", async (t) => {
  const store = new Store(() => {}, (frame) => frame());
  const refusal = "Not allowed: too many messages at once; wait a moment";
  const answers = [{ ok: true, ply: 1, view: { ply: 1 } }, { ok: false, error: refusal }];
  const history = new History(store, async () => answers.shift() ?? { ok: false, error: "none" });
  t.after(() => history.stop()); // (a replay left running would keep the test's process alive)
  store.update({ history: { moves: [{ seat: 0, move: "a" }, { seat: 1, move: "b" }, { seat: 0, move: "a" }],
    looking: null, replaying: false } });
  await history.show(1);
  assert.equal(history.ply(), 1);
  history.toggleReplay(); // replaying from move 1: its next look is refused
  assert.equal(store.state.history.replaying, true);
  await history.show(2);
  assert.deepEqual(store.state.message, { text: refusal, error: true });
  assert.equal(store.state.history.replaying, false);
  assert.equal(history.timer, null);
  assert.equal(history.ply(), 1); // the position looked at stays
});
