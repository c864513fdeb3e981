// Print-and-play (print.html): a game's board and pieces to cut out on A4 sheets (print.css),
// then its rules on one page, in the page's language.  The address says what to print:
//   #game=<id>[&size=…|&paper=a4|a3]  Ponte, Othello, Kahuna, Inselspiel: boards drawn by the
//                                     games' own views from the starting views the build
//                                     wrote (assets/print.json), so the page needs no Python
//   #cards=<code>                     Wort-Reversi's cards of a word list (print/wortreversi.js)
// The toolbar (not printed) chooses the game and its variant (board size, paper).
import { setting } from "../keep/settings.js";
import { browserLanguage, fillStaticTexts, loadLanguage, t } from "../common/strings.js";
import { byId, el } from "../common/dom.js";
import { inselspielPrint } from "./inselspiel.js";
import { kahunaPrint } from "./kahuna.js";
import { othelloPrint } from "./othello.js";
import { pontePrint } from "./ponte.js";
import { fitRules, rulesSheet } from "./sheets.js";
import { cardSheets, fitWords, readCards } from "./wortreversi.js";

/** @typedef {import("../common/types.js").View} View */
/** @typedef {import("./sheets.js").GamePrint} GamePrint */
/** @typedef {import("./wortreversi.js").Cards} Cards */

/** The games printed from assets/print.json, by id, in the menu's order.
 * @type {Record<string, GamePrint>} */
const GAMES = { ponte: pontePrint, othello: othelloPrint, kahuna: kahunaPrint,
  inselspiel: inselspielPrint };
const ORDER = Object.keys(GAMES);

const node = byId;

/** What the address asks for: {game, params} or {cards}; a game not printed here is the
 *  first of the menu.
 * @param {string} hash
 * @returns {{cards: Cards | Error} | {game: string, params: URLSearchParams}} */
function asked(hash) {
  if (hash.startsWith("#cards=")) return { cards: readCards(hash) };
  const params = new URLSearchParams(hash.slice(1));
  const game = params.get("game");
  return { game: game !== null && Object.hasOwn(GAMES, game) ? game : ORDER[0], params };
}

/** Fill the toolbar's choices: the game, and its variant when it has some.
 * @param {string} game
 * @param {View[]} views
 * @param {string} value the variant chosen */
function toolbar(game, views, value) {
  const games = /** @type {HTMLSelectElement} */ (node("print-game"));
  games.replaceChildren(...ORDER.map((id) => {
    const item = el("option", t(`game_${id}`));
    item.value = id;
    return item;
  }));
  games.value = game;
  const variant = /** @type {HTMLSelectElement} */ (node("print-variant"));
  const choices = GAMES[game].choices(views);
  variant.replaceChildren(...choices.map((choice) => {
    const item = el("option", choice.label);
    item.value = choice.value;
    return item;
  }));
  variant.value = value;
  const name = GAMES[game].choice;
  node("print-variant-name").textContent = name ? t(`pp_choice_${name}`) : "";
  node("print-variant-label").hidden = choices.length === 0;
  node("print-choices").hidden = false;
}

/** The address for the toolbar's choices. */
function chosenHash() {
  const game = /** @type {HTMLSelectElement} */ (node("print-game")).value;
  const variant = /** @type {HTMLSelectElement} */ (node("print-variant")).value;
  const name = GAMES[game].choice;
  return `#game=${game}${name && variant ? `&${name}=${variant}` : ""}`;
}

/** Show the sheets of `game` for the variant the address asks for.
 * @param {string} game
 * @param {URLSearchParams} params */
async function showGame(game, params) {
  const response = await fetch("assets/print.json");
  if (!response.ok) throw new Error(`assets/print.json: ${response.status}`);
  /** @type {View[]} the starting views the build wrote (JSON: not checked) */
  const views = (await response.json())[game];
  const print = GAMES[game];
  const choices = print.choices(views);
  const wanted = print.choice === null ? null : params.get(print.choice);
  const value = choices.find((c) => c.value === wanted)?.value
    ?? choices[0]?.value ?? "";
  toolbar(game, views, value);
  const name = t(`game_${game}`);
  document.title = t("pp_title", { game: name });
  node("print-title").textContent = t("pp_title", { game: name });
  const sheets = [...print.sheets(views, value), await rulesSheet(game)];
  node("print-help").textContent = t("pp_help", { count: sheets.length });
  node("sheets").replaceChildren(...sheets);
  fitRules(node("sheets"));
}

/** Show the sheets of a word list, or throw the Error that says what is wrong with it.
 * @param {Cards | Error} cards */
async function showCards(cards) {
  if (cards instanceof Error) throw cards;
  const { title, help, sheets } = cardSheets(cards);
  document.title = title;
  node("print-title").textContent = title;
  node("print-help").textContent = help;
  node("print-choices").hidden = true;
  const root = node("sheets");
  root.replaceChildren(...sheets, await rulesSheet("wortreversi"));
  fitWords(root);
  fitRules(root);
}

/** Show what the address asks for; a damaged or missing request is said in words. */
async function show() {
  document.body.dataset.ready = "false";
  const error = node("print-error");
  error.hidden = true;
  node("print-button").hidden = false;
  try {
    const wanted = asked(window.location.hash);
    if ("cards" in wanted) await showCards(wanted.cards);
    else await showGame(wanted.game, wanted.params);
  } catch (problem) {
    error.textContent = problem instanceof Error ? problem.message : String(problem);
    error.hidden = false;
    node("print-button").hidden = true;
    node("sheets").replaceChildren();
  }
  document.body.dataset.ready = "true";
}

await loadLanguage(setting("language") ?? browserLanguage());
fillStaticTexts();
node("print-button").addEventListener("click", () => window.print());
node("print-choices").addEventListener("change", () => { window.location.hash = chosenHash(); });
window.addEventListener("hashchange", show);
await show();
