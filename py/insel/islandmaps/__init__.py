"""Island maps for Inselspiel: the JSON format, its validator and a seeded generator.

- :mod:`insel.islandmaps.model` — the format and :class:`IslandMap`;
- :mod:`insel.islandmaps.options` — ``map_for_option``: the map an engine option names;
- :mod:`insel.islandmaps.validate` — the rule text's design rules as ``validate_map``;
- :mod:`insel.islandmaps.generate` — ``generate_map(seed, size)``.
"""

from insel.islandmaps.generate import SIZES, generate_map
from insel.islandmaps.model import IslandMap
from insel.islandmaps.options import map_for_option
from insel.islandmaps.validate import validate_map

__all__ = ["SIZES", "IslandMap", "generate_map", "map_for_option", "validate_map"]
