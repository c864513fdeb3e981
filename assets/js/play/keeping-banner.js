// The play screen's line about keeping the game on screen, drawn from the store (render.js):
// shown here only, because another tab writes it ("Continue here"), or because a newer
// revision was saved meanwhile (open that one, or save this one as a file first); or the
// last change could not be saved (a full storage: save as file, delete finished games); or
// it is saved beside a damaged save of the same game, which is kept as it was.
// It sits just above the message line under the board's panel.
import { t } from "../common/strings.js";
import { button, el } from "../common/dom.js";

/**
 * What the banner's buttons do.
 * @typedef {object} KeepingAct
 * @property {() => void} continueHere continue the game in this tab (the other becomes read-only)
 * @property {() => void} openSaved open the newer saved revision of the game
 * @property {() => void} exportFile save the game on screen as a file
 * @property {() => void} deleteFinished delete the finished saved games (asks first)
 */

export class KeepingBanner {
  /** @param {KeepingAct} act */
  constructor(act) {
    this.act = act;
    this.node = el("div", undefined, "keeping");
    this.node.id = "keeping";
    this.node.setAttribute("role", "status");
    this.node.hidden = true;
    this.drawn = "";
  }

  /** Put the banner on the page (above the play screen's message line), once. */
  place() {
    if (this.node.isConnected) return;
    const message = document.getElementById("message");
    if (message) message.before(this.node);
    else document.getElementById("play")?.prepend(this.node);
  }

  /** @param {import("../common/store.js").ShellState} state */
  draw(state) {
    this.place();
    const { readOnly, unsaved } = state;
    const why = readOnly?.why ?? unsaved?.why ?? (state.beside ? "beside" : "");
    const n = readOnly?.saved?.moves ?? 0;
    const [text, buttons] = this.content(why, n, unsaved?.reason ?? "");
    const drawn = JSON.stringify([text, buttons.map((item) => item.textContent)]);
    if (drawn === this.drawn) return; // the same nodes stay (and keep a button's focus)
    this.drawn = drawn;
    this.node.hidden = !why;
    this.node.dataset.why = why;
    const actions = el("div", undefined, "keeping-actions");
    actions.append(...buttons);
    this.node.replaceChildren(...(why ? [el("p", text), actions] : []));
  }

  /** The banner's text and buttons for `why` (n: the newer save's moves).
   * @param {string} why
   * @param {number} n
   * @param {string} reason why the last change could not be saved ("failed")
   * @returns {[string, HTMLButtonElement[]]}
   */
  content(why, n, reason) {
    const { act } = this;
    /** @type {(name: string, text: string, run: () => void, kind?: string) => HTMLButtonElement} */
    const action = (name, text, run, kind = "") => {
      const node = button(text, kind, run);
      node.dataset.act = name;
      return node;
    };
    const here = () => action("continue-here", t("continueHere"), act.continueHere, "primary");
    const file = () => action("export", t("exportFile"), act.exportFile);
    switch (why) {
      case "elsewhere": return [t("readOnlyElsewhere"), [here()]];
      case "taken": return [t("readOnlyTaken"), [here()]];
      case "stale": return [t("readOnlyStale", { count: n }),
        [action("open-saved", t("openSaved", { count: n }), act.openSaved, "primary"), file()]];
      case "full": return [t("unsavedFull"),
        [file(), action("delete-finished", t("deleteFinished"), act.deleteFinished)]];
      case "disabled": return [t("unsavedDisabled"), [file()]];
      case "failed": return [t("unsavedFailed", { reason }), [file()]];
      case "beside": return [t("savedBesideDamaged"), []];
      default: return ["", []];
    }
  }
}
