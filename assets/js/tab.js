// What this tab shows, kept across a reload: the saved game on the play screen.  It lives in
// sessionStorage, which lasts as long as the tab: a reload goes back to the game, a new tab
// or a new visit starts on the menu (with the game under Continue).

const KEY = "inselspiele.tab.shown";

/** Remember the saved game (its save id) this tab shows now; null: the menu. */
export function rememberShown(id) {
  try {
    if (id) sessionStorage.setItem(KEY, id);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage disabled or full: a reload shows the menu, nothing else is lost
  }
}

/** The save id of the game this tab showed before a reload, or null. */
export function shownBefore() {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
