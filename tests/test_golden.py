"""Golden playthroughs (tools/golden.py): every position of fixed games, as the session door
answers it, must come out exactly as kept in tests/golden/ — under CPython and under Pyodide
(the site's own runtime, in Node)."""

import json
import shutil
import subprocess
import sys

import pytest

from paths import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import golden


@pytest.mark.parametrize("game", list(golden.CASES))
def test_every_golden_line_replays_under_cpython(game):
    assert golden.check(game) is None


def test_every_golden_line_replays_under_pyodide():
    node = shutil.which("node")
    assert node and (ROOT / "node_modules" / "pyodide").is_dir(), \
        "Pyodide comes from npm: run python3 build.py test (it runs npm ci)"
    run = subprocess.run([node, "tools/in_pyodide.mjs", "tools/golden.py", "--check"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "on emscripten" in run.stdout  # it really ran in Pyodide


def test_a_changed_answer_is_named_with_its_line_ply_and_path(tmp_path):
    lines = (golden.GOLDEN / "othello.jsonl").read_text(encoding="utf-8").splitlines()
    line = json.loads(lines[5])
    line["scores"][0] += 1
    lines[5] = golden.encode(line)
    (tmp_path / "othello.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = golden.check("othello", tmp_path)
    assert found == (f"othello.jsonl line 6 (case othello-1, ply {line['ply']}): .scores[0]: "
                     f"expected {line['scores'][0]}, got {line['scores'][0] - 1}")


def test_a_missing_position_is_named(tmp_path):
    lines = (golden.GOLDEN / "kahuna.jsonl").read_text(encoding="utf-8").splitlines()
    del lines[10]
    (tmp_path / "kahuna.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = golden.check("kahuna", tmp_path)
    assert found.startswith("kahuna.jsonl line 11 (case kahuna-1, ply 9)")
