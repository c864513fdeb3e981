// One schema per kind of value read back from outside — a game record (a save's, a link's, a
// file's), who sits where, the computer's settings, a board picture, a saved game, the
// remembered settings and per-game choices — shared by every way in (saves.js, links.js,
// arrivals.js, settings.js, prefs.js), so that a save is checked exactly as strictly as a link
// or a file.  A check answers null when the value fits, else a phrase {key, params} of the
// catalogues (strings.js words it) saying what is wrong.  Sizes are bounded wherever a value
// is drawn or replayed: a picture's board side, any list in it, a move list's length, so that
// no stored value can keep a view drawing for long (a try/catch cannot stop a long loop).
// Nothing here touches storage or the page.

/** One game's remembered choices, as readGamePrefs lets them through.
 * @typedef {{form?: Record<string, string>, options?: Record<string, unknown>, seats?: string[],
 *   computer?: Record<string, unknown>, level?: string}} GamePrefs */

/** Problem: a phrase of the catalogues. @typedef {{key: string, params?: Record<string, unknown>} | null} Problem */

export const MAX_MOVES = 5000; // a record's moves (the longest games have a few hundred)
const MAX_MOVE_TEXT = 200; // characters of one move
export const MAX_SEATS = 6;
export const MAX_SIDE = 26; // squares along a board's side (a–z)
const MAX_PICTURE = 200_000; // characters of a picture's JSON (Inselspiel's is ~10 000)
const MAX_LIST = 4096; // entries of any list in a picture
const MAX_DEPTH = 8; // nesting of a picture or options
const MAX_ASPECT = 8; // a picture's width / height (and height / width)
const MAX_OPTIONS = 10_000; // characters of a record's options as JSON
const MAX_GAME_ID = 40;

/** Who may sit at a seat: a person or a computer level (a link's and a save's seats). */
export const PLAYER_KINDS = ["human", "easy", "medium", "hard", "expert"];
/** A save's seats also hold friends far away, playing by move links. */
export const SEAT_KINDS = [...PLAYER_KINDS, "link"];
/** Wort-Reversi's computer: the share of words it names right ("level": as its level). */
export const KNOWLEDGE_VALUES = ["level", 1, 0.9, 0.8, 0.75, 0.7, 0.6, 0.5, 0.4, 0.25];
/** Every setting a computer player takes (ai_start), with the values it may have.
 * @type {Record<string, unknown[]>} */
export const COMPUTER_SETTINGS = { knowledge: KNOWLEDGE_VALUES };

/** The phrase `key` (with `params`) saying what is wrong.
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 * @returns {Problem}
 */
const is = (key, params) => ({ key, ...(params ? { params } : {}) });

/** A value read back, before its schema: anything JSON (or a stored value) can hold.
 * @typedef {Record<string, unknown>} Plain */

/** Whether `value` is a plain object (not null, not a list).
 * @param {unknown} value
 * @returns {value is Plain}
 */
export function isPlain(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether `value` is plain JSON data of finite numbers, nested at most `depth` deep.
 * @param {unknown} value
 * @returns {boolean}
 */
function plainData(value, depth = MAX_DEPTH) {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (depth <= 0 || typeof value !== "object") return false;
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.length <= MAX_LIST && items.every((item) => plainData(item, depth - 1));
}

/** Whether `value` is a game's id as the engine names games (e.g. "othello").
 * @param {unknown} value
 * @returns {value is string}
 */
export function isGameId(value) {
  return typeof value === "string" && value.length <= MAX_GAME_ID && /^[a-z][a-z0-9_]*$/.test(value);
}

/**
 * A game record {game, options?, seed, moves} as a save, a link and a file hold it: a game's
 * id, a seed the page holds exactly, plain options, at most MAX_MOVES moves of text.  Whether
 * the moves are legal is the engine's to say when it is loaded.
 * @param {unknown} record
 * @returns {Problem}
 */
export function recordProblem(record) {
  if (!isPlain(record) || !("game" in record)) return is("recordNotGame");
  if (!isGameId(record.game)) return is("recordNoGameName");
  if (typeof record.seed !== "number" || !Number.isSafeInteger(record.seed) || record.seed < 0) {
    return is("recordSeed");
  }
  const { options = {} } = record;
  if (!isPlain(options) || !plainData(options) || JSON.stringify(options).length > MAX_OPTIONS) {
    return is("recordOptions");
  }
  if (!Array.isArray(record.moves)) return is("recordMoves");
  if (record.moves.length > MAX_MOVES) return is("recordTooLong", { max: MAX_MOVES });
  if (!record.moves.every((move) => typeof move === "string" && move.length <= MAX_MOVE_TEXT)) {
    return is("recordMoves");
  }
  return null;
}

/** Who sits where: 1 to MAX_SEATS seats, each one of `kinds`.
 * @param {unknown} seats
 * @param {unknown[]} [kinds]
 * @returns {Problem}
 */
export function seatsProblem(seats, kinds = SEAT_KINDS) {
  return Array.isArray(seats) && seats.length >= 1 && seats.length <= MAX_SEATS
    && seats.every((kind) => kinds.includes(kind)) ? null : is("storedSeats");
}

/** The computer's settings: only the known ones (COMPUTER_SETTINGS), each with one of its
 *  values; none (undefined) is none chosen.
 * @param {unknown} computer
 * @returns {Problem}
 */
export function computerProblem(computer) {
  if (computer === undefined) return null;
  return isPlain(computer) && Object.entries(computer).every(([name, value]) =>
    Object.hasOwn(COMPUTER_SETTINGS, name) && COMPUTER_SETTINGS[name].includes(value))
    ? null : is("storedComputer");
}

/**
 * A board picture (a view's JSON, drawn as a thumbnail): plain data of bounded size, every
 * `size` a board side of 1 to MAX_SIDE squares, every width and height a drawing's that a
 * tile can hold.  None ("" or absent) is no picture.
 * @param {unknown} picture
 * @returns {Problem}
 */
export function pictureProblem(picture) {
  if (picture === undefined || picture === null || picture === "") return null;
  let text;
  try {
    text = JSON.stringify(picture);
  } catch {
    return is("storedPicture"); // (a cycle, or a number type JSON has not)
  }
  if (!isPlain(picture) || text.length > MAX_PICTURE || !plainData(picture)
      || !fitsDrawing(picture)) return is("storedPicture");
  return null;
}

/** Whether every `size`, `width` and `height` in `value` is one a view draws in a moment (a
 *  `size` in words, e.g. Inselspiel's map "small", is no count).
 * @param {unknown} value
 * @returns {boolean}
 */
function fitsDrawing(value) {
  if (Array.isArray(value)) return value.every(fitsDrawing);
  if (!isPlain(value)) return true;
  const { size, width, height } = value;
  if (typeof size === "number" && !(Number.isInteger(size) && size >= 1 && size <= MAX_SIDE)) return false;
  if ((width !== undefined || height !== undefined)
      && !(typeof width === "number" && typeof height === "number" && width > 0 && height > 0
        && width / height <= MAX_ASPECT && height / width <= MAX_ASPECT)) {
    return false;
  }
  return Object.values(value).every(fitsDrawing);
}

/**
 * A saved game's stored value (saves.js), version `version`, stored under `id`: every part
 * by its schema.  `ownId(record)` is the id its record is saved under; a copy's id is that,
 * a tilde and more.
 * @param {unknown} id
 * @param {unknown} entry
 * @param {number} version
 * @param {(record: Plain) => string} ownId
 * @returns {Problem}
 */
export function saveProblem(id, entry, version, ownId) {
  if (!isPlain(entry)) return is("savedNotGame");
  if (entry.version !== version) {
    return typeof entry.version === "number" && Number.isFinite(entry.version)
      ? is("savedVersion", { found: entry.version, wanted: version }) : is("savedNotGame");
  }
  if (!isPlain(entry.record)) return is("savedNoRecord");
  const record = recordProblem(entry.record);
  if (record) return is("savedRecord", { problem: record });
  const own = ownId(entry.record);
  if ((id !== own && !(typeof id === "string" && id.startsWith(`${own}~`))) || entry.game !== entry.record.game) {
    return is("savedElsewhere", { id: typeof id === "string" ? id.slice(0, 60) : "…", holds: own.slice(0, 60) });
  }
  if (!Array.isArray(entry.seats)) return is("savedIncomplete");
  if (typeof entry.moves !== "number" || !Number.isSafeInteger(entry.moves) || entry.moves < 0) {
    return is("savedCount");
  }
  return seatsProblem(entry.seats) ?? computerProblem(entry.computer) ?? pictureProblem(entry.picture)
    ?? (typeof (entry.over ?? false) === "boolean" ? null : is("savedIncomplete"));
}

/** The app's settings as stored: those of `choices` ({name: [allowed…]}) that hold an
 *  allowed value; anything else reads as not chosen.
 * @param {unknown} stored
 * @param {Record<string, unknown[]>} choices
 * @returns {Plain}
 */
export function readSettings(stored, choices) {
  if (!isPlain(stored)) return {};
  return Object.fromEntries(Object.entries(choices)
    .filter(([name, allowed]) => Object.hasOwn(stored, name) && allowed.includes(stored[name]))
    .map(([name]) => [name, stored[name]]));
}

/**
 * One game's remembered choices (prefs.js) as stored: the parts that fit their schema — a
 * form of plain text values, plain options, seats of SEAT_KINDS, computer settings of
 * COMPUTER_SETTINGS, a computer level — the rest dropped.
 * @param {unknown} stored
 * @returns {GamePrefs}
 */
export function readGamePrefs(stored) {
  if (!isPlain(stored)) return {};
  const { form, options, seats, computer, level } = stored;
  return {
    ...(isPlain(form) && Object.values(form).every((value) => typeof value === "string")
      ? { form: /** @type {Record<string, string>} */ (form) } : {}),
    ...(isPlain(options) && plainData(options) ? { options } : {}),
    ...(seatsProblem(seats) === null ? { seats: /** @type {string[]} */ (seats) } : {}),
    ...(isPlain(computer) && computerProblem(computer) === null ? { computer } : {}),
    ...(typeof level === "string" && PLAYER_KINDS.includes(level) && level !== "human" ? { level } : {}),
  };
}
