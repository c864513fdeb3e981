// The page's language: the one it starts in, and the switch that speaks another from then on
// (every text on screen written again, the game in progress kept).
import { parseLink } from "../keep/links.js";
import { remember, setting } from "../keep/settings.js";
import { browserLanguage, currentLanguage, fillStaticTexts, LANGUAGES, loadLanguage } from "../common/strings.js";

/** Load the language to start in: a #lang= link's, else the one chosen before, else the
 *  browser's.  @param {string} hash  the page's location.hash */
export async function startLanguage(hash) {
  const link = await parseLink(hash);
  const code = link.kind === "lang" ? link.code : setting("language");
  return loadLanguage(code !== undefined && LANGUAGES.includes(code) ? code : browserLanguage());
}

/**
 * The language switch: `switchTo(code)` speaks `code` from now on and remembers it; it
 * fills the page's fixed texts again and calls `rewrite()` for the texts drawn from the
 * state.  It resolves false when the app does not speak `code`.
 * @param {() => void} rewrite
 * @returns {(code: string) => Promise<boolean>}
 */
export function languageSwitch(rewrite) {
  return async function switchTo(code) {
    if (!LANGUAGES.includes(code)) return false;
    remember("language", code);
    if (code === currentLanguage()) return true;
    await loadLanguage(code);
    fillStaticTexts();
    rewrite();
    return true;
  };
}
