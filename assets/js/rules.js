// In-app rules: plain text files in assets/rules/ turned into headings, paragraphs, lists and
// live diagrams.  Text is only ever set as text, never parsed as HTML.
import { diagramFigure } from "./diagram.js";
import { t } from "./strings.js";

const DIAGRAM = /^\[diagram ([\w-]+)\]$/;

/** Put the rules of `game` in `container`, in the page's `language` (else in English). */
export async function loadRules(game, language, container) {
  try {
    let response = await fetch(`assets/rules/${game}.${language}.txt`);
    if (!response.ok) response = await fetch(`assets/rules/${game}.en.txt`);
    if (!response.ok) throw new Error(response.statusText);
    renderRules(await response.text(), container, game);
  } catch {
    container.textContent = t("rulesMissing");
  }
}

/**
 * Build DOM nodes for a rules text of `game`: "# Heading", "- item", blank lines between
 * paragraphs, and "[diagram id]" on a line of its own for a live diagram (diagram.js) whose
 * caption is the paragraph right below it.
 */
export function renderRules(text, container, game) {
  container.replaceChildren();
  let list = null;
  let paragraph = null;
  let diagram = null; // {id, caption}: a diagram waiting for its caption lines
  const placeDiagram = () => {
    if (diagram) container.append(diagramFigure(diagram.id, game, diagram.caption.join(" ")));
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

function element(tag, text) {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}
