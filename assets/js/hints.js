// Hints and the look back, for one person playing the computer.  "Hint" asks the engine
// (op hint, in steps) for the hard level's move for the person's turn and marks it on the
// board the way a lesson step is marked ({move, targets, buttons}: the view's legal marks
// cut down to that move, rings at its targets, its buttons outlined), with the engine's
// reason worded here.  After the game, "Where did it turn?" (op look_back, in steps) finds
// the at most three choices that lost most (of the one person who played the computer, or
// of every seat of a finished game among people, unless its cards were secret); they are
// marked in the move list, and choosing one shows the position where it was made with the
// better move marked.  Moves and reasons are said in the view's words (moveLabel,
// hintReason), never in the engine's notation.  Hints are off when several people share the game (competitive play)
// and can be switched off in the setup.
import { entryNumber, moveEntries } from "./history.js";
import { inSteps, isComputer, isPerson, seatsOf } from "./players.js";
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

/**
 * The hint and the look back: state in the store (`hint`, `turns`), answers from the
 * engine.  Never touches the page (HintsPanel draws it).
 */
export class Hints {
  /**
   * @param {import("./store.js").Store} store
   * @param {{view: (id: string) => import("./types.js").GameView,
   *          secret: (id: string) => boolean, call: import("./types.js").Call,
   *          judge: import("./types.js").Call}} act
   *   a game's view module, whether its seats hold secrets (the engine's "information"),
   *   ask the engine (as the viewing seat), ask it about a seat named in the request
   */
  constructor(store, act) {
    this.store = store;
    this.act = act;
  }

  get game() {
    return this.store.state.game;
  }

  /** The one person at this device when they play the computer only, else null. */
  person(game = this.game) {
    const seats = seatsOf(game.answer);
    const people = seats.filter((seat) => isPerson(game, seat));
    return people.length === 1 && seats.some((seat) => isComputer(game.seats[seat]))
      ? people[0] : null;
  }

  /** Whether the Hint button belongs on screen now. */
  offered(game = this.game) {
    const { view } = game.answer;
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
    const answer = game.answer;
    this.store.update({ hint: { answer, asking: true } });
    const wanted = () => this.game === game && game.answer === answer;
    const got = await inSteps((budgetMs) => this.act.call("hint", { budget_ms: budgetMs }), wanted);
    if (!got || !wanted()) return;
    const marks = got.ok ? moveMarks(this.act.view(game.id), answer.view, got.move) : null;
    this.store.update({ hint: got.ok ? { answer, move: got.move, reason: got.reason, marks }
      : { answer, error: got.error } });
  }

  // --- the look back ---------------------------------------------------------------
  /** The seats a look back judges: the one person against the computer, else every seat
   *  of a game among people here (not when they held secret cards), else none. */
  judged(game = this.game) {
    const person = this.person(game);
    if (person !== null) return [person];
    const seats = seatsOf(game.answer);
    const people = seats.every((seat) => isPerson(game, seat));
    return people && !this.act.secret(game.id) ? seats : [];
  }

  /** Whether the game-over panel offers the look back. */
  lookBackOffered() {
    return this.judged().length > 0 && !this.game.lesson;
  }

  /** Run the look back in steps (progress in the store), then show it on the move list. */
  async lookBack() {
    const game = this.game;
    const progress = (state) => this.store.update({ turns: { game, list: null, ...state } });
    progress({ running: true });
    const list = [];
    for (const seat of this.judged(game)) {
      const got = await inSteps(async (budgetMs) => {
        const answer = await this.act.judge("look_back", { seat, budget_ms: budgetMs });
        if (answer.ok && !answer.done) progress({ running: true, progress: answer.progress });
        return answer;
      }, () => this.game === game);
      if (!got) return;
      if (!got.ok) {
        progress({ error: got.error });
        return;
      }
      list.push(...got.turns.map((turn) => ({ ...turn, seat })));
    }
    this.store.update({ turns: { game, list: list.sort((a, b) => a.ply - b.ply) },
      dialog: null, historyOpen: true });
  }

  /** The turns found for the game on screen, or []. */
  list() {
    const turns = this.store.state.turns;
    return turns?.game === this.game ? turns.list ?? [] : [];
  }

  /** Move-list marks: ply -> words ("a costly move"). */
  marks() {
    return new Map(this.list().map((turn) => [turn.ply, t("turnMark")]));
  }

  /** The better move's marks when the position looked back at is where a turn was made. */
  pastGuide(ply, view) {
    const turn = this.list().find((entry) => entry.ply === ply);
    return turn ? moveMarks(this.act.view(this.game.id), view, turn.better) : null;
  }
}

/** A move of the game on screen in the view's words ("take GOLA from the open cards"). */
function moveWords(gameView, move, view) {
  return gameView.moveLabel?.(move, view) ?? move;
}

/** An engine's reason phrase with its codes in the view's words (a Kahuna line "BARI–DUDA"). */
function reasonWords(gameView, reason) {
  return reason && gameView.hintReason ? gameView.hintReason(reason) : reason;
}

/** The Hint button and line, the look back's button on the game-over panel and its list. */
export class HintsPanel {
  /**
   * @param {{box: HTMLElement, button: HTMLButtonElement, text: HTMLElement,
   *          turns: HTMLElement, turnsList: HTMLElement, overButton: HTMLButtonElement}} nodes
   * @param {Hints} hints
   * @param {(ply: number) => void} showPly look at the position after a move (history.js)
   */
  constructor(nodes, hints, showPly) {
    this.nodes = nodes;
    this.hints = hints;
    this.showPly = showPly;
    this.shown = null; // the turns the list was last drawn from, and in which language
    nodes.button.addEventListener("click", () => hints.ask());
    nodes.overButton.addEventListener("click", () => hints.lookBack());
  }

  /** Draw the hint line and the turns (`busy`: the computer thinks or the game is away;
   *  `past`: a position looked back at). */
  render({ busy, past }) {
    const { hints, nodes } = this;
    const game = hints.game;
    const offered = Boolean(game) && hints.offered(game);
    nodes.box.hidden = !offered;
    if (offered) {
      const hint = hints.current();
      const gameView = hints.act.view(game.id);
      const move = hint?.move ? moveWords(gameView, hint.move, game.answer.view) : "";
      nodes.button.title = t("hintTitle");
      nodes.button.disabled = busy || past || Boolean(hint?.asking);
      nodes.text.textContent = hint?.asking ? t("hintThinking") : hint?.error ?? (!hint ? ""
        : hint.reason ? t("hintMoveReason", { move, reason: reasonWords(gameView, hint.reason) })
        : t("hintMove", { move }));
    }
    const turns = hints.store.state.turns;
    const mine = turns?.game === game ? turns : null;
    nodes.overButton.hidden = !game || !hints.lookBackOffered();
    nodes.overButton.disabled = Boolean(mine?.running);
    nodes.overButton.textContent = mine?.error
      ?? (mine?.progress ? t("lookingBack", mine.progress) : t("whereTurned"));
    const list = mine?.list ?? null;
    const shown = this.shown;
    if (shown && shown.list === list && shown.language === currentLanguage()) return;
    this.shown = { list, language: currentLanguage() };
    this.renderTurns(game, list);
    if (list && !shown?.list) /** @type {HTMLElement | null} */ (nodes.turnsList.querySelector("button"))?.focus();
  }

  renderTurns(game, list) {
    this.nodes.turns.hidden = !list;
    if (!list) return;
    const gameView = this.hints.act.view(game.id);
    const view = game.answer.view;
    const entries = moveEntries(this.hints.store.state.history?.moves ?? [], gameView, view);
    const items = list.map((turn) => {
      const name = gameView.seats(view)[turn.seat].name;
      // numbered as the move list numbers its entries (an Inselspiel turn is one entry)
      const params = { n: entryNumber(entries, turn.ply) || turn.ply + 1, name, move: moveWords(gameView, turn.move, view),
        better: moveWords(gameView, turn.better, view), reason: reasonWords(gameView, turn.reason) };
      const entry = button(t(turn.reason ? "turnEntryReason" : "turnEntry", params), "", () =>
        this.showPly(turn.ply));
      entry.dataset.turn = String(turn.ply);
      const item = el("li");
      item.append(entry);
      return item;
    });
    this.nodes.turnsList.replaceChildren(...(items.length ? items : [el("li", t("turnsNone"))]));
  }
}
