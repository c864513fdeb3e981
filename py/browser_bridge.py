"""Browser entry point: hands the engine Session to the page.

The only module that imports browser APIs.  It exposes one function, ``inselCall``
(JSON text in, JSON text out; see insel.session), then tells the page it is ready.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.getcwd(), "bundle", "py"))

from pyscript import window
from pyscript.ffi import create_proxy

from insel.session import Session

_session = Session()
window.inselCall = create_proxy(_session.handle)
window.dispatchEvent(window.CustomEvent.new("insel:ready"))
