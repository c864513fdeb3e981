// The shared schemas of what is read back (assets/js/common/schemas.js): a good record, save,
// picture and computer settings of every game pass; random damage (deep in the value too)
// never throws, and whatever passes keeps the bounds that stop a hang or a hijack — a board
// side the views draw in a moment, a request to the engine made of named fields only, an id
// made of checked text.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CATALOGUE, english, goldenPositions, MemoryStorage, random } from "./helpers.mjs";

const { t } = await english();
const schemas = await import("../../assets/js/common/schemas.js");
const { aiStartArgs } = await import("../../assets/js/table/computer.js");
const GAMES = ["othello", "ponte", "kahuna", "wortreversi", "inselspiel"];

const ODD = [null, true, 0, -1, 1e6, 1_000_000_000, -1e300, 1e400, NaN, "", "x", "[object Object]",
  [], [1], {}, { toString: 1 }, { op: "new", game: "ponte", seed: 1 }, "othello", 2 ** 53, 0.5,
  Array.from({ length: 5000 }, () => 0)];

/** `value` with one to four places, anywhere in it, dropped or replaced by an odd value. */
function damage(value, next) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  const copy = structuredClone(value);
  for (let n = 1 + Math.floor(next() * 4); n > 0; n--) {
    let target = copy;
    while (next() < 0.6) { // go deeper
      const inner = Object.values(target).filter((item) => item && typeof item === "object");
      if (!inner.length) break;
      target = pick(inner);
    }
    const key = pick([...Object.keys(target), "size", "op", "width"]);
    if (next() < 0.25) delete target[key];
    else target[key] = structuredClone(pick(ODD));
  }
  return copy;
}

/** The largest `size` anywhere in a value, and the largest aspect of a width and height (a
 *  list's own properties are none: the views read only its items). */
function sizes(value, found = { side: 0, aspect: 1 }) {
  if (!value || typeof value !== "object") return found;
  if (Array.isArray(value)) {
    for (const item of value) sizes(item, found);
    return found;
  }
  if (typeof value.size === "number") found.side = Math.max(found.side, value.size);
  if (typeof value.width === "number") {
    found.aspect = Math.max(found.aspect, value.width / value.height, value.height / value.width);
  }
  for (const item of Object.values(value)) sizes(item, found);
  return found;
}

const golden = Object.fromEntries(GAMES.map((game) => [game, goldenPositions(game)]));
const pictureOf = (game) => structuredClone(golden[game].at(-1).answers[0].view);
const recordOf = (game) => structuredClone(golden[game][0].record);
const saveOf = (game) => {
  const record = recordOf(game);
  return { version: 1, id: `${record.game}-${record.seed}`, game: record.game, record,
    seats: ["human", "easy"], computer: game === "wortreversi" ? { knowledge: 0.5 } : {},
    picture: pictureOf(game), moves: record.moves.length, over: false, updated: 1, revision: 2 };
};
const ownId = (record) => `${record.game}-${record.seed}`;

test("schemas: every game's record, picture and save as the engine makes them pass", () => {
  for (const game of GAMES) {
    assert.equal(schemas.recordProblem(recordOf(game)), null, game);
    assert.equal(schemas.pictureProblem(pictureOf(game)), null, game);
    const save = saveOf(game);
    assert.equal(schemas.saveProblem(save.id, save, 1, ownId), null, game);
  }
});

test("schemas: the hang's picture and the hijack's settings are refused, each in words", () => {
  const picture = { ...pictureOf("othello"), size: 1_000_000 };
  assert.deepEqual(schemas.pictureProblem(picture), { key: "storedPicture" });
  const hijack = { op: "new", game: "ponte", seed: 1 };
  assert.deepEqual(schemas.computerProblem(hijack), { key: "storedComputer" });
  const save = { ...saveOf("othello"), computer: hijack };
  assert.equal(schemas.saveProblem(save.id, save, 1, ownId).key, "storedComputer");
  assert.deepEqual(aiStartArgs("easy", hijack), { level: "easy" }); // named fields only
  for (const [value, key] of [[{ game: { toString: 1 }, seed: 1, moves: [] }, "recordNoGameName"],
    [{ game: "ponte", seed: { toString: 1 }, moves: [] }, "recordSeed"],
    [{ game: "ponte", seed: 1e400, moves: [] }, "recordSeed"], [null, "recordNotGame"],
    [42, "recordNotGame"], [[], "recordNotGame"], ['{"game":"ponte"}', "recordNotGame"]]) {
    assert.equal(schemas.recordProblem(value)?.key, key, JSON.stringify(value));
  }
  assert.equal(schemas.saveProblem("othello-1", { ...saveOf("othello"), version: undefined }, 1, ownId).key,
    "savedNotGame"); // never "format version undefined"
});

test("schemas: random damage never throws, and what passes keeps the bounds", () => {
  globalThis.localStorage = new MemoryStorage(); // (the expert's thinking time)
  let refused = 0;
  for (let round = 0; round < 600; round++) {
    const next = random(round + 1);
    const game = GAMES[round % GAMES.length];
    const save = damage(saveOf(game), next);
    const problem = schemas.saveProblem(save?.id, save, 1, ownId);
    if (problem) {
      refused++;
      assert.ok(problem.key in CATALOGUE, problem.key);
      const words = t(problem.key, problem.params);
      assert.doesNotMatch(words, /undefined|null|NaN|\[object|None|\{/, words);
      continue;
    }
    const { side, aspect } = sizes(save.picture);
    assert.ok(side <= schemas.MAX_SIDE && aspect <= 8, `round ${round}: a picture drawn in a moment`);
    assert.ok(save.record.moves.length <= schemas.MAX_MOVES);
    assert.match(ownId(save.record), /^[a-z][a-z0-9_]*-\d+$/, `round ${round}: an id of checked text`);
    const request = aiStartArgs("expert", save.computer);
    assert.deepEqual(Object.keys(request).filter((name) => !["level", "budget_ms", "knowledge"]
      .includes(name)), [], `round ${round}: ai_start of named fields`);
  }
  assert.ok(refused > 300, `most damage is found (${refused} of 600)`);
});

test("schemas: remembered settings and per-game choices keep only what fits", () => {
  const choices = { sound: ["off", "on"], thinking: ["2", "1"] };
  assert.deepEqual(schemas.readSettings({ sound: "on", thinking: 1e9, extra: "x" }, choices),
    { sound: "on" });
  assert.deepEqual(schemas.readSettings([1], choices), {});
  assert.deepEqual(schemas.readGamePrefs({ level: "hard", computer: { op: "new" },
    seats: ["human", "easy"], form: { hints: "true" }, options: { size: 8 } }),
  { level: "hard", seats: ["human", "easy"], form: { hints: "true" }, options: { size: 8 } });
  assert.deepEqual(schemas.readGamePrefs({ level: "human", seats: "x", form: { a: {} } }), {});
});
