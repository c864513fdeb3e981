// What the shell's modules need from a browser, for tests in Node (node --test tests/js/):
// an in-memory localStorage, matchMedia, a document and window just deep enough for the
// modules' top levels, fetch of the site's own files (strings.js loads its catalogue with
// it), and the golden playthroughs (tests/golden/<game>.jsonl) decoded into positions.
import { readFileSync } from "node:fs";
import { register } from "node:module";
import { fileURLToPath } from "node:url";

// engine.js's PyScript import answered by a fake worker (fake-runtime.mjs)
register("./fake-runtime.mjs", import.meta.url);

export const ROOT = new URL("../../", import.meta.url);

/** localStorage in memory; `failing` makes setItem throw as a full storage does. */
export class MemoryStorage {
  constructor() {
    this.items = new Map();
    this.failing = false;
  }
  get length() { return this.items.size; }
  key(index) { return [...this.items.keys()][index] ?? null; }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) {
    if (this.failing) throw new Error("QuotaExceededError");
    this.items.set(key, String(value));
  }
  removeItem(key) { this.items.delete(key); }
  clear() { this.items.clear(); }
}

globalThis.localStorage = new MemoryStorage();
globalThis.window ??= globalThis;
globalThis.matchMedia ??= (query) => ({ matches: false, media: query,
  addEventListener() {}, removeEventListener() {} });
globalThis.dispatchEvent ??= () => true; // engine.js announces its start
globalThis.document ??= { documentElement: { lang: "", dataset: {} }, title: "",
  createElement: () => { throw new Error("no DOM in these tests"); } };

// fetch of files under the repository (file: URLs, as import.meta.url makes them there)
const fetchOnline = globalThis.fetch;
globalThis.fetch = async (url, init) => {
  const address = new URL(String(url));
  if (address.protocol !== "file:") return fetchOnline(url, init);
  try {
    return new Response(readFileSync(fileURLToPath(address)));
  } catch {
    return new Response("", { status: 404 });
  }
};

/** The English catalogue loaded, as the page does it (strings.js). */
export async function english() {
  const strings = await import("../../assets/js/common/strings.js");
  await strings.loadLanguage("en");
  return strings;
}

/** The catalogue itself, to tell a worded text from a key left as it is. */
export const CATALOGUE = JSON.parse(readFileSync(new URL("assets/i18n/en.json", ROOT), "utf8"));

/**
 * The positions of a golden file (format: tools/golden.py's docstring), decoded: each
 * {case, ply, toMove, legal (the engine's, whole), over, answers: [{seat, view, legal}]}
 * with every shorthand ("=0", {"=0 but"}, "=static", "=legal", a long list's change)
 * written out.
 */
export function goldenPositions(game) {
  const text = readFileSync(new URL(`tests/golden/${game}.jsonl`, ROOT), "utf8");
  const positions = [];
  let header = null;
  let before = [];
  for (const line of text.split("\n")) {
    if (!line) continue;
    const entry = JSON.parse(line);
    if ("record" in entry) { header = entry; before = []; continue; }
    if (!("ply" in entry)) continue; // the end line: every seat's record
    const legal = Array.isArray(entry.legal) ? entry.legal : changed(before, entry.legal);
    before = legal;
    const unstatic = (view) => Object.fromEntries(Object.entries(view).map(([key, value]) =>
      [key, value === "=static" ? header.static[key] : value]));
    const first = unstatic(entry.answers[0].view);
    const answers = entry.answers.map((answer, index) => {
      let view = answer.view;
      if (index === 0) view = first;
      else if (view === "=0") view = first;
      else if (view["=0 but"]) view = { ...first, ...unstatic(view["=0 but"]) };
      else view = unstatic(view);
      return { seat: answer.seat, view, legal: answer.legal === "=legal" ? legal : answer.legal };
    });
    positions.push({ case: entry.case, record: header.record, ply: entry.ply,
      toMove: entry.to_move, legal, over: entry.over, answers });
  }
  return positions;
}

function changed(before, { added, removed, count }) {
  const gone = new Set(removed);
  const legal = [...before.filter((move) => !gone.has(move)), ...added];
  if (legal.length !== count) throw new Error(`golden legal list: ${legal.length} != ${count}`);
  return legal;
}

/** A few positions of each case: the first, some along the way, the last. */
export function samplePositions(game, perCase = 6) {
  const byCase = new Map();
  for (const position of goldenPositions(game)) {
    if (!byCase.has(position.case)) byCase.set(position.case, []);
    byCase.get(position.case).push(position);
  }
  const chosen = [];
  for (const list of byCase.values()) {
    const step = Math.max(1, Math.floor((list.length - 1) / (perCase - 1)));
    for (let i = 0; i < list.length; i += step) chosen.push(list[i]);
    if (chosen.at(-1) !== list.at(-1)) chosen.push(list.at(-1));
  }
  return chosen;
}

/** A small seeded generator (mulberry32): the same seed, the same damage. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
}
