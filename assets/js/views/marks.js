// Small marks every view may draw on its canvas.

/** An ✗ of half-width `half` centred on `p`, in the current stroke style.
 * @param {CanvasRenderingContext2D} ctx
 * @param {import("../common/types.js").Point} p
 * @param {number} half
 */
export function drawCross(ctx, p, half) {
  ctx.beginPath();
  ctx.moveTo(p.x - half, p.y - half);
  ctx.lineTo(p.x + half, p.y + half);
  ctx.moveTo(p.x + half, p.y - half);
  ctx.lineTo(p.x - half, p.y + half);
  ctx.stroke();
}

/**
 * Diagonal stripes in `colour` over the current path (its inside only), `spacing` apart: the
 * pattern that tells a seat's pieces apart where colours alone may not (appearance.js).
 * @param {CanvasRenderingContext2D} ctx
 * @param {{x: number, y: number, w: number, h: number}} box
 * @param {string} colour
 * @param {number} spacing
 * @param {number} width
 */
export function hatch(ctx, box, colour, spacing, width) {
  ctx.save();
  ctx.clip();
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.beginPath();
  for (let k = -box.h; k <= box.w; k += spacing) {
    ctx.moveTo(box.x + k, box.y + box.h);
    ctx.lineTo(box.x + k + box.h, box.y);
  }
  ctx.stroke();
  ctx.restore();
}
