// Ponte del Diavolo on a canvas: draws the engine's view() and turns two taps into a move.
// Two taps on own tiles ask for a bridge ("a1-c3"), any other two taps for a pair of
// tiles ("a1,c3"); the engine alone decides whether that is allowed.  A boxed supply shows
// in the side panel as tiles and a bridge with their counts.
import { seatCalled, seatNamed } from "../../common/seat-names.js";
import { plural, t, textChoice } from "../../common/strings.js";
import { look } from "../../platform/appearance.js";
import { cellAt, cellCentre, cellTopLeft, drawGrid, gridGeometry } from "../grid.js";
import { hatch } from "../marks.js";
import { el } from "../../common/dom.js";
import { supplyItem } from "../pieces.js";

export const COLOURS = {
  sea: "#2f6f8f",
  water: "#3f86a8",
  grid: "#2a6482",
  label: "#e8f1f5",
  L: { fill: "#f4ead3", edge: "#8a7a5a" }, // light tiles: ivory
  D: { fill: "#5b2a1e", edge: "#2c130c", mark: "#c89a86" }, // dark: deep brown, far apart in lightness
  island: "#f2b632",
  plank: "#9a6b3f",
  plankEdge: "#4a2f16",
  blocked: "rgba(20, 40, 55, 0.55)",
  hint: "rgba(255, 255, 255, 0.55)",
  selected: "#ff7a1a",
  last: "#ffffff",
};
const MOVE = /^([a-z]\d+)([,-])([a-z]\d+)$/;
/** The prompt of the phases before play. @type {{[phase: string]: string}} */
const PHASE_PROMPTS = { opening: "ponte_opening", choose: "ponte_choose" };

/** @typedef {import("../../common/types.js").Answer} Answer */
/** @typedef {import("../../common/types.js").Box} Box */
/** @typedef {import("../../common/types.js").Point} Point */
/** @typedef {import("../grid.js").Grid} Grid */
/** Light or dark tiles. @typedef {"L" | "D"} Side */
/** A side's score. @typedef {{points: number, islands: number, bridges: number,
 *  groups: number[]}} Score */
/**
 * Ponte del Diavolo's board as the engine draws it (py/insel/games/ponte.py `view`): the
 * squares (a1 bottom left) and their tiles, the bridges, the squares no tile may take, the
 * formations (an island: four tiles) and their groups, each side's score, what may be done;
 * a boxed supply counts the tiles and bridges left, an unlimited one neither.
 * @typedef {{current: number, over: boolean, ply: number, last: string | null, size: number,
 *   columns: string[], phase: string, seat_colour: Side[], to_move: Side | null,
 *   cells: {[square: string]: Side}, bridges: {ends: string[], colour: Side, under: string[]}[],
 *   blocked: string[],
 *   formations: {colour: Side, squares: string[], island: boolean, group: number | null}[],
 *   groups: {colour: Side, formations: number[], islands: number, score: number}[],
 *   score: Record<Side, Score>, can_swap: boolean, can_pass: boolean}
 *   & ({tiles_left: null, bridges_left: null}
 *      | {tiles_left: Record<Side, number>, bridges_left: number})} PonteView
 */
/** The selection between taps: the square tapped first. @typedef {{first?: string}} PonteUi */

/**
 * @param {Box} box
 * @param {PonteView} view
 */
function geometry(box, view) {
  return gridGeometry(box, view.size);
}

/**
 * @param {Grid} g
 * @param {PonteView} view
 * @param {number} col
 * @param {number} row (from the bottom)
 */
function squareAt(g, view, col, row) {
  return `${view.columns[col]}${row + 1}`;
}

/**
 * @param {PonteView} view
 * @param {string} name
 */
function parseSquare(view, name) {
  return { col: view.columns.indexOf(name[0]), row: Number(name.slice(1)) - 1 };
}

/**
 * @param {Grid} g
 * @param {PonteView} view
 * @param {string} name
 */
function topLeft(g, view, name) {
  const { col, row } = parseSquare(view, name);
  return cellTopLeft(g, col, g.n - 1 - row);
}

/**
 * @param {Grid} g
 * @param {PonteView} view
 * @param {string} name
 */
function centre(g, view, name) {
  const { col, row } = parseSquare(view, name);
  return cellCentre(g, col, g.n - 1 - row);
}

/** Squares that complete a legal move with `first` (or start one when `first` is null).
 * @param {string[]} legal
 * @param {string | null} first
 */
function targets(legal, first) {
  /** @type {Map<string, "bridge" | "pair">} */
  const found = new Map();
  for (const move of legal) {
    const m = MOVE.exec(move);
    if (!m) continue;
    const kind = m[2] === "-" ? "bridge" : "pair";
    if (first === null) {
      found.set(m[1], found.get(m[1]) ?? kind);
      found.set(m[3], found.get(m[3]) ?? kind);
    } else if (m[1] === first) found.set(m[3], kind);
    else if (m[3] === first) found.set(m[1], kind);
  }
  return found;
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Grid} g
 * @param {PonteView} view
 */
function drawBoard(ctx, g, view) {
  const rows = Array.from({ length: g.n }, (_, i) => String(g.n - i));
  drawGrid(ctx, g, COLOURS, view.columns, rows);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Grid} g
 * @param {PonteView} view
 */
function drawBlocked(ctx, g, view) {
  ctx.strokeStyle = COLOURS.blocked;
  ctx.lineWidth = Math.max(1, g.cell * 0.06);
  for (const name of view.blocked) {
    const p = topLeft(g, view, name);
    ctx.save();
    ctx.beginPath();
    ctx.rect(p.x, p.y, g.cell, g.cell);
    ctx.clip();
    ctx.beginPath();
    for (let k = -1; k <= 1; k += 0.25) {
      ctx.moveTo(p.x + k * g.cell, p.y + g.cell);
      ctx.lineTo(p.x + (k + 1) * g.cell, p.y);
    }
    ctx.stroke();
    ctx.restore();
  }
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Grid} g
 * @param {PonteView} view
 */
function drawTiles(ctx, g, view) {
  const inset = g.cell * 0.06;
  const { patterns, thick } = look();
  for (const [name, colour] of Object.entries(view.cells)) {
    const p = topLeft(g, view, name);
    const side = g.cell - 2 * inset;
    ctx.fillStyle = COLOURS[colour].fill;
    ctx.strokeStyle = COLOURS[colour].edge;
    ctx.lineWidth = Math.max(1, g.cell * (thick ? 0.1 : 0.05));
    ctx.beginPath();
    ctx.roundRect(p.x + inset, p.y + inset, side, side, g.cell * 0.12);
    ctx.fill();
    ctx.stroke();
    if (patterns && colour === "D") { // stripes on dark: told apart without colour
      hatch(ctx, { x: p.x + inset, y: p.y + inset, w: side, h: side }, COLOURS.D.mark,
        g.cell * 0.2, Math.max(1, g.cell * 0.04));
    }
  }
}

/** Outline each island along the edges its tiles do not share.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Grid} g
 * @param {PonteView} view
 */
function drawIslands(ctx, g, view) {
  ctx.strokeStyle = COLOURS.island;
  ctx.lineWidth = Math.max(2, g.cell * 0.09);
  ctx.lineCap = "round";
  for (const formation of view.formations) {
    if (!formation.island) continue;
    const inside = new Set(formation.squares);
    ctx.beginPath();
    for (const name of formation.squares) {
      const { col, row } = parseSquare(view, name);
      const p = topLeft(g, view, name);
      const sides = [
        [col, row + 1, p.x, p.y, p.x + g.cell, p.y],
        [col, row - 1, p.x, p.y + g.cell, p.x + g.cell, p.y + g.cell],
        [col - 1, row, p.x, p.y, p.x, p.y + g.cell],
        [col + 1, row, p.x + g.cell, p.y, p.x + g.cell, p.y + g.cell],
      ];
      for (const [c, r, x1, y1, x2, y2] of sides) {
        if (c >= 0 && r >= 0 && c < g.n && r < g.n && inside.has(squareAt(g, view, c, r))) continue;
        ctx.moveTo(x1, y1);
        ctx.lineTo(x2, y2);
      }
    }
    ctx.stroke();
  }
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Grid} g
 * @param {PonteView} view
 */
function drawBridges(ctx, g, view) {
  ctx.lineCap = "round";
  /** @type {[number, string][]} a plank: its edge, then its wood (widths in cells) */
  const plank = [[0.34, COLOURS.plankEdge], [0.24, COLOURS.plank]];
  for (const bridge of view.bridges) {
    const a = centre(g, view, bridge.ends[0]);
    const b = centre(g, view, bridge.ends[1]);
    for (const [width, colour] of plank) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = g.cell * width;
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
    }
    for (const end of [a, b]) { // the owner's colour at both ends
      ctx.fillStyle = COLOURS[bridge.colour].fill;
      ctx.strokeStyle = COLOURS.plankEdge;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(end.x, end.y, g.cell * 0.1, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
  }
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Grid} g
 * @param {PonteView} view
 * @param {string} name
 * @param {string} colour
 * @param {number} width
 * @param {number[]} [dash]
 */
function ring(ctx, g, view, name, colour, width, dash = []) {
  const p = topLeft(g, view, name);
  const inset = width / 2 + g.cell * 0.14;
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.strokeRect(p.x + inset, p.y + inset, g.cell - 2 * inset, g.cell - 2 * inset);
  ctx.setLineDash([]);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Grid} g
 * @param {PonteView} view
 * @param {PonteUi} ui
 * @param {string[]} legal
 */
function drawMarks(ctx, g, view, ui, legal) {
  const m = view.last && MOVE.exec(view.last);
  const width = Math.max(2, g.cell * 0.05);
  if (m) for (const name of [m[1], m[3]]) ring(ctx, g, view, name, COLOURS.last, width, [width * 2, width]);
  if (view.over) return;
  for (const [name, kind] of targets(legal, ui.first ?? null)) {
    const c = centre(g, view, name);
    ctx.fillStyle = COLOURS.hint;
    ctx.strokeStyle = COLOURS.hint;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(c.x, c.y, g.cell * (kind === "bridge" ? 0.28 : 0.1), 0, Math.PI * 2);
    if (kind === "bridge") ctx.stroke();
    else ctx.fill();
  }
  if (ui.first) ring(ctx, g, view, ui.first, COLOURS.selected, Math.max(3, g.cell * 0.1));
}

/** A seat by number and colour: "Player 1 (light)" (the colours may be swapped).
 * @param {PonteView} view
 * @param {number} seat
 */
function seatColourName(view, seat) {
  const colour = view.seat_colour[seat];
  return t("seatColour", { name: t("seat", { n: seat + 1 }), colour: t(colour === "L" ? "colour_light" : "colour_dark") });
}

/** A seat in words: its player's name (seat-names.js), else by number and colour.
 * @type {(view: PonteView, seat: number) => string} */
const seatName = (view, seat) => seatCalled(seat, seatColourName(view, seat));

export const ponteView = {
  board: {
    aspect: () => 1,

    /**
     * @param {CanvasRenderingContext2D} ctx
     * @param {Box} box
     * @param {PonteView} view
     * @param {PonteUi} ui
     * @param {string[]} [legal]
     */
    draw(ctx, box, view, ui, legal = []) {
      const g = geometry(box, view);
      drawBoard(ctx, g, view);
      drawBlocked(ctx, g, view);
      drawTiles(ctx, g, view);
      drawIslands(ctx, g, view);
      drawBridges(ctx, g, view);
      drawMarks(ctx, g, view, ui, legal);
    },

    /**
     * @param {Box} box
     * @param {PonteView} view
     * @param {Point} point
     */
    pick(box, view, point) {
      const g = geometry(box, view);
      const cell = cellAt(g, point);
      return cell && squareAt(g, view, cell.col, g.n - 1 - cell.row);
    },

    /**
     * @param {Box} box
     * @param {PonteView} view
     * @param {string} name
     */
    locate(box, view, name) {
      return centre(geometry(box, view), view, name);
    },

    // every target, for the keyboard cursor (cursor.js) and the words of access.js
    targets: (/** @type {PonteView} */ view) =>
      view.columns.flatMap((col) => view.columns.map((_, row) => `${col}${row + 1}`)),
  },
  words: {
    /** @param {PonteView} view */
    seats(view) {
      return view.seat_colour.map((colour, seat) => ({
        ...seatNamed(seat, seatColourName(view, seat)),
        colour: COLOURS[colour].fill,
        score: view.score[colour].points,
      }));
    },

    /** @param {PonteView} view */
    prompt(view) {
      const phase = PHASE_PROMPTS[view.phase];
      if (phase) return t(phase);
      const turn = t("toMove", { name: seatName(view, view.current) });
      return view.phase === "last-turn" ? `${t("ponte_lastTurn")} ${turn}` : turn;
    },

    /** @param {PonteView} view */
    summary(view) {
      /** @type {string[]} */
      const lines = [];
      view.seat_colour.forEach((colour, seat) => {
        const s = view.score[colour];
        lines.push(t("ponte_totals", { name: seatName(view, seat), points: plural("nPoints", s.points),
          islands: plural("nIslands", s.islands), bridges: plural("nBridges", s.bridges) }));
        for (const group of view.groups.filter((g) => g.colour === colour && g.islands > 0)) {
          lines.push(group.islands === 1 ? `– ${t("ponte_single")}`
            : `– ${t("ponte_group", { islands: group.islands, points: plural("nPoints", group.score) })}`);
        }
      });
      return lines;
    },

    /**
     * @param {PonteView} view
     * @param {string} square
     */
    describePlace(view, square) {
      const colour = view.cells[square];
      if (colour) return `${square}: ${t("ponte_placeTile", { colour: t(colour === "L" ? "colour_light" : "colour_dark") })}`;
      return `${square}: ${t(view.blocked.includes(square) ? "ponte_placeBlocked" : "placeEmpty")}`;
    },

    /** @param {string} move */
    moveLabel(move) {
      if (move === "swap") return t("ponte_labelSwap");
      if (move === "pass") return t("ponte_pass");
      const m = MOVE.exec(move); // squares as the board's edges label them
      return m ? t(m[2] === "-" ? "ponte_labelBridge" : "ponte_labelTiles", { a: m[1], b: m[3] }) : move;
    },

    /** @param {PonteView} view */
    describeMove(view) {
      const m = MOVE.exec(view.last ?? "");
      const mover = seatName(view, 1 - Math.max(0, view.current));
      if (!m) return view.last === "swap" || view.last === "pass"
        ? t(view.last === "swap" ? "ponte_movedSwap" : "movedPass", { name: mover }) : "";
      const side = t(`ponte_side_${view.cells[m[1]]}`);
      if (m[2] === "-") return t("ponte_movedBridge", { side, a: m[1], b: m[3] });
      const island = view.formations.some((f) => f.island && f.squares.includes(m[1]));
      return [t("ponte_movedTiles", { side, a: m[1], b: m[3] }), island ? t("ponte_movedIsland") : ""]
        .filter(Boolean).join(" ");
    },

    /** @param {PonteView} view */
    describe(view) {
      const colour = (/** @type {Side} */ c) => t(c === "L" ? "colour_light" : "colour_dark");
      /** @type {string[]} */
      const lines = [];
      for (let row = view.size; row >= 1; row--) {
        const items = view.columns.map((col) => `${col}${row}`).filter((sq) => view.cells[sq])
          .map((sq) => `${sq} ${colour(view.cells[sq])}`);
        if (items.length) lines.push(t("rowWords", { row, items: items.join(", ") }));
      }
      if (!lines.length) lines.push(t("emptyBoard"));
      if (view.bridges.length) {
        lines.push(t("ponte_bridgesWords", { list: view.bridges
          .map((b) => `${b.ends[0]}–${b.ends[1]} (${colour(b.colour)})`).join(", ") }));
      }
      return [...lines, ...this.summary(view)];
    },
  },
  setup: {
    options: [
      { name: "size", choices: [{ value: 10, label: "10 × 10" }, { value: 12, label: "12 × 12" }] },
      { name: "supply", choices: [textChoice("unlimited", "supply_unlimited"),
                                  textChoice("box", "supply_box")] },
    ],
  },

  /**
   * @param {PonteUi} ui
   * @param {string} square
   * @param {PonteView} view
   */
  tap(ui, square, view) {
    if (!ui.first) {
      const own = view.cells[square] === view.to_move;
      return { ui: { first: square }, hint: t(own ? "ponte_pickBridgeEnd" : "ponte_pickSecond") };
    }
    if (ui.first === square) return { ui: {} };
    const own = (/** @type {string} */ name) => view.cells[name] === view.to_move;
    const joiner = own(ui.first) && own(square) ? "-" : ",";
    return { ui: {}, move: `${ui.first}${joiner}${square}` };
  },

  /** @param {PonteView} view */
  controls(view) {
    /** @type {import("../../common/types.js").Control[]} */
    const buttons = [];
    if (view.can_swap) buttons.push({ label: t("ponte_swap"), move: "swap" });
    if (view.can_pass) buttons.push({ label: t("ponte_pass"), move: "pass" });
    return buttons;
  },

  /** @param {Answer & {view: PonteView}} answer */
  panel(answer) {
    /** @type {{view: PonteView}} */
    const { view } = answer; // the game's own fields (Answer's index would let any pass)
    if (!view.tiles_left) return []; // an unlimited supply: nothing to count
    const section = el("section", undefined, "ponte-supply");
    section.append(el("h3", t("ponte_supplyTitle")));
    const list = el("ul", undefined, "supply");
    list.append(supplyItem("tile light", view.tiles_left.L, t("ponte_supplyLight")),
      supplyItem("tile dark", view.tiles_left.D, t("ponte_supplyDark")),
      supplyItem("plank", view.bridges_left, t("ponte_supplyBridges")));
    section.append(list);
    return [section];
  },
};
