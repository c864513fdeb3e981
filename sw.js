// The service worker: the whole site of one build, precached for offline play.
// build.py writes dist/sw.js as `const BUILD = {version, files: [[path, integrity], …],
// later: […]};` followed by this file, so every deployment has a new worker and a new cache
// name.  `later` files (the word-list dictionary) are not precached: each is kept in the
// cache the first time a page asks for it, so the editor checks words offline after that.
// One cache holds exactly one build's files, each checked against its hash as it arrives, so
// a page never mixes two builds; the page moves to a new build only when asked (the "new
// version — reload" offer in assets/js/platform/offline.js), and older caches of this site go then.
/* global BUILD */
const SCOPE = new URL("./", self.location.href).href; // sw.js sits at the site's root
// Caches are per origin and a GitHub Pages origin holds every project site of its owner:
// the name carries this site's path, so only this site's caches are ever touched.
const PREFIX = `inselspiele ${new URL(SCOPE).pathname} `;
const CACHE = PREFIX + BUILD.version;

self.addEventListener("install", (event) => event.waitUntil(inTurn(precache)));

self.addEventListener("activate", (event) => event.waitUntil(inTurn(dropOldCaches)));

self.addEventListener("message", (event) => {
  if (event.data === "activate") self.skipWaiting(); // the page's "reload" was pressed
  if (event.data === "forget") { // "Keep for offline play": off; the page hears when it is done
    event.waitUntil(inTurn(forget).finally(() => event.ports[0]?.postMessage("forgotten")));
  }
  if (event.data === "keep-copy") event.waitUntil(inTurn(precache)); // "on" again: see offline.js
  if (event.data?.keep) event.waitUntil(inTurn(() => keepLater(event.data.keep))); // the dictionary
});

/** The work on this site's caches, one piece after the other: a "forget" (drop them all) and
 *  a filling of this build's cache never interleave, so an "off" quickly followed by "on"
 *  ends with the copy, and a file kept as it passes never lands in a cache being dropped. */
let turns = Promise.resolve();

/** Run `task` when the work before it is over; resolves (or rejects) as it does. */
function inTurn(task) {
  const done = turns.then(task);
  turns = done.catch(() => {});
  return done;
}

/** Keep a `later` file the page has used (e.g. fetched before this worker was in charge, on
 *  a first visit) in this build's cache, checked against its hash; other paths are ignored. */
async function keepLater(path) {
  const url = new URL(path, SCOPE).href;
  const later = laterFile(url);
  if (!later || await caches.match(url, { cacheName: CACHE })) return;
  const response = await fetch(url, { integrity: later[1] }); // this build's, or nothing
  if (response.ok) await keepInCopy(url, response);
}

/** The `later` entry [path, integrity] of the address `url`, if it is one. */
function laterFile(url) {
  return BUILD.later.find(([path]) => new URL(path, SCOPE).href === url);
}

/** Put `response` in this build's cache under `url` (in turn), unless the copy has been
 *  dropped: only precache makes the cache, so no passing fetch brings back a dropped one. */
async function keepInCopy(url, response) {
  if (await caches.has(CACHE)) await (await caches.open(CACHE)).put(url, response);
}

/** Drop every cache of this site and stop being its worker (the page's files then come
 *  from the network again, as on a site without a worker). */
async function forget() {
  await dropCaches(null);
  await self.registration.unregister();
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method === "GET" && request.url.startsWith(SCOPE)) {
    event.respondWith(fromCache(event));
  }
});

/** Fetch every file of this build that the cache lacks; a file unchanged since an older
 *  build is taken from that build's cache (weak Wi-Fi fetches only what changed). */
async function precache() {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((request) => request.url));
  const older = await olderCaches();
  await Promise.all(BUILD.files.map(async ([path, integrity]) => {
    const url = new URL(path, SCOPE).href;
    if (have.has(url)) return;
    const response = await reuse(older, url, integrity)
      ?? await fetch(url, { cache: "no-cache", integrity }); // the browser checks the hash
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    await cache.put(url, response);
  }));
}

async function reuse(older, url, integrity) {
  for (const cache of older) {
    const response = await cache.match(url);
    if (response && await sriHash(response.clone()) === integrity) return response;
  }
  return null;
}

async function sriHash(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

async function olderCaches() {
  const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  return Promise.all(names.map((name) => caches.open(name)));
}

async function dropOldCaches() {
  await dropCaches(CACHE);
}

/** Delete every cache of this site but `kept` (null: every one). */
async function dropCaches(kept) {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== kept) await caches.delete(name);
  }
}

/** This build's file; a navigation to the site's root or index.html gets the page itself
 *  (a ?query and a #hash are ignored: Chromium's request.url keeps the hash, so a link such
 *  as …/#play=ponte would miss the cache).  A `later` file is fetched and kept; anything
 *  else goes to the network, and so does everything once the copy is dropped ("off": this
 *  worker still answers the pages and workers it had until they are gone).  Looked up with
 *  caches.match, which, unlike caches.open, never makes the cache it names. */
async function fromCache(event) {
  const { request } = event;
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  const page = request.mode === "navigate" && (url.href === SCOPE || url.href === `${SCOPE}index.html`);
  const hit = await caches.match(page ? `${SCOPE}index.html` : request,
    { cacheName: CACHE, ignoreSearch: page });
  if (hit) return hit;
  const later = laterFile(url.href);
  if (!later) return fetch(request);
  const response = await fetch(url.href, { integrity: later[1] }); // this build's, or nothing
  if (response.ok) {
    const copy = response.clone(); // now: the page may have read the body by its turn
    event.waitUntil(inTurn(() => keepInCopy(url.href, copy)));
  }
  return response;
}
