// Who sits at each seat — a person, the computer at a level, or a friend playing by move
// links — and the seat picker that chooses them.  The computer's requests: table/computer.js.
import { expertMs } from "../table/computer.js";
import { t } from "../common/strings.js";
import { el, optionSelect } from "../common/dom.js";

export const SEAT_KINDS = ["human", "easy", "medium", "hard", "expert", "link"]; // link: a friend
const LEVELS = new Set(["easy", "medium", "hard", "expert"]); // elsewhere, playing by move links

/** Wort-Reversi: the share of words each level names right unless chosen otherwise (the
 *  engine decides: insel.ai.players.LEVEL_KNOWLEDGE; this copy is for the report's words). */
/** @type {Record<string, number>} */
export const LEVEL_KNOWLEDGE = { easy: 0.5, medium: 0.7, hard: 0.9, expert: 1 };

/** The share (0 to 1) a computer at `level` names right with settings `computer`.
 * @param {string} level
 * @param {{knowledge?: unknown}} [computer] */
export const knowledgeOf = (level, computer = {}) =>
  (typeof computer.knowledge === "number" ? computer.knowledge : LEVEL_KNOWLEDGE[level] ?? 1);

/** Whether a seat of this kind is played by the computer here.
 * @param {string | undefined} kind */
export const isComputer = (kind) => kind !== undefined && LEVELS.has(kind);
/** Every seat of the game an engine answer is about (none without a picture).
 * @param {import("../common/types.js").Answer} answer */
export const seatsOf = (answer) => [...Array(answer.view?.scores?.length ?? 0).keys()];
/** Whether a seat of this kind is played at another device of a live table ("tableLost":
 *  one whose connection is lost; the game waits for it).
 * @param {string | undefined} kind */
export const isTableSeat = (kind) => kind === "table" || kind === "tableLost";
/** Whether a person at this device plays `seat` of `game` (a seat not given: a person).
 * @param {import("../common/types.js").Game} game
 * @param {number} seat */
export const isPerson = (game, seat) => (game.seats?.[seat] ?? "human") === "human";

/** A seat kind in words: "Computer, expert · up to 2 s" shows the expert's thinking time.
 * @param {string} kind */
export const seatKindText = (kind) => t(`seatKind_${kind}`, { seconds: expertMs() / 1000 });
/** Who plays a seat, for the players panel: "Computer, expert · up to 2 s" (the expert's
 *  thinking time is part of what the person should know), "Friend, by link", "Other phone".
 * @param {string} kind */
export const seatPlayerText = (kind) => (kind === "table" ? t("table.player")
  : kind === "tableLost" ? t("table.playerLost") : seatKindText(kind));

/**
 * A fieldset with one select per seat (person, computer easy/medium/hard/expert, or a
 * friend playing by link).
 * `count()` says how many seats to offer; `refresh()` re-reads it.
 * @param {() => number} count
 * @param {import("../common/types.js").Option[]} [computerOptions]
 */
export function seatPicker(count, computerOptions = []) {
  const fieldset = el("fieldset", undefined, "seat-picker");
  fieldset.append(el("legend", t("seatsTitle")));
  const list = el("div", undefined, "seat-list");
  fieldset.append(list);
  /** @type {string[]} */
  const chosen = [];
  /** @type {Record<string, HTMLSelectElement>} */
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
