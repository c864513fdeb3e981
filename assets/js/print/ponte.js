// Ponte del Diavolo to print: the empty board drawn by the game's view, then the box's
// light and dark tiles (the size of the board's squares) and its bridges to cut out.
import { gridGeometry } from "../views/grid.js";
import { COLOURS, ponteView } from "../views/ponte/ponte.js";
import { plural, t } from "../common/strings.js";
import { PAGE, at, boardCanvas, canvasMm, ofSize, pieceSheets, sheet, sizeChoices }
  from "./sheets.js";

const BOARD = 180; // mm

/** @typedef {import("../views/ponte/ponte.js").PonteView} PonteView */
/** @typedef {import("../views/ponte/ponte.js").Side} Side */

/** A tile of `colour` ("L" or "D") filling a square of `side` mm, as the board shows it.
 * @param {Side} colour
 * @param {number} side */
function tile(colour, side) {
  return canvasMm(side, side, (ctx) => {
    const inset = side * 0.06;
    ctx.fillStyle = COLOURS[colour].fill;
    ctx.strokeStyle = COLOURS[colour].edge;
    ctx.lineWidth = side * 0.05;
    ctx.beginPath();
    ctx.roundRect(inset, inset, side - 2 * inset, side - 2 * inset, side * 0.12);
    ctx.fill();
    ctx.stroke();
  });
}

/** A bridge: a plank long enough to lie from tile to tile over the longest span (the
 *  diagonal, 2.8 squares between centres).
 * @param {number} width
 * @param {number} height */
function bridge(width, height) {
  return canvasMm(width, height, (ctx) => {
    ctx.lineCap = "round";
    /** @type {[number, string][]} */
    const layers = [[0.8, COLOURS.plankEdge], [0.56, COLOURS.plank]];
    for (const [share, colour] of layers) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = height * share;
      ctx.beginPath();
      ctx.moveTo(height / 2, height / 2);
      ctx.lineTo(width - height / 2, height / 2);
      ctx.stroke();
    }
  });
}

/** @type {import("./sheets.js").GamePrint} */
export const pontePrint = {
  choice: "size",
  /** @param {PonteView[]} views */
  choices(views) { return sizeChoices(views); },

  /** @param {PonteView[]} views @param {string} size */
  sheets(views, size) {
    const view = ofSize(views, size);
    if (view.tiles_left === null) throw new Error("assets/print.json: Ponte without its box");
    const board = sheet(t("pp_board", { game: t("game_ponte") }),
      t("pp_ponteBoard", { size: `${view.size} × ${view.size}` }), "board-sheet");
    board.append(at(boardCanvas(ponteView, view, BOARD), PAGE.left, PAGE.top));
    const cell = gridGeometry({ width: BOARD, height: BOARD }, view.size).cell;
    const planks = { width: cell * 3, height: cell * 0.5 };
    const pieces = pieceSheets(t("pp_pieces", { game: t("game_ponte") }), t("pp_ponteHelp"), [
      { label: plural("pp_lightTiles", view.tiles_left.L), count: view.tiles_left.L, width: cell,
        height: cell, piece: () => tile("L", cell) },
      { label: plural("pp_darkTiles", view.tiles_left.D), count: view.tiles_left.D, width: cell,
        height: cell, piece: () => tile("D", cell) },
      { label: plural("pp_bridges", view.bridges_left), count: view.bridges_left, ...planks,
        piece: () => bridge(planks.width, planks.height) },
    ]);
    return [board, ...pieces];
  },
};
