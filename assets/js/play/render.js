// The one render path: the page drawn from the store (store.js), screens, the play screen's
// board and panel, the dialogs.  It runs at most once an animation frame and may run any
// time: each part is written again only when what it shows has changed, so a button under
// the pointer stays the same node between press and release, and typing keeps its focus; the
// side panel, which a view builds anew, waits while a press on it is held (press.js).
import { focusMark, keepFocus, setCurtain, speakBoard } from "./access.js";
import { showOfflineOffer } from "./offline-offer.js";
import { watchPress } from "../common/press.js";
import { hasReport } from "./report.js";
import { isTableSeat, seatKindText, seatPlayerText } from "./players.js";
import { formatList, t } from "../common/strings.js";
import { VIEWS } from "../views/index.js";
import { labelFloor } from "../views/labels.js";
import { byId, setText } from "../common/dom.js";

/** @typedef {import("../common/store.js").ShellState} ShellState */
/** @typedef {import("../common/types.js").Game} Game */
/** @typedef {import("../common/types.js").GameView} GameView */
/** @typedef {import("../common/types.js").View} View */
/** @typedef {import("../common/types.js").Answer} Answer */
/** @typedef {import("../common/types.js").Ui} Ui */
/** @typedef {import("../common/types.js").Seat} Seat */
/** @typedef {import("../common/types.js").Control} Control */
/** @typedef {import("../common/types.js").Guide} Guide */

const $ = byId;

/** A seat's words in the players panel on two parts: its `name` node over its `role` (its
 *  colour beside a player's own name, who plays it beside the computer's or a friend's seat);
 *  `whole` is the label in one line, the node's title.
 *  @param {HTMLElement} name @param {string} role @param {string} [whole] */
function namedSeat(name, role, whole = name.textContent ?? "") {
  const who = document.createElement("span");
  who.className = "who";
  const roleNode = document.createElement("span");
  roleNode.className = "role";
  roleNode.textContent = role;
  name.title = whole; // read whole where an ellipsis cuts it
  who.append(name, roleNode);
  return who;
}
/** The turn line's words while the seat to move plays on another device, by its kind.
 *  @type {Record<string, string>} */
const AWAY = { table: "table.waiting", tableLost: "table.waitingLost" };

/** The dialogs the store opens and closes (by id); the others belong to their modules. */
export const DIALOGS = ["game-over", "rules", "describe", "settings", "older"];

export class Render {
  /**
   * @param {{controller: import("./controller.js").Controller,
   *   board: import("./canvas.js").BoardCanvas, cursor: import("../common/cursor.js").BoardCursor,
   *   history: import("./history.js").HistoryPanel, hints: import("./hints.js").HintsPanel,
   *   review: import("./review.js").ReviewPanel,
   *   menu: import("./menu.js").Menu, saved: import("./continue.js").ContinueList,
   *   act: import("../common/types.js").PanelAct,
   *   keeping?: import("./keeping-banner.js").KeepingBanner, redraw: () => void}} parts
   *   the game's lifecycle (read only here), the board and its keyboard cursor, the move
   *   list, the hints, the review, the menu and its Continue list, what a view's panel may do, the line
   *   about keeping the game (read-only here, not saved), how to ask for a redraw (the store)
   */
  constructor({ controller, board, cursor, history, hints, review, menu, saved, act, keeping, redraw }) {
    this.controller = controller;
    this.board = board;
    this.cursor = cursor;
    this.history = history;
    this.hints = hints;
    this.review = review;
    this.menu = menu;
    this.saved = saved;
    this.act = act;
    this.keeping = keeping;
    /** @type {{screen: string | null, game: Game | null, controls: string, seats: string,
     *          historyOpen: boolean | null, dialog: string | null}} what was drawn last */
    this.drawn = { screen: null, game: null, controls: "", seats: "", historyOpen: null,
      dialog: null };
    /** @type {Game | null} the game whose dialogs may stay open */
    this.opened = null;
    /** @type {{view: View, live: Answer, answer: Answer} | null} the answer the panel shows
     *  for a position looked back at (kept while it and the game's answer stay, so the
     *  panel's nodes stay put) */
    this.past = null;
    this.panelPress = watchPress($("game-panel"), redraw); // the panel's buttons, pressed
  }

  /** The game's `answer` as the panel shows a position looked back at (`view`): that
   *  position's picture (a hand, the last turn, the counts then), nothing to play.
   *  @param {Answer} answer @param {View} view @returns {Answer} */
  pastAnswer(answer, view) {
    if (this.past?.view !== view || this.past.live !== answer) {
      this.past = { view, live: answer, answer: { ...answer, view, legal: [] } };
    }
    return this.past.answer;
  }

  /** @param {ShellState} state */
  draw(state) {
    this.screens(state);
    this.menuLines(state);
    const live = state.game?.answer.view; // (a game on screen has its picture)
    if (state.screen === "play" && state.game && live && this.board.width) {
      this.play(state, state.game, live);
    }
    this.dialogs(state);
  }

  /** The screen shown, and what a change of screen brings.  @param {ShellState} state */
  screens(state) {
    if (this.drawn.screen === state.screen) return;
    this.drawn.screen = state.screen;
    for (const id of ["menu", "play"]) $(id).hidden = id !== state.screen;
    if (state.screen === "play") {
      this.menu.closeSetup();
      this.board.fit();
    } else this.saved.show();
  }

  /** The engine's start and the menu's message.  @param {ShellState} state */
  menuLines(state) {
    setText($("menu-message"), state.menuMessage);
    const fileLine = $("file-message");
    const before = fileLine.textContent;
    setText(fileLine, state.fileMessage);
    // a refused file is said beside its button: brought into sight, however the menu scrolled
    if (state.fileMessage && state.fileMessage !== before) fileLine.scrollIntoView({ block: "nearest" });
    const progress = state.progress;
    if (progress) {
      const status = $("engine-status");
      status.classList.toggle("error", Boolean(progress.failed));
      const percent = progress.percent ?? 0;
      const step = progress.failed || !progress.key ? ""
        : t(progress.key, { percent, ...progress.params });
      setText(status, progress.failed ? t("loadingFailed")
        : progress.waited ? t("loadingWaited", { step, seconds: progress.waited }) : step);
      // the engineer's words for the step (loading.js), small under the person's headline
      setText($("engine-details"), progress.details && percent < 100
        ? t(progress.details.key, progress.details.params) : "");
      const bar = /** @type {HTMLProgressElement} */ ($("engine-bar"));
      bar.hidden = Boolean(progress.failed); // a failed start has no way to go
      if (!progress.failed && bar.value !== percent) {
        bar.value = percent;
        $("engine-progress").hidden = percent >= 100;
      }
    }
    this.menu.setStatus(state.waitingFor || null, state.waitingFor === null ? ""
      : t("startsWhenReady", { percent: state.progress?.percent ?? 0 }));
  }

  /** The play screen: the board, the curtain, the panel.
   *  @param {ShellState} state @param {Game} game on screen @param {View} live its picture */
  play(state, game, live) {
    const { controller } = this;
    const gameView = VIEWS[game.id];
    if (this.drawn.game !== game) this.newGame(game, gameView, live);
    const { answer } = game;
    const [focused, mark] = [document.activeElement !== document.body, focusMark()];
    const past = controller.history.view(); // a position looked back at: shown, not played
    const view = past ?? live;
    const away = !past && controller.awayToMove();
    const legal = past || away ? [] : answer.legal ?? [];
    const kinds = game.seats ?? []; // who plays each seat ("human" where none is said)
    const ui = { ...game.display, ...(past ? {} : game.ui) }; // how shown, and the selection
    const step = controller.lessonStep();
    const hints = this.hints.hints;
    // a lesson step, a hint or, looking back, the better move: marked alike
    const guide = past ? this.review.review.pastGuide(controller.history.ply(), view)
      : step ?? hints.guide();
    this.drawBoard(gameView, view, ui, guide && legal.includes(guide.move) ? [guide.move] : legal,
      guide);
    this.curtain(gameView, live);
    if (!this.panelPress.held()) { // drawn again once the press ends
      const panel = gameView.panel?.(past ? this.pastAnswer(answer, past) : answer, ui,
        this.act) ?? [];
      const shown = $("game-panel").childNodes;
      if (panel.length !== shown.length || panel.some((node, i) => node !== shown[i])) {
        $("game-panel").replaceChildren(...panel); // the same nodes stay put (and keep focus)
      }
    }
    const thinking = Boolean(state.thinking) && view.current >= 0;
    const seats = gameView.words.seats(view);
    this.seats(game, seats, view);
    const name = seats[view.current]?.name;
    const turn = view.over ? t("gameOver") : thinking ? t("thinking", { name })
      : away ? t(AWAY[kinds[view.current]] ?? "awayToMove", { name })
        : gameView.words.prompt(view, ui);
    $("turn").textContent = turn;
    $("turn").classList.toggle("thinking", thinking);
    $("send-move").hidden = !away || isTableSeat(kinds[view.current]);
    this.controls(past || away ? [] : gameView.controls(view, legal, ui), Boolean(state.thinking));
    // undo in a game with secrets must not step into another person's turn (it would show
    // their side); stepping back over a computer's turn shows nothing new
    const undoTo = answer.undo_to ?? null;
    const secretUndo = !controller.secret(game.id) || undoTo === game.viewer
      || (undoTo !== null && undoTo >= 0 && !controller.isHuman(undoTo));
    /** @type {HTMLButtonElement} */ ($("undo")).disabled = !answer.can_undo || !secretUndo || Boolean(past);
    /** @type {HTMLButtonElement} */ ($("redo")).disabled = !answer.can_redo || Boolean(past);
    speakBoard({ board: this.board.canvas, news: $("board-news") }, gameView, view, turn);
    $("board-place").textContent = state.place;
    this.keeping?.draw(state);
    $("message").textContent = state.message.text;
    $("message").classList.toggle("error", state.message.error);
    this.hints.render({ busy: Boolean(state.thinking) || away, past: Boolean(past) });
    this.review.render({ busy: Boolean(state.thinking) });
    this.toolbar(state, game);
    if (this.drawn.historyOpen !== state.historyOpen) { // a change of the store's, not a
      this.drawn.historyOpen = state.historyOpen; // stale write over a click on the summary
      /** @type {HTMLDetailsElement} */ ($("history")).open = state.historyOpen;
    }
    const opening = this.history.render();
    this.lesson(game, step, guide);
    keepFocus($("play"), focused, mark, this.board.canvas); // a redraw took the focused button away
    if (opening) this.history.reveal();
  }

  /** What changes with the game: its title, its board's shape, its report; the old game's
   *  dialogs (a share, a report, a setup) close with it.
   *  @param {Game} game @param {GameView} gameView @param {View} live its picture */
  newGame(game, gameView, live) {
    this.drawn.game = game;
    if (this.opened !== game) { // not when only the words or colours changed (forget)
      this.opened = game;
      performance.mark("board-ready");
      for (const dialog of /** @type {NodeListOf<HTMLDialogElement>} */ (document.querySelectorAll("dialog[open]"))) {
        if (!DIALOGS.includes(dialog.id)) dialog.close();
      }
    }
    $("play-title").textContent = t(`game_${game.id}`);
    $("report-button").hidden = !hasReport(game.id);
    this.board.setZoomable(Boolean(gameView.board.zoomable));
    const aspect = gameView.board.aspect(live);
    $("play").style.setProperty("--board-aspect", String(aspect)); // phones: the board's row
    this.board.setAspect(aspect);
  }

  /** The board: the view's drawing, the guide's rings, the keyboard cursor.
   *  @param {GameView} gameView @param {View} view @param {Ui} ui @param {string[]} legal
   *  @param {Guide | null} guide */
  drawBoard(gameView, view, ui, legal, guide) {
    const box = this.box();
    gameView.board.draw(this.board.context(), box, view, ui, legal);
    if (guide) this.markTargets(gameView, view, guide.targets, box);
    this.cursor.draw(this.board.context(false), box);
  }

  /** The box the board is drawn in (its zoom too, and what its labels keep clear of). */
  box() {
    return { width: this.board.width, height: this.board.height, scale: this.board.zoom.scale,
      keepClear: this.board.covered(), floor: labelFloor() };
  }

  /** Rings round the places a lesson step or a hint points at, drawn over the board.
   *  @param {GameView} gameView @param {View} view @param {string[]} targets
   *  @param {import("../common/types.js").Box} box */
  markTargets(gameView, view, targets, box) {
    const ctx = this.board.context(false);
    const radius = Math.max(12, Math.min(box.width, box.height) * 0.045);
    ctx.save();
    ctx.lineWidth = Math.max(3, radius / 4);
    ctx.strokeStyle = "#ff7a1a";
    ctx.setLineDash([radius / 2, radius / 4]);
    for (const target of targets) {
      const point = gameView.board.locate(box, view, target);
      if (!point) continue;
      ctx.beginPath();
      ctx.arc(point.x, point.y, radius, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.restore();
  }

  /** The curtain over the board while a hand is to be handed on, its words naming who.
   *  @param {GameView} gameView @param {View} view */
  curtain(gameView, view) {
    const down = this.controller.curtainDown(view);
    setCurtain($("curtain"), $("curtain-lift"), this.board.canvas, down);
    if (!down) return;
    const name = gameView.words.seats(view)[view.current].name;
    $("curtain-text").textContent = t("curtain", { name });
    $("curtain-lift").textContent = t("curtainLift", { name });
  }

  /** The players panel: colour, name (and who plays it), score; the seat to move marked.  A
   *  player's own name (names.js) stands over the seat's role (its colour), each cut with an
   *  ellipsis when long, the whole name in its title.  A seat the computer or a friend by link
   *  plays is never cut (the rule of issue 47): its name stands over who plays it ("Computer,
   *  mittel", "Computer, Experte · bis zu 2 s"), both wrapping, three lines at most.
   *  @param {Game} game @param {Seat[]} seats @param {View} view */
  seats(game, seats, view) {
    const kinds = seats.map((_, index) => game.seats?.[index] ?? "human");
    const names = seats.map((seat, index) => {
      const kind = kinds[index];
      return kind === "human" ? seat.name : kind === "link" ? t("awaySeat", { name: seat.name })
        : kind === "table" ? t("table.seat", { name: seat.name })
        : kind === "tableLost" ? t("table.seatLost", { name: seat.name })
        : t("computerSeat", { name: seat.name, level: seatKindText(kind) });
    });
    const key = JSON.stringify([names, seats, view.current]);
    if (key === this.drawn.seats) return;
    this.drawn.seats = key;
    $("seats").replaceChildren(...seats.map((seat, index) => {
      const item = document.createElement("li");
      if (index === view.current) item.className = "to-move";
      const swatch = document.createElement("span");
      swatch.className = seat.striped ? "swatch striped" : "swatch";
      swatch.style.backgroundColor = seat.colour;
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = kinds[index] === "human" ? names[index] : seat.name;
      const score = document.createElement("span");
      score.className = "score";
      score.textContent = String(seat.score);
      const player = kinds[index] === "human" ? "" : seatPlayerText(kinds[index]);
      if (player) item.classList.add("played-by");
      const role = [seat.role, player].filter(Boolean).join(" · ");
      item.append(swatch, role ? namedSeat(name, role, names[index]) : name, score);
      return item;
    }));
  }

  /** The game's buttons for this moment (a move to play or an operation to ask).
   *  @param {Control[]} controls @param {boolean} thinking */
  controls(controls, thinking) {
    const key = JSON.stringify([controls, thinking]);
    if (key === this.drawn.controls) return;
    this.drawn.controls = key;
    $("controls").replaceChildren(...controls.map((control) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = control.label;
      button.dataset.move = control.move ?? control.op;
      button.disabled = thinking;
      button.addEventListener("click", () => (control.move
        ? this.controller.play(control.move) : this.controller.request(control.op ?? "")));
      return button;
    }));
  }

  /** The toolbar under the panel: Hint only where it is offered, the move list's and the
   *  "⋯" menu's buttons saying whether theirs is open, the menu shown when it is.
   *  @param {ShellState} state @param {Game} game */
  toolbar(state, game) {
    $("hint-button").hidden = !this.hints.hints.offered(game);
    $("moves-button").setAttribute("aria-expanded", String(state.historyOpen));
    $("more-button").setAttribute("aria-expanded", String(state.moreOpen));
    $("more-menu").hidden = !state.moreOpen;
  }

  /** The lesson bar and the buttons the lesson step (or a hint: `guide`) points at.
   *  @param {Game} game @param {unknown} step @param {Guide | null} guide */
  lesson(game, step, guide) {
    const { lesson, answer } = game;
    $("lesson").hidden = !lesson;
    if (lesson) {
      const ply = answer.view?.ply ?? 0;
      $("lesson-text").textContent = lesson.text(ply);
      $("lesson-skip").textContent = t(lesson.running(ply) ? "lessonSkip" : "close");
    }
    let first = null;
    for (const node of /** @type {NodeListOf<HTMLElement>} */ ($("play").querySelectorAll("[data-move], [data-card]"))) {
      const value = node.dataset.move ?? node.dataset.card;
      const marked = value !== undefined && Boolean(guide?.buttons.includes(value));
      if (marked && !node.classList.contains("lesson-target")) first ??= node;
      node.classList.toggle("lesson-target", marked);
    }
    first?.scrollIntoView({ block: "nearest" }); // a small screen scrolls the panel to it
  }

  /** The dialog the store names is open, the others it manages closed — when the store's
   *  choice changed: a dialog the person just closed is not opened again before the store
   *  hears of it (its close event).  @param {ShellState} state */
  dialogs(state) {
    if (this.drawn.dialog === state.dialog) return;
    this.drawn.dialog = state.dialog;
    for (const id of DIALOGS) {
      const dialog = /** @type {HTMLDialogElement} */ ($(id));
      if (id === state.dialog && !dialog.open) {
        if (id === "game-over" && state.game) this.gameOver(state.game);
        dialog.showModal();
        dialog.scrollTop = 0; // a reader starts at the heading (the dialog is what scrolls)
      } else if (id !== state.dialog && dialog.open) dialog.close();
    }
  }

  /** The game-over panel's words: who won, the game's own summary.  @param {Game} game */
  gameOver(game) {
    const gameView = VIEWS[game.id];
    const { view } = game.answer;
    if (!view) return; // (the dialog opens over a finished game's picture)
    const names = gameView.words.seats(view).map((seat) => seat.name);
    const winners = /** @type {number[]} */ (view.winners).map((seat) => names[seat]); // (an over game's)
    $("game-over-title").textContent = winners.length === 1
      ? t("winnerIs", { name: winners[0] })
      : t("draw", { names: formatList(winners) });
    $("game-over-lines").replaceChildren(...gameView.words.summary(view).map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
    $("game-over-report").hidden = !hasReport(game.id);
    showOfflineOffer($("offline-offer"));
  }

  /** Everything again (a new language, a new colour scheme). */
  forget() {
    this.history.relabel();
    this.drawn = { ...this.drawn, game: null, controls: "", seats: "" };
  }
}
