// A canvas that fills its container at a view's aspect ratio, stays crisp at any
// devicePixelRatio, and turns mouse, pen and touch into one stream of taps (pointer events).
// Zoomable boards (opt-in) also pan with a drag, zoom with the wheel or two fingers, and
// show zoom controls (+, −, the whole board) with a first-time tip (zoom.js); taps then
// arrive in board coordinates (before the zoom).
import { clearLabels } from "../views/labels.js";
import { ZoomControls } from "./zoom.js";

const TAP_SLOP = 10; // CSS pixels a finger may wander and still count as a tap
const MAX_SCALE = 8;
const WHEEL_RATE = 0.0015; // zoom factor per wheel pixel, as an exponent
const STEP = 1.6; // the zoom factor of a press on + or −
const CONTROLS_COST = 0.1; // the most of its width the board gives up for the zoom controls' room

/** @typedef {{x: number, y: number}} Point */
/** A pan and zoom: screen = board × scale + (x, y), in CSS pixels.
 *  @typedef {{scale: number, x: number, y: number}} Zoom */
/** The gesture since its fingers last changed: where it began, the zoom then, whether it
 *  may still be a tap (of pointer `id`); with two fingers their distance and midpoint, and
 *  the board point under that midpoint once known.
 *  @typedef {{tap: boolean, id: number | null, x: number, y: number, zoom: Zoom,
 *             dist?: number, mid?: Point, anchor?: Point}} Gesture */
/** Where the zoom controls go: a row under the board, a column beside it, or over it.
 *  @typedef {"under" | "beside" | "over"} Place */
/** @type {Record<Place, [number, number]>} the room below and beside, for a band's size 1 */
const ROOM = { under: [1, 0], beside: [0, 1], over: [0, 0] };

export class BoardCanvas {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{onTap: (point: {x: number, y: number}) => void, onResize: () => void}} handlers
   *   onResize redraws: the size or the zoom has changed
   */
  constructor(canvas, { onTap, onResize }) {
    const parent = /** @type {HTMLElement} */ (canvas.parentElement); // (index.html's board box)
    this.canvas = canvas;
    this.parent = parent;
    this.aspect = 1;
    this.width = 0;
    this.height = 0;
    this.onResize = onResize;
    this.zoomable = false;
    /** @type {Zoom} */
    this.zoom = { scale: 1, x: 0, y: 0 };
    /** @type {Map<number, Point>} each pointer's latest client position */
    this.pointers = new Map();
    /** @type {Gesture | null} */
    this.gesture = null;
    this.controls = new ZoomControls(parent, {
      zoomIn: () => this.zoomAround(this.width / 2, this.height / 2, STEP),
      zoomOut: () => this.zoomAround(this.width / 2, this.height / 2, 1 / STEP),
      fit: () => this.setZoom({ scale: 1, x: 0, y: 0 }),
      roomChanged: () => this.fit(),
    });
    canvas.addEventListener("pointerdown", (e) => {
      if (e.button > 0 || (!e.isPrimary && !this.zoomable)) return;
      if (this.zoomable) canvas.setPointerCapture(e.pointerId);
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.startGesture(this.pointers.size === 1 ? e.pointerId : null);
    });
    canvas.addEventListener("pointermove", (e) => {
      if (!this.pointers.has(e.pointerId)) return;
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.follow();
    });
    canvas.addEventListener("pointerup", (e) => {
      const g = this.gesture;
      if (!this.pointers.delete(e.pointerId)) return;
      this.startGesture(null); // a finger left: the rest of the gesture is no tap
      if (!g?.tap || g.id !== e.pointerId) return;
      if (Math.hypot(e.clientX - g.x, e.clientY - g.y) > TAP_SLOP) return;
      onTap(this.toLocal(e.clientX, e.clientY));
    });
    canvas.addEventListener("pointercancel", (e) => {
      this.pointers.delete(e.pointerId);
      this.startGesture(null);
    });
    canvas.addEventListener("wheel", (e) => {
      if (!this.zoomable) return;
      e.preventDefault();
      const at = { x: e.clientX, y: e.clientY };
      const p = this.learnt(at, this.zoom); // the board point under the pointer stays there
      this.hold(p, at, this.zoom.scale * Math.exp(-e.deltaY * WHEEL_RATE));
    }, { passive: false });
    new ResizeObserver(() => this.fit()).observe(parent);
    matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener("change", () => this.fit());
  }

  /** Width divided by height of the drawing; refits at once.  @param {number} aspect */
  setAspect(aspect) {
    this.aspect = aspect;
    this.fit();
  }

  /** Turn pan and zoom on or off (off for boards that fit as they are); resets the zoom.
   *  @param {boolean} on */
  setZoomable(on) {
    this.zoomable = on;
    this.canvas.style.touchAction = on ? "none" : ""; // two fingers zoom the board, not the page
    this.zoom = { scale: 1, x: 0, y: 0 };
    this.controls.show(on);
    this.controls.update(1, MAX_SCALE);
  }

  /** Size the board to its container, less the room its zoom controls take beside it and
   *  the zoom tip under it (zoom.js): the controls in a row under the board or a column at
   *  its right, whichever leaves the larger board (under where both cost it nothing); only
   *  where either would cost the board more than `CONTROLS_COST` of its width (a small
   *  phone, 360×640) do they sit over its lower right corner, the names keeping clear. */
  fit() {
    const { parent } = this;
    const box = parent.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const band = this.controls.band();
    /** @param {number} below @param {number} beside */
    const widest = (below, beside) => Math.min(box.width - beside, Math.max(box.height - below, 0) * this.aspect);
    // the tip as wide as the board it hangs under: the board less the tip's room (its
    // first guess), so the tip is never wider than the board fitted below
    /** @param {Place} at */
    const layout = (at) => {
      const [below, beside] = ROOM[at].map((room) => room * band);
      const tip = this.controls.tipRoom(widest(below + this.controls.tipRoom(widest(below, beside), at), beside), at);
      return { at, below: below + tip, beside, width: widest(below + tip, beside) };
    };
    const [under, beside, over] = [layout("under"), layout("beside"), layout("over")];
    const near = beside.width > under.width ? beside : under;
    const best = layout(near.width >= (1 - CONTROLS_COST) * over.width ? near.at : "over");
    parent.style.paddingBottom = best.below ? `${best.below}px` : ""; // the board centred in the rest
    parent.style.paddingRight = best.beside ? `${best.beside}px` : "";
    const width = Math.floor(best.width);
    const height = Math.floor(width / this.aspect);
    const ratio = window.devicePixelRatio || 1;
    const k = this.width ? width / this.width : 1; // a zoomed board keeps its view when resized
    this.zoom = { ...this.zoom, x: this.zoom.x * k, y: this.zoom.y * k };
    this.width = width;
    this.height = height;
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.controls.place({ left: this.canvas.offsetLeft, top: this.canvas.offsetTop, width, height },
      best.at);
    this.onResize();
  }

  /** What lies over the board (the zoom controls and their tip, when shown): rectangles
   *  {x, y, w, h} in board coordinates, for labels to keep clear of. */
  covered() {
    if (!this.zoomable) return [];
    const r = this.canvas.getBoundingClientRect();
    const { scale, x, y } = this.zoom;
    return this.controls.shown().map((c) => ({ x: (c.left - r.left - x) / scale,
      y: (c.top - r.top - y) / scale, w: c.width / scale, h: c.height / scale }));
  }

  /** A 2D context drawing in board coordinates (CSS pixels before the zoom), cleared
   *  unless `clear` is false (to draw over what is there). */
  context(clear = true) {
    const ctx = /** @type {CanvasRenderingContext2D} */ (this.canvas.getContext("2d")); // (null only for a canvas given another kind of context: never this one)
    const ratio = this.canvas.width / Math.max(this.width, 1);
    const { scale, x, y } = this.zoom;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (clear) {
      ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
      clearLabels(this.canvas);
    }
    ctx.setTransform(ratio * scale, 0, 0, ratio * scale, ratio * x, ratio * y);
    return ctx;
  }

  /** The board point under a client point.  @param {number} clientX @param {number} clientY */
  toLocal(clientX, clientY) {
    const r = this.canvas.getBoundingClientRect();
    const { scale, x, y } = this.zoom;
    return { x: (clientX - r.left - x) / scale, y: (clientY - r.top - y) / scale };
  }

  /** The client point where a board point is drawn.  @param {Point} point */
  toClient(point) {
    const r = this.canvas.getBoundingClientRect();
    const { scale, x, y } = this.zoom;
    return { x: r.left + x + point.x * scale, y: r.top + y + point.y * scale };
  }

  // --- pan and zoom ----------------------------------------------------------------
  /** Begin a gesture from the fingers down now; `tapId` when a single new touch may be a tap.
   *  @param {number | null} tapId */
  startGesture(tapId) {
    const [a, b] = [...this.pointers.values()];
    if (!a) { this.gesture = null; return; }
    this.gesture = { tap: tapId !== null, id: tapId, x: a.x, y: a.y, zoom: { ...this.zoom },
      ...(b ? { dist: Math.hypot(b.x - a.x, b.y - a.y) || 1,
        mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } } : {}) };
  }

  /** Pan with one finger, pinch with two, from where the gesture began. */
  follow() {
    const g = this.gesture;
    if (!g || !this.zoomable) return;
    const [a, b] = [...this.pointers.values()];
    if (!a) return;
    if (!b) {
      if (g.tap && Math.hypot(a.x - g.x, a.y - g.y) <= TAP_SLOP) return;
      g.tap = false; // a drag is not a tap
      this.setZoom({ ...g.zoom, x: g.zoom.x + a.x - g.x, y: g.zoom.y + a.y - g.y });
      return;
    }
    // the board point under the first midpoint stays under the fingers' midpoint (two
    // fingers: the tip's lesson is learnt)
    if (!g.mid || !g.dist) return; // (two fingers: startGesture measured them)
    g.anchor ??= this.learnt(g.mid, g.zoom);
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    this.hold(g.anchor, mid, g.zoom.scale * Math.hypot(b.x - a.x, b.y - a.y) / g.dist);
  }

  /** Zoom to `scale` (kept between 1× and MAX_SCALE) with the board point `p` drawn under
   *  the client point `at`.  @param {Point} p @param {Point} at @param {number} scale */
  hold(p, at, scale) {
    const s = Math.min(MAX_SCALE, Math.max(1, scale));
    const r = this.canvas.getBoundingClientRect();
    this.setZoom({ scale: s, x: at.x - r.left - p.x * s, y: at.y - r.top - p.y * s });
  }

  /** The zoom tip's lesson is learnt (zoom.js), and the board grows into the tip's room:
   *  returns the board point that was under the client point `at`, seen with `zoom`, in the
   *  grown board's coordinates, so that a zoom under way stays around the same place.
   *  @param {Point} at @param {Zoom} zoom @returns {Point} */
  learnt(at, zoom) {
    const r = this.canvas.getBoundingClientRect();
    const p = { x: (at.x - r.left - zoom.x) / zoom.scale, y: (at.y - r.top - zoom.y) / zoom.scale };
    const width = this.width;
    this.controls.learnt();
    const k = this.width / width;
    return { x: p.x * k, y: p.y * k };
  }

  /** Zoom by `factor` keeping the canvas point (px, py) in place.
   *  @param {number} px @param {number} py @param {number} factor */
  zoomAround(px, py, factor) {
    const { scale, x, y } = this.zoom;
    const next = Math.min(MAX_SCALE, Math.max(1, scale * factor));
    const k = next / scale;
    this.setZoom({ scale: next, x: px - (px - x) * k, y: py - (py - y) * k });
  }

  /** Zoom by `factor` around the board point `p` (the keyboard cursor's place).
   *  @param {Point} p @param {number} factor */
  zoomAt(p, factor) {
    if (!this.zoomable) return;
    this.zoomAround(p.x * this.zoom.scale + this.zoom.x, p.y * this.zoom.scale + this.zoom.y, factor);
  }

  /** Pan a zoomed board so that the board point `p` is in sight, `margin` CSS pixels inside.
   *  @param {Point} p */
  reveal(p, margin = 40) {
    const { scale, x, y } = this.zoom;
    const sx = p.x * scale + x;
    const sy = p.y * scale + y;
    if (sx >= margin && sy >= margin && sx <= this.width - margin && sy <= this.height - margin) return;
    this.setZoom({ scale, x: this.width / 2 - p.x * scale, y: this.height / 2 - p.y * scale });
  }

  /** Apply a zoom, kept between 1× and MAX_SCALE with the board covering the canvas.
   *  @param {Zoom} zoom */
  setZoom({ scale, x, y }) {
    const s = Math.min(MAX_SCALE, Math.max(1, scale));
    /** @param {number} v @param {number} size */
    const clamp = (v, size) => Math.min(0, Math.max(size * (1 - s), v));
    this.zoom = { scale: s, x: clamp(x, this.width), y: clamp(y, this.height) };
    this.controls.update(s, MAX_SCALE);
    this.onResize();
  }
}
