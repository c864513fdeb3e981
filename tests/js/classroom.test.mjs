// The classroom layer in Node: a teacher's class link (what it opens), the QR code's size
// for a link's length.
import assert from "node:assert/strict";
import { test } from "node:test";
import { english } from "./helpers.mjs";

await english();
globalThis.location = { origin: "https://example.test", pathname: "/inselspiele/", hash: "" };
const links = await import("../../assets/js/keep/links.js");
const { classGame, classLink, KNOWLEDGE_CHOICES } = await import("../../assets/js/class/classlink.js");
const { qrCode } = await import("../../assets/js/share/qr.js");
const { knowledgeOf } = await import("../../assets/js/play/players.js");

const WORDS = { title: "Woche 12", sides: ["Singular", "Plural"],
  pairs: Array.from({ length: 12 }, (_, i) => [`das Ding${i}`, `die Dinge${i}`]) };
const hashOf = (url) => url.slice(url.indexOf("#"));

test("class link: a pupil's link opens the list against the computer at the teacher's level", async () => {
  const choice = { pupils: "computer", level: "easy", knowledge: 0.6, options: { multiple_choice: true, x: 1 } };
  const url = await classLink(WORDS, choice, 1234);
  const link = await links.parseLink(hashOf(url));
  assert.deepEqual(link, { kind: "record", byLink: false, key: "r", seats: ["human", "easy"],
    computer: { knowledge: 0.6 },
    record: { game: "wortreversi", options: { multiple_choice: true, words: WORDS }, seed: 1234, moves: [] } });
  // the link fits the game's seats and its computer options (arrivals.js refuses it otherwise)
  const options = [{ name: "knowledge", choices: KNOWLEDGE_CHOICES }];
  assert.ok(links.seatsFit(link.seats, link.computer, 2, options));
  const byLevel = await links.parseLink(hashOf(await classLink(WORDS, { ...choice, knowledge: "level" }, 1)));
  assert.deepEqual(byLevel.computer, { knowledge: "level" });
  assert.ok(links.seatsFit(byLevel.seats, byLevel.computer, 2, options));
});

test("class link: two pupils at one device carry no computer", async () => {
  const { record, seats, computer } = classGame(WORDS, { pupils: "pair", level: "hard", knowledge: 1 }, 5);
  assert.deepEqual([seats, computer, record.options], [["human", "human"], {}, { words: WORDS }]);
  const link = await links.parseLink(hashOf(await classLink(WORDS, { pupils: "pair" }, 5)));
  assert.equal(link.seats, undefined); // opens as people at one device
  assert.equal(link.record.options.words.title, "Woche 12");
});

test("naming rate: each level's default and a chosen share", () => {
  assert.deepEqual(["easy", "medium", "hard", "expert"].map((level) => knowledgeOf(level, { knowledge: "level" })),
    [0.5, 0.7, 0.9, 1]);
  assert.equal(knowledgeOf("medium", {}), 0.7);
  assert.equal(knowledgeOf("medium", { knowledge: 0.4 }), 0.4);
});

// Byte-mode capacity of QR versions at error correction L (ISO/IEC 18004, table 7)
const CAPACITY_L = [0, 17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520, 586, 644,
  718, 792, 858];

test("QR: the smallest version that holds the link, 17 + 4 × version modules a side", async () => {
  const url = await classLink(WORDS, { pupils: "computer", level: "medium", knowledge: "level" }, 99);
  for (const text of ["https://example.test/", url, url.slice(0, 300), "x".repeat(858)]) {
    const code = qrCode(text);
    const version = CAPACITY_L.findIndex((capacity) => capacity >= text.length);
    assert.equal(code.version, version, `${text.length} characters`);
    assert.equal(code.count, 17 + 4 * version);
  }
  assert.equal(qrCode("x".repeat(3000)), null); // past version 40: no code, the page says so
  // the finder pattern's dark corner modules and the quiet light ring inside it
  const code = qrCode(url);
  assert.ok(code.dark(0, 0) && code.dark(0, code.count - 1) && code.dark(code.count - 1, 0));
  assert.ok(!code.dark(1, 1) && code.dark(2, 2));
});

const handin = await import("../../assets/js/class/handin.js");

/** A learning report (op `report`'s shape) where seat 0 answered `answers` to `asked`. */
function reportOf(asked) {
  return { title: "Woche 12", seats: [{ asked: asked.map(([shown, correct, answer]) =>
    ({ shown, correct, answer, right: answer === correct })) }, { asked: [] }] };
}

/** The engine's grading, as far as these words need it: case and outer spaces ignored. */
const grade = async (answer, correct) => answer.trim().toLowerCase() === correct.toLowerCase();

test("hand-ins: by code and by file, read, re-graded and counted per word and per pupil; damaged and repeated skipped", async () => {
  const anna = handin.handIn(reportOf([["der Hund", "die Hunde", "die Hunde"], ["die Maus", "die Mäuse", "die Mause"],
    ["die Maus", "die Mäuse", "die Mäuse"]]), 0, " Anna ", "2026-11-26");
  const ben = handin.handIn(reportOf([["der Hund", "die Hunde", "die Hunds"], ["die Maus", "die Mäuse", "x"],
    ["das Haus", "die Häuser", "die Häuser"], ["das Haus", "die Häuser", "die Häuser"]]), 0, "Ben", "2026-11-26");
  // Cem misses "die Füße" every time he is asked it (three times)
  const cem = handin.handIn(reportOf([["der Fuß", "die Füße", "die Fuße"], ["der Fuß", "die Füße", "die Fusse"],
    ["der Hund", "die Hunde", "die Hunde"], ["der Fuß", "die Füße", "Füßen"]]), 0, "Cem", "2026-11-26");
  assert.equal(anna.name, "Anna");
  assert.deepEqual(anna.grading, { articles_optional: true, ascii_spelling: false });
  const code = await handin.toCode(anna);
  assert.match(code, /^WR1\.[\w-]+$/);
  assert.ok(code.length < 400, `${code.length} characters`);
  const arrivals = [
    await handin.codeArrival(code, "code 1"),
    { source: "ben.json", json: JSON.stringify(ben) },
    await handin.codeArrival(code.slice(0, -6), "code 3"), // cut short: damaged
    { source: "anna-again.json", json: JSON.stringify({ ...anna, name: "anna" }) }, // the same pupil
    { source: "notes.json", json: JSON.stringify({ kind: "inselspiele-report", v: 1, name: "Cem", words: "x" }) },
    { source: "empty.json", json: "" },
    { source: "cem.json", json: JSON.stringify(cem) },
  ];
  const { handIns, skipped } = handin.readHandIns(arrivals);
  assert.deepEqual(skipped.map((s) => [s.source, s.reason]), [["code 3", "damaged"],
    ["anna-again.json", "duplicate"], ["notes.json", "damaged"], ["empty.json", "damaged"]]);
  const graded = await Promise.all(handIns.map((entry) => handin.regrade(entry, grade)));
  assert.deepEqual(graded.map((entry) => entry.changed), [false, false, false]);
  const report = handin.classReport(graded);
  assert.deepEqual(report.pupils.map((p) => [p.name, p.asked, p.right, p.share]),
    [["Anna", 3, 2, 67], ["Ben", 4, 2, 50], ["Cem", 4, 1, 25]]);
  assert.deepEqual(report.pupils[2].missedMost, [{ correct: "die Füße", times: 3 }]);
  // hardest first: times missed, then the share missed
  assert.deepEqual(report.words.map((w) => [w.correct, w.asked, w.missed, w.pupils, w.missedBy]),
    [["die Füße", 3, 3, 1, ["Cem"]], ["die Mäuse", 3, 2, 2, ["Anna", "Ben"]],
      ["die Hunde", 3, 1, 3, ["Ben"]], ["die Häuser", 2, 0, 1, []]]);
  assert.deepEqual(handin.codesIn(` ${code}\n\n${code} `), [code, code]);
});

test("hand-ins: one edited to say its wrong answers were right is marked, re-graded, still read", async () => {
  const honest = handin.handIn(reportOf([["der Hund", "die Hunde", "die Hundes"], ["die Maus", "die Mäuse", "die Mäuse"]]),
    0, "Dora", "2026-11-26");
  const forged = { ...honest, words: honest.words.map(([shown, correct, answer]) => [shown, correct, answer, true]) };
  const [entry] = handin.readHandIns([{ source: "dora.json", json: JSON.stringify(forged) }]).handIns;
  const again = await handin.regrade(entry, grade);
  assert.equal(again.changed, true);
  assert.deepEqual(handin.classReport([again]).pupils.map((p) => [p.name, p.right, p.changed]), [["Dora", 1, true]]);
  // a right form edited to match the answer: caught against the teacher's list
  const edited = { ...honest, words: [["der Hund", "die Hundes", "die Hundes", true]] };
  const pairs = [["der Hund", "die Hunde"], ["die Maus", "die Mäuse"]];
  const checked = await handin.regrade(edited, grade, pairs);
  assert.deepEqual([checked.changed, checked.words], [true, [["der Hund", "die Hunde", "die Hundes", false]]]);
  assert.equal((await handin.regrade(honest, grade, pairs)).changed, false);
  // the engine could not grade (null): the hand-in's own grade stands
  assert.equal((await handin.regrade(forged, async () => null)).changed, false);
});
