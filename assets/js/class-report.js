// The teacher's class report (Wort-Reversi): pupils' hand-ins (handin.js) read from files
// (picked or dropped, several at once) or pasted text codes, then per word how many pupils
// missed it and per pupil their share right; CSV for spreadsheets (";" in German, csv.js) and
// print (classroom.css: the report alone on paper).  Damaged and repeated hand-ins are named
// and skipped.  No server: everything stays in this page.
import { toCsv } from "./csv.js";
import { download } from "./files.js";
import { codeArrival, codesIn, mergeHandIns } from "./handin.js";
import { currentLanguage, t } from "./strings.js";
import { button, el } from "./views/dom.js";

const MAX_FILE = 200_000; // bytes: a hand-in is a few kilobytes

export class ClassReport {
  constructor() {
    this.arrivals = []; // {source, json} in the order they came
    this.dialog = el("dialog", undefined, "class-report");
    this.dialog.id = "class-report";
    this.dialog.setAttribute("aria-labelledby", "class-report-title");
    this.dialog.addEventListener("close", () => document.body.classList.remove("printing-class-report"));
    document.body.append(this.dialog);
  }

  /** Open the dialog (built in the page's language now). */
  open() {
    this.build();
    this.show();
    if (!this.dialog.open) this.dialog.showModal();
  }

  build() {
    const title = el("h2", t("cr_title"));
    title.id = "class-report-title";
    const head = el("header", undefined, "dialog-head");
    head.append(title, button(t("close"), "", () => this.dialog.close()));
    const files = el("input");
    files.type = "file";
    files.multiple = true;
    files.accept = ".json,application/json";
    files.addEventListener("change", async () => {
      await this.addFiles([...files.files]);
      files.value = "";
    });
    const pick = el("label", t("cr_files"), "cr-files");
    pick.append(files);
    const drop = el("p", t("cr_drop"), "cr-drop");
    this.dialog.ondragover = (event) => { event.preventDefault(); event.stopPropagation(); };
    this.dialog.ondrop = (event) => { // not the page's: a dropped file here is a hand-in
      event.preventDefault();
      event.stopPropagation();
      this.addFiles([...event.dataTransfer.files]);
    };
    this.codes = el("textarea");
    this.codes.rows = 3;
    this.codes.setAttribute("aria-label", t("cr_codes"));
    this.codes.placeholder = "WR1.…";
    const read = button(t("cr_read"), "", () => this.addCodes());
    read.dataset.act = "read-codes";
    const codes = el("label", t("cr_codes"));
    codes.append(this.codes);
    this.result = el("div", undefined, "cr-result");
    this.result.setAttribute("aria-live", "polite");
    const csv = button(t("wr_reportCsv"), "", () => this.downloadCsv());
    csv.dataset.act = "csv";
    const print = button(t("wr_reportPrint"), "", () => {
      document.body.classList.add("printing-class-report");
      window.print();
    });
    const clear = button(t("cr_clear"), "", () => { // the pupils' hand-ins go: asked first
      if (this.arrivals.length && !window.confirm(t("cr_clearConfirm", { count: this.arrivals.length }))) return;
      this.arrivals = [];
      this.show();
    });
    const foot = el("div", undefined, "controls dialog-foot");
    foot.append(csv, print, clear);
    const input = el("div", undefined, "cr-input");
    input.append(pick, drop, codes, read);
    this.dialog.replaceChildren(head, el("p", t("cr_help"), "wl-help"), input, this.result, foot);
  }

  /** Read hand-in files (each named by its file name when skipped). */
  async addFiles(files) {
    for (const file of files) {
      const json = file.size > MAX_FILE ? "" : await file.text().catch(() => "");
      this.arrivals.push({ source: file.name, json });
    }
    this.show();
  }

  /** Read the pasted codes (each named by its number among them when skipped). */
  async addCodes() {
    const start = this.arrivals.length;
    const found = codesIn(this.codes.value);
    for (const [i, code] of found.entries()) {
      this.arrivals.push(await codeArrival(code, t("cr_codeNumber", { n: start + i + 1 })));
    }
    this.codes.value = "";
    this.show();
  }

  /** The report of what has arrived: skipped hand-ins, pupils, words. */
  show() {
    const merged = mergeHandIns(this.arrivals);
    this.merged = merged;
    const parts = [];
    if (merged.skipped.length) {
      const list = el("ul", undefined, "skipped");
      for (const skip of merged.skipped) {
        list.append(el("li", t(skip.reason === "duplicate" ? "cr_duplicate" : "cr_damaged",
          { source: skip.source, name: skip.name ?? "" })));
      }
      parts.push(list);
    }
    if (!merged.pupils.length) {
      parts.push(el("p", t("cr_none"), "cr-none"));
      this.result.replaceChildren(...parts);
      return;
    }
    const lists = [...new Set(merged.pupils.map((p) => p.list || t("wl_untitled")))].join(", ");
    parts.push(el("p", t("cr_summary", { pupils: merged.pupils.length, lists }), "cr-summary"));
    parts.push(table(t("cr_wordsCaption"), ["cr_word", "cr_shown", "cr_asked", "cr_missed"],
      merged.words.map((w) => [w.correct, w.shown, w.asked, w.missed]), "cr-words"));
    parts.push(table(t("cr_pupilsCaption"), ["cr_pupil", "wr_reportAsked", "wr_reportRight", "wr_reportShare"],
      merged.pupils.map((p) => [p.name, p.asked, p.right, p.share === null ? "–" : t("wr_reportPercent", { n: p.share })]),
      "cr-pupils"));
    this.result.replaceChildren(...parts);
  }

  /** The class report as CSV: the words, a blank line, the pupils. */
  downloadCsv() {
    const { words, pupils } = this.merged ?? mergeHandIns(this.arrivals);
    const rows = [["cr_word", "cr_shown", "cr_asked", "cr_missed"].map((key) => t(key)),
      ...words.map((w) => [w.correct, w.shown, w.asked, w.missed]), [],
      ["cr_pupil", "wl_title", "wr_reportAsked", "wr_reportRight", "wr_reportShare"].map((key) => t(key)),
      ...pupils.map((p) => [p.name, p.list, p.asked, p.right, p.share ?? ""])];
    const day = new Date().toISOString().slice(0, 10);
    download(`wort-reversi-${t("cr_file")}-${day}.csv`, toCsv(rows, currentLanguage() === "de" ? ";" : ","),
      "text/csv;charset=utf-8");
  }
}

/** A table with a caption, head keys and rows of cells (numbers right-aligned). */
function table(caption, keys, rows, className) {
  const node = el("table", undefined, className);
  node.append(el("caption", caption));
  const head = el("tr");
  for (const key of keys) head.append(el("th", t(key)));
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const cells of rows) {
    const row = el("tr");
    for (const cell of cells) row.append(el("td", String(cell), typeof cell === "number" ? "num" : undefined));
    body.append(row);
  }
  node.append(thead, body);
  return node;
}
