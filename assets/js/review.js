// The review of a finished game, as lichess's analysis board gives it: "Review" (on the
// game-over panel, and beside the board of any finished game, a saved one too) asks the
// engine (op review, in steps, with progress) for the viewer's chance to win in every
// position and a mark for every choice of the seats judged (good, inaccuracy, mistake,
// blunder).  The panel draws the graph on a canvas (review-graph.js; choosing a point shows
// that position in the history viewer), a line of counts per seat and the mistakes and
// blunders with the better move and the engine's reason; the move list shows each move's
// mark, and looking at the position where a mistake was made rings the better move on the
// board.  A new game, undo, or leaving drops it (the store's `turns` belongs to one answer).
import { drawGraph, MARK_COLOURS, plyAt } from "./review-graph.js";
import { entryNumber, moveEntries } from "./history.js";
import { moveMarks } from "./hints.js";
import { inSteps } from "./players.js";
import { currentLanguage, t } from "./strings.js";
import { button, el } from "./views/dom.js";
import { placeName } from "./views/insel-places.js";

/** The move list's sign of each mark (as chess writes them). */
export const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/**
 * @typedef {{ply: number, seat: number, move: string, mark: string, loss: number,
 *            better?: string, reason?: import("./types.js").Phrase | null}} Judged
 * @typedef {{viewer: number, points: number[], moves: Judged[]}} Result
 */

/** An engine's reason phrase in the view's words: Kahuna's lines, Inselspiel's places by
 *  the page's place names, a seat by its name. */
export function reasonWords(gameView, view, reason) {
  if (!reason) return reason;
  const worded = gameView.hintReason ? gameView.hintReason(reason) : reason;
  const params = { ...(worded.params ?? {}) };
  if (view.map && typeof params.place === "string") {
    params.place = placeName(view.map, params.place).a;
  }
  if (view.map && typeof params.start === "string") {
    const name = placeName(view.map, params.start);
    params.start = t(`insel_placeFrom_${name.kind}`, { a: name.a, b: name.b ?? "" });
  }
  if (typeof params.seat === "number") params.seat = gameView.seats(view)[params.seat]?.name ?? "";
  return { ...worded, params };
}

/**
 * The review: state in the store (`turns`: {game, answer, running?, progress?, error?,
 * result?}), answers from the engine.  Never touches the page (ReviewPanel draws it).
 */
export class Review {
  /**
   * @param {import("./store.js").Store} store
   * @param {{view: (id: string) => import("./types.js").GameView,
   *          judged: (game: import("./types.js").Game) => number[],
   *          judge: import("./types.js").Call}} act
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
    return Boolean(game?.answer.view.over) && !game.lesson && this.act.judged(game).length > 0;
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
    const answer = game.answer;
    const seats = this.act.judged(game);
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
      moves: got.moves } }, dialog: null, historyOpen: true });
  }

  /** The moves judged worse than good, by the ply they were made at (the move list's marks). */
  marks() {
    const moves = this.result()?.moves ?? [];
    return new Map(moves.filter((move) => move.mark !== "good").map((move) => [move.ply,
      { kind: move.mark, sign: SIGNS[move.mark], label: t(`review_${move.mark}`) }]));
  }

  /** The moves taught (a better move and why), in the order played. */
  taught() {
    return (this.result()?.moves ?? []).filter((move) => move.better);
  }

  /** The better move's marks when the position on screen is where a taught move was made. */
  pastGuide(ply, view) {
    const move = this.taught().find((entry) => entry.ply === ply);
    return move ? moveMarks(this.act.view(this.game.id), view, move.better) : null;
  }
}

/** The game-over panel's "Review", the one beside the board, and the review's section. */
export class ReviewPanel {
  /**
   * @param {{section: HTMLElement, list: HTMLElement, overButton: HTMLButtonElement,
   *          after: HTMLElement}} nodes the review's section (its heading stays), its
   *   list, the game-over panel's button, the node the panel's own button goes after
   * @param {Review} review
   * @param {{show: (ply: number) => void, ply: () => number,
   *          moves: () => {seat: number, move: string}[]}} history
   *   look at the position after `ply` moves, the position on screen, the moves (history.js)
   */
  constructor(nodes, review, history) {
    this.nodes = nodes;
    this.review = review;
    this.history = history;
    this.offer = button("", "review-offer", () => review.start());
    this.offer.id = "review-button";
    nodes.after.after(this.offer);
    nodes.overButton.addEventListener("click", () => review.start());
    this.canvas = /** @type {HTMLCanvasElement} */ (el("canvas", undefined, "review-graph"));
    this.canvas.id = "review-graph";
    this.canvas.setAttribute("role", "img");
    this.canvas.addEventListener("click", (event) => this.pick(event));
    this.axis = el("p", "", "review-axis");
    this.summary = el("div", "", "review-summary");
    nodes.list.before(this.axis, this.canvas, this.summary);
    this.shown = null; // what the section was last drawn from
  }

  /** Show the position at the point chosen on the graph. */
  pick(event) {
    const result = this.review.result();
    if (!result) return;
    const box = this.canvas.getBoundingClientRect();
    this.history.show(plyAt(event.clientX - box.left, result.points.length, box.width));
  }

  /** Draw the buttons and, once found, the review (`busy`: the computer thinks). */
  render({ busy }) {
    const { review, nodes } = this;
    const game = review.game;
    const mine = game ? review.mine() : null;
    const offered = Boolean(game) && review.offered(game);
    const label = mine?.error ?? (mine?.progress ? t("reviewRunning", mine.progress) : t("reviewButton"));
    for (const node of [this.offer, nodes.overButton]) {
      node.hidden = !offered || Boolean(mine?.result);
      node.disabled = busy || Boolean(mine?.running);
      node.textContent = label;
    }
    const result = mine?.result ?? null;
    nodes.section.hidden = !result;
    if (!result) {
      this.shown = null;
      return;
    }
    const current = this.history.ply();
    const box = this.canvas.getBoundingClientRect();
    const [width, height] = [Math.round(box.width) || 300, Math.round(box.height) || 96];
    const key = [result, currentLanguage()];
    if (!this.shown || this.shown.some((part, i) => part !== key[i])) {
      this.shown = key;
      this.renderText(game, result);
    }
    this.drawGraph(result, current, width, height);
  }

  /** The canvas at its size on screen, drawn for the position `current`. */
  drawGraph(result, current, width, height) {
    const ratio = window.devicePixelRatio || 1;
    const canvas = this.canvas;
    if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
    if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const style = getComputedStyle(canvas);
    const look = { ink: style.color, area: style.backgroundColor,
      line: style.getPropertyValue("--graph-line").trim() || "#3b7dd8" };
    drawGraph(ctx, { width, height }, result.points, result.moves, current, look);
  }

  /** The axis's words, the counts per seat and the list of moves taught. */
  renderText(game, result) {
    const gameView = this.review.act.view(game.id);
    const view = game.answer.view;
    const seats = gameView.seats(view);
    this.axis.textContent = t(`reviewAxis_${game.id}`);
    this.canvas.setAttribute("aria-label", t("reviewGraph", { name: seats[result.viewer]?.name ?? "" }));
    const bySeat = new Map();
    for (const move of result.moves) {
      const counts = bySeat.get(move.seat) ?? { good: 0, inaccuracy: 0, mistake: 0, blunder: 0 };
      counts[move.mark] += 1;
      bySeat.set(move.seat, counts);
    }
    this.summary.replaceChildren(...[...bySeat].map(([seat, counts]) =>
      el("p", t("reviewSummary", { name: seats[seat]?.name ?? "", ...counts }))));
    const entries = moveEntries(this.history.moves(), gameView, view);
    const words = (move) => gameView.moveLabel?.(move, view) ?? move;
    const items = this.review.taught().map((move) => {
      const params = { n: entryNumber(entries, move.ply) || move.ply + 1, name: seats[move.seat]?.name ?? "",
        move: words(move.move), better: words(move.better), mark: t(`review_${move.mark}`),
        reason: reasonWords(gameView, view, move.reason) ?? "" };
      const entry = button(t(move.reason ? "reviewEntryReason" : "reviewEntry", params), "", () =>
        this.history.show(move.ply));
      entry.dataset.turn = String(move.ply);
      entry.dataset.mark = move.mark;
      entry.style.setProperty("--mark-colour", MARK_COLOURS[move.mark]);
      const item = el("li");
      item.append(entry);
      return item;
    });
    this.nodes.list.replaceChildren(...(items.length ? items : [el("li", t("reviewNone"))]));
  }
}
