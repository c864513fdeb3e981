// The print page's island tiling (assets/js/print/inselspiel.js): the default map's island on
// four A4 sheets laid landscape or one A3 sheet, every part of it on some sheet, neighbours
// sharing a strip with the join (cut line and ticks) inside it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { english } from "./helpers.mjs";

await english();
const { PAPERS, tiling } = await import("../../assets/js/print/inselspiel.js");
const ASPECT = 1000 / 760; // assets/maps/default.json

for (const [name, paper] of Object.entries(PAPERS)) {
  test(`the island on ${name}: covered, joins inside what neighbours share`, () => {
    const layout = tiling(paper, ASPECT);
    const across = paper.width - paper.left - paper.right;
    const down = paper.height - paper.top - paper.bottom;
    assert.equal(layout.tiles.length, paper.columns * paper.rows);
    assert.ok(Math.abs(layout.width / layout.height - ASPECT) < 1e-9);
    for (const tile of layout.tiles) { // each sheet's picture fits its paper and the island
      assert.ok(tile.width <= across + 1e-9 && tile.height <= down + 1e-9);
      assert.ok(tile.x >= 0 && tile.x + tile.width <= layout.width + 1e-9);
      assert.ok(tile.y >= 0 && tile.y + tile.height <= layout.height + 1e-9);
    }
    // the island fills the paper one way: as large as the sheets allow
    assert.ok(Math.abs(layout.width - paper.columns * across + (paper.columns - 1) * 16) < 1e-9
      || Math.abs(layout.height - paper.rows * down + (paper.rows - 1) * 16) < 1e-9);
    const axes = [[layout.joinsX, "x", "width", layout.width],
      [layout.joinsY, "y", "height", layout.height]];
    for (const [joins, step, span, size] of axes) {
      const starts = [...new Set(layout.tiles.map((tile) => tile[step]))].sort((a, b) => a - b);
      const ends = starts.map((start) => start + layout.tiles[0][span]);
      assert.equal(starts[0], 0);
      assert.ok(Math.abs(ends.at(-1) - size) < 1e-9, "the last sheet reaches the island's edge");
      assert.equal(joins.length, starts.length - 1);
      joins.forEach((join, k) => { // shared: from the next sheet's start to this one's end
        assert.ok(ends[k] - starts[k + 1] >= 16 - 1e-9, "neighbours share at least 16 mm");
        assert.ok(join - starts[k + 1] >= 5 && ends[k] - join >= 5,
          "the join's ticks lie on both sheets");
      });
    }
  });
}
