// Wort-Reversi's tile words keep the play screen's label floor (views/labels.js) where the
// tile has room for it: a long word is narrowed further (LAST_SQUEEZE) or laid out in fewer
// lines, and a short one is not held below the floor by the usual cap of 0.3 of a cell
// (tests/browser/test_legibility.py measures the real fonts at four screen sizes).
import assert from "node:assert/strict";
import { test } from "node:test";
import { samplePositions } from "./helpers.mjs";

const { VIEWS } = await import("../../assets/js/views/index.js");
const { labelsOn } = await import("../../assets/js/views/labels.js");

/** A 2D context whose text is 0.6 of its font's size wide a character; draws nothing. */
function measuringContext() {
  const target = { canvas: { width: 300, height: 300 }, font: "10px sans-serif" };
  return new Proxy(target, {
    get(object, name) {
      if (name in object) return object[name];
      if (name === "measureText") {
        return (text) => ({ width: String(text).length * 0.6 * parseFloat(object.font) });
      }
      if (name === "getLineDash") return () => [];
      if (name === "getTransform") return () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 });
      return () => ({ addColorStop() {}, setTransform() {} });
    },
    set(object, name, value) { object[name] = value; return true; },
  });
}

/** The sizes (CSS px) of the lines of `word` on a tile of a board `width` px wide. */
function tileSizes(word, width, floor) {
  const view = structuredClone(samplePositions("wortreversi").at(-1).answers[0].view);
  const square = view.cells.findIndex((colour) => colour !== null);
  view.words[square] = word;
  const ctx = measuringContext();
  VIEWS.wortreversi.board.draw(ctx, { width, height: width, floor }, view, {});
  return labelsOn(ctx.canvas).filter((label) => label.place === view.names[square])
    .map((label) => label.size);
}

test("Wort-Reversi: tile words at the floor where a small tile has room for it", () => {
  // a phone's board squeezed to 280–300 px: these fell to 11.0–11.9 px before
  for (const [word, width] of [["der Kühlschrank", 300], ["das Krankenhaus", 280],
    ["die Straßenbahnen", 280], ["das Flugzeug", 280], ["das Nashorn", 280], ["die Maus", 260]]) {
    const sizes = tileSizes(word, width, 12);
    assert.ok(sizes.length > 0 && sizes.every((size) => size >= 12), `${word} at ${width}: ${sizes}`);
  }
});

test("Wort-Reversi: a picture (no floor) keeps its tile words within 0.3 of a cell", () => {
  const sizes = tileSizes("die Maus", 260, 0);
  assert.ok(sizes.every((size) => size <= 260 / 6 * 0.3), `${sizes}`);
});
