// The move list and looking back: every move in the game's own notation, numbered, with the
// mover's colour (a die for chance); choosing one shows the position after it, read-only,
// under a "viewing move n of m" bar; ←/→/Home/End step, and a replay steps on its own at a
// chosen speed.  The moves and the positions come from the engine (history and position,
// as the viewing seat may know them); this module holds only which move is looked at.
import { t } from "./strings.js";
import { button, el } from "./views/dom.js";

export const REPLAY_SPEEDS = [2000, 1000, 500, 250]; // milliseconds a move

export class HistoryPanel {
  /**
   * @param {{panel: HTMLElement, list: HTMLElement, count: HTMLElement, bar: HTMLElement,
   *          barText: HTMLElement, controls: HTMLElement}} nodes
   * @param {{call: import("./types.js").Call, seats: () => import("./types.js").Seat[],
   *          changed: () => void, marks?: () => Map<number, string>,
   *          moveLabel: (move: string) => string}} act
   *   ask the engine (with the viewing seat), the seats' names and colours, redraw the board,
   *   the moves to mark (by the ply they were made at, with words for the mark), a move
   *   of the record in words
   */
  constructor(nodes, act) {
    this.nodes = nodes;
    this.act = act;
    this.moves = [];
    this.looking = null; // {ply, plies, view} while a past position is shown
    this.timer = null;
    this.speed = REPLAY_SPEEDS[1];
    this.buildControls();
    nodes.list.addEventListener("keydown", (event) => this.onKey(event));
    nodes.bar.addEventListener("keydown", (event) => this.onKey(event));
  }

  buildControls() {
    const step = (label, text, to) => {
      const node = button(text, "", () => this.show(to()));
      node.setAttribute("aria-label", label);
      return node;
    };
    this.playButton = button("▶", "primary", () => this.toggleReplay());
    this.playButton.dataset.act = "replay";
    const speed = el("select");
    speed.name = "replay-speed";
    speed.setAttribute("aria-label", t("replaySpeed"));
    for (const ms of REPLAY_SPEEDS) {
      const option = el("option", t("perMove", { seconds: ms / 1000 }));
      option.value = String(ms);
      speed.append(option);
    }
    speed.value = String(this.speed);
    speed.addEventListener("change", () => { this.speed = Number(speed.value); });
    const back = button(t("backToGame"), "", () => this.leave());
    back.dataset.act = "live";
    this.nodes.controls.replaceChildren(
      step(t("firstMove"), "⇤", () => 0),
      step(t("previousMove"), "◀", () => this.ply() - 1),
      this.playButton,
      step(t("nextMove"), "▶", () => this.ply() + 1),
      step(t("lastMove"), "⇥", () => this.moves.length),
      speed, back);
  }

  /** The ply on screen: the one looked at, else the live end. */
  ply() {
    return this.looking?.ply ?? this.moves.length;
  }

  /** The position to draw instead of the live one, or null. */
  view() {
    return this.looking?.view ?? null;
  }

  /** Write the controls and the list again in the language now chosen. */
  relabel() {
    this.buildControls();
    this.render();
  }

  /** Re-read the moves after the game changed (and go back to live play). */
  async refresh() {
    this.stop();
    this.looking = null;
    const answer = await this.act.call("history", {});
    this.moves = answer.ok ? answer.moves : [];
    this.render();
  }

  render() {
    const seats = this.act.seats();
    const current = this.ply();
    const marks = this.act.marks?.() ?? new Map(); // ply -> why the move there is marked
    const items = this.moves.map((entry, index) => {
      const item = el("li", undefined, "history-move");
      const choose = button("", "", () => this.show(index + 1));
      choose.dataset.ply = String(index + 1);
      const mark = el("span", "", entry.seat < 0 ? "chance" : "swatch"); // chance: a die drawn by CSS
      if (entry.seat >= 0) mark.style.background = seats[entry.seat]?.colour ?? "transparent";
      mark.setAttribute("aria-label", entry.seat < 0 ? t("chance") : seats[entry.seat]?.name ?? "");
      choose.append(el("span", `${index + 1}.`, "ply"), mark, el("span", this.act.moveLabel(entry.move), "move-text"));
      if (marks.has(index)) { // a move the look back found costly (hints.js)
        const badge = el("span", "!", "turn-mark");
        badge.setAttribute("aria-label", marks.get(index));
        choose.append(badge);
        item.classList.add("turning");
      }
      if (index + 1 === current) choose.setAttribute("aria-current", "step");
      item.append(choose);
      return item;
    });
    const hadFocus = this.nodes.list.contains(document.activeElement);
    this.nodes.list.replaceChildren(...items);
    this.nodes.count.textContent = `(${this.moves.length})`;
    const looking = this.looking !== null;
    const opening = looking && this.nodes.bar.hidden;
    this.nodes.bar.hidden = !looking;
    // the side panel scrolls: bring the replay's controls in sight (above its sticky foot)
    // once the rest of the panel has been redrawn for the position looked at
    if (opening) requestAnimationFrame(() => this.nodes.bar.scrollIntoView({ block: "nearest" }));
    if (looking) {
      this.nodes.barText.textContent = current === 0 ? t("viewingStart", { of: this.moves.length })
        : t("viewingMove", { n: current, of: this.moves.length });
    }
    // the pause sign is drawn by CSS: fonts without U+23F8 would show an empty box
    this.playButton.textContent = this.timer ? "" : "▶";
    this.playButton.classList.toggle("pause", Boolean(this.timer));
    this.playButton.setAttribute("aria-label", this.timer ? t("pauseReplay") : t("playReplay"));
    const shown = this.nodes.list.querySelector("[aria-current]");
    if (shown) scrollWithin(this.nodes.list, shown);
    if (hadFocus) /** @type {HTMLElement | null} */ (shown ?? this.nodes.list.lastElementChild?.firstChild)?.focus(); // keys go on
  }

  /** Show the position after `ply` moves (the live end resumes play). */
  async show(ply) {
    const to = Math.max(0, Math.min(ply, this.moves.length));
    if (to === this.moves.length && !this.timer) {
      this.leave();
      return;
    }
    const answer = await this.act.call("position", { ply: to });
    if (!answer.ok) return;
    this.looking = to === this.moves.length ? null : answer;
    if (to === this.moves.length) this.stop();
    this.render();
    this.act.changed();
  }

  /** Back to the game as it stands. */
  leave() {
    this.stop();
    this.looking = null;
    this.render();
    this.act.changed();
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
      this.render();
      return;
    }
    if (this.moves.length === 0) return;
    if (this.looking === null) this.show(0);
    const tick = () => {
      if (this.ply() >= this.moves.length) {
        this.leave();
        return;
      }
      this.show(this.ply() + 1);
      this.timer = setTimeout(tick, this.speed);
    };
    this.timer = setTimeout(tick, this.speed);
    this.render();
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
  }

  onKey(event) {
    const to = { ArrowLeft: this.ply() - 1, ArrowRight: this.ply() + 1, Home: 0,
      End: this.moves.length }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    this.show(to);
  }
}

/** Scroll `list` alone so that `item` is in sight (scrollIntoView would scroll the side panel
 * too, taking the players and the turn line out of sight). */
function scrollWithin(list, item) {
  const [box, shown] = [list.getBoundingClientRect(), item.getBoundingClientRect()];
  if (shown.top < box.top) list.scrollTop -= box.top - shown.top;
  else if (shown.bottom > box.bottom) list.scrollTop += shown.bottom - box.bottom;
}
