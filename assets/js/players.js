// Who sits at each seat — a person or the computer at a level — and the computer's turn.
// The computer thinks through the engine in short slices (ai_start, then ai_step with a
// small budget) and gives the browser back its thread between slices, so the page never
// freezes: each slice stays far below the 100 ms that makes a page feel stuck.
import * as engine from "./engine.js";
import { setting } from "./settings.js";
import { t } from "./strings.js";
import { el, optionSelect } from "./views/dom.js";

export const SEAT_KINDS = ["human", "easy", "medium", "hard", "expert", "link"]; // link: a friend
const LEVELS = new Set(["easy", "medium", "hard", "expert"]); // elsewhere, playing by move links
/** The expert's thinking time per move in ms (ai_start budget_ms), shown with the level:
 * the setting "thinking" (2 s unless chosen otherwise), read at each move. */
const expertMs = () => Number(setting("thinking")) * 1000;

/** Whether a seat of this kind is played by the computer here. */
export const isComputer = (kind) => LEVELS.has(kind);
/** How long one slice may hold the page (ms): the engine's budget for a slice is this less
 * the most a slice of the same search has run past its budget (its last unit of work, the
 * bridge, a garbage collection), so a search of large units still gives the thread back in
 * time.  A task over 100 ms is what makes a page feel stuck. */
const SLICE_MS = 50;
const FIRST_BUDGET_MS = 40;
const MIN_BUDGET_MS = 5;

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
 * `ai_prepare`), so that its first move does not hold the page for the import (Othello's
 * took 42–103 ms in headless Chromium on a 2-core machine; more on a phone).
 */
export function prepareComputer(gameId) {
  const prepare = () => engine.call("ai_prepare", { game: gameId });
  if (window.requestIdleCallback) requestIdleCallback(prepare);
  else setTimeout(prepare, 100);
}

/**
 * Let the computer play one move of game `gameId` for the seat to move.  `settings` go to
 * ai_start (e.g. knowledge), `pictureArgs` shape the answer after the move (e.g. which
 * seat's view).  Resolves with that answer (or an error answer), or null once
 * `stillWanted()` is false.  A search not imported yet (a computer moving first, before the
 * idle callback of prepareComputer) is imported in a task of its own, not in ai_start's.
 */
export async function computerMove(gameId, level, settings, pictureArgs, stillWanted) {
  if (engine.call("ai_prepare", { game: gameId }).imported) await breathe();
  if (!stillWanted()) return null;
  const budget = level === "expert" ? { budget_ms: expertMs() } : {};
  const started = engine.call("ai_start", { level, ...budget, ...settings });
  if (!started.ok) return started;
  return inSlices((budgetMs) => engine.call("ai_step", { budget_ms: budgetMs, ...pictureArgs }),
    stillWanted);
}

/** Give the page its thread back: resolves in a task of its own. */
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Call `step(budgetMs)` (one slice of engine thinking) again and again, giving the page its
 * thread back before each, until it answers done or fails; null once `stillWanted()` is
 * false.  Each budget is what is left of SLICE_MS after the largest overrun seen so far.
 */
export async function inSlices(step, stillWanted) {
  let overrun = SLICE_MS - FIRST_BUDGET_MS;
  for (;;) {
    await breathe();
    if (!stillWanted()) return null;
    const budget = Math.max(MIN_BUDGET_MS, SLICE_MS - overrun);
    const began = performance.now();
    const answer = step(budget);
    overrun = Math.max(overrun, performance.now() - began - budget);
    if (!answer.ok || answer.done) return answer;
  }
}
