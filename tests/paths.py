"""Where the project lies, for every test module (tests/ and tests/browser/)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
