// A game's board as a small picture (menu tiles, saved games), drawn by the game's own view
// from a view() JSON exactly as the real board is: no image files to keep in step.
import { pictureProblem } from "../common/schemas.js";
import { el } from "../common/dom.js";
import { VIEWS } from "./index.js";

const WIDTH = 240; // CSS pixels the pictures are drawn at (CSS scales them to their frame)

/** A canvas showing `picture` (a view of game `id`), labelled `label` for screen readers.
 *  It is drawn a moment later, one picture a task, so that the page answers in between.
 * @param {string} id
 * @param {import("../common/types.js").View} picture
 * @param {string} label
 */
export function thumbnail(id, picture, label) {
  const view = VIEWS[id];
  if (pictureProblem(picture)) throw new Error("a damaged picture is never drawn"); // (schemas.js)
  const height = Math.round(WIDTH / view.board.aspect(picture));
  const ratio = window.devicePixelRatio || 1;
  const canvas = el("canvas", undefined, "thumb");
  canvas.width = Math.round(WIDTH * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", label);
  drawSoon(() => {
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("the canvas has no 2d context"); // drawSoon warns, as for any failure
    ctx.scale(ratio, ratio);
    view.board.draw(ctx, { width: WIDTH, height, scale: 1 }, picture, {}, []);
  });
  return canvas;
}

/** @type {(() => void)[]} */
const waiting = []; // pictures still to draw
/** @type {Promise<void>} */
let drawn = Promise.resolve();

/** Draw `job` after the pictures asked for before it, each in a task of its own.
 * @param {() => void} job
 */
function drawSoon(job) {
  waiting.push(job);
  if (waiting.length > 1) return;
  drawn = new Promise((resolve) => {
    const next = () => {
      try {
        waiting[0]();
      } catch (error) {
        console.warn("a board picture could not be drawn:", error); // its tile works without it
      }
      waiting.shift();
      if (waiting.length) setTimeout(next, 0);
      else resolve();
    };
    setTimeout(next, 0);
  });
}

/** Resolves once every picture asked for so far is drawn. */
export function picturesDrawn() {
  return drawn;
}
