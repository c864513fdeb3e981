// Saved games in this browser: one record per game in IndexedDB, the browser's own database
// (through `idb`, a tiny promise wrapper over it), written after every move.  A record is
// {id, version, revision, game, record, seats, computer, picture, moves, over, updated}: the
// full game record (seed and secrets too: it never leaves the device unless exported or
// shared), who sat where, and a spectator's picture of the last position for the thumbnail.
// A game is known by its game id and seed, so a link to the same game updates its record.
//
// Every write is a compare-and-set on the record's revision: a tab writes only over the
// revision it last read or wrote, so a stale tab can never overwrite newer moves (it is told
// and the newer record returned).  A full storage is reported, never solved by dropping an
// unfinished game.  Whatever else is found (damaged JSON, another version, a foreign shape,
// a record under another game's id) is listed as damaged with the reason, never thrown away
// unasked and never allowed to break the list.  The localStorage entries of earlier versions
// are moved in once (migrate.js).
import { openDB } from "idb";
import { migrate } from "./migrate.js";
import { saveProblem } from "../common/schemas.js";

const DB_NAME = "inselspiele";
const STORE = "saves";
const VERSION = 1;
/** Past this many saved games the oldest finished ones are dropped (unfinished ones never). */
export const MAX_SAVES = 50;

/**
 * What a write came to: the new revision, or why it was not written — "stale" (another tab
 * or window wrote a newer revision: `saved` is it), "damaged" (a damaged value is stored
 * under the id: it is kept, never overwritten), "full" (the browser's storage for the site
 * is full), "disabled" (no database in this browser) or "failed" (`reason`).
 * @typedef {{ok: boolean, revision?: number,
 *   problem?: "stale" | "damaged" | "full" | "disabled" | "failed",
 *   saved?: SaveEntry | null, reason?: string}} Written
 */

/**
 * A saved game as putSave keeps it and the shared schema (schemas.js saveProblem) lets it
 * back: `updated` null when no date can show it, `revision` 0 when it has none.
 * @typedef {{id: string, game: string, record: import("../common/types.js").GameRecord,
 *   seats: string[], computer?: Record<string, unknown>, picture?: unknown, moves: number,
 *   over?: boolean, names?: import("./names.js").Names | null, updated: number | null,
 *   revision: number, version?: number}} SaveEntry
 */

/** A stored value as listed: a good save, or a damaged one with why and its text.
 * @typedef {{id: string, entry?: SaveEntry, damaged?: import("../common/schemas.js").Problem,
 *   raw?: string}} Listed
 */

/** The id a game's saves go under; `record` is checked (schemas.js recordProblem): its game
 *  a game's id and its seed a whole number, so the id is made of checked text only.
 * @param {{game?: unknown, seed?: unknown}} record
 */
export function saveId(record) {
  return `${String(record.game)}-${Number(record.seed)}`;
}

/** A new id for a copy of a game (a link whose moves differ from the saved ones'): its own
 *  id, a tilde and a mark of when it was made.
 * @param {{game?: unknown, seed?: unknown}} record
 */
export function copyId(record) {
  return `${saveId(record)}~${Date.now().toString(36)}`;
}

/** @type {{factory: IDBFactory | null, db: Promise<import("idb").IDBPDatabase | null>} | null} */
let opened = null;

/** The database (opened, and old entries moved in, once per IndexedDB factory), or null. */
export function database() {
  let factory = null;
  try {
    factory = globalThis.indexedDB ?? null;
  } catch { /* storage disabled by a privacy setting: nothing is kept */ }
  if (opened?.factory !== factory) {
    opened = { factory, db: factory ? openDB(DB_NAME, 1, {
      upgrade(db) { db.createObjectStore(STORE, { keyPath: "id" }); },
    }).then(async (db) => {
      try {
        await migrate(db, STORE, parseEntry);
      } catch (error) { // (a full storage): the old entries stay where they are, for next time
        console.warn("saved games: the old ones are not moved in yet", error);
      }
      return db;
    }).catch((error) => {
      console.warn("saved games: no database", error);
      return null;
    }) : Promise.resolve(null) };
  }
  return opened.db;
}

/**
 * Why the value stored under `id` is not a usable save, as a phrase {key, params} of the
 * catalogues (strings.js words it), or null if it is one: the shared schema (schemas.js)
 * checks every part — the record as strictly as a link's or a file's, who plays, the
 * computer's settings, the picture's sizes.  A value under another game's id (its record
 * names another game or seed) is refused: resumed, it would be that other game, and its next
 * move would leave two records for one game.  A copy's id is its game's id, a tilde and more
 * (copyId).
 * @param {unknown} id
 * @param {unknown} entry
 */
function problemOf(id, entry) {
  return saveProblem(id, entry, VERSION, saveId);
}

/**
 * A stored value read as a saved game: {id, entry} when usable (its `updated` null when no
 * moment a date can show, its `revision` a whole number), else {id, damaged, raw}.  A value
 * `{id, raw}` holds the text of an old entry that was damaged when it was moved in.
 * @param {string} id
 * @param {any} value a stored value, as IndexedDB gives it back
 * @returns {Listed}
 */
function parseEntry(id, value) {
  let entry = value;
  /** @type {string | null} */
  let raw = null;
  if (value && typeof value === "object" && typeof value.raw === "string" && !("version" in value)) {
    const text = /** @type {string} */ (value.raw);
    raw = text;
    try {
      entry = JSON.parse(text);
    } catch {
      return { id, damaged: { key: "savedNotJson" }, raw: text };
    }
  }
  const damaged = problemOf(id, entry);
  if (damaged) return { id, damaged, raw: raw ?? JSON.stringify(value) };
  return { id, entry: { ...entry, id, updated: knownTime(entry.updated), revision: revisionOf(entry) } };
}

/** `ms` if it is a moment a date can show (a number within ±8.64e15), else null.
 * @param {unknown} ms
 */
function knownTime(ms) {
  return typeof ms === "number" && !Number.isNaN(new Date(ms).getTime()) ? ms : null;
}

/** A stored value's revision: a whole number from 1, or 0 when it has none (or a damaged one).
 * @param {any} value a stored value
 * @returns {number}
 */
function revisionOf(value) {
  const revision = value?.revision;
  return Number.isSafeInteger(revision) && revision > 0 ? revision : 0;
}

/**
 * Every saved game, newest first: {id, entry} for good ones, {id, damaged, raw} for the rest
 * (`damaged` a phrase).  A good entry's `updated` is null when it is not a moment a date can
 * show (an edited or damaged value): the game is listed without its date, as the oldest.
 * @returns {Promise<Listed[]>}
 */
export async function listSaves() {
  const db = await database();
  if (!db) return [];
  /** @type {Listed[]} */
  const found = [];
  try {
    for (const value of await db.getAll(STORE)) found.push(parseEntry(value.id, value));
  } catch (error) {
    console.warn("saved games: not readable", error);
    return [];
  }
  // damaged ones first (they need a look), then newest first, those without a date last
  const when = (/** @type {Listed} */ item) => (item.entry ? item.entry.updated ?? -Infinity : Infinity);
  return found.sort((a, b) => when(b) - when(a) || 0); // (±Infinity twice gives NaN: a tie)
}

/** The saved entry of game `id` (with its revision), or null.
 * @param {unknown} id
 * @returns {Promise<SaveEntry | null>}
 */
export async function getSave(id) {
  const db = await database();
  if (!db || typeof id !== "string") return null;
  try {
    const value = await db.get(STORE, id);
    return value === undefined ? null : parseEntry(id, value).entry ?? null;
  } catch {
    return null;
  }
}

/**
 * Keep `entry` (without version/updated/revision: added here) over revision `base`: the
 * revision this tab last read or wrote of the game (0: none).  Written only if the stored
 * record is still at `base` (or gone: a game deleted elsewhere while played here comes back)
 * and is not damaged (a damaged value is kept for download, never overwritten: "damaged");
 * the game goes on either way.
 * @param {Omit<SaveEntry, "updated" | "revision" | "version">} entry
 * @param {number} [base]
 * @returns {Promise<Written>}
 */
export async function putSave(entry, base = 0) {
  const db = await database();
  if (!db) return { ok: false, problem: "disabled" };
  try {
    const tx = db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    const current = await store.get(entry.id);
    if (current !== undefined && parseEntry(entry.id, current).damaged) {
      await tx.done;
      return { ok: false, problem: "damaged" };
    }
    if (current !== undefined && revisionOf(current) !== base) {
      await tx.done;
      return { ok: false, problem: "stale", saved: parseEntry(entry.id, current).entry ?? null };
    }
    const revision = Math.max(base, revisionOf(current)) + 1;
    const full = { ...entry, version: VERSION, updated: Date.now(), revision };
    await Promise.all([store.put(full), tx.done]);
    await trim(entry.id);
    askToPersist();
    return { ok: true, revision };
  } catch (error) {
    if (isQuota(error)) return { ok: false, problem: "full" };
    return { ok: false, problem: "failed", reason: String(error instanceof Error ? error.message : error).slice(0, 200) };
  }
}

/** Whether `error` says the browser's storage for the site is full.
 * @param {any} error what was thrown
 */
function isQuota(error) {
  return error?.name === "QuotaExceededError" || error?.code === 22
    || /quota/i.test(String(error?.message ?? ""));
}

/** Over MAX_SAVES, drop the oldest finished games, sparing `keep`; unfinished ones stay.
 * @param {string} keep
 */
async function trim(keep) {
  const good = (await listSaves()).filter((item) => item.entry);
  const finished = good.filter((item) => item.entry?.over && item.id !== keep).reverse();
  for (let count = good.length; count > MAX_SAVES && finished.length; count--) {
    const oldest = finished.shift();
    if (oldest) await deleteSave(oldest.id);
  }
}

const PERSIST_KEY = "inselspiele.persist"; // "asked": the browser was asked once
let persistAsked = false;

/**
 * Once a player has saved games, ask the browser once to keep the site's storage when space
 * runs short (`navigator.storage.persist()`); its answer is the browser's (Chromium decides
 * without a question, Firefox may ask the player).
 */
async function askToPersist() {
  if (persistAsked) return;
  persistAsked = true;
  try {
    if (localStorage.getItem(PERSIST_KEY) === "asked" || !navigator.storage?.persist) return;
    localStorage.setItem(PERSIST_KEY, "asked");
    if (!(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch { /* storage disabled or the question refused: the saves are kept all the same */ }
}

/** Delete saved game `id` (damaged ones too); resolves to what was stored, for `restoreSave`
 *  (undefined when nothing was).
 * @param {string} id
 * @returns {Promise<any>} the stored value, as IndexedDB gives it back
 */
export async function deleteSave(id) {
  const db = await database();
  try {
    const value = await db?.get(STORE, id);
    await db?.delete(STORE, id);
    return value;
  } catch (error) {
    console.warn(`saved game ${id}: not deleted`, error);
    return undefined;
  }
}

/** Put back a deleted game as it was stored (`deleteSave`'s answer): "Deleted — Undo". A
 *  game saved under its id since (played on in another tab) stays as it is.
 * @param {any} value deleteSave's answer
 */
export async function restoreSave(value) {
  const db = await database();
  if (!db || value === undefined) return;
  try {
    const tx = db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    const now = await store.get(value.id);
    await Promise.all([now === undefined ? store.put(value) : Promise.resolve(), tx.done]);
  } catch (error) {
    console.warn(`saved game ${value?.id}: not restored`, error);
  }
}

/** Delete every saved game (damaged ones too). */
export async function deleteAllSaves() {
  for (const { id } of await listSaves()) await deleteSave(id);
}

/** Delete every finished game (making room when the storage is full); how many went. */
export async function deleteFinishedSaves() {
  const finished = (await listSaves()).filter((item) => item.entry?.over);
  for (const { id } of finished) await deleteSave(id);
  return finished.length;
}
