"""Island maps: the default map, the validator's design rules, the seeded generator."""

import copy
import json

import pytest

from insel.assets import asset_path
from insel.islandmaps import SIZES, generate_map, map_for_option, validate_map
from insel.islandmaps.generate import CAPITAL_NAMES, PORT_NAMES
from insel.islandmaps.validate import distances_from

DEFAULT = json.loads(asset_path("maps", "default.json").read_text(encoding="utf-8"))


def places_of(data, kind):
    return [p for p in data["places"] if p["kind"] == kind]


def problems_after(change) -> list[str]:
    data = copy.deepcopy(DEFAULT)
    change(data)
    return validate_map(data)


def depth_one_ordinary(data):
    """An ordinary place next to a port (the shallowest place there is)."""
    ports = {p["id"] for p in places_of(data, "port")}
    next_to_port = {b if a in ports else a for a, b in data["roads"] if ports & {a, b}}
    return next(p for p in data["places"] if p["id"] in next_to_port and p["kind"] == "ordinary")


def test_the_default_map_is_valid_and_uses_the_28_names():
    assert validate_map(DEFAULT) == []
    assert 130 <= len(DEFAULT["places"]) <= 150
    assert sorted(p["name"] for p in places_of(DEFAULT, "capital")) == sorted(CAPITAL_NAMES)
    assert sorted(p["name"] for p in places_of(DEFAULT, "port")) == sorted(PORT_NAMES)


def test_structure_problems_are_named():
    assert validate_map([]) == ["a map is a JSON object"]
    assert any("kind" in p for p in problems_after(lambda d: d["places"][0].update(kind="town")))
    assert any("two known places" in p
               for p in problems_after(lambda d: d["roads"].append(["p1", "nowhere"])))
    assert any("used twice" in p
               for p in problems_after(lambda d: d["places"][1].update(id=d["places"][0]["id"])))


def test_road_counts_per_kind():
    def capital_as_junction(data):
        places_of(data, "capital")[0]["kind"] = "junction"

    def port_as_ordinary(data):
        places_of(data, "port")[0].update(kind="ordinary", name=None)

    assert any("junction" in p and "not 3 or 4" in p for p in problems_after(capital_as_junction))
    assert any("ordinary" in p and "not 2" in p for p in problems_after(port_as_ordinary))


def test_the_road_network_must_be_connected():
    def cut(data):
        port = places_of(data, "port")[0]["id"]
        data["roads"] = [r for r in data["roads"] if port not in r]
        data["places"] = [p if p["id"] != port else {**p, "kind": "ordinary", "name": None}
                          for p in data["places"]]
    assert any("not connected" in p for p in problems_after(cut))


def test_about_one_capital_per_12_to_15_places():
    def fewer_capitals(data):
        for p in places_of(data, "capital")[:3]:
            p.update(kind="ordinary", name=None)
    assert any("want one capital per 12–15" in p for p in problems_after(fewer_capitals))


def test_capitals_must_be_denser_inside():
    def capitals_at_the_coast(data):
        ports = {p["id"] for p in places_of(data, "port")}
        for capital in places_of(data, "capital"):
            capital.update(kind="ordinary", name=None)
        shore = [b if a in ports else a for a, b in data["roads"] if ports & {a, b}]
        index = {p["id"]: p for p in data["places"]}
        for n, pid in enumerate([s for s in shore if index[s]["kind"] == "ordinary"][:10]):
            index[pid].update(kind="capital", name=f"Town {n}")
    assert any("denser inside" in p for p in problems_after(capitals_at_the_coast))


def test_ports_must_be_equally_good():
    def capital_next_to_a_port(data):
        moved = places_of(data, "capital")[0]
        depth_one_ordinary(data).update(kind="capital", name=moved["name"])
        moved.update(kind="ordinary", name=None)
    assert any("not equally good" in p for p in problems_after(capital_next_to_a_port))


def test_drawing_problems():
    def swap_far_places(data):
        a, b = data["places"][2], data["places"][-3]
        a["x"], b["x"], a["y"], b["y"] = b["x"], a["x"], b["y"], a["y"]

    def crowd(data):
        data["places"][5].update(x=data["places"][6]["x"] + 3, y=data["places"][6]["y"])

    assert any("cross" in p for p in problems_after(swap_far_places))
    assert any("overlap" in p for p in problems_after(crowd))
    assert any("needs a name" in p
               for p in problems_after(lambda d: places_of(d, "port")[0].update(name=None)))
    assert any("outside the coastline" in p
               for p in problems_after(lambda d: d["places"][0].update(x=-50)))


@pytest.mark.parametrize("size", list(SIZES))
def test_generated_maps_are_valid_for_many_seeds(size):
    capitals, ports, _ = SIZES[size]
    for seed in range(34):  # about 100 seeds over the three sizes
        data = generate_map(seed, size)
        assert validate_map(data) == [], (size, seed)
        assert len(places_of(data, "capital")) == capitals
        assert len(places_of(data, "port")) == ports


def test_generation_is_deterministic_and_seeded():
    assert generate_map(11, "medium") == generate_map(11, "medium")
    assert generate_map(11, "medium") != generate_map(12, "medium")


def test_port_reach_is_measured_to_the_nearest_capital():
    data = generate_map(2, "small")
    index = {p["id"]: i for i, p in enumerate(data["places"])}
    nbrs = [[] for _ in index]
    for a, b in data["roads"]:
        nbrs[index[a]].append(index[b])
        nbrs[index[b]].append(index[a])
    reach = distances_from([index[p["id"]] for p in places_of(data, "capital")], nbrs)
    ports = [reach[index[p["id"]]] for p in places_of(data, "port")]
    assert max(ports) - min(ports) <= 2


def test_the_map_option_names_a_file_or_a_generator_seed():
    assert len(map_for_option("default")) == len(DEFAULT["places"])
    small = map_for_option({"generate": 5, "size": "small"})
    assert small.ids == tuple(p["id"] for p in generate_map(5, "small")["places"])
    with pytest.raises(ValueError, match="map_generated_fields"):
        map_for_option({"generate": 5, "size": "small", "extra": 1})
