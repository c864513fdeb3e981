// The move list and looking back: every move in words (the view's moveLabel), numbered, with
// the mover's colour (a die for chance); choosing one shows the position after it, read-only,
// under a "viewing move n of m" bar; ←/→/Home/End step, and a replay steps on its own at a
// chosen speed.  The moves and the positions come from the engine (history and position,
// as the viewing seat may know them); which move is looked at lives in the store.
// An entry of the list may hold several moves of the record (the view's joinsTurn: an
// Inselspiel turn is the throw, the die and the move, one entry); the record, undo and redo
// stay per move, the list and its steps go per entry, the replay per move.
import { t } from "../common/strings.js";
import { button, el } from "../common/dom.js";

export const REPLAY_SPEEDS = [2000, 1000, 500, 250]; // milliseconds a move

/**
 * @typedef {{first: number, last: number, seat: number, label: string}} Entry
 * An entry of the move list: the moves first…last (indices into the record), the seat that
 * made them (-1: chance alone), their words.
 */

/**
 * The move list's entries for `moves` ({seat, move, said?} from the engine's history) in the words
 * of `gameView` (for the position `view` on screen): one a move, or one a turn where the view
 * joins moves (joinsTurn).
 * @param {import("../common/types.js").MoveEntry[]} moves
 * @param {import("../common/types.js").GameView} gameView
 * @param {import("../common/types.js").View} view
 * @returns {Entry[]}
 */
export function moveEntries(moves, gameView, view) {
  /** @type {Entry[]} */
  const entries = [];
  moves.forEach((entry, index) => {
    const open = entries.at(-1);
    if (open && gameView.words.joinsTurn?.(moves[index - 1].move, entry.move)) open.last = index;
    else entries.push({ first: index, last: index, seat: entry.seat, label: "" });
  });
  for (const entry of entries) {
    const own = moves.slice(entry.first, entry.last + 1);
    entry.seat = own.find((move) => move.seat >= 0)?.seat ?? -1;
    entry.label = own.length > 1 && gameView.words.turnLabel
      ? gameView.words.turnLabel(own.map((move) => move.move), view)
      : own.map((move) => gameView.words.moveLabel?.(move.move, view, move.said) ?? move.move).join(" · ");
  }
  return entries;
}

/** The number (from 1) of the entry that holds the move made at `ply` (0: none yet).
 * @param {Entry[]} entries
 * @param {number} ply */
export function entryNumber(entries, ply) {
  return entries.findIndex((entry) => entry.first <= ply && ply <= entry.last) + 1;
}

/**
 * Which move is looked at, and the replay: state in the store (`history`), moves and
 * positions from the engine.  Never touches the page (HistoryPanel draws it).
 */
export class History {
  /**
   * @param {import("../common/store.js").Store} store
   * @param {import("../common/types.js").Call} call ask the engine, as the viewing seat
   */
  constructor(store, call) {
    this.store = store;
    this.call = call;
    /** @type {ReturnType<typeof setTimeout> | null} the replay's next step */
    this.timer = null;
    this.speed = REPLAY_SPEEDS[1];
  }

  get state() {
    return this.store.state.history;
  }

  /** The ply on screen: the one looked at, else the live end. */
  ply() {
    return this.state.looking?.ply ?? this.state.moves.length;
  }

  /** The position to draw instead of the live one, or null. */
  view() {
    return this.state.looking?.view ?? null;
  }

  /** Re-read the moves after the game changed (and go back to live play); `moves`: the
   *  list the table's answer carried (then nothing is asked).
   *  @param {import("../common/types.js").MoveEntry[] | null} [moves] */
  async refresh(moves = null) {
    this.stop();
    const game = this.store.state.game;
    const answer = moves ? { ok: true, moves } : await this.call("history", {});
    if (this.store.state.game !== game) return;
    this.store.update({ history: { moves: answer.ok ? answer.moves : [], looking: null,
      replaying: false } });
  }

  /** Show the position after `ply` moves (the live end resumes play).
   * @param {number} ply */
  async show(ply) {
    const end = this.state.moves.length;
    const to = Math.max(0, Math.min(ply, end));
    if (to === end && !this.timer) {
      this.leave();
      return;
    }
    const answer = await this.call("position", { ply: to });
    if (!answer.ok) { // (a host that refused the look: too many at once, or gone) said, not dropped
      this.stop();
      this.store.update({ message: { text: answer.error ?? t("actionFailed"), error: true },
        history: { ...this.state, replaying: false } });
      return;
    }
    if (to === end) this.stop();
    this.store.update({ history: { ...this.state, looking: to === end ? null : answer,
      replaying: Boolean(this.timer) } });
  }

  /** Back to the game as it stands. */
  leave() {
    this.stop();
    this.store.update({ history: { ...this.state, looking: null, replaying: false } });
  }

  /** Replay the game from its first position. */
  replayFromStart() {
    this.stop();
    this.show(0);
    this.toggleReplay();
  }

  /** Replay from the start (or from the move looked at), one move per `speed`. */
  toggleReplay() {
    if (this.timer) {
      this.stop();
      this.store.update({ history: { ...this.state, replaying: false } });
      return;
    }
    if (this.state.moves.length === 0) return;
    if (this.state.looking === null) this.show(0);
    const tick = () => {
      if (this.ply() >= this.state.moves.length) {
        this.leave();
        return;
      }
      this.show(this.ply() + 1);
      this.timer = setTimeout(tick, this.speed);
    };
    this.timer = setTimeout(tick, this.speed);
    this.store.update({ history: { ...this.state, replaying: true } });
  }

  stop() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** The move list and the "viewing move n of m" bar, drawn from the store's `history`. */
export class HistoryPanel {
  /**
   * @param {{panel: HTMLElement, list: HTMLElement, count: HTMLElement, bar: HTMLElement,
   *          barText: HTMLElement, controls: HTMLElement}} nodes
   * @param {History} history
   * @param {{seats: () => import("../common/types.js").Seat[],
   *          marks: () => Map<number, {kind: string, sign: string, label: string}>,
   *          entries: (moves: import("../common/types.js").MoveEntry[]) => Entry[]}} read
   *   the seats' names and colours, the moves to mark (by the ply they were made at: the
   *   review's mark, its sign and its words; review.js), the list's entries in words (moveEntries)
   */
  constructor(nodes, history, read) {
    this.nodes = nodes;
    this.history = history;
    this.read = read;
    /** @type {{moves: unknown, key: string} | null} what the list was last drawn from */
    this.shown = null;
    /** @type {Entry[]} the entries drawn */
    this.entries = [];
    this.playButton = this.buildControls();
    const onKey = (/** @type {KeyboardEvent} */ event) => this.onKey(event);
    nodes.list.addEventListener("keydown", onKey);
    nodes.bar.addEventListener("keydown", onKey);
  }

  /** Write the controls under the list; the replay's button, which render() redraws.
   * @returns {HTMLButtonElement} */
  buildControls() {
    const history = this.history;
    /** @type {(label: string, text: string, to: () => number) => HTMLButtonElement} */
    const step = (label, text, to) => {
      const node = button(text, "", () => history.show(to()));
      node.setAttribute("aria-label", label);
      return node;
    };
    const play = button("▶", "primary", () => history.toggleReplay());
    play.dataset.act = "replay";
    const speed = el("select");
    speed.name = "replay-speed";
    speed.setAttribute("aria-label", t("replaySpeed"));
    for (const ms of REPLAY_SPEEDS) {
      const option = el("option", t("perMove", { seconds: ms / 1000 }));
      option.value = String(ms);
      speed.append(option);
    }
    speed.value = String(history.speed);
    speed.addEventListener("change", () => { history.speed = Number(speed.value); });
    const back = button(t("backToGame"), "", () => history.leave());
    back.dataset.act = "live";
    this.nodes.controls.replaceChildren(
      step(t("firstMove"), "⇤", () => 0),
      step(t("previousMove"), "‹", () => this.stop(-1)), // not ◀/▶: ▶ is the replay's
      play,
      step(t("nextMove"), "›", () => this.stop(1)),
      step(t("lastMove"), "⇥", () => history.state.moves.length),
      speed, back);
    return play;
  }

  /** The ply where the entry before (`direction` -1) or after (+1) the one on screen ends.
   * @param {number} direction */
  stop(direction) {
    const current = this.history.ply();
    const stops = [0, ...this.entries.map((entry) => entry.last + 1)];
    const found = direction < 0 ? stops.filter((ply) => ply < current).at(-1)
      : stops.find((ply) => ply > current);
    return found ?? current + direction;
  }

  /** Write the controls and the list again in the language now chosen. */
  relabel() {
    this.playButton = this.buildControls();
    this.shown = null;
  }

  /** Draw the list and the bar when what they show has changed; true when the bar opens. */
  render() {
    const { moves, looking, replaying } = this.history.state;
    const marks = this.read.marks(); // ply -> the review's mark of the move there
    const current = this.history.ply();
    const seats = this.read.seats();
    const key = JSON.stringify([current, [...marks], seats.map((seat) => [seat.colour, seat.name])]);
    if (this.shown?.moves !== moves || this.shown.key !== key) {
      this.entries = this.read.entries(moves);
      this.renderList(this.entries, current, seats, marks);
    }
    this.shown = { moves, key };
    const opening = looking !== null && this.nodes.bar.hidden;
    this.nodes.bar.hidden = looking === null;
    if (looking) {
      const of = this.entries.length;
      this.nodes.barText.textContent = current === 0 ? t("viewingStart", { count: of })
        : t("viewingMove", { n: entryNumber(this.entries, current - 1), of });
    }
    // the pause sign is drawn by CSS: fonts without U+23F8 would show an empty box
    this.playButton.textContent = replaying ? "" : "▶";
    this.playButton.classList.toggle("pause", replaying);
    this.playButton.setAttribute("aria-label", replaying ? t("pauseReplay") : t("playReplay"));
    return opening;
  }

  /** The side panel scrolls: bring the replay's controls in sight (above its sticky foot),
   *  once the rest of the panel is drawn for the position looked at. */
  reveal() {
    this.nodes.bar.scrollIntoView({ block: "nearest" });
  }

  /**
   * @param {Entry[]} entries
   * @param {number} current the ply on screen
   * @param {import("../common/types.js").Seat[]} seats
   * @param {Map<number, {kind: string, sign: string, label: string}>} marks
   */
  renderList(entries, current, seats, marks) {
    const items = entries.map((entry, index) => {
      const item = el("li", undefined, "history-move");
      const choose = button("", "", () => this.history.show(entry.last + 1));
      choose.dataset.ply = String(entry.last + 1);
      const mark = el("span", "", entry.seat < 0 ? "chance"  // chance: a die drawn by CSS
        : seats[entry.seat]?.striped ? "swatch striped" : "swatch");
      if (entry.seat >= 0) mark.style.backgroundColor = seats[entry.seat]?.colour ?? "transparent";
      mark.setAttribute("aria-label", entry.seat < 0 ? t("chance") : seats[entry.seat]?.name ?? "");
      choose.append(el("span", `${index + 1}.`, "ply"), mark, el("span", entry.label, "move-text"));
      const costly = [...marks.keys()].find((ply) => entry.first <= ply && ply <= entry.last);
      const marked = costly === undefined ? undefined : marks.get(costly);
      if (marked) { // a move the review marked (review.js)
        const { kind, sign, label } = marked;
        const badge = el("span", sign, `turn-mark mark-${kind}`);
        badge.setAttribute("aria-label", label);
        badge.title = label;
        choose.append(badge);
        item.classList.add("turning", `mark-${kind}`);
      }
      if (entry.first < current && current <= entry.last + 1) choose.setAttribute("aria-current", "step");
      item.append(choose);
      return item;
    });
    const hadFocus = this.nodes.list.contains(document.activeElement);
    this.nodes.list.replaceChildren(...items);
    this.nodes.count.textContent = `(${entries.length})`;
    const shown = this.nodes.list.querySelector("[aria-current]");
    if (shown) scrollWithin(this.nodes.list, shown);
    if (hadFocus) /** @type {HTMLElement | null} */ (shown ?? this.nodes.list.lastElementChild?.firstChild)?.focus(); // keys go on
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    const history = this.history;
    /** @type {Record<string, number>} */
    const stops = { ArrowLeft: this.stop(-1), ArrowRight: this.stop(1), Home: 0,
      End: history.state.moves.length };
    const to = Object.hasOwn(stops, event.key) ? stops[event.key] : undefined;
    if (to === undefined) return;
    event.preventDefault();
    history.show(to);
  }
}

/** Scroll `list` alone so that `item` is in sight (scrollIntoView would scroll the side panel
 * too, taking the players and the turn line out of sight).
 * @param {Element} list
 * @param {Element} item */
function scrollWithin(list, item) {
  const [box, shown] = [list.getBoundingClientRect(), item.getBoundingClientRect()];
  if (shown.top < box.top) list.scrollTop -= box.top - shown.top;
  else if (shown.bottom > box.bottom) list.scrollTop += shown.bottom - box.bottom;
}
