// Types of the shell, for the type checker only (`tsc -p .`, see tsconfig.json): JSDoc
// typedefs that other modules import in their comments,
//   /** @typedef {import("./types.js").Answer} Answer */
// Nothing here runs: the module exports nothing at run time, and no page imports it.

/**
 * A refusal as a phrase: the catalogue key under "engine.<key>" and its parameters.
 * @typedef {{key: string, params?: Record<string, any>}} Phrase
 */

/**
 * What the engine answers to any request (py/insel/session.py): `ok`, and on a refusal
 * `error` (worded by engine.js in the page's language) and `reason`; the other fields
 * depend on the operation (moves, ply, record, right, turns…).
 * @typedef {{ok: boolean, error?: string, reason?: Phrase, [field: string]: any}} Reply
 */

/**
 * A game record, the single source of truth: undo, links, saves and replays rebuild from it.
 * @typedef {object} GameRecord
 * @property {string} game
 * @property {{[name: string]: any}} [options]
 * @property {number} [seed]
 * @property {string[]} moves
 */

/**
 * The picture of a game as the engine draws it for one seat (a game's `view()`): the fields
 * every game has; the rest is the game's own (board, hands, map…).
 * @typedef {{current: number, ply?: number, over?: boolean, scores?: number[],
 *            [field: string]: any}} View
 */

/**
 * The answer to a request that changes or shows the game (new, load, play, undo, view…):
 * the picture for `seat` (null: a spectator) and what may be done now.
 * @typedef {Reply & {view?: View, legal?: string[], record?: GameRecord, seat?: number | null,
 *           can_undo?: boolean, undo_to?: number | null, can_redo?: boolean,
 *           redo_to?: number | null}} Answer
 */

/** The engine's door: one request, one answer (never rejects).
 * @typedef {(op: string, args?: {[name: string]: any}) => Promise<Answer>} Call
 */

/** A size to draw in, in CSS pixels (`scale`: the zoom of a zoomable board; `floor`: the
 *  smallest label size on the play screen, views/labels.js; none in pictures).
 * @typedef {{width: number, height: number, scale?: number, floor?: number,
 *   keepClear?: {x: number, y: number, w: number, h: number}[]}} Box
 */

/** A move the review judged (review.js): its mark, the points it lost, a better move and why.
 * @typedef {{ply: number, seat: number, move: string, mark: string, loss: number,
 *            better?: string, reason?: Phrase | null,
 *            reason_of?: "played" | "better"}} Judged
 */

/** The review of a game: each seat's points along the game, the judged moves.
 * @typedef {{viewer: number, points: number[], moves: Judged[]}} ReviewResult
 */

/** A point on the board, in the box's coordinates.
 * @typedef {{x: number, y: number}} Point
 */

/** A move of the move list as op history gives it: its mover, the move, and the engine's
 *  words on it where it has some (Wort-Reversi's answers given: the view reads them).
 *  @typedef {{seat: number, move: string, said?: object}} MoveEntry */

/** What a lesson step, a hint or the review's better move marks: the move, its targets on
 *  the board (rings), its parts named on buttons (hints.js moveMarks).
 *  @typedef {{move: string, targets: string[], buttons: string[]}} Guide */

/** A view's selection between taps (chosen piece, half-made move…): its own shape.
 * @typedef {{[field: string]: any}} Ui
 */

/** What a tap does: the new selection and/or a move to send, or a hint to show.
 * @typedef {{ui: Ui, move?: string, hint?: string}} TapResult
 */

/** A menu option: a select with choices.
 * @typedef {{name: string, choices: {value: unknown, label: string}[]}} Option
 */

/** A button under the board: a move to play or an operation to ask.
 * @typedef {{label: string, move?: string, op?: string}} Control
 */

/** A seat in the players panel: `name` its player's name where it has one (seat-names.js),
 * else its colour in words; `role` its colour in words beside a player's name; `striped` when
 * its pieces carry stripes with patterns on (its badge then does too).
 * @typedef {{name: string, role?: string, colour: string, striped?: boolean,
 *            score?: number | string}} Seat
 */

/** What a view's panel may do.
 * @typedef {{play: (move: string) => unknown, op: (name: string, args?: object) => unknown,
 *            setUi: (ui: Ui) => unknown, setDisplay: (display: Ui) => unknown,
 *            message: (text: string, isError?: boolean) => unknown}} PanelAct
 */

/**
 * A game view (assets/js/views/<game>/<game>.js); the interface is described at the top of
 * assets/js/views/index.js.  Its functions are written as methods: a view takes its own
 * game's picture (e.g. views/kahuna/kahuna.js `KahunaView`), a narrower type than `View`,
 * which a method's parameter may be (the engine's JSON is the boundary that is not checked).
 * @typedef {{
 *   board: GameBoard,
 *   tap(ui: Ui, target: string, view: View, legal?: string[]): TapResult,
 *   controls(view: View, legal?: string[], ui?: Ui): Control[],
 *   panel?(answer: Answer, ui: Ui, act: PanelAct): Node[],
 *   words: GameWords,
 *   setup: GameSetup,
 * }} GameView
 */

/**
 * A game view's board: its shape, its drawing, the targets under a point and the point of
 * a target; `zoomable` boards pan and zoom (`crowded`: a factor to zoom by around a tap
 * between places too close to tell apart); `captured`: the move just made took pieces.
 * @typedef {{
 *   aspect(view: View): number,
 *   draw(ctx: CanvasRenderingContext2D, box: Box, view: View, ui: Ui, legal?: string[]): void,
 *   pick(box: Box, view: View, point: Point): string | null,
 *   locate(box: Box, view: View, target: string): Point | null,
 *   targets?(view: View): string[],
 *   crowded?(box: Box, view: View, point: Point): number,
 *   captured?(before: View, after: View): boolean,
 *   zoomable?: boolean,
 * }} GameBoard
 */

/**
 * A game view's words: the players panel (`seats`), the line saying what to do (`prompt`),
 * the game-over lines (`summary`); for screen readers the position (`describe`, lines by row,
 * island or seat), a target and what is on it (`describePlace`), the last move
 * (`describeMove`); a move of the record as the move list, the hint and the review say it
 * (`moveLabel`, never engine notation; `view` for names that depend on the map); moves that
 * belong to one entry of the list (`joinsTurn`: Inselspiel's throw, die and move) and that
 * entry's words (`turnLabel`); the engine's reason for a hint with its codes in words.
 * @typedef {{
 *   seats(view: View): Seat[],
 *   prompt(view: View, ui?: Ui): string,
 *   summary(view: View): string[],
 *   describe?(view: View): string[],
 *   describePlace?(view: View, target: string): string,
 *   describeMove?(view: View): string,
 *   moveLabel?(move: string, view: View, said?: object): string,
 *   turnLabel?(moves: string[], view: View): string,
 *   joinsTurn?(previous: string, move: string): boolean,
 *   hintReason?(reason: Phrase): Phrase,
 * }} GameWords
 */

/**
 * A game view's setup and game facts: the menu's `options` and `computerOptions`; the
 * setup's own nodes (`menuExtras`: a word-list editor, a map), the values they add
 * (`menuOptions`), a promise settled once the engine has checked them (`menuSettled`), its
 * "Print and play" (`printCards`) and the link kinds it opens (`links`: a word list);
 * `asksNames`: a class link not yet begun asks its people's names first; `learningReport`:
 * the engine keeps one (op report); `chanceByHand`: the players throw real dice and enter
 * each throw (the controller does not draw it).
 * @typedef {{
 *   options: Option[],
 *   computerOptions?: Option[],
 *   menuExtras?(act: {call: Call, share?: (url: string,
 *     info: {title: string, help: string, note?: string}) => unknown}): Node[],
 *   menuOptions?(): Record<string, unknown>,
 *   menuSettled?(): Promise<void>,
 *   printCards?(): Promise<void>,
 *   links?: {[kind: string]: (payload: any) => any},
 *   asksNames?: boolean,
 *   learningReport?: boolean,
 *   chanceByHand?(view: View): boolean,
 * }} GameSetup
 */

/**
 * The guided first game as the play screen follows it (class/lesson.js `Lesson` is one; it
 * lives a floor above, so it is described here, not named): its options, seed and the
 * learner's seat; the seats to open it with; the learner's step at a ply (its words, what
 * to point at, the move it expects), the computer's scripted reply, the sentence to show
 * and whether the script still runs.
 * @typedef {{options: Record<string, unknown>, seed: number, learner: number,
 *   seats(count: number): string[],
 *   step(ply: number): (Guide & {ply: number, say: string}) | null,
 *   reply(ply: number): string | null, text(ply: number): string,
 *   running(ply: number): boolean}} LessonPlan
 */

/**
 * The game on screen (app.js `app.game`).
 * @typedef {object} Game
 * @property {string} id
 * @property {Record<string, unknown>} options
 * @property {string[]} [seats] "human", "link" or a computer level, per seat
 * @property {Record<string, unknown>} [computer] the computer players' settings
 * @property {import("./seat-names.js").Names | null} [names] the players' and teams' names
 *   (names.js), shown where a seat or team is named
 * @property {Answer} answer
 * @property {Ui} ui the view's selection between taps (cleared by every move)
 * @property {Ui} [display] how the game is shown (a view's overlay on or off): the player's
 *   choices that last across moves, given to the view merged into `ui` (render.js)
 * @property {number | null} viewer the seat whose secrets are shown, if any
 * @property {LessonPlan | null} [lesson] the guided first game, if one runs; null once
 *   skipped
 * @property {string} [saveId] the id it is saved under (saves.js)
 * @property {number} [revision] the revision of its save this tab last read or wrote (0: none)
 * @property {boolean} [keepUnplayed] saved before its first move (a teacher's class link)
 */

/**
 * The page's window with the hooks for tests and tools (engine.js, app.js).
 * @typedef {Window & {inselCall?: (text: string) => Promise<string>,
 *           inselApp?: {[name: string]: Function}}} InselWindow
 */

export {};
