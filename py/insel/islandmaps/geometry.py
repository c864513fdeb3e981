"""Plane geometry for island maps: road crossings, clearances, points inside the coastline."""

from __future__ import annotations

import math

Point = tuple[float, float]


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when segment ab properly intersects segment cd (touching at an end is not a cross)."""
    d1, d2 = _orient(c, d, a), _orient(c, d, b)
    d3, d4 = _orient(a, b, c), _orient(a, b, d)
    return d1 * d2 < 0 and d3 * d4 < 0


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Euclidean distance from ``p`` to segment ``ab``."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    ex, ey = ax + t * dx - p[0], ay + t * dy - p[1]
    return math.sqrt(ex * ex + ey * ey)  # correctly rounded; a float power is the C library's pow


def inside_polygon(p: Point, polygon: list[Point]) -> bool:
    """Even-odd test: is ``p`` inside the closed ``polygon``?"""
    x, y = p
    inside = False
    j = len(polygon) - 1
    for i, (xi, yi) in enumerate(polygon):
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside
