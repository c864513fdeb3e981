"""The site's standard library, cut by the build to the files it imports (build.py
make_stdlib): under Pyodide in Node every module of py/insel imports from it, and a module
the cut left out raises an error naming it (py/stdlib_guard.py)."""

import json
import os
import subprocess
import sys
import zipfile

import pytest

import build
from paths import ROOT

sys.path.insert(0, str(ROOT / "tools"))

from make_lexicon import write_lexicon
from stdlib_tour import modules


@pytest.fixture(scope="module")
def cut(tmp_path_factory):
    """A cut standard library made as the build makes it, from a bundle and a dictionary."""
    folder = tmp_path_factory.mktemp("stdlib")
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
