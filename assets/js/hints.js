// Hints and the look back, for one person playing the computer.  "Hint" asks the engine
// (op hint, in steps) for the hard level's move for the person's turn and marks it on the
// board the way a lesson step is marked ({move, targets, buttons}: the view's legal marks
// cut down to that move, rings at its targets, its buttons outlined), with the engine's
// reason worded here.  After the game, "Where did it turn?" (op look_back, in steps) finds
// the at most three choices that lost most (of the one person who played the computer, or
// of every seat of a finished game among people, unless its cards were secret); they are
// marked in the move list, and choosing one shows the position where it was made with the
// better move marked.  Hints are off when several people share the game (competitive play)
// and can be switched off in the setup.
import * as engine from "./engine.js";
import { inSteps, isComputer } from "./players.js";
import { gamePrefs } from "./prefs.js";
import { currentLanguage, t } from "./strings.js";
import { button, el, optionSelect } from "./views/dom.js";

/** The setup's choice (remembered with the form): hints against the computer on or off. */
export function hintChoice() {
  return optionSelect({ name: "hints", choices: [{ value: true, label: t("hintsOn") },
    { value: false, label: t("hintsOff") }] }, t("opt_hints")).label;
}

/** The marks that show `move` on the board: its parts the view can point at (squares,
 *  lines, places) as rings, its parts named on buttons (cards, "roll") as outlines. */
export function moveMarks(gameView, view, move) {
  const parts = [move, ...move.split(/[,:>+]/)];
  const places = new Set(gameView.targets?.(view) ?? []);
  const targets = [...new Set([...parts, ...parts.flatMap((part) => part.split("-"))])]
    .filter((part) => places.has(part));
  return { move, targets, buttons: parts };
}

export class Hints {
  /**
   * @param {{box: HTMLElement, button: HTMLButtonElement, text: HTMLElement,
   *          turns: HTMLElement, turnsList: HTMLElement, overButton: HTMLButtonElement}} nodes
   * @param {{game: () => import("./types.js").Game, view: (id: string) => import("./types.js").GameView,
   *          secret: (id: string) => boolean, call: import("./types.js").Call,
   *          history: import("./history.js").HistoryPanel, openHistory: () => void, changed: () => void,
   *          closeGameOver: () => void}} act
   *   the game on screen, a game's view module, whether its seats hold secrets (the
   *   engine's "information"), ask the engine (as the viewing seat), the
   *   move list (HistoryPanel), open it (with the marks drawn), redraw, close the game-over
   *   panel
   */
  constructor(nodes, act) {
    this.nodes = nodes;
    this.act = act;
    this.hint = null; // {answer, move, reason, marks} once the engine has answered
    this.asking = null; // the answer a hint is being sought for
    this.turns = null; // {game, list} after a look back
    this.language = currentLanguage(); // the turns' words are written again on a change
    nodes.button.addEventListener("click", () => this.ask());
    nodes.overButton.addEventListener("click", () => this.lookBack());
  }

  /** The one person at this device when they play the computer only, else null. */
  person(game = this.act.game()) {
    const seats = [...Array(game.answer.view.scores.length).keys()];
    const kind = (seat) => game.seats[seat] ?? "human";
    const people = seats.filter((seat) => kind(seat) === "human");
    return people.length === 1 && seats.some((seat) => isComputer(kind(seat))) ? people[0] : null;
  }

  /** Whether the Hint button belongs on screen now. */
  offered(game) {
    const { view } = game.answer;
    const on = JSON.parse(gamePrefs(game.id).form?.hints ?? "true") !== false;
    return on && !game.lesson && !view.over && this.person(game) !== null
      && view.current === this.person(game);
  }

  /** Show or hide the button and the hint line for the game on screen (every render). */
  update({ busy = false, past = false } = {}) {
    if (this.language !== currentLanguage()) {
      this.language = currentLanguage();
      this.showTurns();
    }
    const game = this.act.game();
    if (this.nodes.turns.hidden === (Boolean(game) && this.turns?.game === game)) this.showTurns();
    const offered = Boolean(game) && this.offered(game);
    this.nodes.box.hidden = !offered;
    if (!offered) return;
    const asking = this.asking === game.answer;
    this.nodes.button.title = t("hintTitle");
    this.nodes.button.disabled = busy || past || asking;
    const hint = this.current(game);
    this.nodes.text.textContent = asking ? t("hintThinking") : !hint ? ""
      : hint.reason ? t("hintMoveReason", { move: hint.move, reason: hint.reason })
      : t("hintMove", { move: hint.move });
  }

  current(game) {
    return this.hint?.answer === game.answer ? this.hint : null;
  }

  /** The marks of the hint for the position on screen, or null. */
  guide() {
    const game = this.act.game();
    return game ? this.current(game)?.marks ?? null : null;
  }

  /** Ask the engine, a step at a time, for the move it suggests here. */
  async ask() {
    const game = this.act.game();
    const answer = game.answer;
    this.asking = answer;
    this.act.changed();
    const wanted = () => this.act.game() === game && game.answer === answer;
    const got = await inSteps((budgetMs) => this.act.call("hint", { budget_ms: budgetMs }), wanted);
    if (this.asking === answer) this.asking = null;
    if (!got || !wanted()) return;
    if (got.ok) {
      const marks = moveMarks(this.act.view(game.id), answer.view, got.move);
      this.hint = { answer, move: got.move, reason: got.reason, marks };
    } else {
      this.nodes.text.textContent = got.error;
    }
    this.act.changed();
  }

  // --- the look back ---------------------------------------------------------------
  /** The seats a look back judges: the one person against the computer, else every seat
   *  of a game among people here (not when they held secret cards), else none. */
  judged(game) {
    const person = this.person(game);
    if (person !== null) return [person];
    const seats = [...Array(game.answer.view.scores.length).keys()];
    const people = seats.every((seat) => (game.seats[seat] ?? "human") === "human");
    return people && !this.act.secret(game.id) ? seats : [];
  }

  /** The game-over panel: offer the look back when it has seats to judge. */
  gameOver() {
    const game = this.act.game();
    this.nodes.overButton.hidden = this.judged(game).length === 0 || Boolean(game.lesson);
    this.nodes.overButton.disabled = false;
    this.nodes.overButton.textContent = t("whereTurned");
    this.showTurns();
  }

  /** Run the look back in steps (progress on the button), then show it on the move list. */
  async lookBack() {
    const game = this.act.game();
    const node = this.nodes.overButton;
    node.disabled = true;
    const list = [];
    for (const seat of this.judged(game)) {
      const got = await inSteps(async (budgetMs) => {
        const answer = await engine.call("look_back", { seat, budget_ms: budgetMs });
        if (answer.ok && !answer.done) node.textContent = t("lookingBack", answer.progress);
        return answer;
      }, () => this.act.game() === game);
      if (!got) return;
      if (!got.ok) {
        node.textContent = got.error;
        return;
      }
      list.push(...got.turns.map((turn) => ({ ...turn, seat })));
    }
    node.textContent = t("whereTurned");
    node.disabled = false;
    this.turns = { game, list: list.sort((a, b) => a.ply - b.ply) };
    this.act.closeGameOver();
    this.showTurns();
    this.act.openHistory();
    this.nodes.turnsList.querySelector("button")?.focus();
  }

  /** The turns found for the game on screen, or []. */
  list() {
    return this.turns?.game === this.act.game() ? this.turns.list : [];
  }

  /** Move-list marks: ply -> words ("a costly move"). */
  marks() {
    return new Map(this.list().map((turn) => [turn.ply, t("turnMark")]));
  }

  /** The better move's marks when the position looked back at is where a turn was made. */
  pastGuide(ply, view) {
    const turn = this.list().find((entry) => entry.ply === ply);
    return turn ? moveMarks(this.act.view(this.act.game().id), view, turn.better) : null;
  }

  showTurns() {
    const game = this.act.game();
    const shown = Boolean(game) && this.turns?.game === game;
    this.nodes.turns.hidden = !shown;
    if (!shown) return;
    const list = this.list();
    const items = list.map((turn) => {
      const name = this.act.view(game.id).seats(game.answer.view)[turn.seat].name;
      const params = { n: turn.ply + 1, name, move: turn.move, better: turn.better,
        reason: turn.reason };
      const entry = button(t(turn.reason ? "turnEntryReason" : "turnEntry", params), "", () =>
        this.act.history.show(turn.ply));
      entry.dataset.turn = String(turn.ply);
      const item = el("li");
      item.append(entry);
      return item;
    });
    this.nodes.turnsList.replaceChildren(...(items.length ? items : [el("li", t("turnsNone"))]));
  }
}
