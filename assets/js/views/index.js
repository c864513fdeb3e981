// Game views by game id.  A view draws from the engine's view() JSON and turns taps into
// move strings; it never decides legality (the engine does).  Whether seats hold secrets is
// the engine's to say (op games: "information"), not a view's.  A view has six members
// (`GameView`, common/types.js, which says what each part of them does):
//   board      the canvas: aspect, draw, pick (a point's target), locate (a target's point),
//              targets, and for big boards zoomable and crowded; captured (the sound)
//   tap        (ui, target, view, legal) -> {ui, move?, hint?}: the selection and the move
//   controls   (view, legal, ui) -> [{label, move} | {label, op}]: buttons for this moment
//   panel      (answer, ui, act) -> side-panel nodes (hands, quiz forms), textContent only;
//              returning the nodes already shown leaves them in place (typing, focus)
//   words      the players panel, the prompt, the summary, the position, places and moves
//              in the page's language (screen readers, the move list, hints, the review)
//   setup      the menu's options and computer settings, the setup's extras and links,
//              and facts of the game: asksNames, learningReport, chanceByHand (real dice)
import { inselspielView } from "./inselspiel/inselspiel.js";
import { kahunaView } from "./kahuna/kahuna.js";
import { ponteView } from "./ponte/ponte.js";
import { othelloView } from "./reversi/reversi.js";
import { wortreversiView } from "./wortreversi/wortreversi.js";

/** @type {{[id: string]: import("../common/types.js").GameView}} */
export const VIEWS = {
  kahuna: kahunaView,
  ponte: ponteView,
  othello: othelloView,
  wortreversi: wortreversiView,
  inselspiel: inselspielView,
};
