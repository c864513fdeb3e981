// The texts a board drew in its latest drawing and their size on screen: each view notes the
// texts a player must read (board labels, tile words) as it draws them, and the legibility
// test reads them (window.inselApp.labels(), tests/browser/test_legibility.py).  The floor
// those sizes keep on the play screen is `labelFloor()` (render.js passes it as box.floor):
// 14 CSS pixels in projector mode, else 12; the menu's thumbnails are pictures, without it.
import { look } from "../platform/appearance.js";

/** @type {WeakMap<HTMLCanvasElement | OffscreenCanvas, {text: string, size: number, squeeze: number, place?: string}[]>} */
const drawn = new WeakMap();

/** The smallest size on screen (CSS px) of a text a player must read on a board now. */
export function labelFloor() {
  return look().projector ? 14 : 12;
}

/** Forget what was drawn on `canvas` (a fresh drawing starts: canvas.js). */
export function clearLabels(canvas) {
  drawn.set(canvas, []);
}

/**
 * Note `text` drawn with `ctx`'s transform at a font of `size` board pixels, its glyphs
 * narrowed to `squeeze` of their width: its size on screen is size × the transform's vertical
 * scale over the device pixel ratio (the canvas's pixels per CSS pixel); `place` names where
 * (a view's target, e.g. the square of a tile's word).
 * @param {string} [place]
 */
export function noteLabel(ctx, text, size, squeeze = 1, place = undefined) {
  const canvas = ctx.canvas;
  const css = canvas?.getBoundingClientRect?.().width ?? 0; // none off screen (print, tests)
  const ratio = css ? canvas.width / css : 1;
  const m = ctx.getTransform?.() ?? { c: 0, d: 1 };
  const list = drawn.get(canvas) ?? [];
  list.push({ text, size: (size * Math.hypot(m.c, m.d)) / ratio, squeeze, ...(place ? { place } : {}) });
  drawn.set(canvas, list);
}

/** What was drawn on `canvas` since it was last cleared: [{text, size, squeeze, place?}]. */
export function labelsOn(canvas) {
  return (drawn.get(canvas) ?? []).map((label) => ({ ...label }));
}
