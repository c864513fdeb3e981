// A linked record beside this browser's save of the same game (assets/js/boot/arrivals.js): the
// moves are compared, not counted; other options are another game.
import "fake-indexeddb/auto";
import assert from "node:assert/strict";
import { test } from "node:test";
import "./helpers.mjs";

const { differsFrom } = await import("../../assets/js/boot/arrivals.js");
const saved = { game: "ponte", options: { size: 10 }, seed: 7, moves: ["a", "b", "c"] };

test("arrivals: a link continues a save only when its moves begin with all of the saved ones", () => {
  assert.equal(differsFrom(saved, { ...saved }), null, "the same");
  assert.equal(differsFrom(saved, { ...saved, moves: ["a", "b", "c", "d"] }), null, "one more");
  assert.equal(differsFrom(saved, { ...saved, moves: ["a", "b"] }), null, "behind it (asked, as older)");
  assert.equal(differsFrom(saved, { ...saved, moves: ["x", "b", "c", "d"] }), 1, "move 1 changed, one more");
  assert.equal(differsFrom(saved, { ...saved, moves: ["a", "b", "x"] }), 3, "the same count, move 3 changed");
  assert.equal(differsFrom(saved, { ...saved, moves: ["a", "x"] }), 2, "fewer, and another move 2");
  assert.equal(differsFrom(saved, { ...saved, moves: "abc" }), null, "no moves: nothing to compare");
  assert.equal(differsFrom(saved, { ...saved, options: { size: 10, physical_dice: true } }), 0, "other options");
  assert.equal(differsFrom(saved, { ...saved, options: undefined }), 0);
});
