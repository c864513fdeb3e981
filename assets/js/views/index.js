// Game views by game id.  A view draws from the engine's view() JSON and turns taps into
// move strings; it never decides legality (the engine does).  Whether seats hold secrets is
// the engine's to say (op games: "information"), not a view's.  Each view provides:
//   options                       [{name, choices: [{value, label}]}] for the menu
//   aspect(view)                  width / height of the drawing
//   draw(ctx, box, view, ui, legal)  paint everything; box = {width, height} in CSS pixels
//   pick(box, view, point)        the target (e.g. a square name) under a point, or null
//   locate(box, view, target)     the point of a target (tests, keyboard focus)
//   tap(ui, target, view, legal)  -> {ui, move?, hint?}: new selection and/or a move
//   controls(view, legal, ui)     [{label, move} | {label, op}] buttons for this moment
//   seats(view)                   [{name, colour, score}] for the players panel
//   prompt(view, ui)              a line telling the player what to do now
//   summary(view)                 lines for the game-over panel
// Optional:
//   captured(before, after)       true when the move from view `before` to `after` took
//                                 pieces (a quieter "capture" sound instead of "move")
//   panel(answer, ui, act)        DOM nodes for the side panel (hands, quiz forms…), built
//                                 with textContent only; act = {play(move), op(name, args),
//                                 setUi(ui), message(text, isError)}; returning the very
//                                 nodes already shown leaves them in place (typing and
//                                 focus survive a redraw)
//   menuExtras(act)               DOM nodes for the game's menu card (e.g. a word-list
//                                 editor); act = {call(op, args) => Promise<answer>}: engine
//                                 requests that leave the game alone (e.g. parse_words)
//   menuOptions()                 extra option values merged over the menu's selects
//   menuSettled()                 resolves once menuOptions() has taken in what the engine
//                                 is still checking (the setup's Play waits for it)
//   printCards()                  open the print page for what the setup has chosen (the
//                                 setup's "Print and play"; without it print.html#game=id)
//   links                         {kind: (payload) => …} for links.js kinds the game opens in
//                                 its setup (e.g. words: a teacher's word list)
//   computerOptions               [{name, choices}] settings for computer players (ai_start)
//   asksNames                     true when a linked game not yet begun that carries no names
//                                 (a teacher's class link) asks its people's names first and
//                                 is kept from the moment it opens (arrivals.js, name-ask.js)
//   learningReport                true when the engine keeps a learning report (op report):
//                                 report.js shows it on the play screen, at game end and
//                                 for saved games
//   zoomable                      true for big boards: drag pans, wheel and pinch zoom (taps
//                                 still arrive in board coordinates; box.scale is the zoom)
//   crowded(box, view, point)     zoomable boards: a factor (> 1) to zoom by around a tap
//                                 that falls between places too close on screen to tell
//                                 apart (the tap then picks nothing), else 0
//   targets(view)                 every target `pick` can return (squares, lines, places): the
//                                 keyboard cursor moves over them (cursor.js); Enter taps one
//   describePlace(view, target)   a target and what is on it, in words ("c3: tile (light)")
//   describeMove(view)            the last move in words, for the screen reader's live line
//   moveLabel(move, view)         a move of the record in words of the page's language, as the
//                                 move list, the hint and the review say it (`view`: the
//                                 position on screen, for names that depend on the map); no
//                                 engine notation (tests/browser/test_words.py looks)
//   joinsTurn(previous, move)     true when `move` belongs to the same move-list entry as the
//                                 move before it (Inselspiel: the throw, the die, the move)
//   turnLabel(moves, view)        the words of such an entry of several moves
//   hintReason(reason)            the engine's reason phrase for a hint with its codes in words
//   describe(view)                the position in words: lines (per row, island or seat) for
//                                 "Describe the board" (access.js)
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
