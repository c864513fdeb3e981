// The word-list editor's dictionary, assets/lexicon.zip (German nouns and English plurals,
// see py/insel/lexicon.py): fetched from our own origin the first time the editor opens,
// never before (the service worker does not precache it), and handed to Python.  Once it has
// arrived, the service worker is asked to keep it (sw.js "keep"): on a first visit the page
// fetched it before the worker was in charge, which then never saw the request.  A failure
// is thrown as a LexiconError whose `key` names it in the page's language (strings.js).
import { installLexicon } from "../platform/engine.js";

const PATH = "assets/lexicon.zip";
let loading = null;

/** Why the dictionary did not load: `key` a strings.js key, `params` its values. */
export class LexiconError extends Error {
  /** @param {string} key @param {Record<string, unknown>} [params] */
  constructor(key, params = {}) {
    super(key);
    this.key = key;
    this.params = params;
  }
}

/** Resolves once Python holds the dictionary; a failed fetch is tried again next time. */
export function loadLexicon() {
  loading ??= (async () => {
    let response;
    try {
      response = await fetch(PATH);
    } catch {
      throw new LexiconError("wl_dictOffline"); // no network (the browser's own words stay out)
    }
    if (!response.ok) throw new LexiconError("wl_dictHttp", { status: response.status });
    await installLexicon(new Uint8Array(await response.arrayBuffer()));
    keepForOffline();
  })();
  loading.catch(() => { loading = null; });
  return loading;
}

/** Ask the service worker (once it is there: on a first visit it comes later) to keep the
 *  dictionary in its cache, so the editor checks words offline from the first use. */
function keepForOffline() {
  navigator.serviceWorker?.ready.then((registration) => {
    registration.active?.postMessage({ keep: PATH });
  }).catch(() => {});
}
