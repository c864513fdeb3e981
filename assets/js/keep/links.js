// Links into the app.  Everything rides in the URL's #fragment, which browsers never send to
// a server:
//   #play=<game>      start a new game of <game> at one device
//   #r=<code>         open a game record: its JSON, deflate-compressed, in base64url
//   #record=<code>    the same without compression (links made before compression)
//   #m=<code>         a move link (play by link): a record as #r=, opened for the seat to
//                     move, the other seats playing on their own devices
//   #words=<code>     a teacher's word list (UTF-8 text in base64url) for Wort-Reversi
//   #lang=<code>      the language of the page (en, de), remembered
//   #projector        projector mode on (#projector=off: off), remembered
// parseLink() turns a fragment into what it asks for, or into an error that names what is
// wrong; recordLink() makes the shortest link for a record the browser can make.
//
// Who sits where rides inside the record link's JSON, beside game/options/seed/moves:
//   {"game": …, "options": …, "seed": …, "moves": […], "seats": ["human", "hard"],
//    "computer": {"knowledge": 0.5}}
// `seats` names each seat's player — "human" or a computer level — in the words a saved
// game stores them (saves.js), and `computer` the computer's settings (ai_start's, e.g.
// Wort-Reversi's knowledge); both are there only when a seat is the computer's.  One JSON
// keeps the link one compressed part that old browsers' #record= links carry as well, and
// the engine ignores fields it does not know (games/__init__.py replay_states), so a link
// with seats still opens in an older build (as people at one device).  parseLink() takes
// them out of the record: the engine gets the record alone.  A link without seats opens
// as before (people at one device); seats of the wrong type or an unknown level make the
// link damaged here, and a count that is not the game's (known once the engine has
// started) is refused by seatsFit() before anything is opened.  A move link (#m=) has no
// seats: whoever opens it plays the seat to move (controller.js).
//
// The players' and teams' names ride beside them when the game has any (names.js):
//   "names": {"seats": ["Anna", ""], "teams": []}
// in record links and move links alike.  Names are never a reason to refuse a link: a
// damaged list is dropped and an overlong name cut, and the arrival says so (namesProblem).

import { takeNames, withNames } from "./names.js";
import { computerProblem, PLAYER_KINDS, seatsProblem } from "../common/schemas.js";

const MAX_LINK = 200_000; // characters: longer fragments are refused unread

/** Bytes as base64url text (no padding).
 * @param {Uint8Array} bytes
 */
export function toBase64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** base64url text as bytes; throws on anything else.
 * @param {string} code
 */
export function fromBase64url(code) {
  if (!/^[\w-]*$/.test(code)) throw new Error("not base64url");
  return Uint8Array.from(atob(code.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
}

const utf8 = (/** @type {Uint8Array} */ bytes) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

/** `bytes` through a (de)compression stream.
 * @param {BufferSource} bytes
 * @param {CompressionStream | DecompressionStream} stream
 */
export async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

const canCompress = () => typeof CompressionStream === "function";

/**
 * A linked record's JSON taken apart: {record, seats, computer}.  `seats` and `computer`
 * are checked here by the schemas a save's are (schemas.js; throws: the link is damaged):
 * seats a list of 1 to MAX_SEATS player kinds, computer the known settings with known
 * values.  A move link's are dropped (its meaning is the seat to move, not seats).
 * @param {string} json
 * @param {boolean} byLink
 * @returns {RecordArrival}
 */
function takeApart(json, byLink) {
  const { record: rest, names, namesProblem } = takeNames(JSON.parse(json));
  const { seats, computer, ...record } = rest;
  const named = { ...(names ? { names } : {}), ...(namesProblem ? { namesProblem } : {}) };
  if (byLink || (seats === undefined && computer === undefined)) {
    return { kind: "record", record, byLink, ...named };
  }
  if (seatsProblem(seats, PLAYER_KINDS)) throw new Error("seats");
  const settings = computer ?? {};
  if (computerProblem(settings)) throw new Error("computer settings");
  return { kind: "record", record, byLink, seats, computer: settings, ...named };
}

/**
 * Whether a link's `seats` fit its game: `count` seats (the record's players), and each
 * computer setting one of the game's `computerOptions` with one of its values.
 * @param {string[]} seats
 * @param {object} computer
 * @param {number} count
 * @param {{name: string, choices: {value: unknown}[]}[]} computerOptions
 */
export function seatsFit(seats, computer, count, computerOptions = []) {
  const allowed = new Map(computerOptions.map((option) =>
    [option.name, option.choices.map((choice) => choice.value)]));
  return seats.length === count && Object.entries(computer)
    .every(([name, value]) => allowed.get(name)?.includes(value) ?? false);
}

/**
 * A linked game (parseLink): its record as the link carries it (JSON, checked by
 * schemas.js recordProblem before it opens), the seats and computer settings, the names.
 * @typedef {{kind: "record", record: any, byLink: boolean, seats?: string[],
 *   computer?: Record<string, unknown>, names?: import("./names.js").Names, namesProblem?: string,
 *   key?: string}} RecordArrival
 */
/**
 * What a link asks for (parseLink), by its `kind`.
 * @typedef {{kind: "none"} | {kind: "play", game: string} | RecordArrival
 *   | {kind: "words", text: string} | {kind: "lang", code: string}
 *   | {kind: "projector", on: boolean} | {kind: "error", problem: string, key: string}} Arrival
 */

/**
 * What a fragment asks for: {kind: "none"} | {kind: "play", game}
 * | {kind: "record", record, byLink, seats?, computer?, names?, namesProblem?, key}
 * | {kind: "words", text} | {kind: "lang", code} | {kind: "projector", on}
 * | {kind: "error", problem, key}.  `problem` is a strings.js key
 * (linkDamaged, linkUnknown, linkTooLong) and `key` the link's name as typed.
 * @param {string} hash
 * @returns {Promise<Arrival>}
 */
export async function parseLink(hash) {
  const fragment = hash.replace(/^#/, "");
  if (!fragment) return { kind: "none" };
  const eq = fragment.indexOf("=");
  const typed = eq < 0 ? fragment : fragment.slice(0, eq);
  let key = typed.slice(0, 40); // as typed while it cannot be decoded (e.g. "100%")
  const value = eq < 0 ? "" : fragment.slice(eq + 1);
  if (fragment.length > MAX_LINK) return { kind: "error", problem: "linkTooLong", key };
  try {
    key = decodeURIComponent(typed).slice(0, 40); // a stray % throws: a damaged link
    switch (key) {
      case "play":
        if (!/^\w+$/.test(value)) throw new Error("no game named");
        return { kind: "play", game: value };
      case "r":
      case "m": {
        if (!canCompress()) return { kind: "error", problem: "linkNeedsNewerBrowser", key };
        const bytes = await pipe(fromBase64url(value), new DecompressionStream("deflate-raw"));
        return { ...takeApart(utf8(bytes), key === "m"), key };
      }
      case "record":
        return { ...takeApart(utf8(fromBase64url(value)), false), key };
      case "words":
        return { kind: "words", text: utf8(fromBase64url(value)) };
      case "lang":
        return { kind: "lang", code: value.toLowerCase() };
      case "projector":
        if (!["", "on", "off"].includes(value)) throw new Error("on or off");
        return { kind: "projector", on: value !== "off" };
      default:
        return { kind: "error", problem: "linkUnknown", key };
    }
  } catch {
    return { kind: "error", problem: "linkDamaged", key };
  }
}

/** The page's own address with `fragment` (e.g. "#play=ponte"), for sharing.
 * @param {string} fragment
 */
export function linkTo(fragment) {
  return `${location.origin}${location.pathname}${fragment}`;
}

/** `record`'s JSON, deflated, as base64url text.
 * @param {object} record
 */
async function compressed(record) {
  const json = new TextEncoder().encode(JSON.stringify(record));
  return toBase64url(await pipe(json, new CompressionStream("deflate-raw")));
}

/**
 * The JSON a record link carries: the record, and when a seat is the computer's the seats
 * (a friend far away — "link" — becomes a person at the one device) and its settings.
 * @param {object} record
 * @param {string[]} [seats]
 * @param {object} [computer]
 */
function withSeats(record, seats = [], computer = {}) {
  if (!seats.some((kind) => PLAYER_KINDS.includes(kind) && kind !== "human")) return record;
  const kinds = seats.map((kind) => (PLAYER_KINDS.includes(kind) ? kind : "human"));
  return Object.keys(computer).length ? { ...record, seats: kinds, computer } : { ...record, seats: kinds };
}

/**
 * A link that opens `record`: compressed (#r=) where the browser can, else #record=; with
 * `seats` (each "human", "link" or a computer level) and `computer` (its settings) when
 * the computer plays one, and the players' `names` when they have any.
 * @param {object} record
 * @param {{seats?: string[], computer?: Record<string, unknown>, names?: import("./names.js").Names | null}} [players]
 */
export async function recordLink(record, { seats = [], computer = {}, names = null } = {}) {
  const payload = withNames(withSeats(record, seats, computer), names);
  if (!canCompress()) {
    return linkTo(`#record=${toBase64url(new TextEncoder().encode(JSON.stringify(payload)))}`);
  }
  return linkTo(`#r=${await compressed(payload)}`);
}

/** A move link: `record` for the seat to move to open and answer (needs compression), with
 *  the players' `names`.
 * @param {object} record
 * @param {import("./names.js").Names | null} [names]
 */
export async function moveLink(record, names = null) {
  return linkTo(`#m=${await compressed(withNames(record, names))}`);
}

/** A link that hands a teacher's word list to another browser.
 * @param {string} text
 */
export function wordsLink(text) {
  return linkTo(`#words=${toBase64url(new TextEncoder().encode(text))}`);
}
