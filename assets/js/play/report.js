// Wort-Reversi's learning report: per player the words asked, right and wrong, the share
// right and the missed words with their right form.  The engine makes it from the game
// record (op `report`), so the game on screen and a saved game from the menu show the same
// report.  From here: practise a player's missed words (practise.js), download every word
// asked as CSV (csv.js), print it (one A4 page: assets/css/report.css).
import { toCsv } from "../common/csv.js";
import { download } from "../common/files.js";
import { handIn, toCode } from "../class/handin.js";
import { MAX_NAME, nameOf, readNames } from "../keep/names.js";
import { Practise } from "../class/practise.js";
import { currentLanguage, t } from "../common/strings.js";
import { knowledgeOf } from "./players.js";
import { button, el } from "../common/dom.js";
import { VIEWS } from "../views/index.js";
import { seatColourName } from "../views/reversi/reversi.js";

/** @typedef {import("../keep/saves.js").SaveEntry} SaveEntry */
/** A word asked (py/insel/games/wortreversi.py `learning_report`): at move `move` on
 *  `square`, the form shown, the answer given, the right form, whether it was right.
 * @typedef {{move: number, square: string, shown: string, answer: string, correct: string,
 *   right: boolean}} AskedWord */
/** A seat's part of the report: every word asked, the counts, the share right (percent, null
 *  before any answer), the words missed, the practice round over them.
 * @typedef {{asked: AskedWord[], right: number, wrong: number, share: number | null,
 *   missed: AskedWord[], practise: import("../class/practise.js").Question[]}} SeatReport */
/** Wort-Reversi's learning report (op `report`).
 * @typedef {{title: string, side_names: string[],
 *   grading: import("../class/handin.js").Grading, seats: SeatReport[]}} Report */
/** Who played: the seats ("human" or a level), the computer's settings, the names.
 * @typedef {{seats?: string[], computer?: object,
 *   names?: import("../keep/names.js").Names | null}} ReportPlayers */

/** Whether games of `id` keep a learning report.
 * @param {string} id */
export function hasReport(id) {
  return Boolean(VIEWS[id]?.setup.learningReport);
}

export class LearningReport {
  /**
   * @param {{call: import("../common/types.js").Call, toMenu: () => void,
   *   qr?: (box: HTMLElement, text: string, texts: {label: string, tooLong: string}) => void}} act
   *   ask the engine (requests that leave the game alone); go back to the menu (after a
   *   practice round); show a text as a QR code in a box (share/qr.js showQr)
   */
  constructor(act) {
    this.act = act;
    /** @type {Report | null} */
    this.report = null;
    /** @type {ReportPlayers} */
    this.players = {};
    this.dialog = el("dialog", undefined, "wr-report");
    this.dialog.id = "wr-report";
    this.dialog.setAttribute("aria-labelledby", "wr-report-title");
    this.dialog.addEventListener("close", () => document.body.classList.remove("printing-report"));
    document.body.append(this.dialog);
    this.practise = new Practise({ call: act.call, done: () => this.backToMenu() });
  }

  /** Show the report of the game on screen; `players` its seats ("human" or a level) and
   *  the computer's settings, to compare a learner's share with the computer's.
   * @param {ReportPlayers} [players] */
  async showGame(players = {}) {
    this.open(await this.act.call("report"), players);
  }

  /** Show the report of a saved game (its full record, seats and computer settings).
   * @param {SaveEntry} entry */
  async showRecord(entry) {
    this.open(await this.act.call("report", { record: entry.record }),
      { seats: entry.seats, computer: entry.computer, names: readNames(entry.names).names });
  }

  /** A "Learning report" button for a saved game in the Continue list, or nothing.
   * @param {SaveEntry} entry */
  buttonsFor(entry) {
    if (!hasReport(entry.game) || !entry.moves) return [];
    const open = button(t("wr_reportOpen"), "", () => this.showRecord(entry));
    open.dataset.act = "report";
    return [open];
  }

  /**
   * @param {import("../common/types.js").Answer} answer  the engine's answer to op `report`
   *   (its `report` as the engine wrote it: a boundary)
   * @param {ReportPlayers} [players]
   */
  open(answer, players = {}) {
    const title = el("h2", t("wr_reportTitle"));
    title.id = "wr-report-title";
    const close = button(t("close"), "", () => this.dialog.close());
    const head = el("header", undefined, "dialog-head");
    head.append(title, close);
    if (!answer.ok) {
      this.report = null;
      this.dialog.replaceChildren(head, el("p", answer.error, "error"));
    } else {
      /** @type {Report} */
      const report = answer.report;
      this.report = report;
      this.players = players;
      const csv = button(t("wr_reportCsv"), "", () => this.downloadCsv());
      csv.dataset.act = "csv";
      const print = button(t("wr_reportPrint"), "", () => window.print());
      print.dataset.act = "print";
      const foot = el("div", undefined, "controls dialog-foot");
      foot.append(csv, print);
      const list = el("p", t("wr_reportList", { title: report.title || t("wl_untitled"),
        date: new Date().toLocaleDateString(currentLanguage()) }), "wr-report-list");
      const seats = el("div", undefined, "wr-report-seats");
      seats.append(...report.seats.map((entry, seat) => this.seat(report, entry, seat)));
      this.dialog.replaceChildren(head, list, ...compare(report, players), seats, foot);
    }
    document.body.classList.add("printing-report"); // print.css: only the report on paper
    if (!this.dialog.open) this.dialog.showModal();
    this.dialog.scrollTop = 0;
  }

  /** One player's part: counts, share right, the missed words, the practice button.
   * @param {Report} report
   * @param {SeatReport} entry
   * @param {number} seat */
  seat(report, entry, seat) {
    const part = el("section", undefined, "wr-report-seat");
    part.dataset.seat = String(seat);
    part.append(el("h3", this.nameOf(seat)));
    if (this.isPerson(seat)) part.append(this.handInBox(report, seat));
    const asked = entry.right + entry.wrong;
    const counts = el("dl", undefined, "wr-report-counts");
    /** @type {[string, number | string][]} */
    const lines = [["wr_reportAsked", asked], ["wr_reportRight", entry.right],
      ["wr_reportWrong", entry.wrong],
      ["wr_reportShare", entry.share === null ? "–" : t("wr_reportPercent", { n: entry.share })]];
    for (const [key, value] of lines) {
      const item = el("div");
      item.dataset.count = key;
      item.append(el("dt", t(key)), el("dd", String(value)));
      counts.append(item);
    }
    part.append(counts);
    if (entry.missed.length === 0) {
      part.append(el("p", t(asked ? "wr_reportNoneMissed" : "wr_reportNoneAsked"), "wr-report-none"));
      return part;
    }
    const table = el("table", undefined, "wr-report-missed");
    table.append(el("caption", t("wr_reportMissed")));
    const headRow = el("tr");
    for (const key of ["wr_reportShown", "wr_reportAnswer", "wr_reportCorrect"]) headRow.append(el("th", t(key)));
    const thead = el("thead");
    thead.append(headRow);
    const body = el("tbody");
    for (const miss of entry.missed) {
      const row = el("tr");
      row.append(el("td", miss.shown), el("td", miss.answer, "wr-report-answer"), el("td", miss.correct));
      body.append(row);
    }
    table.append(thead, body);
    const practise = button(t("wr_practiseStart"), "primary", () =>
      this.practise.start(entry.practise, report.grading, this.nameOf(seat)));
    practise.dataset.act = "practise";
    part.append(table, practise);
    return part;
  }

  /** Every word asked, one row each, as a CSV download (";" for German spreadsheets). */
  downloadCsv() {
    /** @type {unknown[][]} */
    const rows = [["wr_reportPlayer", "wr_reportMove", "wr_reportSquare", "wr_reportShown",
      "wr_reportAnswer", "wr_reportCorrect", "wr_reportResult"].map((key) => t(key))];
    this.report?.seats.forEach((entry, seat) => {
      for (const a of entry.asked) {
        rows.push([this.nameOf(seat), a.move, a.square, a.shown, a.answer, a.correct,
          t(a.right ? "wr_reportIsRight" : "wr_reportIsWrong")]);
      }
    });
    const day = new Date().toISOString().slice(0, 10);
    download(`wort-reversi-${t("wr_reportFile")}-${day}.csv`,
      toCsv(rows, currentLanguage() === "de" ? ";" : ","), "text/csv;charset=utf-8");
  }

  /** Whether a person at this device played `seat` (no seats known: every seat).
   * @param {number} seat */
  isPerson(seat) {
    return isPerson(this.players, seat);
  }

  /** A seat's name: the game's (names.js), else its colour.
   * @param {number} seat */
  nameOf(seat) {
    return playerName(this.players, seat, seatColourName(seat));
  }

  /** "Hand in": the pupil's name, then the report as a file or as a text code — shown as a
   *  QR code too, for the teacher's camera — for the teacher's class report (handin.js,
   *  class-report.js).
   * @param {Report} report
   * @param {number} seat */
  handInBox(report, seat) {
    const box = el("details", undefined, "hand-in");
    box.append(el("summary", t("hi_title")));
    const label = el("label", t("hi_name"));
    const name = el("input");
    name.type = "text";
    name.maxLength = MAX_NAME;
    name.value = playerName(this.players, seat, "");
    name.dataset.handInName = String(seat);
    label.append(name);
    const code = el("textarea");
    code.readOnly = true;
    code.rows = 3;
    code.hidden = true;
    code.setAttribute("aria-label", t("hi_code"));
    code.dataset.handInCode = String(seat);
    const qr = el("div", undefined, "qr-box hi-qr");
    qr.hidden = true;
    qr.dataset.handInQr = String(seat);
    const status = el("p", "", "hi-status");
    status.setAttribute("role", "status");
    const entry = () => {
      if (!name.value.trim()) { status.textContent = t("hi_needName"); return null; }
      status.textContent = "";
      return handIn(report, seat, name.value, new Date().toISOString().slice(0, 10));
    };
    const file = button(t("hi_file"), "", () => {
      const made = entry();
      if (!made) return;
      const safe = made.name.replace(/[^\p{L}\p{N}_-]+/gu, "-");
      download(`wort-reversi-${t("hi_fileName")}-${safe}-${made.day}.json`, `${JSON.stringify(made)}\n`);
      status.textContent = t("hi_fileDone");
    });
    file.dataset.act = "hand-in-file";
    const text = button(t("hi_code"), "", async () => {
      const made = entry();
      if (!made) return;
      code.value = await toCode(made);
      code.hidden = false;
      this.act.qr?.(qr, code.value, { label: t("hi_qrLabel"), tooLong: t("hi_qrTooLong") });
      code.select();
      status.textContent = t(qr.querySelector("canvas") ? "hi_qrDone" : "hi_codeDone");
    });
    text.dataset.act = "hand-in-code";
    const row = el("div", undefined, "controls");
    row.append(file, text);
    box.append(el("p", t("hi_help"), "wl-help"), label, row, status, qr, code);
    return box;
  }

  backToMenu() {
    this.dialog.close();
    this.act.toMenu();
  }
}

/** Whether a person at this device played `seat` (no seats known: every seat).
 * @param {ReportPlayers} players
 * @param {number} seat */
function isPerson(players, seat) {
  const kind = players?.seats?.[seat];
  return kind === undefined || kind === "human";
}

/**
 * What the report calls `seat`: the game's name for it (names.js), else for a person's seat
 * the name remembered on this device (a game saved before names were kept), else `fallback`.
 * @param {ReportPlayers} players
 * @param {number} seat
 * @param {string} fallback
 */
function playerName(players, seat, fallback) {
  return players?.names?.seats?.[seat] || (isPerson(players, seat) ? nameOf(seat, fallback) : fallback);
}

/**
 * A learner against the computer: the learner's share right beside the computer's, and the
 * share the computer was set to (its level's or the one chosen); nothing for other games.
 * @param {Report} report
 * @param {ReportPlayers} players
 */
function compare(report, players) {
  const { seats = [], computer = {} } = players;
  const machine = seats.findIndex((kind) => kind !== "human" && kind !== "link");
  const person = seats.indexOf("human");
  if (machine < 0 || person < 0 || !report.seats[machine]) return [];
  const level = t(`level_${seats[machine]}`);
  const set = Math.round(100 * knowledgeOf(seats[machine], computer));
  const [mine, its] = [report.seats[person].share, report.seats[machine].share];
  const text = mine === null || its === null ? t("wr_reportCompareNone", { level, set })
    : t("wr_reportCompare", { name: playerName(players, person, seatColourName(person)), share: mine, level, computer: its, set });
  return [el("p", text, "wr-report-compare")];
}
