// Teachers' own word lists for Wort-Reversi, in the game's setup: paste or import plain
// text (or a spreadsheet's .csv/.tsv, op table_words), have the engine's parser check it
// (op parse_words) and the dictionary (op check_words, once lexicon.js has loaded it when
// the editor first opens: warnings with one-click fixes, lone singulars filled in), keep
// lists in this browser (localStorage), share one as a link (links.js: #words=) and print
// the cards (print.html).  A checked list becomes the game's `words` option.  User text is
// shown as text only.
import { classLinkBox } from "./classlink.js";
import { LexiconError, loadLexicon } from "./lexicon.js";
import { toBase64url, wordsLink } from "../keep/links.js";
import { phrase, plural, t } from "../common/strings.js";
import { button, el } from "../common/dom.js";

const TILES = 36;
/** @type {Record<string, string>} */
const MARK_TEXT = { unknown: "wl_dictUnknown", noplural: "wl_dictNoPlural", mismatch: "wl_dictMismatch",
  noted: "wl_dictNoted", filled: "wl_dictFilled" };

const STORE = "inselspiele.wordlists"; // {name: text}
const OWN = JSON.stringify("own"); // the setup's list choice while an own list plays

/** What the editor asks of its view: the engine, and the share dialog.
 * @typedef {{call: import("../common/types.js").Call,
 *   share: (url: string, info: {title: string, help: string, note?: string}) => unknown}} WordListAct */
/** The editor's elements.
 * @typedef {{box: HTMLDetailsElement, text: HTMLTextAreaElement, savedSelect: HTMLSelectElement,
 *   builtInButton: HTMLButtonElement, deleteButton: HTMLButtonElement, status: HTMLParagraphElement,
 *   tilesNote: HTMLParagraphElement, problems: HTMLUListElement, marks: HTMLUListElement,
 *   fixAll: HTMLButtonElement, dictionary: HTMLParagraphElement}} Parts */
/** A checked word list: its title, its two sides' names, its pairs.
 * @typedef {{title: string, sides: string[], pairs: string[][]}} Words */
/** A line the dictionary marked: its status, its line, the pair it proposes.
 * @typedef {{status: string, line: number, fix: string, [field: string]: unknown}} Mark */

/** The lists kept in this browser, {title: text} (damaged or none: none).
 * @returns {Record<string, string>}
 */
function loadSaved() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE) ?? "{}");
    return saved && typeof saved === "object" ? saved : {};
  } catch {
    return {};
  }
}

/** @param {Record<string, string>} saved */
function storeSaved(saved) {
  try {
    localStorage.setItem(STORE, JSON.stringify(saved));
  } catch { /* storage full or disabled: the list still works for this visit */ }
}

/** How many of the 36 tiles each word of a short list gets (the engine's `tiles`), or "".
 * @param {number[]} [tiles]
 */
export function tilesText(tiles = []) {
  if (tiles.length === 0 || tiles.length >= TILES) return "";
  const high = Math.max(...tiles);
  const low = Math.min(...tiles);
  if (low === high) return t("wl_tilesEach", { count: high });
  return t("wl_tilesUneven", { low, high, more: tiles.filter((n) => n === high).length });
}

class WordListEditor {
  constructor() {
    /** @type {HTMLElement[] | null} */
    this.built = null;
    /** @type {Words | null} */
    this.active = null; // the checked list in use
    this.checking = Promise.resolve(); // the last check asked of the engine
    /** @type {Promise<unknown>} */
    this.loading = Promise.resolve(); // the dictionary's fetch, once the editor has opened
    /** @type {Mark[]} */
    this.fixes = []; // the dictionary's fixes of the list checked last
    this.dictReady = false;
    this.dictionaryAsked = false;
    /** @type {string | undefined} */
    this.builtIn = undefined; // the setup's list choice before an own list took its place
    /** @type {WordListAct | null} */
    this.handed = null; // the view's act, handed over by nodes()
    /** @type {Parts | null} */
    this.parts = null; // made by build(), which nodes() runs before any other use
  }

  /** The editor's parts (build() made them). */
  get ui() {
    if (!this.parts) throw new Error("the word-list editor is not built");
    return this.parts;
  }

  /** The view's act (nodes() handed it over). */
  get view() {
    if (!this.handed) throw new Error("the word-list editor has no view");
    return this.handed;
  }

  /** Resolves once the dictionary has arrived (or failed) and every check asked so far has
   *  been answered (then option() is current). */
  async checked() {
    await this.loading;
    await this.checking;
  }

  /** The extra game option: the checked list, if one is in use. */
  option() {
    return this.active ? { words: this.active } : {};
  }

  /** The editor's nodes, built once so the text survives going back to the menu.
   * @param {WordListAct} act
   * @returns {HTMLElement[]}
   */
  nodes(act) {
    this.handed = act;
    if (!this.built) this.build();
    queueMicrotask(() => this.markChoice()); // once in the (new) setup form
    return this.built ?? [];
  }

  /** The setup's list choice (its select "words") names the list that plays: the own list's
   *  title while one is in use; choosing a built-in list there puts the own one aside. */
  markChoice() {
    const select = /** @type {HTMLSelectElement | null} */ (this.parts?.box.closest(".setup-form")
      ?.querySelector("select[name=words]"));
    if (!select) return;
    if (!select.dataset.ownWatched) {
      select.dataset.ownWatched = "true";
      select.addEventListener("change", () => {
        if (this.active && select.value !== OWN) this.useBuiltIn();
      });
    }
    let own = /** @type {HTMLOptionElement | null} */ (select.querySelector(`option[value='${OWN}']`));
    if (!this.active) {
      if (own?.selected) select.value = this.builtIn ?? select.options[0]?.value ?? "";
      own?.remove();
      return;
    }
    if (!own) {
      this.builtIn = select.value; // back to it when the own list is put aside
      own = el("option");
      own.value = OWN;
      select.prepend(own);
    }
    own.textContent = t("wl_ownChoice", { title: this.active.title || t("wl_untitled") });
    select.value = OWN;
  }

  /** Make the editor's parts (once). */
  build() {
    const box = el("details", undefined, "word-lists");
    box.append(el("summary", t("wl_title")), el("p", t("wl_help"), "wl-help"));
    box.addEventListener("toggle", () => box.open && this.openDictionary());
    const area = el("textarea");
    area.rows = 6;
    area.spellcheck = false;
    area.setAttribute("aria-label", t("wl_title"));
    area.placeholder = t("wl_placeholder");
    const file = el("input");
    file.type = "file";
    file.accept = ".txt,.csv,.tsv,text/plain,text/csv,text/tab-separated-values";
    file.setAttribute("aria-label", t("wl_import"));
    file.addEventListener("change", async () => {
      const chosen = file.files?.[0];
      if (!chosen) return;
      const text = await chosen.text();
      const table = /\.(csv|tsv)$/i.test(chosen.name) ? await this.view.call("table_words", { text }) : null;
      area.value = table?.ok ? table.text : text;
      file.value = "";
      this.check();
    });
    const fileLabel = el("label", t("wl_import"));
    fileLabel.append(file);
    const savedSelect = el("select");
    savedSelect.setAttribute("aria-label", t("wl_saved"));
    savedSelect.addEventListener("change", () => {
      const text = loadSaved()[savedSelect.value];
      if (text === undefined) return this.useBuiltIn();
      area.value = text;
      this.check();
    });
    const actions = el("div", undefined, "controls");
    const builtInButton = button(t("wl_builtIn"), "", () => this.useBuiltIn());
    const deleteButton = button(t("wl_delete"), "", () => this.remove());
    actions.append(button(t("wl_check"), "", () => this.check()), button(t("wl_share"), "", () => this.share()),
      button(t("wl_print"), "", () => this.printCards()), builtInButton, deleteButton);
    const status = el("p", "", "wl-status");
    status.setAttribute("role", "status");
    const tilesNote = el("p", "", "wl-tiles"); // a short list: how many tiles each word gets
    const problems = el("ul", undefined, "wl-problems");
    const marks = el("ul", undefined, "wl-marks");
    const fixAll = button("", "", () => this.applyFixes(this.fixes));
    fixAll.hidden = true;
    const dictionary = el("p", "", "wl-dictionary");
    const forClass = classLinkBox({ words: () => this.active, options: () => this.flags(),
      share: (url, info) => this.view.share(url, info), say: (text, isError) => this.say(text, isError),
      call: (op, args) => this.view.call(op, args) });
    box.append(area, fileLabel, savedSelect, actions, status, tilesNote, problems,
      marks, fixAll, dictionary, forClass);
    this.built = [box];
    this.parts = { box, text: area, savedSelect, builtInButton, deleteButton, status, tilesNote, problems,
      marks, fixAll, dictionary };
    this.fillSaved();
    this.refresh();
  }

  /** The saved lists' choice, by title (hidden while there is none). */
  fillSaved() {
    const names = Object.keys(loadSaved()).sort();
    const none = el("option", t("wl_savedNone"));
    none.value = "";
    this.ui.savedSelect.replaceChildren(none, ...names.map((name) => {
      const option = el("option", name);
      option.value = name;
      return option;
    }));
    this.ui.savedSelect.hidden = names.length === 0;
  }

  /** Offer "built-in list" only while an own list is in use, "delete" only for a saved one. */
  refresh() {
    this.ui.builtInButton.hidden = !this.active;
    this.ui.deleteButton.hidden = !this.ui.savedSelect.value;
  }

  /** Show a list that arrived by link, checked; the editor must have been built.
   * @param {string} text
   */
  open(text) {
    this.ui.box.open = true;
    this.openDictionary(); // now, not at the toggle event: checked() then waits for it
    this.ui.text.value = text;
    this.check();
  }

  /** Fetch the dictionary the first time the editor opens, then check what is there. */
  openDictionary() {
    if (this.dictReady || this.dictionaryAsked) return;
    this.dictionaryAsked = true;
    this.ui.dictionary.textContent = t("wl_dictLoading");
    this.loading = loadLexicon().then(() => {
      this.dictReady = true;
      this.ui.dictionary.textContent = t("wl_dictCredit");
      if (this.ui.text.value.trim()) this.check();
    }, (/** @type {unknown} */ error) => {
      this.dictionaryAsked = false; // asked again the next time the editor opens
      const reason = error instanceof LexiconError ? t(error.key, error.params) : t("wl_dictBroken");
      this.ui.dictionary.textContent = t("wl_dictFailed", { reason });
    });
  }

  /** Fill in lone singulars and mark what the dictionary disagrees with (warnings only). */
  async checkDictionary() {
    this.ui.marks.replaceChildren();
    this.fixes = [];
    if (!this.dictReady) return [];
    const answer = await this.view.call("check_words", { text: this.ui.text.value });
    if (!answer.ok) return [];
    if (answer.text !== this.ui.text.value) this.ui.text.value = answer.text;
    const kind = el("li", t(`wl_dictKind_${answer.kind}`), "kind");
    this.ui.marks.append(kind);
    for (const mark of /** @type {Mark[]} */ (answer.marks)) {
      const item = el("li", t(MARK_TEXT[mark.status] ?? mark.status, mark), mark.status);
      if (mark.status === "mismatch") {
        this.fixes.push(mark);
        const fix = button(t("wl_dictFix"), "", () => this.applyFixes([mark]));
        fix.setAttribute("aria-label", `${t("wl_dictFix")}: ${mark.fix}`);
        item.append(" ", fix);
      }
      this.ui.marks.append(item);
    }
    this.ui.fixAll.textContent = t("wl_dictFixAll", { count: this.fixes.length });
    this.ui.fixAll.hidden = this.fixes.length < 2;
    return answer.marks.filter((/** @type {Mark} */ mark) => mark.status !== "filled" && mark.status !== "noted");
  }

  /** Put the dictionary's pair on each mark's line (line numbers stay: one line for one).
   * @param {Mark[]} marks
   */
  applyFixes(marks) {
    const lines = this.ui.text.value.split(/\r\n|\r|\n/);
    for (const mark of marks) lines[mark.line - 1] = mark.fix;
    this.ui.text.value = lines.join("\n");
    this.check();
  }

  /** Ask the dictionary and the engine's parser; show each problem and warning with its
   *  line; use the list if it is enough.  Checks run one after another (see checked()). */
  check() {
    this.checking = this.checking.catch(() => {}).then(() => this.checkNow());
    return this.checking;
  }

  /** One check of the list as it stands (check() queues them). */
  async checkNow() {
    const warnings = await this.checkDictionary();
    const answer = await this.view.call("parse_words", { text: this.ui.text.value });
    this.ui.problems.replaceChildren();
    this.ui.tilesNote.textContent = answer.ok ? tilesText(answer.tiles) : "";
    if (!answer.ok) {
      this.active = null;
      this.markChoice();
      this.say(answer.error ?? "", true);
      return;
    }
    for (const p of answer.problems) {  // each a phrase {key, params} from the engine
      const message = phrase(p.reason);
      this.ui.problems.append(el("li", p.line ? t("wl_line", { line: p.line, message }) : message));
    }
    const usable = !answer.problems.some((/** @type {{line: number}} */ p) => p.line === 0);
    const title = answer.title || t("wl_untitled");
    if (!usable) {
      this.active = null;
      this.markChoice();
      this.say(t("wl_notUsable"), true);
      return;
    }
    this.active = { title: answer.title, sides: answer.sides, pairs: answer.pairs };
    this.markChoice();
    const saved = loadSaved();
    saved[title] = this.ui.text.value;
    storeSaved(saved);
    this.fillSaved();
    this.ui.savedSelect.value = title;
    const key = answer.problems.length ? "wl_readySkipped" : warnings.length ? "wl_readyWarnings" : "wl_ready";
    this.say(t(key, { title, pairs: plural("nPairs", answer.pairs.length),
      skipped: plural("wl_linesSkipped", answer.problems.length),
      warnings: plural("wl_dictWarnings", warnings.length) }), false);
  }

  /** Share the list's text (for another teacher's editor) in the share dialog. */
  share() {
    if (!this.ui.text.value.trim()) return;
    this.view.share(wordsLink(this.ui.text.value), { title: t("wl_title"), help: t("wl_shareHelp") });
  }

  /** The setup's on/off options (multiple choice, spelling, hand) as chosen now. */
  flags() {
    const form = this.ui.box.closest(".setup-form");
    return Object.fromEntries(["multiple_choice", "ascii_spelling", "hand"].map((name) => {
      const select = /** @type {HTMLSelectElement | null | undefined} */ (
        form?.querySelector(`select[name=${name}]`));
      return [name, select ? JSON.parse(select.value) : false];
    }));
  }

  /** Open the print page with the list in use (the first 36 pairs) or the built-in one chosen. */
  async printCards() {
    let words = this.active;
    if (!words) {
      const chosen = /** @type {HTMLSelectElement | null | undefined} */ (
        this.ui.box.closest(".setup-form")?.querySelector("select[name=words]"));
      const answer = await this.view.call("parse_words", { name: chosen ? JSON.parse(chosen.value) : "de-tiere" });
      if (!answer.ok) return this.say(answer.error ?? "", true);
      words = /** @type {Words} */ (/** @type {unknown} */ (answer));
    }
    const cards = { title: words.title, sides: words.sides, pairs: words.pairs.slice(0, TILES) };
    const code = toBase64url(new TextEncoder().encode(JSON.stringify(cards)));
    window.open(`print.html#cards=${code}`, "_blank");
  }

  /** Put the own list aside: the setup's built-in list plays. */
  useBuiltIn() {
    this.active = null;
    this.markChoice();
    this.ui.savedSelect.value = "";
    this.say(t("wl_usingBuiltIn"), false);
  }

  /** Delete the saved list chosen (asked first). */
  remove() {
    const saved = loadSaved();
    if (!(this.ui.savedSelect.value in saved)) return;
    if (!window.confirm(t("wl_deleteConfirm", { title: this.ui.savedSelect.value }))) return; // asked first
    delete saved[this.ui.savedSelect.value];
    storeSaved(saved);
    this.fillSaved();
    this.useBuiltIn();
  }

  /** Say `text` in the editor's status line (`isError`: as a problem).
   * @param {string} text
   * @param {boolean} isError
   */
  say(text, isError) {
    this.refresh();
    this.ui.status.textContent = text;
    this.ui.status.classList.toggle("error", isError);
  }
}

export const wordListEditor = new WordListEditor();
