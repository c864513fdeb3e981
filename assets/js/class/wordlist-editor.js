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
import { el } from "../common/dom.js";

const TILES = 36;
const MARK_TEXT = { unknown: "wl_dictUnknown", noplural: "wl_dictNoPlural", mismatch: "wl_dictMismatch",
  noted: "wl_dictNoted", filled: "wl_dictFilled" };

const STORE = "inselspiele.wordlists"; // {name: text}
const OWN = JSON.stringify("own"); // the setup's list choice while an own list plays

function button(text, onClick) {
  const b = el("button", text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

function loadSaved() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE) ?? "{}");
    return saved && typeof saved === "object" ? saved : {};
  } catch {
    return {};
  }
}

function storeSaved(saved) {
  try {
    localStorage.setItem(STORE, JSON.stringify(saved));
  } catch { /* storage full or disabled: the list still works for this visit */ }
}

/** How many of the 36 tiles each word of a short list gets (the engine's `tiles`), or "". */
export function tilesText(tiles = []) {
  if (tiles.length === 0 || tiles.length >= TILES) return "";
  const high = Math.max(...tiles);
  const low = Math.min(...tiles);
  if (low === high) return t("wl_tilesEach", { count: high });
  return t("wl_tilesUneven", { low, high, more: tiles.filter((n) => n === high).length });
}

class WordListEditor {
  constructor() {
    this.built = null;
    this.active = null; // the checked list in use: {title, sides, pairs}
    this.checking = Promise.resolve(); // the last check asked of the engine
    this.loading = Promise.resolve(); // the dictionary's fetch, once the editor has opened
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

  /** The editor's nodes, built once so the text survives going back to the menu. */
  nodes(act) {
    this.act = act;
    if (!this.built) this.build();
    queueMicrotask(() => this.markChoice()); // once in the (new) setup form
    return this.built;
  }

  /** The setup's list choice (its select "words") names the list that plays: the own list's
   *  title while one is in use; choosing a built-in list there puts the own one aside. */
  markChoice() {
    const select = /** @type {HTMLSelectElement | null} */ (this.box?.closest(".setup-form")
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
      if (own?.selected) select.value = this.builtIn ?? select.options[0].value;
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

  build() {
    const box = el("details", undefined, "word-lists");
    box.append(el("summary", t("wl_title")), el("p", t("wl_help"), "wl-help"));
    box.addEventListener("toggle", () => box.open && this.openDictionary());
    this.text = el("textarea");
    this.text.rows = 6;
    this.text.spellcheck = false;
    this.text.setAttribute("aria-label", t("wl_title"));
    this.text.placeholder = t("wl_placeholder");
    const file = el("input");
    file.type = "file";
    file.accept = ".txt,.csv,.tsv,text/plain,text/csv,text/tab-separated-values";
    file.setAttribute("aria-label", t("wl_import"));
    file.addEventListener("change", async () => {
      const chosen = file.files[0];
      if (!chosen) return;
      const text = await chosen.text();
      const table = /\.(csv|tsv)$/i.test(chosen.name) && await this.act.call("table_words", { text });
      this.text.value = table?.ok ? table.text : text;
      file.value = "";
      this.check();
    });
    const fileLabel = el("label", t("wl_import"));
    fileLabel.append(file);
    this.savedSelect = el("select");
    this.savedSelect.setAttribute("aria-label", t("wl_saved"));
    this.savedSelect.addEventListener("change", () => {
      const text = loadSaved()[this.savedSelect.value];
      if (text === undefined) return this.useBuiltIn();
      this.text.value = text;
      this.check();
    });
    this.fillSaved();
    const actions = el("div", undefined, "controls");
    this.builtInButton = button(t("wl_builtIn"), () => this.useBuiltIn());
    this.deleteButton = button(t("wl_delete"), () => this.remove());
    actions.append(button(t("wl_check"), () => this.check()), button(t("wl_share"), () => this.share()),
      button(t("wl_print"), () => this.printCards()), this.builtInButton, this.deleteButton);
    this.status = el("p", "", "wl-status");
    this.status.setAttribute("role", "status");
    this.tilesNote = el("p", "", "wl-tiles"); // a short list: how many tiles each word gets
    this.problems = el("ul", undefined, "wl-problems");
    this.marks = el("ul", undefined, "wl-marks");
    this.fixAll = button("", () => this.applyFixes(this.fixes));
    this.fixAll.hidden = true;
    this.dictionary = el("p", "", "wl-dictionary");
    this.dictReady = false;
    const forClass = classLinkBox({ words: () => this.active, options: () => this.flags(),
      share: (url, info) => this.act.share(url, info), say: (text, isError) => this.say(text, isError),
      call: (op, args) => this.act.call(op, args) });
    box.append(this.text, fileLabel, this.savedSelect, actions, this.status, this.tilesNote, this.problems,
      this.marks, this.fixAll, this.dictionary, forClass);
    this.built = [box];
    this.box = box;
    this.refresh();
  }

  fillSaved() {
    const names = Object.keys(loadSaved()).sort();
    const none = el("option", t("wl_savedNone"));
    none.value = "";
    this.savedSelect.replaceChildren(none, ...names.map((name) => {
      const option = el("option", name);
      option.value = name;
      return option;
    }));
    this.savedSelect.hidden = names.length === 0;
  }

  /** Offer "built-in list" only while an own list is in use, "delete" only for a saved one. */
  refresh() {
    this.builtInButton.hidden = !this.active;
    this.deleteButton.hidden = !this.savedSelect.value;
  }

  /** Show a list that arrived by link, checked; the editor must have been built. */
  open(text) {
    this.box.open = true;
    this.openDictionary(); // now, not at the toggle event: checked() then waits for it
    this.text.value = text;
    this.check();
  }

  /** Fetch the dictionary the first time the editor opens, then check what is there. */
  openDictionary() {
    if (this.dictReady || this.dictionaryAsked) return;
    this.dictionaryAsked = true;
    this.dictionary.textContent = t("wl_dictLoading");
    this.loading = loadLexicon().then(() => {
      this.dictReady = true;
      this.dictionary.textContent = t("wl_dictCredit");
      if (this.text.value.trim()) this.check();
    }, (error) => {
      this.dictionaryAsked = false; // asked again the next time the editor opens
      const reason = error instanceof LexiconError ? t(error.key, error.params) : t("wl_dictBroken");
      this.dictionary.textContent = t("wl_dictFailed", { reason });
    });
  }

  /** Fill in lone singulars and mark what the dictionary disagrees with (warnings only). */
  async checkDictionary() {
    this.marks.replaceChildren();
    this.fixes = [];
    if (!this.dictReady) return [];
    const answer = await this.act.call("check_words", { text: this.text.value });
    if (!answer.ok) return [];
    if (answer.text !== this.text.value) this.text.value = answer.text;
    const kind = el("li", t(`wl_dictKind_${answer.kind}`), "kind");
    this.marks.append(kind);
    for (const mark of answer.marks) {
      const item = el("li", t(MARK_TEXT[mark.status], mark), mark.status);
      if (mark.status === "mismatch") {
        this.fixes.push(mark);
        const fix = button(t("wl_dictFix"), () => this.applyFixes([mark]));
        fix.setAttribute("aria-label", `${t("wl_dictFix")}: ${mark.fix}`);
        item.append(" ", fix);
      }
      this.marks.append(item);
    }
    this.fixAll.textContent = t("wl_dictFixAll", { count: this.fixes.length });
    this.fixAll.hidden = this.fixes.length < 2;
    return answer.marks.filter((mark) => mark.status !== "filled" && mark.status !== "noted");
  }

  /** Put the dictionary's pair on each mark's line (line numbers stay: one line for one). */
  applyFixes(marks) {
    const lines = this.text.value.split(/\r\n|\r|\n/);
    for (const mark of marks) lines[mark.line - 1] = mark.fix;
    this.text.value = lines.join("\n");
    this.check();
  }

  /** Ask the dictionary and the engine's parser; show each problem and warning with its
   *  line; use the list if it is enough.  Checks run one after another (see checked()). */
  check() {
    this.checking = this.checking.catch(() => {}).then(() => this.checkNow());
    return this.checking;
  }

  async checkNow() {
    const warnings = await this.checkDictionary();
    const answer = await this.act.call("parse_words", { text: this.text.value });
    this.problems.replaceChildren();
    this.tilesNote.textContent = answer.ok ? tilesText(answer.tiles) : "";
    if (!answer.ok) {
      this.active = null;
      this.markChoice();
      this.say(answer.error, true);
      return;
    }
    for (const p of answer.problems) {  // each a phrase {key, params} from the engine
      const message = phrase(p.reason);
      this.problems.append(el("li", p.line ? t("wl_line", { line: p.line, message }) : message));
    }
    const usable = !answer.problems.some((p) => p.line === 0);
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
    saved[title] = this.text.value;
    storeSaved(saved);
    this.fillSaved();
    this.savedSelect.value = title;
    const key = answer.problems.length ? "wl_readySkipped" : warnings.length ? "wl_readyWarnings" : "wl_ready";
    this.say(t(key, { title, pairs: plural("nPairs", answer.pairs.length),
      skipped: plural("wl_linesSkipped", answer.problems.length),
      warnings: plural("wl_dictWarnings", warnings.length) }), false);
  }

  /** Share the list's text (for another teacher's editor) in the share dialog. */
  share() {
    if (!this.text.value.trim()) return;
    this.act.share(wordsLink(this.text.value), { title: t("wl_title"), help: t("wl_shareHelp") });
  }

  /** The setup's on/off options (multiple choice, spelling, hand) as chosen now. */
  flags() {
    const form = this.box.closest(".setup-form");
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
        this.box.closest(".setup-form")?.querySelector("select[name=words]"));
      const answer = await this.act.call("parse_words", { name: chosen ? JSON.parse(chosen.value) : "de-tiere" });
      if (!answer.ok) return this.say(answer.error, true);
      words = answer;
    }
    const cards = { title: words.title, sides: words.sides, pairs: words.pairs.slice(0, TILES) };
    const code = toBase64url(new TextEncoder().encode(JSON.stringify(cards)));
    window.open(`print.html#cards=${code}`, "_blank");
  }

  useBuiltIn() {
    this.active = null;
    this.markChoice();
    this.savedSelect.value = "";
    this.say(t("wl_usingBuiltIn"), false);
  }

  remove() {
    const saved = loadSaved();
    if (!(this.savedSelect.value in saved)) return;
    if (!window.confirm(t("wl_deleteConfirm", { title: this.savedSelect.value }))) return; // asked first
    delete saved[this.savedSelect.value];
    storeSaved(saved);
    this.fillSaved();
    this.useBuiltIn();
  }

  say(text, isError) {
    this.refresh();
    this.status.textContent = text;
    this.status.classList.toggle("error", isError);
  }
}

export const wordListEditor = new WordListEditor();
