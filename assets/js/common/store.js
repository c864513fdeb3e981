// The shell's one state, and its redraw (after lichess's ui/ and chessground): every module
// that changes what is on screen changes it here, and the page is drawn from it by one render
// path (render.js), at most once per animation frame however many changes came before.
// Nothing is read back from the page.

/**
 * The state of the shell.  `game` is replaced whole when another game opens; its `answer`
 * is the engine's latest for the seat looked from (`viewer`).
 * @typedef {object} ShellState
 * @property {"menu" | "play"} screen the screen shown
 * @property {boolean} ready the engine has started
 * @property {{percent?: number, key?: string, params?: {[name: string]: number},
 *   details?: {key: string, params: Record<string, unknown>}, waited?: number, failed?: boolean} | null}
 *   progress the engine's start as loading.js reports it (`waited`: seconds the bar has stood
 *   still; `details`: the step in an engineer's words, drawn small under the headline)
 * @property {string | null} waitingFor the game chosen before the engine was up ("" for a link)
 * @property {Map<string, {information: string, chance: string, min_players?: number,
 *   defaults?: {players?: number}}>} kinds each game's kind, as the engine declares it (op games)
 * @property {import("./types.js").Game | null} game the game on screen
 * @property {object | null} thinking token of the computer move under way, if any
 * @property {boolean} busy a change asked of the engine is being answered and shown
 * @property {{text: string, error: boolean}} message the play screen's line under the board
 * @property {string} menuMessage the menu's line (a refused link or start)
 * @property {string} fileMessage the line beside the menu's file button (a refused file)
 * @property {string | null} dialog the id of the dialog open over the page, if any
 * @property {{moves: {move: string, seat: number}[], replaying: boolean,
 *             looking: import("./types.js").Answer | null}} history the move list and the
 *   past position looked at (the engine's answer to op position)
 * @property {{answer: import("./types.js").Answer, asking?: boolean, move?: string,
 *             reason?: import("./types.js").Phrase, marks?: import("./types.js").Guide | null,
 *             error?: string} | null} hint the hint asked for (or being asked for) the position
 *   `answer`
 * @property {{game: import("./types.js").Game, answer: import("./types.js").Answer, running?: boolean, progress?: Record<string, unknown>, error?: string,
 *             result?: import("./types.js").ReviewResult, open?: boolean} | null} turns the review
 *   (under way, failed or found; its sheet open) of `game` as it stood at `answer` (review.js)
 * @property {boolean} historyOpen the move list is open (a drawer on small screens)
 * @property {boolean} moreOpen the play screen's "⋯" menu of rare actions is open
 * @property {string} place the keyboard cursor's place in words
 * @property {{why: "elsewhere" | "taken" | "stale", saved?: any} | null} readOnly the game
 *   on screen is only shown in this tab, its moves refused: another tab writes it
 *   ("elsewhere"), it was continued in another tab ("taken"), or a newer revision of it was
 *   saved meanwhile ("stale": `saved` is that save)
 * @property {{why: "full" | "disabled" | "failed", reason?: string} | null} unsaved the
 *   game's last change could not be saved, and why
 * @property {boolean} beside the game on screen is saved beside a damaged save of its game
 *   (under a new id; the damaged one is kept as it was)
 */

/** @returns {ShellState} */
export function initialState() {
  return { screen: "menu", ready: false, progress: null, waitingFor: null, kinds: new Map(),
    game: null, thinking: null, busy: false, message: { text: "", error: false },
    menuMessage: "", fileMessage: "", dialog: null, history: { moves: [], looking: null, replaying: false },
    hint: null, turns: null, historyOpen: false, moreOpen: false, place: "",
    readOnly: null, unsaved: null, beside: false };
}

export class Store {
  /**
   * @param {(state: ShellState) => void} draw the render path
   * @param {(frame: () => void) => unknown} [schedule] when to draw (the next animation frame)
   */
  constructor(draw, schedule = (frame) => requestAnimationFrame(frame)) {
    this.state = initialState();
    this.draw = draw;
    this.schedule = schedule;
    /** @type {Promise<void> | null} */
    this.frame = null; // the redraw asked for and not yet made
  }

  /**
   * Change the state (`patch` merged in, or a function that changes it) and ask for a redraw.
   * @param {Partial<ShellState> | ((state: ShellState) => void)} [patch]
   */
  update(patch = {}) {
    if (typeof patch === "function") patch(this.state);
    else Object.assign(this.state, patch);
    this.frame ??= new Promise((resolve) => {
      this.schedule(() => {
        this.frame = null;
        try {
          this.draw(this.state);
        } finally {
          resolve();
        }
      });
    });
  }

  /** Resolves once every change made so far is on the page. */
  drawn() {
    return this.frame ?? Promise.resolve();
  }
}
