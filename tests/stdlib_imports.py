"""Run by test_stdlib_cut.py under Pyodide in Node with the site's cut standard library
(tools/in_pyodide.mjs with INSEL_STDLIB): imports every module of py/insel, then the module
named on the command line, which the cut left out; prints what happened as one JSON line."""

import importlib
import json
import sys
from pathlib import Path

from stdlib_tour import modules

imported = []
for name in modules(Path("/repo/py/insel")):
    importlib.import_module(name)
    imported.append(name)
try:
    importlib.import_module(sys.argv[1])
    refused = None
except ModuleNotFoundError as error:
    refused = {"name": error.name, "message": str(error)}
print(json.dumps({"imported": imported, "refused": refused}))
