// The settings dialog: one select per setting (settings.js), written in the current language.
// The language goes through `chooseLanguage` (the shell rewrites every text); the others are
// remembered at once and take effect through appearance.js, sounds.js and offline.js.
import { CHOICES, remember, setting } from "../keep/settings.js";
import { currentLanguage, t } from "../common/strings.js";
import { el } from "../common/dom.js";
import { offlineSize } from "../platform/offline.js";

const LANGUAGE_NAMES = { en: "English", de: "Deutsch" }; // each in its own language

/** Fill `body` with the settings' controls; `chooseLanguage(code)` switches the language.
 * @param {HTMLElement} body
 * @param {(code: string) => unknown} chooseLanguage */
export function buildSettings(body, chooseLanguage) {
  const rows = Object.keys(CHOICES).map((name) => {
    const select = el("select");
    select.name = name;
    select.id = name === "language" ? "language" : `setting-${name}`;
    if (name === "language") {
      for (const [code, label] of Object.entries(LANGUAGE_NAMES)) {
        const option = el("option", label);
        option.value = code;
        option.lang = code;
        select.append(option);
      }
      select.value = currentLanguage();
      select.addEventListener("change", () => chooseLanguage(select.value));
    } else {
      for (const value of CHOICES[name]) {
        const option = el("option", t(`setting_${name}_${value}`));
        option.value = value ?? "";
        select.append(option);
      }
      select.value = setting(name) ?? "";
      select.addEventListener("change", () => remember(name, select.value));
    }
    const label = el("label", undefined, "setting");
    label.append(el("span", t(`setting_${name}`)), select);
    if (name === "offline") { // its size in words, once known
      const size = el("small", undefined, "setting-note");
      offlineSize().then((words) => { if (words) size.textContent = t("setting_offline_size", { size: words }); });
      label.append(size);
    }
    return label;
  });
  body.replaceChildren(...rows);
}
