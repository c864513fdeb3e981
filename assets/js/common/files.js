// Game records as files: export one as a .json download, read one back from a file picked
// or dropped on the page.  Reading only parses JSON and says what is wrong with the file;
// whether the record is a playable game is the engine's to say when it is loaded.

const MAX_FILE = 1_000_000; // bytes: a game record is a few kilobytes

/** Offer `text` as a download named `name`.
 * @param {string} name
 * @param {string | Blob} text
 */
export function download(name, text, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name for a record of game `id`, e.g. "inselspiele-ponte-2026-11-22.json".
 * @param {string} id
 */
export function recordFileName(id, when = new Date()) {
  return `inselspiele-${id}-${when.toISOString().slice(0, 10)}.json`;
}

/**
 * The JSON a file holds: {ok: true, value} or {ok: false, problem} where `problem` is a
 * strings.js key (its words are ours: the browser's reason goes to the console only).
 * @param {File} file
 * @returns {Promise<{ok: true, value: unknown} | {ok: false, problem: string}>}
 */
export async function readJsonFile(file) {
  if (file.size > MAX_FILE) return { ok: false, problem: "fileTooBig" };
  let text;
  try {
    text = await file.text();
  } catch (error) {
    console.warn(`file ${file.name}: not readable`, error);
    return { ok: false, problem: "fileUnreadable" };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    console.warn(`file ${file.name}: not JSON`, error);
    return { ok: false, problem: "fileNotJson" };
  }
}

/** Call `onFile(file)` for a file dropped anywhere on `target`.
 * @param {HTMLElement} target
 * @param {(file: File) => void} onFile
 */
export function acceptDrops(target, onFile) {
  target.addEventListener("dragover", (event) => {
    if ([...(event.dataTransfer?.types ?? [])].includes("Files")) event.preventDefault();
  });
  target.addEventListener("drop", (event) => {
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    event.preventDefault();
    onFile(file);
  });
}
