// The controller's parts (assets/js/play/*.js, joined by controller.js), each over a fake
// controller: only the parts and doors it uses, a table that answers from a script, and a
// game that refuses any write made outside the store's update (controller.test.mjs plays
// whole games through all of them together).
import assert from "node:assert/strict";
import { test } from "node:test";
import { english } from "./helpers.mjs";

await english();
const { Curtain } = await import("../../assets/js/play/curtain.js");
const { Lessons } = await import("../../assets/js/play/lessons.js");
const { ComputerTurn } = await import("../../assets/js/play/computer-turn.js");
const { Saving } = await import("../../assets/js/play/saving.js");
const { Tapping } = await import("../../assets/js/play/tapping.js");
const { Opening } = await import("../../assets/js/play/opening.js");
const { Turns } = await import("../../assets/js/play/turns.js");
const { Store } = await import("../../assets/js/common/store.js");

/** An answer for seat `seat`, `current` to move, of a two-seat game. */
const answer = (current, extra = {}) => ({ ok: true, seat: null, legal: ["a"],
  record: { game: "g", moves: [] }, view: { current, ply: 0, over: false, scores: [0, 0] }, ...extra });

/**
 * A fake controller with a store whose game refuses writes outside update(); `table` answers
 * each op from `script[op]` (a function of the viewer) and lists what was asked.
 */
function fake({ seats = ["human", "human"], information = "imperfect", script = {}, ...more } = {}) {
  let inside = false;
  const store = new Store(() => {}, () => {});
  const update = store.update.bind(store);
  store.update = (patch) => { inside = true; try { update(patch); } finally { inside = false; } };
  const plain = { id: "g", seats, computer: {}, names: null, revision: 0, answer: answer(0), ui: {},
    viewer: null, saveId: "g-1", options: {} };
  const game = new Proxy(plain, { set(target, key, value) {
    if (!inside) throw new Error(`state.game.${String(key)} written outside the store's update`);
    target[key] = value;
    return true;
  } });
  store.state.kinds.set("g", { information });
  store.update({ game, screen: "play" });
  const asked = [];
  const said = [];
  const ask = (op) => (...args) => { asked.push([op, ...args]); return Promise.resolve(script[op]?.(...args) ?? answer(0)); };
  const table = Object.fromEntries(["start", "open", "play", "chance", "undo", "redo", "view", "save",
    "prepareComputer", "computerMove"].map((op) => [op, ask(op)]));
  const ctl = { store, state: store.state, table, asked, said,
    needs: { views: { g: { tap: (ui, target) => (target === "x" ? { ui: { x: 1 } } : { ui: {}, move: target }),
      setup: { chanceByHand: () => false } } }, pause: async () => {}, sound: () => {}, shown: () => {},
    hold: async () => true, seed: () => 5, saveId: () => "g-1", copyId: () => "g-1~2" },
    history: { view: () => null, stop: () => {}, refresh: (moves) => asked.push(["refresh", moves]) },
    say: (text, error) => said.push([text, Boolean(error)]), notify: (text) => said.push([text, true]),
    failed: (error) => { throw error; }, ...more };
  ctl.curtain = new Curtain(ctl);
  return { ctl, game, store };
}

test("curtain: the turn passing to another person here lowers it; one person's side stays shown", async () => {
  const two = fake({ script: { view: () => answer(1, { seat: null }) } });
  two.store.update(() => { two.game.viewer = 0; });
  const after = await two.ctl.curtain.fallen(two.game, answer(1, { seat: 0 }));
  assert.equal(two.game.viewer, null);
  assert.deepEqual(two.ctl.asked, [["view", { seat: null }]]);
  assert.equal(after.seat, null, "the public view is what is shown");
  assert.equal(two.ctl.curtain.down(after.view), true, "seat 1 has not lifted it yet");
  const alone = fake({ seats: ["human", "easy"] });
  assert.equal(alone.ctl.curtain.firstViewer(alone.game), 0, "nobody to hide the side from");
  assert.equal(two.ctl.curtain.firstViewer(two.game), null);
  assert.equal(fake({ information: "perfect" }).ctl.curtain.firstViewer(alone.game), null);
  assert.deepEqual(fake({ information: "perfect" }).ctl.curtain.viewerArgs(), {});
});

test("curtain: lifting shows the side of the person to move, asked in their turn", async () => {
  const { ctl, game } = fake();
  ctl.turns = { request: (op) => { ctl.asked.push(["request", op]); } };
  ctl.curtain.lift();
  assert.equal(game.viewer, 0);
  assert.deepEqual(ctl.asked, [["request", "view"]]);
  assert.deepEqual(ctl.curtain.viewerArgs(), { seat: 0 });
});

test("lessons: a detour clears the selection and says so; skipping hands over to the computer", () => {
  const { ctl, game, store } = fake();
  ctl.computer = { turn: () => ctl.asked.push(["computer"]) };
  const lessons = new Lessons(ctl);
  store.update(() => { game.ui = { from: "a1" }; game.lesson = { learner: 0, step: () => ({ move: "a", ply: 0 }) }; });
  assert.deepEqual(lessons.step(), { move: "a", ply: 0 });
  assert.deepEqual(lessons.detour(), { ok: false });
  assert.deepEqual(game.ui, {});
  assert.equal(ctl.said.at(-1)[1], true);
  lessons.skip();
  assert.equal(game.lesson, null);
  assert.equal(lessons.step(), null);
  assert.deepEqual(ctl.asked, [["computer"]]);
});

test("computer turn: the computer at the seat to move plays at the table; a cancelled turn is dropped", async () => {
  const { ctl, store } = fake({ seats: ["human", "hard"], information: "perfect" });
  const settled = [];
  ctl.turns = { settle: async (got, op) => settled.push([got.view.current, op]) };
  store.update(() => { ctl.state.game.answer = answer(1); });
  await new ComputerTurn(ctl).turn();
  assert.deepEqual(ctl.asked[0].slice(0, 5), ["computerMove", "g", "hard", {}, {}]);
  assert.deepEqual(settled, [[0, "ai_step"]]);
  assert.equal(ctl.state.thinking, null);
  ctl.table.computerMove = async () => { store.update({ thinking: null }); return answer(0); }; // undo meanwhile
  await new ComputerTurn(ctl).turn();
  assert.equal(settled.length, 1, "an answer after the turn was cancelled is not shown");
  store.update(() => { ctl.state.game.answer = answer(0); });
  await new ComputerTurn(ctl).turn();
  assert.equal(settled.length, 1, "a person's turn: nothing asked");
});

test("saving: the save an answer carried is written without asking; else the table is asked", async () => {
  const written = [];
  const { ctl, game } = fake();
  ctl.needs.keep = async (entry, base) => { written.push([entry.record.moves, base]); return { ok: true, revision: base + 1 }; };
  const saving = new Saving(ctl);
  await saving.keep({ record: { game: "g", moves: ["a"], seed: 1 }, picture: {} });
  assert.deepEqual(written, [[["a"], 0]]);
  assert.equal(game.revision, 1);
  assert.equal(ctl.asked.length, 0, "nothing asked of the table");
  ctl.table.save = async () => ({ ok: true, record: { game: "g", moves: ["a", "b"], seed: 1 }, picture: {} });
  await saving.keep();
  assert.deepEqual(written.at(-1), [["a", "b"], 1]);
  assert.equal(game.revision, 2);
});

test("saving: beside a damaged save under a new id; a newer revision leaves the game only shown", async () => {
  const { ctl, game } = fake();
  const answers = [{ ok: false, problem: "damaged" }, { ok: true, revision: 1 }, { ok: false, problem: "stale", saved: "newer" }];
  const ids = [];
  ctl.needs.keep = async (entry) => { ids.push(entry.id); return answers.shift(); };
  const saving = new Saving(ctl);
  const saved = { record: { game: "g", moves: ["a"], seed: 1 }, picture: {} };
  await saving.keep(saved);
  assert.deepEqual(ids, ["g-1", "g-1~2"]);
  assert.equal(game.saveId, "g-1~2");
  assert.equal(ctl.state.beside, true);
  await saving.keep(saved);
  assert.deepEqual(ctl.state.readOnly, { why: "stale", saved: "newer" });
  assert.equal(saving.refusedHere(), true);
});

test("tapping: a tap becomes a selection, a move or nothing, as the moment allows", async () => {
  const { ctl, game, store } = fake({ information: "perfect" });
  const changed = [];
  ctl.turns = new Turns(ctl);
  ctl.turns.change = async (op, args) => { changed.push([op, args.move]); };
  ctl.saving = { refusedHere: () => false };
  const tapping = new Tapping(ctl);
  await tapping.tap(() => "x");
  assert.deepEqual(game.ui, { x: 1 });
  await tapping.tap(() => "a");
  assert.deepEqual(changed, [["play", "a"]]);
  store.update({ thinking: {} });
  assert.equal(tapping.takesTaps(), false, "not while the computer thinks");
  store.update(() => { ctl.state.thinking = null; game.seats = ["link", "human"]; });
  assert.equal(tapping.awayToMove(), true);
  assert.equal(tapping.takesTaps(), false, "not a friend's move by link");
});

test("opening: a game chosen before the engine is up waits; a record of no known game is refused", async () => {
  const { ctl } = fake();
  const opening = new Opening(ctl);
  let ran = 0;
  ctl.state.ready = false;
  opening.whenEngine("g", () => { ran += 1; });
  assert.equal(ctl.state.waitingFor, "g");
  opening.engineStarted([{ id: "h", information: "perfect", min_players: 2 }]);
  assert.equal(ran, 1);
  assert.equal(opening.seatCount({ game: "h", options: {} }), 2);
  assert.equal(opening.seatCount({ game: "nope" }), null);
  const refused = await opening.load({ game: "nope" });
  assert.equal(refused.ok, false);
  assert.match(refused.error, /nope/);
});

test("turns: an answer taken hands its move list and save on, and only the picture to the store", () => {
  const { ctl, game } = fake({ information: "perfect" });
  const kept = [];
  ctl.saving = { keep: (saved) => kept.push(saved) };
  ctl.computer = { turn: () => {} };
  const turns = new Turns(ctl);
  const moves = [{ seat: 0, move: "a" }];
  turns.accept(answer(1, { history: moves, saved: { record: "full", picture: {} } }));
  assert.deepEqual(ctl.asked, [["refresh", moves]]);
  assert.deepEqual(kept, [{ record: "full", picture: {} }]);
  assert.equal(game.answer.view.current, 1);
  assert.equal("saved" in game.answer || "history" in game.answer, false);
});

test("turns: a refresh of the same position keeps a half-made move; a new position clears it", () => {
  const { ctl, game, store } = fake({ information: "perfect" });
  ctl.saving = { keep: () => {} };
  ctl.computer = { turn: () => {} };
  const turns = new Turns(ctl);
  store.update(() => { game.ui = { cards: [1] }; }); // a card picked, its line not yet tapped
  turns.accept(answer(0)); // another device's news that changes nothing here (a live table)
  assert.deepEqual(game.ui, { cards: [1] });
  turns.accept(answer(0, { seat: 1 })); // the same moves shown to another seat
  assert.deepEqual(game.ui, {});
  store.update(() => { game.ui = { cards: [1] }; });
  turns.accept(answer(1, { record: { game: "g", moves: ["a"] } })); // a move was made
  assert.deepEqual(game.ui, {});
});

test("turns: chance is drawn at the table until a person is to move; an unknown request is refused", async () => {
  const draws = [answer(-1), answer(1)];
  const { ctl } = fake({ information: "perfect", script: { chance: () => draws.shift() } });
  const turns = new Turns(ctl);
  const after = await turns.drawChance(answer(-1), "play", {});
  assert.equal(after.view.current, 1);
  assert.deepEqual(ctl.asked.map(([op]) => op), ["chance", "chance"]);
  assert.equal((await turns.ask("resign", {}, {})).ok, false);
});
