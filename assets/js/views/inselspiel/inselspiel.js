// Inselspiel on a canvas: the island's coast, roads and places from the engine's view(), stones
// in colour and shape per seat, pan and zoom (canvas.js).  After the throw a tap on an own
// stone or a port highlights where it may go (from the legal list); a tap there sends
// "p1>p2" or "land:p1>p2".  Roll, Pass and Remove are buttons; the die (pieces.js) rolls in
// the panel.
import { drawCross } from "../marks.js";
import { seatCalled, seatNamed, teamCalled } from "../../common/seat-names.js";
import { hasText, t } from "../../common/strings.js";
import { el } from "../../common/dom.js";
import { noteLabel } from "../labels.js";
import { placeName } from "./insel-places.js";
import { dieFace, rollDie, showDie } from "../pieces.js";

/** @typedef {import("../../common/types.js").Answer} Answer */
/** @typedef {import("../../common/types.js").Box} Box */
/** @typedef {import("../../common/types.js").Point} Point */
/** @typedef {import("./insel-places.js").MapView} MapView */
/** A seat's colour. @typedef {keyof typeof SEATS} SeatColour */
/** A seat's shape. @typedef {"circle" | "square" | "triangle" | "diamond" | "pentagon"
 *  | "hexagon"} Shape */
/**
 * Inselspiel's board as the engine draws it (py/insel/games/inselspiel.py `view`): the map,
 * the stones by place, the phase ("roll", "move", "over" …), the seat to move and the die,
 * the teams (each seat's party; one seat each without teams), each seat's colour, the stones
 * captured by the last move [place, seat], the capitals that count for each party and its
 * count; the options (the map chosen, dice thrown by hand).
 * @typedef {{current: number, over: boolean, ply: number, last: string | null,
 *   options: {map: string | {generate: number, size: string}, physical_dice?: boolean},
 *   map: MapView, stones: {[place: string]: number}, phase: string, to_move: number,
 *   die: number | null, teams: number[][], team_of: number[], colours: SeatColour[],
 *   captured: [string, number][], territory: {[place: string]: number},
 *   team_scores: number[], scores: number[]}} InselView
 */
/** The selection between taps: the place a stone goes from, and whether it lands there;
 *  and how the board is shown (the store's game.display): the territory overlay on.
 * @typedef {{from?: string, land?: boolean, territory?: boolean}} InselUi */
/** A place of the map as drawn: its id, kind and name, in board pixels.
 * @typedef {{id: string, kind: string, name: string | null, x: number, y: number}} Place */
/** Map units to board pixels (`k`), the places by id, and sizes in board pixels.
 * @typedef {{k: number, places: Map<string, Place>, stone: number, dot: number,
 *            ring: number, line: number, px: number, font: number}} Geometry */
/** A stone's look. @typedef {{fill: string, edge: string, shape: Shape}} StoneStyle */
/** @typedef {{x: number, y: number, w: number, h: number}} Rect */

const FONT = "system-ui, sans-serif";
const COLOURS = {
  sea: "#2f6f8f",
  shallow: "#5b9fbd",
  land: "#cfdca4",
  beach: "#efe3b8",
  road: "#8a6a43",
  place: "#4a3a28",
  port: "#17384a",
  capital: "#2b2118",
  text: "#1b1f23",
  halo: "rgba(255, 255, 255, 0.85)",
  hint: "#ffffff",
  start: "rgba(255, 255, 255, 0.75)",
  selected: "#ff7a1a",
  captured: "#b91c1c",
};
// Seats differ by shape and lightness, not by hue alone (Okabe–Ito hues).
const SEATS = {
  red: { fill: "#d55e00", edge: "#2a1000" },
  blue: { fill: "#0b4f8a", edge: "#f4f4f4" },
  yellow: { fill: "#f0e442", edge: "#3a3400" },
  green: { fill: "#009e73", edge: "#002a1e" },
  white: { fill: "#f7f7f7", edge: "#222222" },
  black: { fill: "#1c1c1c", edge: "#f7f7f7" },
};
/** @type {Shape[]} */
const SHAPES = ["circle", "square", "triangle", "diamond", "pentagon", "hexagon"];
const MOVE = /^(?:(land):)?(\w+)>(\w+)$/;
const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"]; // a throw in the move list: face and number

// --- geometry ----------------------------------------------------------------------
/** Map units to board pixels, sizes that stay usable at any zoom, places by id.
 * @param {Box} box
 * @param {MapView} map
 * @returns {Geometry}
 */
function geometry(box, map) {
  const k = box.width / map.width;
  const scale = box.scale ?? 1;
  const screen = (/** @type {number} */ px) => px / scale; // board pixels that show as px on screen
  const places = new Map(map.places.map(([id, kind, name, x, y]) => [id, { id, kind, name, x: x * k, y: y * k }]));
  // label size on screen: the play screen's floor (box.floor) or more; a picture (the menu's
  // thumbnail) has no floor and small names
  const font = box.floor ? Math.max(box.floor, Math.min(16, 15 * k * scale)) : Math.min(13, Math.max(8, 15 * k * scale));
  return {
    k, places,
    stone: Math.max(11 * k, screen(5.5)),
    dot: Math.max(3.2 * k, screen(2)),
    ring: Math.max(15 * k, screen(7.5)),
    line: Math.max(2.6 * k, screen(1.2)),
    px: screen(1),
    font: screen(font),
  };
}

/** A seat's stone: its colour and its shape.
 * @param {{colours: SeatColour[]}} view
 * @param {number} seat
 * @returns {StoneStyle}
 */
export function seatStyle(view, seat) {
  return { ...SEATS[view.colours[seat]], shape: SHAPES[seat] };
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Shape} shape
 * @param {number} x
 * @param {number} y
 * @param {number} r
 */
function outline(ctx, shape, x, y, r) {
  ctx.beginPath();
  if (shape === "circle") { ctx.arc(x, y, r, 0, Math.PI * 2); return; }
  if (shape === "square") { const s = r * 0.86; ctx.rect(x - s, y - s, 2 * s, 2 * s); return; }
  const corners = { triangle: 3, diamond: 4, pentagon: 5, hexagon: 6 }[shape];
  const size = shape === "triangle" ? r * 1.25 : r * 1.08;
  for (let i = 0; i < corners; i++) {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / corners;
    ctx.lineTo(x + size * Math.cos(a), y + size * Math.sin(a) + (shape === "triangle" ? r * 0.2 : 0));
  }
  ctx.closePath();
}

/** A stone of `style` at `p`, `r` its size (g.stone on the board).
 * @param {CanvasRenderingContext2D} ctx
 * @param {{px: number}} g
 * @param {StoneStyle} style
 * @param {Point} p
 * @param {number} r
 */
export function stone(ctx, g, style, p, r) {
  outline(ctx, style.shape, p.x, p.y, r);
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.strokeStyle = style.edge;
  ctx.lineWidth = Math.max(r * 0.16, g.px);
  ctx.stroke();
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Point} p
 * @param {number} r
 * @param {string} colour
 * @param {number} width
 * @param {number[]} [dash]
 */
function ring(ctx, p, r, colour, width, dash = []) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The place `id` as drawn (every place the engine names is on its map).
 * @param {Geometry} g
 * @param {string} id
 */
function placeOf(g, id) {
  const p = g.places.get(id);
  if (!p) throw new Error(`no place ${id} on this map`);
  return p;
}

/** The unit vector from a port's one road out to sea.
 * @param {Geometry} g
 * @param {MapView} map
 * @param {Place} p
 */
function seaward(g, map, p) {
  const ids = map.places.map(([id]) => id);
  const road = map.roads.find(([i, j]) => ids[i] === p.id || ids[j] === p.id);
  if (!road) throw new Error(`the port ${p.id} has no road`);
  const inland = placeOf(g, ids[ids[road[0]] === p.id ? road[1] : road[0]]);
  const len = Math.hypot(p.x - inland.x, p.y - inland.y) || 1;
  return { x: (p.x - inland.x) / len, y: (p.y - inland.y) / len };
}

// --- the island --------------------------------------------------------------------
/** The coast as a smooth closed curve through the midpoints of its polygon.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Geometry} g
 * @param {[number, number][]} coast
 */
function coastPath(ctx, g, coast) {
  const pts = coast.map(([x, y]) => ({ x: x * g.k, y: y * g.k }));
  /** @type {(a: Point, b: Point) => Point} */
  const mid = (a, b) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const start = mid(pts[pts.length - 1], pts[0]);
  ctx.beginPath();
  ctx.moveTo(start.x, start.y);
  pts.forEach((p, i) => {
    const m = mid(p, pts[(i + 1) % pts.length]);
    ctx.quadraticCurveTo(p.x, p.y, m.x, m.y);
  });
  ctx.closePath();
}

/** The sea, the island, its roads and places.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} box
 * @param {Geometry} g
 * @param {MapView} map
 */
function drawIsland(ctx, box, g, map) {
  ctx.fillStyle = COLOURS.sea;
  ctx.fillRect(0, 0, box.width, box.height);
  coastPath(ctx, g, map.coast);
  ctx.lineJoin = "round";
  ctx.strokeStyle = COLOURS.shallow;
  ctx.lineWidth = 28 * g.k;
  ctx.stroke();
  ctx.fillStyle = COLOURS.land;
  ctx.fill();
  ctx.strokeStyle = COLOURS.beach;
  ctx.lineWidth = 7 * g.k;
  ctx.stroke();
  const ids = map.places.map(([id]) => id);
  ctx.strokeStyle = COLOURS.road;
  ctx.lineWidth = g.line;
  ctx.lineCap = "round";
  ctx.beginPath();
  for (const [i, j] of map.roads) {
    const a = placeOf(g, ids[i]);
    const b = placeOf(g, ids[j]);
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
  }
  ctx.stroke();
  for (const p of g.places.values()) {
    if (p.kind === "capital") {
      ctx.fillStyle = "#ffffff";
      ctx.beginPath();
      ctx.arc(p.x, p.y, g.ring, 0, Math.PI * 2);
      ctx.fill();
      ring(ctx, p, g.ring, COLOURS.capital, g.line);
    } else if (p.kind === "port") { // a pier out to sea and a white bollard
      const out = seaward(g, map, p);
      ctx.strokeStyle = COLOURS.port;
      ctx.lineWidth = g.line * 2.2;
      ctx.beginPath();
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(p.x + out.x * g.ring, p.y + out.y * g.ring);
      ctx.stroke();
      ctx.fillStyle = "#ffffff";
      ctx.strokeStyle = COLOURS.port;
      ctx.lineWidth = g.line * 0.9;
      ctx.beginPath();
      ctx.arc(p.x, p.y, g.dot * 1.5, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    } else {
      ctx.fillStyle = COLOURS.place;
      ctx.beginPath();
      ctx.arc(p.x, p.y, p.kind === "junction" ? g.dot * 1.25 : g.dot, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}

/** Where a name may sit, best first, as offsets of its centre in units of {half its width,
 *  half its height, the ring}: a port's out to sea beyond its pier, a capital's below its ring;
 *  then above, beside and across the corners.
 * @param {Geometry} g
 * @param {MapView} map
 * @param {Place} p
 */
function spots(g, map, p) {
  /** @type {{x: number, y: number, ring: number, text: number[]}[]} */
  const first = [];
  if (p.kind === "port") {
    const out = seaward(g, map, p);
    first.push({ x: out.x, y: out.y, ring: 1.3, text: [Math.abs(out.x), Math.abs(out.y)] });
  }
  const around = [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, 1], [1, -1], [-1, -1]]
    .map(([x, y]) => ({ x, y, ring: 1.1, text: [Math.abs(x), Math.abs(y)] }));
  return [...first, ...around];
}

/** The area two rectangles {x, y, w, h} share.
 * @param {Rect} a
 * @param {Rect} b
 */
function overlap(a, b) {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Names of ports and capitals, each where it covers least: of its spots (`spots`) the first
 * that overlaps no name placed before it, no other named place's ring and nothing in
 * `keepClear` (the zoom controls, in board pixels) and stays on the board; when none is free,
 * the one that covers least.  Drawn with a halo, at the label size of `geometry`.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Geometry} g
 * @param {MapView} map
 * @param {Rect[]} [keepClear]
 */
function drawLabels(ctx, g, map, keepClear = []) {
  ctx.font = `600 ${g.font}px ${FONT}`;
  ctx.lineJoin = "round";
  ctx.lineWidth = g.font * 0.3;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const board = { x: 0, y: 0, w: map.width * g.k, h: map.height * g.k };
  const named = [...g.places.values()].flatMap((p) => (p.name ? [{ ...p, name: p.name }] : []));
  const rings = named.map((p) => ({ id: p.id, x: p.x - g.ring, y: p.y - g.ring, w: 2 * g.ring, h: 2 * g.ring }));
  /** @type {Rect[]} */
  const placed = [];
  for (const p of named) {
    const w = ctx.measureText(p.name).width + g.font * 0.3;
    const h = g.font * 1.15;
    const taken = [...placed, ...keepClear, ...rings.filter((r) => r.id !== p.id)];
    /** @type {{rect: Rect, cost: number} | null} */
    let best = null;
    for (const spot of spots(g, map, p)) {
      const cx = p.x + spot.x * (g.ring * spot.ring + (w / 2) * spot.text[0]);
      const cy = p.y + spot.y * (g.ring * spot.ring + (h / 2) * spot.text[1]);
      const rect = { x: cx - w / 2, y: cy - h / 2, w, h };
      const outside = w * h - overlap(rect, board);
      const cost = outside * 4 + taken.reduce((sum, other) => sum + overlap(rect, other), 0);
      if (!best || cost < best.cost) best = { rect, cost };
      if (cost === 0) break;
    }
    if (!best) continue; // (never: every place has spots)
    placed.push(best.rect);
    const x = best.rect.x + w / 2;
    const y = best.rect.y + h / 2;
    ctx.strokeStyle = COLOURS.halo;
    ctx.strokeText(p.name, x, y);
    ctx.fillStyle = COLOURS.text;
    ctx.fillText(p.name, x, y);
    noteLabel(ctx, p.name, g.font, 1, undefined, { x, y });
  }
}

// --- marks -------------------------------------------------------------------------
/** Places where a legal move or landing starts (nothing selected) or the ends from `ui.from`.
 * @param {string[]} legal
 * @param {InselUi} ui
 */
function targets(legal, ui) {
  /** @type {Map<string, string>} */
  const found = new Map();
  for (const move of legal) {
    const m = MOVE.exec(move);
    if (!m) continue;
    const landing = Boolean(m[1]);
    if (!ui.from) found.set(m[2], move);
    else if (m[2] === ui.from && landing === Boolean(ui.land)) found.set(m[3], move);
  }
  return found;
}

/** Capitals that count, ringed in their party's first colour with its shape as a badge.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Geometry} g
 * @param {InselView} view
 */
function drawTerritory(ctx, g, view) {
  for (const [place, party] of Object.entries(view.territory)) {
    const p = placeOf(g, place);
    const style = seatStyle(view, view.teams[party][0]);
    ring(ctx, p, g.ring * 1.45, style.edge, g.line * 2.6);
    ring(ctx, p, g.ring * 1.45, style.fill, g.line * 1.6);
    stone(ctx, g, style, { x: p.x + g.ring * 1.35, y: p.y - g.ring * 1.35 }, g.stone * 0.5);
  }
}

/** The last move, the stones it captured, and where a stone may go now.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Geometry} g
 * @param {InselView} view
 * @param {InselUi} ui
 * @param {string[]} legal
 */
function drawMarks(ctx, g, view, ui, legal) {
  const last = MOVE.exec(view.last ?? "");
  if (last && view.phase !== "move") {
    ring(ctx, placeOf(g, last[3]), g.stone * 1.45, COLOURS.hint, g.line, [g.line * 2, g.line * 1.5]);
    if (!last[1]) ring(ctx, placeOf(g, last[2]), g.stone * 0.9, COLOURS.hint, g.line * 0.8, [g.line, g.line]);
  }
  for (const [place, seat] of view.captured) { // ghost of each captured stone, crossed out
    const p = placeOf(g, place);
    const style = seatStyle(view, seat);
    outline(ctx, style.shape, p.x, p.y, g.stone);
    ctx.setLineDash([g.line, g.line]);
    ctx.strokeStyle = style.fill;
    ctx.lineWidth = g.line;
    ctx.stroke();
    ctx.setLineDash([]);
    const d = g.stone * 0.7;
    ctx.strokeStyle = COLOURS.captured;
    ctx.lineWidth = g.line * 1.2;
    drawCross(ctx, p, d);
  }
  if (view.phase !== "move") return;
  for (const place of targets(legal, ui).keys()) {
    const p = placeOf(g, place);
    if (ui.from) {
      ctx.fillStyle = "rgba(255, 255, 255, 0.55)";
      ctx.beginPath();
      ctx.arc(p.x, p.y, g.stone * 1.15, 0, Math.PI * 2);
      ctx.fill();
      ring(ctx, p, g.stone * 1.3, COLOURS.hint, g.line * 1.3);
    } else ring(ctx, p, g.stone * 1.4, COLOURS.start, g.line, [g.line * 1.5, g.line]);
  }
}

// --- panel: the die ----------------------------------------------------------------
/** @type {{node: HTMLElement | null, key: Answer | null}} */
const die = { node: null, key: null };

/** The die as a face with pips; each new engine answer with a thrown die shows a fresh throw
 *  (it tumbles briefly). Before the throw its face is blank.
 * @param {Answer & {view: InselView}} answer
 */
function dieNode(answer) {
  /** @type {{view: InselView}} */
  const { view } = answer; // the game's own fields (Answer's index would let any pass)
  const label = view.die ? t("insel_dieShows", { n: view.die }) : t("insel_dieBlank");
  die.node ??= dieFace(0, label);
  showDie(die.node, view.die ?? 0, label);
  if (view.die && answer !== die.key) {
    die.key = answer;
    rollDie(die.node);
  }
  return die.node;
}

// --- names and parties ---------------------------------------------------------------
/** A seat by number, colour and shape, and its team: "Player 1 (red circle) · Team A".
 * @param {InselView} view
 * @param {number} seat
 */
function seatColourName(view, seat) {
  const name = t("insel_seat", { name: t("seat", { n: seat + 1 }), colour: t(`insel_colour_${view.colours[seat]}`),
    shape: t(`insel_shape_${SHAPES[seat]}`) });
  return isTeamGame(view) ? `${name} · ${partyName(view, view.team_of[seat])}` : name;
}

/** A named seat's role beside its name: its team first, then colour and shape.
 * @param {InselView} view
 * @param {number} seat
 */
function seatRole(view, seat) {
  const looks = t("insel_looks", { colour: t(`insel_colour_${view.colours[seat]}`), shape: t(`insel_shape_${SHAPES[seat]}`) });
  return isTeamGame(view) ? `${partyName(view, view.team_of[seat])} · ${looks}` : looks;
}

/** A seat in words: its player's name (seat-names.js), else seatColourName.
 * @type {(view: InselView, seat: number) => string} */
const seatName = (view, seat) => seatCalled(seat, seatColourName(view, seat));

/** Whether seats play in teams (fewer parties than seats).
 * @param {InselView} view
 */
function isTeamGame(view) {
  return view.teams.length < view.colours.length;
}

/** A party in words: its team's name ("Team A"), else its seat.
 * @param {InselView} view
 * @param {number} party
 */
function partyName(view, party) {
  return isTeamGame(view) ? teamCalled(party, t("insel_team", { letter: "ABCDEF"[party] }))
    : t("seat", { n: party + 1 });
}

/** Each party's capitals that count, in words.
 * @param {InselView} view
 */
function territoryLines(view) {
  return view.team_scores.map((n, party) => {
    const names = Object.entries(view.territory).filter(([, p]) => p === party)
      .map(([place]) => view.map.places.find(([id]) => id === place)?.[2]);
    const who = isTeamGame(view) ? `${partyName(view, party)} (${view.teams[party].map((s) => seatCalled(s, t("seat", { n: s + 1 }))).join(", ")})`
      : seatName(view, party);
    return names.length ? t("insel_capitalsNamed", { party: who, count: n, names: names.join(", ") })
      : t("insel_capitals", { party: who, count: n });
  });
}

// --- menu: players, teams, map -------------------------------------------------------
/** @type {{[players: number]: {key: string, teams: number[][], players?: number}[]}} */
const TEAM_PRESETS = {
  3: [{ key: "insel_teamsThreePeople", teams: [[0, 2], [1, 3]], players: 4 }],
  4: [{ key: "insel_teamsCross", teams: [[0, 2], [1, 3]] }],
  6: [{ key: "insel_teamsTwoOfThree", teams: [[0, 2, 4], [1, 3, 5]] },
      { key: "insel_teamsThreeOfTwo", teams: [[0, 3], [1, 4], [2, 5]] }],
};
/** The setup's controls (menuNodes builds them, menuValues reads them).
 * @typedef {{players: HTMLSelectElement, teams: HTMLSelectElement, map: HTMLSelectElement,
 *   seed: HTMLInputElement, stones: HTMLSelectElement, dice: HTMLSelectElement}} MenuParts */
/** @type {MenuParts | null} */
let menu = null;

/** A select named `name` of `choices` (values as JSON text; `data`: the option's dataset).
 * @param {string} name
 * @param {{value: unknown, label: string, data?: object}[]} choices
 */
function select(name, choices) {
  const node = el("select");
  node.name = name;
  for (const { value, label, data } of choices) {
    const option = el("option", label);
    option.value = JSON.stringify(value);
    Object.assign(option.dataset, data ?? {});
    node.append(option);
  }
  return node;
}

/**
 * @param {string} key
 * @param {HTMLElement} control
 */
function labelled(key, control) {
  const label = el("label", t(key));
  label.append(control);
  return label;
}

/** @param {number} players */
function teamChoices(players) {
  return [{ value: null, label: t("insel_teamsNone") },
    ...(TEAM_PRESETS[players] ?? []).map((p) => ({ value: p.teams, label: t(p.key), data: p.players ? { players: p.players } : {} }))];
}

/** The setup's controls: players, teams, map (and a generated map's seed), stones, dice. */
function menuNodes() {
  /** @type {MenuParts} */
  const parts = {
    players: select("players", [2, 3, 4, 5, 6].map((n) => ({ value: n, label: String(n) }))),
    teams: select("teams", teamChoices(2)),
    map: select("map", ["default", "small", "medium", "large"]
      .map((value) => ({ value, label: t(`insel_map_${value}`) }))),
    seed: el("input"),
    stones: select("stones", [null, 30, 40]
      .map((value) => ({ value, label: value ? String(value) : t("insel_stonesUnlimited") }))),
    dice: select("physical_dice", [false, true]
      .map((value) => ({ value, label: t(`insel_dice_${value}`) }))),
  };
  menu = parts;
  parts.players.addEventListener("change", () => {
    parts.teams.replaceWith(parts.teams = select("teams", teamChoices(JSON.parse(parts.players.value))));
  });
  parts.seed.type = "number";
  parts.seed.name = "map_seed";
  parts.seed.min = "0";
  parts.seed.value = String(crypto.getRandomValues(new Uint16Array(1))[0] % 10000);
  const seedLabel = labelled("insel_optSeed", parts.seed);
  seedLabel.hidden = true;
  parts.map.addEventListener("change", () => { seedLabel.hidden = JSON.parse(parts.map.value) === "default"; });
  return [labelled("insel_optPlayers", parts.players), labelled("insel_optTeams", parts.teams),
    labelled("insel_optMap", parts.map), seedLabel, labelled("insel_optStones", parts.stones),
    labelled("insel_optDice", parts.dice)];
}

/** The options the setup's controls say (the menu reads them after menuNodes built them). */
function menuValues() {
  if (!menu) throw new Error("the Inselspiel setup is not built");
  const chosen = menu.teams.selectedOptions[0];
  const size = JSON.parse(menu.map.value);
  return {
    players: Number(chosen?.dataset.players ?? JSON.parse(menu.players.value)),
    teams: JSON.parse(menu.teams.value),
    map: size === "default" ? "default" : { generate: Math.max(0, Math.floor(Number(menu.seed.value) || 0)), size },
    stones: JSON.parse(menu.stones.value),
    physical_dice: JSON.parse(menu.dice.value),
  };
}

// --- picking a place ---------------------------------------------------------------
const CROWDED_PX = 24; // places closer than this on screen: a finger cannot tell them apart
const ROOMY_PX = 36; // …and this far apart they can (a crowded tap zooms to it)

/** A finger's reach around a tap, in board pixels.
 * @param {Geometry} g
 */
const reach = (g) => Math.max(g.stone * 1.6, g.px * 22);

/** The two places nearest `point`, nearest first, each with its distance `d`.
 * @param {Geometry} g
 * @param {Point} point
 */
function nearest(g, point) {
  /** @type {(Place & {d: number})[]} */
  const found = [];
  for (const p of g.places.values()) {
    const d = Math.hypot(p.x - point.x, p.y - point.y);
    if (found.length < 2 || d < found[1].d) {
      found.push({ ...p, d });
      found.sort((x, y) => x.d - y.d);
      found.length = Math.min(found.length, 2);
    }
  }
  return found;
}

// --- the view ------------------------------------------------------------------------
export const inselspielView = {
  board: {
    zoomable: true,

    aspect: (/** @type {InselView} */ view) => view.map.width / view.map.height,

    /**
     * @param {CanvasRenderingContext2D} ctx
     * @param {Box} box
     * @param {InselView} view
     * @param {InselUi} ui
     * @param {string[]} [legal]
     */
    draw(ctx, box, view, ui, legal = []) {
      const g = geometry(box, view.map);
      drawIsland(ctx, box, g, view.map);
      if (view.over || ui.territory) drawTerritory(ctx, g, view);
      drawMarks(ctx, g, view, ui, legal);
      for (const [place, seat] of Object.entries(view.stones)) {
        stone(ctx, g, seatStyle(view, seat), placeOf(g, place), g.stone);
      }
      if (ui.from) ring(ctx, placeOf(g, ui.from), g.stone * 1.45, COLOURS.selected, g.line * 1.6);
      drawLabels(ctx, g, view.map, box.keepClear);
    },

    /**
     * @param {Box} box
     * @param {InselView} view
     * @param {Point} point
     */
    pick(box, view, point) {
      const g = geometry(box, view.map);
      const [best] = nearest(g, point);
      return best && best.d < reach(g) ? best.id : null;
    },

    /**
     * @param {Box} box
     * @param {InselView} view
     * @param {Point} point
     */
    crowded(box, view, point) {
      const g = geometry(box, view.map);
      const [a, b] = nearest(g, point);
      if (!b || b.d >= reach(g)) return 0; // one place in reach, or none: no doubt
      const apart = Math.hypot(a.x - b.x, a.y - b.y) / g.px; // CSS pixels on screen
      if (apart >= CROWDED_PX || a.d <= apart / 4) return 0; // far apart, or right on one
      return Math.max(1.5, ROOMY_PX / apart);
    },

    /**
     * @param {Box} box
     * @param {InselView} view
     * @param {string} place
     */
    locate(box, view, place) {
      const p = geometry(box, view.map).places.get(place);
      return p ? { x: p.x, y: p.y } : null;
    },

    captured: (/** @type {InselView} */ before, /** @type {InselView} */ after) =>
      after.captured.length > 0 && JSON.stringify(after.captured) !== JSON.stringify(before.captured),

    // every target, for the keyboard cursor (cursor.js) and the words of access.js
    targets: (/** @type {InselView} */ view) => view.map.places.map(([id]) => id),
  },
  words: {
    /** @param {InselView} view */
    seats(view) {
      return view.colours.map((colour, seat) => ({
        ...seatNamed(seat, seatColourName(view, seat), seatRole(view, seat)),
        colour: SEATS[colour].fill,
        score: view.scores[seat],
      }));
    },

    /** @param {InselView} view */
    prompt(view) {
      const name = seatName(view, view.to_move);
      if (view.current === -1) return t("insel_throwByHand", { name });
      return view.phase === "move" ? t("insel_move", { name, die: view.die }) : t("insel_decide", { name });
    },

    /** @param {InselView} view */
    summary(view) {
      return territoryLines(view);
    },

    /**
     * @param {InselView} view
     * @param {string} place
     */
    describePlace(view, place) {
      const seat = view.stones[place];
      const what = seat === undefined ? t("placeEmpty") : t("insel_placeStone", { name: seatName(view, seat) });
      return `${placePhrase(view, place, "At")}: ${what}`;
    },

    /** A move in words for the move list and the hint ("from near Inwitz to between Andorf
     *  and Freudenwald"; places named by insel-places.js).
     * @param {string} move
     * @param {InselView} view
     */
    moveLabel(move, view) {
      const m = MOVE.exec(move);
      if (m) {
        const to = placePhrase(view, m[3], "To");
        if (!m[1]) return t("insel_labelMove", { from: placePhrase(view, m[2], "From"), to });
        const port = placeName(view.map, m[2]).a;
        return m[2] === m[3] ? t("insel_labelLandHere", { port }) : t("insel_labelLand", { port, to });
      }
      if (move === "roll") return t("insel_labelRoll");
      if (move === "pass") return t("insel_labelPass");
      if (move.startsWith("roll:")) return `${FACES[Number(move.slice(5))] ?? ""} ${move.slice(5)}`.trim();
      if (move.startsWith("remove:")) return t("insel_labelRemove", { place: placePhrase(view, move.slice(7), "At") });
      return move;
    },

    /** A turn is one entry of the move list: the throw, the die and the move after it. */
    joinsTurn: (/** @type {string} */ previous, /** @type {string} */ move) =>
      previous === "roll" || (previous.startsWith("roll:") && !move.startsWith("roll")),

    /** A turn's moves in words: "⚄ 5 · from near Inwitz to …" (the decision to throw is
     *  said by the die itself).
     * @param {string[]} moves
     * @param {InselView} view
     */
    turnLabel(moves, view) {
      const said = moves.length > 1 ? moves.filter((move) => move !== "roll") : moves;
      return said.map((move) => this.moveLabel(move, view)).join(" · ");
    },

    /** @param {InselView} view */
    describeMove(view) {
      const last = view.last ?? "";
      const n = view.colours.length;
      const before = seatName(view, (view.to_move + n - 1) % n); // who moved before the seat to move
      const m = MOVE.exec(last);
      let words = "";
      if (m) {
        const name = seatName(view, view.stones[m[3]] ?? view.captured.find(([p]) => p === m[3])?.[1] ?? 0);
        const to = placePhrase(view, m[3], "To");
        const port = placeName(view.map, m[2]).a;
        words = !m[1] ? t("insel_movedStone", { name, from: placePhrase(view, m[2], "From"), to })
          : m[2] === m[3] ? t("insel_movedLandHere", { name, port }) : t("insel_movedLand", { name, port, to });
      } else if (last.startsWith("roll:")) {
        words = t("insel_movedRoll", { name: seatName(view, view.to_move), n: view.die });
      } else if (last.startsWith("remove:")) {
        words = t("insel_movedRemove", { name: before, place: placePhrase(view, last.slice(7), "At") });
      } else if (last === "pass") words = t("movedPass", { name: before });
      const captured = view.captured.length
        ? t("insel_captured", { list: view.captured.map(([, seat]) => seatName(view, seat)).join(", ") }) : "";
      return [words, captured].filter(Boolean).join(". ");
    },

    /** @param {InselView} view */
    describe(view) {
      const lines = view.colours.map((_, seat) => {
        const places = Object.entries(view.stones).filter(([, s]) => s === seat).map(([p]) => placePhrase(view, p, "At"));
        const name = seatName(view, seat);
        return places.length ? t("insel_stonesWords", { name, places: places.join(", ") }) : t("insel_noStones", { name });
      });
      return [...lines, ...territoryLines(view)];
    },
  },
  setup: {
    options: [],
    menuExtras: menuNodes,
    menuOptions: menuValues,

    chanceByHand: (/** @type {InselView} */ view) => view.options.physical_dice === true,
  },

  /**
   * @param {InselUi} ui
   * @param {string} place
   * @param {InselView} view
   * @param {string[]} legal
   */
  tap(ui, place, view, legal) {
    if (view.phase !== "move") return { ui: {}, hint: t("insel_rollFirst") };
    if (ui.from) {
      const move = targets(legal, ui).get(place);
      if (move) return { ui: {}, move };
      if (place === ui.from) {
        const land = !ui.land && legal.some((m) => m.startsWith(`land:${place}>`));
        return land ? { ui: { from: place, land }, hint: t("insel_pickTarget") } : { ui: {} };
      }
    }
    const mine = view.stones[place] === view.to_move;
    const landing = legal.some((m) => m.startsWith(`land:${place}>`));
    if (!mine && !landing) return { ui: {}, hint: t("insel_pickStart") };
    const next = { from: place, land: !mine };
    if (targets(legal, next).size) {
      return { ui: next, hint: t(mine && landing ? "insel_tapAgainToLand" : "insel_pickTarget") };
    }
    return { ui: next, hint: t(landing ? "insel_tapAgainToLand" : "insel_noWay") };
  },

  /**
   * @param {InselView} view
   * @param {string[]} legal
   * @param {InselUi} [ui]
   */
  controls(view, legal, ui = {}) {
    /** @type {import("../../common/types.js").Control[]} */
    const buttons = [];
    if (view.current === -1 && view.options.physical_dice === true && !view.over) { // a real die
      return [1, 2, 3, 4, 5, 6].map((n) => ({ label: String(n), move: `roll:${n}` }));
    }
    if (legal.includes("roll")) buttons.push({ label: t("insel_roll"), move: "roll" });
    const remove = `remove:${ui.from}`;
    if (ui.from && !ui.land && legal.includes(remove)) buttons.push({ label: t("insel_remove"), move: remove });
    if (legal.includes("pass")) buttons.push({ label: t("insel_pass"), move: "pass" });
    return buttons;
  },

  /**
   * @param {Answer & {view: InselView}} answer
   * @param {InselUi} ui
   * @param {import("../../common/types.js").PanelAct} act
   */
  panel(answer, ui, act) {
    /** @type {{view: InselView}} */
    const { view } = answer; // the game's own fields (Answer's index would let any pass)
    const toggle = el("button", t("insel_showTerritory"));
    toggle.type = "button";
    toggle.setAttribute("aria-pressed", String(Boolean(ui.territory) || view.over));
    toggle.disabled = view.over;
    // how the board is shown (game.display): it stays on across moves
    toggle.addEventListener("click", () => act.setDisplay({ territory: !ui.territory }));
    /** @type {HTMLElement[]} */
    const nodes = [el("div", undefined, "insel-die-row")];
    nodes[0].append(dieNode(answer), toggle);
    if (view.over || ui.territory) {
      const list = el("ul");
      list.append(...territoryLines(view).map((line) => el("li", line)));
      nodes.push(list);
    }
    if (view.captured.length) {
      nodes.push(el("p", t("insel_captured", { list: view.captured.map(([, seat]) => seatName(view, seat)).join(", ") })));
    }
    const map = view.options.map;
    const mapName = typeof map === "string" && hasText(`insel_map_${map}`) ? t(`insel_map_${map}`) : view.map.name; // as the setup says it
    nodes.push(el("p", typeof map === "string" ? t("insel_mapNamed", { name: mapName })
      : t("insel_mapGenerated", { size: t(`insel_map_${map.size}`), seed: map.generate }), "insel-map-name"));
    nodes.push(el("p", t(`insel_diceShown_${view.options.physical_dice === true}`), "insel-dice"));
    return nodes;
  },
};

/** A place in words where it stands in a sentence (`role`: "At" a place, "From" it, "To"
 *  it): "near Inwitz", "from between Andorf and Freudenwald", "to Tenburg".
 * @param {InselView} view
 * @param {string} place
 * @param {"At" | "From" | "To"} role
 */
function placePhrase(view, place, role) {
  const name = placeName(view.map, place);
  return t(`insel_place${role}_${name.kind}`, { a: name.a, b: name.kind === "between" ? name.b : "" });
}
