// How the page looks and sounds, from the settings (settings.js) and the system's wishes
// (prefers-reduced-motion, prefers-contrast, prefers-color-scheme).  It marks <html> with
// data-projector, data-motion, data-theme and data-patterns for the stylesheet, and answers
// the views' question what to draw: patterns on pieces, thicker lines.
import { onSettingChange, setting } from "../keep/settings.js";

const system = {
  reducedMotion: matchMedia("(prefers-reduced-motion: reduce)"),
  moreContrast: matchMedia("(prefers-contrast: more)"),
  dark: matchMedia("(prefers-color-scheme: dark)"),
};

/** What the boards draw now: {patterns, thick, dark, projector}. */
export function look() {
  const projector = setting("projector") === "on";
  const contrast = projector || system.moreContrast.matches;
  return {
    patterns: setting("patterns") === "always" || contrast,
    thick: contrast, // lines and outlines drawn thicker
    dark: setting("theme") === "dark" || (setting("theme") === "auto" && system.dark.matches),
    projector, // read from the back of a room: larger labels (views/labels.js)
  };
}

/** Whether things may move (replays step, thinking pulses). */
export function motionAllowed() {
  return setting("motion") !== "off" && !system.reducedMotion.matches;
}

function apply() {
  const root = document.documentElement.dataset;
  const now = look();
  root.projector = setting("projector");
  root.motion = motionAllowed() ? "on" : "off";
  root.theme = now.dark ? "dark" : "light";
  root.patterns = now.patterns ? "on" : "off";
  root.contrast = now.thick ? "more" : "normal";
}

/** Mark the page now and whenever a setting or a system wish changes; `changed()` redraws.
 * @param {() => void} changed
 */
export function followAppearance(changed) {
  apply();
  const update = () => { apply(); changed(); };
  onSettingChange(update);
  for (const query of Object.values(system)) query.addEventListener("change", update);
}
