// The board for people who do not see it, and focus for people who do not point: the canvas's
// name (whose turn, the scores, the last move), a live line naming each move as it is made,
// the position in words on request, and focus kept where a redraw would drop it.  The words
// come from the game's view (describeMove, describe, describePlace: views/index.js).
import { t } from "../common/strings.js";

/** @typedef {import("../common/types.js").GameView} GameView */
/** @typedef {import("../common/types.js").View} View */

/** The last move in words: the view's own, else the engine's move string.
 * @param {GameView} gameView
 * @param {View} view */
export function moveWords(gameView, view) {
  if (gameView.words.describeMove) return gameView.words.describeMove(view);
  return view.last ? t("lastMoveRaw", { move: view.last }) : "";
}

/**
 * Name the board (`board`: the canvas) after the position shown and put the move just made
 * in the live line (`news`); the line changes only when the move does, so a screen reader
 * says each move once.
 * @param {{board: HTMLElement, news: HTMLElement}} nodes
 * @param {GameView} gameView
 * @param {View} view
 * @param {string} turn whose turn it is, in words
 */
export function speakBoard({ board, news }, gameView, view, turn) {
  const move = moveWords(gameView, view);
  const scores = gameView.words.seats(view).map((seat) => `${seat.name}: ${seat.score}`).join(", ");
  const state = t("boardState", { turn: turn.replace(/[.!?]$/, ""), scores }); // one full stop
  board.setAttribute("aria-label", [state, move].filter(Boolean).join(" "));
  if (news.textContent !== move) news.textContent = move;
}

/** Fill `list` with the position in words (one item per row, island or seat).
 * @param {HTMLElement} list
 * @param {GameView} gameView
 * @param {View} view */
export function describeBoard(list, gameView, view) {
  const lines = gameView.words.describe?.(view) ?? [t("lastMoveRaw", { move: view.last ?? "–" })];
  list.replaceChildren(...lines.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
}

/** What has focus, as a selector a redraw can find again (buttons carry data-move and the like). */
export function focusMark() {
  const data = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset ?? {};
  for (const key of ["move", "card", "tile"]) {
    const value = data[key];
    if (value !== undefined) return `[data-${key}="${CSS.escape(value)}"]`;
  }
  return null;
}

/**
 * After a redraw of the play screen (`root`): when the focused node went away with it, focus
 * its new twin (`mark`: from focusMark before), else the board, so keyboard play goes on.
 * @param {HTMLElement} root
 * @param {boolean} hadFocus
 * @param {string | null} mark
 * @param {HTMLElement} board
 */
export function keepFocus(root, hadFocus, mark, board) {
  if (!hadFocus || document.activeElement !== document.body) return;
  if (root.hidden || document.querySelector("dialog[open]")) return;
  // a DOM query: a button or another element of the play screen
  const twin = mark && /** @type {(HTMLElement & {disabled?: boolean}) | null} */ (
    root.querySelector(mark));
  (twin && !twin.disabled && !twin.hidden ? twin : board).focus({ preventScroll: true });
}

/**
 * Lower or lift the curtain (a div over the board that behaves as a dialog): lowered, it
 * takes the focus to its button; lifted from there, the focus goes to the board.
 * @param {HTMLElement} curtain
 * @param {HTMLElement} lift its button
 * @param {HTMLElement} board
 * @param {boolean} down
 */
export function setCurtain(curtain, lift, board, down) {
  const wasDown = !curtain.hidden;
  const hadFocus = curtain.contains(document.activeElement);
  curtain.hidden = !down;
  if (down && !wasDown) lift.focus();
  else if (!down && wasDown && (hadFocus || document.activeElement === document.body)) board.focus();
}
