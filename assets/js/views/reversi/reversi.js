// Othello on a canvas, and the board layer Wort-Reversi shares with it: discs (or word tiles)
// from the engine's view(), the squares it lists as candidates, the last move and what it
// turned.  A tap on a square is sent as that move; the engine decides and explains refusals.
// Square names follow the Othello literature: a1 is the top-left corner.
import { look } from "../../platform/appearance.js";
import { seatCalled, seatNamed } from "../../common/seat-names.js";
import { t } from "../../common/strings.js";
import { cellAt, cellCentre, cellTopLeft, drawGrid, gridGeometry } from "../grid.js";
import { hatch } from "../marks.js";

/** @typedef {import("../../common/types.js").Box} Box */
/** @typedef {import("../../common/types.js").Point} Point */
/** @typedef {import("../grid.js").Grid} Grid */
/**
 * A tile asked in a Wort-Reversi placement (py/insel/games/wortreversi.py `_placed`): its
 * square, the form shown, the answer given, the right form and the grade.
 * @typedef {{square: string, shown: string, answer: string, correct: string,
 *            right: boolean}} Graded
 */
/**
 * The last move on a Reversi board (py/insel/games/reversi.py `board_view`): who, a pass or
 * the square placed on, and what it turned; Wort-Reversi adds the tile's word, the answers
 * and the move's number.
 * @typedef {{seat: number, pass: boolean, square: string | null, flipped: string[],
 *            word?: string, answers?: Graded[], move?: number}} LastMove
 */
/**
 * A Reversi board as the engine draws it (`board_view`): the squares' names row by row from
 * a1 at the top left, each square's colour (0 dark, 1 light, null empty), each seat's count,
 * the squares a piece may go to now; Wort-Reversi's tiles add their words (WortReversiView).
 * @typedef {{current: number, over: boolean, ply: number, size: number, names: string[],
 *   cells: (number | null)[], counts: number[], to_move: number | null, candidates: string[],
 *   must_pass: boolean, last_move: LastMove | null, words?: (string | null)[]}} ReversiView
 */
/** The selection between taps: the square whose quiz is open (Wort-Reversi).
 * @typedef {{square?: string}} ReversiUi */

export const COLOURS = {
  sea: "#245c45",
  water: "#2e7d57",
  grid: "#1f5a3f",
  label: "#e6f2ea",
  pieces: [
    // dark: near black, its stripes (patterns on) a dark grey, so the disc stays as dark as
    // its badge in the players panel (which carries the same stripes, app.css .swatch.striped)
    { fill: "#1f2326", edge: "#9aa3a8", text: "#f5f5f0", mark: "#c9d0d4", stripe: "#59636a" },
    { fill: "#f5f3ea", edge: "#2b2f33", text: "#15191c", mark: "#50585e" }, // light: ivory
  ],
  hint: "rgba(255, 255, 255, 0.5)",
  selected: "#ff7a1a",
  last: "#ffd54a",
};

const DARK = 0; // the dark discs' index in COLOURS.pieces (the engine's colour 0)

/**
 * @param {Box} box
 * @param {ReversiView} view
 */
export function geometry(box, view) {
  return gridGeometry(box, view.size);
}

/**
 * @param {ReversiView} view
 * @param {string} name
 */
function cellOf(view, name) {
  const index = view.names.indexOf(name);
  return { col: index % view.size, row: Math.floor(index / view.size) };
}

/** The top left corner of square `name`.
 * @param {Grid} g
 * @param {ReversiView} view
 * @param {string} name
 */
export function squareRect(g, view, name) {
  const { col, row } = cellOf(view, name);
  return cellTopLeft(g, col, row);
}

/** The centre of square `name`.
 * @param {Grid} g
 * @param {ReversiView} view
 * @param {string} name
 */
export function squareCentre(g, view, name) {
  const { col, row } = cellOf(view, name);
  return cellCentre(g, col, row);
}

/** The board with its labels (a1 top-left: row numbers count down the page).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Grid} g
 * @param {ReversiView} view
 */
export function drawBoard(ctx, g, view) {
  const columns = view.names.slice(0, view.size).map((name) => name[0]);
  const rows = Array.from({ length: view.size }, (_, i) => String(i + 1));
  drawGrid(ctx, g, COLOURS, columns, rows);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Grid} g
 * @param {ReversiView} view
 * @param {string} name
 * @param {number} colour
 */
function drawDisc(ctx, g, view, name, colour) {
  const c = squareCentre(g, view, name);
  const piece = COLOURS.pieces[colour];
  const { patterns, thick } = look();
  const r = g.cell * 0.4;
  ctx.fillStyle = piece.fill;
  ctx.strokeStyle = piece.edge;
  ctx.lineWidth = Math.max(1, g.cell * (thick ? 0.08 : 0.04));
  ctx.beginPath();
  ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  if (patterns && piece.stripe) { // stripes on dark (its alone): told apart without colour
    hatch(ctx, { x: c.x - r, y: c.y - r, w: 2 * r, h: 2 * r }, piece.stripe, g.cell * 0.16,
      Math.max(1, g.cell * 0.035));
  }
}

/**
 * Marks of the last move and the candidates: a gold frame on the placed square, a small dot
 * on each piece it turned (a hollow ring on each piece it failed to turn, Wort-Reversi),
 * a pale dot on each legal square and an orange frame on the selected one.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Grid} g
 * @param {ReversiView} view
 * @param {ReversiUi} ui
 */
export function drawMarks(ctx, g, view, ui) {
  const last = view.last_move;
  /** @type {(name: string, colour: string, width: number) => void} */
  const frame = (name, colour, width) => {
    const p = squareRect(g, view, name);
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.strokeRect(p.x + width / 2, p.y + width / 2, g.cell - width, g.cell - width);
  };
  if (last?.square) {
    frame(last.square, COLOURS.last, Math.max(2, g.cell * 0.06));
    const missed = (last.answers ?? []).filter((a) => !a.right).map((a) => a.square);
    /** @type {[string[], boolean][]} */
    const marked = [[last.flipped, false], [missed, true]];
    for (const [names, hollow] of marked) {
      for (const name of names) {
        const colour = view.cells[view.names.indexOf(name)];
        if (colour === null) continue; // (a turned or missed square always holds a piece)
        const p = squareRect(g, view, name);
        // word tiles keep their middle for the word: the marks go into the top corners
        const x = view.words ? (hollow ? 0.84 : 0.16) : 0.5;
        const y = view.words ? 0.16 : 0.5;
        const mark = COLOURS.pieces[colour].mark;
        ctx.fillStyle = mark;
        ctx.strokeStyle = mark;
        ctx.lineWidth = Math.max(1.5, g.cell * 0.03);
        ctx.beginPath();
        ctx.arc(p.x + x * g.cell, p.y + y * g.cell, g.cell * (view.words ? 0.05 : 0.065), 0, Math.PI * 2);
        if (hollow) ctx.stroke();
        else ctx.fill();
      }
    }
  }
  if (view.over) return;
  for (const name of view.candidates) {
    const c = squareCentre(g, view, name);
    ctx.fillStyle = COLOURS.hint;
    ctx.beginPath();
    ctx.arc(c.x, c.y, g.cell * 0.12, 0, Math.PI * 2);
    ctx.fill();
  }
  if (ui.square) frame(ui.square, COLOURS.selected, Math.max(3, g.cell * 0.09));
}

/** A seat by number and colour: "Player 1 (dark)".
 * @param {number} seat
 */
export function seatColourName(seat) {
  return t("seatColour", { name: t("seat", { n: seat + 1 }), colour: t(seat === 0 ? "colour_dark" : "colour_light") });
}

/** A seat in words: its player's name (seat-names.js), else by number and colour.
 * @param {number} seat
 */
export function seatName(seat) {
  return seatCalled(seat, seatColourName(seat));
}

/** The parts both Reversi games share: geometry, picking, seats, pass button and prompt. */
export const reversiBase = {
  board: {
    aspect: () => 1,
    captured: (/** @type {ReversiView} */ before, /** @type {ReversiView} */ after) =>
      after.counts.some((count, seat) => count < before.counts[seat]),

    /**
     * @param {Box} box
     * @param {ReversiView} view
     * @param {Point} point
     */
    pick(box, view, point) {
      const cell = cellAt(geometry(box, view), point);
      return cell && view.names[cell.row * view.size + cell.col];
    },

    /**
     * @param {Box} box
     * @param {ReversiView} view
     * @param {string} name
     */
    locate(box, view, name) {
      return squareCentre(geometry(box, view), view, name);
    },

    // every target, for the keyboard cursor (cursor.js) and the words of access.js
    targets: (/** @type {ReversiView} */ view) => view.names,
  },
  words: {
    /** @param {ReversiView} view */
    seats(view) {
      return view.counts.map((count, seat) => ({
        ...seatNamed(seat, seatColourName(seat)),
        colour: COLOURS.pieces[seat].fill,
        striped: seat === DARK && !view.words, // word tiles stay plain: the word is the point
        score: count,
      }));
    },

    /** @param {ReversiView} view */
    prompt(view) {
      const name = seatName(view.current);
      return view.must_pass ? t("reversi_mustPass", { name }) : t("toMove", { name });
    },

    /**
     * @param {ReversiView} view
     * @param {string} square
     */
    describePlace(view, square) {
      const i = view.names.indexOf(square);
      return `${square}: ${pieceWords(view, i) ?? t("placeEmpty")}`;
    },

    /** @param {string} move */
    moveLabel(move) {
      if (move === "pass") return t("reversi_pass");
      return move.split(/[#:]/)[0]; // "c4" (Wort-Reversi's answers: its own moveLabel)
    },

    /** @param {ReversiView} view */
    describeMove(view) {
      const last = view.last_move;
      if (!last) return "";
      const name = seatName(last.seat);
      if (last.pass) return t("movedPass", { name });
      return t("reversi_moved", { name, square: last.square, n: last.flipped.length });
    },

    /**
     * @this {{summary(view: ReversiView): string[]}} the game's view, which has the summary
     * @param {ReversiView} view
     */
    describe(view) {
      const lines = [];
      for (let row = 0; row < view.size; row++) {
        const items = view.names.slice(row * view.size, (row + 1) * view.size)
          .map((name, col) => [name, pieceWords(view, row * view.size + col)])
          .filter(([, words]) => words).map(([name, words]) => `${name} ${words}`);
        if (items.length) lines.push(t("rowWords", { row: row + 1, items: items.join(", ") }));
      }
      return [...lines, ...this.summary(view)];
    },
  },

  /**
   * @param {ReversiView} view
   * @param {string[]} [legal]
   */
  controls(view, legal = []) {
    return legal.includes("pass") ? [{ label: t("reversi_pass"), move: "pass" }] : [];
  },
};

/** The piece on square number `i` in words ("dark", Wort-Reversi: "dark “die Kühe”"), or null.
 * @param {ReversiView} view
 * @param {number} i
 */
function pieceWords(view, i) {
  const colour = view.cells[i];
  if (colour === null) return null;
  const word = t(colour === 0 ? "colour_dark" : "colour_light");
  return view.words ? `${word} ${t("wordQuoted", { word: view.words[i] })}` : word;
}

export const othelloView = {
  ...reversiBase,
  board: {
    ...reversiBase.board,
    /**
     * @param {CanvasRenderingContext2D} ctx
     * @param {Box} box
     * @param {ReversiView} view
     * @param {ReversiUi} ui
     */
    draw(ctx, box, view, ui) {
      const g = geometry(box, view);
      drawBoard(ctx, g, view);
      view.cells.forEach((colour, i) => {
        if (colour !== null) drawDisc(ctx, g, view, view.names[i], colour);
      });
      drawMarks(ctx, g, view, ui);
    },
  },
  words: {
    ...reversiBase.words,
    /** @param {ReversiView} view */
    summary(view) {
      return view.counts.map((count, seat) => t("reversi_count", { name: seatName(seat), count }));
    },
  },
  setup: {
    options: [
      { name: "size", choices: [{ value: 8, label: "8 × 8" }, { value: 6, label: "6 × 6" }] },
    ],
  },

  tap: (/** @type {ReversiUi} */ ui, /** @type {string} */ square) => ({ ui: {}, move: square }),
};
