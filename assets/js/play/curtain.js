// The curtain between people at one device in a game with secrets (Kahuna's hands): whose
// view the table answers with, when the board is hidden, when the curtain falls after a turn
// and when the person to move lifts it.  Only the viewer changes here, through the store.
import { isPerson, seatsOf } from "./players.js";

/** @typedef {import("../common/types.js").Answer} Answer */
/** @typedef {import("../common/types.js").Game} Game */
/** @typedef {import("./controller.js").Controller} Controller */
/** @typedef {import("../common/types.js").View} View */

export class Curtain {
  /** @param {Controller} ctl */
  constructor(ctl) {
    this.ctl = ctl;
  }

  /** Whether the seats of game `id` hold secrets (the engine's "information"; unknown: yes,
   *  the safe side): the curtain between people at one device, one seat's view at a time.
   * @param {string} id */
  secret(id) {
    return this.ctl.state.kinds.get(id)?.information !== "perfect";
  }

  /** Whose view the table answers with (secret games only: the viewer, null the public one). */
  viewerArgs() {
    const { game } = this.ctl.state;
    return game && this.secret(game.id) ? { seat: game.viewer } : {};
  }

  /** The seats of `game` played by a person at this device.
   * @param {Game} game */
  people(game) {
    return seatsOf(game.answer).filter((seat) => isPerson(game, seat));
  }

  /** The seat whose side is shown from the start: with one person at the table, theirs
   *  (there is nobody to hide it from); else null.
   *  @param {Game} game */
  firstViewer(game) {
    const people = this.people(game);
    return this.secret(game.id) && people.length === 1 ? people[0] : null;
  }

  /**
   * `answer` to a change of `game`, or, where the turn has passed from the viewer to another
   * person here, the public view instead: the curtain falls before anything is drawn.
   * @param {Game} game
   * @param {Answer} answer
   * @returns {Promise<Answer>}
   */
  async fallen(game, answer) {
    if (!answer.ok || !answer.view || !this.secret(game.id) || game.viewer === null
        || this.people(game).length < 2 || answer.view.current === game.viewer) return answer;
    this.ctl.store.update(() => { game.viewer = null; });
    return this.ctl.table.view({ seat: null });
  }

  /** Whether the curtain hides the board: a game with secrets, a person to move at this
   *  device, and their side not yet shown.
   * @param {View} view */
  down(view) {
    const { game } = this.ctl.state;
    const seat = view.current;
    return game !== null && this.secret(game.id) && !view.over && seat >= 0 && isPerson(game, seat)
      && game.viewer !== seat;
  }

  /** The person to move shows their side (the curtain goes up). */
  lift() {
    const { game } = this.ctl.state;
    const view = game?.answer.view;
    if (game && view) this.ctl.store.update(() => { game.viewer = view.current; });
    return this.ctl.turns.request("view");
  }
}
