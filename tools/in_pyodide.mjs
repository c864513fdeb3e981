// Runs a Python script of this repository under Pyodide in Node, from the site's own runtime
// (node_modules/pyodide, the version package-lock.json pins), so a test can check that the
// engines answer in the browser's Python exactly as they do under CPython.  The repository
// is mounted read-only in spirit at /repo; py/ and tools/ are on sys.path, as in the tests.
// usage: node tools/in_pyodide.mjs SCRIPT.py [ARGS...]   (exit code: the script's)
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const runtime = resolve(root, "node_modules", "pyodide");
const [script, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/`, stdout: (line) => console.log(line),
  stderr: (line) => console.error(line) });
pyodide.mountNodeFS("/repo", root);
pyodide.globals.set("script_args", pyodide.toPy([script, ...args]));
const code = await pyodide.runPythonAsync(`
import runpy
import sys

sys.path[:0] = ["/repo/py", "/repo/tools"]
sys.argv = list(script_args)
try:
    runpy.run_path("/repo/" + sys.argv[0], run_name="__main__")
    code = 0
except SystemExit as stop:
    code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
code
`);
process.exit(code);
