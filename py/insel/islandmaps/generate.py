"""Seeded island generator: every map it returns passes :func:`validate_map`.

A generated map is shared as ``{"generate": seed, "size": "small" | "medium" | "large"}``;
the same seed and size always give the same map (``random.Random`` seeded by a string), under
CPython and in the browser (Pyodide) alike.  So the C library's math, which may differ in the
last bit between platforms, is not used: sin, cos and atan2 come from
:mod:`insel.islandmaps.exactmath` (IEEE-754 arithmetic only), squares are products, not pow.

Construction (each step keeps roads from crossing):

1. a coastline: an ellipse bent by a few random harmonics (a natural irregular shore);
2. junction points scattered inside (dart throwing with a minimum distance), joined by their
   Gabriel graph (planar), thinned so no junction has more than four roads, no two roads
   leave a junction at a sharp angle and no dead ends remain;
3. every road of that skeleton is cut into places at an even spacing chosen so the map
   reaches the size's place count;
4. capitals on two-road places, spread apart and drawn towards the middle;
5. ports on the shore, each joined by a straight chain of places to a near place of the
   network, the chain lengths chosen so every port's distance to the nearest capital lies in
   one window of width 2 ("equally good" ports).

An attempt that fails any check is thrown away and the next attempt (same seed, next
counter) is made; the result is the first attempt that validates.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

from insel.inputs import brief
from insel.islandmaps import exactmath
from insel.islandmaps.geometry import point_segment_distance, segments_cross
from insel.islandmaps.model import FORMAT
from insel.islandmaps.validate import MIN_GAP, distances_from, validate_map
from insel.refusal import Refusal

# size -> (capitals, ports, junction points)
SIZES: dict[str, tuple[int, int, int]] = {
    "small": (5, 8, 11),
    "medium": (7, 12, 16),
    "large": (10, 18, 23),
}
# The 28 names at the head of the rule text: capitals, and ports in clockwise order from north.
CAPITAL_NAMES = ("Freudenwald", "Marthafelden", "Schreckstadt", "Tenburg", "Warmstadt",
                 "Ladinia", "Paradiesen", "Grünfinken", "Inwitz", "Andorf")
PORT_NAMES = ("Nörde", "Krümelei", "Backfiss", "Eisende", "Ostkant", "Kirack", "Billgen",
              "Buchten", "Emmahaven", "Elstern", "Trantud", "Jassen", "Essent", "Wester",
              "Doofen", "Weide", "Traulande", "Dummchen")
WIDTH, HEIGHT = 1000, 760
MAX_ATTEMPTS = 300
SLOTS = 144  # shore points tried for ports

Point = tuple[float, float]


class _Shore:
    """The coastline as a function: a point's relative distance from the centre (1 = shore)."""

    def __init__(self, rng: random.Random) -> None:
        self.harmonics = [(k, rng.uniform(0.02, 0.17) / _DAMPING[k], rng.uniform(0, math.tau))
                          for k in range(2, 7)] + [
            (k, rng.uniform(0.004, 0.02), rng.uniform(0, math.tau)) for k in range(7, 13)]
        raw = [self._unscaled(math.tau * i / 120) for i in range(120)]
        self.cx, self.cy = WIDTH / 2, HEIGHT / 2
        sx = (WIDTH / 2 - 16) / max(abs(x) for x, _ in raw)
        sy = (HEIGHT / 2 - 16) / max(abs(y) for _, y in raw)
        self.rx, self.ry = 1.0 * sx, 0.78 * sy
        self.polygon = [(round(self.cx + x * sx, 1), round(self.cy + y * sy, 1)) for x, y in raw]

    def radius(self, angle: float) -> float:
        # fsum: correctly rounded on every Python (sum() of floats changed in 3.12)
        return 1 + math.fsum(a * _cos(k * angle + ph) for k, a, ph in self.harmonics)

    def _unscaled(self, angle: float) -> Point:
        r = self.radius(angle)
        return r * _cos(angle), 0.78 * r * _sin(angle)

    def point(self, angle: float, rho: float) -> Point:
        r = rho * self.radius(angle)
        return self.cx + self.rx * r * _cos(angle), self.cy + self.ry * r * _sin(angle)

    def rho(self, p: Point) -> float:
        dx, dy = (p[0] - self.cx) / self.rx, (p[1] - self.cy) / self.ry
        return math.hypot(dx, dy) / self.radius(_atan2(dy, dx))


# The same seed must make the same island in the browser (Pyodide: another C library, another
# Python) as under CPython, or a record made in one does not replay in the other.  So no C-library
# function is used: +, −, ×, ÷, sqrt, hypot (CPython's own) and fsum are correctly rounded
# everywhere, and cos, sin and atan2 are exactmath's, built from those (math.cos & co. may differ
# in the last bit between glibc and musl).  Their results are still rounded to QUANTUM decimals,
# as when they came from the C library: that keeps every map made before (shared as a seed) the
# same.
QUANTUM = 10
# Squares are products, not ``** 2``: float ** float is the C library's pow, which may differ in
# the last bit (from x * x, and between platforms).  k ** 0.8 for the harmonics, written out
# (correctly rounded):
_DAMPING = {2: 1.7411011265922482, 3: 2.4082246852806923, 4: 3.0314331330207964,
            5: 3.623898318388478, 6: 4.192962712629476}


def _cos(x: float) -> float:
    return round(exactmath.cos(x), QUANTUM)


def _sin(x: float) -> float:
    return round(exactmath.sin(x), QUANTUM)


def _atan2(y: float, x: float) -> float:
    return round(exactmath.atan2(y, x), QUANTUM)


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _scatter(rng: random.Random, shore: _Shore, count: int) -> list[Point]:
    """``count`` junction points inside the shore, no two closer than an even share of space."""
    spacing = 0.9 * math.sqrt(math.pi * shore.rx * shore.ry * (0.72 * 0.72) / count)
    points: list[Point] = []
    for _ in range(4000):
        p = shore.point(rng.uniform(0, math.tau), 0.72 * math.sqrt(rng.random()))
        if all(_dist(p, q) >= spacing for q in points):
            points.append(p)
            if len(points) == count:
                break
    return points


def _connected(n: int, edges: set[tuple[int, int]]) -> bool:
    nbrs: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        nbrs[a].append(b)
        nbrs[b].append(a)
    used = [v for v in range(n) if nbrs[v]]
    return bool(used) and all(d >= 0 for d in (distances_from([used[0]], nbrs)[v] for v in used))


def _skeleton(points: list[Point], shore: _Shore) -> set[tuple[int, int]]:
    """Gabriel graph of the points, thinned to degree ≤ 4, no sharp angles, no dead ends."""
    n = len(points)
    edges = set()
    for i in range(n):
        for j in range(i + 1, n):
            (ax, ay), (bx, by) = points[i], points[j]
            dx, dy = ax - bx, ay - by
            mx, my, r2 = (ax + bx) / 2, (ay + by) / 2, (dx * dx + dy * dy) / 4
            if all((px - mx) * (px - mx) + (py - my) * (py - my) > r2
                   for k, (px, py) in enumerate(points)
                   if k not in (i, j)) and all(
                    shore.rho((ax + (bx - ax) * t, ay + (by - ay) * t)) < 0.85
                    for t in (0.25, 0.5, 0.75)):
                edges.add((i, j))

    def incident(v: int) -> list[tuple[int, int]]:
        return sorted((e for e in edges if v in e), key=lambda e: -_dist(*(points[x] for x in e)))

    for v in range(n):  # sharp angles: drop the longer of two roads closer than 32°
        for e in incident(v):
            others = [f for f in incident(v) if f != e]
            u = e[0] + e[1] - v
            for f in others:
                w = f[0] + f[1] - v
                a1 = _atan2(points[u][1] - points[v][1], points[u][0] - points[v][0])
                a2 = _atan2(points[w][1] - points[v][1], points[w][0] - points[v][0])
                diff = abs((a1 - a2 + math.pi) % math.tau - math.pi)
                if diff < math.radians(32) and e in edges:
                    edges.discard(e)
    for v in range(n):
        for e in incident(v):
            if len(incident(v)) > 4 and _connected(n, edges - {e}):
                edges.discard(e)
    while True:
        leaves = [v for v in range(n) if len(incident(v)) == 1]
        if not leaves:
            break
        for v in leaves:
            edges -= set(incident(v))
    return edges if _connected(n, edges) else set()


class _Plan:
    """Places and roads being built (indices, positions, neighbour lists)."""

    def __init__(self) -> None:
        self.xy: list[Point] = []
        self.nbrs: list[list[int]] = []
        self.roads: list[tuple[int, int]] = []

    def add(self, p: Point) -> int:
        self.xy.append(p)
        self.nbrs.append([])
        return len(self.xy) - 1

    def road(self, a: int, b: int) -> None:
        self.roads.append((a, b))
        self.nbrs[a].append(b)
        self.nbrs[b].append(a)

    def chain(self, a: int, b: int, inner: int, start: Point | None = None) -> list[int]:
        """Join a to b by ``inner`` evenly spaced new places (from ``start`` if given)."""
        pa, pb = start or self.xy[a], self.xy[b]
        made = [self.add((pa[0] + (pb[0] - pa[0]) * k / (inner + 1),
                          pa[1] + (pb[1] - pa[1]) * k / (inner + 1))) for k in range(1, inner + 1)]
        path = [a, *made, b]
        for x, y in itertools.pairwise(path):
            self.road(x, y)
        return made


def _spacing(lengths: list[float], junctions: int, target: int) -> float:
    """Road spacing that cuts the skeleton into about ``target`` places."""
    low, high = MIN_GAP * 1.6, 400.0
    for _ in range(40):
        mid = (low + high) / 2
        count = junctions + sum(max(0, round(length / mid) - 1) for length in lengths)
        low, high = (mid, high) if count > target else (low, mid)
    return high


def _capitals(rng: random.Random, plan: _Plan, shore: _Shore, count: int) -> list[int]:
    """Spread capitals over two-road places, favouring the middle of the island."""
    candidates = [v for v in range(len(plan.xy)) if len(plan.nbrs[v]) == 2]
    if len(candidates) < count:
        return []
    rho = {v: shore.rho(plan.xy[v]) + rng.uniform(0, 0.08) for v in candidates}
    chosen = [min(candidates, key=rho.__getitem__)]
    while len(chosen) < count:
        dist = distances_from(chosen, plan.nbrs)
        chosen.append(max(candidates, key=lambda v: dist[v] * (1.3 - rho[v])))
    return chosen


def _port_options(plan: _Plan, shore: _Shore, capitals: set[int], step: float,
                  reach: list[int]) -> list[tuple]:
    """For shore points all round: (slot, point, attach place, least and most chain places,
    attach's distance to a capital); the straight chain must cross and brush no road."""
    options = []
    roads = [(_box(plan.xy[a], plan.xy[b], 0), (plan.xy[a], plan.xy[b])) for a, b in plan.roads]
    for slot in range(SLOTS):
        q = shore.point(math.tau * slot / SLOTS, 0.955)
        near = sorted(range(len(plan.xy)), key=lambda v: _dist(q, plan.xy[v]))[:8]
        found = 0
        for v in near:
            if len(plan.nbrs[v]) >= 4 or v in capitals:
                continue
            length = _dist(q, plan.xy[v])
            least = max(0, math.ceil(length / (1.5 * step)) - 1)
            most = min(math.floor(length / (0.65 * step)), math.floor(length / (1.5 * MIN_GAP))) - 1
            if least > most:
                continue
            box = _box(q, plan.xy[v], MIN_GAP)
            if any(_overlap(box, rbox) and segments_cross(q, plan.xy[v], *ends)
                   for rbox, ends in roads):
                continue
            if any(k != v and _overlap(box, (*p, *p)) and
                   point_segment_distance(p, q, plan.xy[v]) < MIN_GAP
                   for k, p in enumerate(plan.xy)):
                continue
            options.append((slot, q, v, least, most, reach[v]))
            found += 1
            if found == 3:
                break
    return options


def _box(a: Point, b: Point, margin: float) -> tuple[float, float, float, float]:
    return (min(a[0], b[0]) - margin, min(a[1], b[1]) - margin,
            max(a[0], b[0]) + margin, max(a[1], b[1]) + margin)


def _overlap(p: tuple[float, ...], q: tuple[float, ...]) -> bool:
    return p[0] <= q[2] and q[0] <= p[2] and p[1] <= q[3] and q[1] <= p[3]


def _choose_ports(options: list[tuple], count: int, plan: _Plan) -> list[tuple] | None:
    """One port per sector of the shore, all reaches within one window [low, low+2]."""
    slots = SLOTS
    lows = sorted({least + 1 + r for _, _, _, least, _, r in options}
                  | {most + 1 + r for _, _, _, _, most, r in options})
    for low in lows:
        picked: list[tuple] = []
        for sector in range(count):
            centre = (sector + 0.5) * slots / count
            fits = []
            for slot, q, v, least, most, r in options:
                if not sector * slots / count <= slot < (sector + 1) * slots / count:
                    continue
                inner = [m for m in range(least, most + 1) if low <= m + 1 + r <= low + 2]
                if not inner or any(v == pv for _, _, pv, _ in picked):
                    continue
                if any(_clash(q, plan.xy[v], pq, plan.xy[pv]) for _, pq, pv, _ in picked):
                    continue
                fits.append((abs(slot - centre), slot, q, v, inner[0]))
            if not fits:
                break
            _, slot, q, v, inner_count = min(fits)
            picked.append((slot, q, v, inner_count))
        if len(picked) == count:
            return picked
    return None


def _clash(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Do two port chains cross or come too close?"""
    if segments_cross(a, b, c, d):
        return True
    return min(point_segment_distance(a, c, d), point_segment_distance(b, c, d),
               point_segment_distance(c, a, b), point_segment_distance(d, a, b)) < MIN_GAP * 1.5


def _attempt(rng: random.Random, size: str) -> dict[str, Any] | None:
    """One try at a map; None (or an invalid map, caught by the caller) if it fails."""
    n_capitals, n_ports, n_junctions = SIZES[size]
    shore = _Shore(rng)
    points = _scatter(rng, shore, n_junctions)
    edges = sorted(_skeleton(points, shore))
    if not edges:
        return None
    jitter = rng.random()
    lengths = [_dist(points[a], points[b]) for a, b in edges]
    used = sorted({v for e in edges for v in e})
    wanted = round(13.5 * n_capitals)
    target = wanted - 2 * n_ports
    for _ in range(3):  # re-cut the skeleton until the place count fits the capitals
        plan = _Plan()
        node = {v: plan.add(points[v]) for v in used}
        step = _spacing(lengths, len(used), target)
        for (a, b), length in zip(edges, lengths, strict=True):
            plan.chain(node[a], node[b], max(0, round(length / step) - 1))
        capitals = _capitals(random.Random(int(jitter * 2 ** 53)), plan, shore, n_capitals)
        reach = distances_from(capitals, plan.nbrs)
        options = _port_options(plan, shore, set(capitals), step, reach)
        picked = _choose_ports(options, n_ports, plan) if capitals else None
        if picked is None:
            return None
        total = len(plan.xy) + sum(1 + inner for *_, inner in picked)
        if 12 * n_capitals < total < 15 * n_capitals:
            break
        target += wanted - total
    assert picked is not None  # set by the loop's first pass (range(3) is never empty)
    ports = []
    for _, q, v, inner_count in picked:
        port = plan.add(q)
        ports.append(port)
        plan.chain(port, v, inner_count, start=q)
    return _export(plan, shore, size, capitals, ports)


def _clockwise(plan: _Plan, places: list[int]) -> list[int]:
    cx, cy = WIDTH / 2, HEIGHT / 2
    return sorted(places, key=lambda v: (_atan2(plan.xy[v][0] - cx, cy - plan.xy[v][1])
                                         + 0.25) % math.tau)


def _spread_names(names: tuple[str, ...], count: int) -> list[str]:
    return [names[k * len(names) // count] for k in range(count)]


def _export(plan: _Plan, shore: _Shore, size: str, capitals: list[int],
            ports: list[int]) -> dict[str, Any]:
    """The JSON map: ids in reading order, names clockwise from the north."""
    names: dict[int, str] = {}
    for group, pool in ((capitals, CAPITAL_NAMES), (ports, PORT_NAMES)):
        names.update(zip(_clockwise(plan, group), _spread_names(pool, len(group)), strict=True))
    order = sorted(range(len(plan.xy)), key=lambda v: (round(plan.xy[v][1] / 40), plan.xy[v][0]))
    ident = {v: f"p{k + 1}" for k, v in enumerate(order)}
    capital_set = set(capitals)

    def kind(v: int) -> str:
        degree = len(plan.nbrs[v])
        if degree == 1:
            return "port"
        return "capital" if v in capital_set else ("ordinary" if degree == 2 else "junction")

    return {
        "format": FORMAT,
        "name": f"Generated island ({size})",
        "width": WIDTH,
        "height": HEIGHT,
        "coast": [list(p) for p in shore.polygon],
        "places": [{"id": ident[v], "kind": kind(v), "name": names.get(v),
                    "x": round(plan.xy[v][0], 1), "y": round(plan.xy[v][1], 1)} for v in order],
        "roads": sorted([sorted((ident[a], ident[b]), key=lambda s: int(s[1:]))
                         for a, b in plan.roads], key=lambda r: (int(r[0][1:]), int(r[1][1:]))),
    }


def generate_map(seed: int, size: str = "medium") -> dict[str, Any]:
    """The map for ``seed`` and ``size`` (see :data:`SIZES`), valid by construction."""
    if size not in SIZES:
        raise Refusal("map_size", sizes=", ".join(SIZES), value=brief(size))
    for attempt in range(MAX_ATTEMPTS):
        data = _attempt(random.Random(f"inselspiel-map:{size}:{seed}:{attempt}"), size)
        if data is not None and not validate_map(data):
            return data
    raise RuntimeError(f"no valid {size} map for seed {seed}")  # pragma: no cover
