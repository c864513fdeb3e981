// Makes the site's Pyodide memory snapshot for build.py: the interpreter started in Node from
// the site's own runtime (a snapshot holds that wasm build's id and is refused by any other)
// with the site's cut standard library and empty package list, as the page's loader starts
// it (the library's files live outside the wasm memory: a snapshot made with one library
// must be restored with that same one), bundle.zip unpacked where PyScript unpacks it, the
// session and every game imported as py/browser_bridge.py imports them, and every game's computer player (so the first computer
// move does not hold the page for the import); every object so far is moved out of the
// garbage collector's sight (gc.freeze: a full collection then walks only what the games
// make, not the whole start-up); then the wasm memory, gzipped.  The page's loader
// (assets/js/platform/pyodide-start.js) starts from it instead of running Python's start-up.
// usage: node make_snapshot.mjs RUNTIME_DIR BUNDLE_ZIP STDLIB_ZIP LOCK_JSON OUT_GZ
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [runtime, bundle, stdlib, lock, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/`, stdLibURL: stdlib,
  lockFileContents: lock, _makeSnapshot: true });
pyodide.unpackArchive(new Uint8Array(readFileSync(bundle)), "zip",
  { extractDir: "/home/pyodide/bundle" });
pyodide.runPython(`
import os
import sys

sys.path.insert(0, os.path.join(os.getcwd(), "bundle", "py"))
import insel.session
from insel.games import GAME_IDS, get_game
from insel.ai.players import strategy
import insel.ai.advice
import gc

for game_id in GAME_IDS:
    get_game(game_id)
    strategy(game_id)
gc.collect()
gc.freeze()
`);
writeFileSync(out, gzipSync(pyodide.makeMemorySnapshot(), { level: 9 }));
