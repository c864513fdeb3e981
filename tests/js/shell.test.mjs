// The shell's modules that hold no board: links, CSV, remembered choices and settings
// (against an in-memory localStorage; saved games: saves.test.mjs), and the engine's queue
// with the computer's steps (table/computer.js) against a fake engine (fake-pyscript.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";
import { english, MemoryStorage } from "./helpers.mjs";

const { t } = await english();
globalThis.location = { origin: "https://example.test", pathname: "/inselspiele/", hash: "" };
const links = await import("../../assets/js/keep/links.js");
const { toCsv } = await import("../../assets/js/common/csv.js");

/** A fresh copy of a module (its own state: settings.js keeps this visit's choices). */
let fresh = 0;
const freshImport = (path) => import(`${path}?fresh=${++fresh}`);

const RECORD = { game: "ponte", options: { size: 10 }, seed: 7, moves: ["b2,h9", "i7,i8", "e3-g3"] };
const hashOf = (url) => url.slice(url.indexOf("#"));

// --- links ---------------------------------------------------------------------------
test("links: a record link opens the same record, compressed and not", async () => {
  const url = await links.recordLink(RECORD);
  assert.ok(url.startsWith("https://example.test/inselspiele/#r="), url);
  assert.deepEqual(await links.parseLink(hashOf(url)), { kind: "record", record: RECORD, byLink: false, key: "r" });
  const plain = `#record=${links.toBase64url(new TextEncoder().encode(JSON.stringify(RECORD)))}`;
  assert.deepEqual(await links.parseLink(plain), { kind: "record", record: RECORD, byLink: false, key: "record" });
  // people at one device (a friend far away too): no seats in the link, as before
  const people = await links.recordLink(RECORD, { seats: ["human", "link"], computer: { knowledge: 1 } });
  assert.equal(people, url);
});

test("links: a record link keeps the computer's seat, level and settings", async () => {
  const url = await links.recordLink(RECORD, { seats: ["link", "expert"], computer: { knowledge: 0.5 } });
  assert.deepEqual(await links.parseLink(hashOf(url)), { kind: "record", record: RECORD, byLink: false,
    key: "r", seats: ["human", "expert"], computer: { knowledge: 0.5 } });
  const bare = await links.recordLink(RECORD, { seats: ["easy", "human"] });
  assert.deepEqual(await links.parseLink(hashOf(bare)), { kind: "record", record: RECORD, byLink: false,
    key: "r", seats: ["easy", "human"], computer: {} });
  const plain = `#record=${links.toBase64url(new TextEncoder().encode(JSON.stringify({ ...RECORD, seats: ["hard", "human"] })))}`;
  assert.deepEqual((await links.parseLink(plain)).seats, ["hard", "human"]);
});

test("links: seats fit their game's count and computer settings, or the link is damaged", async () => {
  const knowledge = [{ name: "knowledge", choices: [{ value: 1 }, { value: 0.5 }] }];
  assert.equal(links.seatsFit(["human", "hard"], {}, 2), true);
  assert.equal(links.seatsFit(["human", "hard"], { knowledge: 0.5 }, 2, knowledge), true);
  assert.equal(links.seatsFit(["human", "hard"], {}, 3), false); // wrong count
  assert.equal(links.seatsFit(["human", "hard", "easy"], {}, 2), false);
  assert.equal(links.seatsFit(["human", "hard"], { knowledge: 0.3 }, 2, knowledge), false); // not a choice
  assert.equal(links.seatsFit(["human", "hard"], { depth: 9 }, 2, knowledge), false); // no such setting
  const linkOf = async (extra) => hashOf(await links.recordLink({ ...RECORD, ...extra })); // as typed
  for (const extra of [{ seats: ["human", "genius"] }, { seats: "human,hard" }, { seats: [] },
    { seats: ["human", 2] }, { seats: Array(7).fill("human") }, { seats: ["human", "link"] },
    { seats: ["human", "hard"], computer: [1] }, { seats: ["human", "hard"], computer: { a: { b: 1 } } },
    { computer: { knowledge: 1 } }]) {
    assert.deepEqual(await links.parseLink(await linkOf(extra)), { kind: "error", problem: "linkDamaged", key: "r" },
      JSON.stringify(extra));
  }
});

test("links: a move link opens its record for the seat to move", async () => {
  const parsed = await links.parseLink(hashOf(await links.moveLink(RECORD)));
  assert.deepEqual(parsed, { kind: "record", record: RECORD, byLink: true, key: "m" });
  const seated = await links.parseLink(hashOf(await links.moveLink({ ...RECORD, seats: ["hard", "human"] })));
  assert.deepEqual(seated, { kind: "record", record: RECORD, byLink: true, key: "m" }); // seats: not its meaning
});

test("links: a word list survives its link, Umlaute and all", async () => {
  const text = "der Bär = the bear\ndie Tür = the door\n";
  assert.deepEqual(await links.parseLink(hashOf(links.wordsLink(text))), { kind: "words", text });
});

test("links: base64url round trip of every byte value, and junk refused", () => {
  const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
  const code = links.toBase64url(bytes);
  assert.match(code, /^[\w-]+$/);
  assert.deepEqual(links.fromBase64url(code), bytes);
  assert.throws(() => links.fromBase64url("abc+/="));
});

test("links: the simple kinds", async () => {
  assert.deepEqual(await links.parseLink(""), { kind: "none" });
  assert.deepEqual(await links.parseLink("#play=kahuna"), { kind: "play", game: "kahuna" });
  assert.deepEqual(await links.parseLink("#lang=DE"), { kind: "lang", code: "de" });
  assert.deepEqual(await links.parseLink("#projector"), { kind: "projector", on: true });
  assert.deepEqual(await links.parseLink("#projector=off"), { kind: "projector", on: false });
});

test("links: damaged, unknown and overlong links are refused with the reason, never thrown", async () => {
  const good = hashOf(await links.recordLink(RECORD));
  const cases = [
    ["#r=" + "A".repeat(40), "linkDamaged", "r"], // not deflate
    [good.slice(0, good.length - 12), "linkDamaged", "r"], // cut short
    [good.replace(/.$/, "!"), "linkDamaged", "r"], // not base64url
    ["#record=e30x", "linkDamaged", "record"], // not JSON
    [`#record=${links.toBase64url(Uint8Array.from([0xff, 0xfe]))}`, "linkDamaged", "record"], // not UTF-8
    ["#words=%%%", "linkDamaged", "words"],
    ["#play=", "linkDamaged", "play"],
    ["#play=a b", "linkDamaged", "play"],
    ["#projector=maybe", "linkDamaged", "projector"],
    ["#teleport=1", "linkUnknown", "teleport"],
    [`#r=${"A".repeat(200_001)}`, "linkTooLong", "r"],
    ["#100%", "linkDamaged", "100%"], // a name that cannot be decoded: named as typed
    ["#%E0%A4%A=1", "linkDamaged", "%E0%A4%A"],
    ["#%FF", "linkDamaged", "%FF"],
  ];
  for (const [hash, problem, key] of cases) {
    assert.deepEqual(await links.parseLink(hash), { kind: "error", problem, key }, hash.slice(0, 40));
  }
});

// --- csv -------------------------------------------------------------------------------
test("csv: BOM, quoted cells, CRLF, doubled quotes, empty cells", () => {
  assert.equal(toCsv([["a", 'say "hi"', 3], [null, undefined, "Bär"]]),
    '\uFEFF"a","say ""hi""","3"\r\n"","","Bär"\r\n');
  assert.equal(toCsv([["x", "y"]], ";"), '\uFEFF"x";"y"\r\n');
});

test("csv: a cell a spreadsheet would run as a formula stays text", () => {
  for (const cell of ["=1+1", "+49 30", "-3", "@SUM(A1)", "\tx", "\rx"]) {
    assert.equal(toCsv([[cell]]), `\uFEFF"'${cell}"\r\n`, JSON.stringify(cell));
  }
  assert.equal(toCsv([["a-b", "1=1"]]), '\uFEFF"a-b","1=1"\r\n'); // only a first character counts
});

// --- prefs -----------------------------------------------------------------------------
test("prefs: remembered per game and merged", async () => {
  globalThis.localStorage = new MemoryStorage();
  const prefs = await freshImport("../../assets/js/keep/prefs.js");
  assert.deepEqual(prefs.gamePrefs("ponte"), {});
  prefs.rememberGame("ponte", { level: "hard", options: { size: 10 } });
  prefs.rememberGame("ponte", { seats: ["human", "hard"] });
  prefs.rememberGame("kahuna", { level: "easy" });
  assert.deepEqual(prefs.gamePrefs("ponte"), { level: "hard", options: { size: 10 }, seats: ["human", "hard"] });
  assert.deepEqual(prefs.gamePrefs("kahuna"), { level: "easy" });
});

test("prefs: a remembered computer level that is no level reads as none (the default is used)", async () => {
  const prefs = await freshImport("../../assets/js/keep/prefs.js");
  for (const level of ["nonsense", "", 3, null, ["hard"], { level: "hard" }, "human", "link"]) {
    globalThis.localStorage = new MemoryStorage();
    localStorage.setItem("inselspiele.prefs", JSON.stringify({ version: 1,
      games: { ponte: { level, options: { size: 10 } } } }));
    assert.deepEqual(prefs.gamePrefs("ponte"), { options: { size: 10 } }, JSON.stringify(level));
  }
  prefs.rememberGame("ponte", { level: "expert" });
  assert.equal(prefs.gamePrefs("ponte").level, "expert");
});

test("prefs: damaged or foreign stored values read as nothing remembered", async () => {
  const prefs = await freshImport("../../assets/js/keep/prefs.js");
  for (const stored of ["{not json", "null", "42", '"text"', "[]", '{"version": 2, "games": {}}',
    '{"version": 1, "games": null}', '{"version": 1, "games": "ponte"}', '{"version": 1, "games": {"ponte": 7}}']) {
    globalThis.localStorage = new MemoryStorage();
    localStorage.setItem("inselspiele.prefs", stored);
    assert.deepEqual(prefs.gamePrefs("ponte"), {}, stored);
    prefs.rememberGame("ponte", { level: "easy" }); // and remembering starts afresh
    assert.deepEqual(prefs.gamePrefs("ponte"), { level: "easy" }, stored);
  }
  localStorage.failing = true;
  assert.doesNotThrow(() => prefs.rememberGame("ponte", { level: "hard" }));
});

test("prefs: a first-time tip is remembered once per browser, beside the games' choices", async () => {
  globalThis.localStorage = new MemoryStorage();
  const prefs = await freshImport("../../assets/js/keep/prefs.js");
  prefs.rememberGame("inselspiel", { level: "easy" });
  assert.equal(prefs.tipSeen("zoom"), false);
  prefs.rememberTip("zoom");
  assert.equal(prefs.tipSeen("zoom"), true);
  prefs.rememberGame("ponte", { level: "hard" }); // remembering a game keeps the tip
  assert.equal(prefs.tipSeen("zoom"), true);
  assert.deepEqual(prefs.gamePrefs("inselspiel"), { level: "easy" });
  for (const stored of ['{"version": 1, "games": {}, "tips": "zoom"}', '{"version": 1, "games": {}, "tips": {"zoom": 1}}']) {
    localStorage.setItem("inselspiele.prefs", stored);
    assert.equal(prefs.tipSeen("zoom"), false, stored);
  }
});

test("menu: remembered options outside the game's choices read as nothing remembered", async () => {
  globalThis.localStorage = new MemoryStorage();
  const { Menu } = await freshImport("../../assets/js/play/menu.js");
  const started = [];
  const menu = new Menu(/** @type {any} */ ({ play: { addEventListener() {} } }),
    { start: (...args) => started.push(args), learn() {}, call: async () => ({ ok: true }) });
  menu.games.set("inselspiel", { min_players: 2, max_players: 6 });
  menu.games.set("ponte", { min_players: 2, max_players: 2 });
  const remember = (game, options) => localStorage.setItem("inselspiele.prefs",
    JSON.stringify({ version: 1, games: { [game]: { options } } }));
  const quick = (game, kind) => {
    started.length = 0;
    menu.quickStart(game, kind); // "Two players" (kind "human") or "Play the computer"
    return started[0];
  };
  for (const players of [1e10, 1e9, -3, 0, 1, 7, 2.5, "x", "3", null, [3], { n: 3 }]) {
    remember("inselspiel", { players, map: "default" });
    const [, options, seats] = quick("inselspiel", "human");
    assert.deepEqual(options, {}, JSON.stringify(players));
    assert.deepEqual(seats, ["human", "human"], JSON.stringify(players));
  }
  remember("inselspiel", { players: 4, map: "default" }); // within the game's seats: kept
  assert.deepEqual(quick("inselspiel", "human").slice(1, 3),
    [{ players: 4, map: "default" }, ["human", "human", "human", "human"]]);
  for (const options of [{ size: 11 }, { size: "10" }, { size: 10, supply: "endless" },
    { size: 10, seed: 4 }, { players: 3 }, "size", [10], null]) {
    remember("ponte", options);
    assert.deepEqual(quick("ponte", "human")[1], {}, JSON.stringify(options));
  }
  remember("ponte", { size: 12, supply: "unlimited" });
  assert.deepEqual(quick("ponte", "medium").slice(1, 3), [{ size: 12, supply: "unlimited" }, ["human", "medium"]]);
});

// --- settings --------------------------------------------------------------------------
test("settings: defaults, choices kept, unknown values ignored, listeners told", async () => {
  globalThis.localStorage = new MemoryStorage();
  const settings = await freshImport("../../assets/js/keep/settings.js");
  assert.equal(settings.setting("sound"), "off");
  assert.equal(settings.setting("language"), undefined);
  assert.equal(settings.setting("no-such-setting"), undefined);
  const heard = [];
  settings.onSettingChange((name, value) => heard.push([name, value]));
  settings.remember("sound", "on");
  settings.remember("theme", "purple"); // not a choice: ignored
  settings.remember("thinking", "10");
  assert.equal(settings.setting("sound"), "on");
  assert.equal(settings.setting("theme"), "auto");
  assert.deepEqual(heard, [["sound", "on"], ["thinking", "10"]]);
  assert.deepEqual(JSON.parse(localStorage.getItem("inselspiele.settings")),
    { version: 1, sound: "on", thinking: "10" });
  const later = await freshImport("../../assets/js/keep/settings.js"); // the next visit
  assert.equal(later.setting("thinking"), "10");
});

test("settings: damaged storage reads as defaults; a full one keeps the choice for this visit", async () => {
  for (const stored of ["{oops", "null", "[]", '{"version": 9, "sound": "on"}', '{"version": 1, "sound": "loud"}']) {
    globalThis.localStorage = new MemoryStorage();
    localStorage.setItem("inselspiele.settings", stored);
    const settings = await freshImport("../../assets/js/keep/settings.js");
    assert.equal(settings.setting("sound"), "off", stored);
  }
  globalThis.localStorage = new MemoryStorage();
  localStorage.failing = true;
  const settings = await freshImport("../../assets/js/keep/settings.js");
  assert.doesNotThrow(() => settings.remember("projector", "on"));
  assert.equal(settings.setting("projector"), "on");
});

// --- the engine's queue and the computer's steps (a fake engine) ------------------------
const engine = await import("../../assets/js/platform/engine.js");
const players = await import("../../assets/js/table/computer.js"); // the computer's steps

test("engine: Python starts only when the page asks (once its first screen is drawn), once", async () => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(globalThis.pyWorkersMade ?? 0, 0);
  assert.equal(engine.isReady(), false);
  const early = await engine.call("games");
  assert.equal(early.ok, false);
  assert.equal(early.error, (await english()).t("engineStarting"));
  engine.start();
  engine.start();
  await engine.whenReady();
  assert.equal(globalThis.pyWorkersMade, 1);
});

test("engine: answers in the order asked, one request at a time; refusals worded", async () => {
  engine.start();
  await engine.whenReady();
  assert.ok(engine.isReady());
  let running = 0;
  let most = 0;
  const seen = [];
  globalThis.fakeEngine = async (request) => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, request.delay));
    running -= 1;
    seen.push(request.op);
    if (request.op === "bad") return { ok: false, error: "x", reason: { key: "game_over" } };
    return { ok: true, op: request.op, n: request.n };
  };
  const answers = await Promise.all([
    engine.call("first", { delay: 20 }), engine.call("second", { delay: 0 }), engine.call("bad", { delay: 0 })]);
  assert.deepEqual(seen, ["first", "second", "bad"]);
  assert.equal(most, 1);
  assert.deepEqual(answers[0], { ok: true, op: "first" });
  assert.equal(answers[2].ok, false);
  assert.equal(answers[2].error, (await english()).t("engine.game_over"));
  assert.notEqual(answers[2].error, "engine.game_over");
  assert.ok(engine.isIdle());
});

test("engine: a failing door answers {ok: false} in our words, never rejects", async () => {
  globalThis.fakeEngine = () => { throw new Error("worker died"); };
  const answer = await engine.call("play", { move: "a1" });
  assert.equal(answer.ok, false);
  assert.equal(answer.error, t("engineFailed")); // the runtime's words go to the console only
  globalThis.fakeEngine = undefined;
});

test("players: inSteps asks again until done, and hands back the answer", async () => {
  const budgets = [];
  const answer = await players.inSteps(async (budget) => {
    budgets.push(budget);
    return budgets.length < 3 ? { ok: true, done: false } : { ok: true, done: true, move: "d3" };
  }, () => true);
  assert.deepEqual(answer, { ok: true, done: true, move: "d3" });
  assert.deepEqual(budgets, [200, 200, 200]);
});

test("players: inSteps stops at a failure, and gives up once no longer wanted", async () => {
  let steps = 0;
  const failed = await players.inSteps(async () => {
    steps += 1;
    return steps === 2 ? { ok: false, error: "no" } : { ok: true, done: false };
  }, () => true);
  assert.deepEqual(failed, { ok: false, error: "no" });
  assert.equal(steps, 2);
  steps = 0;
  const dropped = await players.inSteps(async () => { steps += 1; return { ok: true }; }, () => steps < 4);
  assert.equal(dropped, null);
  assert.equal(steps, 4);
  assert.equal(await players.inSteps(async () => assert.fail("asked"), () => false), null);
});

test("players: computerMove prepares, starts and steps the engine; null once cancelled", async () => {
  globalThis.localStorage = new MemoryStorage(); // the expert's time: the default 2 s
  const asked = [];
  globalThis.fakeEngine = (request) => {
    asked.push(request);
    if (request.op === "ai_step") {
      return asked.filter((r) => r.op === "ai_step").length < 2 ? { ok: true, done: false }
        : { ok: true, done: true, ai_move: "c4", view: {} };
    }
    return { ok: true };
  };
  const answer = await players.computerMove(engine.call, "othello", "expert", { knowledge: 1 }, 0, () => true);
  assert.equal(answer.ai_move, "c4");
  assert.deepEqual(asked.map((r) => r.op), ["ai_prepare", "ai_start", "ai_step", "ai_step"]);
  assert.deepEqual(asked[1], { op: "ai_start", level: "expert", budget_ms: 2000, knowledge: 1 });
  assert.deepEqual(asked[2], { op: "ai_step", budget_ms: 200, seat: 0 });
  asked.length = 0;
  assert.equal(await players.computerMove(engine.call, "othello", "easy", {}, undefined, () => false), null);
  assert.deepEqual(asked.map((r) => r.op), ["ai_prepare"]);
  globalThis.fakeEngine = undefined;
});

test("offline: the copy is kept unless the player or the connection says to save data", async () => {
  const { keepOffline } = await import("../../assets/js/platform/offline.js");
  assert.equal(keepOffline("auto", undefined), true); // a desktop that says nothing
  assert.equal(keepOffline("auto", { saveData: false, type: "wifi" }), true);
  assert.equal(keepOffline("auto", { saveData: true }), false);
  assert.equal(keepOffline("auto", { type: "cellular" }), false);
  assert.equal(keepOffline("on", { saveData: true, type: "cellular" }), true);
  assert.equal(keepOffline("off", { type: "ethernet" }), false);
});

test("offline: the game-over screen offers the copy only where 'auto' kept none, once", async () => {
  const { offerWanted } = await import("../../assets/js/play/offline-offer.js");
  const phone = { saveData: false, type: "cellular" };
  assert.equal(offerWanted("auto", phone, false, false), true);
  assert.equal(offerWanted("auto", { saveData: true }, false, false), true);
  assert.equal(offerWanted("auto", undefined, false, false), false); // a desktop keeps it anyway
  assert.equal(offerWanted("auto", { type: "wifi" }, false, false), false);
  assert.equal(offerWanted("auto", phone, true, false), false); // kept already
  assert.equal(offerWanted("auto", phone, false, true), false); // "Not now" tapped before
  assert.equal(offerWanted("on", phone, false, false), false); // chosen in the settings
  assert.equal(offerWanted("off", phone, false, false), false);
});

test("start-up progress: by bytes of each part, then by stage, naming what it waits for", async () => {
  const { progressOf } = await import("../../assets/js/platform/loading.js");
  const parts = (runtime, stdlib, code) => Object.fromEntries(Object.entries({ runtime, stdlib, code })
    .filter(([, got]) => got !== undefined)
    .map(([part, got]) => [part, { got, total: 100, wire: part === "runtime" ? 300 : 100 }]));
  const wire = { runtime: 300, stdlib: 100, code: 100 };
  const at = (page, got, compiled = false, python = false) =>
    progressOf({ page, parts: parts(...got), compiled, python, wire });
  const steps = [
    at(false, []), at(true, []), at(true, [0, 0]), at(true, [50, 100]), at(true, [100, 100]),
    at(true, [100, 100], true), at(true, [100, 100, 0], true, true),
    at(true, [100, 100, 40], true, true), at(true, [100, 100, 100], true, true),
  ];
  assert.deepEqual(steps.map((s) => s.key), ["loadingPage", "loadingWorker", "loadingParts",
    "loadingParts", "loadingCompiling", "loadingStart", "loadingCode", "loadingCode", "loadingGames"]);
  assert.deepEqual(steps[3].params, { runtime: 50, stdlib: 100 });
  assert.deepEqual(steps[7].params, { code: 40 });
  // the wasm's bytes weigh by what crosses the wire: half of it is more than the library whole
  assert.ok(at(true, [50, 0]).bytes > at(true, [0, 100]).bytes);
});
