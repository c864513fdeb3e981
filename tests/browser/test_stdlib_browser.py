"""Python's files on a first visit: the build's standard library cut to what the site imports
(build.py write_stdlib), no package list (pyodide-lock.json: no package is loaded), and of
PyScript only chunks the build kept (build.py NEVER_IMPORTED)."""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from urllib.parse import urlparse

from moves import play_a_move

import build
from board import start_game


def test_a_first_visit_fetches_the_cut_library_no_package_list_and_no_chunk_left_out(
        fresh_page):
    recorded = fresh_page()
    page = recorded.page
    start_game(page, "kahuna")
    play_a_move(page, "kahuna")
    loader = (build.DIST / build.PYODIDE_START).read_text()
    stdlib = re.search(r'const STDLIB = "(runtime/stdlib-\w+\.zip)";', loader)
    assert stdlib, "the build named no cut standard library in the loader"
    fetched = [urlparse(url).path for url in recorded.requests]
    # asked for by the prefetch worker and by Python's (which finds it in the HTTP cache)
    assert sorted({path for path in fetched if path.endswith(".zip")}) == [
        "/bundle.zip", f"/{stdlib[1]}"]
    assert not {"python_stdlib.zip", "pyodide-lock.json"} & {
        PurePosixPath(path).name for path in fetched}
    assert not (build.DIST / "runtime" / "pyodide" / "python_stdlib.zip").exists()
    runtime = [path for path in fetched if path.startswith("/runtime/pyscript/")]
    assert len(runtime) >= 3
    assert [path for path in runtime if not (build.DIST / path[1:]).is_file()] == []
