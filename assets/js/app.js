// The app shell: loading screen, game menu, play screen and dialogs.  It moves JSON
// between the engine and the game views and holds no game rules itself.
import { BoardCanvas } from "./canvas.js";
import * as engine from "./engine.js";
import { startOffline } from "./offline.js";
import { computerMove, seatPicker } from "./players.js";
import { renderRules } from "./rules.js";
import { fillStaticTexts, t } from "./strings.js";
import { VIEWS } from "./views/index.js";

const MENU_ORDER = ["ponte", "wortreversi", "othello", "kahuna", "inselspiel"];
const CHANCE = -1;
const $ = (id) => document.getElementById(id);

const app = {
  games: new Map(), // id -> engine description
  gameId: null,
  options: {},
  answer: null, // last engine answer: {view, legal, record, can_undo, seat}
  ui: {},
  viewer: null, // games with secrets: the seat whose side is shown (null: curtain down)
  seats: [], // per seat "human" or a computer level ("easy", "medium", "hard")
  computer: {}, // settings for the computer players (e.g. Wort-Reversi knowledge)
  thinking: null, // token of the computer move under way, if any
  board: null,
};

// --- loading -------------------------------------------------------------------
const LOAD_STEPS = [
  // [file the browser fetched, progress once it has arrived, text for what comes next]
  ["core.js", 15, "loadingRuntime"],
  ["pyodide.asm.wasm", 55, "loadingStdlib"],
  ["python_stdlib.zip", 75, "loadingGames"],
  ["bundle.zip", 90, "loadingStart"],
];

function trackLoading() {
  setLoading(5, "loadingPage");
  const seen = new Set();
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const file = entry.name.split("/").pop();
      for (const [name, percent, next] of LOAD_STEPS) {
        if (file === name && !seen.has(name)) {
          seen.add(name);
          if (percent > Number($("loading-bar").value)) setLoading(percent, next);
        }
      }
    }
  });
  observer.observe({ type: "resource", buffered: true });
  const slow = setTimeout(() => { $("loading-step").textContent = t("loadingSlow"); }, 45000);
  const fail = (reason) => {
    $("loading-error").hidden = false;
    $("loading-error").textContent = t("loadingFailed", { reason });
  };
  window.addEventListener("error", (e) => { if (!window.inselCall) fail(e.message); });
  window.addEventListener("unhandledrejection", (e) => { if (!window.inselCall) fail(String(e.reason)); });
  return () => { observer.disconnect(); clearTimeout(slow); setLoading(100, "loadingStart"); };
}

function setLoading(percent, key) {
  $("loading-bar").value = percent;
  $("loading-step").textContent = t(key);
}

// --- menu ----------------------------------------------------------------------
function showMenu() {
  const list = $("game-list");
  list.replaceChildren();
  for (const id of MENU_ORDER) list.append(gameCard(id));
  showScreen("menu");
}

function gameCard(id) {
  const view = VIEWS[id];
  const playable = Boolean(view && app.games.has(id));
  const card = document.createElement("li");
  card.className = "game-card";
  card.dataset.game = id;
  const title = document.createElement("h2");
  title.textContent = t(`game_${id}`);
  const blurb = document.createElement("p");
  blurb.textContent = t(`blurb_${id}`);
  card.append(title, blurb);
  if (!playable) {
    const soon = document.createElement("p");
    soon.className = "soon";
    soon.textContent = t("comingSoon");
    card.append(soon);
    return card;
  }
  const selects = {};
  for (const option of view.options) {
    const label = document.createElement("label");
    label.append(t(`opt_${option.name}`));
    const select = document.createElement("select");
    select.name = option.name;
    for (const choice of option.choices) {
      const el = document.createElement("option");
      el.value = JSON.stringify(choice.value);
      el.textContent = choice.label;
      select.append(el);
    }
    selects[option.name] = select;
    label.append(select);
    card.append(label);
  }
  card.append(...(view.menuExtras?.(menuActions) ?? []));
  const chosenOptions = () => ({
    ...Object.fromEntries(
      Object.entries(selects).map(([name, select]) => [name, JSON.parse(select.value)])),
    ...view.menuOptions?.(),
  });
  const seatCount = () => chosenOptions().players ?? app.games.get(id).min_players;
  const seats = seatPicker(seatCount, view.computerOptions ?? []);
  card.addEventListener("change", () => seats.refresh());
  card.append(seats.element);
  const play = document.createElement("button");
  play.type = "button";
  play.className = "primary";
  play.textContent = t("play");
  play.addEventListener("click", () => startGame(id, chosenOptions(), seats.kinds(), seats.computerArgs()));
  card.append(play);
  return card;
}

// --- playing -------------------------------------------------------------------
function startGame(id, options, seats = app.seats, computer = app.computer) {
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  app.seats = seats;
  app.computer = computer;
  open(id, "new", { game: id, options, seed });
}

/** Open a game record (a save or a shared link) in the play screen. */
function loadRecord(record) {
  const id = record?.game;
  if (!VIEWS[id] || !app.games.has(id)) return { ok: false, error: `unknown game ${JSON.stringify(id)}` };
  app.seats = [];
  return open(id, "load", { record });
}

function open(id, op, args) {
  const hidden = VIEWS[id].secret ? { seat: null } : {}; // secrets wait behind the curtain
  let answer = drawChance(engine.call(op, { ...args, ...hidden }), op, hidden);
  if (!answer.ok) { $("menu-message").textContent = answer.error; return answer; }
  app.gameId = id;
  app.options = answer.record.options;
  app.thinking = null;
  // with one person at the table, their side is always shown: there is nobody to hide it from
  const people = [...Array(answer.view.scores.length).keys()].filter(isHuman);
  app.viewer = VIEWS[id].secret && people.length === 1 ? people[0] : null;
  if (app.viewer !== null) answer = engine.call("view", { seat: app.viewer });
  $("play-title").textContent = t(`game_${id}`);
  showScreen("play");
  accept(answer);
  app.board.setZoomable(Boolean(VIEWS[id].zoomable));
  app.board.setAspect(VIEWS[id].aspect(answer.view));
  performance.mark("board-ready");
  return answer;
}

/** Links: #play=<game> starts a game, #record=<base64url JSON record> opens one. */
function openLink(hash) {
  const play = /^#play=(\w+)$/.exec(hash);
  if (play && VIEWS[play[1]] && app.games.has(play[1])) return startGame(play[1], {});
  const shared = /^#record=([\w-]+)$/.exec(hash);
  if (!shared) return;
  let record;
  try {
    const bytes = Uint8Array.from(atob(shared[1].replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    record = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    $("menu-message").textContent = t("badLink", { reason: "it is damaged or incomplete" });
    return;
  }
  const answer = loadRecord(record);
  if (!answer.ok) $("menu-message").textContent = t("badLink", { reason: answer.error });
}

function accept(answer) {
  app.answer = answer;
  app.ui = {};
  showMessage("");
  render();
  if (answer.view.over) showGameOver();
  else computerTurn();
}

function isHuman(seat) {
  return (app.seats[seat] ?? "human") === "human";
}

/** The engine arguments that pick whose view comes back (secret games only). */
function viewerArgs() {
  return VIEWS[app.gameId].secret ? { seat: app.viewer } : {};
}

function request(op, args = {}) {
  return settle(engine.call(op, { ...args, ...viewerArgs() }), op);
}

/** Take an engine answer: draw pending chance, lower the curtain if needed, show it. */
function settle(answer, op) {
  answer = drawChance(answer, op, viewerArgs());
  const people = app.answer ? [...Array(app.answer.view.scores.length).keys()].filter(isHuman) : [];
  if (answer.ok && VIEWS[app.gameId].secret && app.viewer !== null && people.length > 1
      && answer.view.current !== app.viewer) {
    app.viewer = null; // the turn has passed: lower the curtain before anything is drawn
    answer = engine.call("view", { seat: null });
  }
  if (answer.ok) accept(answer);
  else {
    app.ui = {};
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
  const { view } = app.answer;
  if (view.over || view.current < 0 || isHuman(view.current) || app.thinking) return;
  const token = {};
  app.thinking = token;
  render();
  await new Promise((resolve) => setTimeout(resolve, 0)); // show the move before thinking
  if (app.thinking !== token) return;
  performance.mark("ai-start");
  const answer = await computerMove(app.seats[view.current], app.computer, viewerArgs(),
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
  const { view, legal } = app.answer ?? {};
  if (!view || view.over || $("play").hidden || !$("curtain").hidden || app.thinking) return;
  const gameView = VIEWS[app.gameId];
  const target = gameView.pick(boxOf(), view, point);
  if (target === null) return;
  const result = gameView.tap(app.ui, target, view, legal);
  app.ui = result.ui ?? {};
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
  if (!app.answer || !app.board.width) return;
  const gameView = VIEWS[app.gameId];
  const { view, legal } = app.answer;
  gameView.draw(app.board.context(), boxOf(), view, app.ui, legal);
  renderCurtain(gameView, view);
  const panel = gameView.panel?.(app.answer, app.ui, actions) ?? [];
  const shown = $("game-panel").childNodes;
  if (panel.length !== shown.length || panel.some((node, i) => node !== shown[i])) {
    $("game-panel").replaceChildren(...panel); // the same nodes stay put (and keep focus)
  }
  renderSeats(gameView.seats(view), view);
  const thinking = app.thinking && view.current >= 0;
  $("turn").textContent = view.over ? t("gameOver")
    : thinking ? t("thinking", { name: gameView.seats(view)[view.current].name })
    : gameView.prompt(view, app.ui);
  $("turn").classList.toggle("thinking", Boolean(thinking));
  const controls = $("controls");
  controls.replaceChildren();
  for (const control of gameView.controls(view, legal, app.ui)) {
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
  const undoTo = app.answer.undo_to;
  const secretUndo = !gameView.secret || undoTo === app.viewer || (undoTo >= 0 && !isHuman(undoTo));
  $("undo").disabled = !app.answer.can_undo || !secretUndo;
  $("board").setAttribute("aria-label", $("turn").textContent);
}

// What a view's menu extras may do: ask the engine something that leaves the game alone.
const menuActions = {
  call: (op, args = {}) => engine.call(op, args),
};

const actions = {
  play: (move) => request("play", { move }),
  op: (name, args = {}) => request(name, args),
  setUi: (ui) => { app.ui = ui; render(); },
  message: (text, isError = false) => showMessage(text, isError),
};

function renderCurtain(gameView, view) {
  const seat = view.current;
  const down = Boolean(gameView.secret) && !view.over && seat >= 0 && isHuman(seat)
    && app.viewer !== seat;
  $("curtain").hidden = !down;
  if (!down) return;
  const name = gameView.seats(view)[seat].name;
  $("curtain-text").textContent = t("curtain", { name });
  $("curtain-lift").textContent = t("curtainLift", { name });
}

function liftCurtain() {
  app.viewer = app.answer.view.current;
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
      : t("computerSeat", { name: seat.name, level: t(`seatKind_${app.seats[index]}`) });
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
  const gameView = VIEWS[app.gameId];
  const { view } = app.answer;
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
    const response = await fetch(`assets/rules/${app.gameId}.en.txt`);
    if (!response.ok) throw new Error(response.statusText);
    renderRules(await response.text(), $("rules-text"));
  } catch {
    $("rules-text").textContent = t("rulesMissing");
  }
  dialog.showModal();
}

function showScreen(name) {
  if (name !== "play") app.thinking = null;
  for (const id of ["loading", "menu", "play"]) $(id).hidden = id !== name;
  if (name === "play") app.board.fit();
}

// --- start ---------------------------------------------------------------------
async function boot() {
  fillStaticTexts();
  const loaded = trackLoading();
  app.board = new BoardCanvas($("board"), { onTap, onResize: render });
  $("back").addEventListener("click", showMenu);
  $("undo").addEventListener("click", undo);
  $("new-game").addEventListener("click", () => startGame(app.gameId, app.options));
  $("game-over-close").addEventListener("click", () => $("game-over").close());
  $("game-over-new").addEventListener("click", () => {
    $("game-over").close();
    startGame(app.gameId, app.options);
  });
  $("rules-button").addEventListener("click", showRules);
  $("rules-close").addEventListener("click", () => $("rules").close());
  $("curtain-lift").addEventListener("click", liftCurtain);
  await engine.whenReady();
  for (const game of engine.call("games").games) app.games.set(game.id, game);
  loaded();
  showMenu();
  document.body.dataset.ready = "true";
  openLink(location.hash);
}

// Hooks for tests and future tools: read-only snapshots, never a way around the engine.
window.inselApp = {
  snapshot: () => structuredClone(app.answer),
  locate: (target) => {
    const point = VIEWS[app.gameId].locate(boxOf(), app.answer.view, target);
    return point && app.board.toClient(point);
  },
};

boot();
startOffline();
