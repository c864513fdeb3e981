// Wort-Reversi on a canvas: word tiles on the Reversi board, and a quiz in the side panel.
// A tap on a candidate square opens the quiz: for each tile the placement would turn (in the
// engine's answer order, view.quiz) the player names the word on its back; "Place tile" sends
// `square:["answer", …]`.  The engine grades the answers and turns only the tiles named right.
// The page never holds the answers: the legal list names placements without them ("c4"), and
// the word pairs stay in Python (the view and the record carry only the list's title).
// With the `hand` option the player first picks one of their tiles (buttons in the panel,
// ui.tile) and the move names it: `square#tile:["answer", …]`.
import { KNOWLEDGE_CHOICES } from "../../class/classlink.js";
import { currentLanguage, t, textChoice } from "../../common/strings.js";
import { el } from "../../common/dom.js";
import { noteLabel } from "../labels.js";
import { COLOURS, drawBoard, drawMarks, geometry, reversiBase, seatName, squareRect } from "../reversi/reversi.js";
import { wordListEditor } from "../../class/wordlist-editor.js";

/** @typedef {import("../../common/types.js").Answer} Answer */
/** @typedef {import("../../common/types.js").Box} Box */
/** @typedef {import("../../common/types.js").PanelAct} PanelAct */
/** @typedef {import("../grid.js").Grid} Grid */
/** @typedef {import("../reversi/reversi.js").Graded} Graded */
/**
 * A placement in words (py/insel/games/wortreversi.py `_placed`, the engine's `said` of a
 * move): who placed which tile where, and each tile asked with its grade.
 * @typedef {{seat: number, move: number, square: string, word: string,
 *            answers: Graded[]}} Placement
 */
/** A placement whose feedback shows: one of the engine's `recent`, else the last move.
 * @typedef {{seat: number, move?: number, square: string | null, word?: string,
 *            answers: Graded[]}} Placed */
/**
 * Wort-Reversi's board as the engine draws it (`view`): the Reversi board with the word on
 * each tile's side up, the list's title and size, the tiles left, the tiles the player to
 * move may place, the quiz of each placement (the tiles it would turn), the learning report.
 * @typedef {import("../reversi/reversi.js").ReversiView & {words: (string | null)[],
 *   title: string, list_size: number, side_names: string[], tiles_left: number[],
 *   hand_mode: boolean, next_tiles: {tile: number, word: string, given: boolean}[],
 *   hand: {tile: number, word: string}[],
 *   quiz: {[square: string]: {square: string, word: string}[]},
 *   choices?: {[square: string]: string[][]},
 *   report: {right: number, wrong: number}[], recent?: Placement[]}} WortReversiView
 */
/** The selection between taps: the square whose quiz is open, the tile picked (hand option).
 * @typedef {{square?: string, tile?: number}} WortReversiUi */
/** A way to set a word on a tile: its font size, its lines, how much its glyphs are narrowed
 *  and how many of its words are split.
 * @typedef {{size: number, lines: string[], squeeze: number, splits: number}} Fit */

const LISTS = ["de-tiere", "de-schule", "de-zuhause", "de-essen", "de-kleidung", "de-stadt",
  "en-plurals", "en-everyday"];
const ON_OFF = [textChoice(false, "wr_off"), textChoice(true, "wr_on")];
const FONT = "system-ui, sans-serif";
const SQUEEZE = 0.65; // long words may be narrowed to this width before the font shrinks
const LAST_SQUEEZE = 0.5; // and to this one where the font would fall below the label floor
const LINES = 3; // a tile's word may take up to three lines
const LINE_HEIGHT = 1.05; // of the font size
const CORRECTION = "#ff5fa2"; // the dashed frame of a missed tile showing its right form

// Where a German (or English) word may be split at the end of a tile's line, by the rule of
// German syllables (written out in docs/access-and-languages.md): between two vowels' letters,
// one consonant goes to the next line ("ck", "ch", "sch", "ph", "th" count as one: "Zu-cker",
// "Bü-cher"), of several the last (the pair "schr", "schl", "schw", "str", "spr" or a
// consonant before "r" or "l" stays together: "Kühl-schrän-ke", "Ta-blet-te").  A small rule
// of our own instead of a hyphenation library: tiles hold short nouns, and this rule splits
// every word of the built-in lists where a dictionary would.
const VOWELS = /^(?:äu|au|ai|ei|eu|ie|[aeiouyäöü])/i;
const CONSONANT = /^(?:sch|ck|ch|ph|th|qu|[b-df-hj-np-tv-xzß])/i;
const ONSETS = /^(?:sch[rlwmn]|s[tp]r|[bdfgkpt]r|[bfgkp]l)$/i;

/** `word` cut into the pieces a line may end after ("Eich", "hörn", "chen").
 * @param {string} word
 * @returns {string[]}
 */
export function syllables(word) {
  /** @type {[string, boolean][]} */
  const units = []; // [text, isVowel]
  for (let rest = word; rest;) {
    const vowel = VOWELS.exec(rest);
    const unit = vowel?.[0] ?? CONSONANT.exec(rest)?.[0] ?? rest[0];
    units.push([unit, Boolean(vowel)]);
    rest = rest.slice(unit.length);
  }
  /** @type {number[]} */
  const cuts = [];
  let lastVowel = -1;
  units.forEach(([, isVowel], i) => {
    if (!isVowel) return;
    if (lastVowel >= 0 && i - lastVowel > 1) { // consonants between two vowels
      const between = units.slice(lastVowel + 1, i).map(([text]) => text);
      let keep = 1; // consonant units that go to the next line
      for (const n of [3, 2]) {
        if (between.length >= n && ONSETS.test(between.slice(-n).join(""))) { keep = n; break; }
      }
      cuts.push(i - Math.min(keep, between.length));
    }
    lastVowel = i;
  });
  /** @type {string[]} */
  const pieces = [];
  let from = 0;
  for (const cut of cuts) {
    const text = units.slice(from, cut).map(([unit]) => unit).join("");
    if (text.length >= 2 && cut > 0) { pieces.push(text); from = cut; }
  }
  const tail = units.slice(from).map(([unit]) => unit).join("");
  if (tail.length < 2 && pieces.length) pieces.push(pieces.pop() + tail);
  else pieces.push(tail);
  return pieces;
}

/** Every way to set `text` on one to LINES lines: whole words, or split at syllables.
 * @param {string} text
 */
function layouts(text) {
  /** @type {[string, boolean][]} */
  const pieces = []; // [piece, starts a new word]
  for (const word of text.split(" ")) {
    syllables(word).forEach((piece, i) => pieces.push([piece, i === 0]));
  }
  /** @type {string[][]} */
  const found = [];
  /** @type {(from: number, lines: string[]) => void} */
  const build = (from, lines) => {
    if (from === pieces.length) { found.push(lines); return; }
    if (lines.length === LINES) return;
    for (let to = from + 1; to <= pieces.length; to++) {
      const last = to === pieces.length || pieces[to][1] ? "" : "-";
      const line = pieces.slice(from, to).map(([piece, starts], i) => (i && starts ? " " : "") + piece).join("");
      build(to, [...lines, line + last]);
    }
  };
  build(0, []);
  return found;
}

/**
 * The largest font size (and its lines) at which `text` fits a width × height box, on up to
 * three lines split at spaces or syllables ("der" / "Schmet-" / "terling"); glyphs may be
 * narrowed down to SQUEEZE, or to LAST_SQUEEZE where that keeps the size at `floor` or
 * nearer it (the play screen's label floor, views/labels.js; 0 in a picture).  A layout at
 * the floor beats one below it; of layouts as large (to half a pixel), one narrowed little
 * wins, then the one with fewer split words, then fewer lines.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} text
 * @param {number} width
 * @param {number} height
 * @param {number} maxSize
 * @param {number} floor
 * @returns {Fit}
 */
function fitWord(ctx, text, width, height, maxSize, floor) {
  ctx.font = `100px ${FONT}`;
  const measured = layouts(text).map((lines) =>
    ({ lines, widest: Math.max(...lines.map((line) => ctx.measureText(line).width)) / 100 }));
  /** @type {(f: Fit) => number[]} */
  const rank = (f) => [f.size >= floor ? 1 : 0, Math.round(f.size * 2), f.squeeze >= 0.85 ? 1 : 0,
    -f.splits, f.squeeze, -f.lines.length];
  /** @param {number} narrowest @returns {Fit} the best layout with glyphs narrowed to it at most */
  const bestAt = (narrowest) => measured.map(({ lines, widest }) => {
    const size = Math.min(maxSize, height / (lines.length * LINE_HEIGHT), width / (widest * narrowest));
    return { size, lines, squeeze: Math.min(1, width / (widest * size)),
      splits: lines.filter((line) => line.endsWith("-")).length };
  }).reduce((best, fit) => (before(rank(fit), rank(best)) ? fit : best)); // (every text has a layout)
  const usual = bestAt(SQUEEZE);
  if (usual.size >= floor) return usual;
  const narrower = bestAt(LAST_SQUEEZE);
  return before(rank(narrower), rank(usual)) ? narrower : usual;
}

/** Whether rank `a` beats rank `b` (compared entry by entry, larger first).
 * @param {number[]} a
 * @param {number[]} b
 */
function before(a, b) {
  const i = a.findIndex((value, k) => value !== b[k]);
  return i >= 0 && a[i] > b[i];
}

/** A tile with `word` on its `colour` side (the engine's colour: 0 dark, 1 light), the word
 *  at `floor` CSS px at least where it can be (fitWord).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Grid} g
 * @param {WortReversiView} view
 * @param {string} name
 * @param {number} colour
 * @param {string} word
 * @param {number} floor
 */
function drawTile(ctx, g, view, name, colour, word, floor) {
  const p = squareRect(g, view, name);
  const piece = COLOURS.pieces[colour];
  const inset = g.cell * 0.05;
  ctx.fillStyle = piece.fill;
  ctx.strokeStyle = piece.edge;
  ctx.lineWidth = Math.max(1, g.cell * 0.035);
  ctx.beginPath();
  ctx.roundRect(p.x + inset, p.y + inset, g.cell - 2 * inset, g.cell - 2 * inset, g.cell * 0.12);
  ctx.fill();
  ctx.stroke();
  const pad = g.cell * 0.05;
  // at most 0.3 of the cell, but the floor where the cell is small (a phone's board
  // squeezed by the panel): the lines' height still bounds it
  const fit = fitWord(ctx, word, g.cell - 2 * inset - 2 * pad, g.cell - 2 * inset - pad,
    Math.max(g.cell * 0.3, floor), floor);
  ctx.fillStyle = piece.text;
  ctx.font = `${fit.size}px ${FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const lineHeight = fit.size * LINE_HEIGHT;
  fit.lines.forEach((line, i) => {
    const y = p.y + g.cell / 2 + (i - (fit.lines.length - 1) / 2) * lineHeight;
    ctx.save();
    ctx.translate(p.x + g.cell / 2, y);
    ctx.scale(fit.squeeze, 1);
    ctx.fillText(line, 0, 0);
    noteLabel(ctx, line, fit.size, fit.squeeze, name);
    ctx.restore();
  });
}

// The quiz form is kept while the engine's answer, the square and the page's language stay
// the same, so typing survives redraws (every new answer closes the quiz anyway); a new
// language words it afresh, the answers typed so far kept.
/** @type {{answer: Answer | null, square: string | null, tile?: number, language: string,
 *            nodes: HTMLElement[]}} */
let quizCache = { answer: null, square: null, language: "", nodes: [] };

/** The answers typed into the fields of `before` written into the same fields of `after`.
 * @param {HTMLElement[]} before
 * @param {HTMLElement[]} after
 */
function keepTyped(before, after) {
  /** @type {(nodes: HTMLElement[]) => HTMLInputElement[]} */
  const fields = (nodes) => nodes.flatMap((node) => [...(node.querySelectorAll?.("input") ?? [])]);
  const typed = fields(before);
  for (const input of fields(after)) {
    const old = typed.find((field) => field.id === input.id);
    if (old) input.value = old.value;
  }
}

/**
 * The tiles a wrong answer left unturned, with their right form, while the correction stands
 * (the placements kept on screen, until the pupil's next action: the quiz opened): square →
 * right form.  A tile shows its right form only while it still shows the form asked.
 * @param {WortReversiView} view
 * @param {WortReversiUi} ui
 */
function corrections(view, ui) {
  /** @type {Map<string, string>} */
  const shown = new Map();
  if (ui.square) return shown;
  for (const placed of placements(view)) {
    for (const a of placed.answers) {
      if (!a.right && view.words[view.names.indexOf(a.square)] === a.shown) shown.set(a.square, a.correct);
    }
  }
  return shown;
}

/** A missed tile turned over for a look: its back's colour and word (the right form), in a
 *  dashed frame that says it is a correction, not the tile's side in play.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Grid} g
 * @param {WortReversiView} view
 * @param {string} name
 * @param {string} correct
 * @param {number} floor
 */
function drawCorrection(ctx, g, view, name, correct, floor) {
  const colour = 1 - (view.cells[view.names.indexOf(name)] ?? 0);
  drawTile(ctx, g, view, name, colour, correct, floor);
  const p = squareRect(g, view, name);
  const width = Math.max(2, g.cell * 0.06);
  ctx.save();
  ctx.strokeStyle = CORRECTION;
  ctx.lineWidth = width;
  ctx.setLineDash([g.cell * 0.12, g.cell * 0.07]);
  ctx.strokeRect(p.x + width / 2, p.y + width / 2, g.cell - width, g.cell - width);
  ctx.restore();
}

/** The placements whose feedback stays on screen (the engine's `recent`: the viewer's own last
 *  placement and every one since, so a correction outlives the computer's reply until the
 *  pupil's next action), else the last placement.
 * @param {WortReversiView} view
 * @returns {Placed[]}
 */
function placements(view) {
  if (view.recent) return view.recent;
  const last = view.last_move;
  const answers = last?.answers;
  return last && answers ? [{ ...last, answers }] : [];
}

/** One answer in words: "✓ die Ente → die Enten" or "✗ die Ente → „die Entes“; richtig: die Enten".
 * @param {Graded} a
 */
function answerWords(a) {
  return a.right ? t("wr_right", { shown: a.shown, correct: a.correct })
    : t("wr_wrong", { shown: a.shown, answer: a.answer, correct: a.correct });
}

/** Right/wrong feedback on each placement kept on screen, with the correct form of each tile;
 *  a wrong answer's right form stands out (strong); the viewing `seat`'s placement answered
 *  all right gets a short confirmation.
 * @param {WortReversiView} view
 * @param {number | null} [seat]
 */
function feedback(view, seat) {
  return placements(view).map((placed) => {
    const box = el("section", undefined, "wr-feedback");
    box.dataset.move = String(placed.move);
    box.append(el("h3", t("wr_lastMove", { name: seatName(placed.seat), word: placed.word, square: placed.square })));
    const list = el("ul");
    for (const a of placed.answers) {
      const item = el("li", undefined, a.right ? "right" : "wrong");
      if (a.right) item.textContent = answerWords(a);
      else { // the right form in bold: what the pupil should take away
        item.append(t("wr_wrongGiven", { shown: a.shown, answer: a.answer }), " ",
          el("strong", t("wr_wrongRight", { correct: a.correct })));
      }
      list.append(item);
    }
    box.append(list);
    if ((seat === null || placed.seat === seat) && placed.answers.every((a) => a.right)) {
      box.append(el("p", t("wr_allRight"), "wr-confirm"));
    }
    return box;
  });
}

/** The tile the player places: the one picked (hand option), else the first offered.
 * @param {WortReversiView} view
 * @param {WortReversiUi} ui
 */
function chosenTile(view, ui) {
  const offered = view.next_tiles ?? [];
  return offered.find((entry) => entry.tile === ui.tile) ?? offered[0];
}

/** The quiz for placing on `square`: a field (or three choice buttons) per tile to turn.
 * @param {WortReversiView} view
 * @param {string} square
 * @param {WortReversiUi} ui
 * @param {PanelAct} act
 */
function quiz(view, square, ui, act) {
  const form = el("form", undefined, "wr-quiz");
  form.append(el("h3", t("wr_quizTitle", { square })));
  const choices = view.choices?.[square];
  const answers = view.quiz[square].map((entry, i) => {
    const row = el("div", undefined, "wr-question");
    const label = el("label", t("wr_question", { word: entry.word }));
    row.append(label);
    form.append(row);
    if (choices) {
      const value = { text: "" };
      const group = el("div", undefined, "controls");
      group.setAttribute("role", "group");
      group.setAttribute("aria-label", entry.word);
      for (const option of choices[i]) {
        const button = el("button", option);
        button.type = "button";
        button.setAttribute("aria-pressed", "false");
        button.addEventListener("click", () => {
          value.text = option;
          for (const other of group.children) other.setAttribute("aria-pressed", String(other === button));
        });
        group.append(button);
      }
      row.append(group);
      return () => value.text;
    }
    const input = el("input");
    input.type = "text";
    input.id = `wr-answer-${i}`;
    input.dataset.square = entry.square;
    input.autocomplete = "off";
    input.spellcheck = false;
    input.setAttribute("autocapitalize", "off");
    input.maxLength = 100;
    label.htmlFor = input.id;
    row.append(input);
    return () => input.value;
  });
  const buttons = el("div", undefined, "controls");
  const place = el("button", t("wr_place"), "primary");
  place.type = "submit";
  const cancel = el("button", t("wr_cancel"));
  cancel.type = "button";
  cancel.addEventListener("click", () => act.setUi({ tile: ui.tile }));
  buttons.append(place, cancel);
  form.append(buttons);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const given = answers.map((read) => read().trim());
    if (given.some((answer) => answer === "")) {
      act.message(t("wr_answerAll"), true);
      return;
    }
    const chosen = view.hand_mode ? chosenTile(view, ui) : null;
    if (chosen === undefined) return; // the hand offers no tile now: nothing to place
    const tile = chosen ? `#${chosen.tile}` : "";
    act.play(`${square}${tile}:${JSON.stringify(given)}`);
  });
  queueMicrotask(() => {
    const first = form.querySelector("input, .wr-question button");
    if (first instanceof HTMLElement) first.focus();
  });
  return form;
}

/** With the hand option: the tiles the player may place, one pressed (the one placed next).
 * @param {WortReversiView} view
 * @param {WortReversiUi} ui
 * @param {PanelAct} act
 */
function handPicker(view, ui, act) {
  const chosen = chosenTile(view, ui);
  const box = el("section", undefined, "wr-hand");
  box.append(el("h3", t("wr_handTitle")));
  const row = el("div", undefined, "card-row");
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", t("wr_handTitle"));
  for (const entry of view.next_tiles) {
    const pick = el("button", entry.word, "card wr-tile");
    pick.type = "button";
    pick.dataset.tile = String(entry.tile);
    pick.setAttribute("aria-pressed", String(entry === chosen));
    pick.addEventListener("click", () => act.setUi({ ...ui, tile: entry.tile }));
    row.append(pick);
  }
  box.append(row);
  return box;
}

/** What the player places next, the word list and the tiles left.
 * @param {WortReversiView} view
 * @param {number | null | undefined} seat
 * @param {WortReversiUi} ui
 * @param {PanelAct} act
 */
function status(view, seat, ui, act) {
  /** @type {HTMLElement[]} */
  const lines = [];
  const next = chosenTile(view, ui);
  if (next && seat === view.current) {
    lines.push(view.hand_mode ? handPicker(view, ui, act)
      : el("p", t("wr_nextTile", { word: next.word }), "wr-next"));
  }
  const title = view.title || t("wl_untitled");
  lines.push(el("p", view.list_size < 36 ? t("wr_listRepeats", { title, pairs: view.list_size })
    : t("wr_listTitle", { title }), "wr-list"));
  lines.push(el("p", t("wr_tilesLeft", {
    dark: view.tiles_left[0], light: view.tiles_left[1] }), "wr-left"));
  return lines;
}

export const wortreversiView = {
  ...reversiBase,
  board: {
    ...reversiBase.board,
    /** The board; on the play screen (the box with a label floor) a tile a wrong answer left
     *  unturned shows its right form (turned over, framed) while the correction stands beside
     *  the board, until the pupil's next action.  A picture (a rules diagram: "the tiger stays
     *  light", the menu's, print) shows the tiles as they lie.
     * @param {CanvasRenderingContext2D} ctx
     * @param {Box} box
     * @param {WortReversiView} view
     * @param {WortReversiUi} ui
     */
    draw(ctx, box, view, ui) {
      const g = geometry(box, view);
      const floor = box.floor ?? 0;
      const corrected = floor ? corrections(view, ui) : new Map();
      drawBoard(ctx, g, view);
      view.cells.forEach((colour, i) => {
        const name = view.names[i];
        const word = view.words[i]; // (a tile's, where a colour is)
        if (colour !== null && word !== null && !corrected.has(name)) {
          drawTile(ctx, g, view, name, colour, word, floor);
        }
      });
      drawMarks(ctx, g, view, ui);
      for (const [name, correct] of corrected) drawCorrection(ctx, g, view, name, correct, floor);
    },
  },
  words: {
    ...reversiBase.words,
    /**
     * A move of the list in words a teacher reads at a glance: the tile placed, then each tile
     * asked with the answer given, ✓/✗ and the right form (the engine's `said`, op history):
     * "b3: die Kuh · die Ente → „die Entes“ ✗ richtig: die Enten".  Without `said` (a move
     * the engine has not worded) only the square: a typed answer never reads as a tile.
     * @param {string} move
     * @param {WortReversiView} view
     * @param {Placement} [said]
     */
    moveLabel(move, view, said) {
      if (move === "pass" || !said) return reversiBase.words.moveLabel(move);
      const asked = said.answers.map((a) => (a.right ? t("wr_listRight", { shown: a.shown, correct: a.correct })
        : t("wr_listWrong", { shown: a.shown, answer: a.answer, correct: a.correct })));
      return [t("wr_listPlaced", { square: said.square, word: said.word }), ...asked].join(" · ");
    },

    /** The live line: each placement kept on screen with every answer and its right form, so a
     *  screen reader hears the correction too (and again after the computer's reply).
     * @param {WortReversiView} view
     */
    describeMove(view) {
      const last = view.last_move;
      if (!last) return "";
      const lines = placements(view).map((placed) => [t("wr_moved", { name: seatName(placed.seat),
        word: placed.word, square: placed.square, right: placed.answers.filter((a) => a.right).length,
        count: placed.answers.length, n: placed.answers.filter((a) => a.right).length }),
      ...placed.answers.map(answerWords)].join(" "));
      if (last.pass) lines.push(t("movedPass", { name: seatName(last.seat) }));
      return lines.join(" ");
    },

    /**
     * @param {WortReversiView} view
     * @param {WortReversiUi} ui
     */
    prompt(view, ui) {
      if (ui.square) return t("wr_answerHint");
      const name = seatName(view.current);
      return view.must_pass ? t("reversi_mustPass", { name }) : t("wr_toMove", { name });
    },

    // the words missed are in the learning report, a button away (report.js)
    /** @param {WortReversiView} view */
    summary(view) {
      const lines = view.counts.map((count, seat) => t("wr_count", { name: seatName(seat), count }));
      view.report.forEach((entry, seat) => {
        lines.push(t("wr_report", { name: seatName(seat), right: entry.right, wrong: entry.wrong }));
      });
      return lines;
    },
  },
  setup: {
    options: [
      { name: "words", choices: LISTS.map((name) => textChoice(name, `wr_list_${name}`)) },
      { name: "multiple_choice", choices: ON_OFF },
      { name: "ascii_spelling", choices: ON_OFF },
      { name: "hand", choices: ON_OFF },
    ],
    learningReport: true, // the engine's op `report` (report.js)
    asksNames: true, // a teacher's class link asks the pupil's name first (arrivals.js)
    // how often a computer player names the back of a tile correctly: by default as its level
    // (players.js LEVEL_KNOWLEDGE, the engine's insel.ai.players.LEVEL_KNOWLEDGE), or as chosen
    computerOptions: [
      { name: "knowledge", choices: KNOWLEDGE_CHOICES },
    ],

    menuExtras: (/** @type {import("../../class/wordlist-editor.js").WordListAct} */ act) =>
      wordListEditor.nodes(act),
    menuOptions: () => wordListEditor.option(),
    menuSettled: () => wordListEditor.checked(),
    printCards: () => wordListEditor.printCards(),
    links: { words: (/** @type {string} */ text) => wordListEditor.open(text) },
  },

  /** A candidate square opens the quiz; any other square goes to the engine for its reason.
   * @param {WortReversiUi} ui
   * @param {string} square
   * @param {WortReversiView} view
   */
  tap(ui, square, view) {
    const kept = ui.tile === undefined ? {} : { tile: ui.tile }; // the tile picked stays picked
    if (ui.square === square) return { ui: kept };
    if (view.quiz[square]) return { ui: { ...kept, square } };
    return { ui: kept, move: square };
  },

  /**
   * @param {Answer & {view: WortReversiView}} answer
   * @param {WortReversiUi} ui
   * @param {PanelAct} act
   */
  panel(answer, ui, act) {
    /** @type {{view: WortReversiView, seat?: number | null}} */
    const { view, seat } = answer; // the game's own fields (Answer's index would let any pass)
    const square = ui.square ?? null;
    const language = currentLanguage();
    const same = quizCache.answer === answer && quizCache.square === square && quizCache.tile === ui.tile;
    if (!same || quizCache.language !== language) {
      const open = square && view.quiz[square];
      const nodes = [...(open ? [quiz(view, square, ui, act)] : feedback(view, seat)),
        ...status(view, seat, ui, act)];
      if (same) keepTyped(quizCache.nodes, nodes);
      quizCache = { answer, square, tile: ui.tile, language, nodes };
    }
    return quizCache.nodes;
  },
};
