// A canvas that fills its container at a view's aspect ratio, stays crisp at any
// devicePixelRatio, and turns mouse, pen and touch into one stream of taps (pointer events).

const TAP_SLOP = 10; // CSS pixels a finger may wander and still count as a tap

export class BoardCanvas {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{onTap: (point: {x: number, y: number}) => void, onResize: () => void}} handlers
   */
  constructor(canvas, { onTap, onResize }) {
    this.canvas = canvas;
    this.aspect = 1;
    this.width = 0;
    this.height = 0;
    this.onResize = onResize;
    this.down = null;
    canvas.addEventListener("pointerdown", (e) => {
      if (!e.isPrimary || e.button > 0) return;
      this.down = { x: e.clientX, y: e.clientY, id: e.pointerId };
    });
    canvas.addEventListener("pointerup", (e) => {
      const start = this.down;
      this.down = null;
      if (!start || start.id !== e.pointerId) return;
      if (Math.hypot(e.clientX - start.x, e.clientY - start.y) > TAP_SLOP) return;
      onTap(this.toLocal(e.clientX, e.clientY));
    });
    canvas.addEventListener("pointercancel", () => { this.down = null; });
    new ResizeObserver(() => this.fit()).observe(canvas.parentElement);
    matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener("change", () => this.fit());
  }

  /** Width divided by height of the drawing; refits at once. */
  setAspect(aspect) {
    this.aspect = aspect;
    this.fit();
  }

  fit() {
    const box = this.canvas.parentElement.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const width = Math.floor(Math.min(box.width, box.height * this.aspect));
    const height = Math.floor(width / this.aspect);
    const ratio = window.devicePixelRatio || 1;
    this.width = width;
    this.height = height;
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.onResize();
  }

  /** A 2D context drawing in CSS pixels, cleared. */
  context() {
    const ctx = this.canvas.getContext("2d");
    const ratio = this.canvas.width / Math.max(this.width, 1);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, this.width, this.height);
    return ctx;
  }

  toLocal(clientX, clientY) {
    const r = this.canvas.getBoundingClientRect();
    return { x: clientX - r.left, y: clientY - r.top };
  }

  toClient(point) {
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + point.x, y: r.top + point.y };
  }
}
