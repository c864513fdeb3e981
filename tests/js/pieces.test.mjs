// The side panel's pieces (assets/js/views/pieces.js): where a die's pips sit.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./helpers.mjs";

const { pipCells } = await import("../../assets/js/views/pieces.js");

test("each face of the die has as many pips as its number, laid out as on a real die", () => {
  for (let value = 1; value <= 6; value++) {
    const cells = pipCells(value);
    assert.equal(cells.length, value, `face ${value}`);
    assert.equal(new Set(cells).size, value, `face ${value}: two pips in one place`);
    assert.ok(cells.every((cell) => Number.isInteger(cell) && cell >= 0 && cell <= 8), `face ${value}`);
    // a die's faces look the same turned half round: cell c and cell 8 - c go together
    assert.deepEqual([...cells].map((cell) => 8 - cell).sort(), [...cells].sort(), `face ${value}`);
    assert.equal(cells.includes(4), value % 2 === 1, `face ${value}: the middle pip on odd faces only`);
  }
  assert.deepEqual(pipCells(2).filter((cell) => pipCells(3).includes(cell)), pipCells(2)); // 3 = 2 + middle
});

test("a die not thrown (0) or an unknown number shows a blank face", () => {
  for (const value of [0, 7, -1, undefined, null]) assert.deepEqual(pipCells(value), []);
});
