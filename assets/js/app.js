// The app shell: the menu, the play screen and the dialogs, wired together.  It moves JSON
// between the engine and the game views and holds no game rules itself.  Everything about
// the game on screen lives in one object (app.game), replaced whole when another opens.
import { describeBoard, focusMark, keepFocus, setCurtain, speakBoard } from "./access.js";
import { BoardCanvas } from "./canvas.js";
import { ContinueList } from "./continue.js";
import { BoardCursor } from "./cursor.js";
import * as engine from "./engine.js";
import { acceptDrops, download, readJsonFile, recordFileName } from "./files.js";
import { Hints } from "./hints.js";
import { HistoryPanel } from "./history.js";
import { loadLesson } from "./lesson.js";
import { startOffline } from "./offline.js";
import { moveLink, parseLink, recordLink } from "./links.js";
import { watchStart } from "./loading.js";
import { loadMenuData, Menu } from "./menu.js";
import { computerMove, isComputer, prepareComputer, seatKindText } from "./players.js";
import { hasReport, LearningReport } from "./report.js";
import { renderRules } from "./rules.js";
import { getSave, putSave, saveId } from "./saves.js";
import { ShareDialog } from "./share.js";
import { followAppearance } from "./appearance.js";
import { buildSettings } from "./settings-dialog.js";
import { remember, setting } from "./settings.js";
import { playSound } from "./sounds.js";
import { browserLanguage, currentLanguage, fillStaticTexts, formatList, hasText, LANGUAGES,
  loadLanguage, t } from "./strings.js";
import { VIEWS } from "./views/index.js";

/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").InselWindow} InselWindow */

const CHANCE = -1;
const LESSON_PAUSE_MS = 700; // the computer's scripted answer, shown after a breath
const $ = (id) => document.getElementById(id);
// the same look-up, typed for the checker as the element is in index.html (tsconfig.json)
const $dialog = /** @type {(id: string) => HTMLDialogElement} */ ($);
const $details = /** @type {(id: string) => HTMLDetailsElement} */ ($);
const $input = /** @type {(id: string) => HTMLInputElement} */ ($);
const $progress = /** @type {(id: string) => HTMLProgressElement} */ ($);
const $canvas = /** @type {(id: string) => HTMLCanvasElement} */ ($);
const $button = /** @type {(id: string) => HTMLButtonElement} */ ($);

const app = {
  ready: false, // the engine has started
  pending: null, // what to do once it has (a start chosen early, a link): a function
  progress: null, // the engine's start: {percent, key} while under way
  screen: "menu", // the screen shown: "menu" or "play" (never read back from the page)
  game: null, // {id, options, seats, computer, answer, ui, viewer}: the game on screen
  thinking: null, // token of the computer move under way, if any
  busy: false, // a change asked of the engine is being answered and shown (settled() waits)
  board: null,
  drawBoard: null, // draws the canvas as the last render() did, without touching the panel
  cursor: null, // the board's keyboard cursor (cursor.js)
  menu: null,
  share: null,
  saved: null, // the Continue list
  report: null, // the learning report (report.js)
  history: null, // the move list, and the past position looked at, if any
  hints: null, // the Hint button and the look back after a game (hints.js)
  menuData: null, // the games' tiles as the build described them (assets/menu.json)
  kinds: new Map(), // game id -> {information, chance}, as the engine declares them (op games)
};

// --- starting games ------------------------------------------------------------
/**
 * Start a new game.  `seats` holds "human" or a computer level per seat; `computer` the
 * computer players' settings.  Chosen before the engine is up, it starts once it is.
 */
function startGame(id, options, seats, computer) {
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  whenEngine(id, async () => {
    const answer = await open(id, "new", { game: id, options, seed }, { options, seats, computer });
    if (!answer.ok) notify(answer.error);
  });
}

/** Start the guided first game of `id` (lesson.js): the learner against the computer. */
function startLesson(id) {
  whenEngine(id, async () => {
    let lesson;
    try {
      lesson = await loadLesson(id);
    } catch (error) {
      notify(t("loadingFailed", { reason: error.message }));
      return;
    }
    const seats = lesson.seats(lesson.options.players ?? app.menu.games.get(id).min_players);
    const answer = await open(id, "new", { game: id, options: lesson.options, seed: lesson.seed },
      { options: lesson.options, seats, computer: {}, lesson });
    if (!answer.ok) notify(answer.error);
  });
}

/** The lesson's step when the learner is to move in a running lesson, else null. */
function lessonStep() {
  const { lesson, answer } = app.game ?? {};
  const view = answer?.view;
  if (!lesson || !view || view.over || app.history.view()) return null;
  return view.current === lesson.learner ? lesson.step(view.ply) : null;
}

function skipLesson() {
  app.game.lesson = null;
  render();
  computerTurn();
}

/**
 * Open a game record (a save, a file, a link) in the play screen.  `seats` as saved; a
 * move link ("by link") seats the person at the seat to move and the others far away.
 */
async function loadRecord(record, seats = [], computer = {}, byLink = false) {
  const id = record?.game;
  if (!VIEWS[id]) return { ok: false, error: t("unknownGame", { game: String(id).slice(0, 40) }) };
  return open(id, "load", { record }, { options: record.options ?? {}, seats, computer,
    byLink });
}

/** Resume a saved game; "" or why it cannot be (the engine's reason). */
async function resumeSaved(entry) {
  const answer = await loadRecord(entry.record, entry.seats, entry.computer ?? {});
  return answer.ok ? "" : answer.error;
}

/** Run `task` now if the engine is up, else once it is (the latest choice wins). */
function whenEngine(id, task) {
  if (app.ready) { task(); return; }
  app.pending = task;
  app.menu.setStatus(id, t("startsWhenReady", { percent: app.progress?.percent ?? 0 }));
}

/**
 * Ask the engine for a game (`op` new or load) and put it on screen; the engine's answer.
 * @param {string} id
 * @param {string} op
 * @param {object} args
 * @param {{options: object, seats?: string[], computer?: object, lesson?: any,
 *          byLink?: boolean}} players
 * @returns {Promise<import("./types.js").Answer>}
 */
async function open(id, op, args, { byLink = false, ...players }) {
  const hidden = secret(id) ? { seat: null } : {}; // secrets wait behind the curtain
  const answer = await drawChance(await engine.call(op, { ...args, ...hidden }), op, hidden);
  if (!answer.ok) return answer;
  /** @type {Game} */
  const game = { id, ...players, answer, ui: {}, viewer: null };
  if (byLink) { // whoever opens a move link plays the seat to move; the others are away
    game.seats = seatsOf(answer).map((seat) => (seat === answer.view.current ? "human" : "link"));
  }
  // with one person at the table, their side is always shown: there is nobody to hide it from
  const people = seatsOf(answer).filter((seat) => isHuman(seat, game));
  if (secret(id) && people.length === 1) {
    game.viewer = people[0];
    game.answer = await engine.call("view", { seat: game.viewer });
  }
  app.thinking = null;
  app.game = game; // from here on, every drawing sees the new game and its own answer
  if ((game.seats ?? []).some(isComputer)) prepareComputer(id);
  for (const dialog of /** @type {NodeListOf<HTMLDialogElement>} */ (document.querySelectorAll("dialog[open]"))) dialog.close(); // the old game's
  $("play-title").textContent = t(`game_${id}`);
  $("report-button").hidden = !hasReport(id);
  app.board.setZoomable(Boolean(VIEWS[id].zoomable));
  const aspect = VIEWS[id].aspect(game.answer.view);
  $("play").style.setProperty("--board-aspect", String(aspect)); // phones: the board's row
  app.board.setAspect(aspect);
  app.menu.closeSetup();
  showScreen("play");
  accept(game.answer);
  performance.mark("board-ready");
  return game.answer;
}

/** Follow the link in the address bar (at start and whenever it changes), then clear it. */
async function followLink() {
  const hash = location.hash;
  if (!hash || hash === "#") return;
  history.replaceState(null, "", location.pathname + location.search); // followed once
  const link = await parseLink(hash);
  const refuse = (reason) => notify(t("badLink", { reason }));
  if (link.kind === "error") refuse(t(link.problem, { key: link.key }));
  else if (link.kind === "projector") remember("projector", link.on ? "on" : "off");
  else if (link.kind === "lang") {
    if (!(await switchLanguage(link.code))) refuse(t("linkLanguage", { code: link.code }));
  } else if (link.kind === "play") {
    if (VIEWS[link.game]) startGame(link.game, {}, [], {});
    else refuse(t("unknownGame", { game: link.game }));
  } else if (link.kind === "record") {
    whenEngine(link.record?.game, () => openLinked(link.record, link.byLink, refuse));
  } else {
    whenEngine(null, () => { // a view's link (a word list) is checked by the engine
      if (!app.menu.openLink(link.kind, link.text)) refuse(t("linkUnknown", { key: link.kind }));
    });
  }
}

/**
 * Open a linked record.  When this browser keeps a later state of the same game (more
 * moves), say so and let the person choose; a saved game is never overwritten unasked.
 */
function openLinked(record, byLink, refuse) {
  const saved = record && typeof record === "object" ? getSave(saveId(record)) : null;
  const linked = Array.isArray(record?.moves) ? record.moves.length : 0;
  const openLink = async () => {
    const answer = await loadRecord(record, [], {}, byLink);
    if (!answer.ok) refuse(answer.error);
  };
  if (!saved || saved.record.moves.length <= linked) { openLink(); return; }
  $("older-text").textContent = t("olderLink", { linked, saved: saved.record.moves.length });
  $("older-saved").textContent = t("openSaved", { n: saved.record.moves.length });
  $("older-link").textContent = t("openLink", { n: linked });
  $("older-saved").onclick = async () => {
    $dialog("older").close();
    const problem = await resumeSaved(saved);
    if (problem) refuse(problem);
  };
  $("older-link").onclick = () => { $dialog("older").close(); openLink(); };
  $dialog("older").showModal();
}

/** Open a game record from a file (picked or dropped); the game on screen stays if refused. */
async function openFile(file) {
  const read = await readJsonFile(file);
  const refuse = (reason) => notify(t("badFile", { name: file.name, reason }));
  if (!read.ok) { refuse(t(read.problem, read)); return; }
  whenEngine(read.value?.game, async () => {
    const answer = await loadRecord(read.value);
    if (!answer.ok) refuse(answer.error);
  });
}

/** Say something went wrong where the person is looking (menu or play screen). */
function notify(text) {
  if (app.screen !== "play") $("menu-message").textContent = text;
  else showMessage(text, true);
}

// --- playing -------------------------------------------------------------------
function accept(answer) {
  app.game.answer = answer;
  app.game.ui = {};
  showMessage("");
  app.history.refresh();
  render();
  keep();
  if (answer.view.over) showGameOver();
  else computerTurn();
}

/** Save the game on screen in this browser (after every change), once it has a move. */
async function keep() {
  const saved = await engine.call("save");
  if (!saved.ok || saved.record.moves.length === 0) return;
  const { id, seats, computer, answer } = app.game;
  const problem = putSave({ id: saveId(saved.record), game: id, record: saved.record,
    seats: seatsOf(answer).map((seat) => seats[seat] ?? "human"), computer,
    picture: saved.picture, moves: saved.record.moves.length, over: answer.view.over });
  if (problem) showMessage(t("notSaved", { reason: problem }), true);
}

function seatsOf(answer) {
  return [...Array(answer.view.scores.length).keys()];
}

function isHuman(seat, game = app.game) {
  return (game.seats[seat] ?? "human") === "human";
}

/** The seat to move plays from another device (a move link goes to them). */
function awayToMove() {
  const { view } = app.game.answer;
  return !view.over && view.current >= 0 && app.game.seats[view.current] === "link";
}

/** Whether the seats of game `id` hold secrets (the engine's "information"; unknown: yes, the
 *  safe side): the curtain between people at one device, the view of one seat at a time. */
function secret(id) {
  return app.kinds.get(id)?.information !== "perfect";
}

/** The engine arguments that pick whose view comes back (secret games only). */
function viewerArgs() {
  return secret(app.game.id) ? { seat: app.game.viewer } : {};
}

let turnLine = Promise.resolve(); // the person's actions, each after the one before

/** Run a person's action (a tap, a button, undo, redo) after those made before it have been
 *  answered and shown: a quick second press is taken, never lost, and sees the new position. */
function inTurn(task) {
  const run = turnLine.then(task);
  turnLine = run.catch(() => {});
  return run;
}

/** Ask the engine for a change of the game on screen, in the person's turn of actions. */
function request(op, args = {}) {
  return inTurn(() => change(op, args));
}

/** A change asked of the engine, shown once answered (app.busy meanwhile). */
async function change(op, args = {}) {
  const step = op === "play" ? lessonStep() : null;
  if (step && args.move !== step.move && app.game.answer.legal.includes(args.move)) {
    return lessonDetour(); // allowed, but not this lesson's way
  }
  app.busy = true;
  try {
    const answer = await engine.call(op, { ...args, ...viewerArgs() });
    if (step && answer.ok && answer.record.moves[step.ply] !== step.move) {
      await engine.call("undo", viewerArgs()); // the same detour, written another way
      return lessonDetour();
    }
    return await settle(answer, op);
  } finally {
    app.busy = false;
  }
}

function lessonDetour() {
  app.game.ui = {};
  showMessage(t("lessonOther"), true);
  render();
  return { ok: false };
}

/** Take an engine answer: draw pending chance, lower the curtain if needed, show it. */
async function settle(answer, op) {
  const game = app.game;
  const before = game.answer.view;
  answer = await drawChance(answer, op, viewerArgs());
  if (app.game !== game) return answer; // another game was opened meanwhile
  if (answer.ok && (op === "play" || op === "ai_step")) soundFor(game.id, before, answer.view);
  const people = seatsOf(game.answer).filter((seat) => isHuman(seat));
  if (answer.ok && secret(game.id) && game.viewer !== null && people.length > 1
      && answer.view.current !== game.viewer) {
    game.viewer = null; // the turn has passed: lower the curtain before anything is drawn
    answer = await engine.call("view", { seat: null });
  }
  if (answer.ok) accept(answer);
  else {
    game.ui = {};
    showMessage(t("illegal", { reason: answer.error }), true);
    render();
  }
  return answer;
}

/** A quiet sound for the move just made: the end, a capture (as the view sees it), a move. */
function soundFor(id, before, after) {
  playSound(after.over ? "end" : VIEWS[id].captured?.(before, after) ? "capture" : "move");
}

/** Chance events (a die) are drawn at once, so one press rolls; undo steps back over them. */
async function drawChance(answer, op, args) {
  while (answer.ok && answer.view.current === CHANCE) {
    answer = await engine.call(op === "undo" && answer.can_undo ? "undo" : "chance", args);
  }
  return answer;
}

/** When a computer seat is to move, let it think (in the engine's worker) and play. */
async function computerTurn() {
  const game = app.game;
  const { view } = game.answer;
  if (view.over || view.current < 0 || !isComputer(game.seats[view.current]) || app.thinking) return;
  const token = {};
  app.thinking = token;
  render();
  await new Promise((resolve) => setTimeout(resolve, 0)); // show the move before thinking
  if (app.thinking !== token) return;
  const scripted = game.lesson?.reply(view.ply);
  if (scripted) {
    await new Promise((resolve) => setTimeout(resolve, LESSON_PAUSE_MS)); // let it be seen
    if (app.thinking !== token) return;
    app.thinking = null;
    await settle(await engine.call("play", { move: scripted, ...viewerArgs() }), "play");
    return;
  }
  performance.mark("ai-start");
  const wanted = () => app.thinking === token && app.screen === "play";
  const answer = await computerMove(game.id, game.seats[view.current], game.computer,
                                    viewerArgs(), wanted);
  performance.mark("ai-end");
  if (app.thinking !== token) return; // cancelled (undo, new game, menu)
  app.thinking = null;
  if (answer) await settle(answer, "ai_step");
}

/** Undo back to the last position where a person was to move. */
function undo() {
  return inTurn(undoNow);
}

async function undoNow() {
  app.thinking = null;
  app.busy = true;
  try {
    let answer = await engine.call("undo", viewerArgs());
    for (;;) {
      answer = await drawChance(answer, "undo", viewerArgs());
      const seat = answer.ok ? answer.view.current : 0;
      if (seat < 0 || isHuman(seat) || !answer.can_undo) break;
      answer = await engine.call("undo", viewerArgs());
    }
    await settle(answer, "undo");
  } finally {
    app.busy = false;
  }
}

/** Redo what undo took back, up to the next turn of a person at this device. */
function redo() {
  return inTurn(redoNow);
}

async function redoNow() {
  app.thinking = null;
  app.busy = true;
  try {
    let answer = await engine.call("redo", viewerArgs());
    while (answer.ok && answer.can_redo && (answer.view.current < 0 || !isHuman(answer.view.current))) {
      answer = await engine.call("redo", viewerArgs());
    }
    await settle(answer, "redo");
  } finally {
    app.busy = false;
  }
}

function onTap(point) {
  return inTurn(() => tapNow(point));
}

/** A tap on the board, against the position on screen once the actions before it are done. */
async function tapNow(point) {
  const { view, legal } = app.game?.answer ?? {};
  if (!view || view.over || app.screen !== "play" || curtainDown(view) || app.thinking
      || app.history.view() || awayToMove()) return;
  const gameView = VIEWS[app.game.id];
  const target = gameView.pick(boxOf(), view, point);
  if (target === null) return;
  app.cursor.moveTo(target); // the keyboard goes on from the place last tapped
  const result = gameView.tap(app.game.ui, target, view, legal);
  app.game.ui = result.ui ?? {};
  if (result.move) await change("play", { move: result.move });
  else {
    showMessage(result.hint ?? "");
    render();
  }
}

function boxOf() {
  return { width: app.board.width, height: app.board.height, scale: app.board.zoom.scale };
}

function render() {
  if (!app.game || !app.board.width || app.screen !== "play") return;
  const { id, answer } = app.game;
  const gameView = VIEWS[id];
  const [focused, mark] = [document.activeElement !== document.body, focusMark()];
  const past = app.history.view(); // a position looked back at: shown, not played
  const view = past ?? answer.view;
  const legal = past || awayToMove() ? [] : answer.legal;
  const ui = past ? {} : app.game.ui;
  const step = lessonStep();
  // a lesson step, a hint or, looking back, the better move: marked alike
  const guide = past ? app.hints.pastGuide(app.history.ply(), view) : step ?? app.hints.guide();
  const shownLegal = guide && legal.includes(guide.move) ? [guide.move] : legal;
  app.drawBoard = () => { // the canvas alone, again (the keyboard cursor moved or hid)
    gameView.draw(app.board.context(), boxOf(), view, ui, shownLegal);
    if (guide) markTargets(gameView, view, guide.targets);
    app.cursor.draw(app.board.context(false), boxOf());
  };
  app.drawBoard();
  renderCurtain(gameView, answer.view);
  const panel = gameView.panel?.(answer, ui, actions) ?? [];
  const shown = $("game-panel").childNodes;
  if (panel.length !== shown.length || panel.some((node, i) => node !== shown[i])) {
    $("game-panel").replaceChildren(...panel); // the same nodes stay put (and keep focus)
  }
  renderSeats(gameView.seats(view), view);
  const thinking = app.thinking && view.current >= 0;
  const away = !past && awayToMove();
  $("turn").textContent = view.over ? t("gameOver")
    : thinking ? t("thinking", { name: gameView.seats(view)[view.current].name })
    : away ? t("awayToMove", { name: gameView.seats(view)[view.current].name })
    : gameView.prompt(view, ui);
  $("send-move").hidden = !away;
  $("turn").classList.toggle("thinking", Boolean(thinking));
  const controls = $("controls");
  controls.replaceChildren();
  for (const control of past || away ? [] : gameView.controls(view, legal, ui)) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = control.label;
    button.dataset.move = control.move ?? control.op;
    button.disabled = Boolean(app.thinking);
    button.addEventListener("click", () =>
      control.move ? request("play", { move: control.move }) : request(control.op));
    controls.append(button);
  }
  // undo in a game with secrets must not step into another person's turn (it would show
  // their side); stepping back over a computer's turn shows nothing new
  const undoTo = answer.undo_to;
  const secretUndo = !secret(id) || undoTo === app.game.viewer || (undoTo >= 0 && !isHuman(undoTo));
  $button("undo").disabled = !answer.can_undo || !secretUndo || Boolean(past);
  $button("redo").disabled = !answer.can_redo || Boolean(past);
  speakBoard({ board: $canvas("board"), news: $("board-news") }, gameView, view, $("turn").textContent);
  app.hints.update({ busy: Boolean(app.thinking) || away, past: Boolean(past) });
  renderLesson(step, guide);
  keepFocus($("play"), focused, mark, $canvas("board")); // a redraw took the focused button away
}

/** The lesson bar and the buttons the lesson step (or a hint: `guide`) points at. */
function renderLesson(step, guide) {
  const { lesson, answer } = app.game;
  $("lesson").hidden = !lesson;
  if (lesson) {
    const ply = answer.view.ply;
    $("lesson-text").textContent = lesson.text(ply);
    $("lesson-skip").textContent = t(lesson.running(ply) ? "lessonSkip" : "close");
  }
  let first = null;
  for (const node of /** @type {NodeListOf<HTMLElement>} */ ($("play").querySelectorAll("[data-move], [data-card]"))) {
    const value = node.dataset.move ?? node.dataset.card;
    const marked = Boolean(guide?.buttons.includes(value));
    node.classList.toggle("lesson-target", marked);
    first ??= marked ? node : null;
  }
  first?.scrollIntoView({ block: "nearest" }); // a small screen scrolls the panel to it
}

/** Rings round the places a lesson step points at, drawn over the board. */
function markTargets(gameView, view, targets) {
  const ctx = app.board.context(false);
  const box = boxOf();
  const radius = Math.max(12, Math.min(box.width, box.height) * 0.045);
  ctx.save();
  ctx.lineWidth = Math.max(3, radius / 4);
  ctx.strokeStyle = "#ff7a1a";
  ctx.setLineDash([radius / 2, radius / 4]);
  for (const target of targets) {
    const point = gameView.locate(box, view, target);
    if (!point) continue;
    ctx.beginPath();
    ctx.arc(point.x, point.y, radius, 0, 2 * Math.PI);
    ctx.stroke();
  }
  ctx.restore();
}

const actions = {
  play: (move) => request("play", { move }),
  op: (name, args = {}) => request(name, args),
  setUi: (ui) => { app.game.ui = ui; render(); },
  message: (text, isError = false) => showMessage(text, isError),
};

/** Whether the curtain hides the board: a game with secrets, a person to move at this
 *  device, and their side not yet shown. */
function curtainDown(view) {
  const seat = view.current;
  return secret(app.game.id) && !view.over && seat >= 0 && isHuman(seat)
    && app.game.viewer !== seat;
}

function renderCurtain(gameView, view) {
  const down = curtainDown(view);
  setCurtain($("curtain"), $("curtain-lift"), $canvas("board"), down);
  if (!down) return;
  const name = gameView.seats(view)[view.current].name;
  $("curtain-text").textContent = t("curtain", { name });
  $("curtain-lift").textContent = t("curtainLift", { name });
}

function liftCurtain() {
  app.game.viewer = app.game.answer.view.current;
  request("view");
}

function renderSeats(seats, view) {
  const list = $("seats");
  list.replaceChildren();
  seats.forEach((seat, index) => {
    const item = document.createElement("li");
    if (index === view.current) item.className = "to-move";
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = seat.colour;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = isHuman(index) ? seat.name
      : app.game.seats[index] === "link" ? t("awaySeat", { name: seat.name })
      : t("computerSeat", { name: seat.name, level: seatKindText(app.game.seats[index]) });
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = String(seat.score);
    item.append(swatch, name, score);
    list.append(item);
  });
}

function showMessage(text, isError = false) {
  $("message").textContent = text;
  $("message").classList.toggle("error", isError);
}

function showGameOver() {
  const gameView = VIEWS[app.game.id];
  const { view } = app.game.answer;
  const names = gameView.seats(view).map((seat) => seat.name);
  const winners = view.winners.map((seat) => names[seat]);
  $("game-over-title").textContent = winners.length === 1
    ? t("winnerIs", { name: winners[0] })
    : t("draw", { names: formatList(winners) });
  const lines = $("game-over-lines");
  lines.replaceChildren(...gameView.summary(view).map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  $("game-over-report").hidden = !hasReport(app.game.id);
  app.hints.gameOver();
  $dialog("game-over").showModal();
}

async function showRules() {
  const dialog = $dialog("rules");
  try {
    const { id } = app.game; // the rules in the page's language, else in English
    let response = await fetch(`assets/rules/${id}.${currentLanguage()}.txt`);
    if (!response.ok) response = await fetch(`assets/rules/${id}.en.txt`);
    if (!response.ok) throw new Error(response.statusText);
    renderRules(await response.text(), $("rules-text"), id);
  } catch {
    $("rules-text").textContent = t("rulesMissing");
  }
  dialog.showModal();
  dialog.scrollTop = 0; // the reader starts at the heading (the dialog is what scrolls)
}

/**
 * Share the game on screen as a link that opens it (the whole record rides in the link); a
 * move link (`byLink`) opens it for the seat to move, to play on their own device.
 */
async function shareGame(byLink = false) {
  const saved = await engine.call("save");
  if (!saved.ok) { showMessage(saved.error, true); return; }
  const { id, answer } = app.game;
  const note = hasText(`shareNote_${id}`) ? t(`shareNote_${id}`) : "";
  const url = await (byLink ? moveLink : recordLink)(saved.record);
  const help = byLink
    ? t("sendMoveHelp", { name: VIEWS[id].seats(answer.view)[answer.view.current].name })
    : t("shareHelp");
  await app.share.share(url, { title: t(`game_${id}`), help, note });
}

async function exportGame() {
  const saved = await engine.call("save");
  if (!saved.ok) { showMessage(saved.error, true); return; }
  download(recordFileName(app.game.id), `${JSON.stringify(saved.record, null, 1)}\n`);
}

function startAgain() {
  const { id, options, seats, computer } = app.game;
  startGame(id, options, seats, computer);
}

function showScreen(name) {
  app.screen = name;
  if (name !== "play") app.thinking = null;
  for (const id of ["menu", "play"]) $(id).hidden = id !== name;
  if (name === "play") app.board.fit();
}

function showMenu() {
  $("menu-message").textContent = "";
  app.history.stop();
  app.saved.show();
  showScreen("menu");
}

// --- start ---------------------------------------------------------------------
function showProgress(progress) {
  const status = $("engine-status");
  if (progress.failed) {
    status.textContent = t("loadingFailed", { reason: progress.failed });
    status.classList.add("error");
    return;
  }
  if (progress.slow) { status.textContent = t("loadingSlow"); return; }
  app.progress = progress;
  status.textContent = t(progress.key, { percent: progress.percent });
  $progress("engine-bar").value = progress.percent;
  $("engine-progress").hidden = progress.percent >= 100;
}

/** The language to start in: a #lang= link, else the one chosen before, else the browser's. */
async function startLanguage() {
  const link = await parseLink(location.hash);
  const code = link.kind === "lang" ? link.code : setting("language");
  await loadLanguage(LANGUAGES.includes(code) ? code : browserLanguage());
}

/**
 * Speak `code` from now on and remember it; every text on screen is written again, the
 * game in progress stays.  False when the app does not speak `code`.
 */
async function switchLanguage(code) {
  if (!LANGUAGES.includes(code)) return false;
  remember("language", code);
  if (code !== currentLanguage()) {
    await loadLanguage(code);
    relabel();
  }
  return true;
}

/** Write every text on screen again in the current language. */
function relabel() {
  fillStaticTexts();
  if ($dialog("settings").open) buildSettings($("settings-body"), switchLanguage);
  if (app.menuData) app.menu.show(app.menuData);
  app.saved.show();
  if (app.progress) showProgress(app.progress);
  if (app.game) {
    app.history.relabel();
    render();
  }
}

async function boot() {
  await startLanguage();
  fillStaticTexts();
  const started = watchStart(showProgress);
  app.board = new BoardCanvas($canvas("board"), { onTap, onResize: render });
  app.cursor = new BoardCursor($canvas("board"), {
    board: () => app.game && { gameView: VIEWS[app.game.id], view: app.history.view() ?? app.game.answer.view,
      box: boxOf() },
    tap: onTap,
    cancel: () => {
      showMessage("");
      actions.setUi({});
    },
    moved: (point, words) => {
      $("board-place").textContent = words;
      app.board.reveal(point);
      app.drawBoard?.();
    },
    zoom: (point, factor) => app.board.zoomAt(point, factor),
    redraw: () => app.drawBoard?.(), // not render(): a click on the panel must find its button
  });
  app.menu = new Menu(
    { list: $("game-list"), dialog: $dialog("setup"), body: $("setup-body"), title: $("setup-title"),
      play: $button("setup-play") },
    { start: startGame, learn: startLesson, call: (op, args = {}) => engine.call(op, args) });
  app.share = new ShareDialog({ dialog: $dialog("share"), help: $("share-help"), link: $input("share-link"),
    status: $("share-status"),
    note: $("share-note"), copy: $button("share-copy"), close: $button("share-close") });
  app.history = new HistoryPanel(
    { panel: $details("history"), list: $("history-list"), count: $("history-count"), bar: $("viewing"),
      barText: $("viewing-text"), controls: $("viewing-controls") },
    { call: (op, args) => engine.call(op, { ...args, ...viewerArgs() }),
      seats: () => VIEWS[app.game.id].seats(app.game.answer.view), changed: render,
      moveLabel: (move) => VIEWS[app.game.id].moveLabel?.(move) ?? move,
      marks: () => app.hints.marks() });
  app.hints = new Hints(
    { box: $("hint"), button: $button("hint-button"), text: $("hint-text"), turns: $("turns"),
      turnsList: $("turns-list"), overButton: $button("game-over-turns") },
    { game: () => app.game, view: (id) => VIEWS[id], secret, history: app.history,
      call: (op, args) => engine.call(op, { ...args, ...viewerArgs() }), changed: render,
      openHistory: () => { $details("history").open = true; app.history.render(); },
      closeGameOver: () => $dialog("game-over").close() });
  app.report = new LearningReport({ call: (op, args = {}) => engine.call(op, args), toMenu: showMenu });
  app.saved = new ContinueList(
    { section: $("continue"), list: $("saved-list"), clear: $button("saved-clear") }, resumeSaved,
    (entry) => app.report.buttonsFor(entry));
  app.saved.show();
  $details("history").open = matchMedia("(min-width: 60rem)").matches; // a drawer on small screens
  $("back").addEventListener("click", showMenu);
  $button("undo").addEventListener("click", undo);
  $button("redo").addEventListener("click", redo);
  $("share-button").addEventListener("click", () => shareGame());
  $("send-move").addEventListener("click", () => shareGame(true));
  $("export").addEventListener("click", exportGame);
  $("import").addEventListener("click", () => $input("import-file").click());
  $input("import-file").addEventListener("change", () => {
    const file = $input("import-file").files[0];
    $input("import-file").value = "";
    if (file) openFile(file);
  });
  acceptDrops(document.body, openFile);
  $("new-game").addEventListener("click", startAgain);
  $("lesson-skip").addEventListener("click", skipLesson);
  $("game-over-close").addEventListener("click", () => $dialog("game-over").close());
  $("game-over-new").addEventListener("click", () => {
    $dialog("game-over").close();
    startAgain();
  });
  $("game-over-replay").addEventListener("click", () => {
    $dialog("game-over").close();
    $details("history").open = true;
    app.history.replayFromStart();
  });
  $("rules-button").addEventListener("click", showRules);
  $("report-button").addEventListener("click", () => app.report.showGame());
  $("game-over-report").addEventListener("click", () => {
    $dialog("game-over").close();
    app.report.showGame();
  });
  $("rules-close").addEventListener("click", () => $dialog("rules").close());
  $("describe-button").addEventListener("click", () => {
    describeBoard($("describe-lines"), VIEWS[app.game.id], app.history.view() ?? app.game.answer.view);
    $dialog("describe").showModal();
  });
  $("describe-close").addEventListener("click", () => $dialog("describe").close());
  $("setup-cancel").addEventListener("click", () => app.menu.closeSetup());
  $("curtain-lift").addEventListener("click", liftCurtain);
  showScreen("menu");
  for (const opener of [$("settings-open"), $("play-settings")]) {
    opener.addEventListener("click", () => {
      buildSettings($("settings-body"), switchLanguage);
      $dialog("settings").showModal();
    });
  }
  $("settings-close").addEventListener("click", () => $dialog("settings").close());
  followAppearance(() => { if (app.game) render(); });
  try {
    app.menuData = await loadMenuData();
    app.menu.show(app.menuData);
  } catch (error) {
    $("menu-message").textContent = t("loadingFailed", { reason: error.message });
  }
  window.addEventListener("hashchange", followLink);
  followLink();
  try {
    await engine.whenReady();
  } catch (error) {
    showProgress({ failed: error?.message ?? String(error) });
    return;
  }
  const games = await engine.call("games"); // each game's kind, as the engine declares it
  for (const game of games.ok ? games.games : []) app.kinds.set(game.id, game);
  app.ready = true;
  started();
  app.menu.setStatus(null, "");
  app.saved.check((record) => engine.call("check", { record }));
  const pending = app.pending;
  app.pending = null;
  pending?.();
  document.body.dataset.ready = "true";
}

/** Resolves once the app has nothing under way: no engine request waiting, no change being
 *  settled, no computer thinking (tests read the page after it, as a person would look). */
async function settled() {
  for (;;) {
    await Promise.all(Object.values(VIEWS).map((view) => view.menuSettled?.()));
    await turnLine;
    await engine.answered();
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (engine.isIdle() && !app.busy && !app.thinking) return;
  }
}

// Hooks for tests and future tools: read-only snapshots, never a way around the engine.
/** @type {InselWindow} */ (window).inselApp = {
  snapshot: () => structuredClone(app.game?.answer ?? null),
  settled,
  cursor: () => app.cursor.current(), // the place under the keyboard cursor
  cursorNext: (target, key) => app.cursor.next(target, key), // where an arrow key takes it
  locate: (target) => {
    const point = VIEWS[app.game.id].locate(boxOf(), app.game.answer.view, target);
    return point && app.board.toClient(point);
  },
};

boot();
startOffline();
