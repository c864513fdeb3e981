// The one door to the Python engines: JSON text in, JSON text out (py/insel/session.py).
import { t } from "./strings.js";

/** Resolves once Python has started and exposed window.inselCall. */
export function whenReady() {
  return new Promise((resolve) => {
    if (window.inselCall) resolve();
    else window.addEventListener("insel:ready", () => resolve(), { once: true });
  });
}

/** Send one request; the answer is `{ok: true, …}` or `{ok: false, error}` — never a throw. */
export function call(op, args = {}) {
  if (!window.inselCall) return { ok: false, error: t("engineStarting") };
  return JSON.parse(window.inselCall(JSON.stringify({ op, ...args })));
}
