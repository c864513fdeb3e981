// The computer's move, asked of the engine: it thinks in the engine's worker (ai_start, then
// ai_step), so the page never waits for it; it thinks in steps of STEP_MS so that a cancelled
// search (new game, undo, the menu) ends within one step: the page simply stops asking for
// the next.  Requests are built from named fields (the table, hints and the review use these).
import { KNOWLEDGE_VALUES } from "../common/schemas.js";
import { setting } from "../keep/settings.js";

/** @typedef {import("../common/types.js").Call} Call */
/** @typedef {import("../common/types.js").Answer} Answer */

/** The expert's thinking time per move in ms (ai_start budget_ms), shown with the level:
 * the setting "thinking" (2 s unless chosen otherwise), read at each move. */
export const expertMs = () => Number(setting("thinking")) * 1000;
/** One step of thinking in the worker (ms): the longest a cancelled search goes on. */
const STEP_MS = 200;
/** The request fields that make an answer carry the move list and the save (session.py). */
export const FULL = Object.freeze({ history: true, save: true });

/** The longest the import waits for an idle moment (ms): a page that is never idle (a busy
 *  phone, an animation) still has its computer player ready before long. */
const PREPARE_WAIT_MS = 2000;

/**
 * Have Python import a game's computer player while the page is idle (session op
 * `ai_prepare`), so that its first move does not wait for the import.  Marks
 * `insel:prepared:<game>` once Python answered (the tests wait for it).
 * @param {Call} call
 * @param {string} gameId
 */
export function prepareComputer(call, gameId) {
  const prepare = () => call("ai_prepare", { game: gameId })
    .then(() => performance.mark(`insel:prepared:${gameId}`));
  if (typeof window.requestIdleCallback === "function") {
    requestIdleCallback(prepare, { timeout: PREPARE_WAIT_MS });
  } else setTimeout(prepare, 100);
}

/**
 * The ai_start request for a computer at `level` with settings `computer`, built from named
 * fields only (never by spreading stored or received settings into it: a save's or link's
 * `op` must not become the request's): the expert's thinking time, and Wort-Reversi's
 * knowledge when it is one of its known values (schemas.js).
 * @param {string} level
 * @param {{knowledge?: unknown} | null | undefined} computer
 */
export function aiStartArgs(level, computer) {
  const knowledge = computer?.knowledge;
  return { level: String(level), ...(level === "expert" ? { budget_ms: expertMs() } : {}),
    ...(KNOWLEDGE_VALUES.some((value) => value === knowledge) ? { knowledge } : {}) };
}

/**
 * Let the computer play one move of game `gameId` for the seat to move.  `settings` (the
 * computer's, e.g. knowledge) shape its ai_start (aiStartArgs), `seat` is whose view the
 * answer after the move shows (secret games; undefined: the one view).  `full`: that answer
 * also carries the move list and the save (session: `history`, `saved`); `prepared`: the
 * game's player is known to be imported (no ai_prepare first).  Resolves with that answer (or
 * an error answer), or null once `stillWanted()` is false.
 * @param {Call} call
 * @param {string} gameId
 * @param {string} level
 * @param {{knowledge?: unknown} | null | undefined} settings
 * @param {number | null | undefined} seat
 * @param {() => boolean} stillWanted
 * @param {{full?: boolean, prepared?: boolean}} [how]
 * @returns {Promise<Answer | null>}
 */
export async function computerMove(call, gameId, level, settings, seat, stillWanted,
  { full = false, prepared = false } = {}) {
  if (!prepared) await call("ai_prepare", { game: gameId });
  if (!stillWanted()) return null;
  const started = await call("ai_start", aiStartArgs(level, settings));
  if (!started.ok) return started;
  const view = { ...(seat === undefined ? {} : { seat }), ...(full ? FULL : {}) };
  return inSteps((/** @type {number} */ budgetMs) => call("ai_step", { budget_ms: budgetMs, ...view }), stillWanted);
}

/**
 * Call `step(budgetMs)` (a step of thinking in the engine's worker) again and again until it
 * answers done or fails; null once `stillWanted()` is false.
 * @param {(budgetMs: number) => Promise<Answer>} step
 * @param {() => boolean} stillWanted
 * @returns {Promise<Answer | null>}
 */
export async function inSteps(step, stillWanted) {
  for (;;) {
    if (!stillWanted()) return null;
    const answer = await step(STEP_MS);
    if (!answer.ok || answer.done) return answer;
  }
}
