// Hints, for one person playing the computer.  "Hint" asks the engine (op hint, in steps)
// for the hard level's move for the person's turn and marks it on the board the way a
// lesson step is marked ({move, targets, buttons}: the view's legal marks cut down to that
// move, rings at its targets, its buttons outlined), with the engine's reason worded here
// (moveLabel, hintReason: never the engine's notation).  Hints are off when several people
// share the game (competitive play) and can be switched off in the setup.  `judged` names
// the seats a review of the finished game judges (review.js).
import { inSteps } from "../table/computer.js";
import { isComputer, isPerson, seatsOf } from "./players.js";
import { gamePrefs } from "../keep/prefs.js";
import { t } from "../common/strings.js";
import { optionSelect } from "../common/dom.js";

/** @typedef {import("../common/types.js").Game} Game */
/** @typedef {import("../common/types.js").GameView} GameView */
/** @typedef {import("../common/types.js").Phrase} Phrase */
/** @typedef {import("../common/types.js").View} View */

/** The setup's choice (remembered with the form): hints against the computer on or off. */
export function hintChoice() {
  return optionSelect({ name: "hints", choices: [{ value: true, label: t("hintsOn") },
    { value: false, label: t("hintsOff") }] }, t("opt_hints")).label;
}

/** The marks that show `move` on the board: its parts the view can point at (squares,
 *  lines, places) as rings, its parts named on buttons (cards, "roll") as outlines.
 * @param {GameView} gameView
 * @param {View} view
 * @param {string} move */
export function moveMarks(gameView, view, move) {
  const parts = [move, ...move.split(/[,:>+]/)];
  const places = new Set(gameView.board.targets?.(view) ?? []);
  const targets = [...new Set([...parts, ...parts.flatMap((part) => part.split("-"))])]
    .filter((part) => places.has(part));
  return { move, targets, buttons: parts };
}

/** The hint: state in the store (`hint`), answers from the engine.  Never touches the
 *  page (HintsPanel draws it). */
export class Hints {
  /**
   * @param {import("../common/store.js").Store} store
   * @param {{view: (id: string) => import("../common/types.js").GameView,
   *          secret: (id: string) => boolean, call: import("../common/types.js").Call}} act
   *   a game's view module, whether its seats hold secrets (the engine's "information"),
   *   ask the engine (as the viewing seat)
   */
  constructor(store, act) {
    this.store = store;
    this.act = act;
  }

  get game() {
    return this.store.state.game;
  }

  /** The one person at this device when they play the computer only, else null.
   * @param {Game | null} [game] */
  person(game = this.game) {
    if (!game) return null;
    const seats = seatsOf(game.answer);
    const people = seats.filter((seat) => isPerson(game, seat));
    return people.length === 1 && seats.some((seat) => isComputer(game.seats?.[seat]))
      ? people[0] : null;
  }

  /** Whether the Hint button belongs on screen now.
   * @param {Game | null} [game] */
  offered(game = this.game) {
    const view = game?.answer.view;
    if (!game || !view) return false;
    const on = JSON.parse(gamePrefs(game.id).form?.hints ?? "true") !== false;
    return on && !game.lesson && !view.over && this.person(game) !== null
      && view.current === this.person(game);
  }

  /** The hint for the position on screen (asked for, or found), or null. */
  current() {
    const hint = this.store.state.hint;
    return hint && this.game && hint.answer === this.game.answer ? hint : null;
  }

  /** The marks of the hint for the position on screen, or null. */
  guide() {
    return this.current()?.marks ?? null;
  }

  /** Ask the engine, a step at a time, for the move it suggests here. */
  async ask() {
    const game = this.game;
    if (!game) return; // a button of the play screen
    const answer = game.answer;
    this.store.update({ hint: { answer, asking: true } });
    const wanted = () => this.game === game && game.answer === answer;
    const got = await inSteps((budgetMs) => this.act.call("hint", { budget_ms: budgetMs }), wanted);
    if (!got || !wanted()) return;
    const marks = got.ok && answer.view ? moveMarks(this.act.view(game.id), answer.view, got.move)
      : null;
    this.store.update({ hint: got.ok ? { answer, move: got.move, reason: got.reason, marks }
      : { answer, error: got.error } });
  }

  /** The seats a review judges: the one person against the computer, else every seat
   *  of a game among people here (not when they held secret cards), else none.
   * @param {Game | null} [game]
   * @returns {number[]} */
  judged(game = this.game) {
    if (!game) return [];
    const person = this.person(game);
    if (person !== null) return [person];
    const seats = seatsOf(game.answer);
    const people = seats.every((seat) => isPerson(game, seat));
    return people && !this.act.secret(game.id) ? seats : [];
  }
}

/** A move of the game on screen in the view's words ("take GOLA from the open cards").
 * @param {GameView} gameView
 * @param {string} move
 * @param {View} view */
function moveWords(gameView, move, view) {
  return gameView.words.moveLabel?.(move, view) ?? move;
}

/** An engine's reason phrase with its codes in the view's words (a Kahuna line "BARI–DUDA").
 * @param {GameView} gameView
 * @param {Phrase} reason */
function reasonWords(gameView, reason) {
  return reason && gameView.words.hintReason ? gameView.words.hintReason(reason) : reason;
}

/** The Hint button and its line. */
export class HintsPanel {
  /**
   * @param {{box: HTMLElement, button: HTMLButtonElement, text: HTMLElement}} nodes
   * @param {Hints} hints
   */
  constructor(nodes, hints) {
    this.nodes = nodes;
    this.hints = hints;
    nodes.button.addEventListener("click", () => hints.ask());
  }

  /** Draw the hint line (`busy`: the computer thinks or the game is away; `past`: a
   *  position looked back at).
   * @param {{busy: boolean, past: boolean}} now */
  render({ busy, past }) {
    const { hints, nodes } = this;
    const game = hints.game;
    const view = game?.answer.view;
    const offered = hints.offered(game);
    nodes.box.hidden = !offered;
    if (!offered || !game || !view) return;
    const hint = hints.current();
    const gameView = hints.act.view(game.id);
    const move = hint?.move ? moveWords(gameView, hint.move, view) : "";
    nodes.button.title = t("hintTitle");
    nodes.button.disabled = busy || past || Boolean(hint?.asking);
    nodes.text.textContent = hint?.asking ? t("hintThinking") : hint?.error ?? (!hint ? ""
      : hint.reason ? t("hintMoveReason", { move, reason: reasonWords(gameView, hint.reason) })
      : t("hintMove", { move }));
  }
}
