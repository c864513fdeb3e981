// Saved games in this browser: one localStorage entry per game, written after every move.
// An entry is {version, id, game, record, seats, computer, picture, moves, over, updated}:
// the full record (seed and secrets too: it never leaves the device unless exported or
// shared), who sat where, and a spectator's picture of the last position for the thumbnail.
// A game is known by its game id and seed, so a link to the same game updates its entry.
// Storage holds at most MAX_SAVES games; the oldest finished ones go first.  Whatever else is
// found under our prefix (damaged JSON, another version, a foreign shape) is listed as
// damaged with the reason, never thrown away unasked and never allowed to break the list.

const PREFIX = "inselspiele.save.";
const VERSION = 1;
export const MAX_SAVES = 50;

/** The id a game's saves go under. */
export function saveId(record) {
  return `${record.game}-${record.seed}`;
}

/** Why a stored text is not a usable save (a short English reason), or "" if it is one. */
function problemOf(entry) {
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return "not a saved game";
  if (entry.version !== VERSION) return `format version ${String(entry.version).slice(0, 12)}, not ${VERSION}`;
  const { record } = entry;
  if (!record || typeof record !== "object" || typeof record.game !== "string"
      || !Array.isArray(record.moves)) return "the game record is missing or incomplete";
  if (typeof entry.updated !== "number" || !Array.isArray(entry.seats)) return "the entry is incomplete";
  return "";
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (a privacy setting): nothing is kept
  }
}

/**
 * Every saved game, newest first: {id, entry} for good ones, {id, damaged, raw} for the rest.
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
    let damaged = "";
    try {
      entry = JSON.parse(raw);
      damaged = problemOf(entry);
    } catch {
      damaged = "the stored text is not valid JSON (cut short or edited)";
    }
    found.push(damaged ? { id, damaged, raw } : { id, entry });
  }
  const when = (item) => item.entry?.updated ?? Infinity; // damaged ones first: they need a look
  return found.sort((a, b) => when(b) - when(a));
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
