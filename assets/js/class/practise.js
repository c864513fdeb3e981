// "Practise the missed words": a short quiz round over one player's missed pairs, each asked
// both ways (the questions come with the learning report).  Every answer is graded by the
// engine (op `grade`, the very function that grades a placement), then back to the menu.
import { t } from "../common/strings.js";
import { button, el } from "../common/dom.js";

/** A question: the word `ask` in language `from`, its `correct` form in `to`.
 * @typedef {{ask: string, correct: string, from: string, to: string}} Question */

export class Practise {
  /**
   * @param {{call: import("../common/types.js").Call, done: () => void}} act  ask the engine; leave the
   *   round for the menu
   */
  constructor(act) {
    this.act = act;
    this.dialog = el("dialog", undefined, "wr-practise");
    /** @type {Question[]} */
    this.questions = [];
    /** @type {{articles_optional?: boolean, ascii_spelling?: boolean}} */
    this.grading = {};
    this.name = "";
    this.index = 0;
    this.right = 0;
    this.dialog.id = "wr-practise";
    this.dialog.setAttribute("aria-labelledby", "wr-practise-title");
    document.body.append(this.dialog);
  }

  /**
   * Start a round: `questions` [{ask, correct, from, to}], graded with the game's `grading`
   * options ({articles_optional, ascii_spelling}); `name` is the player practising.
   * @param {Question[]} questions
   * @param {{articles_optional?: boolean, ascii_spelling?: boolean}} grading
   * @param {string} name
   */
  start(questions, grading, name) {
    this.questions = questions;
    this.grading = grading;
    this.name = name;
    this.index = 0;
    this.right = 0;
    if (!this.dialog.open) this.dialog.showModal();
    this.ask();
  }

  /** Show `nodes` under the round's title and its Close button.
   * @param {...Node} nodes
   */
  frame(...nodes) {
    const title = el("h2", t("wr_practiseTitle", { name: this.name }));
    title.id = "wr-practise-title";
    const head = el("header", undefined, "dialog-head");
    head.append(title, button(t("close"), "", () => this.dialog.close()));
    this.dialog.replaceChildren(head, ...nodes);
  }

  /** Ask the round's next question. */
  ask() {
    const question = this.questions[this.index];
    if (!question) return;
    const form = el("form", undefined, "wr-practise-form");
    const progress = el("p", t("wr_practiseProgress", { n: this.index + 1, total: this.questions.length }),
      "wr-practise-progress");
    const label = el("label", t("wr_practiseQuestion", { from: question.from, to: question.to }));
    label.htmlFor = "wr-practise-answer";
    const word = el("p", question.ask, "wr-practise-word");
    const input = el("input");
    Object.assign(input, { id: "wr-practise-answer", type: "text", autocomplete: "off",
      spellcheck: false, maxLength: 100 });
    input.setAttribute("autocapitalize", "off");
    const check = el("button", t("wr_practiseCheck"), "primary");
    check.type = "submit";
    const result = el("p", "", "wr-practise-result");
    result.setAttribute("role", "status");
    const controls = el("div", undefined, "controls");
    controls.append(check);
    form.append(progress, label, word, input, controls, result);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (input.readOnly) return;
      const answer = input.value.trim();
      if (!answer) {
        result.textContent = t("wr_practiseEmpty");
        return;
      }
      const graded = await this.act.call("grade", { answer, correct: question.correct, ...this.grading });
      if (!graded.ok) {
        result.textContent = graded.error ?? "";
        result.className = "wr-practise-result error";
        return;
      }
      input.readOnly = true;
      this.right += graded.right ? 1 : 0;
      result.textContent = graded.right ? t("wr_practiseRight", { correct: question.correct })
        : t("wr_practiseWrong", { correct: question.correct });
      result.className = `wr-practise-result ${graded.right ? "right" : "wrong"}`;
      const last = this.index + 1 === this.questions.length;
      const next = button(t(last ? "wr_practiseFinish" : "wr_practiseNext"), "primary", () => {
        this.index += 1;
        if (last) this.finish();
        else this.ask();
      });
      controls.replaceChildren(next);
      next.focus();
    });
    this.frame(form);
    queueMicrotask(() => input.focus());
  }

  /** The round's score, and the way to play it again or back to the menu. */
  finish() {
    const total = this.questions.length;
    const score = el("p", t("wr_practiseScore", { right: this.right, total }), "wr-practise-score");
    const again = button(t("wr_practiseAgain"), "", () => this.start(this.questions, this.grading, this.name));
    const menu = button(t("wr_practiseMenu"), "primary", () => {
      this.dialog.close();
      this.act.done();
    });
    menu.dataset.act = "menu";
    const controls = el("div", undefined, "controls");
    controls.append(again, menu);
    this.frame(score, controls);
    menu.focus();
  }
}
