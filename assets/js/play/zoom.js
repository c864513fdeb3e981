// The zoom controls of a zoomable board (canvas.js): +, − and "the whole board", real
// buttons beside the board, off the map: a row under its lower right corner or a column at
// its right, wherever the board leaves room or costs the board less (canvas.js fits the
// board to the room left), so they cover no town, port or name (issue 47: they hid
// "Kirack" and its port on a phone); over its corner only on a small phone with no room for
// them (the names keep clear there).  A first-time tip says that pinching or + zooms (or,
// with a mouse, that the wheel or + does).  The tip is never over the board either: it sits
// beside the row of buttons or under the board, in room the board leaves it (`tipRoom`), so
// it covers no town, label or hint.  It shows once per browser: dismissing it, pressing + or
// zooming with the fingers or the wheel remembers it as seen (prefs.js), and gives the board
// its room back.  Their layout is assets/css/zoom.css.
import { rememberTip, tipSeen } from "../keep/prefs.js";
import { t } from "../common/strings.js";
import { button, el } from "../common/dom.js";

const TIP = "zoom"; // the tip's name in prefs.js
const GAP = 8; // CSS pixels between the controls and the board's edges
const TIP_GAP = 8; // CSS pixels between the board and the tip, and under the tip
const TIP_WIDTH = 22; // the tip's widest, in rem: one or two lines under a wide board
const TIP_NARROWEST = 12; // the tip's narrowest, in rem, beside the row of buttons

export class ZoomControls {
  /**
   * @param {HTMLElement} parent the board's container (positioned): the controls go in it
   * @param {{zoomIn: () => void, zoomOut: () => void, fit: () => void, roomChanged: () => void}} act
   *   zoom in or out around the board's middle; show the whole board; the tip came or went
   *   (the board's size changes with the room the tip takes)
   */
  constructor(parent, act) {
    this.group = el("div", undefined, "zoom-controls");
    this.group.setAttribute("role", "group");
    this.group.hidden = true;
    this.tip = el("div", undefined, "zoom-tip");
    this.tipBeside = false; // the tip beside the row of buttons (tipRoom), not under it
    this.tip.setAttribute("role", "note");
    this.tipText = el("p");
    this.tipClose = button("✕", "zoom-tip-close", () => this.learnt());
    this.tip.append(this.tipText, this.tipClose);
    this.zoomIn = button("+", "zoom-in", () => { act.zoomIn(); this.learnt(); });
    this.zoomOut = button("−", "zoom-out", () => act.zoomOut());
    this.fit = button("⤢", "zoom-fit", () => act.fit());
    this.group.append(this.tip, this.zoomIn, this.zoomOut, this.fit);
    parent.append(this.group);
    this.roomChanged = act.roomChanged;
  }

  /** Show the controls (a zoomable board) or hide them; the tip too unless seen.  The words
   *  are written again (the page's language may have changed).
   * @param {boolean} on */
  show(on) {
    this.group.setAttribute("aria-label", t("zoomControls"));
    // the words of the input in use: fingers pinch, a mouse's wheel turns (pointer: coarse/fine)
    this.tipText.textContent = t(matchMedia("(pointer: coarse)").matches ? "zoomTip" : "zoomTipMouse");
    this.tipClose.setAttribute("aria-label", t("zoomTipClose"));
    this.tipClose.title = t("zoomTipClose");
    /** @type {[HTMLButtonElement, string][]} */
    const buttons = [[this.zoomIn, "zoomIn"], [this.zoomOut, "zoomOut"], [this.fit, "zoomFit"]];
    for (const [node, key] of buttons) {
      node.setAttribute("aria-label", t(key));
      node.title = t(key);
    }
    this.group.hidden = !on;
    this.tip.hidden = !on || tipSeen(TIP);
  }

  /** The CSS pixels the tip takes under a board of at most `width` pixels (its gaps
   *  included; beyond the row of buttons when `at` is "under" and the tip fits beside that
   *  row, `TIP_NARROWEST` rem wide at least), 0 while it does not show: the board is fitted
   *  into the height left.
   * @param {number} width
   * @param {"under" | "beside" | "over"} at */
  tipRoom(width, at) {
    this.tipBeside = false;
    if (this.group.hidden || this.tip.hidden) return 0;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const button = this.zoomIn.offsetWidth;
    const aside = width - 2 * GAP - 3 * button - 2 * parseFloat(getComputedStyle(this.group).columnGap || "0");
    this.tipBeside = at === "under" && aside >= TIP_NARROWEST * rem;
    const widest = Math.min(this.tipBeside ? aside : width - 2 * GAP, TIP_WIDTH * rem);
    this.tip.style.maxWidth = `${Math.max(widest, 0)}px`;
    const high = this.tip.offsetHeight;
    return this.tipBeside ? Math.max(high - this.zoomIn.offsetHeight, 0) + TIP_GAP : high + 2 * TIP_GAP;
  }

  /** The zoom now: a button that can do nothing more says so (aria-disabled, still in the
   *  tab order, so the focus stays on it).
   * @param {number} scale
   * @param {number} max */
  update(scale, max) {
    this.zoomIn.setAttribute("aria-disabled", String(scale >= max));
    this.zoomOut.setAttribute("aria-disabled", String(scale <= 1));
    this.fit.setAttribute("aria-disabled", String(scale <= 1));
  }

  /** The client rectangles of the controls on screen (the tip too while it shows). */
  shown() {
    if (this.group.hidden) return [];
    return [this.tip, this.zoomIn, this.zoomOut, this.fit].filter((node) => !node.hidden)
      .map((node) => node.getBoundingClientRect());
  }

  /** The CSS pixels the buttons take beside the board, their gap included: the height of
   *  their row under it, or the width of their column at its right; 0 while hidden. */
  band() {
    return this.group.hidden ? 0 : this.zoomIn.offsetHeight + GAP;
  }

  /** Sit by the board `board` ({left, top, width, height} in the container's padding box):
   *  `at` "under" its right end (a row), "beside" its right edge (a column level with its
   *  lower edge), or "over" its lower right corner (a column, where neither has room); the
   *  tip beside the row where `tipRoom` found it room there, else under the board (and the
   *  row), `TIP_GAP` below (zoom.css).
   * @param {{left: number, top: number, width: number, height: number}} board
   * @param {"under" | "beside" | "over"} at */
  place(board, at) {
    const right = board.left + board.width;
    const bottom = board.top + board.height;
    this.group.dataset.at = at;
    this.group.style.left = at === "beside" ? `${right + GAP}px` : "";
    this.group.style.right = at === "beside" ? "" : `calc(100% - ${right - (at === "over" ? GAP : 0)}px)`;
    this.group.style.top = at === "under" ? `${bottom + GAP}px` : "";
    this.group.style.bottom = at === "under" ? "" : `calc(100% - ${bottom - (at === "over" ? GAP : 0)}px)`;
    // the tip beside the row (its top level with the row's), else under the board and row
    this.tip.style.top = this.tipBeside ? "0" : `calc(100% + ${(at === "over" ? GAP : 0) + TIP_GAP}px)`;
    this.tip.style.right = this.tipBeside ? `calc(100% + ${GAP}px)` : "0";
  }

  /** The person has zoomed or dismissed the tip: it goes, and stays gone in this browser. */
  learnt() {
    if (this.tip.hidden) return;
    this.tip.hidden = true;
    rememberTip(TIP);
    this.roomChanged();
  }
}
