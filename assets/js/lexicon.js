// The word-list editor's dictionary, assets/lexicon.zip (German nouns and English plurals,
// see py/insel/lexicon.py): fetched from our own origin the first time the editor opens,
// never before (the service worker does not precache it), and handed to Python.
import { installLexicon } from "./engine.js";

let loading = null;

/** Resolves once Python holds the dictionary; a failed fetch is tried again next time. */
export function loadLexicon() {
  loading ??= (async () => {
    const response = await fetch("assets/lexicon.zip");
    if (!response.ok) throw new Error(`assets/lexicon.zip: HTTP ${response.status}`);
    await installLexicon(new Uint8Array(await response.arrayBuffer()));
  })();
  loading.catch(() => { loading = null; });
  return loading;
}
