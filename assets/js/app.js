// The app shell: the menu, the play screen and the dialogs, wired together.  It moves JSON
// between the engine and the game views and holds no game rules itself.  Everything about
// the game on screen lives in one object (app.game), replaced whole when another opens.
import { BoardCanvas } from "./canvas.js";
import * as engine from "./engine.js";
import { startOffline } from "./offline.js";
import { parseLink, recordLink } from "./links.js";
import { watchStart } from "./loading.js";
import { loadMenuData, Menu } from "./menu.js";
import { computerMove } from "./players.js";
import { renderRules } from "./rules.js";
import { ShareDialog } from "./share.js";
import { fillStaticTexts, hasText, t } from "./strings.js";
import { VIEWS } from "./views/index.js";

const CHANCE = -1;
const $ = (id) => document.getElementById(id);

const app = {
  ready: false, // the engine has started
  pending: null, // what to do once it has (a start chosen early, a link): a function
  progress: null, // the engine's start: {percent, key} while under way
  game: null, // {id, options, seats, computer, answer, ui, viewer}: the game on screen
  thinking: null, // token of the computer move under way, if any
  board: null,
  menu: null,
  share: null,
};

// --- starting games ------------------------------------------------------------
/**
 * Start a new game.  `seats` holds "human" or a computer level per seat; `computer` the
 * computer players' settings.  Chosen before the engine is up, it starts once it is.
 */
function startGame(id, options, seats, computer) {
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  whenEngine(id, () => {
    const answer = open(id, "new", { game: id, options, seed }, { options, seats, computer });
    if (!answer.ok) notify(answer.error);
  });
}

/** Open a game record (a save or a shared link) in the play screen. */
function loadRecord(record) {
  const id = record?.game;
  if (!VIEWS[id]) return { ok: false, error: t("unknownGame", { game: String(id).slice(0, 40) }) };
  return open(id, "load", { record }, { options: record.options ?? {}, seats: [], computer: {} });
}

/** Run `task` now if the engine is up, else once it is (the latest choice wins). */
function whenEngine(id, task) {
  if (app.ready) { task(); return; }
  app.pending = task;
  app.menu.setStatus(id, t("startsWhenReady", { percent: app.progress?.percent ?? 0 }));
}

function open(id, op, args, players) {
  const hidden = VIEWS[id].secret ? { seat: null } : {}; // secrets wait behind the curtain
  let answer = drawChance(engine.call(op, { ...args, ...hidden }), op, hidden);
  if (!answer.ok) return answer;
  const game = { id, ...players, answer, ui: {}, viewer: null };
  // with one person at the table, their side is always shown: there is nobody to hide it from
  const people = seatsOf(answer).filter((seat) => isHuman(seat, game));
  if (VIEWS[id].secret && people.length === 1) {
    game.viewer = people[0];
    game.answer = engine.call("view", { seat: game.viewer });
  }
  app.thinking = null;
  app.game = game; // from here on, every drawing sees the new game and its own answer
  $("play-title").textContent = t(`game_${id}`);
  app.board.setZoomable(Boolean(VIEWS[id].zoomable));
  app.board.setAspect(VIEWS[id].aspect(game.answer.view));
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
  else if (link.kind === "play") {
    if (VIEWS[link.game]) startGame(link.game, {}, [], {});
    else refuse(t("unknownGame", { game: link.game }));
  } else if (link.kind === "record") {
    whenEngine(link.record?.game, () => {
      const answer = loadRecord(link.record);
      if (!answer.ok) refuse(answer.error);
    });
  } else {
    whenEngine(null, () => { // a view's link (a word list) is checked by the engine
      if (!app.menu.openLink(link.kind, link.text)) refuse(t("linkUnknown", { key: link.kind }));
    });
  }
}

/** Say something went wrong where the person is looking (menu or play screen). */
function notify(text) {
  if ($("play").hidden) $("menu-message").textContent = text;
  else showMessage(text, true);
}

// --- playing -------------------------------------------------------------------
function accept(answer) {
  app.game.answer = answer;
  app.game.ui = {};
  showMessage("");
  render();
  if (answer.view.over) showGameOver();
  else computerTurn();
}

function seatsOf(answer) {
  return [...Array(answer.view.scores.length).keys()];
}

function isHuman(seat, game = app.game) {
  return (game.seats[seat] ?? "human") === "human";
}

/** The engine arguments that pick whose view comes back (secret games only). */
function viewerArgs() {
  return VIEWS[app.game.id].secret ? { seat: app.game.viewer } : {};
}

function request(op, args = {}) {
  return settle(engine.call(op, { ...args, ...viewerArgs() }), op);
}

/** Take an engine answer: draw pending chance, lower the curtain if needed, show it. */
function settle(answer, op) {
  const game = app.game;
  answer = drawChance(answer, op, viewerArgs());
  const people = seatsOf(game.answer).filter((seat) => isHuman(seat));
  if (answer.ok && VIEWS[game.id].secret && game.viewer !== null && people.length > 1
      && answer.view.current !== game.viewer) {
    game.viewer = null; // the turn has passed: lower the curtain before anything is drawn
    answer = engine.call("view", { seat: null });
  }
  if (answer.ok) accept(answer);
  else {
    game.ui = {};
    showMessage(t("illegal", { reason: answer.error }), true);
    render();
  }
  return answer;
}

/** Chance events (a die) are drawn at once, so one press rolls; undo steps back over them. */
function drawChance(answer, op, args) {
  while (answer.ok && answer.view.current === CHANCE) {
    answer = engine.call(op === "undo" && answer.can_undo ? "undo" : "chance", args);
  }
  return answer;
}

/** When a computer seat is to move, let it think (in slices) and play. */
async function computerTurn() {
  const game = app.game;
  const { view } = game.answer;
  if (view.over || view.current < 0 || isHuman(view.current) || app.thinking) return;
  const token = {};
  app.thinking = token;
  render();
  await new Promise((resolve) => setTimeout(resolve, 0)); // show the move before thinking
  if (app.thinking !== token) return;
  performance.mark("ai-start");
  const answer = await computerMove(game.seats[view.current], game.computer, viewerArgs(),
                                    () => app.thinking === token && !$("play").hidden);
  performance.mark("ai-end");
  if (app.thinking !== token) return; // cancelled (undo, new game, menu)
  app.thinking = null;
  if (answer) settle(answer, "ai_step");
}

/** Undo back to the last position where a person was to move. */
function undo() {
  app.thinking = null;
  let answer = engine.call("undo", viewerArgs());
  for (;;) {
    answer = drawChance(answer, "undo", viewerArgs());
    const seat = answer.ok ? answer.view.current : 0;
    if (seat < 0 || isHuman(seat) || !answer.can_undo) break;
    answer = engine.call("undo", viewerArgs());
  }
  settle(answer, "undo");
}

function onTap(point) {
  const { view, legal } = app.game?.answer ?? {};
  if (!view || view.over || $("play").hidden || !$("curtain").hidden || app.thinking) return;
  const gameView = VIEWS[app.game.id];
  const target = gameView.pick(boxOf(), view, point);
  if (target === null) return;
  const result = gameView.tap(app.game.ui, target, view, legal);
  app.game.ui = result.ui ?? {};
  if (result.move) request("play", { move: result.move });
  else {
    showMessage(result.hint ?? "");
    render();
  }
}

function boxOf() {
  return { width: app.board.width, height: app.board.height, scale: app.board.zoom.scale };
}

function render() {
  if (!app.game || !app.board.width || $("play").hidden) return;
  const { id, answer, ui } = app.game;
  const gameView = VIEWS[id];
  const { view, legal } = answer;
  gameView.draw(app.board.context(), boxOf(), view, ui, legal);
  renderCurtain(gameView, view);
  const panel = gameView.panel?.(answer, ui, actions) ?? [];
  const shown = $("game-panel").childNodes;
  if (panel.length !== shown.length || panel.some((node, i) => node !== shown[i])) {
    $("game-panel").replaceChildren(...panel); // the same nodes stay put (and keep focus)
  }
  renderSeats(gameView.seats(view), view);
  const thinking = app.thinking && view.current >= 0;
  $("turn").textContent = view.over ? t("gameOver")
    : thinking ? t("thinking", { name: gameView.seats(view)[view.current].name })
    : gameView.prompt(view, ui);
  $("turn").classList.toggle("thinking", Boolean(thinking));
  const controls = $("controls");
  controls.replaceChildren();
  for (const control of gameView.controls(view, legal, ui)) {
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
  const secretUndo = !gameView.secret || undoTo === app.game.viewer || (undoTo >= 0 && !isHuman(undoTo));
  $("undo").disabled = !answer.can_undo || !secretUndo;
  $("board").setAttribute("aria-label", $("turn").textContent);
}

const actions = {
  play: (move) => request("play", { move }),
  op: (name, args = {}) => request(name, args),
  setUi: (ui) => { app.game.ui = ui; render(); },
  message: (text, isError = false) => showMessage(text, isError),
};

function renderCurtain(gameView, view) {
  const seat = view.current;
  const down = Boolean(gameView.secret) && !view.over && seat >= 0 && isHuman(seat)
    && app.game.viewer !== seat;
  $("curtain").hidden = !down;
  if (!down) return;
  const name = gameView.seats(view)[seat].name;
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
      : t("computerSeat", { name: seat.name, level: t(`seatKind_${app.game.seats[index]}`) });
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
    : t("draw", { names: winners.join(", ") });
  const lines = $("game-over-lines");
  lines.replaceChildren(...gameView.summary(view).map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  $("game-over").showModal();
}

async function showRules() {
  const dialog = $("rules");
  try {
    const response = await fetch(`assets/rules/${app.game.id}.en.txt`);
    if (!response.ok) throw new Error(response.statusText);
    renderRules(await response.text(), $("rules-text"));
  } catch {
    $("rules-text").textContent = t("rulesMissing");
  }
  dialog.showModal();
  dialog.scrollTop = 0; // the reader starts at the heading (the dialog is what scrolls)
}

/** Share the game on screen as a link that opens it (the whole record rides in the link). */
async function shareGame() {
  const saved = engine.call("save");
  if (!saved.ok) { showMessage(saved.error, true); return; }
  const id = app.game.id;
  const note = hasText(`shareNote_${id}`) ? t(`shareNote_${id}`) : "";
  await app.share.share(await recordLink(saved.record), t(`game_${id}`), note);
}

function startAgain() {
  const { id, options, seats, computer } = app.game;
  startGame(id, options, seats, computer);
}

function showScreen(name) {
  if (name !== "play") app.thinking = null;
  for (const id of ["menu", "play"]) $(id).hidden = id !== name;
  if (name === "play") app.board.fit();
}

function showMenu() {
  $("menu-message").textContent = "";
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
  $("engine-bar").value = progress.percent;
  $("engine-progress").hidden = progress.percent >= 100;
}

async function boot() {
  fillStaticTexts();
  const started = watchStart(showProgress);
  app.board = new BoardCanvas($("board"), { onTap, onResize: render });
  app.menu = new Menu(
    { list: $("game-list"), dialog: $("setup"), body: $("setup-body"), title: $("setup-title"),
      play: $("setup-play") },
    { start: startGame, call: (op, args = {}) => engine.call(op, args) });
  app.share = new ShareDialog({ dialog: $("share"), link: $("share-link"), status: $("share-status"),
    note: $("share-note"), copy: $("share-copy"), close: $("share-close") });
  $("back").addEventListener("click", showMenu);
  $("undo").addEventListener("click", undo);
  $("share-button").addEventListener("click", shareGame);
  $("new-game").addEventListener("click", startAgain);
  $("game-over-close").addEventListener("click", () => $("game-over").close());
  $("game-over-new").addEventListener("click", () => {
    $("game-over").close();
    startAgain();
  });
  $("rules-button").addEventListener("click", showRules);
  $("rules-close").addEventListener("click", () => $("rules").close());
  $("setup-cancel").addEventListener("click", () => app.menu.closeSetup());
  $("curtain-lift").addEventListener("click", liftCurtain);
  showScreen("menu");
  try {
    app.menu.show(await loadMenuData());
  } catch (error) {
    $("menu-message").textContent = t("loadingFailed", { reason: error.message });
  }
  window.addEventListener("hashchange", followLink);
  followLink();
  await engine.whenReady();
  app.ready = true;
  started();
  app.menu.setStatus(null, "");
  const pending = app.pending;
  app.pending = null;
  pending?.();
  document.body.dataset.ready = "true";
}

// Hooks for tests and future tools: read-only snapshots, never a way around the engine.
window.inselApp = {
  snapshot: () => structuredClone(app.game?.answer ?? null),
  locate: (target) => {
    const point = VIEWS[app.game.id].locate(boxOf(), app.game.answer.view, target);
    return point && app.board.toClient(point);
  },
};

boot();
startOffline();
