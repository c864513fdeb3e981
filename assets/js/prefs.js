// What the menu remembers per game in this browser: the setup form's last values, the game
// options and seats last played, and the level for "play the computer".  One storage entry;
// damaged or foreign content reads as "nothing remembered", and a full or disabled storage
// only means nothing is remembered.
const KEY = "inselspiele.prefs"; // {version: 1, games: {id: {form, options, seats, computer, level}}}
const VERSION = 1;

function readAll() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (stored?.version === VERSION && stored.games && typeof stored.games === "object") return stored.games;
  } catch { /* damaged: start afresh */ }
  return {};
}

/** The remembered choices for `game` (an object, possibly empty). */
export function gamePrefs(game) {
  const prefs = readAll()[game];
  return prefs && typeof prefs === "object" ? prefs : {};
}

/** Merge `changes` into what is remembered for `game`. */
export function rememberGame(game, changes) {
  const games = readAll();
  games[game] = { ...gamePrefs(game), ...changes };
  try {
    localStorage.setItem(KEY, JSON.stringify({ version: VERSION, games }));
  } catch { /* storage full or disabled: the choice holds for this visit only */ }
}
