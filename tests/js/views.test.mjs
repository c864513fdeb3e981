// Each game view (assets/js/views/<game>.js) against positions of the golden playthroughs
// (tests/golden/<game>.jsonl): the views' geometry, taps, words and drawing on the very
// view JSON the engine's door answers.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CATALOGUE, english, samplePositions } from "./helpers.mjs";

await english();
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
  return { width, height: width / gameView.aspect(view) };
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
        const targets = gameView.targets(view);
        assert.ok(targets.length > 0, `${position.case} ply ${position.ply}: no targets`);
        assert.equal(new Set(targets).size, targets.length, "a target listed twice");
        for (const target of targets) {
          const point = gameView.locate(box, view, target);
          assert.ok(point && Number.isFinite(point.x) && Number.isFinite(point.y),
            `${position.case} ply ${position.ply}: ${target} has no point`);
          assert.ok(point.x >= 0 && point.x <= box.width && point.y >= 0 && point.y <= box.height,
            `${target} at ${point.x},${point.y} outside the box`);
          assert.equal(gameView.pick(box, view, point), target,
            `${position.case} ply ${position.ply}: pick(locate(${target}))`);
        }
        assert.equal(gameView.pick(box, view, { x: -50, y: -50 }), null, "a point off the board");
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
        const lines = gameView.describe(view);
        assert.ok(Array.isArray(lines) && lines.length > 0, `${where}: no description`);
        lines.forEach((line, i) => assertWorded(line, `${where}: describe line ${i}`));
        for (const target of gameView.targets(view)) {
          assertWorded(gameView.describePlace(view, target), `${where}: ${target}`);
        }
        const lastMove = position.record.moves[position.ply - 1];
        if (position.ply > 0 && !QUIET_MOVES[game]?.test(lastMove)) {
          assertWorded(gameView.describeMove(view), `${where}: last move ${lastMove}`);
        }
        const seats = gameView.seats(view);
        assert.equal(seats.length, position.answers.length - 1, `${where}: seats`);
        for (const entry of seats) {
          assertWorded(entry.name, `${where}: seat name`);
          assert.match(entry.colour, /^(#|rgb|hsl)/, `${where}: seat colour ${entry.colour}`);
        }
        assertWorded(gameView.prompt(view, {}), `${where}: prompt`);
        if (position.over) {
          const summary = gameView.summary(view);
          assert.ok(summary.length > 0, `${where}: no summary`);
          summary.forEach((line) => assertWorded(line, `${where}: summary`));
        }
      }
    }
  });

  test(`${game}: the last move's label in the move list`, () => {
    const last = positions.at(-1);
    for (const move of last.record.moves.slice(0, 40)) {
      const label = gameView.moveLabel ? gameView.moveLabel(move) : move;
      assertWorded(label, `label of ${move}`);
    }
  });

  test(`${game}: draw paints every golden position without failing`, () => {
    for (const position of positions) {
      const { view, legal } = mover(position);
      const { context, calls } = recordingContext();
      gameView.draw(context, boxFor(gameView, view), view, {}, legal ?? []);
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
      for (const target of gameView.targets(view)) {
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
