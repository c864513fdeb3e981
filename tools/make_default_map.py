"""Write assets/maps/default.json: the generator's large island for a hand-picked seed.

The seed was chosen by looking at the drawings of a few; the JSON file is the artifact the
game loads (python tools/make_default_map.py rewrites it identically).
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from insel.islandmaps import generate_map, validate_map  # noqa: E402

SEED = 7


def main() -> None:
    data = generate_map(SEED, "large")
    data["name"] = "Die Insel"
    assert not validate_map(data)
    out = ROOT / "assets" / "maps" / "default.json"
    out.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n",
                   encoding="utf-8")
    print(f"{out.relative_to(ROOT)}: {len(data['places'])} places, {len(data['roads'])} roads")


if __name__ == "__main__":
    main()
