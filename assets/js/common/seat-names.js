// The players' and teams' names of the game on screen, for the views' words: a view names a
// seat "Anna" where the setup (or the game's link or file) gave it a name, else by its colour
// ("Dark"), and a team "Die Blauen" else "Team A".  The names live in the store (the game's
// `names`, names.js); app.js says where to read them (readNamesFrom), so this module holds
// no state of its own.  Without a source (Node tests, the menu's pictures) nothing is named.

/** @typedef {{seats: string[], teams?: string[]}} Names */

/** @type {() => Names | null | undefined} */
let source = () => null;

/** Read the names of the game on screen from `read()` from now on.
 * @param {() => Names | null | undefined} read
 */
export function readNamesFrom(read) {
  source = read;
}

/** What the game on screen calls `seat`: its player's name, else `fallback` (its colour).
 * @param {number} seat
 * @param {string} fallback
 */
export function seatCalled(seat, fallback) {
  return source()?.seats?.[seat] || fallback;
}

/** What the game on screen calls team `party`: its name, else `fallback` ("Team A").
 * @param {number} party
 * @param {string} fallback
 */
export function teamCalled(party, fallback) {
  return source()?.teams?.[party] || fallback;
}

/**
 * A seat as the players panel shows it: `name` its player's name where it has one, else
 * `unnamed` (the seat by number and colour); beside a name, `role` (the seat's colour in
 * words; `unnamed` unless given) for the panel's second line.
 * @param {number} seat
 * @param {string} unnamed
 * @param {string} [role]
 * @returns {{name: string, role?: string}}
 */
export function seatNamed(seat, unnamed, role = unnamed) {
  const name = seatCalled(seat, "");
  return name ? { name, role } : { name: unnamed };
}
