// Games and settings that arrive from outside: a link in the address bar (at start and
// whenever it changes), a game file (picked or dropped), and after a reload the game the tab
// showed.  Each is checked (links.js,
// files.js, then the engine) and refused with the reason in the page's language; the game
// on screen and the saved games stay as they were.
import { readJsonFile } from "./files.js";
import { parseLink, seatsFit } from "./links.js";
import { getSave, saveId } from "./saves.js";
import { remember } from "./settings.js";
import { shownBefore } from "./tab.js";
import { t } from "./strings.js";
import { VIEWS } from "./views/index.js";

export class Arrivals {
  /**
   * @param {import("./controller.js").Controller} controller
   * @param {{openList: (kind: string, text: string) => boolean,
   *          switchLanguage: (code: string) => Promise<boolean>,
   *          openDialog: (id: string | null) => void}} page
   *   open a view's link (a word list) in its setup; speak another language; open a dialog
   *   (the store's: render.js)
   */
  constructor(controller, page) {
    this.controller = controller;
    this.page = page;
  }

  /** Follow the link in the address bar, then clear it (it is followed once). */
  async followLink() {
    const hash = location.hash;
    if (!hash || hash === "#") return;
    history.replaceState(null, "", location.pathname + location.search);
    const link = await parseLink(hash);
    const refuse = (reason) => this.controller.notify(t("badLink", { reason }));
    const { controller, page } = this;
    if (link.kind === "error") refuse(t(link.problem, { key: link.key }));
    else if (link.kind === "projector") remember("projector", link.on ? "on" : "off");
    else if (link.kind === "lang") {
      if (!(await page.switchLanguage(link.code))) refuse(t("linkLanguage", { code: link.code }));
    } else if (link.kind === "play") {
      if (VIEWS[link.game]) controller.start(link.game, {}, [], {});
      else refuse(t("unknownGame", { game: link.game }));
    } else if (link.kind === "record") {
      controller.whenEngine(link.record?.game, () => this.openLinked(link, refuse));
    } else {
      controller.whenEngine(null, () => { // a view's link (a word list) is checked by the engine
        if (!page.openList(link.kind, link.text)) refuse(t("linkUnknown", { key: link.kind }));
      });
    }
  }

  /**
   * Open a linked record with its seats (a computer's seat and level, links.js), refused as
   * damaged when they do not fit the game.  When this browser keeps a later state of the
   * same game (more moves), say so and let the person choose; a saved game is never
   * overwritten unasked.
   * @param {import("./links.js").Arrival} link
   */
  async openLinked({ record, byLink, key, seats = [], computer = {} }, refuse) {
    const count = this.controller.seatCount(record);
    if (seats.length && count !== null
        && !seatsFit(seats, computer, count, VIEWS[record.game]?.computerOptions)) {
      refuse(t("linkDamaged", { key }));
      return;
    }
    const saved = record && typeof record === "object" ? getSave(saveId(record)) : null;
    const linked = Array.isArray(record?.moves) ? record.moves.length : 0;
    const later = saved ? saved.record.moves.length : 0;
    const choice = saved && later > linked ? await this.askOlder({
      text: t("olderLink", { linked, saved: later }), saved: t("openSaved", { count: later }),
      link: t("openLink", { count: linked }) }) : "link";
    if (choice === "saved") {
      const problem = await this.controller.resume(saved);
      if (problem) refuse(problem);
    }
    if (choice !== "link") return;
    const answer = await this.controller.load(record, seats, computer, byLink);
    if (!answer.ok) refuse(answer.error);
  }

  /** Ask whether a link should open this browser's later state of its game, or the link's
   *  (null: neither, the dialog was closed). */
  askOlder({ text, saved, link }) {
    const $ = (id) => /** @type {HTMLButtonElement} */ (document.getElementById(id));
    $("older-text").textContent = text;
    $("older-saved").textContent = saved;
    $("older-link").textContent = link;
    return new Promise((resolve) => {
      const choose = (choice) => () => { resolve(choice); this.page.openDialog(null); };
      $("older-saved").onclick = choose("saved");
      $("older-link").onclick = choose("link");
      $("older").addEventListener("close", () => resolve(null), { once: true });
      this.page.openDialog("older");
    });
  }

  /** After a reload (no link to follow), open again the saved game this tab showed. */
  reopen() {
    const entry = getSave(shownBefore() ?? "");
    if (!entry) return;
    this.controller.whenEngine(entry.game, async () => {
      const problem = await this.controller.resume(entry);
      if (problem) this.controller.notify(problem);
    });
  }

  /** Open a game record from a file (picked or dropped); the game on screen stays if refused. */
  async openFile(file) {
    const read = await readJsonFile(file);
    const refuse = (reason) => this.controller.notify(t("badFile", { name: file.name, reason }));
    if (!read.ok) { refuse(t(read.problem, read)); return; }
    this.controller.whenEngine(read.value?.game, async () => {
      const answer = await this.controller.load(read.value);
      if (!answer.ok) refuse(answer.error);
    });
  }
}
