// Othello to print (6×6 or 8×8): the empty board drawn by the game's view, the starting
// squares named, and a disc for every square to cut out and fold: dark on one half, light
// on the other, so a disc turns over as in the game.
import { gridGeometry } from "../views/grid.js";
import { COLOURS, othelloView } from "../views/reversi/reversi.js";
import { formatList, plural, t } from "../common/strings.js";
import { PAGE, at, boardCanvas, canvasMm, ofSize, pieceSheets, sheet, sizeChoices }
  from "./sheets.js";

const BOARD = 180; // mm

/** @typedef {import("../views/reversi/reversi.js").ReversiView} ReversiView */

/** The squares that hold colour `colour` in `view`.
 * @param {ReversiView} view
 * @param {number} colour */
const squaresOf = (view, colour) => view.names.filter((_, i) => view.cells[i] === colour);

/** A folding disc: two discs `side` mm across side by side, dark and light, a fold between.
 * @param {number} side */
function foldingDisc(side) {
  return canvasMm(2 * side, side, (ctx) => {
    COLOURS.pieces.forEach((piece, k) => {
      ctx.fillStyle = piece.fill;
      ctx.strokeStyle = piece.edge;
      ctx.lineWidth = side * 0.04;
      ctx.beginPath();
      ctx.arc(side * (k + 0.5), side / 2, side * 0.46, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    });
    ctx.strokeStyle = "#9aa3a8";
    ctx.lineWidth = 0.2;
    ctx.setLineDash([1, 1]);
    ctx.beginPath();
    ctx.moveTo(side, 0);
    ctx.lineTo(side, side);
    ctx.stroke();
  });
}

/** @type {import("./sheets.js").GamePrint} */
export const othelloPrint = {
  choice: "size",
  /** @param {ReversiView[]} views */
  choices(views) { return sizeChoices(views); },

  /** @param {ReversiView[]} views @param {string} size */
  sheets(views, size) {
    const start = ofSize(views, size);
    const empty = { ...start, cells: start.cells.map(() => null), candidates: [], last_move: null };
    const [dark, light] = [0, 1].map((colour) => formatList(squaresOf(start, colour)));
    const game = `${t("game_othello")} ${start.size} × ${start.size}`;
    const board = sheet(t("pp_board", { game }),
      t("pp_othelloBoard", { dark, light }), "board-sheet");
    board.append(at(boardCanvas(othelloView, empty, BOARD), PAGE.left, PAGE.top));
    const side = gridGeometry({ width: BOARD, height: BOARD }, start.size).cell * 0.85;
    const count = start.size * start.size;
    const discs = pieceSheets(t("pp_pieces", { game: t("game_othello") }), t("pp_othelloHelp"), [
      { label: plural("pp_discs", count), count, width: 2 * side, height: side,
        piece: () => foldingDisc(side) },
    ]);
    return [board, ...discs];
  },
};
