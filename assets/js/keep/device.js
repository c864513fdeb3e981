// This device's certificate for live tables (issue 46): one RTCCertificate kept in IndexedDB,
// so every connection this browser makes has the same DTLS fingerprint and a host recognises
// a phone that pairs again after its connection was lost (it gets its seats back).  Its own
// small database (nothing else is in it); a certificate that is missing, damaged, not one or
// near its expiry is replaced.  No database (a privacy setting), or storage full: a new
// certificate for this visit only (the device is then a new one to the host).
import { openDB } from "idb";

const DB_NAME = "inselspiele-device";
const STORE = "keys";
const KEY = "certificate";
const RENEW_MS = 7 * 24 * 3600 * 1000; // replaced a week before it expires
/** ECDSA P-256: the kind browsers make fastest and every one takes. */
const KIND = { name: "ECDSA", namedCurve: "P-256" };

/** @type {Promise<RTCCertificate | null> | null} */
let kept = null;

/** The database, or null where there is none. */
async function database() {
  try {
    if (!globalThis.indexedDB) return null;
    return await openDB(DB_NAME, 1, { upgrade(db) { db.createObjectStore(STORE); } });
  } catch (error) {
    console.warn("device certificate: no database", error);
    return null;
  }
}

/** Whether `value` is a certificate still good for a week.
 * @param {unknown} value
 */
function usable(value) {
  return typeof RTCCertificate === "function" && value instanceof RTCCertificate
    && value.expires - Date.now() > RENEW_MS;
}

/** This device's certificate (made and kept on first use), or null where the browser makes
 *  none (the connection then makes its own). */
export function deviceCertificate() {
  kept ??= (async () => {
    const db = await database();
    try {
      const stored = await db?.get(STORE, KEY);
      if (usable(stored)) return stored;
    } catch { /* unreadable: made anew */ }
    let made = null;
    try {
      made = await RTCPeerConnection.generateCertificate(KIND);
    } catch (error) {
      console.warn("device certificate: none made", error);
      return null;
    }
    try {
      await db?.put(STORE, made, KEY);
    } catch (error) { /* storage full: this visit only */
      console.warn("device certificate: not kept", error);
    }
    return made;
  })();
  return kept;
}
