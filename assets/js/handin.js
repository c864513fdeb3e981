// A pupil's learning report handed in without a server, and the teacher's class report made
// from many: a hand-in is a small JSON object (the words one pupil was asked in one game, with
// their name and the list's title), carried as a .json file or as a short text code
// ("WR1." + the JSON deflated, in base64url).  mergeHandIns() counts, per word, how many
// pupils missed it and, per pupil, their share right; a damaged or repeated hand-in is named
// and skipped, never counted twice.  Pure: no page, tested in Node.
import { fromBase64url, toBase64url } from "./links.js";

export const KIND = "inselspiele-report";
const PREFIX = "WR1.";
const MAX_ASKED = 500; // words one game can ask (32 placements × up to 10 turns): far fewer
const MAX_TEXT = 200; // characters of a name, a title or a word

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/**
 * The hand-in of `seat` in a learning report (op `report`): `name` the pupil's name, `when`
 * the day (YYYY-MM-DD).  Each word asked as [shown, right form, answer, right?].
 */
export function handIn(report, seat, name, when) {
  return { kind: KIND, v: 1, name: name.trim().slice(0, MAX_TEXT), list: report.title ?? "",
    day: when, words: report.seats[seat].asked.map((a) => [a.shown, a.correct, a.answer, a.right]) };
}

/** A hand-in as a short text code to type or paste. */
export async function toCode(entry) {
  const json = new TextEncoder().encode(JSON.stringify(entry));
  return PREFIX + toBase64url(await pipe(json, new CompressionStream("deflate-raw")));
}

/** A text code back as the hand-in it carries; throws when it is damaged. */
export async function fromCode(code) {
  const text = code.replace(/\s+/g, "");
  if (!text.startsWith(PREFIX)) throw new Error("prefix");
  const bytes = await pipe(fromBase64url(text.slice(PREFIX.length)), new DecompressionStream("deflate-raw"));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

const isText = (value) => typeof value === "string" && value.length <= MAX_TEXT;

/** Whether `entry` is a well-formed hand-in. */
export function isHandIn(entry) {
  return Boolean(entry) && entry.kind === KIND && entry.v === 1 && isText(entry.name)
    && entry.name.trim() !== "" && isText(entry.list) && isText(entry.day ?? "")
    && Array.isArray(entry.words) && entry.words.length <= MAX_ASKED
    && entry.words.every((w) => Array.isArray(w) && w.length === 4 && w.slice(0, 3).every(isText)
      && typeof w[3] === "boolean");
}

/**
 * Hand-ins as they arrive — `{source, json}` (a file's or code's text, `source` naming it for
 * the teacher) — taken apart into a class report: `pupils` [{name, asked, right, share}] in
 * the order they came, `words` [{shown, correct, asked, missed}] (pupils asked it, pupils who
 * missed it at least once; most missed first), `skipped` [{source, reason: "damaged" |
 * "duplicate"}].  A pupil's name counts once: a second hand-in under the same name is a
 * duplicate (names compared without case and outer spaces).
 * @param {{source: string, json: string}[]} arrivals
 */
export function mergeHandIns(arrivals) {
  const pupils = [];
  const words = new Map();
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
    const right = entry.words.filter((w) => w[3]).length;
    pupils.push({ name: entry.name.trim(), list: entry.list, asked: entry.words.length, right,
      share: entry.words.length ? Math.round((100 * right) / entry.words.length) : null });
    const mine = new Map(); // this pupil's words: missed at least once?
    for (const [shown, correct, , ok] of entry.words) {
      const id = JSON.stringify([shown, correct]);
      mine.set(id, (mine.get(id) ?? false) || !ok);
      if (!words.has(id)) words.set(id, { shown, correct, asked: 0, missed: 0 });
    }
    for (const [id, missed] of mine) {
      const word = words.get(id);
      word.asked += 1;
      if (missed) word.missed += 1;
    }
  }
  const order = [...words.values()].sort((a, b) => b.missed - a.missed || a.correct.localeCompare(b.correct));
  return { pupils, words: order, skipped };
}

/** A pasted text code as an arrival for mergeHandIns (a damaged code: json "", so skipped). */
export async function codeArrival(code, source) {
  try {
    return { source, json: await fromCode(code) };
  } catch {
    return { source, json: "" };
  }
}

/** The text codes in pasted text: every run of characters starting "WR1." (or any other
 *  non-blank word, which then counts as a damaged code). */
export function codesIn(text) {
  return text.split(/\s+/).filter(Boolean);
}
