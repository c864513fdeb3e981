// A pupil's learning report handed in without a server, and the teacher's class report made
// from many: a hand-in is a small JSON object (the words one pupil was asked in one game, with
// their name and the list's title), carried as a .json file or as a short text code
// ("WR1." + the JSON deflated, in base64url).  readHandIns() checks what arrived (a damaged
// or repeated hand-in is named and skipped, never counted twice), regrade() grades every
// answer again (a hand-in edited to say wrong answers were right is marked, still read) and
// classReport() counts per word times asked and missed and who missed it, per pupil asked,
// right and the words missed most.  No page: tested in Node.
import { fromBase64url, pipe, toBase64url } from "../keep/links.js";

export const KIND = "inselspiele-report";
const PREFIX = "WR1.";
const MAX_ASKED = 500; // words one game can ask (32 placements × up to 10 turns): far fewer
const MAX_TEXT = 200; // characters of a name, a title or a word

/** A word as a hand-in carries it: [shown, right form, answer, right?].
 * @typedef {[string, string, string, boolean]} Asked */
/** A pupil's hand-in (`changed`: re-graded otherwise than it said, regrade).
 * @typedef {{kind: string, v: number, name: string, list: string, day?: string,
 *   grading?: Grading, words: Asked[], changed?: boolean}} HandIn */
/** The grading options of the engine's op `grade`.
 * @typedef {{articles_optional?: boolean, ascii_spelling?: boolean}} Grading */

/**
 * The hand-in of `seat` in a learning report (op `report`): `name` the pupil's name, `when`
 * the day (YYYY-MM-DD).  Each word asked as [shown, right form, answer, right?]; `grading`
 * the game's grading options (for the teacher's re-grading).
 * @param {{title?: string, grading?: Grading,
 *   seats: {asked: {shown: string, correct: string, answer: string, right: boolean}[]}[]}} report
 * @param {number} seat
 * @param {string} name
 * @param {string} when
 * @returns {HandIn}
 */
export function handIn(report, seat, name, when) {
  return { kind: KIND, v: 1, name: name.trim().slice(0, MAX_TEXT), list: report.title ?? "",
    day: when, grading: gradingOf(report.grading),
    words: report.seats[seat].asked.map((a) => [a.shown, a.correct, a.answer, a.right]) };
}

/** Grading options as the engine's op `grade` takes them (absent or damaged: its defaults).
 * @param {Grading | undefined} grading
 * @returns {Grading}
 */
function gradingOf(grading) {
  return { articles_optional: grading?.articles_optional !== false,
    ascii_spelling: grading?.ascii_spelling === true };
}

/** A hand-in as a short text code to type or paste.
 * @param {HandIn} entry
 */
export async function toCode(entry) {
  const json = new TextEncoder().encode(JSON.stringify(entry));
  return PREFIX + toBase64url(await pipe(json, new CompressionStream("deflate-raw")));
}

/** A text code back as the hand-in it carries; throws when it is damaged.
 * @param {string} code
 */
export async function fromCode(code) {
  const text = code.replace(/\s+/g, "");
  if (!text.startsWith(PREFIX)) throw new Error("prefix");
  const bytes = await pipe(fromBase64url(text.slice(PREFIX.length)), new DecompressionStream("deflate-raw"));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

const isText = (/** @type {unknown} */ value) => typeof value === "string" && value.length <= MAX_TEXT;

/** Whether `entry` is a well-formed hand-in.
 * @param {any} entry a value read back, anything JSON holds
 * @returns {entry is HandIn}
 */
export function isHandIn(entry) {
  return Boolean(entry) && entry.kind === KIND && entry.v === 1 && isText(entry.name)
    && entry.name.trim() !== "" && isText(entry.list) && isText(entry.day ?? "")
    && (entry.grading === undefined || (typeof entry.grading === "object" && entry.grading !== null))
    && Array.isArray(entry.words) && entry.words.length <= MAX_ASKED
    && entry.words.every((/** @type {unknown[]} */ w) => Array.isArray(w) && w.length === 4 && w.slice(0, 3).every(isText)
      && typeof w[3] === "boolean");
}

/**
 * Hand-ins as they arrive — `{source, json}` (a file's or code's text, `source` naming it for
 * the teacher) — read and checked: `handIns` the well-formed ones in the order they came,
 * `skipped` [{source, reason: "damaged" | "duplicate", name?}].  A pupil's name counts once: a
 * second hand-in under the same name is a duplicate (names compared without case and outer
 * spaces).
 * @param {{source: string, json: string}[]} arrivals
 */
export function readHandIns(arrivals) {
  /** @type {HandIn[]} */
  const handIns = [];
  /** @type {{source: string, reason: "damaged" | "duplicate", name?: string}[]} */
  const skipped = [];
  const seen = new Set();
  for (const { source, json } of arrivals) {
    let entry;
    try {
      entry = JSON.parse(json);
    } catch {
      entry = null;
    }
    if (!isHandIn(entry)) { skipped.push({ source, reason: "damaged" }); continue; }
    const key = entry.name.trim().toLocaleLowerCase();
    if (seen.has(key)) { skipped.push({ source, reason: "duplicate", name: entry.name }); continue; }
    seen.add(key);
    handIns.push({ ...entry, name: entry.name.trim() });
  }
  return { handIns, skipped };
}

/**
 * A hand-in graded again from its answers: each answer against the right form — the
 * teacher's list's (`pairs`, either side asks the other) where it holds the word shown, else
 * the hand-in's own — by `grade(answer, correct, grading)` (the engine's op `grade`, the
 * game's one grading).  `changed`: some grade or right form did not match what the hand-in
 * says (edited by hand); its words are then counted as graded here, never refused.
 * @param {HandIn} entry a well-formed hand-in
 * @param {(answer: string, correct: string, grading: Grading) => Promise<boolean | null>} grade
 * @param {string[][] | null} [pairs]
 */
export async function regrade(entry, grade, pairs = null) {
  /** @type {Map<string, string>} */
  const otherSide = new Map();
  for (const [a, b] of pairs ?? []) {
    otherSide.set(a, b);
    otherSide.set(b, a);
  }
  const grading = gradingOf(entry.grading);
  let changed = false;
  /** @type {Asked[]} */
  const words = [];
  for (const [shown, said, answer, claimed] of entry.words) {
    const correct = otherSide.get(shown) ?? said;
    const right = (await grade(answer, correct, grading)) ?? claimed; // null: could not grade
    changed ||= right !== claimed || correct !== said;
    words.push([shown, correct, answer, right]);
  }
  return { ...entry, words, changed };
}

/**
 * The class report of (re-graded) hand-ins: `pupils` [{name, list, asked, right, share,
 * changed, missedMost: [{correct, times}]}] in the order they came (missedMost: their three
 * words missed most often), `words` [{shown, correct, asked, missed, pupils, missedBy}] —
 * times asked and missed over the class, pupils asked, names of the pupils who missed it —
 * hardest first (most misses, then the larger share missed, then by the right form).
 * @param {HandIn[]} handIns
 */
export function classReport(handIns) {
  /** @type {Map<string, {shown: string, correct: string, asked: number, missed: number,
   *   pupils: Set<string>, missedBy: string[]}>} */
  const words = new Map();
  const pupils = handIns.map((entry) => {
    /** @type {Map<string, number>} */
    const mine = new Map(); // this pupil's misses per word
    for (const [shown, correct, , ok] of entry.words) {
      const id = JSON.stringify([shown, correct]);
      const word = words.get(id) ?? { shown, correct, asked: 0, missed: 0, pupils: new Set(), missedBy: [] };
      words.set(id, word);
      word.asked += 1;
      word.pupils.add(entry.name);
      if (!ok) {
        word.missed += 1;
        if (!word.missedBy.includes(entry.name)) word.missedBy.push(entry.name);
        mine.set(correct, (mine.get(correct) ?? 0) + 1);
      }
    }
    const right = entry.words.filter((w) => w[3]).length;
    const missedMost = [...mine].map(([correct, times]) => ({ correct, times }))
      .sort((a, b) => b.times - a.times || a.correct.localeCompare(b.correct)).slice(0, 3);
    return { name: entry.name, list: entry.list, asked: entry.words.length, right,
      share: entry.words.length ? Math.round((100 * right) / entry.words.length) : null,
      changed: Boolean(entry.changed), missedMost };
  });
  const order = [...words.values()].map((w) => ({ ...w, pupils: w.pupils.size }))
    .sort((a, b) => b.missed - a.missed || b.missed / b.asked - a.missed / a.asked
      || a.correct.localeCompare(b.correct));
  return { pupils, words: order };
}

/** A pasted text code as an arrival for mergeHandIns (a damaged code: json "", so skipped).
 * @param {string} code
 * @param {string} source
 */
export async function codeArrival(code, source) {
  try {
    return { source, json: await fromCode(code) };
  } catch {
    return { source, json: "" };
  }
}

/** The text codes in pasted text: every run of characters starting "WR1." (or any other
 *  non-blank word, which then counts as a damaged code).
 * @param {string} text
 */
export function codesIn(text) {
  return text.split(/\s+/).filter(Boolean);
}
