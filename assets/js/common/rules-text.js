// A rules text of assets/rules/ as DOM nodes: "# Heading", "- item", blank lines between
// paragraphs, and "[diagram id]" on a line of its own followed by its caption paragraph.
// Shared by the in-app rules (rules.js: live diagrams) and the print page's rules summary
// (diagrams left out).  Text is only ever set as text, never parsed as HTML.  A text's
// `{tap}` is the verb of the input in use, as in the catalogue ("Klicke"/"Tippe": strings.js).
import { withTapVerb } from "./strings.js";

const DIAGRAM = /^\[diagram ([\w-]+)\]$/;

/**
 * Put the nodes of `text` into `container`; `figure(id, caption)` makes the node of a
 * diagram with its caption (or null to leave the diagram and its caption out).
 * @param {string} text
 * @param {HTMLElement} container
 * @param {(id: string, caption: string) => Node | null} figure
 */
export function renderRulesText(text, container, figure) {
  container.replaceChildren();
  /** @type {HTMLUListElement | null} */
  let list = null;
  /** @type {HTMLParagraphElement | null} */
  let paragraph = null;
  /** @type {{id: string, caption: string[]} | null} */
  let diagram = null; // a diagram waiting for its caption lines
  const placeDiagram = () => {
    const node = diagram && figure(diagram.id, diagram.caption.join(" "));
    if (node) container.append(node);
    diagram = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const placed = DIAGRAM.exec(line);
    if (diagram && line && !placed && !line.startsWith("# ") && !line.startsWith("- ")) {
      diagram.caption.push(line);
      continue;
    }
    placeDiagram();
    if (!line) { list = paragraph = null; continue; }
    if (placed) {
      list = paragraph = null;
      diagram = { id: placed[1], caption: [] };
    } else if (line.startsWith("# ")) {
      list = paragraph = null;
      container.append(element("h3", line.slice(2)));
    } else if (line.startsWith("- ")) {
      paragraph = null;
      if (!list) container.append((list = document.createElement("ul")));
      list.append(element("li", line.slice(2)));
    } else if (paragraph) {
      paragraph.textContent += ` ${line}`;
    } else {
      list = null;
      container.append((paragraph = element("p", line)));
    }
  }
  placeDiagram();
}

/** The rules text of `game` in `language` (else in English), its `{tap}` worded, or null
 *  when there is none.
 * @param {string} game
 * @param {string} language
 * @returns {Promise<string | null>}
 */
export async function fetchRulesText(game, language) {
  let response = await fetch(`assets/rules/${game}.${language}.txt`);
  if (!response.ok) response = await fetch(`assets/rules/${game}.en.txt`);
  return response.ok ? withTapVerb(await response.text()) : null;
}

/** A `tag` element holding `text` as text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} text
 */
function element(tag, text) {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}
