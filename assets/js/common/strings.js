// The words of the UI: one catalogue per language, assets/i18n/<code>.json, with the same
// keys (tests/test_catalogues.py checks they match and that every key is used).  Texts are
// plain text with {name} placeholders; they are only ever set as text, never as HTML.
// A text that counts something is a plural entry, {"one": "{count} card", "other": "{count}
// cards"} (the forms are Intl.PluralRules' categories of the language), chosen by the
// parameter `count`: plural("nCards", 3) or t(key, {count}).
// The engine's refusals arrive as {key, params} phrases and are worded here too.

/** The languages the app speaks, the first being the fallback. */
export const LANGUAGES = ["en", "de"];

/** A text's placeholder values: numbers, words, phrases {key, params}.
 * @typedef {Record<string, unknown>} Params */
/** A text, or a plural entry: its forms by Intl.PluralRules' category.
 * @typedef {string | {other: string, [form: string]: string}} Entry */
/** @type {Record<string, Entry>} */
let table = {};
let language = "en";
/** @type {Intl.NumberFormat | null} */
let decimals = null; // made when first needed (decimal): the page's first costs it ~15 ms
let plurals = new Intl.PluralRules("en");

/** The language whose catalogue is loaded ("en" or "de"). */
export function currentLanguage() {
  return language;
}

/** Load the catalogue of `code` (one of LANGUAGES) and make it the one t() reads.
 * @param {string} code
 */
export async function loadLanguage(code) {
  const chosen = LANGUAGES.includes(code) ? code : LANGUAGES[0];
  const response = await fetch(new URL(`../../i18n/${chosen}.json`, import.meta.url));
  if (!response.ok) throw new Error(`${chosen}.json: HTTP ${response.status}`);
  table = await response.json();
  language = chosen;
  decimals = null;
  plurals = new Intl.PluralRules(chosen);
  document.documentElement.lang = chosen;
  return chosen;
}

/** The first of the browser's preferred languages that the app speaks, else English. */
export function browserLanguage(preferred = navigator.languages ?? [navigator.language]) {
  for (const tag of preferred) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(code)) return code;
  }
  return LANGUAGES[0];
}

/** A number the language's way: an integer as it is (both languages write Latin digits,
 *  and counts here are not grouped), others through Intl ("1.5", "1,5").  Creating the
 *  page's first Intl.NumberFormat takes ~15 ms of its thread, which a first visit's start
 *  (bench/floor.py) cannot spare.
 * @param {number} value
 */
function decimal(value) {
  if (Number.isInteger(value)) return String(value);
  decimals ??= new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 2 });
  return decimals.format(value);
}

/** A placeholder's value in words: a number the language's way, a phrase worded.
 * @param {unknown} value
 * @returns {string}
 */
function word(value) {
  if (typeof value === "number") return decimal(value);
  if (value && typeof value === "object" && "key" in value && typeof value.key === "string") {
    const params = "params" in value ? value.params : undefined;
    return t(value.key, params && typeof params === "object" ? /** @type {Params} */ (params) : {});
  }
  return String(value);
}

/** @type {MediaQueryList | null | undefined} */
let touch; // made when first asked: a page without matchMedia (Node's tests) has a mouse

/** The verb of a tap on the input in use: "tap"/"Tippe" on a touch screen (pointer: coarse),
 *  "click"/"Klicke" with a mouse or a touchpad; the catalogue's `{tap}` (issue 47). */
function tapVerb() {
  touch ??= globalThis.matchMedia?.("(pointer: coarse)") ?? null;
  return t(touch?.matches ? "verbTap" : "verbClick");
}

/**
 * The text for `key` with `{name}` placeholders filled from `params`.  A parameter may be a
 * number (written the language's way) or a phrase {key, params} (worded in turn).  `{tap}`,
 * unless given, is the verb of a tap on the input in use (tapVerb), capitalised where it
 * starts a sentence ("Tap e5" / "Click e5"; German's "Tippe/Klicke e5 an" are always).
 * @param {string} key
 * @param {Params} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  const entry = table[key] ?? key;
  const text = typeof entry === "string" ? entry
    : entry[plurals.select(Number(params.count))] ?? entry.other;
  return filled(text, params);
}

/** A text of the page's own that is not in the catalogue (a rules text of assets/rules/)
 *  with its `{tap}` the verb of the input in use, as in `t`.
 * @param {string} text
 */
export function withTapVerb(text) {
  return filled(text, {});
}

/** `text` with its `{name}` placeholders filled from `params`, `{tap}` unless given (t).
 * @param {string} text
 * @param {Params} params
 */
function filled(text, params) {
  return text.replace(/([.!?] )?\{(\w+)\}/g, (/** @type {string} */ _, /** @type {string | undefined} */ start,
    /** @type {string} */ name, /** @type {number} */ at) => {
    const before = start ?? "";
    if (name in params) return before + word(params[name]);
    if (name !== "tap") return `${before}{${name}}`;
    const verb = tapVerb();
    return before + (start || at === 0 ? verb[0].toUpperCase() + verb.slice(1) : verb);
  });
}

/** `count` things in words, from the plural entry `key` ("1 card", "2 cards"; "1 Karte",
 *  "2 Karten"); `params` fill its other placeholders.
 * @param {string} key
 * @param {number} count
 * @param {Params} [params]
 */
export function plural(key, count, params = {}) {
  return t(key, { ...params, count });
}

/** An engine phrase {key, params} worded: its key lives under "engine." in the catalogue.
 * @param {import("./types.js").Phrase} reason
 */
export function phrase(reason) {
  return t(`engine.${reason.key}`, reason.params ?? {});
}

/**
 * A choice of a game's option ({value, label}) whose label is the text for `key`, worded
 * each time it is read: the views' option lists are made when their modules load, before
 * any catalogue is, and must follow a change of language.
 * @param {unknown} value
 * @param {string} key
 */
export function textChoice(value, key) {
  return { value, get label() { return t(key); } };
}

/** Whether the catalogue has a text for `key`.
 * @param {string} key
 */
export function hasText(key) {
  return key in table;
}

/** A moment (milliseconds since 1970) as a date and time the language's way.
 * @param {number} ms
 */
export function formatDate(ms) {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(ms);
}

/** Items as a list the language's way ("Anna, Ben und Cem").
 * @param {string[]} items
 */
export function formatList(items) {
  return new Intl.ListFormat(language, { type: "conjunction" }).format(items);
}

/** Fill every element carrying data-text (its text, never HTML) and every
 *  data-text-label (its aria-label); the page title follows the language too. */
export function fillStaticTexts(root = document) {
  /** @typedef {NodeListOf<HTMLElement>} Elements */
  for (const el of /** @type {Elements} */ (root.querySelectorAll("[data-text]"))) el.textContent = t(el.dataset.text ?? "");
  for (const el of /** @type {Elements} */ (root.querySelectorAll("[data-text-label]"))) {
    el.setAttribute("aria-label", t(el.dataset.textLabel ?? ""));
  }
  if (root === document) document.title = t("appTitle");
}
