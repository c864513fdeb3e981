// The print page's building blocks: A4 sheets (sizes in mm, print.css), boards drawn by the
// games' own views on canvases sharp enough for paper, grids of pieces to cut out that run
// on to further sheets, and a game's rules from assets/rules/ on one page.
import { fetchRulesText, renderRulesText } from "../common/rules-text.js";
import { currentLanguage, t } from "../common/strings.js";
import { el } from "../common/dom.js";

/** @typedef {import("../common/types.js").GameView} GameView */
/** @typedef {import("../common/types.js").View} View */
/** @typedef {import("../common/types.js").Ui} Ui */
/** A block of pieces to cut out: `count` pieces of `width` × `height` mm, piece(i) the i-th.
 * @typedef {{label: string, count: number, width: number, height: number,
 *            piece: (i: number) => Node}} PieceBlock */
/** A variant to print (a board size, a paper). @typedef {{value: string, label: string}} Choice */
/**
 * A game to print (print/<game>.js): the name of its variant in the address ("size",
 * "paper"; null: none), the variants for the build's starting views (assets/print.json),
 * and the sheets for a variant. Written as methods: a game takes its own view type.
 * @typedef {{choice: string | null, choices(views: View[]): Choice[],
 *            sheets(views: View[], value: string): HTMLElement[]}} GamePrint
 */

export const PX_PER_MM = 10; // canvas pixels per mm: 254 dpi on paper
export const PAGE = { width: 210, height: 297, left: 15, top: 32, bottom: 285 }; // A4, mm
const LABEL = 7; // mm: the line naming a block of pieces

/** A board-size choice per printed view ("8 × 8"), for games printed in several sizes.
 * @param {{size: number}[]} views
 * @returns {Choice[]} */
export const sizeChoices = (views) => views.map((view) =>
  ({ value: String(view.size), label: `${view.size} × ${view.size}` }));

/** The view of the size chosen (a value of sizeChoices), else the first.
 * @template {{size: number}} V
 * @param {V[]} views
 * @param {string} size
 * @returns {V} */
export const ofSize = (views, size) => views.find((view) => String(view.size) === size) ?? views[0];

/** Place `node` at (`x`, `y`) mm on its sheet.
 * @template {HTMLElement} N
 * @param {N} node
 * @param {number} x
 * @param {number} y
 * @returns {N} */
export function at(node, x, y) {
  node.style.left = `${x}mm`;
  node.style.top = `${y}mm`;
  return node;
}

/** A sheet: its heading, a line of help, and whatever is put into it (`className` sets its
 *  paper: "landscape" or "a3" for the island, A4 upright otherwise).
 * @param {string} heading
 * @param {string} help
 * @param {string} className
 * @returns {HTMLElement} */
export function sheet(heading, help, className) {
  const page = el("section", undefined, `sheet ${className}`);
  const head = el("header", undefined, "sheet-head");
  head.append(el("h2", heading), el("p", help));
  page.append(head);
  return page;
}

/** A canvas `width` × `height` mm; `paint(ctx)` draws on it in mm.
 * @param {number} width
 * @param {number} height
 * @param {(ctx: CanvasRenderingContext2D) => void} paint
 * @param {number} [pxPerMm]
 * @returns {HTMLCanvasElement} */
export function canvasMm(width, height, paint, pxPerMm = PX_PER_MM) {
  const canvas = el("canvas");
  canvas.width = Math.round(width * pxPerMm);
  canvas.height = Math.round(height * pxPerMm);
  canvas.style.width = `${width}mm`;
  canvas.style.height = `${height}mm`;
  const ctx = canvas.getContext("2d");
  if (!ctx) return canvas; // no 2D context (out of canvas memory): the sheet shows a blank
  ctx.scale(pxPerMm, pxPerMm);
  paint(ctx);
  return canvas;
}

/**
 * Board `view` drawn by its game's view `drawing` (views/*.js: the module itself, never
 * views/index.js, whose Wort-Reversi would start the engine), `width` mm wide, laid out as
 * on a screen `px` CSS pixels wide (the view's line widths and labels follow from that).
 * @param {GameView} drawing
 * @param {View} view
 * @param {number} width
 * @param {number} [px]
 * @param {Ui} [ui]
 * @returns {HTMLCanvasElement}
 */
export function boardCanvas(drawing, view, width, px = 720, ui = {}) {
  const height = px / drawing.board.aspect(view);
  const canvas = canvasMm(width, (width * height) / px, (ctx) => {
    ctx.scale(width / px, width / px);
    drawing.board.draw(ctx, { width: px, height, scale: 1 }, view, ui, []);
  });
  canvas.className = "board-picture";
  return canvas;
}

/**
 * Sheets of pieces to cut out: each block {label, count, width, height, piece(i)} is a
 * labelled grid of `count` pieces of width × height mm (piece(i) makes the i-th), with a
 * dashed edge to cut along; blocks follow each other down the page and run on to a new
 * sheet (the same heading) when the page is full.
 * @param {string} heading
 * @param {string} help
 * @param {PieceBlock[]} blocks
 * @returns {HTMLElement[]}
 */
export function pieceSheets(heading, help, blocks) {
  const room = PAGE.width - 2 * PAGE.left;
  /** @type {HTMLElement[]} */
  const sheets = [];
  /** @type {HTMLElement | null} */
  let page = null;
  let y = PAGE.bottom;
  const newPage = () => {
    const next = sheet(heading, help, "pieces-sheet");
    sheets.push(next);
    y = PAGE.top;
    return next;
  };
  for (const block of blocks) {
    const columns = Math.max(1, Math.floor(room / block.width));
    let index = 0;
    while (index < block.count) {
      if (page === null || y + LABEL + block.height > PAGE.bottom) page = newPage();
      const rows = Math.min(Math.ceil((block.count - index) / columns),
        Math.floor((PAGE.bottom - y - LABEL) / block.height));
      const count = Math.min(block.count - index, rows * columns);
      const left = PAGE.left + (room - columns * block.width) / 2;
      page.append(at(el("p", block.label, "block-label"), left, y));
      const grid = at(el("div", undefined, "pieces"), left, y + LABEL);
      grid.style.gridTemplateColumns = `repeat(${columns}, ${block.width}mm)`;
      grid.style.gridAutoRows = `${block.height}mm`;
      for (let i = index; i < index + count; i++) {
        const piece = el("div", undefined, "piece");
        piece.append(block.piece(i));
        grid.append(piece);
      }
      page.append(grid);
      index += count;
      y += LABEL + rows * block.height + 5;
    }
  }
  return sheets;
}

/** A sheet with the rules of `game` in the page's language (the in-app text without its
 *  live diagrams), set small enough by fitRules() to fill one page.
 * @param {string} game
 * @returns {Promise<HTMLElement>} */
export async function rulesSheet(game) {
  const text = await fetchRulesText(game, currentLanguage()).catch(() => null);
  const page = sheet(t("pp_rules", { game: t(`game_${game}`) }), t("pp_rulesHelp"), "rules-sheet");
  const body = el("div", undefined, "rules");
  if (text === null) body.textContent = t("rulesMissing");
  else renderRulesText(text, body, () => null);
  if (body.firstElementChild?.tagName === "H3") body.firstElementChild.remove(); // the game's name
  page.append(body);
  return page;
}

/** Shrink each rules page's text until it fits its page (call once the sheets are shown).
 * @param {ParentNode} root */
export function fitRules(root) {
  for (const body of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".rules"))) {
    let size = 3.6; // mm, as in print.css
    while ((body.scrollHeight > body.clientHeight + 1 || body.scrollWidth > body.clientWidth + 1)
      && size > 1.8) {
      size -= 0.1;
      body.style.fontSize = `${size.toFixed(1)}mm`;
    }
  }
}
