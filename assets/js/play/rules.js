// In-app rules: plain text files in assets/rules/ turned into headings, paragraphs, lists
// (rules-text.js) and live diagrams.  Text is only ever set as text, never parsed as HTML.
import { diagramFigure } from "./diagram.js";
import { fetchRulesText, renderRulesText } from "../common/rules-text.js";
import { t } from "../common/strings.js";

/** Put the rules of `game` in `container`, in the page's `language` (else in English).
 * @param {string} game
 * @param {string} language
 * @param {HTMLElement} container */
export async function loadRules(game, language, container) {
  try {
    const text = await fetchRulesText(game, language);
    if (text === null) throw new Error("no rules");
    renderRules(text, container, game);
  } catch {
    container.textContent = t("rulesMissing");
  }
}

/** Build DOM nodes for a rules text of `game` (rules-text.js), each "[diagram id]" a live
 *  diagram (diagram.js) captioned by the paragraph right below it.
 * @param {string} text
 * @param {HTMLElement} container
 * @param {string} game */
export function renderRules(text, container, game) {
  renderRulesText(text, container, (id, caption) => diagramFigure(id, game, caption));
}
