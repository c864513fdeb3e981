// Games and settings that arrive from outside: a link in the address bar (at start and
// whenever it changes), a game file (picked or dropped), and after a reload the game the tab
// showed.  Each is checked (links.js,
// files.js, then the engine) and refused with the reason in the page's language; the game
// on screen and the saved games stay as they were.
import { readJsonFile } from "../common/files.js";
import { parseLink, seatsFit } from "../keep/links.js";
import { askNames } from "../class/name-ask.js";
import { gameNames, namesProblemText, takeNames, teamCount } from "../keep/names.js";
import { copyId, getSave, saveId } from "../keep/saves.js";
import { recordProblem } from "../common/schemas.js";
import { remember } from "../keep/settings.js";
import { shownBefore } from "../platform/tab.js";
import { t } from "../common/strings.js";
import { VIEWS } from "../views/index.js";

/** @typedef {import("../common/types.js").GameRecord} GameRecord */
/** @typedef {import("../keep/links.js").RecordArrival} RecordArrival */
/** @typedef {(reason: string) => void} Refuse */

/**
 * The move (counted from 1) from which a linked record differs from the saved one, 0 when
 * their options differ (another start: a link cannot switch Inselspiel's dice to be thrown
 * by hand), or null when one's moves begin with all of the other's.
 * @param {GameRecord} saved
 * @param {{options?: unknown, moves?: unknown}} linked as the link or file carries it
 * @returns {number | null}
 */
export function differsFrom(saved, linked) {
  if (JSON.stringify(saved.options ?? {}) !== JSON.stringify(linked.options ?? {})) return 0;
  const mine = saved.moves;
  const theirs = Array.isArray(linked.moves) ? linked.moves : [];
  const at = mine.findIndex((move, i) => i < theirs.length && move !== theirs[i]);
  return at < 0 ? null : at + 1;
}

/**
 * The names a linked game opens with: its own; for a game not yet begun that has none (a
 * teacher's link), the names this device remembers, for the seats people play here; none
 * when the link's were damaged (the person is told they were dropped).
 * @param {RecordArrival} link
 * @param {number | null} count  the game's seats (null: not known yet)
 */
function linkNames({ record, names, namesProblem, seats = [], byLink }, count) {
  if (names || namesProblem || byLink || count === null || (Array.isArray(record?.moves) && record.moves.length)) {
    return names ?? null;
  }
  const kinds = Array.from({ length: count }, (_, seat) => seats[seat] ?? "human");
  return gameNames(kinds, teamCount(record?.options));
}

/** A reason as a clause inside a sentence: without its own closing full stop.
 * @param {string} reason */
const clause = (reason) => String(reason).replace(/\.\s*$/, "");

/** Whether `record` continues the saved game `saved`: the same start and all of its moves.
 * @param {{record: GameRecord}} saved
 * @param {{options?: unknown, moves?: unknown}} record */
function continues(saved, record) {
  return differsFrom(saved.record, record) === null
    && saved.record.moves.length <= (Array.isArray(record.moves) ? record.moves.length : 0);
}

export class Arrivals {
  /**
   * @param {import("../play/controller.js").Controller} controller
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

  /**
   * Follow the link in the address bar, then clear it (it is followed once).  A game's link
   * stays in the address until its game is open (and kept): a reload or a discarded tab
   * before that, during Python's start or a class link's name question, follows it again.
   */
  async followLink() {
    const hash = location.hash;
    if (!hash || hash === "#") return;
    const followed = () => {
      if (location.hash === hash) history.replaceState(null, "", location.pathname + location.search);
    };
    const link = await parseLink(hash);
    /** @type {Refuse} */
    const refuse = (reason) => this.controller.notify(t("badLink", { reason: clause(reason) }));
    const { controller, page } = this;
    const problem = link.kind === "record" ? recordProblem(link.record) : null; // (schemas.js)
    if (link.kind !== "record" || problem) followed();
    if (link.kind === "error") controller.notify(t(link.problem, { key: link.key }));
    else if (problem) refuse(t(problem.key, problem.params));
    else if (link.kind === "projector") remember("projector", link.on ? "on" : "off");
    else if (link.kind === "lang") { // under way until drawn in it (settled() waits for it)
      const switched = await controller.track(page.switchLanguage(link.code));
      if (switched === false) controller.notify(t("linkLanguage", { code: link.code.slice(0, 12) }));
    } else if (link.kind === "play") {
      if (VIEWS[link.game]) controller.start(link.game, {}, [], {});
      else refuse(t("unknownGame", { game: link.game.slice(0, 40) }));
    } else if (link.kind === "record") {
      controller.whenEngine(link.record.game,
        () => controller.track(this.openLinked(link, refuse).finally(followed)));
    } else if (link.kind === "words") {
      controller.whenEngine(null, () => { // a view's link (a word list) is checked by the engine
        if (!page.openList(link.kind, link.text)) refuse(t("linkUnknown", { key: link.kind }));
      });
    }
  }

  /**
   * Open a linked record with its seats (a computer's seat and level, links.js), refused as
   * damaged when they do not fit the game.  A link whose moves continue this browser's save
   * of the game (the same options, the saved moves and maybe more) continues it; one that is
   * behind it, or differs from it (other options, another move somewhere), is offered as a
   * separate copy beside it, never merged: a saved game is never overwritten unasked.
   * The game opens whatever its names are: a damaged list is dropped, a long name cut, and
   * the person is told so.
   * @param {RecordArrival} link
   * @param {Refuse} refuse
   */
  async openLinked(link, refuse) {
    const { record, byLink, key, seats = [], computer = {} } = link;
    const count = this.controller.seatCount(record);
    if (seats.length && count !== null
        && !seatsFit(seats, computer, count, VIEWS[record.game]?.setup.computerOptions)) {
      this.controller.notify(t("linkDamaged", { key }));
      return;
    }
    const saved = record && typeof record === "object" ? await getSave(saveId(record)) : null;
    const linked = Array.isArray(record?.moves) ? record.moves.length : 0;
    let names = linkNames(link, count);
    // a teacher's class link (a game not yet begun, carrying no names): the pupil's name
    // first, and the game kept from the moment it opens (a reload before the first move)
    const lesson = Boolean(VIEWS[record?.game]?.setup.asksNames) && linked === 0 && !link.names
      && !link.namesProblem && !byLink && count !== null;
    if (lesson && !saved) {
      names = await askNames(Array.from({ length: count }, (_, seat) => seats[seat] ?? "human"),
        teamCount(record.options));
    }
    /** @type {{seats: string[], computer: Record<string, unknown>, names: import("../keep/names.js").Names | null,
     *          byLink: boolean, revision?: number, saveId?: string, keepUnplayed?: boolean}} */
    let how = { seats, computer, names, byLink, revision: saved?.revision ?? 0, keepUnplayed: lesson };
    if (saved) {
      const later = saved.record.moves.length;
      const from = differsFrom(saved.record, record);
      const choice = continues(saved, record) ? "link" : await this.askOlder({
        title: t(from === null ? "olderTitle" : "differsTitle"),
        text: from === null ? t("olderLink", { linked, saved: later })
          : from === 0 ? t("differsOptions") : t("differsLink", { n: from }),
        saved: t("openSaved", { count: later }), link: t("openLinkCopy", { count: linked }) });
      if (choice === "saved") {
        const problem = await this.controller.resume(saved);
        if (problem) refuse(problem);
      }
      if (choice !== "link") return;
      if (!continues(saved, record)) how = { seats, computer, names, byLink, saveId: copyId(record), keepUnplayed: lesson };
    }
    const answer = await this.controller.load(record, how);
    if (!answer.ok) refuse(answer.error ?? t("actionFailed")); // engine.js words every refusal
    else if (link.namesProblem) this.controller.say(namesProblemText(link.namesProblem), true);
  }

  /** Ask whether a link should open this browser's saved state of its game, or the link's
   *  (null: neither, the dialog was closed).
   * @param {{title: string, text: string, saved: string, link: string}} texts
   * @returns {Promise<"saved" | "link" | null>} */
  askOlder({ title, text, saved, link }) {
    /** @param {string} id */
    const $ = (id) => /** @type {HTMLButtonElement} */ (document.getElementById(id));
    $("older-title").textContent = title;
    $("older-text").textContent = text;
    $("older-saved").textContent = saved;
    $("older-link").textContent = link;
    return new Promise((resolve) => {
      /** @param {"saved" | "link"} choice */
      const choose = (choice) => () => { resolve(choice); this.page.openDialog(null); };
      $("older-saved").onclick = choose("saved");
      $("older-link").onclick = choose("link");
      $("older").addEventListener("close", () => resolve(null), { once: true });
      this.page.openDialog("older");
    });
  }

  /** After a reload (no link to follow), open again the saved game this tab showed. */
  async reopen() {
    const entry = await getSave(shownBefore() ?? "");
    if (!entry) return;
    this.controller.whenEngine(entry.game, async () => {
      const problem = await this.controller.resume(entry);
      if (problem) this.controller.notify(problem);
    });
  }

  /** How to open a record from a file beside this browser's save of its game: over it when
   *  it continues it, else as a copy (the save stays as it is).
   * @param {GameRecord} record */
  async asCopy(record) {
    const saved = record && typeof record === "object" ? await getSave(saveId(record)) : null;
    if (!saved) return {};
    return continues(saved, record) ? { revision: saved.revision } : { saveId: copyId(record) };
  }

  /** Open a game record from a file (picked or dropped); the game on screen stays if refused.
   * @param {File} file */
  async openFile(file) {
    const read = await readJsonFile(file);
    /** @type {Refuse} */
    const refuse = (reason) => this.controller.notifyFile(t("badFile",
      { name: file.name.slice(0, 80), reason: clause(reason) }));
    if ("problem" in read) { refuse(t(read.problem, read)); return; }
    const { record, names, namesProblem } = takeNames(read.value); // the names beside the record
    const problem = recordProblem(record); // the schema a save's and a link's record meet
    if (problem) { refuse(t(problem.key, problem.params)); return; }
    const open = async () => {
      const answer = await this.controller.load(record, { names, ...await this.asCopy(record) });
      if (!answer.ok) refuse(answer.error ?? t("actionFailed"));
      else if (namesProblem) this.controller.say(namesProblemText(namesProblem), true);
    };
    this.controller.whenEngine(record.game, () => this.controller.track(open()));
  }
}
