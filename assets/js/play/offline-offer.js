// The offer "Keep for offline play" on the game-over screen: on a phone on its data plan the
// offline copy is not fetched unasked (offline.js, setting "auto"), so when a game ends the
// player is asked once, with the copy's size in words.  "Keep for offline play" turns the
// setting on (offline.js then fetches the copy); "Not now" hides the offer for good in this
// browser (remembered with the first-time tips, prefs.js).  Shown at each game's end until
// the player answers it, never once the copy is kept or the setting was chosen.
import { keepOffline, offlineKept, offlineSize } from "../platform/offline.js";
import { rememberTip, tipSeen } from "../keep/prefs.js";
import { remember, setting } from "../keep/settings.js";
import { t } from "../common/strings.js";
import { button, el } from "../common/dom.js";

const DECLINED = "offlineOffer"; // the tip's name in prefs.js once "Not now" was tapped

/**
 * Whether to offer the offline copy: the setting left at "auto", a connection on which
 * "auto" keeps nothing (saveData, cellular), no copy kept yet, the offer not declined.
 * @param {string | undefined} choice the setting "offline"
 * @param {{saveData?: boolean, type?: string} | undefined} connection
 * @param {boolean} kept a copy is kept (or being kept) already
 * @param {boolean} declined "Not now" was tapped before
 */
export function offerWanted(choice, connection, kept, declined) {
  return choice === "auto" && !keepOffline(choice, connection) && !kept && !declined;
}

/** Fill `box` (the game-over dialog's) with the offer when it is wanted, else hide it.
 * @param {HTMLElement} box */
export async function showOfflineOffer(box) {
  box.hidden = true;
  if (!("serviceWorker" in navigator)) return;
  // the Network Information API, in Chromium only (not in TypeScript's DOM types)
  const { connection } = /** @type {Navigator & {connection?: {saveData?: boolean,
    type?: string}}} */ (navigator);
  if (!offerWanted(setting("offline"), connection, false, tipSeen(DECLINED))) return;
  const [kept, size] = await Promise.all([offlineKept(), offlineSize()]);
  if (kept || !size) return; // a size unknown is not said as a guess
  const keep = button(t("offlineOfferKeep"), "primary", () => {
    remember("offline", "on");
    box.replaceChildren(el("p", t("offlineOfferKept")));
  });
  const later = button(t("offlineOfferLater"), undefined, () => {
    rememberTip(DECLINED);
    box.hidden = true;
  });
  const controls = el("div", undefined, "controls");
  controls.append(keep, later);
  box.replaceChildren(el("p", t("offlineOffer", { size })), controls);
  box.hidden = false;
}
