// The play screen's "⋯" menu of rare actions (new game, save as file, describe the board,
// share, the learning report): a menu button and its list, after the WAI-ARIA menu button
// pattern.  Whether it is open is the store's (`moreOpen`, drawn by render.js); this module
// turns clicks and keys into that change and moves the focus: into the list when it opens
// from the keyboard, along it with the arrow keys, Home and End, back to the button when
// Escape or a chosen item closes it.

/** @typedef {import("../common/store.js").Store} Store */

export class MoreMenu {
  /**
   * @param {{button: HTMLButtonElement, menu: HTMLElement}} nodes the "⋯" button and its list
   * @param {Store} store the shell's state (`moreOpen`)
   */
  constructor(nodes, store) {
    this.nodes = nodes;
    this.store = store;
    const { button, menu } = nodes;
    button.addEventListener("click", () => (store.state.moreOpen ? this.close(false) : this.open(0)));
    button.addEventListener("keydown", (event) => {
      const first = { ArrowDown: 0, ArrowUp: -1 }[event.key];
      if (first === undefined) return;
      event.preventDefault();
      this.open(first);
    });
    menu.addEventListener("keydown", (event) => this.key(event));
    // an item's own action runs first (on the item), then the menu closes
    menu.addEventListener("click", (event) => {
      if (/** @type {Element} */ (event.target).closest("[role=menuitem]")) this.close(true);
    });
    document.addEventListener("pointerdown", (event) => { // a press anywhere else closes it
      const group = button.parentElement ?? button;
      if (store.state.moreOpen && !group.contains(/** @type {Node} */ (event.target))) {
        this.close(false);
      }
    });
  }

  /** The items shown (the learning report only in games that keep one). */
  items() {
    return /** @type {HTMLElement[]} */ ([...this.nodes.menu.querySelectorAll("[role=menuitem]")])
      .filter((item) => !item.hidden);
  }

  /** Open the list and, once it is drawn, focus its item at `index` (-1: the last).
   * @param {number} index */
  open(index) {
    this.store.update({ moreOpen: true });
    this.store.drawn().then(() => this.items().at(index)?.focus());
  }

  /** Close the list; `refocus`: the focus goes back to the "⋯" button.
   * @param {boolean} refocus */
  close(refocus) {
    this.store.update({ moreOpen: false });
    if (refocus) this.nodes.button.focus();
  }

  /** @param {KeyboardEvent} event a key pressed in the list */
  key(event) {
    const items = this.items();
    const at = items.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (event.key === "Escape") {
      event.preventDefault();
      this.close(true);
    } else if (event.key === "Tab") { // leaving the list closes it, from its button on
      event.preventDefault();
      this.close(true);
    } else if (to !== undefined) {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    }
  }
}
