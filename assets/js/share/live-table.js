// "Play at this table with other phones": the pairing dialog and the live table's line on the
// play screen.  The host (the device with the game) shows its code as a QR code, as text and
// as a link (#table=<code>); a guest scans it (platform/qr-reader.js) or pastes it and shows
// its answer the same ways; the host scans or pastes that.  Both then show the same four
// words (from both devices' DTLS fingerprints: signal.js pairNumbers).  Then the host's
// controller plays at a HostTable (its engine decides, the guests get their pictures) and
// the guest's at a RemoteTable (table/remote.js): neither the views nor the store know.
import { BUILD } from "../common/build.js";
import { t } from "../common/strings.js";
import { button, byId, el } from "../common/dom.js";
import { deviceCertificate } from "../keep/device.js";
import { cleanName, MAX_NAME, readNames, rememberedNames } from "../keep/names.js";
import { copyId } from "../keep/saves.js";
import { askCamera, CameraError, readQr } from "../platform/qr-reader.js";
import { keepAwake } from "../platform/wake-lock.js";
import { decode, SignalError } from "../table/signal.js";
import { Peer } from "../table/peer.js";
import { HostTable } from "../table/host.js";
import { RemoteTable, worded } from "../table/remote.js";
import { isTableSeat, seatsOf } from "../play/players.js";
import { qrCanvas } from "./qr.js";

/** @typedef {import("../play/controller.js").Controller} Controller */
/** @typedef {import("../common/store.js").Store} Store */
/** @typedef {import("../table/local.js").Table} Table */
/** @typedef {import("../table/host.js").TableStatus} TableStatus */

const HASH = "#table=";

/** The "⋯" menu's item that opens a table here (index.html's). */
const hostItem = () => byId("table-host");

/** The four pairing words of numbers 0–255 (one list of 64 words a language); none before
 *  the pairing (null).  @param {number[] | null} numbers */
export function pairWords(numbers) {
  if (!numbers) return "";
  const words = t("table.words").split(",");
  return numbers.map((n) => words[n % words.length]).join(" ");
}

/** The DTLS fingerprint of a pairing code, as hex: the device's (keep/device.js).
 *  @param {string} code */
function fingerprintOf(code) {
  return Array.from(decode(code).fingerprint, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether `text` is a pairing code (signal.js can read it).  @param {string} text */
function isCode(text) {
  try { decode(text.trim()); return true; } catch { return false; }
}

/** `node` named for screen readers by the catalogue's text `key` (data-text-label: written
 *  again when the language switches).  @template {HTMLElement} N @param {N} node
 *  @param {string} key @returns {N} */
function labelled(node, key) {
  node.setAttribute("aria-label", t(key));
  node.dataset.textLabel = key;
  return node;
}

export class LiveTable {
  /**
   * @param {{controller: Controller, store: Store, call: import("../common/types.js").Call}} parts
   */
  constructor({ controller, store, call }) {
    this.controller = controller;
    this.store = store;
    this.call = call;
    this.local = controller.table;
    /** @type {HostTable | null} */
    this.host = null;
    // each guest's connection, its seat (null: a spectator) and its certificate's fingerprint
    /** @type {Map<string, {peer: Peer, seat: number | null, print: string}>} */
    this.guests = new Map();
    this.paired = 0; // connections made, for their ids
    this.name = ""; // the name this device says in its hello (a guest's)
    /** @type {RemoteTable | null} */
    this.remote = null;
    /** @type {Peer | null} */
    this.peer = null; // the guest's connection, or the host's being paired
    /** @type {({from: string, text: string} | {to: string, text: string})[]} */
    this.log = []; // every text on the channels, both ways (tests read it: nothing secret)
    this.dialog = /** @type {HTMLDialogElement} */ (el("dialog", undefined, "live-table"));
    this.dialog.id = "live-table";
    this.dialog.setAttribute("aria-labelledby", "live-table-title");
    document.body.append(this.dialog);
    this.line = el("p", undefined, "table-line");
    this.line.id = "table-line";
    this.line.setAttribute("role", "status");
    this.line.hidden = true;
    document.getElementById("message")?.before(this.line);
    this.asking = el("div", undefined, "table-undo"); // a request to take back a move
    this.asking.setAttribute("role", "status");
    this.asking.hidden = true;
    this.line.after(this.asking);
    this.closer = document.getElementById("table-close"); // "Close the table" / "Leave"
    this.sleep = () => {}; // lets the screen sleep again (while a table is open it stays on)
    /** @type {number | null} which of the table's games a guest shows (its states' `game`) */
    this.tableGame = null;
    /** @type {Map<HTMLElement, () => string>} the texts made with names or words, each
     *  written again when the language switches (relanguage) */
    this.wording = new Map();
    // a guest gone to its menu: the way back to the table's game (its own are refused there)
    this.back = this.keyed(button("", "primary table-back", () => this.backToTable()),
      "table.backToGame");
    this.back.id = "table-back";
    this.back.hidden = true;
    document.getElementById("menu-message")?.after(this.back);
    addEventListener("pagehide", () => this.leaving()); // closed, reloaded or left
    // hooks for tests: what the channels carried; a guest's move sent as a changed page would
    Object.assign(window, { inselTableLog: () => structuredClone(this.log),
      inselTableSend: (/** @type {string} */ move) => this.remote?.send(JSON.stringify({ v: 1,
        t: "move", rev: this.remote.state?.rev ?? 0, seat: this.remote.seat(), move })) });
  }

  // --- the dialog ------------------------------------------------------------------------
  /** The dialog with a title and `parts`; a close button.  @param {...HTMLElement} parts */
  show(...parts) {
    const head = el("header", undefined, "dialog-head");
    const title = this.keyed(el("h2"), "table.title");
    title.id = "live-table-title";
    head.append(title, this.keyed(button("", "", () => this.dialog.close()), "close"));
    this.dialog.replaceChildren(head, ...parts);
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** A code shown three ways: QR code, text to copy and (the host's) a link; `help` the
   *  catalogue's key of the words above it.
   *  @param {string} code @param {string} help @param {boolean} withLink */
  codeParts(code, help, withLink) {
    const text = /** @type {HTMLTextAreaElement} */ (el("textarea", undefined, "table-code"));
    text.readOnly = true;
    text.value = code;
    text.rows = 4;
    labelled(text, "table.codeLabel");
    const copy = this.keyed(button("", "", async () => {
      text.select();
      try { await navigator.clipboard.writeText(code); } catch { document.execCommand?.("copy"); }
    }), "table.copy");
    const qr = qrCanvas(code, t("table.codeLabel"));
    const parts = [this.keyed(el("p"), help), qr && labelled(qr, "table.codeLabel"), text, copy];
    if (withLink) {
      const link = this.keyed(el("a"), "table.link");
      link.href = location.href.split("#")[0] + HASH + code;
      const line = el("p", undefined, "table-link-line");
      line.append(link);
      parts.push(line);
    }
    return parts.filter((part) => part !== null); // (no QR code for a code too long for one)
  }

  /** Where a code is read: the camera (Scan) or a field to paste in; `take(code)` gets it;
   *  `help` the catalogue's key of the words above it.
   *  @param {string} help @param {(code: string) => unknown} take */
  readParts(help, take) {
    const field = /** @type {HTMLTextAreaElement} */ (el("textarea", undefined, "table-paste"));
    field.rows = 3;
    labelled(field, "table.pasteLabel");
    const said = el("p", undefined, "table-said");
    said.setAttribute("role", "status");
    const video = /** @type {HTMLVideoElement} */ (el("video", undefined, "table-camera"));
    video.hidden = true;
    const tryCode = (/** @type {string} */ text) => {
      if (!isCode(text)) { this.keyed(said, "table.badCode"); return; }
      take(text.trim());
    };
    const scan = this.keyed(button("", "", async () => {
      video.hidden = false;
      this.keyed(said, "table.scanning");
      try {
        tryCode(await readQr(video, { accept: isCode }));
      } catch (error) {
        if (error instanceof CameraError) this.worded(said, () => error.say());
        else this.keyed(said, "table.failed");
      } finally {
        video.hidden = true;
      }
    }), "table.scan");
    const go = this.keyed(button("", "primary", () => tryCode(field.value)), "table.connect");
    go.id = "table-connect";
    return [this.keyed(el("p"), help), scan, video, field, go, said];
  }

  // --- the host ---------------------------------------------------------------------------
  /** Open the table around the game on screen and show the code for the next guest. */
  async openHost() {
    const { state } = this.store;
    if (!state.game) return;
    if (!this.host) {
      this.host = new HostTable(this.local, this.call, (device, text) => this.sendTo(device, text));
      this.host.onChange = () => this.controller.request("view");
      this.host.onNews = (reason) => this.controller.say(worded(reason), true);
      this.host.onDrop = (device) => this.dropped(device);
      this.host.onTable = (table) => { this.named(table); this.undoAsked(table.undo); };
      const opened = await this.host.open_table(BUILD,
        Array.from(state.game.names?.seats ?? [], (name) => name || null)); // as typed here
      if (!opened.ok) { this.host = null; this.controller.say(opened.error ?? "", true); return; }
      this.controller.table = this.host;
      this.showCloser("table.close");
      this.sleep = keepAwake();
    }
    for (const [device, guest] of this.guests) { // a pairing left unfinished frees its seat
      if (!guest.peer.words) { this.guests.delete(device); guest.peer.close(); }
    }
    this.show(this.keyed(el("p"), "table.preparing"), this.keyed(el("p"), "table.cameraFirst"));
    await askCamera(); // before the connection: with it, the device's own addresses
    if (!this.dialog.open) return; // closed meanwhile: no guest is coming
    let device = `d${++this.paired}`; // a device paired before gets its old id back
    const peer = new Peer({
      onMessage: (text) => { // (none heard once the table closed: its channels close with it)
        this.log.push({ from: device, text });
        this.host?.heard(device, text);
      },
      onState: (now) => this.hostState(device, now, peer),
    });
    const guest = { peer, seat: /** @type {number | null} */ (null), print: "" };
    this.guests.set(device, guest);
    const code = await this.codeOf(peer.offer());
    if (code === null) { this.guests.delete(device); peer.close(); return; }
    const words = el("p", undefined, "table-words");
    const choice = this.seatChoice();
    this.show(choice.node, ...this.codeParts(code, "table.hostShow", true),
      ...this.readParts("table.hostRead", async (answer) => {
        const host = this.host;
        if (!host) return; // the table closed meanwhile: no one to admit, no connection made
        guest.print = fingerprintOf(answer);
        const known = [...this.guests].find(([id, other]) => other.print === guest.print
          && id !== device);
        // admitted first: its hello may come as soon as the channel opens
        if (known) { // the same device again (its certificate): its old id and seats
          const [id, old] = known;
          this.guests.delete(device);
          device = id;
          guest.seat = old.seat;
          this.guests.set(device, guest);
          old.peer.close();
          if (old.peer.state !== "lost") await host.lost(device);
          await host.admit(device);
        } else {
          guest.seat = choice.seat();
          await host.admit(device, guest.seat === null ? [] : [guest.seat]);
        }
        await peer.accept(answer, code);
        this.worded(words, () => t("table.words_check", { words: pairWords(peer.words) }));
      }), words);
  }

  /** The choice of what the next device holds: a free seat (the first preselected) or the
   *  spectator's place (public view only: a projector). */
  seatChoice() {
    const node = el("fieldset", undefined, "table-seat");
    node.append(this.keyed(el("legend"), "table.seatChoice"));
    const free = this.freeSeats();
    if (free.length === 0) node.append(this.keyed(el("p"), "table.full"));
    if ([...this.guests.values()].some((guest) => guest.peer.state === "lost")) {
      node.append(this.keyed(el("p"), "table.repair")); // its seat is kept whatever is chosen
    }
    const options = [...free.map((seat) => ({ value: String(seat),
      label: this.worded(el("span"), () => this.nameOf(seat)) })),
    { value: "watch", label: this.keyed(el("span"), "table.spectatorChoice") }];
    for (const [index, { value, label }] of options.entries()) {
      const row = el("label");
      const radio = /** @type {HTMLInputElement} */ (el("input"));
      Object.assign(radio, { type: "radio", name: "table-seat", value, checked: index === 0 });
      row.append(radio, label);
      node.append(row);
    }
    const seat = () => {
      const picked = /** @type {HTMLInputElement | null} */ (node.querySelector("input:checked"));
      return !picked || picked.value === "watch" ? null : Number(picked.value);
    };
    return { node, seat };
  }

  /** The seats a guest may take: the host keeps seat 0 and the computer's; those another
   *  device holds are taken. */
  freeSeats() {
    return this.seatsHere(["human", "link"]).filter((seat) => seat > 0);
  }

  /** The seats no other device holds whose kind is one of `kinds` (the host's people:
   *  "human"; a seat sent by link is one too for a guest to take).  @param {string[]} kinds */
  seatsHere(kinds) {
    const { game } = this.store.state;
    if (!game) return []; // (a host always has its game: openHost needs one)
    const held = new Set([...this.guests.values()].map((guest) => guest.seat));
    return seatsOf(game.answer)
      .filter((seat) => !held.has(seat) && kinds.includes(game.seats?.[seat] ?? "human"));
  }

  /** A guest's connection (`peer`) changed.  A channel that closes right after the
   *  guest's `leave` (its page going) is a phone that left, not one lost: the referee,
   *  which answers in order, has dropped it by the time it answers `table_lost`.
   *  @param {string} device @param {string} now @param {Peer} peer */
  async hostState(device, now, peer) {
    const guest = this.guests.get(device);
    if (guest?.peer !== peer) return; // a pairing given up, or a connection replaced
    if (now === "open") {
      this.mark(guest.seat, "table");
      if (this.dialog.open) this.dialog.close();
      this.controller.request("view");
    } else if (now === "lost") {
      await this.host?.lost(device); // (the table closed: its guests went with it)
      if (this.guests.get(device)?.peer !== peer) return; // it left
      this.mark(guest.seat, "tableLost"); // shown at once; the game waits for that seat
    }
    this.say(now, () => (guest.seat === null ? t("table.spectator") : this.nameOf(guest.seat)),
      guest.peer.words);
  }

  /** Seat `seat` (null: a spectator's place, no seat) is now played at another phone
   *  (`kind` "table") or waits for one whose connection is lost ("tableLost").
   *  @param {number | null} seat @param {string} kind */
  mark(seat, kind) {
    if (seat === null) return;
    this.store.update(() => {
      const { game } = this.store.state;
      if (!game) return; // (a host always has its game)
      game.seats ??= []; // (none: every seat a person's, players.js isPerson)
      game.seats[seat] = kind;
      game.viewer = 0;
    });
  }

  /** The names the guests' devices said in their hellos, on their seats, shown as text
   *  like the names typed here.  @param {TableStatus} table */
  named(table) {
    const { game } = this.store.state;
    if (!game) return; // (a host always has its game)
    const seats = seatsOf(game.answer).map((seat) => game.names?.seats[seat] ?? "");
    for (const device of Array.isArray(table?.devices) ? table.devices : []) {
      if (typeof device?.name !== "string" || !Array.isArray(device.seats)) continue;
      for (const seat of device.seats) if (seat in seats) seats[seat] = device.name;
    }
    this.keepNames(seats);
  }

  /** The players' names by seat from another device (`names`: one a seat, null where none),
   *  with the game's `teams`, read as every name from outside is (names.js readNames: text,
   *  cut, hidden characters out), or null.  @param {unknown} names @param {string[]} [teams]
   *  @returns {import("../common/seat-names.js").Names | null} */
  namesFrom(names, teams = []) {
    const seats = Array.isArray(names) ? names.map((name) => (typeof name === "string" ? name : ""))
      : [];
    return readNames({ seats, teams }).names;
  }

  /** The game on screen named by `seats` (from another device), its teams kept; the store
   *  changed only when the names did.  @param {unknown} seats */
  keepNames(seats) {
    const { game } = this.store.state;
    if (!game) return;
    const names = this.namesFrom(seats, game.names?.teams ?? []);
    if (JSON.stringify(names) !== JSON.stringify(game.names)) {
      this.store.update(() => { game.names = names; });
    }
  }

  /** The referee's open request to take back a move (`undo`: who asks, a device or the
   *  host, and who is still asked), shown on the host's page.  @param {TableStatus["undo"]} undo */
  undoAsked(undo) {
    const seats = !undo ? [] : undo.from === "host" ? this.seatsHere(["human"])
      : [this.guests.get(undo.from)?.seat ?? null].filter((seat) => seat !== null);
    this.undoShown(undo && { asks: undo.waiting.includes("host"),
      who: () => seats.map((seat) => this.nameOf(seat)).join(", "),
      answer: (yes) => this.host?.answerUndo(yes) });
  }

  /** Under the table's line: the request to take back the last move (`asked`: none, or
   *  `who()` asks it and whether this device is asked, `asks`, then Allow and Refuse
   *  call `answer`); a device not asked (the asker, a spectator) sees that the others
   *  are asked.  @param {{asks: boolean, who: () => string,
   *  answer: (yes: boolean) => unknown} | null} asked */
  undoShown(asked) {
    this.asking.hidden = !asked;
    if (!asked) { this.asking.replaceChildren(); return; }
    const parts = [asked.asks
      ? this.worded(el("span"), () => t("table.undoAsks", { name: asked.who() }))
      : this.keyed(el("span"), "table.undoWaiting")];
    if (asked.asks) {
      for (const [key, yes] of /** @type {const} */ ([["table.allow", true], ["table.refuse", false]])) {
        const choice = this.keyed(button("", yes ? "primary" : "", () => {
          for (const other of this.asking.querySelectorAll("button")) other.disabled = true;
          asked.answer(yes);
        }), key);
        choice.dataset.accept = String(yes);
        parts.push(choice);
      }
    }
    this.asking.replaceChildren(...parts);
  }

  /** The referee ended `device`'s place at the table (it left, another build, the table
   *  closed): its channel closes once the bye has gone, its seat waits.  @param {string} device */
  dropped(device) {
    const guest = this.guests.get(device);
    if (!guest) return;
    this.guests.delete(device);
    this.mark(guest.seat, "tableLost");
    guest.peer.end();
  }

  /** Close the table (the host) or leave it (a guest), from the "⋯" menu. */
  async close() {
    if (this.host) {
      const host = this.host;
      await host.close(); // every guest is told ("the host closed the table") and dropped
      for (const { peer } of this.guests.values()) peer.close(); // pairings never finished
      this.guests.clear();
      this.host = null;
      this.controller.table = this.local; // the game goes on here, on one device
      this.store.update(() => {
        const { game } = this.store.state; // (a host always has its game; seats: opening.js)
        if (!game?.seats) return;
        game.seats = game.seats.map((kind) => (isTableSeat(kind) ? "human" : kind));
      });
      this.controller.request("view");
      this.ended(() => t("table.closed"));
    } else if (this.remote && !this.remote.closed) {
      this.remote.leave(); // the host answers with a bye (table_left)
    }
  }

  /** Send `text` to the guest `device` (if still paired), noted in the log the tests read.
   *  @param {string} device @param {string} text */
  sendTo(device, text) {
    this.log.push({ to: device, text });
    this.guests.get(device)?.peer.send(text);
  }

  /** This page is going (closed, reloaded, left for another page).  A guest says `leave`
   *  (the host shows its seat gone at once, not lost 4 s later).  To a host's every guest
   *  connected it says at once that the host closed the table, as "Close the table" would
   *  tell it, and not left to find the host lost 4 s later.  The bye is sent from here
   *  (HostTable.farewell): the referee's answer comes from the worker, too late for the
   *  page's last moment.  Then the table closes here too (a page kept by the browser for
   *  "back" shows it closed when it comes back). */
  leaving() {
    if (this.remote && this.peer?.state === "open") { // a guest says leave, as Leave does
      this.remote.leave();
      this.peer.end();
    }
    if (!this.host) return;
    const text = this.host.farewell();
    for (const [device, { peer }] of this.guests) {
      if (peer.state !== "open") continue;
      this.sendTo(device, text);
      peer.end();
    }
    this.close();
  }

  /** The table is over for this device: `words()` on the table's line, no more closing.
   *  @param {() => string} words */
  ended(words) {
    this.line.hidden = false;
    this.line.className = "table-line closed";
    this.worded(this.line, words);
    this.undoShown(null);
    this.showCloser(null);
    hostItem().hidden = false;
    this.sleep();
    this.sleep = () => {};
  }

  /** The "⋯" menu's item that ends the table, named by `key` (null: hidden).
   *  @param {string | null} key */
  showCloser(key) {
    if (!this.closer) return;
    this.closer.hidden = !key;
    if (key) this.keyed(/** @type {HTMLElement} */ (this.closer.querySelector("span")), key);
  }

  /** The name of `seat` as the players panel shows it: "" before a game is on screen (a
   *  guest's first state may ask an undo before the host's game is loaded).
   *  @param {number} seat */
  nameOf(seat) {
    const { game } = this.store.state;
    if (!game?.answer.view) return "";
    return this.controller.needs.views[game.id].words.seats(game.answer.view)[seat]?.name ?? "";
  }

  // --- the guest --------------------------------------------------------------------------
  /** Join a table: read the host's code (`code` given: from a link).  @param {string} [code] */
  openGuest(code = "") {
    const label = el("label", undefined, "table-name");
    const name = /** @type {HTMLInputElement} */ (el("input"));
    Object.assign(name, { type: "text", maxLength: MAX_NAME, autocomplete: "nickname",
      value: rememberedNames().seats[0] ?? "" }); // the first name typed on this device
    label.append(this.keyed(el("span"), "table.yourName"), name);
    const parts = this.readParts("table.guestRead", (offer) => {
      this.name = cleanName(name.value);
      this.join(offer);
    });
    if (code) /** @type {HTMLTextAreaElement} */ (parts[3]).value = code;
    this.show(label, ...parts);
  }

  /** Answer the host's code and show the answer.  @param {string} offer */
  async join(offer) {
    const before = this.peer;
    this.peer = null; // (its closing is not this table's news)
    before?.close();
    /** @type {Peer} */
    let peer;
    const remote = new RemoteTable((text) => { this.log.push({ to: "host", text }); peer.send(text); },
      (record) => this.replays(record), (record) => this.replayed(record));
    this.remote = remote;
    this.show(this.keyed(el("p"), "table.preparing"));
    peer = new Peer({
      onMessage: (text) => { this.log.push({ from: "host", text }); remote.heard(text); },
      onState: (now) => { if (this.peer === peer) this.guestState(now, remote, peer); },
    }, await deviceCertificate());
    this.peer = peer;
    remote.onState = (message) => {
      this.keepNames(message.names);
      if (message.game !== this.tableGame) this.takeGame(remote, message); // the host's next game
      else this.controller.request("view");
    };
    remote.onRefused = (text) => this.controller.say(text, true);
    remote.onUndo = (undo) => this.undoShown(undo && { asks: undo.asks_you === true,
      who: () => undo.from.map((seat) => this.nameOf(seat)).join(", "),
      answer: (yes) => remote.answerUndo(yes) });
    remote.onBye = (_, reason) => this.byeHeard(remote, peer, reason);
    const code = await this.codeOf(peer.answer(offer));
    if (code === null) { this.peer = null; peer.close(); return; }
    const words = this.worded(el("p", undefined, "table-words"),
      () => t("table.words_check", { words: pairWords(peer.words) }));
    this.show(...this.codeParts(code, "table.guestShow", false), words);
  }

  /** Whether `record`, a public record given seed 0, is the whole game and this device's
   *  engine replays it: only a game without secrets or chance (its kind: perfect
   *  information, deterministic; Ponte, Othello), whose seed draws nothing.  A game with
   *  hidden hands or dice could replay a while with another seed and be another game.
   *  @param {import("../common/types.js").GameRecord} record */
  async replays(record) {
    if (!this.wholeGame(record)) return { ok: false };
    return this.call("check", { record });
  }

  /** This device's engine's picture of `record` (a public record that is the whole game,
   *  as `replays` says): an earlier position of the table's game, opened in this page's own
   *  session, which the table's game does not use.
   *  @param {import("../common/types.js").GameRecord} record
   *  @returns {Promise<import("../common/types.js").Answer>} */
  async replayed(record) {
    if (!this.wholeGame(record)) return { ok: false, error: t("table.noPosition") };
    return this.local.open(record, {});
  }

  /** Whether a game's public record is all of it: no secrets, no chance (its kind).
   *  @param {import("../common/types.js").GameRecord} record */
  wholeGame(record) {
    const kind = this.store.state.kinds.get(record.game);
    return kind?.information === "perfect" && kind?.chance === "deterministic";
  }

  /** The guest's connection (`peer`, to the host's `remote` table) changed: open, say
   *  hello and take the host's game.
   *  @param {string} now @param {RemoteTable} remote @param {Peer} peer */
  async guestState(now, remote, peer) {
    let message; // the host's first answer, when this is the channel's first opening
    if (now === "open" && !remote.state) {
      message = await remote.greet(BUILD, this.name || undefined);
      if (message === null) now = "silent"; // connected, but the host's page never answered
      else if (message.t !== "state") return;
    }
    if (now === "open" && message?.t === "state") {
      this.controller.table = remote;
      hostItem().hidden = true; // a guest hosts no table
      this.showCloser("table.leave");
      this.sleep();
      this.sleep = keepAwake();
      if (this.dialog.open) this.dialog.close();
      await this.takeGame(remote, message);
    }
    this.say(now, () => t("table.theHost"), peer.words);
  }

  /** Show the table's game on a guest: its first, or another the host started or opened
   *  (the state's `game` changed): the seats this device holds are its person's, the others
   *  the table's; each game kept under an id of its own beside any game of seed 0.
   *  @param {RemoteTable} remote
   *  @param {import("../table/remote.js").HostMessage & {t: "state"}} message */
  async takeGame(remote, message) {
    this.tableGame = message.game;
    this.back.hidden = false;
    const answer = remote.answer(); // this device's picture: what RemoteTable.open opens
    if (!answer.record) return;
    const own = new Set(message.you);
    const seats = seatsOf(answer).map((seat) => (own.has(seat) ? "human" : "table"));
    await this.controller.load(answer.record, { seats, names: this.namesFrom(message.names),
      saveId: copyId({ game: answer.record.game, seed: 0 }) });
  }

  /** Back from the menu to the table's game on a guest, as it is kept (its id and
   *  revision: no second copy among the saved games). */
  backToTable() {
    const { game } = this.store.state;
    const { record } = this.remote?.answer() ?? {};
    if (!game || !record) return;
    this.controller.load(record, { seats: game.seats, saveId: game.saveId, names: game.names,
      revision: game.revision });
  }

  /** The host ended the table for this guest (`reason`, a phrase): said at once; the
   *  game stays on screen as last shown (its moves refused, saying why) and, where its
   *  public record is the whole game, in this device's saved games; the next game opened
   *  is this device's own.
   *  @param {RemoteTable} remote @param {Peer} peer
   *  @param {{key: string, params?: unknown}} reason */
  async byeHeard(remote, peer, reason) {
    peer.close();
    this.back.hidden = true; // the game on screen is this device's now
    const local = this.local;
    const back = () => { this.controller.table = local; return local; };
    /** @type {Pick<Table, "start" | "open">} a new game or one opened: this device's own */
    const own = { start: (...args) => back().start(...args),
      open: (...args) => back().open(...args) };
    if (this.controller.table === remote) {
      this.controller.table = /** @type {Table} the remote table but for start and open */ (
        Object.assign(Object.create(remote), own));
    }
    this.store.update(() => { // the host's seats and the other phones' wait for nobody now
      const { game } = this.store.state; // (none yet if the bye came before the host's game)
      if (!game?.seats) return;
      game.seats = game.seats.map((kind) => (kind === "table" ? "tableLost" : kind));
    });
    /** @type {Record<string, string | undefined>} the byes this page words itself */
    const byes = { table_closed: "table.hostClosed", table_left: "table.youLeft" };
    const said = byes[reason.key];
    const why = () => (said ? t(said) : worded(reason));
    this.ended(why);
    const kept = (await remote.save()).ok;
    if (this.remote === remote) {
      this.ended(() => `${why()} ${t(kept ? "table.keptHere" : "table.keptThere")}`);
    }
  }

  /** The table's line on the play screen for a connection's state `now` (`name()` the
   *  other side's, `numbers` the pairing words).
   *  @param {string} now @param {() => string} name @param {number[] | null} numbers */
  say(now, name, numbers) {
    /** @type {Record<string, string | undefined>} the states the line shows */
    const keys = { open: "table.connected", lost: "table.lost", isolated: "table.isolated",
      silent: "table.silent", closed: "table.closed" };
    const key = keys[now];
    if (!key) return;
    const words = () => t(key, { name: name(), words: pairWords(numbers) });
    this.line.hidden = false;
    this.line.className = `table-line ${now}`;
    this.worded(this.line, words);
    if (this.dialog.open && (now === "isolated" || now === "silent")) { // a pairing that
      this.dialog.querySelector(".table-failed")?.remove(); // failed: said where one looks
      this.dialog.append(this.worded(el("p", undefined, "error table-failed"), words));
    }
  }

  // --- the page's language ----------------------------------------------------------------
  /** The code `making` (this device's offer or answer) gives, or null when the device has
   *  no network address to put in it (no Wi-Fi, no hotspot: signal.js finds no candidate);
   *  the dialog then says so instead of preparing for ever.
   *  @param {Promise<string>} making @returns {Promise<string | null>} */
  async codeOf(making) {
    try {
      return await making;
    } catch (error) {
      if (!(error instanceof SignalError)) throw error;
      this.show(this.keyed(el("p", undefined, "error"), "table.noNetwork"));
      return null;
    }
  }

  /** `node` showing the catalogue's text `key`, marked (data-text) so that the page's fixed
   *  texts, written again when the language switches (strings.js fillStaticTexts), include
   *  it.  @template {HTMLElement} N @param {N} node @param {string} key @returns {N} */
  keyed(node, key) {
    this.wording.delete(node);
    node.dataset.text = key;
    node.textContent = t(key);
    return node;
  }

  /** `node` showing `words()`, a text made with names or words of the page's language,
   *  written again by `relanguage`.  @template {HTMLElement} N @param {N} node
   *  @param {() => string} words @returns {N} */
  worded(node, words) {
    delete node.dataset.text;
    this.wording.set(node, words);
    node.textContent = words();
    return node;
  }

  /** The page speaks another language now: the line and the dialog say what they said in
   *  it (the table itself, its connections, seats and game, is the same table). */
  relanguage() {
    for (const [node, words] of this.wording) {
      if (node.isConnected) node.textContent = words();
      else this.wording.delete(node);
    }
  }

  /** A link with a host's code (#table=<code>): true when it was one (the guest joins).
   *  @param {string} hash */
  arrive(hash) {
    if (!hash.startsWith(HASH)) return false;
    const code = decodeURIComponent(hash.slice(HASH.length));
    history.replaceState(null, "", location.pathname + location.search);
    this.openGuest(code);
    return true;
  }
}
