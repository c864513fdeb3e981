// The saved games (assets/js/keep/saves.js, migrate.js) on an in-memory IndexedDB (fake-indexeddb):
// records and revisions, the compare-and-set that keeps a stale tab from overwriting newer
// moves, the move of old localStorage entries (their exact shape as the earlier saves.js
// wrote them), a full storage, damaged values, and random damage that never breaks the list.
import "fake-indexeddb/auto";
import assert from "node:assert/strict";
import { test } from "node:test";
import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { CATALOGUE, english, MemoryStorage, random } from "./helpers.mjs";

const { t } = await english();
const saves = await import("../../assets/js/keep/saves.js");
const OLD = "inselspiele.save.";

/** A fresh, empty browser profile: a new IndexedDB and localStorage (the module reopens). */
function freshProfile() {
  globalThis.indexedDB = new IDBFactory();
  globalThis.localStorage = new MemoryStorage();
}

/** A save as the controller gives it (no version, updated or revision: added by putSave). */
function entry(seed, moves = [], over = false, game = "othello") {
  const record = { game, options: {}, seed, moves };
  return { id: `${game}-${seed}`, game, record, seats: ["human", "easy"], computer: {},
    picture: "", moves: moves.length, over };
}

/** An entry exactly as the earlier saves.js stored it in localStorage. */
function oldEntry(seed, moves = [], updated = 1_700_000_000_000, over = false) {
  return { ...entry(seed, moves, over), version: 1, updated };
}

/** Make the database's writes fail as a full storage does, while `run` runs. */
async function whileFull(run) {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function full() {
    throw new DOMException("the quota has been exceeded", "QuotaExceededError");
  };
  try {
    return await run();
  } finally {
    IDBObjectStore.prototype.put = put;
  }
}

test("saves: kept with a revision, found by id, newest first, deleted", async () => {
  freshProfile();
  assert.equal(saves.saveId(entry(5).record), "othello-5");
  assert.deepEqual(await saves.putSave(entry(1, ["a1"]), 0), { ok: true, revision: 1 });
  await new Promise((resolve) => setTimeout(resolve, 2)); // a later `updated`
  assert.deepEqual(await saves.putSave(entry(2)), { ok: true, revision: 1 });
  assert.deepEqual((await saves.listSaves()).map((item) => item.id), ["othello-2", "othello-1"]);
  const one = await saves.getSave("othello-1");
  assert.deepEqual([one.record.moves, one.version, one.revision], [["a1"], 1, 1]);
  assert.deepEqual(await saves.putSave(entry(1, ["a1", "b2"]), 1), { ok: true, revision: 2 });
  assert.equal((await saves.getSave("othello-1")).revision, 2);
  await saves.deleteSave("othello-1");
  assert.equal(await saves.getSave("othello-1"), null);
  await saves.deleteAllSaves();
  assert.deepEqual(await saves.listSaves(), []);
});

test("saves: a write over an old revision is refused (a stale tab), the newer moves stay", async () => {
  freshProfile();
  await saves.putSave(entry(1, ["a"]), 0); // both tabs read revision 1
  assert.deepEqual(await saves.putSave(entry(1, ["a", "b", "c"]), 1), { ok: true, revision: 2 });
  const stale = await saves.putSave(entry(1, ["a", "x"]), 1); // the other tab, one move on
  assert.equal(stale.ok, false);
  assert.equal(stale.problem, "stale");
  assert.deepEqual(stale.saved.record.moves, ["a", "b", "c"]); // told what is saved
  assert.deepEqual((await saves.getSave("othello-1")).record.moves, ["a", "b", "c"]);
  assert.equal((await saves.putSave(entry(1, ["z"]), 0)).problem, "stale", "a new game over a saved one");
  await saves.deleteSave("othello-1"); // deleted in another tab while played here: it comes back
  assert.deepEqual(await saves.putSave(entry(1, ["a", "b", "c", "d"]), 2), { ok: true, revision: 3 });
});

test("saves: two writes at the same revision: the first is kept, the second told", async () => {
  freshProfile();
  await saves.putSave(entry(3, ["a"]), 0);
  const [first, second] = await Promise.all([saves.putSave(entry(3, ["a", "b"]), 1),
    saves.putSave(entry(3, ["a", "c"]), 1)]);
  assert.deepEqual(first, { ok: true, revision: 2 });
  assert.equal(second.problem, "stale");
  assert.deepEqual((await saves.getSave("othello-3")).record.moves, ["a", "b"]);
});

test("saves: old localStorage entries are moved in once, damaged ones too, nothing lost", async () => {
  freshProfile();
  const old = {
    "othello-1": JSON.stringify(oldEntry(1, ["d3", "c5"])),
    "othello-2": JSON.stringify(oldEntry(2, [], 1e300)), // a date no calendar holds
    "othello-3": JSON.stringify({ ...oldEntry(3, ["f5"], 1, true) }),
    cut: JSON.stringify(oldEntry(4)).slice(0, 40),
    old: JSON.stringify({ ...oldEntry(5), version: 0 }),
    "ponte-1": JSON.stringify(oldEntry(1)), // another game's key
  };
  for (const [id, raw] of Object.entries(old)) localStorage.setItem(OLD + id, raw);
  localStorage.setItem("inselspiele.prefs", "{}"); // not ours to move
  const list = await saves.listSaves();
  assert.deepEqual(list.map((item) => item.id).sort(), Object.keys(old).sort());
  const byId = Object.fromEntries(list.map((item) => [item.id, item]));
  assert.deepEqual(byId["othello-1"].entry.record.moves, ["d3", "c5"]);
  assert.equal(byId["othello-1"].entry.revision, 1);
  assert.equal(byId["othello-1"].entry.updated, 1_700_000_000_000);
  assert.equal(byId["othello-2"].entry.updated, null);
  assert.equal(byId["othello-3"].entry.over, true);
  for (const id of ["cut", "old", "ponte-1"]) assert.equal(byId[id].raw, old[id], id); // as it was
  assert.match(t(byId.cut.damaged.key), /not valid JSON/);
  assert.match(t(byId.old.damaged.key, byId.old.damaged.params), /\(format 0;/);
  assert.match(t(byId["ponte-1"].damaged.key, byId["ponte-1"].damaged.params), /holds the game “othello-1”/);
  assert.deepEqual([...localStorage.items.keys()], ["inselspiele.prefs"], "the old keys are gone");
  globalThis.indexedDB = reopened(); // a second start moves nothing twice
  assert.deepEqual((await saves.listSaves()).map((item) => item.id).sort(), Object.keys(old).sort());
  // and the moved games go on: a write over revision 1
  assert.deepEqual(await saves.putSave(entry(1, ["d3", "c5", "e6"]), 1), { ok: true, revision: 2 });
});

test("saves: an old entry meeting a saved record: more of the same moves wins, another game is kept beside", async () => {
  freshProfile();
  await saves.putSave(entry(1, ["a", "b", "c"]));
  await saves.putSave(entry(2, ["a"]));
  await saves.putSave(entry(3, ["a", "b"]));
  globalThis.localStorage = new MemoryStorage(); // an old version, still open in a tab, wrote…
  localStorage.setItem(`${OLD}othello-1`, JSON.stringify(oldEntry(1, ["a", "b"]))); // behind
  localStorage.setItem(`${OLD}othello-2`, JSON.stringify(oldEntry(2, ["a", "b", "c"]))); // ahead
  localStorage.setItem(`${OLD}othello-3`, JSON.stringify(oldEntry(3, ["a", "x", "y"]))); // apart
  globalThis.indexedDB = reopened(); // the next start
  const list = await saves.listSaves();
  const moves = Object.fromEntries(list.map((item) => [item.id, item.entry?.record.moves]));
  assert.deepEqual(moves["othello-1"], ["a", "b", "c"]);
  assert.deepEqual(moves["othello-2"], ["a", "b", "c"]);
  assert.equal((await saves.getSave("othello-2")).revision, 2);
  assert.deepEqual(moves["othello-3"], ["a", "b"]);
  assert.deepEqual(moves["othello-3~old"], ["a", "x", "y"], "kept beside it, as a copy");
  assert.equal(localStorage.length, 0);
});

/** The same database under another factory object, as a new page start sees it. */
function reopened() {
  const factory = globalThis.indexedDB;
  return new Proxy(factory, { get: (target, name) => {
    const value = Reflect.get(target, name);
    return typeof value === "function" ? value.bind(target) : value;
  } });
}

test("saves: a full storage while moving old entries in keeps them where they were", async () => {
  freshProfile();
  localStorage.setItem(`${OLD}othello-1`, JSON.stringify(oldEntry(1, ["a"])));
  await whileFull(() => saves.listSaves());
  assert.notEqual(localStorage.getItem(`${OLD}othello-1`), null, "not removed before it is written");
  globalThis.indexedDB = reopened();
  assert.deepEqual((await saves.getSave("othello-1")).record.moves, ["a"]); // moved next time
  assert.equal(localStorage.length, 0);
});

test("saves: a full storage is reported; no game is dropped for it, finished ones go when asked", async () => {
  freshProfile();
  await saves.putSave(entry(1, ["a"], true)); // finished
  await saves.putSave(entry(2, ["a"])); // in progress
  const written = await whileFull(() => saves.putSave(entry(3, ["a"])));
  assert.deepEqual(written, { ok: false, problem: "full" });
  assert.deepEqual((await saves.listSaves()).map((item) => item.id).sort(), ["othello-1", "othello-2"]);
  assert.equal(await saves.deleteFinishedSaves(), 1);
  assert.deepEqual((await saves.listSaves()).map((item) => item.id), ["othello-2"]);
  assert.deepEqual(await saves.putSave(entry(3, ["a"])), { ok: true, revision: 1 });
});

test("saves: past MAX_SAVES the oldest finished game goes; games in progress are never dropped", async () => {
  freshProfile();
  let now = 1000;
  const realNow = Date.now;
  Date.now = () => now++;
  try {
    await saves.putSave(entry(0, [], false)); // oldest, still running
    await saves.putSave(entry(1, [], true)); // oldest finished
    for (let seed = 2; seed <= saves.MAX_SAVES; seed++) await saves.putSave(entry(seed));
    let ids = (await saves.listSaves()).map((item) => item.id);
    assert.equal(ids.length, saves.MAX_SAVES);
    assert.ok(!ids.includes("othello-1") && ids.includes("othello-0"));
    await saves.putSave(entry(99));
    ids = (await saves.listSaves()).map((item) => item.id);
    assert.equal(ids.length, saves.MAX_SAVES + 1, "none finished: all kept");
  } finally {
    Date.now = realNow;
  }
});

test("saves: damaged records are listed with a reason, first, and never thrown", async () => {
  freshProfile();
  await saves.putSave(entry(1));
  const db = await saves.database();
  await db.put("saves", { id: "list", raw: "[1, 2]" });
  await db.put("saves", { id: "norecord", version: 1, updated: 1, seats: [] });
  await db.put("saves", { ...entry(4), version: 1, updated: 1, seats: null });
  await db.put("saves", { ...entry(5), version: 1, updated: "yesterday", revision: "x" });
  await db.put("saves", { ...entry(6), id: "othello-9", version: 1, updated: 1 });
  const list = await saves.listSaves();
  const reasons = Object.fromEntries(list.filter((item) => item.damaged)
    .map((item) => [item.id, t(item.damaged.key, item.damaged.params)]));
  assert.match(reasons.list, /not a saved game/);
  assert.match(reasons.norecord, /record is missing/);
  assert.match(reasons["othello-4"], /incomplete/);
  assert.equal(reasons["othello-9"], "stored as “othello-9” but holds the game “othello-6”");
  assert.equal(await saves.getSave("othello-9"), null);
  const odd = await saves.getSave("othello-5"); // a date and revision no one wrote: usable
  assert.deepEqual([odd.updated, odd.revision], [null, 0]);
  assert.deepEqual(list.at(-2).id, "othello-1"); // after the damaged ones, before the undated
});

test("saves: no database (storage disabled) keeps nothing and breaks nothing", async () => {
  const real = Object.getOwnPropertyDescriptor(globalThis, "indexedDB");
  Object.defineProperty(globalThis, "indexedDB", { configurable: true,
    get() { throw new Error("SecurityError"); } });
  try {
    assert.deepEqual(await saves.listSaves(), []);
    assert.deepEqual(await saves.putSave(entry(1)), { ok: false, problem: "disabled" });
    assert.equal(await saves.getSave("othello-1"), null);
  } finally {
    Object.defineProperty(globalThis, "indexedDB", real);
  }
});

// --- random damage -------------------------------------------------------------------------
const ODD = [null, true, 0, -1, 1e300, -1e300, 9e15, NaN, "", "x", "yesterday", [], [1], {}, { at: 1 },
  "othello", ["a"], 2 ** 53];

/** `value` damaged at random: a field dropped or replaced, deep in the record too, or its
 *  text cut or a character changed. Returns the text to store. */
function damage(value, next) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  const copy = structuredClone(value);
  for (let n = 1 + Math.floor(next() * 3); n > 0; n--) {
    const target = next() < 0.3 ? copy.record ?? copy : copy;
    if (!target || typeof target !== "object") break;
    const key = pick([...Object.keys(target), "revision", "moves"]);
    if (next() < 0.3) delete target[key];
    else target[key] = pick(ODD);
  }
  let text = JSON.stringify(copy);
  const how = next();
  if (how < 0.15) text = text.slice(0, Math.floor(next() * text.length));
  else if (how < 0.25) {
    const at = Math.floor(next() * text.length);
    text = text.slice(0, at) + pick(["{", "]", '"', ",", "9", "é"]) + text.slice(at + 1);
  }
  return text;
}

/** What every listed item must be: usable, or damaged with a worded reason and its text. */
function checkItem(item) {
  if (item.entry) {
    assert.ok(Array.isArray(item.entry.record.moves) && Array.isArray(item.entry.seats));
    assert.ok(Number.isSafeInteger(item.entry.revision) && item.entry.revision >= 0);
    assert.ok(item.entry.updated === null || Number.isFinite(new Date(item.entry.updated).getTime()));
  } else {
    assert.ok(item.damaged.key in CATALOGUE, item.damaged.key);
    assert.equal(typeof t(item.damaged.key, item.damaged.params), "string");
    assert.equal(typeof item.raw, "string");
  }
}

test("saves: random damage to old entries and records never breaks the list, loses nothing", async () => {
  for (let round = 0; round < 40; round++) {
    const next = random(round + 1);
    freshProfile();
    const texts = new Map();
    for (let i = 0; i < 6; i++) {
      const id = i === 5 ? `ponte-${round}` : `othello-${i}`;
      const text = damage(oldEntry(i, ["a", "b"].slice(0, i % 3)), next);
      texts.set(id, text);
      localStorage.setItem(OLD + id, text);
    }
    const list = await saves.listSaves();
    assert.deepEqual(list.map((item) => item.id).sort(), [...texts.keys()].sort(), `round ${round}`);
    for (const item of list) {
      checkItem(item);
      if (item.damaged) assert.equal(item.raw, texts.get(item.id), `round ${round}: its text kept`);
    }
    const db = await saves.database(); // and damage to the records themselves
    for (const item of list.filter((one) => one.entry).slice(0, 2)) {
      let value = null;
      try {
        value = JSON.parse(damage(item.entry, next));
      } catch { /* cut text: this one's record stays */ }
      if (value && typeof value === "object" && !Array.isArray(value)) await db.put("saves", { ...value, id: item.id });
    }
    for (const item of await saves.listSaves()) {
      checkItem(item);
      await saves.getSave(item.id);
    }
    assert.deepEqual(await saves.putSave(entry(77, ["a"])), { ok: true, revision: 1 });
  }
});

test("saves: once a game is saved, the browser is asked once to keep the site's storage", async () => {
  freshProfile();
  const asked = [];
  const storage = { persisted: async () => false, persist: async () => { asked.push("persist"); return true; } };
  const real = Object.getOwnPropertyDescriptor(globalThis, "navigator");
  Object.defineProperty(globalThis, "navigator", { configurable: true, value: { storage } });
  try {
    const fresh = await import("../../assets/js/keep/saves.js?persist");
    await fresh.listSaves();
    assert.deepEqual(asked, [], "not before a game is saved");
    await fresh.putSave(entry(1, ["a"]));
    await fresh.putSave(entry(1, ["a", "b"]), 1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(asked, ["persist"]);
    const later = await import("../../assets/js/keep/saves.js?persist-next-visit");
    await later.putSave(entry(2, ["a"]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(asked, ["persist"], "asked once, not at every visit");
  } finally {
    if (real) Object.defineProperty(globalThis, "navigator", real);
    else delete globalThis.navigator;
  }
});
