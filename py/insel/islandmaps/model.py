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

from typing import Any

KINDS = ("port", "capital", "junction", "ordinary")
FORMAT = "inselspiel-map/1"
PARTS_KEPT = 20_000  # IslandMap.parts: masks kept before the cache starts again


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
        self._around: tuple[tuple[int, ...], ...] | None = None
        self._parts: dict[int, tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self.ids)

    def around(self, places: int) -> int:
        """The places next to any of ``places`` (a bitmask): a table lookup per byte of the
        mask rather than one per place (the table is made on first use).  The engine's
        enemy reach and the computer's walks grow by it."""
        table = self._around
        if table is None:
            nbrs = self.neighbour_mask
            table = self._around = tuple(
                tuple(_union(nbrs, base, byte) for byte in range(256))
                for base in range(0, len(self), 8))
        out, chunk = 0, 0
        while places:
            if places & 255:
                out |= table[chunk][places & 255]
            places >>= 8
            chunk += 1
        return out

    def parts(self, without: int) -> tuple[int, ...]:
        """The connected parts (bitmasks) of the map once the places of ``without`` are
        taken out.  Cached per map (at most ``PARTS_KEPT`` masks): the engine's enemy
        reach is the union of the parts its seeds lie in, and a search meets the same
        party's stones again and again."""
        found = self._parts.get(without)
        if found is None:
            if len(self._parts) >= PARTS_KEPT:
                self._parts.clear()
            left, out = ((1 << len(self)) - 1) & ~without, []
            while left:
                part = frontier = left & -left
                while frontier:
                    frontier = self.around(frontier) & left & ~part
                    part |= frontier
                out.append(part)
                left &= ~part
            found = self._parts[without] = tuple(out)
        return found

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


def _union(nbrs: tuple[int, ...], base: int, byte: int) -> int:
    """The neighbours of the places ``base + i`` for the set bits ``i`` of ``byte``."""
    out = 0
    for i in range(8):
        if byte >> i & 1 and base + i < len(nbrs):
            out |= nbrs[base + i]
    return out
