// The parts app.js wires but does not hold: the language to start in and the switch
// (language.js), Share, Send move and Save as file (sharing.js), and where a board tap goes
// (taps.js), each against fakes of the parts it is given.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CATALOGUE, english } from "./helpers.mjs";

const strings = await english();
const { t } = strings;
globalThis.location = { origin: "https://example.test", pathname: "/inselspiele/", hash: "" };
globalThis.navigator = { languages: ["fr-CH", "de-AT", "en"] };
const { languageSwitch, startLanguage } = await import("../../assets/js/boot/language.js");
const { Sharing } = await import("../../assets/js/share/sharing.js");
const { tapRouter } = await import("../../assets/js/play/taps.js");
const { parseLink } = await import("../../assets/js/keep/links.js");

const SETTINGS = "inselspiele.settings";
const hashOf = (url) => url.slice(url.indexOf("#"));

// --- language ----------------------------------------------------------------------------
test("language: a #lang= link first, else the one chosen before, else the browser's", async () => {
  localStorage.clear();
  assert.equal(await startLanguage(""), "de"); // the browser's first that the app speaks
  assert.equal(strings.currentLanguage(), "de");
  localStorage.setItem(SETTINGS, JSON.stringify({ version: 1, language: "en" }));
  assert.equal(await startLanguage(""), "en");
  assert.equal(await startLanguage("#lang=DE"), "de");
  assert.equal(await startLanguage("#lang=xx"), "de"); // not spoken: the browser's, not the chosen
  assert.equal(await startLanguage("#play=ponte"), "en");
});

test("language: the switch speaks a new language, writes the texts again and remembers it", async () => {
  localStorage.clear();
  await strings.loadLanguage("en");
  const label = { dataset: { textLabel: "appTitle" }, setAttribute(name, value) { this[name] = value; } };
  const text = { dataset: { text: "shareHelp" }, textContent: "" };
  document.querySelectorAll = (selector) => (selector === "[data-text]" ? [text] : [label]);
  let rewrites = 0;
  const switchTo = languageSwitch(() => { rewrites += 1; });
  assert.equal(await switchTo("xx"), false);
  assert.equal(localStorage.getItem(SETTINGS), null); // nothing remembered
  assert.equal(await switchTo("en"), true); // spoken already: remembered, nothing written again
  assert.equal(JSON.parse(localStorage.getItem(SETTINGS)).language, "en");
  assert.equal(rewrites, 0);
  assert.equal(text.textContent, "");
  assert.equal(await switchTo("de"), true);
  assert.equal(strings.currentLanguage(), "de");
  assert.equal(JSON.parse(localStorage.getItem(SETTINGS)).language, "de");
  assert.equal(rewrites, 1);
  assert.equal(text.textContent, t("shareHelp"));
  assert.notEqual(text.textContent, CATALOGUE.shareHelp); // German now
  assert.equal(label["aria-label"], t("appTitle"));
  assert.equal(document.title, t("appTitle"));
  await strings.loadLanguage("en");
});

test("strings: numbers the language's way — integers as they are, decimals through Intl", async () => {
  for (const [language, half, twoThirds] of [["en", "1.5", "0.67"], ["de", "1,5", "0,67"]]) {
    await strings.loadLanguage(language);
    assert.equal(t("{n}", { n: 12345 }), "12345"); // no grouping
    assert.equal(t("{n}", { n: -3 }), "-3");
    assert.equal(t("{n}", { n: 1.5 }), half);
    assert.equal(t("{n}", { n: 2 / 3 }), twoThirds);
  }
  await strings.loadLanguage("en");
});

// --- sharing -------------------------------------------------------------------------------
const RECORD = { game: "kahuna", options: {}, seed: 3, moves: ["a1", "b2"] };

/** A Sharing over a fake controller (its save answers `saved`), dialog and download. */
function sharingWith(saved) {
  const seen = { said: [], shared: [], files: [] };
  const controller = { save: async () => saved, say: (text, isError) => seen.said.push([text, isError]) };
  const state = { game: { id: "kahuna", answer: { view: { current: 1 } }, seats: ["human", "hard"],
    computer: { knowledge: 0.5 } } };
  const views = { kahuna: { words: { seats: () => [{ name: "Black" }, { name: "White" }] } } };
  const sharing = new Sharing(/** @type {any} */ ({ controller, state, views,
    dialog: { share: async (url, info) => seen.shared.push({ url, ...info }) },
    download: (name, text) => seen.files.push({ name, text }) }));
  return { sharing, seen };
}

test("sharing: Share offers a link to the whole record with its seats, named and explained", async () => {
  const { sharing, seen } = sharingWith({ ok: true, record: RECORD });
  await sharing.share();
  const [offer] = seen.shared;
  assert.equal(seen.shared.length, 1);
  assert.deepEqual(await parseLink(hashOf(offer.url)), { kind: "record", record: RECORD, byLink: false,
    key: "r", seats: ["human", "hard"], computer: { knowledge: 0.5 } });
  assert.equal(offer.title, t("game_kahuna"));
  assert.equal(offer.help, t("shareHelp"));
  assert.equal(offer.note, t("shareNote_kahuna")); // the game's secrets ride in the link
  assert.deepEqual(seen.said, []);
});

test("sharing: Send move offers a move link for the seat to move, by name", async () => {
  const { sharing, seen } = sharingWith({ ok: true, record: RECORD });
  await sharing.share(true);
  const [offer] = seen.shared;
  assert.deepEqual(await parseLink(hashOf(offer.url)), { kind: "record", record: RECORD, byLink: true, key: "m" });
  assert.equal(offer.help, t("sendMoveHelp", { name: "White" }));
});

test("sharing: a game without a note shares none", async () => {
  const { sharing, seen } = sharingWith({ ok: true, record: { ...RECORD, game: "ponte" } });
  sharing.state.game.id = "ponte";
  sharing.views.ponte = sharing.views.kahuna;
  await sharing.share();
  assert.equal(seen.shared[0].note, "");
  assert.equal(seen.shared[0].title, t("game_ponte"));
});

test("sharing: Save as file offers the record as dated JSON", async () => {
  const { sharing, seen } = sharingWith({ ok: true, record: RECORD });
  await sharing.exportFile();
  const [file] = seen.files;
  assert.match(file.name, /^inselspiele-kahuna-\d{4}-\d\d-\d\d\.json$/);
  assert.ok(file.text.endsWith("}\n"));
  assert.deepEqual(JSON.parse(file.text), RECORD);
});

test("sharing: a game that cannot be saved is neither shared nor offered, and says why", async () => {
  const { sharing, seen } = sharingWith({ ok: false, error: "the engine said no" });
  await sharing.share();
  await sharing.share(true);
  await sharing.exportFile();
  assert.deepEqual(seen.shared, []);
  assert.deepEqual(seen.files, []);
  assert.deepEqual(seen.said, Array(3).fill(["the engine said no", true]));
});

// --- taps ----------------------------------------------------------------------------------
/** A tap router over fakes: the board zooms (`zoomable`) and the view finds `crowd` and `target`. */
function tapsWith({ zoomable = false, crowd = undefined, target = "c3" } = {}) {
  const seen = { zooms: [], said: [], cursor: [], picks: [], crowded: 0, taps: [] };
  const BOX = { width: 300, height: 200 };
  const shown = { current: 0, ply: 4 };
  const view = { board: {
    pick: (box, v, point) => { seen.picks.push({ box, v, point }); return target; },
    ...(crowd === undefined ? {} : { crowded: (box, v) => { seen.crowded += 1; assert.equal(box, BOX); assert.equal(v, shown); return crowd; } }),
  } };
  const controller = {
    say: (text) => seen.said.push(text),
    tap: (find) => seen.taps.push(find({ current: 1, ply: 5 })), // the position once its turn comes
  };
  const tapAt = tapRouter(/** @type {any} */ ({
    board: () => ({ zoomable, zoomAt: (point, factor) => seen.zooms.push([point, factor]) }),
    cursor: () => ({ moveTo: (place) => seen.cursor.push(place) }),
    controller, state: { game: { id: "g", answer: { view: shown } } }, views: { g: view }, box: () => BOX }));
  return { tapAt, seen, BOX };
}

test("taps: a tap goes to the controller, the place found in the position its turn sees", () => {
  const point = { x: 10, y: 20 };
  const { tapAt, seen, BOX } = tapsWith({ crowd: 3 }); // crowded, but the board does not zoom
  tapAt(point);
  assert.equal(seen.crowded, 0);
  assert.deepEqual(seen.taps, ["c3"]);
  assert.deepEqual(seen.picks, [{ box: BOX, v: { current: 1, ply: 5 }, point }]);
  assert.deepEqual(seen.cursor, ["c3"]); // the keyboard goes on from there
  assert.deepEqual(seen.zooms, []);
});

test("taps: a tap on no place leaves the keyboard cursor where it was", () => {
  const { tapAt, seen } = tapsWith({ target: null });
  tapAt({ x: 1, y: 1 });
  assert.deepEqual(seen.taps, [null]);
  assert.deepEqual(seen.cursor, []);
});

test("taps: between places too close together a zoomable board zooms in and says so", () => {
  const point = { x: 5, y: 6 };
  const crowded = tapsWith({ zoomable: true, crowd: 2.5 });
  crowded.tapAt(point);
  assert.deepEqual(crowded.seen.zooms, [[point, 2.5]]);
  assert.deepEqual(crowded.seen.said, [t("zoomedToPick")]);
  assert.deepEqual(crowded.seen.taps, []);
  for (const parts of [{ zoomable: true, crowd: 0 }, { zoomable: true }]) { // clear, or no crowding
    const { tapAt, seen } = tapsWith(parts);
    tapAt(point);
    assert.deepEqual(seen.zooms, [], JSON.stringify(parts));
    assert.deepEqual(seen.taps, ["c3"], JSON.stringify(parts));
  }
});
