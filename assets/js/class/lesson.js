// "Learn to play": a short guided game against the computer (assets/lessons/lessons.json).
// A lesson is a game record with a sentence and marks for each move of the learner; the
// computer's answers are the record's, chance is the engine's own from the lesson's seed
// (tests/test_lessons.py replays every lesson).  After the last step, or a skip, the game
// goes on as a normal game against the computer.  The lesson knows plies, not rules: the
// engine decides whether a move is allowed, and says why not.
import { t } from "../common/strings.js";

/** A lesson as lessons.json holds it: the learner's seat, the record's moves, the steps.
 * @typedef {{options: Record<string, unknown>, seed: number, learner: number, moves: string[],
 *   steps: Step[], done: string}} LessonData */
/** A learner's step: the sentence's key, the places to mark, the buttons to show.
 * @typedef {{ply: number, say: string, targets?: string[], buttons?: string[]}} Step */

/** @type {Record<string, LessonData> | null} */
let lessons = null;

/** The lesson for game `id` (fetched once).
 * @param {string} id
 */
export async function loadLesson(id) {
  if (!lessons) {
    const response = await fetch(new URL("../../lessons/lessons.json", import.meta.url));
    if (!response.ok) throw new Error(`lessons.json: HTTP ${response.status}`);
    lessons = /** @type {Record<string, LessonData>} */ (await response.json());
  }
  const lesson = lessons[id];
  if (!lesson) throw new Error(`no lesson for ${id}`);
  return new Lesson(lesson);
}

export class Lesson {
  /** @param {LessonData} lesson */
  constructor({ options, seed, learner, moves, steps, done }) {
    this.options = options;
    this.seed = seed;
    this.learner = learner;
    this.moves = moves;
    this.steps = new Map(steps.map((step) => [step.ply, step]));
    this.done = done;
  }

  /** Seats for the game: the learner a person, everyone else the computer.
   * @param {number} count
   */
  seats(count) {
    return [...Array(count).keys()].map((seat) => (seat === this.learner ? "human" : "medium"));
  }

  /** Whether the script still runs at `ply` (moves made so far).
   * @param {number} ply
   */
  running(ply) {
    return ply < this.moves.length;
  }

  /** The learner's step at `ply`: {say, targets, buttons, move}, or null.
   * @param {number} ply
   */
  step(ply) {
    const step = this.steps.get(ply);
    return step ? { targets: [], buttons: [], ...step, move: this.moves[ply] } : null;
  }

  /** The computer's scripted move at `ply` (null when it is the learner's turn).
   * @param {number} ply
   */
  reply(ply) {
    return this.running(ply) && !this.steps.has(ply) ? this.moves[ply] : null;
  }

  /** The sentence to show at `ply`: the step's, or the closing one once the script ends.
   * @param {number} ply
   */
  text(ply) {
    if (!this.running(ply)) return t(this.done);
    const step = this.steps.get(ply);
    return step ? t(step.say) : t("lessonComputer");
  }
}
