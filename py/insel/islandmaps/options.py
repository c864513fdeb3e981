"""Which map an Inselspiel option names, built and validated: a file under assets/maps or a
generated island.  Kept apart from the format (:mod:`insel.islandmaps.model`) so the imports
run one way: options → generate → validate → model."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from insel.assets import asset_path
from insel.inputs import brief, whole
from insel.islandmaps.generate import SIZES, generate_map
from insel.islandmaps.model import IslandMap
from insel.islandmaps.validate import validate_map
from insel.refusal import Refusal, phrase
from insel.state import MAX_SEED

MAP_CACHE = 8  # maps kept built (the last ones used); a generated map is about 150 kB


def load_map_file(name: str) -> dict[str, Any]:
    """The JSON map ``assets/maps/<name>.json`` as a dict (ValueError if missing)."""
    path = asset_path("maps", f"{name}.json")
    if not path.is_file():
        raise Refusal("map_no_file", name=brief(name))
    return json.loads(path.read_text(encoding="utf-8"))


@lru_cache(maxsize=MAP_CACHE)
def _cached_map(key: str) -> IslandMap:
    option = json.loads(key)
    if isinstance(option, str):
        data = load_map_file(option)
    else:
        seed, size = option.get("generate"), option.get("size", "medium")
        if set(option) - {"generate", "size"}:
            raise Refusal("map_generated_fields", example='{"generate": 7, "size": "medium"}')
        whole(seed, phrase("what_map_seed"), 0, MAX_SEED)
        if not isinstance(size, str) or size not in SIZES:
            raise Refusal("map_size", sizes=", ".join(SIZES), value=brief(size))
        data = generate_map(seed, size)
    problems = validate_map(data)
    if problems:
        raise Refusal("map_invalid", problems="; ".join(problems[:5]))
    return IslandMap(data)


def map_for_option(option: Any) -> IslandMap:
    """The map an engine option names: ``"default"`` (a file under assets/maps) or
    ``{"generate": seed, "size": "small" | "medium" | "large"}``.  Validated; the last
    MAP_CACHE maps are kept (least recently used dropped first)."""
    named = isinstance(option, str) and option.isidentifier() and len(option) <= 40
    if not named and not isinstance(option, dict):
        raise Refusal("map_option", example='"default", {"generate": 7, "size": "medium"}')
    return _cached_map(json.dumps(option, sort_keys=True))
