// Side-panel and menu DOM for views: elements whose text is set as text, never as HTML.

/** An element of the page by its id: one its HTML has (index.html, print.html), so always
 *  there once the page is read.  @param {string} id */
export const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** A new `tag` element with optional text content and class name.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [text]
 * @param {string} [className]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** Set `node`'s text to `text` (as text) unless it has it already: a redraw that changes
 *  nothing costs the page no style or layout.
 * @param {Node} node
 * @param {string} text
 */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** A button (type=button, so no form is ever sent) that calls `onClick`.
 * @param {string} text
 * @param {string | undefined} className
 * @param {(event: MouseEvent) => void} onClick
 */
export function button(text, className, onClick) {
  const node = el("button", text, className);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

/**
 * A labelled <select> for one of a game's options ({name, choices: [{label, value}]}); the
 * values travel as JSON text so any option value survives the round trip.
 * @param {import("./types.js").Option} option
 * @param {string} labelText
 */
export function optionSelect(option, labelText) {
  const label = el("label", labelText);
  const select = el("select");
  select.name = option.name;
  for (const choice of option.choices) {
    const item = el("option", choice.label);
    item.value = JSON.stringify(choice.value);
    select.append(item);
  }
  label.append(select);
  return { label, select };
}
