// Keyboard play on the board canvas, the same for every game: a cursor over the view's places
// (its optional targets(view): squares, lines, road places…), placed with the view's locate.
// Arrow keys move it to the nearest place in that direction, Enter or Space choose the place
// under it (the shell treats that exactly like a tap there), Escape drops a half-made move;
// + and - zoom a zoomable board around the cursor.
// It is drawn only while the board has keyboard focus, so mouse and touch play look as before.

/** @typedef {import("./types.js").Point} Point */
/** @typedef {import("./types.js").Box} Box */
/** A place of the board and where it is drawn. @typedef {[string, Point]} Place */
/** The game on screen: its view module, the view shown, the box drawn in.
 * @typedef {{gameView: import("./types.js").GameView, view: import("./types.js").View, box: Box}} Shown */

/** @type {Record<string, Point>} */
const STEPS = {
  ArrowLeft: { x: -1, y: 0 }, ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 }, ArrowDown: { x: 0, y: 1 },
};
/** @type {Record<string, number>} */
const ZOOM = { "+": 1.25, "=": 1.25, "-": 0.8 }; // zoomable boards: keys for the wheel's zoom
const SIDEWAYS = 2; // how much a place off the arrow's line counts against it

export class BoardCursor {
  /**
   * @param {HTMLCanvasElement} canvas the board (made focusable here)
   * @param {{board: () => (Shown | null), tap: (point: Point) => void, cancel: () => void,
   *   moved: (point: Point, words: string) => void, zoom: (point: Point, factor: number) => void,
   *   redraw: () => void}} game
   *   board: the game on screen (its view module, the view shown, the box drawn in); tap: act
   *   as a tap at a board point; cancel: drop a half-made move; moved: the cursor went to the
   *   place at `point`, described in `words`; zoom: zoom by `factor` around a board point;
   *   redraw: draw the board again (the cursor shows or hides with the focus)
   */
  constructor(canvas, game) {
    this.canvas = canvas;
    this.game = game;
    /** @type {string | null} */
    this.target = null;
    canvas.tabIndex = 0;
    canvas.addEventListener("keydown", (event) => this.key(event));
    for (const type of ["focus", "blur"]) canvas.addEventListener(type, () => game.redraw());
  }

  /** The targets of the board on screen and where each is drawn: [[target, point]].
   * @returns {Place[]}
   */
  places() {
    const shown = this.game.board();
    if (!shown?.gameView.board.targets) return [];
    const { gameView, view, box } = shown;
    return (gameView.board.targets?.(view) ?? []).flatMap((target) => {
      const point = gameView.board.locate(box, view, target);
      return point ? [/** @type {Place} */ ([target, point])] : [];
    });
  }

  /** Where `target` is drawn, or null when the board has no such place.
   * @param {string} target
   * @returns {Point | null}
   */
  point(target) {
    return this.places().find(([name]) => name === target)?.[1] ?? null;
  }

  /** The place under the cursor: kept while the board has it, else the one nearest the middle.
   * @returns {string | null}
   */
  current() {
    const points = this.places();
    if (points.some(([target]) => target === this.target)) return this.target;
    if (!points.length) return null;
    const mid = points.reduce((m, [, p]) => ({ x: m.x + p.x / points.length, y: m.y + p.y / points.length }),
      { x: 0, y: 0 });
    this.target = nearest(points, (p) => Math.hypot(p.x - mid.x, p.y - mid.y));
    return this.target;
  }

  /** Put the cursor on `target` (a tap with the mouse moves it there too).
   * @param {string | null} target
   */
  moveTo(target) {
    this.target = target;
  }

  /** An arrow moves the cursor, Enter or Space taps under it, Escape cancels, + and - zoom.
   * @param {KeyboardEvent} event
   */
  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const step = STEPS[event.key];
    const target = this.current();
    const at = target && this.point(target);
    if (!target || !at) return;
    if (step) {
      event.preventDefault();
      const next = this.next(target, event.key);
      this.target = next;
      const shown = this.game.board();
      const point = this.point(next);
      if (shown && point) this.game.moved(point, shown.gameView.words.describePlace?.(shown.view, next) ?? next);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.game.tap(at);
    } else if (event.key === "Escape") {
      event.preventDefault();
      this.game.cancel();
    } else if (ZOOM[event.key]) {
      event.preventDefault();
      this.game.zoom(at, ZOOM[event.key]);
    }
  }

  /** Where the arrow key `key` takes the cursor from `target` (nowhere else at the edge).
   * @param {string} target
   * @param {string} key
   * @returns {string}
   */
  next(target, key) {
    return this.neighbour(target, STEPS[key]) ?? target;
  }

  /** The nearest place from `target` in the direction `step`; null at the board's edge.
   * @param {string} target
   * @param {Point} step
   */
  neighbour(target, step) {
    const from = this.point(target);
    if (!from) return null;
    const ahead = this.places().filter(([, p]) => (p.x - from.x) * step.x + (p.y - from.y) * step.y > 0.5);
    return nearest(ahead, (p) => {
      const dx = p.x - from.x;
      const dy = p.y - from.y;
      return dx * step.x + dy * step.y + SIDEWAYS * Math.abs(dx * step.y - dy * step.x);
    });
  }

  /** Whether the cursor is to be shown: the board has focus from the keyboard. */
  shown() {
    return document.activeElement === this.canvas && this.canvas.matches(":focus-visible");
  }

  /**
   * Draw the cursor over the board: a dark and a yellow frame, seen on any colour, as big as
   * the gap to the next place allows (around a grid square: on its edge, clear of its word).
   * `box` is the view's box (its scale: the zoom; the frame keeps its width on screen).
   * @param {CanvasRenderingContext2D} ctx
   * @param {Box} box
   */
  draw(ctx, box) {
    const target = this.shown() ? this.current() : null;
    const p = target && this.point(target);
    if (!p) return;
    const scale = box.scale ?? 1;
    const gap = Math.min(...this.places().filter(([other]) => other !== target)
      .map(([, q]) => Math.max(Math.abs(q.x - p.x), Math.abs(q.y - p.y))));
    const half = Math.max(Math.min(gap * 0.5, Math.min(box.width, box.height) * 0.08), 12 / scale);
    ctx.save();
    ctx.setLineDash([]);
    for (const [colour, width] of /** @type {[string, number][]} */ ([["#111111", 7], ["#ffdd00", 3]])) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = width / scale;
      ctx.beginPath();
      ctx.roundRect(p.x - half, p.y - half, 2 * half, 2 * half, half * 0.3);
      ctx.stroke();
    }
    ctx.restore();
  }
}

/** The name whose point scores lowest, or null.
 * @param {Place[]} points
 * @param {(point: Point) => number} score
 * @returns {string | null}
 */
function nearest(points, score) {
  /** @type {string | null} */
  let best = null;
  let bestScore = Infinity;
  for (const [target, p] of points) {
    const s = score(p);
    if (s < bestScore) [best, bestScore] = [target, s];
  }
  return best;
}
