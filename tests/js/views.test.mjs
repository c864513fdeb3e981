// Each game view (assets/js/views/<game>.js) against positions of the golden playthroughs
// (tests/golden/<game>.jsonl): the views' geometry, taps, words and drawing on the very
// view JSON the engine's door answers.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CATALOGUE, english, goldenPositions, samplePositions } from "./helpers.mjs";

const strings = await english();
const { VIEWS } = await import("../../assets/js/views/index.js");
const GAMES = Object.keys(VIEWS);

/** The answer of the seat to move (or, at the end, the first seat's). */
const mover = (position) => position.answers.find((a) => a.seat === position.toMove) ?? position.answers[0];

/** A text as a person reads it: not empty, no placeholder left, not a catalogue key. */
function assertWorded(text, what) {
  assert.equal(typeof text, "string", `${what}: not text`);
  assert.ok(text.trim().length > 0, `${what}: empty`);
  assert.doesNotMatch(text, /\{\w+\}/, `${what}: placeholder left in "${text}"`);
  assert.ok(!(text in CATALOGUE), `${what}: the key "${text}" instead of its text`);
  assert.doesNotMatch(text, /undefined|NaN|\[object /, `${what}: "${text}"`);
}

/** The engine's notation in a text meant for people (tests/browser/test_words.py scans the
 *  page for the same): place ids, "take:…", "a>b", island codes joined by "-". */
const NOTATION = [/\bp\d+\b/, /\w:\w/, /[>+]/, /->/, /\b[A-Z]{2,}-[A-Z]{2,}\b/, /\b[a-z]\d+[,-][a-z]\d+\b/];

function assertNoNotation(text, what) {
  for (const pattern of NOTATION) assert.doesNotMatch(text, pattern, `${what}: "${text}"`);
}

/** A 2D context that records the drawing calls (canvas methods) and takes any setting. */
function recordingContext() {
  const calls = [];
  const target = { canvas: { width: 800, height: 800 } };
  const context = new Proxy(target, {
    get(object, name) {
      if (name in object) return object[name];
      if (name === "measureText") return (text) => ({ width: String(text).length * 7 });
      if (name === "getLineDash") return () => [];
      return (...args) => {
        calls.push(String(name));
        return { addColorStop() {}, setTransform() {} }; // gradients, patterns
      };
    },
    set(object, name, value) { object[name] = value; return true; },
  });
  return { context, calls };
}

const boxFor = (gameView, view) => {
  const width = 900;
  return { width, height: width / gameView.board.aspect(view) };
};

for (const game of GAMES) {
  const gameView = VIEWS[game];
  const positions = samplePositions(game);

  test(`${game}: golden positions are there to test with`, () => {
    assert.ok(positions.length >= 4, `${positions.length} positions`);
    assert.ok(positions.some((p) => mover(p).legal?.length), "no position with legal moves");
  });

  test(`${game}: locate then pick gives every target back`, () => {
    for (const position of positions) {
      for (const { view } of position.answers) {
        const box = boxFor(gameView, view);
        const targets = gameView.board.targets(view);
        assert.ok(targets.length > 0, `${position.case} ply ${position.ply}: no targets`);
        assert.equal(new Set(targets).size, targets.length, "a target listed twice");
        for (const target of targets) {
          const point = gameView.board.locate(box, view, target);
          assert.ok(point && Number.isFinite(point.x) && Number.isFinite(point.y),
            `${position.case} ply ${position.ply}: ${target} has no point`);
          assert.ok(point.x >= 0 && point.x <= box.width && point.y >= 0 && point.y <= box.height,
            `${target} at ${point.x},${point.y} outside the box`);
          assert.equal(gameView.board.pick(box, view, point), target,
            `${position.case} ply ${position.ply}: pick(locate(${target}))`);
        }
        assert.equal(gameView.board.pick(box, view, { x: -50, y: -50 }), null, "a point off the board");
      }
    }
  });

  test(`${game}: every legal move can be made with taps and buttons, exactly as listed`, () => {
    let checked = 0;
    for (const position of positions) {
      const { view, legal } = mover(position);
      if (!legal?.length || position.over) continue;
      const made = madeByTaps(gameView, startingUis(game, view), view, legal);
      const missing = legal.filter((move) => !made.has(move) && !PANEL_MOVES[game]?.test(move));
      assert.deepEqual(missing.slice(0, 5), [],
        `${position.case} ply ${position.ply}: ${missing.length} of ${legal.length} legal moves cannot be made`);
      checked += legal.length;
    }
    assert.ok(checked > 0);
  });

  test(`${game}: the board, the seats, the prompt and the last move in words`, () => {
    for (const position of positions) {
      for (const { view, seat } of position.answers) {
        const where = `${position.case} ply ${position.ply} seat ${seat}`;
        const lines = gameView.words.describe(view);
        assert.ok(Array.isArray(lines) && lines.length > 0, `${where}: no description`);
        lines.forEach((line, i) => assertWorded(line, `${where}: describe line ${i}`));
        for (const target of gameView.board.targets(view)) {
          assertWorded(gameView.words.describePlace(view, target), `${where}: ${target}`);
        }
        const lastMove = position.record.moves[position.ply - 1];
        if (position.ply > 0 && !QUIET_MOVES[game]?.test(lastMove)) {
          assertWorded(gameView.words.describeMove(view), `${where}: last move ${lastMove}`);
        }
        const seats = gameView.words.seats(view);
        assert.equal(seats.length, position.answers.length - 1, `${where}: seats`);
        for (const entry of seats) {
          assertWorded(entry.name, `${where}: seat name`);
          assert.match(entry.colour, /^(#|rgb|hsl)/, `${where}: seat colour ${entry.colour}`);
        }
        assertWorded(gameView.words.prompt(view, {}), `${where}: prompt`);
        if (position.over) {
          const summary = gameView.words.summary(view);
          assert.ok(summary.length > 0, `${where}: no summary`);
          summary.forEach((line) => assertWorded(line, `${where}: summary`));
        }
      }
    }
  });

  test(`${game}: every move of the record in words, without the engine's notation`, async () => {
    for (const language of ["en", "de"]) {
      await strings.loadLanguage(language);
      for (const position of positions.filter((p, i, all) => p.case !== all[i + 1]?.case)) {
        const { view } = mover(position);
        for (const move of position.record.moves) {
          const label = gameView.words.moveLabel(move, view);
          assertWorded(label, `${language}: label of ${move}`);
          assertNoNotation(label, `${language}: label of ${move}`);
        }
      }
    }
    await strings.loadLanguage("en");
  });

  test(`${game}: draw paints every golden position without failing`, () => {
    for (const position of positions) {
      const { view, legal } = mover(position);
      const { context, calls } = recordingContext();
      gameView.board.draw(context, boxFor(gameView, view), view, {}, legal ?? []);
      assert.ok(calls.includes("fill") || calls.includes("fillRect") || calls.includes("drawImage"),
        `${position.case} ply ${position.ply}: nothing painted`);
    }
  });
}

/** Moves the live line says nothing about: Inselspiel's "roll" (the die's number, the
 *  chance move after it, is what gets said). */
const QUIET_MOVES = { inselspiel: /^roll$/ };

/** Moves made in a view's side panel (DOM buttons and forms, not tested here): Kahuna's
 *  discards and takes; Wort-Reversi's answers to a square's quiz (a tap opens the quiz). */
const PANEL_MOVES = { kahuna: /^(discard|take):/, wortreversi: /^[a-z]\d+$/ };

/**
 * Every move reachable from `starts` with up to three taps on targets, and the buttons
 * (controls) offered at each selection on the way; Wort-Reversi's taps on a square with a
 * quiz open that quiz (ui.square) and count as making the square's move.
 */
function madeByTaps(gameView, starts, view, legal) {
  const made = new Set();
  const seen = new Set();
  let uis = starts;
  for (let depth = 0; depth < 3 && uis.length; depth++) {
    const next = [];
    for (const ui of uis) {
      const key = JSON.stringify(ui);
      if (seen.has(key)) continue;
      seen.add(key);
      for (const control of gameView.controls(view, legal, ui)) if (control.move) made.add(control.move);
      for (const target of gameView.board.targets(view)) {
        const result = gameView.tap(ui, target, view, legal);
        if (result.move) made.add(result.move);
        else if (result.ui?.square === target) made.add(target);
        else next.push(result.ui);
      }
    }
    uis = next;
  }
  return made;
}

/** The selections a tap may start from: none, and for Kahuna each card (or pair) picked. */
function startingUis(game, view) {
  if (game !== "kahuna" || !view.hand) return [{}];
  const uis = [{}];
  for (let i = 0; i < view.hand.length; i++) {
    uis.push({ cards: [i] });
    for (let j = i + 1; j < view.hand.length; j++) uis.push({ cards: [i, j] });
  }
  return uis;
}

// --- words: Inselspiel's places, the move list's entries, plurals -------------------------
const { placeName } = await import("../../assets/js/views/inselspiel/insel-places.js");
const { moveEntries } = await import("../../assets/js/play/history.js");

/** The map of an Inselspiel golden case: "inselspiel-1" the classic island, "inselspiel-4" a
 *  generated one (small, number 7). */
const inselMap = (name) => goldenPositions("inselspiel").find((p) => p.case === name).answers[0].view.map;

for (const name of ["inselspiel-1", "inselspiel-4"]) {
  test(`inselspiel: every place of ${name}'s map named after the towns and ports around it`, () => {
    const map = inselMap(name);
    const towns = new Map(map.places.filter((p) => p[2]).map(([id, , town, x, y]) => [town, { id, x, y }]));
    const at = new Map(map.places.map(([id, , , x, y]) => [id, { x, y }]));
    const next = new Map(map.places.map(([id]) => [id, new Set()]));
    for (const [i, j] of map.roads) {
      next.get(map.places[i][0]).add(map.places[j][0]);
      next.get(map.places[j][0]).add(map.places[i][0]);
    }
    const kinds = { town: 0, near: 0, between: 0 };
    for (const [id, , town] of map.places) {
      const named = placeName(map, id);
      kinds[named.kind] += 1;
      if (town) { // a town or port is its own name
        assert.deepEqual(named, { kind: "town", a: town }, id);
        continue;
      }
      assert.ok(towns.has(named.a), `${id}: ${named.a} is no town`);
      const beside = [...next.get(id)].map((n) => map.places.find((p) => p[0] === n)[2]).filter(Boolean);
      if (beside.length) assert.deepEqual(named, { kind: "near", a: named.a }, `${id} is beside a town`);
      if (beside.length) assert.ok(beside.includes(named.a), `${id}: near ${named.a}, beside ${beside}`);
      if (named.kind === "between") { // the two towns lie on either side of the place
        assert.ok(towns.has(named.b) && named.b !== named.a, `${id}: between ${named.a} and ${named.b}`);
        const [p, a, b] = [at.get(id), towns.get(named.a), towns.get(named.b)];
        assert.ok((a.x - p.x) * (b.x - p.x) + (a.y - p.y) * (b.y - p.y) < 0, `${id}: not between`);
      }
    }
    assert.ok(kinds.between > kinds.near && kinds.near > 0, JSON.stringify(kinds)); // most lie on a road
  });
}

// --- the view API: six members, each a facet with one job (issue 42: at most eight) -------
const FACETS = { board: ["aspect", "draw", "pick", "locate"], words: ["seats", "prompt", "summary"],
  setup: ["options"] };
const MEMBERS = new Set([...Object.keys(FACETS), "tap", "controls", "panel"]);

for (const [game, gameView] of Object.entries(VIEWS)) {
  test(`${game}: the view has at most eight members, each a known facet, with what each needs`, () => {
    const members = Object.keys(gameView);
    assert.ok(members.length <= 8, `${members.length} members: ${members}`);
    assert.deepEqual(members.filter((name) => !MEMBERS.has(name)), []);
    assert.equal(typeof gameView.tap, "function");
    assert.equal(typeof gameView.controls, "function");
    for (const [facet, needed] of Object.entries(FACETS)) {
      for (const name of needed) assert.ok(gameView[facet]?.[name] !== undefined, `${facet}.${name}`);
    }
  });
}

test("inselspiel: places and moves read as words in both languages", async () => {
  const map = inselMap("inselspiel-1");
  const view = { ...goldenPositions("inselspiel")[0].answers[0].view, map };
  const label = (move) => VIEWS.inselspiel.words.moveLabel(move, view);
  assert.deepEqual(placeName(map, "p89"), { kind: "town", a: "Tenburg" });
  assert.deepEqual(placeName(map, "p3"), { kind: "near", a: "Nörde" }); // one road from the port
  assert.deepEqual(placeName(map, "p11"), { kind: "between", a: "Traulande", b: "Inwitz" });
  assert.equal(label("p3>p11"), "from near Nörde to between Traulande and Inwitz");
  assert.equal(label("land:p90>p90"), "land at Kirack");
  assert.equal(label("land:p1>p11"), "land at Nörde, then to between Traulande and Inwitz");
  assert.equal(label("roll:5"), "⚄ 5");
  await strings.loadLanguage("de");
  assert.equal(label("p11>p89"), "vom Weg zwischen Traulande und Inwitz nach Tenburg");
  assert.equal(label("p89>p3"), "von Tenburg in die Nähe von Nörde");
  assert.equal(label("roll"), "würfeln");
  await strings.loadLanguage("en");
});

test("inselspiel: the move list has one entry per turn, the throw and the move together", () => {
  const position = goldenPositions("inselspiel").find((p) => p.case === "inselspiel-1");
  const moves = position.record.moves;
  const history = moves.map((move) => ({ seat: move.startsWith("roll:") ? -1 : 0, move }));
  const { view } = position.answers[0];
  const entries = moveEntries(history, VIEWS.inselspiel, view);
  const turns = moves.filter((move, i) => move === "roll" || (move === "pass" && !moves[i - 1]?.startsWith("roll:")));
  assert.equal(entries.length, turns.length);
  assert.deepEqual(entries.slice(0, 2).map((e) => e.label), ["⚀ 1 · land at Ostkant", "⚀ 1 · land at Jassen"]);
  assert.deepEqual([entries[0].first, entries[0].last, entries[0].seat], [0, 2, 0]);
  assert.ok(entries.every((e, i) => i === 0 || e.first === entries[i - 1].last + 1), "every move in one entry");
  const kahuna = moveEntries(history.slice(0, 3), VIEWS.kahuna, view); // other games: one a move
  assert.equal(kahuna.length, 3);
});

test("plurals: one card, two cards; eine Karte, zwei Karten", async () => {
  const sample = samplePositions("kahuna").at(-1).answers[0].view;
  const one = { ...sample, hand_sizes: [1, 2], bridges_on_board: [1, 3], stones_on_board: [1, 0] };
  assert.equal(strings.plural("nCards", 1), "1 card");
  assert.equal(strings.plural("nCards", 2), "2 cards");
  assert.doesNotMatch(VIEWS.kahuna.words.summary(one).join(" "), /\b1 (stones|bridges|points)\b/);
  await strings.loadLanguage("de");
  assert.equal(strings.plural("nCards", 1), "1 Karte");
  assert.equal(strings.plural("nCards", 0), "0 Karten");
  assert.equal(strings.t("insel_capitals", { party: "Rot", count: 1 }), "Rot: 1 Hauptstadt");
  assert.doesNotMatch(VIEWS.kahuna.words.summary(one).join(" "), /\b1 (Steine|Brücken|Punkte)\b/);
  await strings.loadLanguage("en");
});

test("kahuna: a hint's reason names its line in words", () => {
  const reason = VIEWS.kahuna.words.hintReason({ key: "hint_kahuna_bridge", params: { line: "BARI-DUDA" } });
  assert.equal(strings.phrase(reason), "builds the bridge BARI–DUDA");
  assert.equal(VIEWS.kahuna.words.moveLabel("take:GOLA"), "take GOLA from the open cards");
  assert.equal(VIEWS.kahuna.words.moveLabel("BARI+DUDA:x:BARI-DUDA"), "play BARI and DUDA, tear down BARI–DUDA");
});

test("Wort-Reversi splits long tile words where German syllables part", async () => {
  const { syllables } = await import("../../assets/js/views/wortreversi/wortreversi.js");
  const split = (word) => syllables(word).join("-");
  assert.equal(split("Eichhörnchen"), "Eich-hörn-chen");
  assert.equal(split("Schmetterling"), "Schmet-ter-ling");
  assert.equal(split("Kühlschränke"), "Kühl-schrän-ke");
  assert.equal(split("Krankenhäuser"), "Kran-ken-häu-ser");
  assert.equal(split("Zucker"), "Zu-cker");
  assert.equal(split("Katze"), "Kat-ze");
  assert.equal(split("die"), "die");
  assert.equal(split("Ameise"), "Amei-se"); // no piece of one letter
});
