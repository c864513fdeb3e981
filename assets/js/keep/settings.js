// The app-wide settings this browser remembers: language, sound, motion, projector mode,
// patterns on pieces, colour theme, the expert's thinking time, offline play.  One storage
// entry; damaged content or an unknown value reads as the default, a full or disabled storage means the
// choice holds for this visit only.  Per-game choices live in prefs.js.
import { readSettings } from "../common/schemas.js";

const KEY = "inselspiele.settings"; // {version: 1, <name>: <one of CHOICES[name]>}
const VERSION = 1;

/** Each setting's choices, the default first (language: undefined means "the browser's").
 * @type {Record<string, (string | undefined)[]>} */
export const CHOICES = {
  language: [undefined, "en", "de"],
  sound: ["off", "on"],
  motion: ["auto", "off"], // auto follows prefers-reduced-motion
  projector: ["off", "on"],
  patterns: ["auto", "always"], // auto: shapes where colours alone may not tell seats apart
  theme: ["auto", "light", "dark"], // auto follows prefers-color-scheme
  thinking: ["2", "1", "5", "10"], // seconds the expert may think a move (players.js)
  offline: ["auto", "on", "off"], // keep the site for offline play (offline.js)
};

/** @type {Set<(name: string, value: string) => void>} */
const listeners = new Set();
/** @type {Record<string, string>} */
const thisVisit = {}; // what was chosen now, whether or not storage could keep it

/** What is chosen: the stored settings that fit their choices, and this visit's.
 * @returns {Record<string, unknown>}
 */
function readAll() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (stored?.version === VERSION) return { version: VERSION, ...readSettings(stored, CHOICES), ...thisVisit };
  } catch { /* damaged: nothing chosen */ }
  return { version: VERSION, ...thisVisit };
}

/** The value of setting `name`: the one chosen, else its default.
 * @param {string} name
 * @returns {string | undefined}
 */
export function setting(name) {
  const value = readAll()[name];
  const choices = CHOICES[name] ?? [];
  return typeof value === "string" && choices.includes(value) ? value : choices[0];
}

/** Remember `value` for `name` (ignored unless it is one of its choices) and tell listeners.
 * @param {string} name
 * @param {string} value
 */
export function remember(name, value) {
  if (!CHOICES[name]?.includes(value)) return;
  thisVisit[name] = value;
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...readAll(), [name]: value }));
  } catch { /* storage full or disabled: the choice holds for this visit only */ }
  for (const listener of listeners) listener(name, value);
}

/** Call `listener(name, value)` whenever a setting changes.
 * @param {(name: string, value: string) => void} listener
 */
export function onSettingChange(listener) {
  listeners.add(listener);
}
