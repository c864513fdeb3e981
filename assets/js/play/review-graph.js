// The review's graph (review.js): the viewer's chance to win over the whole game, one point
// a position, drawn on a canvas the way lichess draws its evaluation: the area above the
// middle line is the viewer's, below it the opponent's; the marked moves as dots in their
// mark's colour, the position on screen as a vertical line.  Pure drawing and picking:
// what it draws comes in as arguments.

const PAD = 6; // CSS pixels left and right of the first and last point

/** The colours of the marks (review.css colours the move list's alike).
 * @type {Record<string, string>} */
export const MARK_COLOURS = { good: "#3a9d5d", inaccuracy: "#d4a72c", mistake: "#e07b24",
  blunder: "#d0342c" };

/** The x of ply `ply` of `count` positions in a graph `width` wide.
 * @param {number} ply @param {number} count @param {number} width */
export function plyX(ply, count, width) {
  return count < 2 ? width / 2 : PAD + (ply * (width - 2 * PAD)) / (count - 1);
}

/** The ply nearest to `x` in a graph of `count` positions, `width` wide.
 * @param {number} x @param {number} count @param {number} width */
export function plyAt(x, count, width) {
  if (count < 2) return 0;
  const ply = Math.round(((x - PAD) * (count - 1)) / (width - 2 * PAD));
  return Math.max(0, Math.min(count - 1, ply));
}

/**
 * Draw the graph.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{width: number, height: number}} box CSS pixels
 * @param {number[]} points the viewer's chance, 0 to 1, a position
 * @param {{ply: number, mark: string}[]} marked the moves to show as dots (made at `ply`)
 * @param {number} current the position on screen
 * @param {{ink: string, area: string, line: string}} look colours of the page's theme
 */
export function drawGraph(ctx, box, points, marked, current, look) {
  const { width, height } = box;
  const y = (/** @type {number} */ value) => height - 2 - value * (height - 4);
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = look.area;
  ctx.fillRect(0, 0, width, height);
  if (!points.length) return;
  const x = (/** @type {number} */ ply) => plyX(ply, points.length, width);
  // the viewer's side filled from the middle line up, the opponent's down
  ctx.beginPath();
  ctx.moveTo(x(0), y(0.5));
  points.forEach((value, ply) => ctx.lineTo(x(ply), y(value)));
  ctx.lineTo(x(points.length - 1), y(0.5));
  ctx.closePath();
  ctx.fillStyle = look.line;
  ctx.globalAlpha = 0.35;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.strokeStyle = look.ink;
  ctx.lineWidth = 1;
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  ctx.moveTo(0, y(0.5));
  ctx.lineTo(width, y(0.5));
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.strokeStyle = look.line;
  ctx.lineWidth = 2;
  ctx.beginPath();
  points.forEach((value, ply) => (ply ? ctx.lineTo(x(ply), y(value)) : ctx.moveTo(x(ply), y(value))));
  ctx.stroke();
  // the position on screen
  ctx.strokeStyle = look.ink;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x(current), 0);
  ctx.lineTo(x(current), height);
  ctx.stroke();
  for (const { ply, mark } of marked) {
    if (mark === "good" || ply + 1 >= points.length) continue;
    ctx.fillStyle = MARK_COLOURS[mark];
    ctx.beginPath();
    ctx.arc(x(ply + 1), y(points[ply + 1]), mark === "inaccuracy" ? 3.5 : 5, 0, 2 * Math.PI);
    ctx.fill();
  }
}
