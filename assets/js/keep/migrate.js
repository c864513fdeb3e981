// The saved games of earlier versions, one localStorage entry each
// (`inselspiele.save.<game>-<seed>`, {version: 1, id, game, record, seats, computer, picture,
// moves, over, updated}), moved into the database (saves.js) once: each becomes a record at
// revision 1, a damaged one keeps its text (listed as damaged, as before), and the old keys
// are removed only after the records are written.  Nothing is lost: when the database
// already holds the game, the entry with more of the same moves wins, and one whose moves
// differ is kept beside it.

const PREFIX = "inselspiele.save.";

/** The old entries under our prefix: [{key, id, raw}] (none when storage is disabled). */
function oldEntries() {
  try {
    const found = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) found.push({ key, id: key.slice(PREFIX.length), raw: localStorage.getItem(key) ?? "" });
    }
    return found;
  } catch {
    return [];
  }
}

/** Whether the list `a` begins with every move of `b`.
 * @param {string[]} a
 * @param {string[]} b
 */
const extendsMoves = (a, b) => a.length >= b.length && b.every((move, i) => move === a[i]);

/**
 * Move the old entries into object store `storeName` of `db`.  `parse(id, value)` reads a
 * value as saves.js does ({entry} when usable).
 * @param {import("idb").IDBPDatabase} db
 * @param {string} storeName
 * @param {(id: string, value: any) => {entry?: any}} parse
 */
export async function migrate(db, storeName, parse) {
  const old = oldEntries();
  if (old.length === 0) return;
  const tx = db.transaction(storeName, "readwrite");
  const store = tx.objectStore(storeName);
  const writes = [];
  for (const { id, raw } of old) {
    /** @type {{id: string, raw?: string, record?: {moves?: string[]}, revision?: number}} */
    let value = { id, raw };
    try {
      const parsed = JSON.parse(raw);
      if (parse(id, parsed).entry) value = { ...parsed, id, revision: 1 };
    } catch { /* kept as its text: listed as damaged */ }
    const current = await store.get(id);
    const stored = current === undefined ? null : parse(id, current).entry;
    const moves = value.record?.moves;
    if (current === undefined) writes.push(store.put(value));
    else if (JSON.stringify(current) === JSON.stringify(value)) continue;
    else if (stored && moves && extendsMoves(stored.record.moves, moves)) continue; // has it all
    else if (stored && moves && extendsMoves(moves, stored.record.moves)) {
      writes.push(store.put({ ...value, revision: stored.revision + 1 })); // the old one goes on
    } else { // two different games under one id: both kept, the old one beside (as damaged)
      let spare = `${id}~old`;
      while (await store.get(spare) !== undefined) spare += "~";
      writes.push(store.put({ id: spare, raw }));
    }
  }
  await Promise.all([...writes, tx.done]);
  for (const { key } of old) localStorage.removeItem(key);
}
