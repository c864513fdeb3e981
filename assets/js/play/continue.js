// The menu's "Continue" list: the games saved in this browser (saves.js), newest first, each
// with its board as last left, who plays, the move count and when it was last played; resume,
// delete (undoable for UNDO_MS: "Deleted — Undo"), delete all (asked first).  A damaged entry
// says what is wrong and offers its raw text as a file.
import { download } from "../common/files.js";
import { readNames } from "../keep/names.js";
import { seatKindText } from "./players.js";
import { deleteAllSaves, deleteSave, listSaves, restoreSave } from "../keep/saves.js";
import { formatDate, t } from "../common/strings.js";
import { thumbnail } from "../views/thumbnail.js";
import { button, el } from "../common/dom.js";
import { VIEWS } from "../views/index.js";

const UNDO_MS = 20000; // how long a deleted game can be brought back

/** @typedef {import("../keep/saves.js").SaveEntry} SaveEntry */
/** @typedef {import("../keep/saves.js").Listed} Listed */
/** The game deleted last, while it can come back: its name, the stored value, the timer.
 * @typedef {{name: string, value: unknown, timer: ReturnType<typeof setTimeout>}} Deleted */

export class ContinueList {
  /**
   * @param {{section: HTMLElement, list: HTMLElement, clear: HTMLButtonElement}} nodes
   * @param {(entry: SaveEntry) => Promise<string | undefined>} resume  open a saved game;
   *   nothing or why it cannot
   * @param {(entry: SaveEntry) => HTMLElement[]} more  further buttons for a saved game (e.g.
   *   a report)
   */
  constructor(nodes, resume, more = () => []) {
    this.nodes = nodes;
    this.resume = resume;
    this.more = more;
    /** @type {Map<string, string>} id -> why the engine refused it (found on resuming) */
    this.problems = new Map();
    /** @type {Promise<void>} */
    this.shown = Promise.resolve(); // the latest drawing of the list, once done
    this.drawing = 0; // which drawing is the latest (an earlier one finishing later is dropped)
    /** @type {Deleted | null} */
    this.deleted = null;
    nodes.clear.addEventListener("click", async () => {
      if (!window.confirm(t("deleteAllConfirm"))) return;
      this.deleted = null;
      this.after(deleteAllSaves());
    });
  }

  /**
   * Have the engine replay every saved game (`check(record)`, one per task so the page stays
   * responsive) and mark those it refuses as damaged, with its reason.
   * @param {(record: object) => Promise<import("../common/types.js").Answer>} check
   */
  async check(check) {
    for (const { id, entry } of await listSaves()) {
      if (!entry || this.problems.has(id)) continue;
      await new Promise((resolve) => setTimeout(resolve, 0));
      const answer = await check(entry.record);
      if (!answer.ok) {
        this.problems.set(id, answer.error ?? t("actionFailed"));
        this.show();
      }
    }
  }

  /** Draw the list afresh once `change` (a deletion) is done; `shown` waits for both.
   * @param {Promise<unknown>} change */
  after(change) {
    this.shown = change.then(() => this.show());
  }

  /** Draw the list afresh from storage (`shown` resolves once it is drawn). */
  show() {
    const drawing = ++this.drawing;
    this.shown = listSaves().then((saves) => { if (drawing === this.drawing) this.draw(saves); });
    return this.shown;
  }

  /** Delete saved game `id` (called `name`), offering to bring it back for a while.
   * @param {string} id
   * @param {string} name */
  remove(id, name) {
    this.after(deleteSave(id).then((/** @type {unknown} */ value) => {
      if (this.deleted) clearTimeout(this.deleted.timer);
      /** @type {Deleted} */
      const deleted = { name, value, timer: setTimeout(() => {
        if (this.deleted === deleted) { this.deleted = null; this.show(); }
      }, UNDO_MS) };
      this.deleted = value === undefined ? null : deleted;
    }));
  }

  /** The line "Deleted: Ponte — Undo" while the game deleted last can come back.
   * @param {Deleted} deleted */
  undoLine(deleted) {
    const row = el("li", undefined, "saved-undo");
    row.setAttribute("role", "status");
    const undo = button(t("undoShort"), "primary", () => {
      clearTimeout(deleted.timer);
      this.deleted = null;
      this.after(restoreSave(deleted.value));
    });
    undo.dataset.act = "undo-delete";
    const actions = el("div", undefined, "saved-actions");
    actions.append(undo);
    row.append(el("div", t("deletedSave", { game: deleted.name }), "saved-text"), actions);
    return row;
  }

  /** @param {Listed[]} saves */
  draw(saves) {
    this.nodes.section.hidden = saves.length === 0 && !this.deleted;
    this.nodes.list.replaceChildren(...(this.deleted ? [this.undoLine(this.deleted)] : []), ...saves.map((item) => (item.entry && !this.problems.has(item.id)
      ? this.item(item.id, item.entry)
      : this.damaged(item.id, item.damaged ? t(item.damaged.key, item.damaged.params)
        : this.problems.get(item.id) ?? "", item.raw ?? JSON.stringify(item.entry)))));
  }

  /** A saved game's line: its picture, who plays, its moves, and its buttons.
   * @param {string} id
   * @param {SaveEntry} entry */
  item(id, entry) {
    const row = el("li", undefined, "saved-game");
    row.dataset.save = id;
    const known = Boolean(VIEWS[entry.game]);
    const name = known ? t(`game_${entry.game}`) : entry.game;
    if (known && entry.picture) {
      try {
        // the picture as stored (a boundary: a damaged one throws here, and is left out)
        const picture = /** @type {import("../common/types.js").View} */ (entry.picture);
        row.append(thumbnail(entry.game, picture, t("thumbSaved", { game: name })));
      } catch (error) {
        console.warn(`saved game ${id}: no picture`, error); // the entry works without it
      }
    }
    const text = el("div", undefined, "saved-text");
    const named = readNames(entry.names).names; // a person's seat by its player's name
    text.append(
      el("strong", name),
      el("span", entry.seats.map((kind, seat) => named?.seats[seat] || seatKindText(kind)).join(" · "),
        "saved-seats"),
      el("span", [t("movesCount", { count: entry.moves }),
        entry.over ? t("finished") : t("inProgress"),
        ...(entry.updated === null ? [] : [formatDate(entry.updated)])].join(" · "), "saved-when"));
    const open = button(entry.over ? t("review") : t("resume"), "primary", async () => {
      const problem = await this.resume(entry);
      if (problem) {
        this.problems.set(id, problem);
        this.show();
      }
    });
    open.dataset.act = "resume";
    const remove = button(t("delete"), "", () => this.remove(id, name));
    remove.dataset.act = "delete";
    const actions = el("div", undefined, "saved-actions");
    actions.append(open, ...this.more(entry), remove);
    row.append(text, actions);
    return row;
  }

  /** A damaged entry's line: what is wrong, its raw text to download, delete.
   * @param {string} id
   * @param {string} problem
   * @param {string} raw */
  damaged(id, problem, raw) {
    const row = el("li", undefined, "saved-game damaged");
    row.dataset.save = id;
    const text = el("div", undefined, "saved-text");
    text.append(el("strong", t("savedDamaged")), el("span", problem, "saved-problem"));
    const keep = button(t("downloadRaw"), "", () => download(`inselspiele-damaged-${id}.txt`, raw,
      "text/plain"));
    keep.dataset.act = "download";
    const remove = button(t("delete"), "", () => {
      this.problems.delete(id);
      this.remove(id, t("savedDamaged"));
    });
    remove.dataset.act = "delete";
    const actions = el("div", undefined, "saved-actions");
    actions.append(keep, remove);
    row.append(text, actions);
    return row;
  }
}
