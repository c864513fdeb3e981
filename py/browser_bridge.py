"""Browser entry point: hands the engine Session to the page.

The only module that imports browser APIs.  It exposes ``inselCall`` (JSON text in, JSON
text out; see insel.session) and ``inselLexicon`` (the bytes of lexicon.zip, fetched by the
word-list editor when it opens; see insel.lexicon), then tells the page it is ready.
"""

import gc
import os
import sys

sys.path.insert(0, os.path.join(os.getcwd(), "bundle", "py"))

from pyscript import window
from pyscript.ffi import create_proxy

window.performance.mark("insel:bridge")  # bench/load.py: PyScript has started, ours begins
from insel.session import Session  # noqa: E402

window.performance.mark("insel:imported")


def _install_lexicon(data: object) -> None:
    """Take lexicon.zip's bytes from the page (imported only now: the editor is open)."""
    from insel import lexicon

    lexicon.install(data.to_bytes())


_session = Session()
# What start-up made lives as long as the page: out of the collector's sight, a full
# collection in the middle of a computer's thinking walks only the game's own objects
# (the memory snapshot of a return visit is made the same way; tools/make_snapshot.mjs).
gc.freeze()
window.inselCall = create_proxy(_session.handle)
window.inselLexicon = create_proxy(_install_lexicon)
window.dispatchEvent(window.CustomEvent.new("insel:ready"))
