// Players' and teams' names in Node: cleaned and cut, read back from links and files that may
// be damaged (never a reason to refuse the game), a new game's names from the setup, and the
// views' words naming a seat by its player's name.
import assert from "node:assert/strict";
import { test } from "node:test";
import { english, MemoryStorage } from "./helpers.mjs";

await english();
globalThis.location = { origin: "https://example.test", pathname: "/inselspiele/", hash: "" };
globalThis.localStorage ??= new MemoryStorage();
const names = await import("../../assets/js/keep/names.js");
const links = await import("../../assets/js/keep/links.js");
const { readNamesFrom } = await import("../../assets/js/common/seat-names.js");
const { VIEWS } = await import("../../assets/js/views/index.js");

const hashOf = (url) => url.slice(url.indexOf("#"));
const RECORD = { game: "othello", options: {}, seed: 7, moves: ["d3"] };

test("names: hidden characters out, spaces joined, cut to whole characters", () => {
  assert.equal(names.cleanName("  Anna \n\t Lena\u202e "), "Anna Lena");
  assert.equal(names.cleanName("<b>Ben</b>"), "<b>Ben</b>"); // text, shown as text
  const long = "Maximiliane-Alexandra von Hohenzollern";
  assert.equal(names.cleanName(long), long.slice(0, names.MAX_NAME).trim());
  assert.equal([...names.cleanName("🦊".repeat(30))].length, names.MAX_NAME); // no half emoji
  assert.equal(names.cleanName(undefined), "");
});

test("names: read from a link or file; damaged dropped, long cut, each said", () => {
  assert.deepEqual(names.readNames(undefined), { names: null, problem: "" });
  assert.deepEqual(names.readNames({ seats: ["Anna", ""] }),
    { names: { seats: ["Anna", ""], teams: [] }, problem: "" });
  assert.deepEqual(names.readNames({ seats: ["", ""], teams: [] }), { names: null, problem: "" });
  for (const damaged of ["Anna", ["Anna"], { seats: "Anna" }, { seats: [1, 2] },
    { seats: ["a", "b", "c", "d", "e", "f", "g"] }, { seats: ["Anna"], teams: [{}] }]) {
    assert.deepEqual(names.readNames(damaged), { names: null, problem: "namesDamaged" }, JSON.stringify(damaged));
  }
  const long = names.readNames({ seats: ["x".repeat(5000), "Ben"] });
  assert.deepEqual(long, { names: { seats: ["x".repeat(names.MAX_NAME), "Ben"], teams: [] },
    problem: "namesCut" });
  assert.match(names.namesProblemText("namesCut"), /longer than 24 characters/);
});

test("names: a file's record and its names taken apart", () => {
  const file = names.withNames(RECORD, { seats: ["Anna", "Ben"], teams: [] });
  assert.deepEqual(file.names.seats, ["Anna", "Ben"]);
  assert.deepEqual(names.takeNames(file), { record: RECORD, names: { seats: ["Anna", "Ben"], teams: [] },
    namesProblem: "" });
  assert.equal(names.withNames(RECORD, null), RECORD);
  assert.deepEqual(names.takeNames({ ...RECORD, names: 12 }), { record: RECORD, names: null,
    namesProblem: "namesDamaged" });
});

test("names: a new game names the seats people play, and the teams", () => {
  const typed = { seats: ["Anna", "Ben", "Cem", "Dana"], teams: ["Die Blauen", "Die Roten", "x"] };
  assert.deepEqual(names.gameNames(["human", "medium"], 0, typed), { seats: ["Anna", ""], teams: [] });
  assert.deepEqual(names.gameNames(["human", "link", "easy", "human"], 2, typed),
    { seats: ["Anna", "Ben", "", "Dana"], teams: ["Die Blauen", "Die Roten"] });
  assert.equal(names.gameNames(["easy", "hard"], 0, typed), null);
  assert.equal(names.teamCount({ teams: [[0, 2], [1, 3]] }), 2);
  assert.equal(names.teamCount({ teams: null }), 0);
});

test("names: what this device remembers comes back as names, one bound for all", async () => {
  const prefs = await import("../../assets/js/keep/prefs.js");
  prefs.rememberNames(["Anna\u202e", "y".repeat(60)]);
  prefs.rememberNames(["Die Blauen"], "teams");
  assert.deepEqual(names.rememberedNames(),
    { seats: ["Anna", "y".repeat(names.MAX_NAME)], teams: ["Die Blauen"] });
  assert.equal(names.nameOf(1, "Rot"), "y".repeat(names.MAX_NAME));
});

test("links: names ride in record and move links; damaged ones never refuse the link", async () => {
  const given = { seats: ["Anna", "Ben"], teams: [] };
  const shared = await links.parseLink(hashOf(await links.recordLink(RECORD, { names: given })));
  assert.deepEqual([shared.kind, shared.record, shared.names, shared.namesProblem],
    ["record", RECORD, given, undefined]);
  const move = await links.parseLink(hashOf(await links.moveLink(RECORD, given)));
  assert.deepEqual([move.byLink, move.names], [true, given]);
  const none = await links.parseLink(hashOf(await links.recordLink(RECORD)));
  assert.equal(none.names, undefined);
  const bad = await links.parseLink(hashOf(await links.recordLink({ ...RECORD, names: { seats: 5 } })));
  assert.deepEqual([bad.kind, bad.record, bad.names, bad.namesProblem], ["record", RECORD, undefined, "namesDamaged"]);
  const long = await links.parseLink(hashOf(await links.recordLink({ ...RECORD,
    names: { seats: ["A".repeat(300), ""] } }, { seats: ["human", "hard"] })));
  assert.deepEqual([long.seats, long.names.seats[0].length, long.namesProblem],
    [["human", "hard"], names.MAX_NAME, "namesCut"]);
});

test("views: a named seat is called by its name, its colour beside it in the panel", () => {
  const view = { counts: [2, 2], current: 0, must_pass: false, size: 8, names: [] };
  const game = VIEWS.othello;
  readNamesFrom(() => ({ seats: ["Anna", ""] }));
  try {
    assert.deepEqual(game.words.seats(view).map(({ name, role }) => [name, role]),
      [["Anna", "Player 1 (dark)"], ["Player 2 (light)", undefined]]);
    assert.match(game.words.prompt(view), /^Anna\b/);
  } finally {
    readNamesFrom(() => null);
  }
  assert.deepEqual(game.words.seats(view).map(({ name }) => name), ["Player 1 (dark)", "Player 2 (light)"]);
});
