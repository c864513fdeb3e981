// Players' and teams' names: typed in the setup and remembered on this device (prefs.js), a
// game's own names (`{seats: [...], teams: [...]}`, "" where a seat or team has none) kept
// with it in saves, files and links, and read back from a link or file that may have been
// edited or damaged: a name is text of at most MAX_NAME characters, control characters
// taken out; a damaged list is dropped and an overlong name cut, each with a message, and
// the game opens all the same.  Names are shown with textContent, never as HTML.
import { playerNames, rememberNames } from "./prefs.js";
import { t } from "../common/strings.js";
import { el } from "../common/dom.js";

/** @typedef {import("../common/seat-names.js").Names} Names */

/** Characters of a name at most: "Anna-Lena Schmidt" and "Die Wilden Kerle" fit whole. */
export const MAX_NAME = 24;
const MAX_PARTIES = 6; // seats of the largest game; teams are fewer

// control characters and the bidirectional overrides, which would turn the text around it
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` as a name: hidden characters out, spaces joined, trimmed, at most MAX_NAME
 *  characters (whole characters: an emoji is never split).
 * @param {unknown} text
 */
export function cleanName(text) {
  const plain = String(text ?? "").replace(HIDDEN, " ").replace(/\s+/g, " ").trim();
  return [...plain].slice(0, MAX_NAME).join("").trim();
}

/** Whether `names` names any seat or team.
 * @param {Names | null | undefined} names
 */
export function hasNames(names) {
  return Boolean(names) && [...names?.seats ?? [], ...names?.teams ?? []].some(Boolean);
}

/** `record` (a game record, as a link or file carries it) with the players' and teams'
 *  `names` beside its fields, when it has any (the engine ignores fields it does not know).
 * @template {object} R
 * @param {R} record
 * @param {Names | null | undefined} names
 * @returns {R | R & {names: Names}}
 */
export function withNames(record, names) {
  return names && hasNames(names) ? { ...record, names } : record;
}

/**
 * A record that arrived (from a file or link: anything) taken apart: `{record, names,
 * namesProblem}`, the names read as readNames does, the record without them.
 * @param {any} value
 */
export function takeNames(value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return { record: value, names: null, namesProblem: "" };
  }
  const { names: given, ...record } = value;
  const { names, problem } = readNames(given);
  return { record, names, namesProblem: problem };
}

/** A list of names read from outside: cleaned, or null when it is not a list of texts.
 * @param {unknown} value
 * @returns {{list: string[], cut: boolean} | null}
 */
function nameList(value) {
  if (value === undefined) return { list: [], cut: false };
  if (!Array.isArray(value) || value.length > MAX_PARTIES
      || !value.every((name) => typeof name === "string")) return null;
  return { list: value.map(cleanName),
    cut: value.some((/** @type {string} */ name) => [...name.trim()].length > MAX_NAME) };
}

/**
 * The names a link, file or save carries (`value`, anything): `{names, problem}`, `names`
 * null when there are none, `problem` "" or a strings.js key: "namesDamaged" (not a list of
 * texts: dropped) or "namesCut" (a name longer than MAX_NAME: cut).
 * @param {any} value
 * @returns {{names: Names | null, problem: string}}
 */
export function readNames(value) {
  if (value === undefined || value === null) return { names: null, problem: "" };
  const seats = typeof value === "object" && !Array.isArray(value) ? nameList(value.seats) : null;
  const teams = seats ? nameList(value.teams) : null;
  if (!seats || !teams) return { names: null, problem: "namesDamaged" };
  const names = { seats: seats.list, teams: teams.list };
  return { names: hasNames(names) ? names : null, problem: seats.cut || teams.cut ? "namesCut" : "" };
}

/** The sentence for a problem of readNames, in the page's language ("" for none).
 * @param {string} problem
 */
export function namesProblemText(problem) {
  return problem ? t(problem, { max: MAX_NAME }) : "";
}

/** Whether a seat of this kind is a person's here or far away (a name belongs to it). */
const named = (/** @type {string} */ kind) => kind === "human" || kind === "link";

/**
 * A new game's names: the ones given (`typed`, by seat and team) for the seats people play
 * (`kinds`: "human", "link" or a computer level) and the `teams` teams; null when none.
 * @param {string[]} kinds
 * @param {number} teams
 * @param {{seats: string[], teams: string[]}} [typed]  the remembered names unless given
 * @returns {Names | null}
 */
export function gameNames(kinds, teams, typed = rememberedNames()) {
  const names = { seats: kinds.map((kind, seat) => (named(kind) ? cleanName(typed.seats[seat]) : "")),
    teams: Array.from({ length: teams }, (_, party) => cleanName(typed.teams[party])) };
  return hasNames(names) ? names : null;
}

/** The names remembered on this device, by seat and by team, each a name (cleanName). */
export function rememberedNames() {
  return { seats: playerNames().map(cleanName), teams: playerNames("teams").map(cleanName) };
}

/** How many teams `options` sets up (Inselspiel's `teams`: a list of parties), else 0.
 * @param {{teams?: unknown} | null | undefined} options
 */
export function teamCount(options) {
  return Array.isArray(options?.teams) ? options.teams.length : 0;
}

/**
 * A fieldset with a name field per seat (`count()` seats) and per team (`teams()` teams;
 * `refresh()` re-reads both), filled with the names remembered; what is typed is remembered
 * as it is typed, and `typed()` is it now.
 * @param {() => number} count
 * @param {() => number} [teams]
 */
export function nameFields(count, teams = () => 0) {
  const fieldset = el("fieldset", undefined, "name-fields");
  fieldset.append(el("legend", t("names_title")));
  const list = el("div");
  fieldset.append(list);
  const typed = rememberedNames();
  /** A name field of seat or team `index`, labelled `text`.
   * @param {"seats" | "teams"} which
   * @param {number} index
   * @param {string} text
   */
  const field = (which, index, text) => {
    const label = el("label", text);
    const input = el("input");
    input.type = "text";
    input.maxLength = MAX_NAME;
    input.autocomplete = "off";
    input.dataset[which === "seats" ? "nameSeat" : "nameTeam"] = String(index);
    input.value = typed[which][index] ?? "";
    input.addEventListener("input", () => {
      typed[which][index] = input.value;
      rememberNames(typed[which], which === "seats" ? "names" : "teams"); // a setup left unplayed keeps it
    });
    label.append(input);
    return label;
  };
  const refresh = () => {
    list.replaceChildren(
      ...Array.from({ length: count() }, (_, seat) => field("seats", seat, t("names_seat", { n: seat + 1 }))),
      ...Array.from({ length: teams() }, (_, party) =>
        field("teams", party, t("names_team", { team: t("insel_team", { letter: "ABCDEF"[party] }) }))));
  };
  refresh();
  return { element: fieldset, refresh, typed: () => typed };
}

/** The remembered name of `seat`, or `fallback` (e.g. the colour's name).
 * @param {number} seat
 * @param {string} fallback
 */
export function nameOf(seat, fallback) {
  return cleanName(playerNames()[seat]) || fallback;
}
