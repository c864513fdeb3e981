// A game's board as a small picture (menu tiles, saved games), drawn by the game's own view
// from a view() JSON exactly as the real board is: no image files to keep in step.
import { el } from "./views/dom.js";
import { VIEWS } from "./views/index.js";

const WIDTH = 240; // CSS pixels the pictures are drawn at (CSS scales them to their frame)

/** A canvas showing `picture` (a view of game `id`), labelled `label` for screen readers. */
export function thumbnail(id, picture, label) {
  const view = VIEWS[id];
  const height = Math.round(WIDTH / view.aspect(picture));
  const ratio = window.devicePixelRatio || 1;
  const canvas = el("canvas", undefined, "thumb");
  canvas.width = Math.round(WIDTH * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", label);
  const ctx = canvas.getContext("2d");
  ctx.scale(ratio, ratio);
  view.draw(ctx, { width: WIDTH, height, scale: 1 }, picture, {}, []);
  return canvas;
}
