// What the menu remembers per game in this browser: the setup form's last values, the game
// options and seats last played, and the level for "play the computer"; and which of the
// app's first-time tips (the zoom tip, zoom.js) have been seen, once per browser.  One storage
// entry; damaged or foreign content reads as "nothing remembered", and a full or disabled
// storage only means nothing is remembered.
import { isPlain, readGamePrefs } from "../common/schemas.js";

const KEY = "inselspiele.prefs"; // {version: 1, games: {id: {form, options, seats, computer, level}},
//                                  tips: {name: true}, names: [seat 1's name, …],
//                                  teams: [team A's name, …]}
const VERSION = 1;

/** The stored entry (its parts as read back: each is checked where it is read).
 * @typedef {{version: number, games: Record<string, unknown>, tips: Record<string, unknown>,
 *   names: unknown[], teams: unknown[]}} Stored */

/** The stored entry, or a fresh one when there is none or it is damaged or foreign.
 * @returns {Stored}
 */
function readStored() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (stored?.version === VERSION && isPlain(stored.games)) {
      const tips = isPlain(stored.tips) ? stored.tips : {};
      const names = Array.isArray(stored.names) ? stored.names : [];
      const teams = Array.isArray(stored.teams) ? stored.teams : [];
      return { version: VERSION, games: stored.games, tips, names, teams };
    }
  } catch { /* damaged: start afresh */ }
  return { version: VERSION, games: {}, tips: {}, names: [], teams: [] };
}

/** @param {Stored} stored */
function write(stored) {
  try {
    localStorage.setItem(KEY, JSON.stringify(stored));
  } catch { /* storage full or disabled: the choice holds for this visit only */ }
}

/** The remembered choices for `game` (an object, possibly empty), each part checked by its
 *  schema (schemas.js readGamePrefs): a part that fails (an edited or damaged value, e.g. a
 *  level that is no computer level or computer settings it does not know) reads as none,
 *  and the default is used.
 * @param {string} game
 * @returns {import("../common/schemas.js").GamePrefs}
 */
export function gamePrefs(game) {
  return Object.hasOwn(readStored().games, game) ? readGamePrefs(readStored().games[game]) : {};
}

/** Merge `changes` into what is remembered for `game`.
 * @param {string} game
 * @param {import("../common/schemas.js").GamePrefs} changes
 */
export function rememberGame(game, changes) {
  const stored = readStored();
  stored.games[game] = { ...gamePrefs(game), ...changes };
  write(stored);
}

/** Whether the first-time tip `name` has been dismissed (or its lesson learnt) in this browser.
 * @param {string} name
 */
export function tipSeen(name) {
  return readStored().tips[name] === true;
}

/** Remember that tip `name` has been seen: it is not shown again in this browser.
 * @param {string} name
 */
export function rememberTip(name) {
  const stored = readStored();
  stored.tips[name] = true;
  write(stored);
}

/** The players' names remembered on this device, by seat ("" where none), or with
 *  `which` "teams" the teams' names; text as stored (names.js bounds and cleans a name).
 * @param {"names" | "teams"} [which]
 * @returns {string[]}
 */
export function playerNames(which = "names") {
  return readStored()[which].map((name) => (typeof name === "string" ? name : ""));
}

/** Remember the players' names by seat (`which` "teams": the teams' names), each trimmed.
 * @param {unknown[]} names
 * @param {"names" | "teams"} [which]
 */
export function rememberNames(names, which = "names") {
  const stored = readStored();
  stored[which] = names.map((name) => String(name ?? "").trim());
  write(stored);
}
