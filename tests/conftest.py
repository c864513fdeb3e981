"""Put py/ on sys.path so tests import the engines exactly as Pyodide does."""

import sys

from paths import ROOT

sys.path.insert(0, str(ROOT / "py"))
