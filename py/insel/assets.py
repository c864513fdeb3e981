"""Locate data files (word lists, maps) shipped under ``assets/``.

The build keeps the repository layout inside Pyodide's file system (``py/insel`` beside
``assets/``), so the same relative path works under CPython and in the browser.
"""

from pathlib import Path

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def asset_path(*parts: str) -> Path:
    """Path of ``assets/<parts…>``; the file may not exist (callers report that)."""
    return ASSETS.joinpath(*parts)
