// Runs a Python script of this repository under Pyodide in Node, from the site's own runtime
// (node_modules/pyodide, the version package-lock.json pins), so a test can check that the
// engines answer in the browser's Python exactly as they do under CPython.  The repository
// is mounted read-only in spirit at /repo; py/ and tools/ are on sys.path, as in the tests.
// With INSEL_STDLIB set, Python's standard library is that zip (the site's cut of it, see
// build.py write_stdlib); this runner itself imports nothing from the library (no runpy).
// usage: [INSEL_STDLIB=ZIP] node tools/in_pyodide.mjs SCRIPT.py [ARGS...]
// (exit code: the script's)
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const runtime = resolve(root, "node_modules", "pyodide");
const [script, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/`, stdLibURL: process.env.INSEL_STDLIB,
  stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
pyodide.mountNodeFS("/repo", root);
pyodide.globals.set("script_args", pyodide.toPy([script, ...args]));
const code = await pyodide.runPythonAsync(`
import sys

sys.path[:0] = ["/repo/py", "/repo/tools"]
sys.argv = list(script_args)
try:
    path = "/repo/" + sys.argv[0]
    with open(path, encoding="utf-8") as source:
        exec(compile(source.read(), path, "exec"), {"__name__": "__main__", "__file__": path})
    code = 0
except SystemExit as stop:
    code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
code
`);
process.exit(code);
