// The guided first game (class/lesson.js): it opens with the lesson's seed and seats, keeps
// the learner to the lesson's moves (another legal move is a detour, said so and not
// played), and ends when the learner skips the rest (then it is a normal game).
import { t } from "../common/strings.js";

/** @typedef {import("./controller.js").Controller} Controller */

export class Lessons {
  /** @param {Controller} ctl */
  constructor(ctl) {
    this.ctl = ctl;
  }

  /** Start the guided first game of `id`: the learner against the computer.
   * @param {string} id
   * @param {number} players the game's fewest players (the lesson's own count first) */
  learn(id, players) {
    const { ctl } = this;
    ctl.opening.whenEngine(id, async () => {
      let lesson;
      try {
        lesson = await ctl.needs.loadLesson(id);
      } catch (error) {
        console.error(error);
        ctl.notify(t("loadingFailed"));
        return;
      }
      const { players: count } = lesson.options; // (else the game's own count)
      const seats = lesson.seats(typeof count === "number" ? count : players);
      // a lesson's seed is fixed: each time it is learnt it is a game of its own, saved beside
      // the last one (never over it, and never refused as written by another tab)
      const answer = await ctl.opening.open(id,
        (viewer) => ctl.table.start(id, lesson.options, lesson.seed, viewer), lesson.seed,
        { options: lesson.options, seats, computer: {}, lesson,
          saveId: ctl.needs.copyId({ game: id, seed: lesson.seed }) });
      if (!answer.ok) ctl.notify(answer.error ?? t("actionFailed"));
    });
  }

  /** The lesson's step when the learner is to move in a running lesson, else null. */
  step() {
    const { lesson, answer } = this.ctl.state.game ?? {};
    const view = answer?.view;
    if (!lesson || !view || view.over || this.ctl.history.view()) return null;
    return view.current === lesson.learner ? lesson.step(view.ply ?? 0) : null;
  }

  /** A move the lesson does not take this time: the selection goes, the learner is told. */
  detour() {
    const { game } = this.ctl.state;
    this.ctl.store.update(() => { if (game) game.ui = {}; });
    this.ctl.say(t("lessonOther"), true);
    return { ok: false };
  }

  /** End the lesson's script: the game goes on as a normal game against the computer. */
  skip() {
    const { game } = this.ctl.state;
    this.ctl.store.update(() => { if (game) game.lesson = null; });
    this.ctl.computer.turn();
  }
}
