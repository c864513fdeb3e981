// Keyboard play on the board canvas, the same for every game: a cursor over the view's places
// (its optional targets(view): squares, lines, road places…), placed with the view's locate.
// Arrow keys move it to the nearest place in that direction, Enter or Space choose the place
// under it (the shell treats that exactly like a tap there), Escape drops a half-made move;
// + and - zoom a zoomable board around the cursor.
// It is drawn only while the board has keyboard focus, so mouse and touch play look as before.

const STEPS = {
  ArrowLeft: { x: -1, y: 0 }, ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 }, ArrowDown: { x: 0, y: 1 },
};
const ZOOM = { "+": 1.25, "=": 1.25, "-": 0.8 }; // zoomable boards: keys for the wheel's zoom
const SIDEWAYS = 2; // how much a place off the arrow's line counts against it

export class BoardCursor {
  /**
   * @param {HTMLCanvasElement} canvas the board (made focusable here)
   * @param {{board: () => ({gameView, view, box} | null), tap: (point) => void, cancel: () => void,
   *   moved: (point, words: string) => void, zoom: (point, factor: number) => void,
   *   redraw: () => void}} game
   *   board: the game on screen (its view module, the view shown, the box drawn in); tap: act
   *   as a tap at a board point; cancel: drop a half-made move; moved: the cursor went to the
   *   place at `point`, described in `words`; zoom: zoom by `factor` around a board point;
   *   redraw: draw the board again (the cursor shows or hides with the focus)
   */
  constructor(canvas, game) {
    this.canvas = canvas;
    this.game = game;
    this.target = null;
    canvas.tabIndex = 0;
    canvas.addEventListener("keydown", (event) => this.key(event));
    for (const type of ["focus", "blur"]) canvas.addEventListener(type, () => game.redraw());
  }

  /** The targets of the board on screen and where each is drawn: [[target, point]]. */
  places() {
    const shown = this.game.board();
    if (!shown?.gameView.targets) return [];
    const { gameView, view, box } = shown;
    return gameView.targets(view).map((target) => [target, gameView.locate(box, view, target)])
      .filter(([, p]) => p);
  }

  point(target) {
    return this.places().find(([name]) => name === target)?.[1] ?? null;
  }

  /** The place under the cursor: kept while the board has it, else the one nearest the middle. */
  current() {
    const points = this.places();
    if (points.some(([target]) => target === this.target)) return this.target;
    if (!points.length) return null;
    const mid = points.reduce((m, [, p]) => ({ x: m.x + p.x / points.length, y: m.y + p.y / points.length }),
      { x: 0, y: 0 });
    this.target = nearest(points, (p) => Math.hypot(p.x - mid.x, p.y - mid.y));
    return this.target;
  }

  /** Put the cursor on `target` (a tap with the mouse moves it there too). */
  moveTo(target) {
    this.target = target;
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const step = STEPS[event.key];
    const target = this.current();
    if (!target) return;
    if (step) {
      event.preventDefault();
      this.target = this.next(target, event.key);
      const { gameView, view } = this.game.board();
      this.game.moved(this.point(this.target), gameView.describePlace?.(view, this.target) ?? this.target);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.game.tap(this.point(target));
    } else if (event.key === "Escape") {
      event.preventDefault();
      this.game.cancel();
    } else if (ZOOM[event.key]) {
      event.preventDefault();
      this.game.zoom(this.point(target), ZOOM[event.key]);
    }
  }

  /** Where the arrow key `key` takes the cursor from `target` (nowhere else at the edge). */
  next(target, key) {
    return this.neighbour(target, STEPS[key]) ?? target;
  }

  /** The nearest place from `target` in the direction `step`; null at the board's edge. */
  neighbour(target, step) {
    const from = this.point(target);
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

/** The name whose point scores lowest, or null. */
function nearest(points, score) {
  let best = null;
  let bestScore = Infinity;
  for (const [target, p] of points) {
    const s = score(p);
    if (s < bestScore) [best, bestScore] = [target, s];
  }
  return best;
}
