// Offline play and updates: registers the service worker (sw.js, written by build.py) once
// the games are ready, so its precache never slows the first start, and offers "new version —
// reload" when a new deployment has been fetched whole.  The page reloads only when asked.
// The offline copy is the player's data: the "Keep for offline play" setting (settings.js)
// decides — "auto" keeps it unless the browser says data is to be saved (Save-Data, a mobile
// connection), "on" always, "off" never (a copy kept before is dropped).  A classroom's
// desktop keeps it as before; a phone is asked when a game ends (offline-offer.js).
import { whenReady } from "./engine.js";
import { onSettingChange, setting } from "../keep/settings.js";
import { currentLanguage, t } from "../common/strings.js";
import { el } from "../common/dom.js";

/**
 * Whether the offline copy is to be kept, by the setting and what the browser says of the
 * connection (Network Information API, where there is one).
 * @param {string | undefined} choice the setting's value
 * @param {{saveData?: boolean, type?: string} | undefined} connection
 */
export function keepOffline(choice, connection) {
  if (choice === "on") return true;
  if (choice === "off") return false;
  return !connection?.saveData && connection?.type !== "cellular";
}

/** Start the service worker after the engine is ready (no-op where there is none). */
export function startOffline() {
  if (!("serviceWorker" in navigator)) return;
  const wanted = () => keepOffline(setting("offline"), /** @type {any} */ (navigator).connection);
  whenReady().then(() => setTimeout(() => (wanted() ? register() : forget()), 0));
  onSettingChange((name) => {
    if (name === "offline") whenReady().then(() => (wanted() ? register() : forget()));
  });
}

/** The last "off" of this page: resolves once its worker has dropped the copy. */
let forgetting = Promise.resolve();

/** Drop this site's offline copy: its worker deletes its caches and unregisters itself, and
 *  answers when it is done (a MessageChannel), so that a following "on" comes after it. */
function forget() {
  forgetting = forgetting.then(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
    if (!worker) return;
    const { port1, port2 } = new MessageChannel();
    const done = new Promise((forgotten) => { port1.onmessage = forgotten; });
    worker.postMessage("forget", [port2]);
    await done;
  });
  return forgetting;
}

/** Whether this site's offline copy is kept, or being fetched (a service worker is there). */
export async function offlineKept() {
  if (!("serviceWorker" in navigator)) return false;
  return Boolean(await navigator.serviceWorker.getRegistration().catch(() => null));
}

/** @type {Promise<number | null> | null} */
let size = null;

/** The offline copy's size in words ("19 MB"), or "" while unknown (assets/offline.json). */
export async function offlineSize() {
  size ??= fetch("assets/offline.json").then((r) => (r.ok ? r.json() : null))
    .then((data) => (Number.isFinite(data?.bytes) ? data.bytes : null)).catch(() => null);
  const bytes = await size;
  if (bytes === null) return "";
  return new Intl.NumberFormat(currentLanguage(), { style: "unit", unit: "megabyte",
    maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1e6)));
}

async function register() {
  await forgetting; // "off" just before: its worker has dropped everything first
  const hadController = Boolean(navigator.serviceWorker.controller);
  const registration = await navigator.serviceWorker.register("sw.js"); // next to index.html
  if (!registration) return; // a browser told to block service workers (tests, bench/load.py)
  // The worker an "off" unregistered stays while a page or worker it serves is open, and
  // register() then brings it back as it was, without installing it again (Chromium): it is
  // asked to fill its cache anew.  Any active worker fetches only what its cache lacks.
  registration.active?.postMessage("keep-copy");
  // a controlled page with an installed worker waiting: a new build is cached and ready
  const offer = (/** @type {ServiceWorker} */ worker) => {
    if (navigator.serviceWorker.controller) showBanner(() => worker.postMessage("activate"));
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => { if (worker.state === "installed") offer(worker); });
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

/** The "new version — reload" bar; `activate` makes the new build take over.
 * @param {() => void} activate
 */
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
