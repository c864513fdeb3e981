// The teacher's class report (Wort-Reversi): pupils' hand-ins (handin.js) read from files
// (picked or dropped, several at once) or pasted text codes, every answer graded again by the
// engine (op `grade`) against the teacher's checked list where it has the word; then per word
// times asked, times missed and the pupils who missed it (hardest first), per pupil asked,
// right, share and the words missed most, a hand-in whose grades were changed by hand marked
// so.  Where the device has a camera, pupils' hand-ins shown as QR codes (their text codes)
// are scanned one after another (platform/qr-reader.js) and read like pasted codes; without
// one the reader says why and the files and pasted codes stay.  CSV for spreadsheets (";" in
// German, csv.js) and print (classroom.css: the report alone on paper).  Damaged and
// repeated hand-ins are named and skipped.  No server: everything stays in this page.
import { toCsv } from "../common/csv.js";
import { download } from "../common/files.js";
import { classReport, codeArrival, codesIn, readHandIns, regrade } from "./handin.js";
import { currentLanguage, t } from "../common/strings.js";
import { button, el } from "../common/dom.js";
import { CameraError, readQr } from "../platform/qr-reader.js";

const MAX_FILE = 200_000; // bytes: a hand-in is a few kilobytes

export class ClassReport {
  /**
   * @param {{call: import("../common/types.js").Call, pairs: () => string[][] | null}} act the engine
   *   (its grading), the teacher's checked list's pairs (null: none checked)
   */
  constructor(act) {
    this.act = act;
    /** @type {{source: string, json: string}[]} */
    this.arrivals = []; // in the order they came
    /** @type {Map<string, boolean>} */
    this.grades = new Map(); // the engine's grade of [answer, correct, grading], asked once
    this.dialog = el("dialog", undefined, "class-report");
    this.dialog.id = "class-report";
    this.dialog.setAttribute("aria-labelledby", "class-report-title");
    this.dialog.addEventListener("close", () => {
      document.body.classList.remove("printing-class-report");
      this.scanning?.abort(); // the camera goes off with the dialog
    });
    /** @type {AbortController | null} */
    this.scanning = null; // while the camera reads codes
    /** @type {Set<string>} */
    this.scanned = new Set(); // the codes the camera has read (each is read once)
    // the parts build() makes anew each time the dialog opens
    this.codes = el("textarea");
    this.result = el("div", undefined, "cr-result");
    /** @type {{start: HTMLButtonElement, stop: HTMLButtonElement, video: HTMLVideoElement,
     *   status: HTMLParagraphElement} | null} */
    this.camera = null;
    this.shown = 0; // reports asked for (show): a later call's report wins
    /** @type {ReturnType<typeof classReport> | null} */
    this.merged = null; // the report shown
    document.body.append(this.dialog);
  }

  /** Open the dialog (built in the page's language now). */
  open() {
    this.build();
    this.show();
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** Make the dialog's parts in the page's language. */
  build() {
    this.scanning?.abort();
    const title = el("h2", t("cr_title"));
    title.id = "class-report-title";
    const head = el("header", undefined, "dialog-head");
    head.append(title, button(t("close"), "", () => this.dialog.close()));
    const files = el("input");
    files.type = "file";
    files.multiple = true;
    files.accept = ".json,application/json";
    files.addEventListener("change", async () => {
      await this.addFiles([...files.files ?? []]);
      files.value = "";
    });
    const pick = el("label", t("cr_files"), "cr-files");
    pick.append(files);
    const drop = el("p", t("cr_drop"), "cr-drop");
    this.dialog.ondragover = (event) => { event.preventDefault(); event.stopPropagation(); };
    this.dialog.ondrop = (event) => { // not the page's: a dropped file here is a hand-in
      event.preventDefault();
      event.stopPropagation();
      this.addFiles([...event.dataTransfer?.files ?? []]);
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
      if (this.arrivals.length && !window.confirm(t("cr_clearConfirm", { count: this.arrivals.length }))) return undefined;
      this.arrivals = [];
      return this.show();
    });
    const foot = el("div", undefined, "controls dialog-foot");
    foot.append(csv, print, clear);
    const input = el("div", undefined, "cr-input");
    input.append(pick, drop, codes, read, this.scanBox());
    this.dialog.replaceChildren(head, el("p", t("cr_help"), "wl-help"), input, this.result, foot);
  }

  /** Read hand-in files (each named by its file name when skipped).
   * @param {File[]} files
   */
  async addFiles(files) {
    for (const file of files) {
      const json = file.size > MAX_FILE ? "" : await file.text().catch(() => "");
      this.arrivals.push({ source: file.name, json });
    }
    await this.show();
  }

  /** Read the pasted codes (each named by its number among them when skipped). */
  async addCodes() {
    const start = this.arrivals.length;
    const found = codesIn(this.codes.value);
    for (const [i, code] of found.entries()) {
      this.arrivals.push(await codeArrival(code, t("cr_codeNumber", { n: start + i + 1 })));
    }
    this.codes.value = "";
    await this.show();
  }

  /** "Scan hand-ins": the button that turns the camera on, its picture, the button that
   *  turns it off and what the camera has read (or why it cannot). */
  scanBox() {
    const box = el("div", undefined, "cr-scan");
    const start = button(t("cr_scan"), "", () => this.scan());
    start.dataset.act = "scan";
    const stop = button(t("cr_scanStop"), "", () => this.scanning?.abort());
    stop.dataset.act = "scan-stop";
    stop.hidden = true;
    const video = el("video", undefined, "cr-camera");
    video.hidden = true;
    video.setAttribute("aria-label", t("cr_scanHelp"));
    const status = el("p", "", "cr-scan-status");
    status.setAttribute("role", "status");
    box.append(start, stop, video, status);
    this.camera = { start, stop, video, status };
    return box;
  }

  /** Read hand-in codes from the camera, one after another, until stopped: each read once
   *  (a code held up again is passed over), added as a pasted code is. */
  async scan() {
    if (this.scanning || !this.camera) return;
    const running = new AbortController();
    this.scanning = running;
    const { start, stop, video, status } = this.camera;
    const showing = (/** @type {boolean} */ on) => {
      start.hidden = on;
      stop.hidden = !on;
      video.hidden = !on;
    };
    showing(true);
    status.textContent = t("cr_scanHelp");
    try {
      for (;;) {
        const code = await readQr(video, { signal: running.signal,
          accept: (text) => text.startsWith("WR1.") && !this.scanned.has(text) });
        this.scanned.add(code);
        const source = t("cr_scanNumber", { n: this.arrivals.length + 1 });
        this.arrivals.push(await codeArrival(code, source));
        await this.show();
        status.textContent = t("cr_scanRead", { source });
      }
    } catch (error) {
      if (error instanceof CameraError) status.textContent = error.say();
      else if (!running.signal.aborted) status.textContent = t("qr.camera_failed");
      else if (status.textContent === t("cr_scanHelp")) status.textContent = ""; // stopped, nothing read
    } finally {
      if (this.scanning === running) this.scanning = null;
      showing(false);
    }
  }

  /** One answer graded by the engine (op `grade`); null when it could not say.
   * @param {string} answer
   * @param {string} correct
   * @param {object} grading
   * @returns {Promise<boolean | null>}
   */
  async grade(answer, correct, grading) {
    const key = JSON.stringify([answer, correct, grading]);
    if (!this.grades.has(key)) {
      const graded = await this.act.call("grade", { answer, correct, ...grading });
      if (!graded.ok) return null;
      this.grades.set(key, graded.right);
    }
    return this.grades.get(key) ?? null;
  }

  /** The report of what has arrived: skipped hand-ins, pupils, words. */
  async show() {
    const shown = this.shown + 1;
    this.shown = shown;
    const { handIns, skipped } = readHandIns(this.arrivals);
    const pairs = this.act.pairs();
    const graded = [];
    for (const entry of handIns) {
      graded.push(await regrade(entry, (answer, correct, grading) => this.grade(answer, correct, grading), pairs));
    }
    if (shown !== this.shown) return;
    const merged = classReport(graded);
    this.merged = merged;
    /** @type {HTMLElement[]} */
    const parts = [];
    if (skipped.length) {
      const list = el("ul", undefined, "skipped");
      for (const skip of skipped) {
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
    const changed = merged.pupils.filter((p) => p.changed).map((p) => p.name);
    if (changed.length) parts.push(el("p", t("cr_changedNote", { names: changed.join(", ") }), "cr-changed"));
    parts.push(table(t("cr_wordsCaption"), ["cr_word", "cr_shown", "#cr_asked", "#cr_missed", "cr_missedBy"],
      merged.words.map((w) => [w.correct, w.shown, w.asked, w.missed, w.missedBy.join(", ")]), "cr-words"));
    parts.push(table(t("cr_pupilsCaption"), ["cr_pupil", "#wr_reportAsked", "#wr_reportRight", "#wr_reportShare",
      "cr_missedMost", "cr_note"],
    merged.pupils.map((p) => [p.name, p.asked, p.right, p.share === null ? "–" : t("wr_reportPercent", { n: p.share }),
      missedMost(p), p.changed ? t("cr_changed") : ""]), "cr-pupils"));
    this.result.replaceChildren(...parts);
  }

  /** The class report as CSV: the words, a blank line, the pupils. */
  downloadCsv() {
    const { words, pupils } = this.merged ?? { words: [], pupils: [] };
    const rows = [["cr_word", "cr_shown", "cr_asked", "cr_missed", "cr_missedBy"].map((key) => t(key)),
      ...words.map((w) => [w.correct, w.shown, w.asked, w.missed, w.missedBy.join(", ")]), [],
      ["cr_pupil", "cr_list", "wr_reportAsked", "wr_reportRight", "wr_reportShare", "cr_missedMost", "cr_note"]
        .map((key) => t(key)),
      ...pupils.map((p) => [p.name, p.list, p.asked, p.right, p.share ?? "", missedMost(p),
        p.changed ? t("cr_changed") : ""])];
    const day = new Date().toISOString().slice(0, 10);
    download(`wort-reversi-${t("cr_file")}-${day}.csv`, toCsv(rows, currentLanguage() === "de" ? ";" : ","),
      "text/csv;charset=utf-8");
  }
}

/** A pupil's words missed most, in words: "die Füße (5×), die Mäuse (2×)".
 * @param {{missedMost: {correct: string, times: number}[]}} pupil
 */
function missedMost(pupil) {
  return pupil.missedMost.map((m) => t("cr_times", { word: m.correct, times: m.times })).join(", ");
}

/** A table under a heading that names it (outside its scroller: a phone scrolls the table,
 *  the heading stays whole), head keys ("#key": a column of numbers, right-aligned, its
 *  heading too) and rows of cells.
 * @param {string} caption
 * @param {string[]} keys
 * @param {unknown[][]} rows
 * @param {string} className
 */
function table(caption, keys, rows, className) {
  const node = el("table", undefined, className);
  const heading = el("h3", caption, "cr-caption");
  heading.id = `${className}-caption`;
  node.setAttribute("aria-labelledby", heading.id);
  const numbers = keys.map((key) => key.startsWith("#"));
  const head = el("tr");
  keys.forEach((key, i) => head.append(el("th", t(key.replace(/^#/, "")), numbers[i] ? "num" : undefined)));
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const cells of rows) {
    const row = el("tr");
    cells.forEach((cell, i) => row.append(el("td", String(cell), numbers[i] ? "num" : undefined)));
    body.append(row);
  }
  node.append(thead, body);
  const scroller = el("div", undefined, "cr-scroll"); // a phone scrolls the table, not the dialog
  scroller.append(node);
  const part = el("section", undefined, "cr-part");
  part.append(heading, scroller);
  return part;
}
