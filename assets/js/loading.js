// How far the Python engine has got in starting, read from the files the browser has fetched
// (the runtime, its standard library, our bundle).  The menu works meanwhile; this only
// feeds its progress line.  Python starts in a worker, whose downloads are not in the page's
// resource timeline: the worker's loader (pyodide-start.js) names each on the channel
// START_CHANNEL.

/** @type {[string, number, string][]} */
const STEPS = [
  // [start of the name of a file fetched, progress once it has arrived, strings.js key for
  // what comes next]; the standard library's name ends in its hash (build.py write_stdlib)
  ["core.js", 15, "loadingRuntime"],
  ["pyodide.asm.wasm", 55, "loadingStdlib"],
  ["stdlib-", 75, "loadingGames"],
  ["bundle.zip", 90, "loadingStart"],
];
const SLOW_MS = 45_000;
export const START_CHANNEL = "insel-start";

/**
 * Call `report({percent, key})` as the start advances, `report({slow: true})` when it takes
 * long and `report({failed: reason})` when it fails.  Returns a function that ends the
 * watch and reports 100 %.
 */
export function watchStart(report) {
  let percent = 5;
  report({ percent, key: "loadingPage" });
  const seen = new Set();
  const fetched = (url) => {
    const file = url.split("/").pop();
    for (const [name, reached, key] of STEPS) {
      if (file.startsWith(name) && !seen.has(name) && reached > percent) {
        seen.add(name);
        percent = reached;
        report({ percent, key });
      }
    }
  };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) fetched(entry.name);
  });
  observer.observe({ type: "resource", buffered: true });
  const channel = globalThis.BroadcastChannel ? new BroadcastChannel(START_CHANNEL) : null;
  if (channel) channel.onmessage = (event) => fetched(String(event.data));
  const slow = setTimeout(() => report({ slow: true }), SLOW_MS);
  const fail = (reason) => { if (!/** @type {import("./types.js").InselWindow} */ (window).inselCall) report({ failed: reason }); };
  const onError = (e) => fail(e.message);
  const onRejection = (e) => fail(String(e.reason));
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    observer.disconnect();
    channel?.close();
    clearTimeout(slow);
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
    report({ percent: 100, key: "loadingDone" });
  };
}
