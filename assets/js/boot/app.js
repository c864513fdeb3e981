// The app's boot and wiring: the parts are made here and joined — the store (one state), the
// controller (the game's lifecycle, no page), the render path (the page from the store), the
// menu, the board, the dialogs — and the buttons are given their actions.  No game rules and
// no state live here.
import { describeBoard } from "../play/access.js";
import { startOffline } from "../platform/offline.js";
import { keepSnapshot } from "../platform/snapshot.js";
import { Arrivals } from "./arrivals.js";
import { BoardCanvas } from "../play/canvas.js";
import { ContinueList } from "../play/continue.js";
import { Controller } from "../play/controller.js";
import { BoardCursor } from "../common/cursor.js";
import * as engine from "../platform/engine.js";
import { acceptDrops } from "../common/files.js";
import { firstScreenDrawn } from "./first-screen.js";
import { Hints, HintsPanel } from "../play/hints.js";
import { Review, ReviewPanel } from "../play/review.js";
import { History, HistoryPanel, moveEntries } from "../play/history.js";
import { loadLesson } from "../class/lesson.js";
import { languageSwitch, startLanguage } from "./language.js";
import { watchStart } from "../platform/loading.js";
import { loadMenuData, Menu } from "../play/menu.js";
import { MoreMenu } from "./more-menu.js";
import { readNamesFrom } from "../common/seat-names.js";
import { LearningReport } from "../play/report.js";
import { DIALOGS, Render } from "../play/render.js";
import { loadRules } from "../play/rules.js";
import { Keeper } from "../play/keeper.js";
import { KeepingBanner } from "../play/keeping-banner.js";
import { copyId, saveId } from "../keep/saves.js";
import { showQr } from "../share/qr.js";
import { ShareDialog } from "../share/share.js";
import { Sharing } from "../share/sharing.js";
import { followAppearance } from "../platform/appearance.js";
import { buildSettings } from "./settings-dialog.js";
import { playSound } from "../platform/sounds.js";
import { Store } from "../common/store.js";
import { rememberShown } from "../platform/tab.js";
import { picturesDrawn } from "../views/thumbnail.js";
import { currentLanguage, fillStaticTexts, t } from "../common/strings.js";
import { tapRouter } from "../play/taps.js";
import { VIEWS } from "../views/index.js";
import { labelsOn } from "../views/labels.js";
import { LocalTable } from "../table/local.js";
import { LiveTable } from "../share/live-table.js";
import { byId } from "../common/dom.js";

/** @typedef {import("../common/types.js").Call} Call */
/** @typedef {import("../common/types.js").GameView} GameView */
/** @typedef {import("../common/types.js").View} View */

const $ = byId; // (index.html has every id asked for here)
/** @param {string} id @param {() => void} action */
const on = (id, action) => $(id).addEventListener("click", action);
/** @type {Call} */
const call = (op, args = {}) => engine.call(op, args);

/** @type {Render | null} the render path, once wire() has made its parts (render.js) */
let render = null;
const store = new Store((state) => render?.draw(state));
/** @type {Call} */
const asViewer = (op, args) => call(op, { ...args, ...controller.viewerArgs() });
// the move list looks back at positions of the table the game is played at (a guest's is
// the host's, not this page's engine)
const moveHistory = new History(store, (op, args) => (op === "position" && args
  ? controller.table.position(args.ply, controller.viewerArgs()) : asViewer(op, args)));
const state = store.state;
const keeper = new Keeper(store); // saves and the one writer per game across tabs
const controller = new Controller(store, { table: new LocalTable(call), views: VIEWS, history: moveHistory,
  keep: (entry, base) => keeper.keep(entry, base), saveId, copyId, hold: (id) => keeper.hold(id),
  loadLesson, sound: playSound, shown: rememberShown });
keeper.attach(controller);
const hints = new Hints(store, { view: (id) => VIEWS[id], secret: (id) => controller.secret(id),
  call: asViewer });
const review = new Review(store, { view: (id) => VIEWS[id], judged: (game) => hints.judged(game),
  judge: call });
/** @param {string | null} id */
const openDialog = (id) => store.update({ dialog: id });
readNamesFrom(() => (state.screen === "play" ? state.game?.names : null)); // the views' words
/** @type {LiveTable | null} the live table (share/live-table.js), once wire() has made it */
let live = null;
/** @type {Awaited<ReturnType<typeof loadMenuData>> | null} the games' tiles as the build
 *  described them (assets/menu.json) */
let menuData = null;

/** The game on screen, its view module and the picture it shows (null: none yet). */
function shownGame() {
  const game = state.game;
  const view = game?.answer.view;
  return game && view ? { game, gameView: VIEWS[game.id], view } : null;
}

/** Speak another language: the fixed texts are filled again (language.js), these drawn again. */
const switchLanguage = languageSwitch(() => {
  if (state.dialog === "settings") buildSettings($("settings-body"), switchLanguage);
  if (!render) return; // not wired yet: the page is drawn in the new language when it is
  if (menuData) render.menu.show(menuData);
  render.saved.show();
  live?.relanguage(); // an open table stays open, its line and dialog in the new language
  render.forget();
  store.update();
});

/** Make the parts of the page and give the buttons their actions. */
function wire() {
  const tapAt = tapRouter({ board: () => board, cursor: () => cursor, controller, state, views: VIEWS,
    box: () => page.box() });
  const board = new BoardCanvas(/** @type {HTMLCanvasElement} */ ($("board")),
    { onTap: tapAt, onResize: () => store.update() });
  const cursor = new BoardCursor(board.canvas, {
    board: () => {
      const shown = shownGame();
      return shown && { gameView: shown.gameView, view: moveHistory.view() ?? shown.view,
        box: page.box() };
    },
    tap: tapAt,
    cancel: () => { controller.say(""); controller.setUi({}); },
    moved: (point, words) => { board.reveal(point); store.update({ place: words }); },
    zoom: (point, factor) => board.zoomAt(point, factor),
    redraw: () => store.update(),
  });
  const menu = new Menu(
    { list: $("game-list"), dialog: /** @type {HTMLDialogElement} */ ($("setup")), body: $("setup-body"),
      title: $("setup-title"), play: /** @type {HTMLButtonElement} */ ($("setup-play")) },
    { start: (...args) => controller.start(...args),
      learn: (id) => controller.learn(id, menu.games.get(id)?.min_players ?? 2), call, // (a listed game's tile; 2: every game's fewest)
      share: (url, info) => share.share(url, info) });
  const share = new ShareDialog({ // (index.html's share dialog and its link field)
    dialog: /** @type {HTMLDialogElement} */ ($("share")), help: $("share-help"),
    link: /** @type {HTMLInputElement} */ ($("share-link")), status: $("share-status"),
    note: $("share-note"),
    copy: $("share-copy"), close: $("share-close") });
  const sharing = new Sharing({ controller, state, views: VIEWS, dialog: share });
  const historyPanel = new HistoryPanel({ panel: $("history"),
    list: $("history-list"), count: $("history-count"), bar: $("viewing"),
    barText: $("viewing-text"), controls: $("viewing-controls") }, moveHistory, {
    seats: () => {
      const shown = shownGame();
      return shown ? shown.gameView.words.seats(shown.view) : [];
    },
    entries: (moves) => {
      const shown = shownGame();
      return shown ? moveEntries(moves, shown.gameView, shown.view) : [];
    },
    marks: () => review.marks() });
  const hintsPanel = new HintsPanel({ box: $("hint"),
    button: /** @type {HTMLButtonElement} */ ($("hint-button")), text: $("hint-text") }, hints);
  const reviewPanel = new ReviewPanel({
    panel: /** @type {HTMLElement} */ ($("history").parentElement), // the page's: a DOM query
    overButton: /** @type {HTMLButtonElement} */ ($("game-over-turns")), after: $("hint") },
  review, { show: (ply) => moveHistory.show(ply),
    ply: () => moveHistory.ply(), stop: (direction) => historyPanel.stop(direction),
    moves: () => state.history?.moves ?? [] });
  const report = new LearningReport({ call, toMenu: () => controller.toMenu(), qr: showQr });
  const saved = new ContinueList({ section: $("continue"), list: $("saved-list"),
    clear: /** @type {HTMLButtonElement} */ ($("saved-clear")) }, (entry) => controller.resume(entry),
  (entry) => report.buttonsFor(entry));
  /** @type {import("../common/types.js").PanelAct} */
  const act = { play: (move) => controller.play(move), op: (name, args) => controller.request(name, args),
    setUi: (ui) => controller.setUi(ui), setDisplay: (display) => controller.setDisplay(display),
    message: (text, isError) => controller.say(text, isError) };
  const keeping = new KeepingBanner({ continueHere: () => keeper.continueHere(),
    openSaved: () => keeper.openSaved(), exportFile: () => sharing.exportFile(),
    deleteFinished: () => keeper.deleteFinished() });
  const page = new Render({ controller, board, cursor, history: historyPanel, hints: hintsPanel, review: reviewPanel, menu,
    saved, act, keeping, redraw: () => store.update() });
  render = page;
  const arrivals = new Arrivals(controller, { switchLanguage, openDialog,
    openList: (kind, text) => menu.openLink(kind, text) });
  for (const id of DIALOGS) { // closed by its own button or Escape: the store hears of it
    $(id).addEventListener("close", () => { if (state.dialog === id) store.update({ dialog: null }); });
  }
  for (const id of ["rules", "describe", "settings", "game-over"]) on(`${id}-close`, () => openDialog(null));
  $("history").addEventListener("toggle", () => {
    store.update({ historyOpen: /** @type {HTMLDetailsElement} */ ($("history")).open });
  });
  new MoreMenu({ button: /** @type {HTMLButtonElement} */ ($("more-button")), menu: $("more-menu") },
    store);
  on("moves-button", () => store.update({ historyOpen: !state.historyOpen }));
  on("back", () => { store.update({ moreOpen: false }); controller.toMenu(); });
  on("undo", () => controller.undo());
  on("redo", () => controller.redo());
  on("share-button", () => sharing.share());
  const table = new LiveTable({ controller, store, call }); // a game across phones (docs/live-table.md)
  live = table;
  on("table-host", () => table.openHost()); on("table-join", () => table.openGuest());
  on("table-close", () => table.close());
  on("send-move", () => sharing.share(true));
  on("export", () => sharing.exportFile());
  const picker = /** @type {HTMLInputElement} */ ($("import-file"));
  on("import", () => picker.click());
  picker.addEventListener("change", () => {
    const file = picker.files?.[0];
    picker.value = "";
    if (file) arrivals.openFile(file);
  });
  acceptDrops(document.body, (file) => arrivals.openFile(file));
  on("new-game", () => controller.again());
  on("lesson-skip", () => controller.skipLesson());
  on("game-over-new", () => controller.again());
  on("game-over-replay", () => {
    store.update({ dialog: null, historyOpen: true });
    moveHistory.replayFromStart();
  });
  on("rules-button", async () => {
    if (!state.game) return; // a button of the play screen
    await loadRules(state.game.id, currentLanguage(), $("rules-text"));
    openDialog("rules");
  });
  const showReport = () => {
    if (state.game) {
      report.showGame({ seats: state.game.seats, computer: state.game.computer,
        names: state.game.names });
    }
  };
  on("report-button", showReport);
  on("game-over-report", () => { openDialog(null); showReport(); });
  on("describe-button", () => {
    const shown = shownGame();
    if (!shown) return;
    describeBoard($("describe-lines"), shown.gameView, moveHistory.view() ?? shown.view);
    openDialog("describe");
  });
  on("setup-cancel", () => menu.closeSetup());
  on("curtain-lift", () => controller.liftCurtain());
  for (const opener of ["settings-open", "play-settings"]) {
    on(opener, () => {
      buildSettings($("settings-body"), switchLanguage);
      openDialog("settings");
    });
  }
  followAppearance(() => { page.forget(); store.update(); });
  return { arrivals, page, table };
}

/** @type {ReturnType<typeof watchStart> | null} the start's progress, watched (loading.js) */
let start = null;

async function boot() {
  await startLanguage(location.hash);
  fillStaticTexts();
  start = watchStart((progress) => store.update({ progress }));
  const { arrivals, page, table } = wire();
  store.update({ historyOpen: matchMedia("(min-width: 60rem)").matches }); // a drawer on phones
  page.saved.show();
  try {
    menuData = await loadMenuData();
    page.menu.show(menuData);
  } catch (error) {
    console.error(error); // the browser's words for developers; the person gets ours
    store.update({ menuMessage: t("loadingFailed") });
  }
  window.addEventListener("hashchange", () => table.arrive(location.hash) || arrivals.followLink());
  if (location.hash.length > 1) table.arrive(location.hash) || arrivals.followLink();
  else arrivals.reopen();
  await firstScreenDrawn(); // then Python's start, which takes both cores of a small machine
  engine.start();
  await engine.whenReady();
  const games = await call("games"); // each game's kind, as the engine declares it
  controller.engineStarted(games.ok ? games.games : []);
  start.done();
  page.saved.check((/** @type {object} */ record) => call("check", { record }));
  document.body.dataset.ready = "true";
}

/** Resolves once the app has nothing under way: no engine request waiting, no change being
 *  settled, no computer thinking, every change drawn (tests read the page after it, as a
 *  person would look). */
async function settled() {
  for (;;) {
    await Promise.all(Object.values(VIEWS).map((view) => view.setup.menuSettled?.()));
    await controller.actionsDone();
    const list = render?.saved.shown; // the Continue list, read from the database
    await list;
    await engine.answered();
    await store.drawn();
    await picturesDrawn();
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (engine.isIdle() && !state.busy && !state.thinking && !store.frame
        && render?.saved.shown === list) return;
  }
}

// Hooks for tests and future tools: read-only snapshots, never a way around the engine.
/** @type {import("../common/types.js").InselWindow} */ (window).inselApp = {
  snapshot: () => structuredClone(state.game?.answer ?? null),
  settled,
  // (before wire() has made the page: nothing)
  cursor: () => render?.cursor.current() ?? null, // the place under the keyboard cursor
  /** @param {string} target @param {string} key */
  cursorNext: (target, key) => render?.cursor.next(target, key) ?? null, // where an arrow key takes it
  labels: () => (render ? labelsOn(render.board.canvas) : []), // the board's texts and their size on screen
  /** @param {string} target */
  locate: (target) => {
    const shown = shownGame();
    if (!render || !shown) return null;
    const point = shown.gameView.board.locate(render.box(), shown.view, target);
    return point && render.board.toClient(point);
  },
};

/** A start that failed anywhere, the page's wiring too, is said where the progress was, in
 *  the page's words, and stays said; the reason goes to the console.  (Without the page's
 *  parts, render.js never draws it: it is written here.)
 *  @param {unknown} error */
function startFailed(error) {
  if (!start?.failed(error)) console.error("the app's start went wrong:", error); // (after done)
  if (render) return;
  $("engine-bar").hidden = true;
  const status = $("engine-status");
  status.classList.add("error");
  status.textContent = t("loadingFailed");
}

boot().catch(startFailed);
startOffline();
keepSnapshot();
