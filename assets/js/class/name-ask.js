// "What is your name?" before a teacher's class link opens its game: one field per seat a
// person plays here, filled with the name this device remembers (prefs.js, as the setup's
// name fields), so a pupil who typed it once only confirms it.  What is typed is remembered
// on this device by seat, cleaned as every name is (names.js cleanName); closing the
// question (Escape) opens the game with the names as they were.
import { cleanName, gameNames, MAX_NAME, rememberedNames } from "../keep/names.js";
import { rememberNames } from "../keep/prefs.js";
import { t } from "../common/strings.js";
import { el } from "../common/dom.js";

/**
 * Ask the names of the seats people play (`kinds`: "human" or a computer level per seat);
 * resolves to the game's names (gameNames) once answered or closed.
 * @param {string[]} kinds
 * @param {number} teams
 * @returns {Promise<import("../keep/names.js").Names | null>}
 */
export function askNames(kinds, teams) {
  const people = kinds.flatMap((kind, seat) => (kind === "human" ? [seat] : []));
  const typed = rememberedNames();
  const dialog = el("dialog", undefined, "name-ask");
  dialog.id = "name-ask";
  dialog.setAttribute("aria-labelledby", "name-ask-title");
  const form = el("form");
  form.method = "dialog";
  const title = el("h2", t("askName_title"));
  title.id = "name-ask-title";
  form.append(title, el("p", t("askName_help"), "wl-help"));
  const fields = people.map((seat) => {
    const label = el("label", people.length > 1 ? t("names_seat", { n: seat + 1 }) : t("askName_label"));
    const input = el("input");
    input.type = "text";
    input.maxLength = MAX_NAME;
    input.autocomplete = "off";
    input.dataset.askSeat = String(seat);
    input.value = typed.seats[seat] ?? "";
    label.append(input);
    form.append(label);
    return { seat, input };
  });
  const play = el("button", t("askName_play"), "primary");
  play.type = "submit";
  const foot = el("div", undefined, "controls");
  foot.append(play);
  form.append(foot);
  dialog.append(form);
  document.body.append(dialog);
  return new Promise((resolve) => {
    form.addEventListener("submit", () => {
      const seats = Array.from({ length: Math.max(kinds.length, typed.seats.length) },
        (_, seat) => typed.seats[seat] ?? "");
      for (const { seat, input } of fields) seats[seat] = cleanName(input.value);
      rememberNames(seats);
    });
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(gameNames(kinds, teams));
    }, { once: true });
    dialog.showModal();
    fields[0]?.input.select();
  });
}
