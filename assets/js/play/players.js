// Who sits at each seat — a person or the computer at a level — and the computer's turn.
// The computer thinks in the engine's worker (ai_start, then ai_step), so the page never
// waits for it; it thinks in steps of STEP_MS so that a cancelled search (new game, undo,
// the menu) ends within one step: the page simply stops asking for the next.
import { KNOWLEDGE_VALUES } from "../common/schemas.js";
import { setting } from "../keep/settings.js";
import { t } from "../common/strings.js";
import { el, optionSelect } from "../common/dom.js";

export const SEAT_KINDS = ["human", "easy", "medium", "hard", "expert", "link"]; // link: a friend
const LEVELS = new Set(["easy", "medium", "hard", "expert"]); // elsewhere, playing by move links
/** The expert's thinking time per move in ms (ai_start budget_ms), shown with the level:
 * the setting "thinking" (2 s unless chosen otherwise), read at each move. */
const expertMs = () => Number(setting("thinking")) * 1000;

/** Wort-Reversi: the share of words each level names right unless chosen otherwise (the
 *  engine decides: insel.ai.players.LEVEL_KNOWLEDGE; this copy is for the report's words). */
export const LEVEL_KNOWLEDGE = { easy: 0.5, medium: 0.7, hard: 0.9, expert: 1 };

/** The share (0 to 1) a computer at `level` names right with settings `computer`. */
export const knowledgeOf = (level, computer = {}) =>
  (typeof computer.knowledge === "number" ? computer.knowledge : LEVEL_KNOWLEDGE[level] ?? 1);

/** Whether a seat of this kind is played by the computer here. */
export const isComputer = (kind) => LEVELS.has(kind);
/** Every seat of the game an engine answer is about. */
export const seatsOf = (answer) => [...Array(answer.view.scores.length).keys()];
/** Whether a person at this device plays `seat` of `game` (a seat not given: a person). */
export const isPerson = (game, seat) => (game.seats[seat] ?? "human") === "human";
/** One step of thinking in the worker (ms): the longest a cancelled search goes on. */
const STEP_MS = 200;

/** A seat kind in words: "Computer, expert · up to 2 s" shows the expert's thinking time. */
export const seatKindText = (kind) => t(`seatKind_${kind}`, { seconds: expertMs() / 1000 });

/**
 * A fieldset with one select per seat (person, computer easy/medium/hard/expert, or a
 * friend playing by link).
 * `count()` says how many seats to offer; `refresh()` re-reads it.
 */
export function seatPicker(count, computerOptions = []) {
  const fieldset = el("fieldset", undefined, "seat-picker");
  fieldset.append(el("legend", t("seatsTitle")));
  const list = el("div", undefined, "seat-list");
  fieldset.append(list);
  const chosen = [];
  const extras = {};
  for (const option of computerOptions) {
    const { label, select } = optionSelect(option, t(`opt_${option.name}`));
    extras[option.name] = select;
    fieldset.append(label);
  }
  const refresh = () => {
    list.replaceChildren();
    for (let seat = 0; seat < count(); seat++) {
      const label = el("label", t("seat", { n: seat + 1 }));
      const select = el("select");
      select.name = `seat-${seat}`;
      for (const kind of SEAT_KINDS) {
        const item = el("option", seatKindText(kind));
        item.value = kind;
        select.append(item);
      }
      select.value = chosen[seat] ?? "human";
      select.addEventListener("change", () => { chosen[seat] = select.value; });
      label.append(select);
      list.append(label);
    }
  };
  refresh();
  return {
    element: fieldset,
    refresh,
    kinds: () => Array.from({ length: count() }, (_, seat) => chosen[seat] ?? "human"),
    computerArgs: () => Object.fromEntries(
      Object.entries(extras).map(([name, select]) => [name, JSON.parse(select.value)])),
  };
}

/**
 * Have Python import a game's computer player while the page is idle (session op
 * `ai_prepare`), so that its first move does not wait for the import.
 */
export function prepareComputer(call, gameId) {
  const prepare = () => call("ai_prepare", { game: gameId });
  if (window.requestIdleCallback) requestIdleCallback(prepare);
  else setTimeout(prepare, 100);
}

/**
 * The ai_start request for a computer at `level` with settings `computer`, built from named
 * fields only (never by spreading stored or received settings into it: a save's or link's
 * `op` must not become the request's): the expert's thinking time, and Wort-Reversi's
 * knowledge when it is one of its known values (schemas.js).
 */
export function aiStartArgs(level, computer) {
  const knowledge = computer?.knowledge;
  return { level: String(level), ...(level === "expert" ? { budget_ms: expertMs() } : {}),
    ...(KNOWLEDGE_VALUES.includes(knowledge) ? { knowledge } : {}) };
}

/**
 * Let the computer play one move of game `gameId` for the seat to move.  `settings` (the
 * computer's, e.g. knowledge) shape its ai_start (aiStartArgs), `seat` is whose view the
 * answer after the move shows (secret games; undefined: the one view).  Resolves with that
 * answer (or an error answer), or null once `stillWanted()` is false.
 */
export async function computerMove(call, gameId, level, settings, seat, stillWanted) {
  await call("ai_prepare", { game: gameId });
  if (!stillWanted()) return null;
  const started = await call("ai_start", aiStartArgs(level, settings));
  if (!started.ok) return started;
  const view = seat === undefined ? {} : { seat };
  return inSteps((budgetMs) => call("ai_step", { budget_ms: budgetMs, ...view }), stillWanted);
}

/**
 * Call `step(budgetMs)` (a step of thinking in the engine's worker) again and again until it
 * answers done or fails; null once `stillWanted()` is false.
 */
export async function inSteps(step, stillWanted) {
  for (;;) {
    if (!stillWanted()) return null;
    const answer = await step(STEP_MS);
    if (!answer.ok || answer.done) return answer;
  }
}
