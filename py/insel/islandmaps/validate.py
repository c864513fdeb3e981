"""The map validator: the rule text's own design rules for a plan, plus drawing sanity.

Design rules (rule text §3 and the remarks on §2), made precise:

- a port has one road, a capital two (never a junction), an ordinary place two, a junction
  three or four;
- the road graph is connected;
- about one capital per 12–15 places: ``12 <= places / capitals <= 15``;
- capitals lie denser inside than near the coast: a place's *depth* is its road distance to
  the nearest port; the capitals' mean depth must exceed the mean depth of all places;
- ports are "equally good": a port's *reach* is its road distance to the nearest capital
  (the interior the players fight for); the reaches of all ports differ by at most 2.

Shape: ``format`` is ``inselspiel-map/1``; width and height are positive numbers; the
coast is a list of [x, y] points; every place has a text id, a known kind, numeric x and
y, and a text or null name; every road joins two known places.  Nothing malformed gets
past this into the checks below, so the validator answers problems, never a TypeError.

Drawing rules (so the plan can be read): ports and capitals are named, other places not,
names unique; places lie inside the coastline and at least ``MIN_GAP`` apart; roads do not
cross one another and pass no other place closer than ``MIN_GAP / 2``.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

from insel.inputs import echo
from insel.islandmaps.geometry import inside_polygon, point_segment_distance, segments_cross
from insel.islandmaps.model import FORMAT, KINDS

MIN_GAP = 18.0
MAX_PLACES = 1000  # the checks below compare every pair of roads: keep them bounded
MAX_ID = 20
ROADS_BY_KIND = {"port": (1,), "capital": (2,), "ordinary": (2,), "junction": (3, 4)}
CAPITAL_RATIO = (12, 15)
PORT_REACH_SPREAD = 2


def distances_from(sources: list[int], neighbours: list[list[int]]) -> list[int]:
    """Road distance of every place to the nearest of ``sources`` (-1 if unreachable)."""
    dist = [-1] * len(neighbours)
    queue = deque(sources)
    for s in sources:
        dist[s] = 0
    while queue:
        v = queue.popleft()
        for w in neighbours[v]:
            if dist[w] < 0:
                dist[w] = dist[v] + 1
                queue.append(w)
    return dist


def _number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _point(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(map(_number, value))


def _structure(data: Any) -> list[str]:
    """Problems with the JSON shape and types; later checks run only when this is empty."""
    if not isinstance(data, dict):
        return ["a map is a JSON object"]
    problems = [f"missing {key!r}" for key in ("format", "width", "height", "coast", "places",
                                               "roads") if key not in data]
    if problems:
        return problems
    if data["format"] != FORMAT:
        problems.append(f"format must be {FORMAT!r}, not {echo(data['format'])!r}")
    if not (_number(data["width"]) and _number(data["height"])
            and data["width"] > 0 and data["height"] > 0):
        problems.append("width and height must be positive numbers")
    if not isinstance(data.get("name", ""), str):
        problems.append("the map's name must be text")
    if not (isinstance(data["coast"], list) and all(map(_point, data["coast"]))):
        problems.append("the coastline must be a list of [x, y] points")
    elif len(data["coast"]) < 3:
        problems.append("the coastline needs at least three points")
    places, roads = data["places"], data["roads"]
    if not isinstance(places, list) or not isinstance(roads, list):
        return [*problems, "places and roads must be lists"]
    if len(places) > MAX_PLACES or len(roads) > 2 * MAX_PLACES:
        return [*problems, f"a map has at most {MAX_PLACES} places and twice as many roads"]
    ids: set[str] = set()
    for n, place in enumerate(places):
        if not isinstance(place, dict) or not {"id", "kind", "x", "y"} <= set(place):
            problems.append(f"place #{n} needs id, kind, x and y")
        elif not (isinstance(place["id"], str) and 0 < len(place["id"]) <= MAX_ID):
            problems.append(f"place #{n}: the id must be text of 1 to {MAX_ID} characters")
        elif place["id"] in ids:
            problems.append(f"place id {echo(place['id'])!r} is used twice")
        elif place["kind"] not in KINDS:
            problems.append(f"place {place['id']}: kind {echo(place['kind'])!r} is not one of "
                            f"{', '.join(KINDS)}")
        elif not (_number(place["x"]) and _number(place["y"])):
            problems.append(f"place {place['id']}: x and y must be numbers")
        elif not isinstance(place.get("name"), str | None):
            problems.append(f"place {place['id']}: the name must be text or null")
        else:
            ids.add(place["id"])
    if len(ids) < len(places):
        return problems  # roads cannot be checked against broken places
    seen: set[frozenset] = set()
    for road in roads:
        if not (isinstance(road, list) and len(road) == 2
                and all(isinstance(end, str) and end in ids for end in road)):
            problems.append(f"road {repr(echo(road)) if not isinstance(road, list) else road[:2]} "
                            "must join two known places")
        elif road[0] == road[1] or frozenset(road) in seen:
            problems.append(f"road {road} is a loop or a second road between the same places")
        else:
            seen.add(frozenset(road))
    return problems


def _design(places: list[dict], neighbours: list[list[int]]) -> list[str]:
    """The rule text's design rules (see the module docstring)."""
    problems = []
    for place, nbrs in zip(places, neighbours, strict=True):
        allowed = ROADS_BY_KIND[place["kind"]]
        if len(nbrs) not in allowed:
            want = " or ".join(map(str, allowed))
            problems.append(f"{place['kind']} {place['id']} has {len(nbrs)} roads, not {want}")
    ports = [i for i, p in enumerate(places) if p["kind"] == "port"]
    capitals = [i for i, p in enumerate(places) if p["kind"] == "capital"]
    if not ports or not capitals:
        return [*problems, "a map needs ports and capitals"]
    if -1 in distances_from([0], neighbours):
        problems.append("the road network is not connected")
        return problems
    low, high = CAPITAL_RATIO
    if not low * len(capitals) <= len(places) <= high * len(capitals):
        problems.append(f"{len(capitals)} capitals for {len(places)} places: want one capital "
                        f"per {low}–{high} places")
    depth = distances_from(ports, neighbours)
    if sum(depth[c] for c in capitals) / len(capitals) <= sum(depth) / len(depth):
        problems.append("capitals are not denser inside: their mean distance to the nearest "
                        "port is not above the mean of all places")
    reach = distances_from(capitals, neighbours)
    port_reach = sorted(reach[p] for p in ports)
    if port_reach[-1] - port_reach[0] > PORT_REACH_SPREAD:
        problems.append(f"ports are not equally good: distances to the nearest capital range "
                        f"from {port_reach[0]} to {port_reach[-1]} (at most "
                        f"{PORT_REACH_SPREAD} apart)")
    return problems


def _drawing(data: dict, index: dict[str, int]) -> list[str]:
    """Names, and a plan that can be drawn: inside the coast, no overlaps, no crossings."""
    problems = []
    places = data["places"]
    names = [p.get("name") for p in places]
    for p, name in zip(places, names, strict=True):
        named = p["kind"] in ("port", "capital")
        if named != bool(name):
            problems.append(f"{p['kind']} {p['id']} " + ("needs a name" if named else
                                                          "must not carry a name"))
    given = [n for n in names if n]
    if len(set(given)) != len(given):
        problems.append("place names must be unique")
    coast = [tuple(c) for c in data["coast"]]
    xy = [(p["x"], p["y"]) for p in places]
    for p, point in zip(places, xy, strict=True):
        if not inside_polygon(point, coast):
            problems.append(f"place {p['id']} lies outside the coastline")
    for i in range(len(xy)):
        for j in range(i):
            dx, dy = xy[i][0] - xy[j][0], xy[i][1] - xy[j][1]
            if dx * dx + dy * dy < MIN_GAP * MIN_GAP:  # products, not the C library's pow
                problems.append(f"places {places[j]['id']} and {places[i]['id']} overlap")
    segments = [(index[a], index[b]) for a, b in data["roads"]]
    for n, (a, b) in enumerate(segments):
        for c, d in segments[:n]:
            if segments_cross(xy[a], xy[b], xy[c], xy[d]):
                problems.append(f"roads {places[a]['id']}–{places[b]['id']} and "
                                f"{places[c]['id']}–{places[d]['id']} cross")
        for k, point in enumerate(xy):
            if k not in (a, b) and point_segment_distance(point, xy[a], xy[b]) < MIN_GAP / 2:
                problems.append(f"road {places[a]['id']}–{places[b]['id']} runs over "
                                f"{places[k]['id']}")
    return problems


def validate_map(data: Any) -> list[str]:
    """Human-readable problems with map ``data``; an empty list means the map is valid."""
    problems = _structure(data)
    if problems:
        return problems
    index = {p["id"]: i for i, p in enumerate(data["places"])}
    neighbours: list[list[int]] = [[] for _ in index]
    for a, b in data["roads"]:
        neighbours[index[a]].append(index[b])
        neighbours[index[b]].append(index[a])
    return _design(data["places"], neighbours) + _drawing(data, index)
