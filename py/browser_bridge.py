"""Worker entry point: hands the engine Session to the page.

Runs in a PyScript worker (assets/js/engine.js starts it), so Python never holds the page's
thread.  The only module that knows of the browser.  It exposes to the page, through the
worker's ``sync`` object (``polyscript.xworker.sync``, which PyScript's ``pyscript.sync``
wraps; calls from the page to the worker need no SharedArrayBuffer):
``insel_call`` (JSON text in, JSON text out; see insel.session), ``insel_lexicon`` (the bytes
of lexicon.zip, fetched by the word-list editor when it opens; see insel.lexicon) and
``insel_started`` (how Python started: from the memory snapshot or not).
"""

import gc
import json
import os
import sys

sys.path.insert(0, os.path.join(os.getcwd(), "bundle", "py"))

from polyscript import xworker  # type: ignore[import-not-found]  # the worker's own module

from insel.session import Session


def _install_lexicon(data: object) -> None:
    """Take lexicon.zip's bytes from the page (imported only now: the editor is open)."""
    from insel import lexicon

    lexicon.install(data.to_bytes())


def _started() -> str:
    """How this worker's Python started (the loader, assets/js/pyodide-start.js, sets it)."""
    import js

    return json.dumps({"snapshot": bool(getattr(js, "inselFromSnapshot", False))})


_session = Session()
# What start-up made lives as long as the page: out of the collector's sight, a full
# collection in the middle of a computer's thinking walks only the game's own objects
# (the memory snapshot of a return visit is made the same way; assets/js/platform/pyodide-start.js).
gc.freeze()
xworker.sync.insel_call = _session.handle
xworker.sync.insel_lexicon = _install_lexicon
xworker.sync.insel_started = _started
