// On a slow link, Pyodide's wasm (build.py PYTHON_BIG's first: 3.55 of its 4.8 MB, most of a
// phone's first visit) is asked for by the page itself, in its first round trip, before any
// script chain: build.py inlines this script as the page's first (its hash in the page's
// Content-Security-Policy; FILES filled in) and it adds a <link rel=preload as=fetch
// crossorigin> for it.  The other big files wait for engine.js's prefetch worker, which asks
// for all of them as soon as the app's script runs (the wasm again: it joins the download under
// way or finds it in the HTTP cache; tests/browser/test_early_fetch.py counts the server's
// answers).  Preloading all four here made the menu wait for their bytes on the one slow link
// (phone profile, 5 alternating runs: menu 5.5 s with all four, 3.2 s with the wasm alone,
// the board the same: docs/startup-and-offline.md).
// "Slow" is what the page can know this early: its own document's first byte came
// SLOW_LINK_MS or more after it was asked for (one round trip), or the browser's estimate of
// the connection says 2G or 3G.  A fast link keeps the usual order (engine.js starts
// prefetch.js, a worker of its own, beside Python's: the bytes of a page's preload pass
// through the page's thread), as does a page the service worker serves (its cache has them).
(() => {
  const SLOW_LINK_MS = 400; // engine.js's measure of a slow document, here on its first byte
  /** @type {string[] | null} */
  const FILES = null; // build.py: the big files' addresses, relative to the page
  const [page] = /** @type {PerformanceNavigationTiming[]} */ (
    performance.getEntriesByType?.("navigation") ?? []);
  // the Network Information API, in Chromium only (not in TypeScript's DOM types)
  const estimate = /** @type {Navigator & {connection?: {effectiveType?: string}}} */ (
    navigator).connection?.effectiveType ?? "";
  const slow = (page && page.responseStart - page.requestStart >= SLOW_LINK_MS)
    || /2g|3g/.test(estimate);
  if (!slow || navigator.serviceWorker?.controller) return;
  for (const name of FILES ?? []) {
    document.head.append(Object.assign(document.createElement("link"),
      { rel: "preload", as: "fetch", crossOrigin: "anonymous", href: name }));
  }
})();
