// Players' (and teams') names, typed in the setup and remembered on this device (prefs.js):
// a field per seat, and the name of a seat for the learning report and a pupil's hand-in.
// Names are text: shown with textContent, never as HTML.
import { playerNames, rememberNames } from "./prefs.js";
import { t } from "./strings.js";
import { el } from "./views/dom.js";

/**
 * A fieldset with a name field per seat (`count()` seats; `refresh()` re-reads it), filled
 * with the names remembered; `remember()` keeps what was typed.
 * @param {() => number} count
 */
export function nameFields(count) {
  const fieldset = el("fieldset", undefined, "name-fields");
  fieldset.append(el("legend", t("names_title")));
  const list = el("div");
  fieldset.append(list);
  const typed = playerNames();
  const refresh = () => {
    list.replaceChildren();
    for (let seat = 0; seat < count(); seat++) {
      const label = el("label", t("names_seat", { n: seat + 1 }));
      const input = el("input");
      input.type = "text";
      input.maxLength = 40;
      input.autocomplete = "off";
      input.dataset.nameSeat = String(seat);
      input.value = typed[seat] ?? "";
      input.addEventListener("input", () => {
        typed[seat] = input.value;
        rememberNames(typed); // kept as typed: a setup left without playing keeps it too
      });
      label.append(input);
      list.append(label);
    }
  };
  refresh();
  return { element: fieldset, refresh, remember: () => rememberNames(typed) };
}

/** The remembered name of `seat`, or `fallback` (e.g. the colour's name). */
export function nameOf(seat, fallback) {
  return playerNames()[seat] || fallback;
}
