// Inselspiel to print: the island (the default map) drawn by the game's view, tiled over four
// A4 sheets laid landscape (2 × 2) that overlap, with a cut line and alignment ticks at each
// join, or on one A3 sheet; then counters for every colour's stones, in its colour and shape
// and the size the island's stones have on that print.
import { plural, t } from "../common/strings.js";
import { inselspielView, seatStyle, stone } from "../views/inselspiel/inselspiel.js";
import { canvasMm, at, pieceSheets, sheet } from "./sheets.js";

const SCREEN = 1300; // the island is laid out as on a screen this many CSS pixels wide
const ISLAND_PX_PER_MM = 8; // a large picture: 200 dpi keeps the canvases small enough
const MIN_OVERLAP = 16; // mm that neighbouring sheets share at least
const TICKS = 5; // alignment ticks along each join
const COUNTERS = 24; // per colour, two rows: all six colours on one page; print it again for more

/** @typedef {import("../views/inselspiel/inselspiel.js").InselView} InselView */
/** A sheet of paper for the island: its class, size and margins (mm), sheets across and down.
 * @typedef {{className: string, width: number, height: number, left: number, top: number,
 *            right: number, bottom: number, columns: number, rows: number}} Paper */
/** One sheet's part of the island: its place in the grid of sheets, and on the island (mm).
 * @typedef {{column: number, row: number, x: number, y: number, width: number,
 *            height: number}} Tile */
/** The island's size on paper (mm), its sheets, and the joins between them.
 * @typedef {{width: number, height: number, tiles: Tile[], joinsX: number[],
 *            joinsY: number[]}} Layout */

// Paper: its sheet class, size and the island's area on it (mm), and how many sheets across
// and down.
export const PAPERS = {
  a4: { className: "landscape", width: 297, height: 210, left: 8, top: 13, right: 8, bottom: 6,
    columns: 2, rows: 2 },
  a3: { className: "a3", width: 420, height: 297, left: 10, top: 14, right: 10, bottom: 8,
    columns: 1, rows: 1 },
};

/** Where each sheet's picture lies on the island (mm from its top-left), and the joins.
 * @param {Paper} paper
 * @param {number} aspect width / height of the island
 * @returns {Layout} */
export function tiling(paper, aspect) {
  const across = paper.width - paper.left - paper.right;
  const down = paper.height - paper.top - paper.bottom;
  const width = Math.min(paper.columns * across - (paper.columns - 1) * MIN_OVERLAP,
    aspect * (paper.rows * down - (paper.rows - 1) * MIN_OVERLAP));
  const height = width / aspect;
  /** @type {(size: number, span: number, count: number) => number} */
  const step = (size, span, count) => (count > 1 ? (size - span) / (count - 1) : 0);
  const dx = step(width, across, paper.columns);
  const dy = step(height, down, paper.rows);
  // a join lies in the middle of what two neighbours share
  /** @type {(count: number, d: number, span: number) => number[]} */
  const joins = (count, d, span) => Array.from({ length: count - 1 },
    (_, k) => (k + 1) * d + (span - d) / 2);
  /** @type {Tile[]} */
  const tiles = [];
  for (let row = 0; row < paper.rows; row++) {
    for (let column = 0; column < paper.columns; column++) {
      tiles.push({ column, row, x: column * dx, y: row * dy, width: Math.min(across, width),
        height: Math.min(down, height) });
    }
  }
  return { width, height, tiles, joinsX: joins(paper.columns, dx, across),
    joinsY: joins(paper.rows, dy, down) };
}

/** The joins on one sheet: its cut lines (joins at its left or top: cut there and lay the
 *  sheet on its neighbour) and its lines to cover (joins at its right or bottom), with ticks
 *  across every join that run on from sheet to sheet once they lie right.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} layout
 * @param {Tile} tile */
function drawJoins(ctx, layout, tile) {
  /** @type {(x1: number, y1: number, x2: number, y2: number) => void} */
  const line = (x1, y1, x2, y2) => {
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
    ctx.stroke();
  };
  ctx.lineWidth = 0.3;
  ctx.strokeStyle = "#111111";
  for (const [joins, vertical, first] of /** @type {[number[], boolean, number][]} */ (
    [[layout.joinsX, true, tile.x], [layout.joinsY, false, tile.y]])) {
    for (const join of joins) {
      const cut = join > first && join < first + (vertical ? tile.width : tile.height) / 2;
      ctx.setLineDash(cut ? [2, 1.5] : []);
      if (vertical) line(join, 0, join, layout.height);
      else line(0, join, layout.width, join);
      ctx.setLineDash([]);
      for (let k = 1; k <= TICKS; k++) {
        const along = ((vertical ? layout.height : layout.width) * k) / (TICKS + 1);
        if (vertical) line(join - 6, along, join + 6, along);
        else line(along, join - 6, along, join + 6);
      }
    }
  }
}

/** One sheet of the island: its part of the picture, the joins, and which sheet it is.
 * @param {InselView} view
 * @param {Paper} paper
 * @param {Layout} layout
 * @param {Tile} tile
 * @param {number} count the sheets of the island */
function islandSheet(view, paper, layout, tile, count) {
  const where = t(`pp_where_${tile.row}${tile.column}`);
  const heading = count > 1
    ? t("pp_islandSheet", { game: t("game_inselspiel"), map: view.map.name,
      n: tile.row * paper.columns + tile.column + 1, count, where })
    : t("pp_islandOne", { game: t("game_inselspiel"), map: view.map.name });
  const help = count > 1 ? t("pp_islandJoin") : "";
  const page = sheet(heading, help, `island-sheet ${paper.className}`);
  const screenHeight = SCREEN / inselspielView.board.aspect(view);
  const scale = layout.width / SCREEN; // mm per screen pixel
  const picture = canvasMm(tile.width, tile.height, (ctx) => {
    ctx.translate(-tile.x, -tile.y);
    ctx.save();
    ctx.scale(scale, scale);
    inselspielView.board.draw(ctx, { width: SCREEN, height: screenHeight, scale: 1 }, view, {}, []);
    ctx.restore();
    drawJoins(ctx, layout, tile);
  }, ISLAND_PX_PER_MM);
  picture.className = "board-picture";
  const across = paper.width - paper.left - paper.right; // a narrower island is centred
  page.append(at(picture, paper.left + (across - tile.width) / 2, paper.top));
  return page;
}

/** A counter for `seat`'s stones: its shape in its colour, `side` mm square.
 * @param {InselView} view
 * @param {number} seat
 * @param {number} side
 * @param {number} radius the stone's, in mm */
function counter(view, seat, side, radius) {
  const centre = { x: side / 2, y: side / 2 };
  const style = seatStyle(view, seat);
  return canvasMm(side, side, (ctx) => stone(ctx, { px: 0.1 }, style, centre, radius));
}

/** @type {import("./sheets.js").GamePrint} */
export const inselspielPrint = {
  choice: "paper",
  choices: () => [{ value: "a4", label: t("pp_paperA4") }, { value: "a3", label: t("pp_paperA3") }],

  /** @param {InselView[]} views @param {string} choice */
  sheets(views, choice) {
    const view = views[0];
    const paper = Object.entries(PAPERS).find(([name]) => name === choice)?.[1] ?? PAPERS.a4;
    const layout = tiling(paper, inselspielView.board.aspect(view));
    const count = layout.tiles.length;
    const island = layout.tiles.map((tile) => islandSheet(view, paper, layout, tile, count));
    // the stone's radius on the island: as the view sizes it (11 map units), in mm
    const radius = (11 * layout.width) / view.map.width;
    const side = Math.ceil(radius * 2 + 2.5);
    const heading = t("pp_counters", { game: t("game_inselspiel") });
    const counters = pieceSheets(heading, t("pp_countersHelp"),
      view.colours.map((colour, seat) => ({
        label: plural("pp_colourCounters", COUNTERS, { colour: t(`insel_colour_${colour}`) }),
        count: COUNTERS, width: side, height: side, piece: () => counter(view, seat, side, radius),
      })));
    return [...island, ...counters];
  },
};
