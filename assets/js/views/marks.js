// Small marks every view may draw on its canvas.

/** An ✗ of half-width `half` centred on `p`, in the current stroke style. */
export function drawCross(ctx, p, half) {
  ctx.beginPath();
  ctx.moveTo(p.x - half, p.y - half);
  ctx.lineTo(p.x + half, p.y + half);
  ctx.moveTo(p.x + half, p.y - half);
  ctx.lineTo(p.x - half, p.y + half);
  ctx.stroke();
}
