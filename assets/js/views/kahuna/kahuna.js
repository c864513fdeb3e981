// Kahuna on a canvas: the twelve islands and their lines from the engine's view(); the hand
// and the face-up cards as island cards, the pile as a stack (buttons) in the side panel.  Tap
// a card, then a line to build ("HUNA:ELAI-HUNA"); tap two cards, then an opponent's bridge to
// tear it down ("ELAI+HUNA:x:ELAI-HUNA").  The engine alone decides whether that is allowed.
import { noteLabel } from "../labels.js";
import { drawCross } from "../marks.js";
import { seatCalled, seatNamed } from "../../common/seat-names.js";
import { formatList, plural, t } from "../../common/strings.js";
import { el } from "../../common/dom.js";
import { pileContent } from "../pieces.js";

/** @typedef {import("../../common/types.js").Answer} Answer */
/** @typedef {import("../../common/types.js").Box} Box */
/** @typedef {import("../../common/types.js").PanelAct} PanelAct */
/** @typedef {import("../../common/types.js").Point} Point */
/** An island: its name, place (0–1 across the board), its lines and how many make a
 *  majority, the stone on it (-1: none) and each seat's bridges at it.
 * @typedef {{name: string, x: number, y: number, lines: number, majority: number,
 *            stone: number, bridges: number[]}} Island */
/** A line between islands `a` and `b` (their indices), "BARI-DUDA"; its bridge's owner or -1.
 * @typedef {{name: string, a: number, b: number, owner: number}} Line */
/** A turn's actions as the viewing seat may see them, and whose turn it was.
 * @typedef {{seat: number, actions: string[]}} Turn */
/**
 * Kahuna's board as the engine draws it for a seat (py/insel/games/kahuna.py `view`): the
 * islands and lines, the seat's hand (null for the other seat and spectators), the hand
 * sizes, the face-up cards, the pile and the discards, the round, each seat's points and
 * supply, this turn's actions and the previous turn's.
 * @typedef {{current: number, over: boolean, ply: number, last: string | null,
 *   seat: number | null, islands: Island[], lines: Line[], hand: string[] | null,
 *   hand_sizes: number[], display: string[], pile: number, discards: number, round: number,
 *   phase: string, points: number[], round_points: (number[] | null)[],
 *   bridges_left: number[], stones_left: number[], bridges_on_board: number[],
 *   stones_on_board: number[], must_take: boolean, turn_actions: string[],
 *   previous_turn: Turn | null, end_reason: string | null}} KahunaView
 */
/** The selection between taps: the cards picked in the hand (their places in it).
 * @typedef {{cards?: number[]}} KahunaUi */
/** Sizes on the board: its side, margin, an island's radius, the span the islands lie in,
 *  the label floor.
 * @typedef {{size: number, margin: number, r: number, span: number, floor: number}} Geometry */
/** A line's visible stretch from rim to rim: its ends, direction and length.
 * @typedef {{a: Point, b: Point, ux: number, uy: number, len: number}} Segment */
/** The catalogue keys an action is worded with (done, or to do).
 * @typedef {{build: string, remove: string, discardHidden: string, discard: string,
 *            takeNone: string, takePile: string, take: string}} Keys */

export const COLOURS = {
  sea: "#2f6f8f",
  line: "rgba(232, 241, 245, 0.8)",
  island: "#8fb573",
  islandEdge: "#2d4a22",
  islandText: "#10240b",
  count: "#f7f3e3",
  // seat 0 light with dark rungs, seat 1 dark with a light dashed core: lightness + pattern
  seats: [
    { fill: "#f4ead3", edge: "#2c130c", mark: "#2c130c" },
    { fill: "#3b1d14", edge: "#f4ead3", mark: "#f4ead3" },
  ],
  hint: "rgba(255, 255, 255, 0.6)",
  selected: "#ff7a1a",
  last: "#ffd54a",
};
const BUILD = /^([A-Z]+):([A-Z]+)-([A-Z]+)$/;
const REMOVE = /^([A-Z]+)\+([A-Z]+):x:([A-Z]+)-([A-Z]+)$/;

/** Sizes on a board of `box`: islands large enough for their names at the label floor
 *  (box.floor, views/labels.js) on a phone; `floor` is that size.
 * @param {Box} box
 * @returns {Geometry}
 */
function geometry(box) {
  const size = Math.min(box.width, box.height);
  const floor = box.floor ?? 0; // none in a picture (the menu's thumbnail)
  const r = Math.min(size * 0.075, Math.max(size * 0.055, floor * 1.75));
  const margin = Math.max(size * 0.07, r * 1.2);
  return { size, margin, r, span: size - 2 * margin, floor };
}

/**
 * @param {Geometry} g
 * @param {{x: number, y: number}} island
 */
function at(g, island) {
  return { x: g.margin + island.x * g.span, y: g.margin + island.y * g.span };
}

/** A line's visible stretch: from one island's rim to the other's.
 * @param {Geometry} g
 * @param {KahunaView} view
 * @param {Line} line
 * @returns {Segment}
 */
function segment(g, view, line) {
  const a = at(g, view.islands[line.a]);
  const b = at(g, view.islands[line.b]);
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  return {
    a: { x: a.x + ux * g.r, y: a.y + uy * g.r },
    b: { x: b.x - ux * g.r, y: b.y - uy * g.r },
    ux, uy, len: len - 2 * g.r,
  };
}

/**
 * @param {Point} p
 * @param {Segment} s
 */
function distance(p, s) {
  const k = Math.max(0, Math.min(s.len, (p.x - s.a.x) * s.ux + (p.y - s.a.y) * s.uy));
  return Math.hypot(p.x - (s.a.x + k * s.ux), p.y - (s.a.y + k * s.uy));
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Segment} s
 * @param {number} width
 * @param {string} colour
 * @param {number[]} [dash]
 */
function stroke(ctx, s, width, colour, dash = []) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(s.a.x, s.a.y);
  ctx.lineTo(s.b.x, s.b.y);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** Draw `text` centred at (x, y), shrunk until it fits `width` but never below `floor`:
 *  narrowed from there.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} text
 * @param {number} x
 * @param {number} y
 * @param {number} width
 * @param {number} px
 * @param {number} floor
 */
function fitText(ctx, text, x, y, width, px, floor) {
  ctx.font = `600 ${px}px system-ui, sans-serif`;
  const wide = ctx.measureText(text).width;
  const size = Math.max(floor || 6, wide > width ? Math.floor(px * width / wide) : px);
  const squeeze = Math.min(1, width / (wide * size / px));
  ctx.font = `600 ${size}px system-ui, sans-serif`;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(squeeze, 1);
  ctx.fillText(text, 0, 0);
  noteLabel(ctx, text, size, squeeze);
  ctx.restore();
}

/** The cards picked in the hand (island names), in hand order.
 * @param {KahunaUi} ui
 * @param {KahunaView} view
 */
function picked(ui, view) {
  return (ui.cards ?? []).map((i) => view.hand?.[i]).filter((card) => card !== undefined);
}

/** Lines that finish a legal move with the picked cards, from the legal list alone.
 * @param {string[]} legal
 * @param {string[]} cards
 * @returns {Set<string>}
 */
function targets(legal, cards) {
  if (cards.length === 1) {
    return new Set(legal.filter((m) => m.startsWith(`${cards[0]}:`) && BUILD.test(m))
      .map((m) => m.slice(cards[0].length + 1)));
  }
  if (cards.length === 2) {
    const prefix = `${[...cards].sort().join("+")}:x:`;
    return new Set(legal.filter((m) => m.startsWith(prefix)).map((m) => m.slice(prefix.length)));
  }
  return new Set();
}

/** The actions to highlight: this turn's so far, else the whole previous turn.
 * @param {KahunaView} view
 * @returns {Turn | null}
 */
function recent(view) {
  if (view.turn_actions.length) return { seat: view.current, actions: view.turn_actions };
  return view.previous_turn;
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Geometry} g
 * @param {Segment} s
 * @param {number} seat
 */
function drawBridge(ctx, g, s, seat) {
  const c = COLOURS.seats[seat];
  const w = g.size * 0.022;
  ctx.lineCap = "butt";
  stroke(ctx, s, w + 3, c.edge);
  stroke(ctx, s, w, c.fill);
  if (seat === 0) { // rungs across the plank
    ctx.strokeStyle = c.mark;
    ctx.lineWidth = Math.max(1, w * 0.18);
    ctx.beginPath();
    for (let k = w; k < s.len - w / 2; k += w * 1.2) {
      const x = s.a.x + k * s.ux;
      const y = s.a.y + k * s.uy;
      ctx.moveTo(x - s.uy * w / 2, y + s.ux * w / 2);
      ctx.lineTo(x + s.uy * w / 2, y - s.ux * w / 2);
    }
    ctx.stroke();
  } else stroke(ctx, s, Math.max(1, w * 0.25), c.mark, [w * 0.8, w * 0.6]);
}

/** A marker stone: a round light disc for seat 0, a dark diamond for seat 1.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {number} seat
 */
function drawStone(ctx, x, y, size, seat) {
  const c = COLOURS.seats[seat];
  ctx.fillStyle = c.fill;
  ctx.strokeStyle = c.edge;
  ctx.lineWidth = Math.max(1.5, size * 0.2);
  ctx.beginPath();
  if (seat === 0) ctx.arc(x, y, size, 0, Math.PI * 2);
  else {
    ctx.moveTo(x, y - size * 1.2);
    ctx.lineTo(x + size * 1.2, y);
    ctx.lineTo(x, y + size * 1.2);
    ctx.lineTo(x - size * 1.2, y);
    ctx.closePath();
  }
  ctx.fill();
  ctx.stroke();
}

/** An island with its name, its number of lines and its stone; `ring`: its rim's colour
 *  when its card is picked.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Geometry} g
 * @param {Island} island
 * @param {string | null} ring
 */
function drawIsland(ctx, g, island, ring) {
  const p = at(g, island);
  ctx.fillStyle = COLOURS.island;
  ctx.strokeStyle = ring ?? COLOURS.islandEdge;
  ctx.lineWidth = ring ? Math.max(3, g.r * 0.22) : Math.max(1.5, g.r * 0.08);
  ctx.beginPath();
  ctx.arc(p.x, p.y, g.r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = COLOURS.islandText;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  fitText(ctx, island.name, p.x, p.y - g.r * 0.2, g.r * 1.7, g.r * 0.62, g.floor);
  fitText(ctx, String(island.lines), p.x, p.y + g.r * 0.5, g.r, Math.max(g.floor, g.r * 0.5), g.floor);
  if (island.stone >= 0) drawStone(ctx, p.x + g.r * 0.85, p.y - g.r * 0.85, g.r * 0.36, island.stone);
}

/** A torn-down line: an ✗ at its middle.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Geometry} g
 * @param {Segment} s
 */
function markTornDown(ctx, g, s) {
  const m = { x: s.a.x + s.ux * s.len / 2, y: s.a.y + s.uy * s.len / 2 };
  const d = g.size * 0.018;
  ctx.strokeStyle = COLOURS.last;
  ctx.lineWidth = Math.max(2, g.size * 0.008);
  ctx.lineCap = "round";
  drawCross(ctx, m, d);
}

/** A seat by number and colour: "Player 1 (light)".
 * @param {number} seat
 */
function seatColourName(seat) {
  return t("seatColour", { name: t("seat", { n: seat + 1 }), colour: t(seat === 0 ? "colour_light" : "colour_dark") });
}

/** A seat in words: its player's name (seat-names.js), else by number and colour.
 * @param {number} seat
 */
const seatName = (seat) => seatCalled(seat, seatColourName(seat));

/** A line between two islands in words: "BARI–DUDA" (the islands' names are on the board;
 *  "BARI-DUDA" with a hyphen is the engine's notation).
 * @param {string} name
 */
function lineWords(name) {
  return name.replace("-", "–");
}

/** One action in words, as the viewing seat may see it: what was done ("took GOLA",
 *  `keys.done`) or what to do ("take GOLA from the open cards", the move list and hints).
 * @param {string} action
 * @param {Keys} keys
 */
function words(action, keys) {
  let m = BUILD.exec(action);
  if (m) return t(keys.build, { card: m[1], line: `${m[2]}–${m[3]}` });
  m = REMOVE.exec(action);
  if (m) return t(keys.remove, { cards: formatList([m[1], m[2]]), line: `${m[3]}–${m[4]}` });
  if (action === "discard") return t(keys.discardHidden);
  const [kind, what] = action.split(":");
  if (kind === "discard") return t(keys.discard, { card: what });
  if (what === "none") return t(keys.takeNone);
  if (what === "pile") return t(keys.takePile);
  return t(keys.take, { card: what });
}

const DONE = { build: "kahuna_built", remove: "kahuna_removed", discardHidden: "kahuna_discardedHidden",
  discard: "kahuna_discarded", takeNone: "kahuna_tookNone", takePile: "kahuna_tookPile", take: "kahuna_took" };
const TO_DO = { build: "kahuna_labelBuild", remove: "kahuna_labelRemove",
  discardHidden: "kahuna_labelDiscardHidden", discard: "kahuna_labelDiscard",
  takeNone: "kahuna_labelTakeNone", takePile: "kahuna_labelTakePile", take: "kahuna_labelTake" };
const describe = (/** @type {string} */ action) => words(action, DONE);

/** A button that plays `move`, enabled when the move is legal.
 * @param {string} label
 * @param {string} move
 * @param {string[]} legal
 * @param {PanelAct} act
 * @param {string} [className]
 */
function moveButton(label, move, legal, act, className) {
  const button = el("button", label, className);
  button.type = "button";
  button.dataset.move = move;
  button.disabled = !legal.includes(move);
  button.addEventListener("click", () => act.play(move));
  return button;
}

/** The seat's hand as cards to pick (a picked one may be discarded).
 * @param {KahunaView} view
 * @param {KahunaUi} ui
 * @param {string[]} legal
 * @param {PanelAct} act
 */
function handSection(view, ui, legal, act) {
  const section = el("section", undefined, "kahuna-hand");
  section.append(el("h3", t("kahuna_yourHand")));
  const row = el("div", undefined, "card-row");
  const chosen = ui.cards ?? [];
  const hand = view.hand ?? []; // (shown to the seat that holds it)
  hand.forEach((card, i) => {
    const button = el("button", card, "card island-card");
    button.type = "button";
    button.dataset.card = card;
    button.setAttribute("aria-pressed", String(chosen.includes(i)));
    button.addEventListener("click", () => {
      const cards = chosen.includes(i) ? chosen.filter((c) => c !== i)
        : chosen.length < 2 ? [...chosen, i] : [i];
      act.setUi({ cards });
    });
    row.append(button);
  });
  if (!hand.length) row.append(el("p", t("kahuna_noCards")));
  section.append(row);
  const cards = picked(ui, view);
  if (cards.length === 1) {
    const buttons = el("div", undefined, "controls");
    buttons.append(moveButton(t("kahuna_discard", { card: cards[0] }), `discard:${cards[0]}`, legal, act));
    section.append(buttons);
  }
  return section;
}

/** The face-up cards and the pile to take from, and taking none.
 * @param {KahunaView} view
 * @param {string[]} legal
 * @param {PanelAct} act
 */
function takeSection(view, legal, act) {
  const section = el("section", undefined, "kahuna-take");
  const title = view.seat !== view.current ? "kahuna_faceUp"
    : view.phase === "extra" ? "kahuna_endExtra" : "kahuna_takeTitle";
  section.append(el("h3", t(title)));
  const row = el("div", undefined, "card-row");
  for (const card of view.display) {
    row.append(moveButton(card, `take:${card}`, legal, act, "card island-card"));
  }
  const pile = moveButton("", "take:pile", legal, act, "card pile");
  pile.replaceChildren(...pileContent(t("kahuna_pileName"), view.pile)); // a stack and its count
  row.append(pile);
  section.append(row);
  const none = el("div", undefined, "controls");
  none.append(moveButton(t("kahuna_takeNone"), "take:none", legal, act));
  section.append(none);
  return section;
}

/** A seat's supply in words after the seat's colour, "2 Karten · 24 Brücken · 10 Steine"
 *  (cards in its hand, bridges and stones not yet on the board: issue 47 wanted words, not
 *  bare pictures), each number's whole name in its title; read as "Player 1 (light): 2 cards
 *  · 24 bridges · 10 stones in supply".
 * @param {KahunaView} view
 * @param {number} seat
 */
function supply(view, seat) {
  const list = el("ul", undefined, `supply kahuna-supply seat${seat}`);
  list.setAttribute("aria-label", t("kahuna_supply", {
    name: seatName(seat), cards: plural("nCards", view.hand_sizes[seat]),
    bridges: plural("nBridges", view.bridges_left[seat]), stones: plural("nStones", view.stones_left[seat]),
  }));
  const swatch = el("li", undefined, "swatch");
  swatch.setAttribute("aria-hidden", "true");
  list.append(swatch);
  /** @type {[string, number, string][]} */
  const items = [["nCards", view.hand_sizes[seat], "kahuna_supplyCards"],
    ["nBridges", view.bridges_left[seat], "kahuna_supplyBridges"],
    ["nStones", view.stones_left[seat], "kahuna_supplyStones"]];
  for (const [key, count, title] of items) {
    const item = el("li", plural(key, count), "supply-item");
    item.title = t(title);
    list.append(item);
  }
  return list;
}

export const kahunaView = {
  board: {
    aspect: () => 1,

    /**
     * @param {CanvasRenderingContext2D} ctx
     * @param {Box} box
     * @param {KahunaView} view
     * @param {KahunaUi} ui
     * @param {string[]} [legal]
     */
    draw(ctx, box, view, ui, legal = []) {
      const g = geometry(box);
      ctx.fillStyle = COLOURS.sea;
      ctx.fillRect(0, 0, box.width, box.height);
      /** @type {{[line: string]: Segment}} every line's, by name */
      const segments = Object.fromEntries(view.lines.map((line) =>
        [line.name, segment(g, view, line)]));
      const cards = view.over ? [] : picked(ui, view);
      const aims = targets(legal, cards);
      for (const name of aims) stroke(ctx, segments[name], g.size * 0.055, COLOURS.hint);
      const last = recent(view);
      /** @type {string[]} */
      const removed = [];
      for (const action of last?.actions ?? []) {
        const m = BUILD.exec(action) ?? REMOVE.exec(action);
        if (!m) continue;
        const name = m.slice(-2).join("-");
        if (m.length === 5) removed.push(name);
        else stroke(ctx, segments[name], g.size * 0.04, COLOURS.last);
      }
      for (const line of view.lines) {
        const s = segments[line.name];
        if (line.owner < 0) stroke(ctx, s, Math.max(1.5, g.size * 0.005), COLOURS.line, [2, g.size * 0.012]);
        else drawBridge(ctx, g, s, line.owner);
      }
      for (const line of view.lines) { // bridges a picked pair could tear down: marked on top
        if (line.owner >= 0 && aims.has(line.name)) {
          stroke(ctx, segments[line.name], g.size * 0.01, COLOURS.selected,
            [g.size * 0.02, g.size * 0.012]);
        }
      }
      for (const name of removed) markTornDown(ctx, g, segments[name]);
      for (const island of view.islands) {
        drawIsland(ctx, g, island, cards.includes(island.name) ? COLOURS.selected : null);
      }
    },

    /**
     * @param {Box} box
     * @param {KahunaView} view
     * @param {Point} point
     */
    pick(box, view, point) {
      const g = geometry(box);
      /** @type {string | null} */
      let best = null;
      let bestDistance = g.size * 0.045;
      for (const line of view.lines) {
        const d = distance(point, segment(g, view, line));
        if (d < bestDistance) [best, bestDistance] = [line.name, d];
      }
      return best;
    },

    /**
     * @param {Box} box
     * @param {KahunaView} view
     * @param {string} name
     */
    locate(box, view, name) {
      const line = view.lines.find((l) => l.name === name);
      if (!line) return null; // no line of this map
      const s = segment(geometry(box), view, line);
      return { x: s.a.x + s.ux * s.len / 2, y: s.a.y + s.uy * s.len / 2 };
    },

    captured: (/** @type {KahunaView} */ before, /** @type {KahunaView} */ after) =>
      after.bridges_on_board.some((count, seat) => count < before.bridges_on_board[seat]),

    // every target, for the keyboard cursor (cursor.js) and the words of access.js
    targets: (/** @type {KahunaView} */ view) => view.lines.map((line) => line.name),
  },
  words: {
    /** @param {KahunaView} view */
    seats(view) {
      return [0, 1].map((seat) => ({ ...seatNamed(seat, seatColourName(seat)), colour: COLOURS.seats[seat].fill,
        score: view.points[seat] }));
    },

    /**
     * @param {KahunaView} view
     * @param {KahunaUi} ui
     */
    prompt(view, ui) {
      const name = seatName(view.current);
      if (view.seat !== view.current) return t("toMove", { name });
      const cards = picked(ui, view);
      if (cards.length === 1) return t("kahuna_pickLine", { card: cards[0] });
      if (cards.length === 2) return t("kahuna_pickBridge");
      if (view.phase === "extra") return t("kahuna_extraTurn", { name });
      return t(view.must_take ? "kahuna_yourTurnMustTake" : "kahuna_yourTurn", { name });
    },

    /** @param {KahunaView} view */
    summary(view) {
      const lines = [0, 1].map((seat) => t("kahuna_totals", {
        name: seatName(seat), points: plural("nPoints", view.points[seat]),
        rounds: view.round_points.map((p) => (p ? p[seat] : "–")).join(" / "),
        stones: plural("nStones", view.stones_on_board[seat]), bridges: plural("nBridges", view.bridges_on_board[seat]),
      }));
      if (view.end_reason === "no-bridges") lines.push(t("kahuna_endedEarly"));
      return lines;
    },

    /**
     * @param {KahunaView} view
     * @param {string} name
     */
    describePlace(view, name) {
      const line = view.lines.find((l) => l.name === name);
      if (!line) return lineWords(name); // no line of this map
      const owner = line.owner < 0 ? t("kahuna_lineFree") : t("kahuna_lineOwned", { name: seatName(line.owner) });
      return `${lineWords(name)}: ${owner}`;
    },

    moveLabel: (/** @type {string} */ move) => words(move, TO_DO),

    /** The engine's reason for a hint with its line in words ("builds the bridge BARI–DUDA").
     * @param {import("../../common/types.js").Phrase} reason
     */
    hintReason: (reason) => (reason.params?.line
      ? { ...reason, params: { ...reason.params, line: lineWords(reason.params.line) } } : reason),

    /** @param {KahunaView} view */
    describeMove(view) {
      const last = recent(view);
      if (!last) return "";
      const key = view.turn_actions.length ? "kahuna_thisTurn" : "kahuna_lastTurn";
      return t(key, { name: seatName(last.seat), actions: last.actions.map(describe).join("; ") });
    },

    /** @param {KahunaView} view */
    describe(view) {
      const lines = view.islands.map((island) => t("kahuna_islandWords", {
        island: island.name, lines: island.lines, light: island.bridges[0], count: island.bridges[1],
        stone: island.stone < 0 ? t("kahuna_noStone") : t("kahuna_stone", { name: seatName(island.stone) }),
      }));
      return [...lines, ...this.summary(view)];
    },
  },
  setup: {
    options: [],
  },

  /**
   * @param {KahunaUi} ui
   * @param {string} line
   * @param {KahunaView} view
   */
  tap(ui, line, view) {
    const cards = picked(ui, view);
    if (cards.length === 1) return { ui: {}, move: `${cards[0]}:${line}` };
    if (cards.length === 2) return { ui: {}, move: `${[...cards].sort().join("+")}:x:${line}` };
    return { ui, hint: t(view.hand ? "kahuna_pickCardFirst" : "kahuna_liftFirst") };
  },

  controls: () => [],

  /**
   * @param {Answer & {view: KahunaView, legal: string[]}} answer
   * @param {KahunaUi} ui
   * @param {PanelAct} act
   */
  panel(answer, ui, act) {
    /** @type {{view: KahunaView, legal: string[]}} */
    const { view, legal } = answer; // the game's own fields (Answer's index would let any pass)
    const nodes = [];
    if (view.hand && !view.over) nodes.push(handSection(view, ui, legal, act));
    if (!view.over) nodes.push(takeSection(view, legal, act));
    const facts = el("ul", undefined, "kahuna-facts");
    facts.append(el("li", t("kahuna_round", { round: view.round, discards: view.discards }))); // the pile and the open cards are shown as cards
    const supplies = el("li", undefined, "kahuna-supplies");
    for (const seat of [0, 1]) supplies.append(supply(view, seat));
    facts.append(supplies);
    const news = this.words.describeMove(view); // this turn's actions so far, else the last turn's
    if (news) facts.append(el("li", news, "kahuna-last"));
    nodes.push(facts);
    return nodes;
  },
};
