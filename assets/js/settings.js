// The app-wide settings this browser remembers (today the language).  One storage entry;
// damaged content reads as "nothing chosen", a full or disabled storage means the choice
// holds for this visit only.  Per-game choices live in prefs.js.
const KEY = "inselspiele.settings"; // {version: 1, language?: "en" | "de"}
const VERSION = 1;

function readAll() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (stored?.version === VERSION && typeof stored === "object") return stored;
  } catch { /* damaged: nothing chosen */ }
  return { version: VERSION };
}

/** The remembered value of `name`, or undefined when none was chosen. */
export function setting(name) {
  return readAll()[name];
}

/** Remember `value` for `name`. */
export function remember(name, value) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...readAll(), [name]: value }));
  } catch { /* storage full or disabled */ }
}
