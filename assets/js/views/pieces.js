// Game pieces drawn in the side panel as what they are: a die face with pips, a draw pile as
// a stack of cards, a supply as small pieces with their counts.  Built with textContent only;
// their look is assets/css/pieces.css.
import { motionAllowed } from "../platform/appearance.js";
import { el } from "../common/dom.js";

/** The pips of each face on a 3 × 3 grid (cells 0–8, row by row), as real dice have them.
 * @type {Record<number, number[]>} */
const PIPS = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };
/** How long a throw tumbles (ms). */
export const ROLL_MS = 600;

/** The grid cells that hold a pip on the face showing `value` (none for 0 or anything else).
 * @param {number} value
 * @returns {number[]}
 */
export function pipCells(value) {
  return PIPS[value] ?? [];
}

/** A die: a square face (role img, its name `label`) with `value` pips; 0 is a blank face.
 * @param {number} value
 * @param {string} label
 */
export function dieFace(value, label) {
  const face = el("div", undefined, "die");
  face.setAttribute("role", "img");
  showDie(face, value, label);
  return face;
}

/** Turn `face` to `value` (its pips as elements, so they can be counted) and name it.
 * @param {HTMLElement} face
 * @param {number} value
 * @param {string} label
 */
export function showDie(face, value, label) {
  face.setAttribute("aria-label", label);
  face.classList.toggle("blank", !pipCells(value).length);
  face.dataset.value = String(value);
  if (face.childElementCount === pipCells(value).length) return; // that face already shows
  face.replaceChildren(...pipCells(value).map((cell) => el("span", undefined, `pip at${cell}`)));
}

/** A throw: the die tumbles for ROLL_MS, unless motion is reduced (setting or system). Its
 *  face shows the thrown number throughout; only its position and turn move.
 * @param {HTMLElement} face
 */
export function rollDie(face) {
  if (!motionAllowed() || typeof face.animate !== "function") return;
  face.animate([
    { transform: "translate(-0.6rem, -0.5rem) rotate(-200deg) scale(0.8)" },
    { transform: "translate(0.3rem, 0.2rem) rotate(-40deg) scale(1.05)", offset: 0.6 },
    { transform: "translate(0, 0) rotate(0deg) scale(1)" },
  ], { duration: ROLL_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" });
}

/** The inside of a draw pile's button: its name and, large, how many cards it holds (read
 *  as "Pile 15").
 * @param {string} name
 * @param {number} count
 */
export function pileContent(name, count) {
  return [el("span", name, "pile-name"), " ", el("span", String(count), "pile-count")];
}

/**
 * One kind of piece in a supply: its picture (class `piece ${kind}`, drawn by the stylesheet)
 * and its count; `label` ("light tiles") is read by screen readers and shown on hover.
 * @param {string} kind
 * @param {number} count
 * @param {string} label
 */
export function supplyItem(kind, count, label) {
  const item = el("li", undefined, "supply-item");
  item.title = label;
  const picture = el("span", undefined, `piece ${kind}`);
  picture.setAttribute("aria-hidden", "true");
  item.append(el("span", `${label}: `, "visually-hidden"), picture, el("span", String(count), "count"));
  return item;
}
