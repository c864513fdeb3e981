// The texts a board drew in its latest drawing and their size on screen: each view notes the
// texts a player must read (board labels, tile words) as it draws them, and the legibility
// test reads them (window.inselApp.labels(), tests/browser/test_legibility.py).  The floor
// those sizes keep on the play screen is `labelFloor()` (render.js passes it as box.floor):
// 14 CSS pixels in projector mode, else 12; the menu's thumbnails are pictures, without it.
import { look } from "../platform/appearance.js";

/** @typedef {{x: number, y: number, w: number, h: number}} Rect */
/** @type {WeakMap<HTMLCanvasElement | OffscreenCanvas, {text: string, size: number, squeeze: number, place?: string, rect: Rect}[]>} */
const drawn = new WeakMap();

/** The smallest size on screen (CSS px) of a text a player must read on a board now. */
export function labelFloor() {
  return look().projector ? 14 : 12;
}

/** Forget what was drawn on `canvas` (a fresh drawing starts: canvas.js).
 * @param {HTMLCanvasElement} canvas
 */
export function clearLabels(canvas) {
  drawn.set(canvas, []);
}

/** The box on screen (CSS pixels from the canvas's corner) of the ink of `text` drawn at
 *  `at` with `ctx`'s font, alignment and baseline and the transform `m`.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} text
 * @param {{x: number, y: number}} at
 * @param {{a: number, b: number, c: number, d: number, e: number, f: number}} m
 * @param {number} ratio
 * @returns {Rect}
 */
function inkRect(ctx, text, at, m, ratio) {
  const ink = ctx.measureText?.(text);
  if (ink?.actualBoundingBoxAscent === undefined) return { x: 0, y: 0, w: 0, h: 0 }; // no canvas (tests)
  const xs = [at.x - ink.actualBoundingBoxLeft, at.x + ink.actualBoundingBoxRight];
  const ys = [at.y - ink.actualBoundingBoxAscent, at.y + ink.actualBoundingBoxDescent];
  const corners = xs.flatMap((x) => ys.map((y) =>
    ({ x: (m.a * x + m.c * y + m.e) / ratio, y: (m.b * x + m.d * y + m.f) / ratio })));
  const left = Math.min(...corners.map((p) => p.x));
  const top = Math.min(...corners.map((p) => p.y));
  return { x: left, y: top, w: Math.max(...corners.map((p) => p.x)) - left,
    h: Math.max(...corners.map((p) => p.y)) - top };
}

/**
 * Note `text` drawn with `ctx`'s transform, font, alignment and baseline at the point `at`
 * (its fillText's x and y) at a font of `size` board pixels, its glyphs narrowed to `squeeze`
 * of their width: its size on screen is size × the transform's vertical scale over the device
 * pixel ratio (the canvas's pixels per CSS pixel), and its rect the box of its ink on screen,
 * in CSS pixels from the canvas's top left corner; `place` names where (a view's target, e.g.
 * the square of a tile's word).
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} text
 * @param {number} size
 * @param {number} [squeeze]
 * @param {string} [place]
 * @param {{x: number, y: number}} [at]
 */
export function noteLabel(ctx, text, size, squeeze = 1, place = undefined, at = { x: 0, y: 0 }) {
  const canvas = ctx.canvas;
  const css = canvas?.getBoundingClientRect?.().width ?? 0; // none off screen (print, tests)
  const ratio = css ? canvas.width / css : 1;
  const m = ctx.getTransform?.() ?? { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };
  const rect = inkRect(ctx, text, at, m, ratio);
  const list = drawn.get(canvas) ?? [];
  list.push({ text, size: (size * Math.hypot(m.c, m.d)) / ratio, squeeze, ...(place ? { place } : {}), rect });
  drawn.set(canvas, list);
}

/** What was drawn on `canvas` since it was last cleared: [{text, size, squeeze, place?, rect}].
 * @param {HTMLCanvasElement} canvas
 */
export function labelsOn(canvas) {
  return (drawn.get(canvas) ?? []).map((label) => ({ ...label, rect: { ...label.rect } }));
}
