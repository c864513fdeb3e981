// The one door to the Python engines: JSON text in, JSON text out (py/insel/session.py).
// A refusal comes as a phrase {key, params}; it is worded here, in the page's language.
import { phrase, t } from "./strings.js";

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
  const answer = JSON.parse(window.inselCall(JSON.stringify({ op, ...args })));
  if (!answer.ok && answer.reason) answer.error = phrase(answer.reason);
  return answer;
}
