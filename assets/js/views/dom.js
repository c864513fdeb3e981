// Side-panel and menu DOM for views: elements whose text is set as text, never as HTML.

/** A new `tag` element with optional text content and class name. */
export function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}
