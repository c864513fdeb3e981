// A worker of its own that makes this build's Pyodide memory snapshot on this device and
// keeps it (pyodide-start.js makeSnapshot), started by snapshot.js once the page is idle
// after a start without one.  Off the page's thread and apart from Python's worker, so
// neither a tap nor the engine waits for it.  It tells the page `{kept}` or `{failed}` and ends.
import { makeSnapshot } from "./pyodide-start.js";

makeSnapshot().then((kept) => postMessage({ kept }), (error) => {
  console.warn("no memory snapshot made:", error);
  postMessage({ failed: String(error) });
}).finally(() => close());
