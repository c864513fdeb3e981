// The name of the one cache that holds Python's memory snapshot made on this device (one
// build's at a time), apart from the service worker's caches: those go when a build takes
// over, and a first visit's snapshot may be made before its worker does.  Its name carries
// the site's path (a GitHub Pages origin holds every project site of its owner).  Its one
// home: the loader keeps and restores the snapshot there (pyodide-start.js), the page drops
// it when "Keep for offline play" is off (snapshot.js).  No DOM: the loader's worker imports it.

const site = new URL("../../../", import.meta.url); // from platform/ (or boot/ when bundled)

export const SNAPSHOT_CACHE = `inselspiele-snapshot ${site.pathname}`;
