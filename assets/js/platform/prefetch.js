// A first visit's download of Python's big files (build.py PYTHON_BIG: Pyodide's wasm and
// script, the cut standard library, our bundle.zip), started by engine.js beside Python's
// worker so that they are on their way while that worker is still starting.  Their bytes
// arrive here, in a worker of their own, and are dropped: what is kept is the HTTP cache's
// copy, where Python's worker finds them (a host's max-age lets it take them unasked; a
// download still under way is joined).  A page's <link rel=preload> would have the page's
// thread take every one of their ~4 MB in, in tasks that hold back its timers and taps.
// No imports: the page preloads this file, and an import would cost a phone a round trip.

// build.py writes the files' addresses here, relative to this module, the wasm first
/** @type {string[] | null} */
const FILES = null;

Promise.allSettled((FILES ?? []).map(async (name) => {
  const address = new URL(name, import.meta.url);
  // a file the HTTP cache has already (a warm start) is left there, not read again
  const kept = await fetch(address, { cache: "only-if-cached", mode: "same-origin" })
    .catch(() => null);
  if (kept?.ok) return kept.body?.cancel();
  const response = await fetch(address);
  await response.body?.pipeTo(new WritableStream());
})).finally(() => close());
