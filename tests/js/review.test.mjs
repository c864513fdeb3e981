// The review's logic without a page: the graph's points and picking (review-graph.js), and
// the Review's state in a store (review.js) against a fake engine: run in steps, the marks
// for the move list, the sheet closed and opened again without asking twice, a review
// dropped when the game changed under it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { english } from "./helpers.mjs";

await english();
const { drawGraph, plyAt, plyX } = await import("../../assets/js/play/review-graph.js");
const { Review } = await import("../../assets/js/play/review.js");

test("review graph: a point's x picks that point back, and picking stays in the game", () => {
  for (const count of [1, 2, 9, 61, 607]) {
    for (const width of [120, 310, 448]) {
      for (let ply = 0; ply < count; ply += Math.max(1, Math.floor(count / 17))) {
        assert.equal(plyAt(plyX(ply, count, width), count, width), ply, `${count} ${width} ${ply}`);
      }
      assert.equal(plyAt(-50, count, width), 0);
      assert.equal(plyAt(width + 50, count, width), Math.max(0, count - 1));
    }
  }
});

test("review graph: a dot for each marked move at the position after it, none for good ones", () => {
  const arcs = [];
  const ctx = new Proxy({ arc: (x, y, r) => arcs.push({ x, y, r }) }, {
    get: (target, key) => target[key] ?? (() => {}),
    set: () => true,
  });
  const points = [0.5, 0.6, 0.2, 0.25, 0.1];
  const moves = [{ ply: 0, mark: "good" }, { ply: 1, mark: "blunder" }, { ply: 3, mark: "inaccuracy" }];
  drawGraph(ctx, { width: 200, height: 100 }, points, moves, 2, { ink: "#000", area: "#fff", line: "#00f" });
  assert.deepEqual(arcs.map(({ x }) => Math.round(x)), [Math.round(plyX(2, 5, 200)), Math.round(plyX(4, 5, 200))]);
  assert.ok(arcs[0].r > arcs[1].r); // a blunder's dot is larger than an inaccuracy's
});

/** A store as the shell's: the state, and update(patch) merging into it. */
function fakeStore(game) {
  return { state: { game, turns: null, dialog: "game-over", historyOpen: false },
    update(patch = {}) { Object.assign(this.state, patch); } };
}

const RESULT = { ok: true, done: true, viewer: 0, points: [0.5, 0.4, 0.1],
  moves: [{ ply: 0, seat: 0, move: "d3", mark: "mistake", loss: 0.2, better: "c4",
    reason: null, reason_of: "better" }, { ply: 1, seat: 0, move: "e6", mark: "good", loss: 0 }] };

function fakeReview(game, answers) {
  const store = fakeStore(game);
  const asked = [];
  const review = new Review(/** @type {any} */ (store), {
    view: () => /** @type {any} */ ({}), judged: () => [0],
    judge: async (op, args) => { asked.push({ op, ...args }); return answers.shift(); },
  });
  return { store, review, asked };
}

test("review: runs in steps with progress, opens its sheet, marks the moves that lost", async () => {
  const game = { id: "othello", answer: { view: { over: true } } };
  const { store, review, asked } = fakeReview(game, [
    { ok: true, done: false, progress: { done: 1, of: 3 } }, RESULT]);
  assert.ok(review.offered());
  await review.start();
  assert.equal(asked.length, 2);
  assert.deepEqual(asked[0].seats, [0]);
  assert.ok(review.isOpen());
  assert.equal(store.state.dialog, null); // the game-over panel gives way to the sheet
  assert.deepEqual([...review.marks().keys()], [0]);
  assert.equal(review.marks().get(0).sign, "?");
  assert.deepEqual(review.marked().map((move) => move.ply), [0]);
  assert.deepEqual(review.taught().map((move) => move.better), ["c4"]);
  review.close();
  assert.ok(!review.isOpen() && review.result()); // closed, still found
  assert.equal(review.marks().size, 1); // the move list keeps its marks
  review.show();
  assert.ok(review.isOpen());
  assert.equal(asked.length, 2); // opened again without asking the engine
});

test("review: a game changed under it drops the review, and a refusal is told", async () => {
  const game = { id: "othello", answer: { view: { over: true } } };
  const { store, review } = fakeReview(game, [{ ok: true, done: false, progress: { done: 1, of: 3 } }, RESULT]);
  const running = review.start();
  store.state.game = { ...game, answer: { view: { over: true } } }; // a new game meanwhile
  await running;
  assert.equal(review.result(), null);
  assert.ok(!review.isOpen());
  // the game changed while the last step was thought: the new game's screen is left alone
  const late = fakeReview(game, [RESULT]);
  const judge = late.review.act.judge;
  late.review.act.judge = async (op, args) => {
    const answer = await judge(op, args);
    late.store.update({ game: { ...game }, turns: null, dialog: "setup" });
    return answer;
  };
  await late.review.start();
  assert.equal(late.store.state.turns, null);
  assert.equal(late.store.state.dialog, "setup");
  const refused = fakeReview(game, [{ ok: false, error: "not over" }]);
  await refused.review.start();
  assert.equal(refused.store.state.turns.error, "not over");
  assert.equal(refused.review.result(), null);
  assert.ok(!fakeReview({ id: "othello", answer: { view: { over: false } } }, []).review.offered());
});
