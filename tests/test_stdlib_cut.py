"""The site's standard library, cut by the build to the files it imports (build.py
make_stdlib): under Pyodide in Node every module of py/insel imports from it, and a module
the cut left out raises an error naming it (py/stdlib_guard.py)."""

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import build
from paths import ROOT

sys.path.insert(0, str(ROOT / "tools"))

from make_lexicon import write_lexicon
from stdlib_tour import modules

# What the cut is made from besides the bundle: the tour and its runner, the dictionary's maker
# and pinned packages, the page's bridge, the guard, the build itself, the npm runtime.
CUT_FROM = ("tools/cut_stdlib.mjs", "tools/stdlib_tour.py", "tools/make_lexicon.py",
            "build-requirements.txt", "py/browser_bridge.py", build.STDLIB_GUARD, "build.py",
            "node_modules/.package-lock.json")


def entries(bundle: Path) -> dict[str, int]:
    """A zip's files and their checksums (not their dates)."""
    with zipfile.ZipFile(bundle) as opened:
        return {info.filename: info.CRC for info in opened.infolist()}


def built_cut(folder: Path) -> Path | None:
    """The cut the build made (the site's runtime/stdlib-<hash>.zip, as `build.py test` has
    just built it), if it was made from the sources as they are: its bundle holds what
    write_bundle writes now and nothing it was made from is newer.  Saves making it again."""
    made = sorted(build.DIST.glob("runtime/stdlib-*.zip"))
    if len(made) != 1 or not (build.DIST / "bundle.zip").exists():
        return None
    build.write_bundle(folder / "bundle.zip")
    newest = max((ROOT / name).stat().st_mtime for name in CUT_FROM)
    if newest > made[0].stat().st_mtime or \
            entries(folder / "bundle.zip") != entries(build.DIST / "bundle.zip"):
        return None
    return made[0]


@pytest.fixture(scope="module")
def cut(tmp_path_factory):
    """A cut standard library made as the build makes it, from a bundle and a dictionary:
    the build's own when it is current (built_cut), else made here."""
    folder = tmp_path_factory.mktemp("stdlib")
    if (made := built_cut(folder)) is not None:
        return made
    build.write_bundle(folder / "bundle.zip")
    write_lexicon(folder / "lexicon.zip")
    return build.make_stdlib(folder / "bundle.zip", folder / "lexicon.zip",
                             folder / "stdlib.zip")


def left_out(cut) -> list[str]:
    """Python files of the whole library that the cut has not."""
    with zipfile.ZipFile(build.FULL_STDLIB) as full, zipfile.ZipFile(cut) as kept:
        return sorted(set(full.namelist()) - set(kept.namelist()))


LEFT_OUT = "xml"  # a package of the library that nothing of ours imports


@pytest.fixture(scope="module")
def imported(cut):
    """What tests/stdlib_imports.py did under Pyodide with the cut library, asked to import
    also a package the cut left out."""
    run = subprocess.run(["node", "tools/in_pyodide.mjs", "tests/stdlib_imports.py", LEFT_OUT],
                         cwd=ROOT, capture_output=True, text=True, timeout=600,
                         env={**os.environ, "INSEL_STDLIB": str(cut)})
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.splitlines()[-1])


def test_the_cut_keeps_a_part_of_the_library_and_adds_its_guard(cut):
    with zipfile.ZipFile(build.FULL_STDLIB) as full, zipfile.ZipFile(cut) as kept:
        names = set(kept.namelist())
        assert names - set(full.namelist()) == {"sitecustomize.py"}
        assert {"json/__init__.py", "random.py", "zipfile/__init__.py"} <= names
    assert f"{LEFT_OUT}/__init__.py" in left_out(cut)
    assert cut.stat().st_size < build.FULL_STDLIB.stat().st_size / 2


def test_every_module_of_insel_imports_from_the_cut_library(imported):
    assert imported["imported"] == modules(ROOT / "py" / "insel")
    assert len(imported["imported"]) > 30


def test_a_module_the_cut_left_out_is_named_when_imported(imported):
    refused = imported["refused"]
    assert refused["name"] == LEFT_OUT
    assert refused["message"].startswith(f"{LEFT_OUT} is in Python's standard library")
    assert "not in this site's cut" in refused["message"]
