// Game views by game id.  A view draws from the engine's view() JSON and turns taps into
// move strings; it never decides legality (the engine does).  Each view provides:
//   options                       [{name, choices: [{value, label}]}] for the menu
//   aspect(view)                  width / height of the drawing
//   draw(ctx, box, view, ui, legal)  paint everything; box = {width, height} in CSS pixels
//   pick(box, view, point)        the target (e.g. a square name) under a point, or null
//   locate(box, view, target)     the point of a target (tests, keyboard focus)
//   tap(ui, target, view, legal)  -> {ui, move?, hint?}: new selection and/or a move
//   controls(view, legal)         [{label, move} | {label, op}] buttons for this moment
//   seats(view)                   [{name, colour, score}] for the players panel
//   prompt(view, ui)              a line telling the player what to do now
//   summary(view)                 lines for the game-over panel
// Optional:
//   secret                        true when seats hold hidden information: the shell then
//                                 shows a curtain between turns and asks the engine only for
//                                 the view of the seat that lifted it (others see none)
//   panel(answer, ui, act)        DOM nodes for the side panel (hands, quiz forms…), built
//                                 with textContent only; act = {play(move), op(name, args),
//                                 setUi(ui), message(text, isError)}
import { kahunaView } from "./kahuna.js";
import { ponteView } from "./ponte.js";

export const VIEWS = {
  kahuna: kahunaView,
  ponte: ponteView,
};
