// Kahuna to print: the board (islands and their bridge lines) drawn by the game's view, and
// the island cards, two per island, each with a small board ringing its island.
import { t } from "../common/strings.js";
import { el } from "../common/dom.js";
import { kahunaView } from "../views/kahuna/kahuna.js";
import { PAGE, at, boardCanvas, pieceSheets, sheet } from "./sheets.js";

const BOARD = 180; // mm
const CARD = { width: 36, height: 48 }; // mm
const CARDS_PER_ISLAND = 2;

/** @typedef {import("../views/kahuna/kahuna.js").KahunaView} KahunaView */

/** The card of island `index`: its name, and the board with that island ringed (the
 *  view's mark of a card picked in the hand).
 * @param {KahunaView} view
 * @param {number} index */
function card(view, index) {
  const name = view.islands[index].name;
  const face = el("div", undefined, "island-card");
  const ringed = { ...view, hand: [name] };
  const picture = boardCanvas(kahunaView, ringed, CARD.width - 4, 240, { cards: [0] });
  face.append(el("span", name, "island-name"), picture);
  return face;
}

/** @type {import("./sheets.js").GamePrint} */
export const kahunaPrint = {
  choice: null,
  choices: () => [],

  /** @param {KahunaView[]} views */
  sheets(views) {
    const view = views[0];
    const board = sheet(t("pp_board", { game: t("game_kahuna") }), t("pp_kahunaBoard"),
      "board-sheet");
    board.append(at(boardCanvas(kahunaView, view, BOARD), PAGE.left, PAGE.top));
    const count = view.islands.length * CARDS_PER_ISLAND;
    const cards = pieceSheets(t("pp_kahunaCards"), t("pp_kahunaCardsHelp"), [
      { label: t("pp_kahunaCardCount", { count, islands: view.islands.length }), count, ...CARD,
        piece: (i) => card(view, Math.floor(i / CARDS_PER_ISLAND)) },
    ]);
    return [board, ...cards];
  },
};
