"""Put py/ on sys.path so tests import the engines exactly as Pyodide does, and hand out the
longest tests first."""

import sys

from paths import ROOT

sys.path.insert(0, str(ROOT / "py"))

# The longest tests (`pytest --durations`), run first: pytest-xdist hands tests out in
# collection order, and a long one handed out last keeps one worker busy while the others
# wait (the standard-library cut, collected last, once made the run ~45 s longer).  Longest
# first; only tests whose module has no module-wide fixture to make twice, or whole modules.
FIRST = (
    "tests/test_golden.py::test_every_golden_line_replays_under_pyodide",
    "tests/test_maps.py::test_generated_maps_are_valid_for_many_seeds[large]",
    "tests/test_maps.py::test_generated_maps_are_valid_for_many_seeds",
    "tests/browser/test_classroom_browser.py",
    "tests/browser/test_offline.py",
    "tests/test_fuzz_session.py::test_random_requests_into_a_game_in_progress",
    "tests/test_lexicon.py",
    "tests/test_ai.py::test_inselspiel_ai_games_end_by_passing_once_capitals_are_won",
    "tests/test_stdlib_cut.py",
)


def pytest_collection_modifyitems(items) -> None:
    """Move the tests named in FIRST to the front, in its order; the rest keep theirs."""
    def rank(item) -> int:
        return next((n for n, start in enumerate(FIRST) if item.nodeid.startswith(start)),
                    len(FIRST))
    items.sort(key=rank)
