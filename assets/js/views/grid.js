// Square boards on a canvas, shared by the grid games: geometry (a margin for the labels at
// the left and bottom), hit-testing, and the board with its grid lines and labels.
// Rows are counted from the top here; each game maps them to its own square names.
import { noteLabel } from "./labels.js";

/** @typedef {import("../common/types.js").Point} Point */
/** A square board's geometry: its side in cells, a cell's size and the board's top left corner.
 * @typedef {{n: number, cell: number, x0: number, y0: number}} Grid */

/** Cell size and board origin for an n×n board in a box of CSS pixels.
 * @param {import("../common/types.js").Box} box
 * @param {number} n
 * @returns {Grid}
 */
export function gridGeometry(box, n) {
  const cell = Math.min(box.width, box.height) / (n + 0.9);
  return { n, cell, x0: cell * 0.7, y0: cell * 0.2 };
}

/** Top-left corner of the cell in column `col`, row `row` (from the top).
 * @param {Grid} g
 * @param {number} col
 * @param {number} row
 * @returns {Point}
 */
export function cellTopLeft(g, col, row) {
  return { x: g.x0 + col * g.cell, y: g.y0 + row * g.cell };
}

/** The centre of a cell.
 * @param {Grid} g
 * @param {number} col
 * @param {number} row
 * @returns {Point}
 */
export function cellCentre(g, col, row) {
  const p = cellTopLeft(g, col, row);
  return { x: p.x + g.cell / 2, y: p.y + g.cell / 2 };
}

/** {col, row} (row from the top) of the cell under `point`, or null off the board.
 * @param {Grid} g
 * @param {Point} point
 * @returns {{col: number, row: number} | null}
 */
export function cellAt(g, point) {
  const col = Math.floor((point.x - g.x0) / g.cell);
  const row = Math.floor((point.y - g.y0) / g.cell);
  return col < 0 || row < 0 || col >= g.n || row >= g.n ? null : { col, row };
}

/**
 * Paint the margin, the board, its grid lines and labels.
 * colours = {sea (margin), water (board), grid, label}; columns: labels left to right;
 * rows: labels top to bottom.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Grid} g
 * @param {{sea: string, water: string, grid: string, label: string}} colours
 * @param {string[]} columns
 * @param {string[]} rows
 */
export function drawGrid(ctx, g, colours, columns, rows) {
  ctx.fillStyle = colours.sea;
  ctx.fillRect(0, 0, g.x0 * 2 + g.n * g.cell, g.y0 + (g.n + 0.7) * g.cell);
  ctx.fillStyle = colours.water;
  ctx.fillRect(g.x0, g.y0, g.n * g.cell, g.n * g.cell);
  ctx.strokeStyle = colours.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let i = 0; i <= g.n; i++) {
    ctx.moveTo(g.x0 + i * g.cell, g.y0);
    ctx.lineTo(g.x0 + i * g.cell, g.y0 + g.n * g.cell);
    ctx.moveTo(g.x0, g.y0 + i * g.cell);
    ctx.lineTo(g.x0 + g.n * g.cell, g.y0 + i * g.cell);
  }
  ctx.stroke();
  ctx.fillStyle = colours.label;
  const size = Math.round(g.cell * 0.38);
  ctx.font = `${size}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let i = 0; i < g.n; i++) {
    const column = { x: g.x0 + (i + 0.5) * g.cell, y: g.y0 + (g.n + 0.35) * g.cell };
    const row = { x: g.x0 * 0.5, y: g.y0 + (i + 0.5) * g.cell };
    ctx.fillText(columns[i], column.x, column.y);
    ctx.fillText(rows[i], row.x, row.y);
    noteLabel(ctx, columns[i], size, 1, undefined, column);
    noteLabel(ctx, rows[i], size, 1, undefined, row);
  }
}
