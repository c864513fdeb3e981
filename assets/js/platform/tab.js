// What this tab shows, kept across a reload: the saved game on the play screen.  It lives in
// sessionStorage, which lasts as long as the tab, and is read only when the page was
// reloaded (or its tab, discarded in the background, shown again): a reload goes back to the
// game; a new tab, or the site's address opened again, starts on the menu (with the game
// under Continue).

const KEY = "inselspiele.tab.shown";

/** Remember the saved game (its save id) this tab shows now; null: the menu.
 * @param {string | null} id
 */
export function rememberShown(id) {
  try {
    if (id) sessionStorage.setItem(KEY, id);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage disabled or full: a reload shows the menu, nothing else is lost
  }
}

/** The save id of the game this tab showed before it was reloaded, or null. */
export function shownBefore() {
  const [navigation] = /** @type {PerformanceNavigationTiming[]} */ (
    performance.getEntriesByType("navigation"));
  // a tab the browser discarded in the background loads again when it is shown: as a reload
  const discarded = "wasDiscarded" in document && document.wasDiscarded === true;
  const reloaded = navigation?.type === "reload" || discarded;
  try {
    const id = sessionStorage.getItem(KEY);
    if (!reloaded) sessionStorage.removeItem(KEY); // a new start in this tab: the menu
    return reloaded ? id : null;
  } catch {
    return null;
  }
}
