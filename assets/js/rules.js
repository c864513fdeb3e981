// In-app rules: plain text files in assets/rules/ turned into headings, paragraphs and
// lists.  Text is only ever set as text, never parsed as HTML.

/** Build DOM nodes for a rules text: "# Heading", "- item", blank lines between paragraphs. */
export function renderRules(text, container) {
  container.replaceChildren();
  let list = null;
  let paragraph = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) { list = paragraph = null; continue; }
    if (line.startsWith("# ")) {
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
}

function element(tag, text) {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}
