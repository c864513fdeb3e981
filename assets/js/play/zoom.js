// The zoom controls of a zoomable board (canvas.js): +, − and "the whole board", real
// buttons beside the board, off the map: a row under its lower right corner or a column at
// its right, wherever the board leaves room or costs the board less (canvas.js fits the
// board to the room left), so they cover no town, port or name (issue 47: they hid
// "Kirack" and its port on a phone); and a first-time tip that pinching or + zooms (or, with
// a mouse, that the wheel or + does).  The tip is never over the board either: it sits
// under it and the row, in room the board leaves it (`tipRoom`), so it covers no town,
// label or hint.  It shows once per browser: dismissing it, pressing + or zooming with the
// fingers or the wheel remembers it as seen (prefs.js), and gives the board its room back.
// Their layout is assets/css/zoom.css.
import { rememberTip, tipSeen } from "../keep/prefs.js";
import { t } from "../common/strings.js";
import { button, el } from "../common/dom.js";

const TIP = "zoom"; // the tip's name in prefs.js
const GAP = 8; // CSS pixels between the controls and the board's edges
const TIP_GAP = 8; // CSS pixels between the board and the tip, and under the tip
const TIP_WIDTH = 22; // the tip's widest, in rem: one or two lines under a wide board

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
   *  are written again (the page's language may have changed). */
  show(on) {
    this.group.setAttribute("aria-label", t("zoomControls"));
    // the words of the input in use: fingers pinch, a mouse's wheel turns (pointer: coarse/fine)
    this.tipText.textContent = t(matchMedia("(pointer: coarse)").matches ? "zoomTip" : "zoomTipMouse");
    this.tipClose.setAttribute("aria-label", t("zoomTipClose"));
    this.tipClose.title = t("zoomTipClose");
    for (const [node, key] of [[this.zoomIn, "zoomIn"], [this.zoomOut, "zoomOut"], [this.fit, "zoomFit"]]) {
      node.setAttribute("aria-label", t(key));
      node.title = t(key);
    }
    this.group.hidden = !on;
    this.tip.hidden = !on || tipSeen(TIP);
  }

  /** The CSS pixels the tip takes under a board of at most `width` pixels (its gaps
   *  included), 0 while it does not show: the board is fitted into the height left. */
  tipRoom(width) {
    if (this.group.hidden || this.tip.hidden) return 0;
    const widest = TIP_WIDTH * parseFloat(getComputedStyle(document.documentElement).fontSize);
    this.tip.style.maxWidth = `${Math.max(Math.min(width - 2 * GAP, widest), 0)}px`;
    return this.tip.offsetHeight + 2 * TIP_GAP;
  }

  /** The zoom now: a button that can do nothing more says so (aria-disabled, still in the
   *  tab order, so the focus stays on it). */
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

  /** Sit beside the board `board` ({left, top, width, height} in the container's padding
   *  box): a row under its right end (`under`), else a column at its right, level with its
   *  lower edge; the tip hangs under the board (and the row), `TIP_GAP` below (zoom.css). */
  place(board, under) {
    const right = board.left + board.width;
    this.group.dataset.at = under ? "under" : "beside";
    this.group.style.left = under ? "" : `${right + GAP}px`;
    this.group.style.right = under ? `calc(100% - ${right}px)` : "";
    this.group.style.top = under ? `${board.top + board.height + GAP}px` : "";
    this.group.style.bottom = under ? "" : `calc(100% - ${board.top + board.height}px)`;
    this.tip.style.top = `calc(100% + ${TIP_GAP}px)`;
  }

  /** The person has zoomed or dismissed the tip: it goes, and stays gone in this browser. */
  learnt() {
    if (this.tip.hidden) return;
    this.tip.hidden = true;
    rememberTip(TIP);
    this.roomChanged();
  }
}
