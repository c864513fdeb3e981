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

const $ = (id) => document.getElementById(id);
const on = (id, action) => $(id).addEventListener("click", action);
const call = (op, args = {}) => engine.call(op, args);

let render = null; // the render path, once its parts are made (render.js)
const store = new Store((state) => render?.draw(state));
const asViewer = (op, args) => call(op, { ...args, ...controller.viewerArgs() });
// the move list looks back at positions of the table the game is played at (a guest's is
// the host's, not this page's engine)
const moveHistory = new History(store, (op, args) => (op === "position"
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
const openDialog = (id) => store.update({ dialog: id });
readNamesFrom(() => (state.screen === "play" ? state.game?.names : null)); // the views' words
let live = null, menuData = null; // the live table (share/live-table.js); // the games' tiles as the build described them (assets/menu.json)

/** Speak another language: the fixed texts are filled again (language.js), these drawn again. */
const switchLanguage = languageSwitch(() => {
  if (state.dialog === "settings") buildSettings($("settings-body"), switchLanguage);
  if (menuData) render.menu.show(menuData);
  render.saved.show();
  live?.relanguage(); // an open table stays open, its line and dialog in the new language
  render.forget();
  store.update();
});

/** Make the parts of the page and give the buttons their actions. */
function wire() {
  const tapAt = tapRouter({ board: () => board, cursor: () => cursor, controller, state, views: VIEWS,
    box: () => render.box() });
  const board = new BoardCanvas(/** @type {HTMLCanvasElement} */ ($("board")),
    { onTap: tapAt, onResize: () => store.update() });
  const cursor = new BoardCursor(board.canvas, {
    board: () => state.game && { gameView: VIEWS[state.game.id],
      view: moveHistory.view() ?? state.game.answer.view, box: render.box() },
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
      learn: (id) => controller.learn(id, menu.games.get(id).min_players), call,
      share: (url, info) => share.share(url, info) });
  const share = new ShareDialog(/** @type {any} */ ({ dialog: $("share"), help: $("share-help"),
    link: $("share-link"), status: $("share-status"), note: $("share-note"),
    copy: $("share-copy"), close: $("share-close") }));
  const sharing = new Sharing({ controller, state, views: VIEWS, dialog: share });
  const historyPanel = new HistoryPanel(/** @type {any} */ ({ panel: $("history"),
    list: $("history-list"), count: $("history-count"), bar: $("viewing"),
    barText: $("viewing-text"), controls: $("viewing-controls") }), moveHistory,
  { seats: () => VIEWS[state.game.id].seats(state.game.answer.view),
    entries: (moves) => moveEntries(moves, VIEWS[state.game.id], state.game.answer.view),
    marks: () => review.marks() });
  const hintsPanel = new HintsPanel(/** @type {any} */ ({ box: $("hint"), button: $("hint-button"),
    text: $("hint-text") }), hints);
  const reviewPanel = new ReviewPanel(/** @type {any} */ ({ panel: $("history").parentElement,
    overButton: $("game-over-turns"), after: $("hint") }), review, { show: (ply) => moveHistory.show(ply),
    ply: () => moveHistory.ply(), stop: (direction) => historyPanel.stop(direction),
    moves: () => state.history?.moves ?? [] });
  const report = new LearningReport({ call, toMenu: () => controller.toMenu(), qr: showQr });
  const saved = new ContinueList(/** @type {any} */ ({ section: $("continue"), list: $("saved-list"),
    clear: $("saved-clear") }), (entry) => controller.resume(entry),
  (entry) => report.buttonsFor(entry));
  const act = { play: (move) => controller.play(move), op: (name, args) => controller.request(name, args),
    setUi: (ui) => controller.setUi(ui), message: (text, isError) => controller.say(text, isError) };
  const keeping = new KeepingBanner({ continueHere: () => keeper.continueHere(),
    openSaved: () => keeper.openSaved(), exportFile: () => sharing.exportFile(),
    deleteFinished: () => keeper.deleteFinished() });
  render = new Render({ controller, board, cursor, history: historyPanel, hints: hintsPanel, review: reviewPanel, menu,
    saved, act, keeping, redraw: () => store.update() });
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
  live = new LiveTable({ controller, store, call }); // a game across phones (docs/live-table.md)
  on("table-host", () => live.openHost()); on("table-join", () => live.openGuest());
  on("table-close", () => live.close());
  on("send-move", () => sharing.share(true));
  on("export", () => sharing.exportFile());
  const picker = /** @type {HTMLInputElement} */ ($("import-file"));
  on("import", () => picker.click());
  picker.addEventListener("change", () => {
    const file = picker.files[0];
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
    await loadRules(state.game.id, currentLanguage(), $("rules-text"));
    openDialog("rules");
  });
  const players = () => ({ seats: state.game.seats, computer: state.game.computer,
    names: state.game.names });
  on("report-button", () => report.showGame(players()));
  on("game-over-report", () => { openDialog(null); report.showGame(players()); });
  on("describe-button", () => {
    describeBoard($("describe-lines"), VIEWS[state.game.id], moveHistory.view() ?? state.game.answer.view);
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
  followAppearance(() => { render.forget(); store.update(); });
  return arrivals;
}

async function boot() {
  await startLanguage(location.hash);
  fillStaticTexts();
  const started = watchStart((progress) => store.update({ progress }));
  const arrivals = wire();
  store.update({ historyOpen: matchMedia("(min-width: 60rem)").matches }); // a drawer on phones
  render.saved.show();
  try {
    menuData = await loadMenuData();
    render.menu.show(menuData);
  } catch (error) {
    console.error(error); // the browser's words for developers; the person gets ours
    store.update({ menuMessage: t("loadingFailed") });
  }
  window.addEventListener("hashchange", () => live.arrive(location.hash) || arrivals.followLink());
  if (location.hash.length > 1) live.arrive(location.hash) || arrivals.followLink();
  else arrivals.reopen();
  await firstScreenDrawn(); // then Python's start, which takes both cores of a small machine
  engine.start();
  try {
    await engine.whenReady();
  } catch (error) {
    console.error(error);
    store.update({ progress: { failed: true } });
    return;
  }
  const games = await call("games"); // each game's kind, as the engine declares it
  controller.engineStarted(games.ok ? games.games : []);
  started();
  render.saved.check((record) => call("check", { record }));
  document.body.dataset.ready = "true";
}

/** Resolves once the app has nothing under way: no engine request waiting, no change being
 *  settled, no computer thinking, every change drawn (tests read the page after it, as a
 *  person would look). */
async function settled() {
  for (;;) {
    await Promise.all(Object.values(VIEWS).map((view) => view.menuSettled?.()));
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
  cursor: () => render.cursor.current(), // the place under the keyboard cursor
  cursorNext: (target, key) => render.cursor.next(target, key), // where an arrow key takes it
  labels: () => labelsOn(render.board.canvas), // the board's texts and their size on screen
  locate: (target) => {
    const point = VIEWS[state.game.id].locate(render.box(), state.game.answer.view, target);
    return point && render.board.toClient(point);
  },
};

boot();
startOffline();
keepSnapshot();
