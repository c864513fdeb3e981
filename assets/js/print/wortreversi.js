// Print-and-play Wort-Reversi: the 36 tiles of a word list as A4 sheets of 6×6 cards
// (30 mm, the board's squares), fronts (first side, the light side) on one sheet and backs
// (second side, dark) on the next, mirrored left to right so that printed double-sided
// (flipped on the long edge) each back lands behind its front; cut marks at every card edge;
// then the 6×6 board.  The word-list editor opens print.html with the list in the fragment:
// #cards=<base64url of UTF-8 JSON {title, sides, pairs}>.  Words are set as text only.
import { fromBase64url } from "../keep/links.js";
import { t } from "../common/strings.js";
import { el } from "../common/dom.js";
import { sheet } from "./sheets.js";

const SIZE = 6;
const TILES = SIZE * SIZE;
const CARD = 30; // mm
const LEFT = 15; // mm: (210 − 6 × 30) / 2, so the grid is centred and its mirror coincides
const TOP = 40; // mm
const MAX_SIDE = 60; // characters, as insel.wordlists
const SVG = "http://www.w3.org/2000/svg";

/** A word list to print: its title, the names of its two sides, the word pairs.
 * @typedef {{title: string, sides: string[], pairs: string[][]}} Cards */

/** Whether `value` is a text of at most `max` characters.
 * @param {unknown} value
 * @param {number} max
 * @returns {value is string} */
const isText = (value, max) => typeof value === "string" && value.length <= max;

/** The cards asked for by the fragment, or an Error naming what is wrong.
 * @param {string} hash
 * @returns {Cards | Error} */
export function readCards(hash) {
  const code = /^#cards=([\w-]+)$/.exec(hash)?.[1];
  if (!code) return new Error(t("pc_noCards"));
  let data;
  try {
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(fromBase64url(code)));
  } catch {
    return new Error(t("pc_damaged"));
  }
  const pairs = data?.pairs;
  const ok = isText(data.title, 100) && Array.isArray(data.sides) && data.sides.length === 2
    && data.sides.every((/** @type {unknown} */ side) => isText(side, MAX_SIDE))
    && Array.isArray(pairs) && pairs.length >= 1 && pairs.length <= TILES
    && pairs.every((/** @type {unknown} */ pair) => Array.isArray(pair) && pair.length === 2
      && pair.every((/** @type {unknown} */ s) => isText(s, MAX_SIDE)));
  return ok ? data : new Error(t("pc_damaged"));
}

/** Short lines outside the grid at every card edge, to cut along with a ruler. */
function cutMarks() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "marks");
  svg.setAttribute("viewBox", "0 0 210 297");
  svg.setAttribute("aria-hidden", "true");
  const end = SIZE * CARD;
  /** @type {(x1: number, y1: number, x2: number, y2: number) => void} */
  const line = (x1, y1, x2, y2) => {
    const node = document.createElementNS(SVG, "line");
    Object.entries({ x1, y1, x2, y2 })
      .forEach(([name, value]) => node.setAttribute(name, String(value)));
    svg.append(node);
  };
  for (let k = 0; k <= SIZE; k++) {
    const x = LEFT + k * CARD;
    const y = TOP + k * CARD;
    line(x, TOP - 9, x, TOP - 2);
    line(x, TOP + end + 2, x, TOP + end + 9);
    line(LEFT - 8, y, LEFT - 2, y);
    line(LEFT + end + 2, y, LEFT + end + 8, y);
  }
  return svg;
}

/** The 36 cards of one side; backs are mirrored (column c holds the card of column 5 − c).
 * @param {Cards} cards
 * @param {number} side
 * @param {boolean} mirrored */
function cardGrid(cards, side, mirrored) {
  const grid = el("div", undefined, "grid");
  for (let row = 0; row < SIZE; row++) {
    for (let column = 0; column < SIZE; column++) {
      const index = row * SIZE + (mirrored ? SIZE - 1 - column : column);
      const card = el("div", undefined, "card");
      const pair = cards.pairs[index];
      if (pair) {
        card.dataset.card = String(index + 1);
        card.append(el("span", undefined, "dot"), el("span", pair[side], "word"),
          el("span", cards.sides[side], "side"));
      }
      grid.append(card);
    }
  }
  return grid;
}

function board() {
  const grid = el("div", undefined, "board");
  const page = [];
  for (let row = 0; row < SIZE; row++) {
    for (let column = 0; column < SIZE; column++) {
      const centre = [2, 3].includes(row) && [2, 3].includes(column);
      grid.append(el("div", undefined, centre ? "square centre" : "square"));
    }
    const number = el("span", String(row + 1), "coord");
    number.style.left = `${LEFT - 9}mm`;
    number.style.top = `${TOP + row * CARD + CARD / 2 - 2.5}mm`;
    const letter = el("span", "abcdef"[row], "coord");
    letter.style.left = `${LEFT + row * CARD + CARD / 2 - 4}mm`;
    letter.style.top = `${TOP - 7}mm`;
    page.push(number, letter);
  }
  return [grid, ...page];
}

/** Shrink each word until it fits its card (lines break only at spaces: "das / Schwein").
 * @param {ParentNode} root */
export function fitWords(root) {
  for (const word of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".word"))) {
    const card = word.parentElement;
    if (!card) continue;
    const room = card.clientHeight * 0.62;
    let size = 4.6; // mm, as in print.css
    while ((word.scrollWidth > word.clientWidth || word.offsetHeight > room) && size > 1.6) {
      size -= 0.2;
      word.style.fontSize = `${size.toFixed(1)}mm`;
    }
  }
}

/** The sheets of `cards`: fronts, mirrored backs, the board; with the title and help of
 *  the page.
 * @param {Cards} cards */
export function cardSheets(cards) {
  const title = cards.title || t("wl_untitled");
  const [front, back] = cards.sides;
  const fronts = sheet(t("pc_fronts", { title, side: front }), t("pc_frontsHelp"), "front");
  fronts.append(cardGrid(cards, 0, false), cutMarks());
  const backs = sheet(t("pc_backs", { title, side: back }), t("pc_backsHelp"), "back");
  backs.append(cardGrid(cards, 1, true), cutMarks());
  const boardSheet = sheet(t("pc_board", { title }), t("pc_boardHelp"), "board-sheet");
  boardSheet.append(...board());
  return { title: t("pc_title", { title }), help: t("pc_help", { count: cards.pairs.length }),
    sheets: [fronts, backs, boardSheet] };
}
