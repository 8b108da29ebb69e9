"""Simple Kingdoms' rule data, loaded once from games/simple_kingdoms/rules.yaml and checked.

A typo in the YAML must fail loudly at start-up with the key that is wrong, not as a KeyError in
the middle of a tick.
"""

from __future__ import annotations

import functools
from typing import NotRequired, TypedDict

from ..engine.base.jsondata import Json, JsonObject
from ..engine.files.data import DataError, load_yaml

PACKAGE = "simple_kingdoms"


class Building(TypedDict):
    """One entry of rules.yaml `buildings`, as the loader has checked it."""

    kind: str  # food, defense or resource
    cost: dict[str, int]
    produces: NotRequired[dict[str, int]]
    terrain: NotRequired[list[str]]  # absent: any terrain
    needs: NotRequired[str]  # the settlement the tile must have (or better)


def _need(data: Json, path: str, kind: type | tuple[type, ...]) -> Json:
    node = data
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            raise DataError(f"rules.yaml: missing {path}")
        node = node[key]
    if not isinstance(node, kind) or isinstance(node, bool) and kind is not bool:
        raise DataError(f"rules.yaml: {path} should be {kind}")
    return node


def _counts(data: Json, path: str, resources: list[str]) -> dict[str, int]:
    table: dict[str, int] = _need(data, path, dict)
    for name, value in table.items():
        if name not in resources or not isinstance(value, int) or value < 0:
            raise DataError(f"rules.yaml: {path}.{name} must be a known resource and a count")
    return table


@functools.cache
def rules() -> JsonObject:
    data = load_yaml(PACKAGE, "rules.yaml")
    if not isinstance(data, dict):
        raise DataError("rules.yaml: not a mapping")
    resources = _need(data, "resources", list)
    _need(data, "map.size", int)
    terrains = set(_need(data, "terrain_d6", dict).values())
    if sorted(_need(data, "terrain_d6", dict)) != [1, 2, 3, 4, 5, 6]:
        raise DataError("rules.yaml: terrain_d6 needs faces 1-6")
    for name, settlement in _need(data, "settlements", dict).items():
        for key in ("cap", "watchtowers"):
            _need(data, f"settlements.{name}.{key}", int)
        if "cost" in settlement:
            _counts(data, f"settlements.{name}.cost", resources)
    for name, building in _need(data, "buildings", dict).items():
        if _need(data, f"buildings.{name}.kind", str) not in ("food", "defense", "resource"):
            raise DataError(f"rules.yaml: buildings.{name}.kind is not food/defense/resource")
        _counts(data, f"buildings.{name}.cost", resources)
        if "produces" in building:
            _counts(data, f"buildings.{name}.produces", resources)
        for terrain in building.get("terrain", []):
            if terrain not in terrains and terrain != data["map"]["start_terrain"]:
                raise DataError(f"rules.yaml: buildings.{name} names unknown terrain {terrain}")
        if building.get("needs") not in (None, *data["settlements"]):
            raise DataError(f"rules.yaml: buildings.{name}.needs is not a settlement")
    for resource, price in _need(data, "prices", dict).items():
        if resource not in resources or not isinstance(price, int) or price <= 0:
            raise DataError(f"rules.yaml: prices.{resource}")
    for path in ("ticks", "actions_per_tick", "sell_divisor", "explore_soldiers",
                 "claim.soldiers", "claim.gold", "claim.civilians", "soldiers.hire_gold",
                 "soldiers.upkeep_gold", "threat.max", "threat.start", "score.per_person",
                 "score.per_tile", "score.gold_per_point"):
        _need(data, path, int)
    for path in ("income.per_person", "income.base", "eating.per_person", "eating.base",
                 "growth.rate", "exposure.gold", "exposure.food"):
        _need(data, path, (int, float))
    _need(data, "threat.rises_on", dict)
    _need(data, "score", dict)
    return data


def terrains() -> list[str]:
    """Every terrain a tile can have, in the order the d6 table lists them."""
    data = rules()
    names = [data["map"]["start_terrain"], *data["terrain_d6"].values()]
    return list(dict.fromkeys(names))
