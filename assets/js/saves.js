// Saved games in this browser: one localStorage entry per game, written after every move.
// An entry is {version, id, game, record, seats, computer, picture, moves, over, updated}:
// the full record (seed and secrets too: it never leaves the device unless exported or
// shared), who sat where, and a spectator's picture of the last position for the thumbnail.
// A game is known by its game id and seed, so a link to the same game updates its entry.
// Storage holds at most MAX_SAVES games; the oldest finished ones go first.  Whatever else is
// found under our prefix (damaged JSON, another version, a foreign shape) is listed as
// damaged with the reason, never thrown away unasked and never allowed to break the list.
// An `updated` that is no moment (1e300, a text) only loses the game its date.

const PREFIX = "inselspiele.save.";
const VERSION = 1;
export const MAX_SAVES = 50;

/** The id a game's saves go under. */
export function saveId(record) {
  return `${record.game}-${record.seed}`;
}

/**
 * Why the entry stored under `id` is not a usable save, as a phrase {key, params} of the
 * catalogues (strings.js words it), or null if it is one.  An entry under another game's
 * id (its record names another game or seed) is refused: resumed, it would be that other
 * game, and its next move would leave two entries for one game.
 */
function problemOf(id, entry) {
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return { key: "savedNotGame" };
  if (entry.version !== VERSION) {
    return { key: "savedVersion", params: { found: String(entry.version).slice(0, 12), wanted: VERSION } };
  }
  const { record } = entry;
  if (!record || typeof record !== "object" || typeof record.game !== "string"
      || !Array.isArray(record.moves)) return { key: "savedNoRecord" };
  if (!Array.isArray(entry.seats)) return { key: "savedIncomplete" };
  if (saveId(record) !== id || entry.game !== record.game) {
    return { key: "savedElsewhere", params: { id: id.slice(0, 60), holds: saveId(record).slice(0, 60) } };
  }
  return null;
}

/** `ms` if it is a moment a date can show (a number within ±8.64e15), else null. */
function knownTime(ms) {
  return typeof ms === "number" && !Number.isNaN(new Date(ms).getTime()) ? ms : null;
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (a privacy setting): nothing is kept
  }
}

/**
 * Every saved game, newest first: {id, entry} for good ones, {id, damaged, raw} for the rest
 * (`damaged` a phrase).  A good entry's `updated` is null when it is not a moment a date can
 * show (an edited or damaged value): the game is listed without its date, as the oldest.
 */
export function listSaves() {
  const store = storage();
  if (!store) return [];
  const found = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    const id = key.slice(PREFIX.length);
    const raw = store.getItem(key) ?? "";
    let entry = null;
    let damaged = null;
    try {
      entry = JSON.parse(raw);
      damaged = problemOf(id, entry);
    } catch {
      damaged = { key: "savedNotJson" };
    }
    if (damaged) found.push({ id, damaged, raw });
    else found.push({ id, entry: { ...entry, updated: knownTime(entry.updated) } });
  }
  // damaged ones first (they need a look), then newest first, those without a date last
  const when = (item) => (item.entry ? item.entry.updated ?? -Infinity : Infinity);
  return found.sort((a, b) => when(b) - when(a) || 0); // (±Infinity twice gives NaN: a tie)
}

/** The saved entry of game `id`, or null. */
export function getSave(id) {
  const item = listSaves().find((save) => save.id === id);
  return item?.entry ?? null;
}

/**
 * Keep `entry` (without version/updated: added here).  Returns "" or the reason it could
 * not be kept (storage full or disabled): the game goes on either way.
 */
export function putSave(entry) {
  const store = storage();
  if (!store) return "storage is disabled in this browser";
  const full = { ...entry, version: VERSION, updated: Date.now() };
  for (;;) {
    try {
      store.setItem(PREFIX + full.id, JSON.stringify(full));
      break;
    } catch {
      if (!dropOne(full.id)) return "the browser's storage for this site is full";
    }
  }
  let count = 0;
  for (let i = 0; i < store.length; i++) if (store.key(i)?.startsWith(PREFIX)) count++;
  for (; count > MAX_SAVES; count--) {
    if (!dropOne(full.id)) break;
  }
  return "";
}

/** Drop the oldest finished game, else the oldest one, sparing `keep`; false if none. */
function dropOne(keep) {
  const good = listSaves().filter((item) => item.entry && item.id !== keep).reverse();
  const victim = good.find((item) => item.entry.over) ?? good[0];
  if (!victim) return false;
  deleteSave(victim.id);
  return true;
}

export function deleteSave(id) {
  storage()?.removeItem(PREFIX + id);
}

/** Delete every saved game (damaged ones too). */
export function deleteAllSaves() {
  for (const { id } of listSaves()) deleteSave(id);
}
