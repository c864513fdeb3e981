// Notes which files of Python's standard library the site reads, for build.py's cut of it.
// Pyodide starts in Node from RUNTIME_DIR with the whole library (python_stdlib.zip); from
// then on every module found in that zip is noted, with those Pyodide's own start imported.
// Then what a page's worker does: bundle.zip unpacked where PyScript unpacks it,
// py/browser_bridge.py run as PyScript runs it (its `polyscript` module stood in for), an
// engine error's traceback formatted, and tools/stdlib_tour.py: every module of ours, every
// module any import statement of ours or of PyScript's own Python package names, every
// operation of the session in every game, the word-list dictionary.  Writes the noted
// files (names inside the zip) as a JSON list to OUT_JSON.
// usage: node cut_stdlib.mjs RUNTIME_DIR BUNDLE_ZIP LEXICON_ZIP OUT_JSON
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [runtime, bundle, lexicon, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/` });
pyodide.runPython(`
import importlib.machinery
import sys


class _Noted:
    """A finder that finds nothing: it notes where the path finder would find a module."""

    library = next(entry for entry in sys.path if entry.endswith(".zip")) + "/"
    files = {module.__spec__.origin for module in list(sys.modules.values())
             if getattr(module, "__spec__", None) and module.__spec__.origin}

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec and spec.origin:
            cls.files.add(spec.origin)


sys.meta_path.insert(0, _Noted)
`);
pyodide.unpackArchive(new Uint8Array(readFileSync(bundle)), "zip",
  { extractDir: "/home/pyodide/bundle" });
pyodide.registerJsModule("polyscript", { xworker: { sync: {} } });
await pyodide.runPythonAsync(readFileSync(resolve(root, "py", "browser_bridge.py"), "utf8"));
pyodide.runPython("_started()");
try {
  pyodide.runPython("raise RuntimeError('an engine error: its traceback is formatted')");
} catch {
  // expected: Pyodide formatted the traceback for JavaScript, which is what was to be noted
}
pyodide.mountNodeFS("/repo", root);
// by its real path: Pyodide's view of the host's files does not follow symbolic links
const pyscript = realpathSync(resolve(root, "node_modules", "@pyscript", "core", "src", "stdlib"));
pyodide.mountNodeFS("/pyscript", pyscript);
pyodide.FS.writeFile("/tmp/lexicon.zip", new Uint8Array(readFileSync(lexicon)));
pyodide.globals.set("tour_args", pyodide.toPy(["/home/pyodide/bundle/py", "/pyscript",
  "/tmp/lexicon.zip"]));
const files = pyodide.runPython(`
import sys

sys.path.insert(0, "/repo/tools")
from stdlib_tour import tour

tour(*tour_args)
sys.meta_path.remove(_Noted)
sorted(name[len(_Noted.library):] for name in _Noted.files if name.startswith(_Noted.library))
`).toJs();
writeFileSync(out, JSON.stringify(files));
