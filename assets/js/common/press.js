// A press held on a part of the page.  A redraw that replaces the node under a finger or a
// mouse button between press and release makes the browser drop the click (its target would
// be the nodes' common ancestor), so a part that is rebuilt on redraws waits while a press on
// it is held, and is drawn again once the press has ended.

/**
 * Watch `node` for presses.  `released` is called when a press that began inside it ends
 * (released, cancelled, or the window lost focus); its click, if any, comes first, since a
 * redraw asked for then is made in a later animation frame.
 * @param {HTMLElement} node
 * @param {() => void} released
 * @returns {{held: () => boolean}}
 */
export function watchPress(node, released) {
  let held = false;
  node.addEventListener("pointerdown", () => { held = true; }, true);
  const end = () => {
    if (!held) return;
    held = false;
    released();
  };
  for (const type of ["pointerup", "pointercancel"]) window.addEventListener(type, end, true);
  window.addEventListener("blur", (event) => { if (event.target === window) end(); });
  return { held: () => held };
}
