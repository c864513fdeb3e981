// Offline play and updates: registers the service worker (sw.js, written by build.py) once
// the games are ready, so its precache never slows the first start, and offers "new version —
// reload" when a new deployment has been fetched whole.  The page reloads only when asked.
import { whenReady } from "./engine.js";
import { t } from "./strings.js";
import { el } from "./views/dom.js";

/** Start the service worker after the engine is ready (no-op where there is none). */
export function startOffline() {
  if (!("serviceWorker" in navigator)) return;
  whenReady().then(() => setTimeout(register, 0));
}

async function register() {
  const hadController = Boolean(navigator.serviceWorker.controller);
  const registration = await navigator.serviceWorker.register("sw.js"); // next to index.html
  // a controlled page with an installed worker waiting: a new build is cached and ready
  const offer = (worker) => {
    if (navigator.serviceWorker.controller) showBanner(() => worker.postMessage("activate"));
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker.addEventListener("statechange", () => { if (worker.state === "installed") offer(worker); });
  });
  // the new build took over (asked here or in another tab): this page's files are gone
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!hadController) return; // a first visit's worker: the page already is this build
    if (reloading) location.reload();
    else showBanner(() => location.reload());
  });
  // a page left open for hours (a classroom) looks for a new deployment when shown again
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
}

let reloading = false;

/** The "new version — reload" bar; `activate` makes the new build take over. */
function showBanner(activate) {
  if (document.getElementById("update-banner")) return;
  const reload = el("button", t("updateReload"), "primary");
  reload.type = "button";
  reload.addEventListener("click", () => {
    reloading = true;
    reload.disabled = true;
    activate();
  });
  const later = el("button", t("updateLater"));
  later.type = "button";
  later.addEventListener("click", () => banner.remove());
  const banner = el("div", undefined, "update-banner");
  banner.id = "update-banner";
  banner.setAttribute("role", "status");
  banner.append(el("p", t("updateReady")), reload, later);
  document.body.append(banner);
}
