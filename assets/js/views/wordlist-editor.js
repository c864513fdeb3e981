// Teachers' own word lists for Wort-Reversi, in the game's menu card: paste or import plain
// text, have the engine's parser check it (Session op parse_words), keep lists in this
// browser (localStorage) and share one as a link (links.js: #words=).
// A checked list becomes the game's `words` option.  User text is shown as text only.
import { wordsLink } from "../links.js";
import { t } from "../strings.js";
import { el } from "./dom.js";

const STORE = "inselspiele.wordlists"; // {name: text}

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

class WordListEditor {
  constructor() {
    this.built = null;
    this.active = null; // the checked list in use: {title, sides, pairs}
  }

  /** The extra game option: the checked list, if one is in use. */
  option() {
    return this.active ? { words: this.active } : {};
  }

  /** The editor's nodes, built once so the text survives going back to the menu. */
  nodes(act) {
    this.act = act;
    if (!this.built) this.build();
    return this.built;
  }

  build() {
    const box = el("details", undefined, "word-lists");
    box.append(el("summary", t("wl_title")), el("p", t("wl_help"), "wl-help"));
    this.text = el("textarea");
    this.text.rows = 6;
    this.text.spellcheck = false;
    this.text.setAttribute("aria-label", t("wl_title"));
    this.text.placeholder = t("wl_placeholder");
    const file = el("input");
    file.type = "file";
    file.accept = ".txt,text/plain";
    file.setAttribute("aria-label", t("wl_import"));
    file.addEventListener("change", async () => {
      if (!file.files[0]) return;
      this.text.value = await file.files[0].text();
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
      this.builtInButton, this.deleteButton);
    this.status = el("p", "", "wl-status");
    this.status.setAttribute("role", "status");
    this.problems = el("ul", undefined, "wl-problems");
    this.link = el("input");
    this.link.readOnly = true;
    this.link.hidden = true;
    this.link.setAttribute("aria-label", t("wl_share"));
    box.append(this.text, fileLabel, this.savedSelect, actions, this.status, this.problems, this.link);
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
    this.text.value = text;
    this.check();
  }

  /** Ask the engine's parser; show each problem with its line; use the list if it is enough. */
  check() {
    const answer = this.act.call("parse_words", { text: this.text.value });
    this.problems.replaceChildren();
    this.link.hidden = true;
    if (!answer.ok) {
      this.active = null;
      this.say(answer.error, true);
      return;
    }
    for (const p of answer.problems) {
      this.problems.append(el("li", p.line ? t("wl_line", { line: p.line, message: p.message }) : p.message));
    }
    const usable = !answer.problems.some((p) => p.line === 0);
    const title = answer.title || t("wl_untitled");
    if (!usable) {
      this.active = null;
      this.say(t("wl_notUsable"), true);
      return;
    }
    this.active = { title: answer.title, sides: answer.sides, pairs: answer.pairs };
    const saved = loadSaved();
    saved[title] = this.text.value;
    storeSaved(saved);
    this.fillSaved();
    this.savedSelect.value = title;
    const key = answer.problems.length ? "wl_readySkipped" : "wl_ready";
    this.say(t(key, { title, count: answer.pairs.length, skipped: answer.problems.length }), false);
  }

  share() {
    if (!this.text.value.trim()) return;
    const url = wordsLink(this.text.value);
    this.link.value = url;
    this.link.hidden = false;
    this.link.select();
    navigator.clipboard?.writeText(url).then(() => this.say(t("wl_copied"), false), () => {});
  }

  useBuiltIn() {
    this.active = null;
    this.savedSelect.value = "";
    this.say(t("wl_usingBuiltIn"), false);
  }

  remove() {
    const saved = loadSaved();
    if (!(this.savedSelect.value in saved)) return;
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
