// Live rule diagrams: a small board drawn by the game's own view from a record the engine
// replays (op `diagram`, py/insel/diagrams.py), with steps (◀ n / m ▶) and, where the
// diagram has one, "Try it": the reader makes the move on the board (the view's pick and
// tap, as in play), the engine answers with the new picture or its reason.  Only the
// diagrams in assets/rules/diagrams.json can be asked for: the page names one by its id.
import { BoardCanvas } from "./canvas.js";
import * as engine from "../platform/engine.js";
import { t } from "../common/strings.js";
import { VIEWS } from "../views/index.js";

/** @typedef {import("../common/types.js").Ui} Ui */
/** @typedef {import("../common/types.js").View} View */
/** The engine's answer to op diagram (py/insel/diagrams.py): the picture at `ply`, shown as
 *  step `ply - first` of `plies - first`; `try`: the diagram has a move to try, whose
 *  starting selection is `ui`; after a tried move, `right` says whether it was the one meant.
 *  @typedef {import("../common/types.js").Answer & {view: View, legal: string[], ply: number,
 *    first: number, plies: number, try?: boolean, ui?: Ui, right?: boolean}} DiagramAnswer */
/** The figure's parts a diagram draws into and listens to.
 *  @typedef {{canvas: HTMLCanvasElement, back: HTMLButtonElement, forward: HTMLButtonElement,
 *    step: HTMLElement, tryIt: HTMLButtonElement, form: HTMLFormElement,
 *    message: HTMLElement}} Parts */

/** A <figure> for diagram `id` of `game` with its caption; it draws once the engine is ready.
 *  @param {string} id @param {string} game @param {string} caption */
export function diagramFigure(id, game, caption) {
  const figure = node("figure", "diagram");
  figure.dataset.diagram = id;
  const board = node("div", "diagram-board");
  const canvas = node("canvas");
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", caption || t("diagram_label"));
  board.append(canvas);
  const back = button("◀", t("diagram_back"));
  const forward = button("▶", t("diagram_forward"));
  const step = node("span", "diagram-step");
  const tryIt = button(t("diagram_try"));
  tryIt.classList.add("diagram-try");
  const controls = node("div", "diagram-controls");
  controls.append(back, step, forward, tryIt);
  const form = node("form", "diagram-answers");
  form.hidden = true;
  const message = node("p", "diagram-message");
  message.setAttribute("aria-live", "polite");
  const text = node("figcaption");
  text.textContent = caption;
  figure.append(board, controls, form, message, text);
  const diagram = new Diagram(id, game, { canvas, back, forward, step, tryIt, form, message });
  if (engine.isReady()) diagram.show();
  else {
    diagram.say(t("diagram_loading"));
    engine.whenReady().then(() => diagram.show());
  }
  return figure;
}

/** One diagram: its position, the steps and the move tried, drawn by the game's view. */
class Diagram {
  /** @param {string} id @param {string} game @param {Parts} parts */
  constructor(id, game, parts) {
    this.id = id;
    this.view = VIEWS[game];
    this.parts = parts;
    /** @type {DiagramAnswer | null} */
    this.answer = null;
    this.trying = false; // the reader is making the try move (taps go to the view)
    this.tried = false; // the move was made: its result is on the board
    /** @type {Ui} */
    this.ui = {};
    this.board = new BoardCanvas(parts.canvas, { onTap: (p) => this.onTap(p), onResize: () => this.draw() });
    parts.back.addEventListener("click", () => this.step(-1));
    parts.forward.addEventListener("click", () => this.step(1));
    parts.tryIt.addEventListener("click", () => this.startTry());
    parts.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submitAnswers();
    });
  }

  /** Ask for the picture at `ply` (default: the diagram's last) and draw it.
   *  @param {number} [ply] */
  async show(ply) {
    const answer = await engine.call("diagram", ply === undefined ? { id: this.id } : { id: this.id, ply });
    if (!answer.ok) { this.say(t("diagram_failed", { reason: answer.error }), true); return; }
    this.shown(/** @type {DiagramAnswer} */ (answer)); // (an ok answer of op diagram)
  }

  /** Take `answer` as the diagram's picture and draw it.  @param {DiagramAnswer} answer */
  shown(answer) {
    this.answer = answer;
    const aspect = this.view.board.aspect(answer.view);
    this.board.setAspect(aspect);
    this.board.parent.style.aspectRatio = String(aspect);
    this.update();
  }

  /** One step back (-1) or on (1) from the position shown.  @param {number} delta */
  async step(delta) {
    if (!this.answer) return;
    const { ply, first, plies } = this.answer;
    const from = this.tried ? plies + 1 : ply; // one step back from a tried move: the try position
    this.endTry();
    await this.show(Math.min(plies, Math.max(first, from + delta)));
    this.say("");
  }

  /** "Try it": the try position, its taps going to the view. */
  async startTry() {
    await this.show(); // the try position is the diagram's last ply
    if (!this.answer) return;
    this.trying = true;
    this.tried = false;
    this.ui = structuredClone(this.answer.ui ?? {});
    this.say(t("diagram_tryHelp"));
    this.update();
  }

  /** Back from trying: the steps' positions again. */
  endTry() {
    this.trying = this.tried = false;
    this.ui = {};
    this.parts.form.hidden = true;
  }

  /** A tap on the board while trying: the view's selection, hint or move.
   *  @param {import("../common/types.js").Point} point */
  onTap(point) {
    if (!this.trying || this.tried || !this.answer) return;
    const { view, legal } = this.answer;
    const target = this.view.board.pick(this.boxOf(), view, point);
    if (target === null || target === undefined) return;
    const result = this.view.tap(this.ui, target, view, legal);
    this.ui = result.ui ?? {};
    if (result.move) this.tryMove(result.move);
    else {
      this.say(result.hint ?? "");
      this.update();
    }
  }

  /** The tried `move` asked of the engine: its picture and whether it was right, or why not.
   *  @param {string} move */
  async tryMove(move) {
    const reply = await engine.call("diagram", { id: this.id, move });
    if (!reply.ok) {
      this.ui = structuredClone(this.answer?.ui ?? {});
      this.say(reply.error ?? "", true);
      this.update();
      return;
    }
    const answer = /** @type {DiagramAnswer} */ (reply); // (an ok answer of op diagram)
    this.tried = true;
    this.ui = {};
    const key = answer.right === undefined ? "diagram_allowed"
      : answer.right ? "diagram_right" : "diagram_other";
    this.say(t(key), false, true);
    this.answer = answer;
    this.update();
  }

  /** Wort-Reversi: the word on the back of each tile the placement would turn, typed in. */
  submitAnswers() {
    const inputs = [...this.parts.form.querySelectorAll("input")];
    this.tryMove(`${this.ui.square}:${JSON.stringify(inputs.map((input) => input.value))}`);
  }

  /** The steps, "Try it" and a quiz's form for the position shown; the board redrawn. */
  update() {
    if (!this.answer) return;
    const { back, forward, step, tryIt, form } = this.parts;
    const { ply, first, plies } = this.answer;
    const shown = Math.min(ply, plies) - first;
    step.textContent = t("diagram_step", { ply: shown, plies: plies - first });
    for (const control of [back, step, forward]) control.hidden = plies === first;
    back.disabled = shown <= 0 && !this.tried;
    forward.disabled = shown >= plies - first;
    tryIt.hidden = !this.answer.try;
    tryIt.textContent = t(this.trying ? "diagram_tryAgain" : "diagram_try");
    const quiz = this.trying && !this.tried && this.answer.view.quiz?.[this.ui.square];
    form.hidden = !quiz;
    if (quiz && form.dataset.square !== this.ui.square) fillAnswerForm(form, this.ui.square, quiz);
    this.draw();
  }

  /** The position shown, on the board (while trying: the selection and the legal moves). */
  draw() {
    if (!this.answer || !this.board.width) return;
    const legal = this.trying && !this.tried ? this.answer.legal : [];
    this.view.board.draw(this.board.context(), this.boxOf(), this.answer.view, this.trying ? this.ui : {}, legal);
  }

  /** The board's box for the view: its size, no zoom. */
  boxOf() {
    return { width: this.board.width, height: this.board.height, scale: 1 };
  }

  /** The diagram's line under the board.  @param {string} text */
  say(text, isError = false, isGood = false) {
    const { message } = this.parts;
    message.textContent = text;
    message.classList.toggle("error", isError);
    message.classList.toggle("good", isGood);
  }
}

/** The form of a Wort-Reversi placement's quiz: a field for each tile's word's back.
 *  @param {HTMLFormElement} form @param {string} square @param {{word: string}[]} quiz */
function fillAnswerForm(form, square, quiz) {
  form.dataset.square = square;
  form.replaceChildren();
  for (const { word } of quiz) {
    const label = node("label");
    const input = node("input");
    input.type = "text";
    input.autocomplete = "off";
    input.spellcheck = false;
    label.append(t("diagram_backOf", { word }), input);
    form.append(label);
  }
  const submit = button(t("diagram_answer"));
  submit.type = "submit";
  form.append(submit);
}

/** A new element `tag`, of class `className` if given.
 *  @template {keyof HTMLElementTagNameMap} K @param {K} tag @param {string} [className]
 *  @returns {HTMLElementTagNameMap[K]} */
function node(tag, className) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  return el;
}

/** A button saying `text`, named `label` for screen readers if given.
 *  @param {string} text @param {string} [label] */
function button(text, label) {
  const el = node("button");
  el.type = "button";
  el.textContent = text;
  if (label) el.setAttribute("aria-label", label);
  return el;
}
