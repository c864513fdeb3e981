// The teacher's link for a class (Wort-Reversi): a checked word list made into a game record
// with no moves yet and its seats, so that a pupil's browser opens it straight into a game —
// against the computer at the teacher's level and naming rate, or two pupils at one device —
// without the setup and its word-list text (the answers) on the pupil's screen.  The link is
// an ordinary record link (links.js recordLink: seats and the computer's settings ride in it).
import { ClassReport } from "./class-report.js";
import { recordLink } from "../keep/links.js";
import { KNOWLEDGE_VALUES } from "../common/schemas.js";
import { t, textChoice } from "../common/strings.js";
import { el, optionSelect } from "../common/dom.js";

/** The computer's naming rate: as its level (players.js LEVEL_KNOWLEDGE) or a share chosen. */
export const KNOWLEDGE_CHOICES = KNOWLEDGE_VALUES.map((value) => (value === "level"
  ? textChoice("level", "wr_knowledgeByLevel") : { value, label: `${Number(value) * 100} %` }));
const LEVELS = ["easy", "medium", "hard", "expert"];
let classReport = null; // the class report's dialog, made when first opened
const FLAGS = /** @type {const} */ (["multiple_choice", "ascii_spelling", "hand"]); // the setup's options a link keeps

/**
 * What a class link opens: `{record, seats, computer}` for `words` (a checked list
 * {title, sides, pairs}) with `options` (the setup's flags), `seed` and who plays: pupils
 * "computer" (a pupil against `level` naming `knowledge` right) or "pair" (two pupils).
 * @param {{title: string, sides: string[], pairs: string[][]}} words
 * @param {{pupils: string, level: string, knowledge: number | string,
 *   options?: Record<string, unknown>}} choice
 * @param {number} seed
 */
export function classGame(words, { pupils, level, knowledge, options = {} }, seed) {
  const flags = Object.fromEntries(FLAGS.filter((name) => typeof options[name] === "boolean")
    .map((name) => [name, options[name]]));
  const record = { game: "wortreversi", options: { ...flags, words }, seed, moves: [] };
  if (pupils === "pair") return { record, seats: ["human", "human"], computer: {} };
  return { record, seats: ["human", level], computer: { knowledge } };
}

/** The link of classGame(…) (a record link).
 * @param {Parameters<typeof classGame>[0]} words
 * @param {Parameters<typeof classGame>[1]} choice
 * @param {number} seed
 */
export async function classLink(words, choice, seed) {
  const { record, seats, computer } = classGame(words, choice, seed);
  return recordLink(record, { seats, computer });
}

/**
 * The editor's "For the class" part: who plays, the level and naming rate, and the button
 * that shares the link (the share dialog: link and QR code).  `words()` is the checked list
 * in use or null, `options()` the setup's flags, `say(text, isError)` the editor's status,
 * `call` the engine (the class report's grading).
 * @param {{words: () => ({title: string, sides: string[], pairs: string[][]} | null),
 *   options: () => Record<string, unknown>,
 *   share: (url: string, info: {title: string, help: string, note?: string}) => unknown,
 *   say: (text: string, isError: boolean) => void, call: import("../common/types.js").Call}} act
 */
export function classLinkBox(act) {
  const box = el("fieldset", undefined, "class-link");
  box.append(el("legend", t("cl_title")), el("p", t("cl_help"), "wl-help"));
  const pupils = optionSelect({ name: "class-pupils", choices: [textChoice("computer", "cl_pupilsComputer"),
    textChoice("pair", "cl_pupilsPair")] }, t("cl_pupils"));
  const level = optionSelect({ name: "class-level", choices: LEVELS.map((name) => textChoice(name, `level_${name}`)) },
    t("cl_level"));
  level.select.value = JSON.stringify("medium");
  const knowledge = optionSelect({ name: "class-knowledge", choices: KNOWLEDGE_CHOICES }, t("opt_knowledge"));
  const computerOnly = () => {
    const alone = JSON.parse(pupils.select.value) === "computer";
    level.label.hidden = !alone;
    knowledge.label.hidden = !alone;
  };
  pupils.select.addEventListener("change", computerOnly);
  const make = el("button", t("cl_make"), "primary");
  make.type = "button";
  make.dataset.act = "class-link";
  make.addEventListener("click", async () => {
    const words = act.words();
    if (!words) return act.say(t("cl_needList"), true);
    const choice = { pupils: JSON.parse(pupils.select.value), level: JSON.parse(level.select.value),
      knowledge: JSON.parse(knowledge.select.value), options: act.options() };
    const url = await classLink(words, choice, Math.floor(Math.random() * 2 ** 31));
    const title = words.title || t("wl_untitled");
    await act.share(url, { title, help: t(choice.pupils === "pair" ? "cl_sharePair" : "cl_shareComputer", { title }),
      note: t("cl_shareNote") });
  });
  const report = el("button", t("cr_open"));
  report.type = "button";
  report.dataset.act = "class-report";
  report.addEventListener("click", () => {
    classReport ??= new ClassReport({ call: act.call, pairs: () => act.words()?.pairs ?? null });
    classReport.open();
  });
  const buttons = el("div", undefined, "controls");
  buttons.append(make, report);
  box.append(pupils.label, level.label, knowledge.label, buttons);
  return box;
}
