"""The island map format and its road graph, as the Inselspiel engine uses it.

A map is a JSON object (``assets/maps/*.json`` or the generator's output)::

    {"format": "inselspiel-map/1", "name": "...", "width": 1000, "height": 760,
     "coast": [[x, y], ...],                      # closed polygon, drawn as the shore
     "places": [{"id": "p1", "kind": "port", "name": "Nörde", "x": 512.0, "y": 40.5}, ...],
     "roads": [["p1", "p7"], ...]}                 # undirected, one entry per road

``kind`` is ``port`` (one road), ``capital`` (two roads, named, ringed on the plan),
``junction`` (three or four roads) or ``ordinary`` (two roads).  Ports and capitals carry a
name, the others carry ``"name": null``.  Coordinates are in the ``width`` × ``height`` box.
Place ids are stable: moves and records name places by them.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from insel.assets import asset_path
from insel.inputs import brief, whole
from insel.refusal import Refusal, phrase
from insel.state import MAX_SEED

KINDS = ("port", "capital", "junction", "ordinary")
FORMAT = "inselspiel-map/1"
MAP_CACHE = 8  # maps kept built (the last ones used); a generated map is about 150 kB


class IslandMap:
    """A parsed map: places by index, neighbour lists and bitmasks, exact-length road walks.

    Shared by every state of a game, never mutated after construction.
    """

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        places = data["places"]
        self.ids: tuple[str, ...] = tuple(p["id"] for p in places)
        self.index: dict[str, int] = {pid: i for i, pid in enumerate(self.ids)}
        self.kinds: tuple[str, ...] = tuple(p["kind"] for p in places)
        self.names: tuple[str | None, ...] = tuple(p.get("name") for p in places)
        adjacency: list[list[tuple[int, int]]] = [[] for _ in places]
        self.roads: tuple[tuple[int, int], ...] = tuple(
            (self.index[a], self.index[b]) for a, b in data["roads"])
        for road, (a, b) in enumerate(self.roads):
            adjacency[a].append((b, road))
            adjacency[b].append((a, road))
        self.adjacency = tuple(tuple(sorted(links)) for links in adjacency)
        self.neighbours = tuple(tuple(n for n, _ in links) for links in self.adjacency)
        self.neighbour_mask = tuple(sum(1 << n for n in nbrs) for nbrs in self.neighbours)
        self.ports = tuple(i for i, k in enumerate(self.kinds) if k == "port")
        self.capitals = tuple(i for i, k in enumerate(self.kinds) if k == "capital")
        self.port_mask = sum(1 << p for p in self.ports)
        self._walks: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
        self._view: dict[str, Any] | None = None

    def __len__(self) -> int:
        return len(self.ids)

    def walks(self, origin: int, length: int) -> tuple[tuple[int, int], ...]:
        """Every (end, passed) for a walk of exactly ``length`` roads from ``origin``.

        No road is used twice in one walk (the rule text's "a road only once per move");
        ``passed`` is the bitmask of the places strictly between start and end, the start
        itself excluded (it is being left).  Walks ending on the start are dropped: such a
        move would change nothing.  Cached per map.
        """
        key = (origin, length)
        found = self._walks.get(key)
        if found is None:
            ends: set[tuple[int, int]] = set()
            adjacency = self.adjacency

            def walk(place: int, left: int, used: int, passed: int) -> None:
                if left == 0:
                    if place != origin:
                        ends.add((place, passed))
                    return
                if place != origin:
                    passed |= 1 << place
                for nxt, road in adjacency[place]:
                    if not used >> road & 1:
                        walk(nxt, left - 1, used | 1 << road, passed)

            walk(origin, length, 0, 0)
            found = self._walks[key] = tuple(sorted(ends))
        return found

    def view(self) -> dict[str, Any]:
        """The compact drawing of the map a canvas needs (shared; do not mutate)."""
        if self._view is None:
            d = self.data
            self._view = {
                "name": d.get("name", ""),
                "width": d["width"],
                "height": d["height"],
                "coast": d["coast"],
                "places": [[p["id"], p["kind"], p.get("name"), p["x"], p["y"]]
                           for p in d["places"]],
                "roads": [list(r) for r in self.roads],
            }
        return self._view


def load_map_file(name: str) -> dict[str, Any]:
    """The JSON map ``assets/maps/<name>.json`` as a dict (ValueError if missing)."""
    path = asset_path("maps", f"{name}.json")
    if not path.is_file():
        raise Refusal("map_no_file", name=brief(name))
    return json.loads(path.read_text(encoding="utf-8"))


@lru_cache(maxsize=MAP_CACHE)
def _cached_map(key: str) -> IslandMap:
    from insel.islandmaps.generate import SIZES, generate_map
    from insel.islandmaps.validate import validate_map

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
