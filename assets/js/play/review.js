// The review of a finished game, as lichess's analysis board gives it: "Review" (on the
// game-over panel, and beside the board of any finished game, a saved one too) asks the
// engine (op review, in steps, with progress) for the viewer's chance to win in every
// position and a mark for every choice of the seats judged (good, inaccuracy, mistake,
// blunder).  It opens as a sheet over the side panel (review.css: beside the board on wide
// screens, under it on phones; the board stays in sight) with a heading, a close button
// and Escape: the graph on a canvas (review-graph.js; a tap or the arrow keys show that
// position on the board), the position's line with steps, a line of counts per seat and
// every marked move in words (the graph's marks as text), the mistakes and blunders with
// the better move and the engine's reason.  The move list shows each move's mark, and
// looking at the position where a mistake was made rings the better move on the board.
// A new game, undo, or leaving drops it (the store's `turns` belongs to one answer).
import { drawGraph, MARK_COLOURS, plyAt } from "./review-graph.js";
import { entryNumber, moveEntries } from "./history.js";
import { moveMarks } from "./hints.js";
import { inSteps } from "../table/computer.js";
import { currentLanguage, t } from "../common/strings.js";
import { button, el } from "../common/dom.js";
import { placeName } from "../views/inselspiel/insel-places.js";

/** The move list's sign of each mark (as chess writes them).
 *  @type {Record<string, string>} */
export const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/** @typedef {import("../common/types.js").Judged} Judged */
/** @typedef {import("../common/types.js").ReviewResult} Result */
/** @typedef {import("../common/types.js").Game} Game */
/** @typedef {import("../common/types.js").GameView} GameView */
/** @typedef {import("../common/types.js").View} View */
/** @typedef {import("../common/types.js").Phrase} Phrase */
/** The review's state in the store (its `turns`).
 *  @typedef {NonNullable<import("../common/store.js").ShellState["turns"]>} Turns */

/** An engine's reason phrase in the view's words: Kahuna's lines, Inselspiel's places by
 *  the page's place names, a seat by its name.
 *  @template {Phrase | null | undefined} P
 *  @param {GameView} gameView @param {View} view @param {P} reason @returns {P | Phrase} */
export function reasonWords(gameView, view, reason) {
  if (!reason) return reason;
  const worded = gameView.words.hintReason ? gameView.words.hintReason(reason) : reason;
  const params = { ...(worded.params ?? {}) };
  if (view.map && typeof params.place === "string") {
    params.place = placeName(view.map, params.place).a;
  }
  if (view.map && typeof params.start === "string") {
    const name = placeName(view.map, params.start);
    params.start = t(`insel_placeFrom_${name.kind}`, { a: name.a, b: name.b ?? "" });
  }
  if (typeof params.seat === "number") params.seat = gameView.words.seats(view)[params.seat]?.name ?? "";
  return { ...worded, params };
}

/**
 * The review: state in the store (`turns`: {game, answer, running?, progress?, error?,
 * result?, open?}), answers from the engine.  Never touches the page (ReviewPanel draws it).
 */
export class Review {
  /**
   * @param {import("../common/store.js").Store} store
   * @param {{view: (id: string) => import("../common/types.js").GameView,
   *          judged: (game: import("../common/types.js").Game) => number[],
   *          judge: import("../common/types.js").Call}} act
   *   a game's view module, the seats a review judges (hints.js), ask the engine
   */
  constructor(store, act) {
    this.store = store;
    this.act = act;
  }

  get game() {
    return this.store.state.game;
  }

  /** Whether "Review" is offered: the game is over and someone here played it. */
  offered(game = this.game) {
    return Boolean(game?.answer.view?.over) && !game?.lesson
      && game !== null && this.act.judged(game).length > 0;
  }

  /** The review's state for the game on screen as it stands, or null. */
  mine() {
    const turns = this.store.state.turns;
    return turns && turns.game === this.game && turns.answer === this.game?.answer ? turns : null;
  }

  /** The finished review for the game on screen, or null. */
  /** @returns {Result | null} */
  result() {
    return this.mine()?.result ?? null;
  }

  /** Run the review in steps (progress in the store), then show it with the move list. */
  async start() {
    const game = this.game;
    if (!game) return; // (on the menu: nothing to review)
    const answer = game.answer;
    const seats = this.act.judged(game);
    /** @param {Omit<Turns, "game" | "answer">} state */
    const update = (state) => this.store.update({ turns: { game, answer, ...state } });
    update({ running: true });
    const wanted = () => this.game === game && game.answer === answer;
    const got = await inSteps(async (budgetMs) => {
      const reply = await this.act.judge("review", { seats, budget_ms: budgetMs });
      if (reply.ok && !reply.done && wanted()) update({ running: true, progress: reply.progress });
      return reply;
    }, wanted);
    if (!got || !wanted()) return;
    if (!got.ok) {
      update({ error: got.error });
      return;
    }
    this.store.update({ turns: { game, answer, result: { viewer: got.viewer, points: got.points,
      moves: got.moves }, open: true }, dialog: null, historyOpen: true });
  }

  /** Whether the finished review's sheet is open. */
  isOpen() {
    const mine = this.mine();
    return Boolean(mine?.result && mine.open);
  }

  /** Open the sheet again (the review found) or run the review. */
  show() {
    const mine = this.mine();
    if (mine?.result) this.store.update({ turns: { ...mine, open: true }, dialog: null });
    else this.start();
  }

  /** Close the sheet (the review stays, the marks in the move list too). */
  close() {
    const mine = this.mine();
    if (mine?.result && mine.open) this.store.update({ turns: { ...mine, open: false } });
  }

  /** The moves judged worse than good, by the ply they were made at (the move list's marks). */
  marks() {
    const moves = this.result()?.moves ?? [];
    return new Map(moves.filter((move) => move.mark !== "good").map((move) => [move.ply,
      { kind: move.mark, sign: SIGNS[move.mark], label: t(`review_${move.mark}`) }]));
  }

  /** The moves marked worse than good, in the order played (the graph's dots in words). */
  marked() {
    return (this.result()?.moves ?? []).filter((move) => move.mark !== "good");
  }

  /** The moves taught (a better move and why), in the order played. */
  taught() {
    return (this.result()?.moves ?? []).filter((move) => move.better);
  }

  /** The better move's marks when the position on screen is where a taught move was made.
   *  @param {number} ply @param {View} view */
  pastGuide(ply, view) {
    const move = this.taught().find((entry) => entry.ply === ply);
    const { game } = this;
    return move?.better && game ? moveMarks(this.act.view(game.id), view, move.better) : null;
  }
}

/** The keys that move along the graph: to the entry before or after, the start, the end.
 *  @type {Record<string, number>} */
const GRAPH_KEYS = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 };
/** @type {Record<string, (moves: number) => number>} */
const END_KEYS = { Home: () => 0, End: (moves) => moves };

/** The game-over panel's "Review", the one beside the board, and the review's sheet. */
export class ReviewPanel {
  /**
   * @param {{panel: HTMLElement, overButton: HTMLButtonElement, after: HTMLElement}} nodes
   *   the side panel the sheet covers, the game-over panel's button, the node the side
   *   panel's own button goes after
   * @param {Review} review
   * @param {{show: (ply: number) => void, ply: () => number, stop: (direction: number) => number,
   *          moves: () => import("../common/types.js").MoveEntry[]}} history
   *   look at the position after `ply` moves, the position on screen, the ply the entry
   *   before (-1) or after (1) the one on screen ends at, the moves (history.js)
   */
  constructor(nodes, review, history) {
    this.nodes = nodes;
    this.review = review;
    this.history = history;
    this.offer = button("", "review-offer", () => review.show());
    this.offer.id = "review-button";
    nodes.after.after(this.offer);
    nodes.overButton.addEventListener("click", () => review.show());
    const parts = this.build(); // the sheet and the nodes each drawing changes
    this.sheet = parts.sheet;
    this.title = parts.title;
    this.closeButton = parts.closeButton;
    this.axis = parts.axis;
    this.canvas = parts.canvas;
    this.back = parts.back;
    this.forward = parts.forward;
    this.where = parts.where;
    this.summary = parts.summary;
    this.list = parts.list;
    nodes.panel.append(this.sheet);
    this.shown = null; // what the sheet's words were last drawn from
    this.wasOpen = false;
  }

  /** The sheet: a region with a heading and a close button; the graph (a slider over the
   *  positions, its marks in words below), the position's line and steps, the counts, the
   *  marked moves; its parts that each drawing changes. */
  build() {
    const sheet = el("section", undefined, "review-sheet");
    sheet.id = "turns";
    sheet.hidden = true;
    sheet.setAttribute("role", "region");
    sheet.setAttribute("aria-labelledby", "turns-title");
    sheet.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      this.review.close();
    });
    const title = el("h3");
    title.id = "turns-title";
    title.tabIndex = -1;
    const closeButton = button("✕", "review-close", () => this.review.close());
    closeButton.id = "review-close";
    const head = el("header", undefined, "review-head");
    head.append(title, closeButton);
    const axis = el("p", "", "review-axis");
    const canvas = /** @type {HTMLCanvasElement} */ (el("canvas", undefined, "review-graph"));
    canvas.id = "review-graph";
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "slider");
    canvas.setAttribute("aria-valuemin", "0");
    canvas.setAttribute("aria-describedby", "turns-summary");
    canvas.addEventListener("click", (event) => this.pick(event));
    canvas.addEventListener("keydown", (event) => this.onKey(event));
    /** @param {string} text @param {number} direction */
    const step = (text, direction) => {
      const node = button(text, "", () => this.history.show(this.history.stop(direction)));
      node.dataset.step = String(direction);
      return node;
    };
    const back = step("‹", -1);
    const forward = step("›", 1);
    const where = el("p", "", "review-where");
    where.setAttribute("aria-live", "polite");
    const steps = el("div", undefined, "review-steps");
    steps.append(back, where, forward);
    const summary = el("div", "", "review-summary");
    summary.id = "turns-summary";
    const list = el("ol", undefined, "review-moves");
    list.id = "turns-list";
    const body = el("div", undefined, "review-body");
    body.append(summary, list);
    sheet.append(head, axis, canvas, steps, body);
    return { sheet, title, closeButton, axis, canvas, back, forward, where, summary, list };
  }

  /** Show the position at the point chosen on the graph.  @param {MouseEvent} event */
  pick(event) {
    const result = this.review.result();
    if (!result) return;
    const box = this.canvas.getBoundingClientRect();
    this.history.show(plyAt(event.clientX - box.left, result.points.length, box.width));
  }

  /** The graph as a slider: the arrows step an entry, Home and End go to the ends.
   *  @param {KeyboardEvent} event */
  onKey(event) {
    const direction = GRAPH_KEYS[event.key];
    const end = END_KEYS[event.key];
    const to = direction ? this.history.stop(direction)
      : end ? end(this.history.moves().length) : undefined;
    if (to === undefined) return;
    event.preventDefault();
    this.history.show(to);
  }

  /** Draw the buttons and, once found and open, the sheet (`busy`: the computer thinks).
   *  @param {{busy: boolean}} state */
  render({ busy }) {
    const { review, nodes } = this;
    const game = review.game;
    const mine = game ? review.mine() : null;
    const offered = Boolean(game) && review.offered(game);
    const open = Boolean(game) && review.isOpen();
    const label = mine?.error ?? (mine?.progress ? t("reviewRunning", mine.progress) : t("reviewButton"));
    for (const node of [this.offer, nodes.overButton]) {
      node.hidden = !offered || open;
      node.disabled = busy || Boolean(mine?.running);
      node.textContent = label;
    }
    const hadFocus = this.sheet.contains(document.activeElement);
    this.sheet.hidden = !open;
    if (open && !this.wasOpen) { // after this draw, which may close the game-over panel (it
      queueMicrotask(() => { // gives the focus back to what had it before it opened)
        if (!this.sheet.hidden) this.title.focus({ preventScroll: true });
      });
    }
    if (!open && this.wasOpen && hadFocus && !this.offer.hidden) this.offer.focus({ preventScroll: true });
    this.wasOpen = open;
    const result = review.result();
    if (!open || !game || !result) return;
    const key = [result, currentLanguage()];
    if (!this.shown || this.shown.some((part, i) => part !== key[i])) {
      this.shown = key;
      this.renderText(game, result);
    }
    this.renderPosition(game, result);
  }

  /** The graph, the slider's value and the position's line for the position on screen.
   *  @param {Game} game @param {Result} result */
  renderPosition(game, result) {
    const current = this.history.ply();
    const box = this.canvas.getBoundingClientRect();
    this.drawGraph(result, current, Math.round(box.width) || 300, Math.round(box.height) || 96);
    const moves = this.history.moves();
    const gameView = this.review.act.view(game.id);
    const view = /** @type {View} */ (game.answer.view); // (a finished game's: review offered)
    const entries = moveEntries(moves, gameView, view);
    const where = current === 0 ? t("viewingStart", { count: entries.length })
      : t("viewingMove", { n: entryNumber(entries, current - 1), of: entries.length });
    const name = gameView.words.seats(view)[result.viewer]?.name ?? "";
    const percent = Math.round(100 * (result.points[current] ?? 0.5));
    this.where.textContent = where;
    this.canvas.setAttribute("aria-valuemax", String(moves.length));
    this.canvas.setAttribute("aria-valuenow", String(current));
    this.canvas.setAttribute("aria-valuetext", t("reviewPoint", { where, name, percent }));
    this.back.disabled = current === 0;
    this.forward.disabled = current >= moves.length;
  }

  /** The canvas at its size on screen, drawn for the position `current`.
   *  @param {Result} result @param {number} current @param {number} width @param {number} height */
  drawGraph(result, current, width, height) {
    const ratio = window.devicePixelRatio || 1;
    const canvas = this.canvas;
    if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
    if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext("2d");
    if (!ctx) return; // (no 2D drawing here: the graph's words below still say it all)
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const style = getComputedStyle(canvas);
    const look = { ink: style.color, area: style.backgroundColor,
      line: style.getPropertyValue("--graph-line").trim() || "#3b7dd8" };
    drawGraph(ctx, { width, height }, result.points, result.moves, current, look);
  }

  /** The heading, the axis's words, the counts per seat and the marked moves in words.
   *  @param {Game} game @param {Result} result */
  renderText(game, result) {
    const gameView = this.review.act.view(game.id);
    const view = /** @type {View} */ (game.answer.view); // (a finished game's: review offered)
    const seats = gameView.words.seats(view);
    this.title.textContent = t("reviewTitle");
    this.closeButton.setAttribute("aria-label", t("close"));
    this.back.setAttribute("aria-label", t("previousMove"));
    this.forward.setAttribute("aria-label", t("nextMove"));
    this.axis.textContent = t("reviewAxis", { name: seats[result.viewer]?.name ?? "",
      basis: t(`reviewAxis_${game.id}`) });
    this.canvas.setAttribute("aria-label", t("reviewGraph", { name: seats[result.viewer]?.name ?? "" }));
    /** @type {Map<number, Record<string, number>>} */
    const bySeat = new Map();
    for (const move of result.moves) {
      const counts = bySeat.get(move.seat) ?? { good: 0, inaccuracy: 0, mistake: 0, blunder: 0 };
      counts[move.mark] += 1;
      bySeat.set(move.seat, counts);
    }
    this.summary.replaceChildren(...[...bySeat].map(([seat, counts]) =>
      el("p", t("reviewSummary", { name: seats[seat]?.name ?? "", ...counts }))));
    const moves = this.history.moves();
    const entries = moveEntries(moves, gameView, view);
    /** @param {string} move @param {object} [said] */
    const words = (move, said) => gameView.words.moveLabel?.(move, view, said) ?? move;
    const items = this.review.marked().map((move) => {
      const params = { n: entryNumber(entries, move.ply) || move.ply + 1, name: seats[move.seat]?.name ?? "",
        move: words(move.move, moves[move.ply]?.said), better: move.better ? words(move.better) : "",
        mark: t(`review_${move.mark}`), reason: reasonWords(gameView, view, move.reason) ?? "" };
      const template = !move.better ? "reviewEntryMark" : !move.reason ? "reviewEntry"
        : move.reason_of === "played" ? "reviewEntryWhy" : "reviewEntryReason";
      const entry = button("", "", () => this.history.show(move.ply));
      entry.append(el("span", SIGNS[move.mark], `turn-mark mark-${move.mark}`),
        el("span", t(template, params), "review-text"));
      entry.dataset.turn = String(move.ply);
      entry.dataset.mark = move.mark;
      entry.style.setProperty("--mark-colour", MARK_COLOURS[move.mark]);
      const item = el("li");
      item.append(entry);
      return item;
    });
    this.list.replaceChildren(...(items.length ? items : [el("li", t("reviewNone"))]));
  }
}
