// The game menu: a tile per game with a picture of its board, drawn by the game's own view
// from a position the build computed (assets/menu.json, so the menu needs no Python), one
// tap to play the computer or two at one device, and a setup dialog one tap further for the
// options, seats and levels, remembered per game (prefs.js).
import { hintChoice } from "./hints.js";
import { gameNames, nameFields, teamCount } from "../keep/names.js";
import { prepareComputer } from "../table/computer.js";
import { isComputer, seatPicker } from "./players.js";
import { gamePrefs, rememberGame } from "../keep/prefs.js";
import { t } from "../common/strings.js";
import { button, el, optionSelect, setText } from "../common/dom.js";
import { thumbnail } from "../views/thumbnail.js";
import { VIEWS } from "../views/index.js";

export const MENU_ORDER = ["ponte", "wortreversi", "othello", "kahuna", "inselspiel"];
const DEFAULT_LEVEL = "medium";

/** A game as the build describes it for the menu (assets/menu.json): its seats and the
 *  picture of its tile.
 *  @typedef {{id: string, min_players: number, max_players: number,
 *             picture: import("../common/types.js").View}} MenuGame */
/** A game's setup form and what it reads from it (buildSetup).
 *  @typedef {{form: HTMLElement, options: () => Record<string, unknown>,
 *             seats: ReturnType<typeof seatPicker>, names: ReturnType<typeof nameFields>}} Setup */

/** The menu's data from the build: [{id, min_players, max_players, picture}].
 *  @returns {Promise<MenuGame[]>} */
export async function loadMenuData() {
  const response = await fetch("assets/menu.json");
  if (!response.ok) throw new Error(`assets/menu.json: ${response.status}`);
  return (await response.json()).games;
}

/** The level "play the computer" uses for `id`: the last one chosen in its setup.
 *  @param {string} id */
const levelOf = (id) => gamePrefs(id).level ?? DEFAULT_LEVEL;

/**
 * The remembered `options` of a game if they are among its choices, else none ({}): a
 * damaged or edited entry reads as nothing remembered, never as a game the menu cannot
 * start.  The players count must be a whole number of the game's seats (`game`: the build's
 * {min_players, max_players}); in a game whose setup has only selects, every option must be
 * one of them and its value one of its choices.  A setup's own values (`menuOptions`: a
 * word list, a map) are the engine's to check: it refuses them with the reason.
 * @param {unknown} options
 * @param {import("../common/types.js").GameView} view
 * @param {{min_players: number, max_players: number}} game
 * @returns {Record<string, unknown>}
 */
function rememberedOptions(options, view, game) {
  if (!options || typeof options !== "object" || Array.isArray(options)) return {};
  const choices = new Map(view.setup.options.map((option) =>
    [option.name, option.choices.map((choice) => JSON.stringify(choice.value))]));
  /** @param {[string, unknown]} entry */
  const fits = ([name, value]) => {
    if (name === "players") {
      return typeof value === "number" && Number.isInteger(value) && value >= game.min_players
        && value <= game.max_players;
    }
    if (view.setup.menuOptions) return true;
    return choices.get(name)?.includes(JSON.stringify(value)) ?? false;
  };
  return Object.entries(options).every(fits) ? /** @type {Record<string, unknown>} */ (options) : {};
}

/** How many seats `options` open (`players`), else the game's fewest.
 * @param {Record<string, unknown>} options @param {{min_players: number}} game */
function seatsIn(options, game) {
  return typeof options.players === "number" ? options.players : game.min_players;
}

export class Menu {
  /**
   * @param {{list: HTMLElement, dialog: HTMLDialogElement, body: HTMLElement,
   *          title: HTMLElement, play: HTMLButtonElement}} nodes
   * @param {{start: (id: string, options: Record<string, unknown>, seats: string[],
   *            computer: Record<string, unknown>,
   *            names?: import("../keep/names.js").Names | null) => void,
   *          learn: (id: string) => void,
   *          call: import("../common/types.js").Call,
   *          share: (url: string, info: {title: string, help: string, note?: string}) => unknown}} act
   *   start a game (`names`: the players' and teams', names.js); start a guided first
   *   game; ask the engine something that leaves the game alone; offer a link (the share
   *   dialog: link and QR code)
   */
  constructor(nodes, act) {
    this.nodes = nodes;
    this.act = act;
    /** @type {Map<string, MenuGame>} */
    this.games = new Map();
    /** @type {Map<string, Setup>} the setup form's parts, built once per visit */
    this.setups = new Map();
    /** @type {string | null} the game whose setup is open */
    this.setupId = null;
    nodes.play.addEventListener("click", () => this.playSetup());
  }

  /** Draw the tiles for the games the build described.  @param {MenuGame[]} games */
  show(games) {
    this.setups.clear(); // built again in the language now chosen
    for (const game of games) this.games.set(game.id, game);
    this.nodes.list.replaceChildren(...MENU_ORDER.filter((id) => this.games.has(id) && VIEWS[id])
      .map((id) => this.tile(id)));
  }

  /** A game's tile: its picture, name, blurb and ways to start.  @param {string} id */
  tile(id) {
    const game = /** @type {MenuGame} */ (this.games.get(id)); // (show() lists only these)
    const card = el("li", undefined, "game-card");
    card.dataset.game = id;
    const frame = el("div", undefined, "thumb-frame");
    try {
      frame.append(thumbnail(id, game.picture, t("thumbAlt", { game: t(`game_${id}`) })));
    } catch (error) {
      console.error(`menu picture of ${id}:`, error); // the tile works without it
    }
    const computer = button(t("playComputer"), "primary", () => this.quickStart(id, levelOf(id)));
    computer.dataset.start = "computer";
    computer.title = t("playComputerTitle", { level: t(`level_${levelOf(id)}`) });
    const people = button(t("playPeople"), "", () => this.quickStart(id, "human"));
    people.dataset.start = "people";
    people.title = t("playPeopleTitle");
    const setup = button("⚙", "", () => this.openSetup(id));
    setup.append(el("span", ` ${t("setupOpen")}`, "label"));
    setup.dataset.start = "setup";
    setup.setAttribute("aria-label", t("setupFor", { game: t(`game_${id}`) }));
    const learn = button(t("learn"), "learn", () => this.act.learn(id));
    learn.dataset.start = "learn";
    learn.title = t("learnTitle");
    const status = el("p", "", "card-status");
    status.setAttribute("role", "status");
    const actions = el("div", undefined, "tile-actions");
    actions.append(computer, people, setup, learn);
    card.append(frame, el("h2", t(`game_${id}`)), el("p", t(`blurb_${id}`), "blurb"), actions, status);
    return card;
  }

  /** One tap: the remembered options, a person in seat 1 and the rest `kind`, the people
   *  named as remembered.  @param {string} id @param {string} kind */
  quickStart(id, kind) {
    const prefs = gamePrefs(id);
    const game = /** @type {MenuGame} */ (this.games.get(id)); // (its tile's button)
    const options = rememberedOptions(prefs.options, VIEWS[id], game);
    const count = seatsIn(options, game);
    const seats = Array.from({ length: count }, (_, seat) => (seat === 0 ? "human" : kind));
    this.act.start(id, options, seats, prefs.computer ?? {}, gameNames(seats, teamCount(options)));
  }

  /** A line under game `id`'s tile (e.g. "starting… 55 %"), none under the others (all:
   *  `id` null).  @param {string | null} id @param {string} text */
  setStatus(id, text) {
    for (const node of this.nodes.list.querySelectorAll(".card-status")) {
      setText(node, /** @type {HTMLElement} */ (node.closest(".game-card")).dataset.game === id ? text : "");
    }
  }

  // --- the setup dialog -----------------------------------------------------------
  /** Open the setup of game `id`; returns the view's link handlers' target (its setup).
   *  @param {string} id */
  openSetup(id) {
    const setup = this.setupOf(id);
    this.setupId = id;
    this.nodes.title.textContent = t("setupTitle", { game: t(`game_${id}`) });
    this.nodes.body.replaceChildren(setup.form);
    if (!this.nodes.dialog.open) this.nodes.dialog.showModal();
    this.nodes.dialog.scrollTop = 0;
  }

  closeSetup() {
    if (this.nodes.dialog.open) this.nodes.dialog.close();
  }

  /** Game `id`'s setup, built on its first opening.  @param {string} id @returns {Setup} */
  setupOf(id) {
    const built = this.setups.get(id) ?? this.buildSetup(id);
    this.setups.set(id, built);
    return built;
  }

  /** The setup form of game `id`: its options, the view's extras, seats, names, hints and
   *  "Print and play", with the remembered values put back.  @param {string} id */
  buildSetup(id) {
    const view = VIEWS[id];
    const form = el("div", undefined, "setup-form");
    /** @type {Record<string, HTMLSelectElement>} */
    const selects = {};
    for (const option of view.setup.options) {
      const { label, select } = optionSelect(option, t(`opt_${option.name}`));
      selects[option.name] = select;
      form.append(label);
    }
    form.append(...(view.setup.menuExtras?.({ call: this.act.call, share: this.act.share }) ?? []));
    /** @returns {Record<string, unknown>} */
    const options = () => ({
      ...Object.fromEntries(Object.entries(selects).map(([name, s]) => [name, JSON.parse(s.value)])),
      ...view.setup.menuOptions?.(),
    });
    const game = /** @type {MenuGame} */ (this.games.get(id)); // (a tile's setup: listed)
    const seatCount = () => seatsIn(options(), game);
    const seats = seatPicker(seatCount, view.setup.computerOptions ?? []);
    const names = nameFields(seatCount, () => teamCount(options()));
    form.addEventListener("change", (event) => {
      if (/** @type {HTMLElement} */ (event.target).closest?.(".name-fields")) return;
      seats.refresh();
      names.refresh();
    });
    form.append(seats.element, names.element, hintChoice(), printButton(id, options));
    restoreForm(form, gamePrefs(id).form ?? {});
    // a computer seat chosen (or remembered): its search is imported while the player reads on
    const prepare = () => { if (seats.kinds().some(isComputer)) prepareComputer(this.act.call, id); };
    seats.element.addEventListener("change", prepare);
    prepare();
    return { form, options, seats, names };
  }

  /** The setup's Play: its choices remembered, the game started. */
  async playSetup() {
    const id = this.setupId;
    if (id === null) return; // (the dialog's button: a setup is open)
    await VIEWS[id].setup.menuSettled?.(); // a word list still being checked is used once it is
    const { form, options, seats, names } = this.setupOf(id);
    const chosen = options();
    const kinds = seats.kinds();
    const level = kinds.find((kind) => kind !== "human");
    rememberGame(id, { form: formValues(form), options: chosen, computer: seats.computerArgs(),
      ...(level ? { level } : {}) });
    const quick = /** @type {HTMLElement} */ (this.nodes.list.querySelector(`[data-game="${id}"] [data-start=computer]`));
    quick.title = t("playComputerTitle", { level: t(`level_${levelOf(id)}`) });
    this.closeSetup();
    this.act.start(id, chosen, kinds, seats.computerArgs(),
      gameNames(kinds, teamCount(chosen), names.typed()));
  }

  /** Hand a link's payload (e.g. a word list) to the game that opens it in its setup.
   *  @param {string} kind @param {unknown} payload */
  openLink(kind, payload) {
    const id = MENU_ORDER.find((game) => VIEWS[game]?.setup.links?.[kind]);
    const open = id ? VIEWS[id].setup.links?.[kind] : undefined;
    if (!id || !open) return false;
    this.openSetup(id);
    open(payload);
    return true;
  }
}

/** "Print and play": the print page for game `id` in a new tab, with the board size chosen
 *  (the view's own printCards when it has one: Wort-Reversi's cards of the list chosen).
 *  @param {string} id @param {() => Record<string, unknown>} options */
function printButton(id, options) {
  const view = VIEWS[id];
  const open = () => {
    if (view.setup.printCards) return view.setup.printCards();
    const size = options().size;
    window.open(`print.html#game=${id}${size ? `&size=${size}` : ""}`, "_blank");
  };
  const print = button(t("pp_open"), "print-link", open);
  print.dataset.print = id;
  print.title = t("pp_openTitle", { game: t(`game_${id}`) });
  return print;
}

/** The named controls' values, in page order.  @param {HTMLElement} form */
function formValues(form) {
  /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */
  const controls = form.querySelectorAll("select[name], input[name]");
  return Object.fromEntries([...controls].filter((control) => control.type !== "file")
    .map((control) => [control.name, control.value]));
}

/** Put remembered values back, in page order, each announced as a change (a control may add
 *  or replace others, as the players count does the seats).
 *  @param {HTMLElement} form @param {Record<string, string>} values */
function restoreForm(form, values) {
  for (const [name, value] of Object.entries(values)) {
    const control = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (
      form.querySelector(`[name="${CSS.escape(name)}"]`));
    if (!control || typeof value !== "string") continue;
    if (control instanceof HTMLSelectElement && ![...control.options].some((o) => o.value === value)) continue;
    control.value = value;
    control.dispatchEvent(new Event("change", { bubbles: true }));
  }
}
