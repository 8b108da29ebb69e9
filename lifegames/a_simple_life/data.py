"""A Simple Life's rule data: games/a_simple_life/sheet.yaml (the reconstructed sheet) and
rules.yaml (the numbers of play), loaded once and checked, so a typo fails at start-up naming
the key that is wrong instead of as a KeyError in the middle of a tick."""

from __future__ import annotations

import functools
from typing import TypedDict

from ..engine.base.jsondata import Json, JsonObject
from ..engine.files.data import DataError, load_yaml

PACKAGE = "a_simple_life"
RESOURCES = ("carrot", "flower", "stone", "coin")
KINDS = ("carrot", "flower", "stone", "coin", "diamond", "heart", "upgrade", "star",
         "monster")
SCORED = tuple(k for k in KINDS if k != "monster")  # 1 point or more each (monsters: +2/-2)
PLAIN_ICONS = ("carrot", "flower", "stone", "coin", "diamond", "star", "monster")


class Townsfolk(TypedDict):
    """A townsfolk of sheet.yaml: the heart boxes to befriend them, the flowers a gift takes,
    and the icons they give once befriended."""

    boxes: int
    flowers: int
    gift: list[str]


class LakeRow(TypedDict):
    """A row of the Lake: the die it needs and its three cells of icons."""

    needs: int
    cells: list[list[str]]


class SheetData(TypedDict):
    """sheet.yaml as the loader returns it, checked (the goals' entries excepted: the code
    reads only their `id` and `text`)."""

    farm: dict[int, list[str]]  # column -> its boxes ('', carrot, flower)
    lake: list[LakeRow]
    mines: dict[int, list[list[str]]]  # row -> its six cells of icons
    townsfolk: dict[str, Townsfolk]
    fish: dict[str, int]  # fish -> its points
    artifacts: list[str]
    tools: list[str]
    caps: dict[str, int]  # icon kind -> how many the inventory holds
    start: dict[str, int]
    goals: dict[int, JsonObject]  # die face -> the goal's id and text


def _need(data: Json, path: str, kind: type | tuple[type, ...], where: str) -> Json:
    node = data
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            raise DataError(f"{where}: missing {path}")
        node = node[key]
    if not isinstance(node, kind) or (isinstance(node, bool) and kind is not bool):
        raise DataError(f"{where}: {path} should be {kind}")
    return node


def _icons(cell: Json, path: str, named: set[str]) -> list[str]:
    if not isinstance(cell, list) or not cell:
        raise DataError(f"sheet.yaml: {path} should be a non-empty list of icons")
    for icon in cell:
        if icon not in PLAIN_ICONS and icon not in named:
            raise DataError(f"sheet.yaml: {path} names unknown icon {icon!r}")
    return cell


@functools.cache
def sheet() -> SheetData:
    data = load_yaml(PACKAGE, "sheet.yaml")
    where = "sheet.yaml"
    if not isinstance(data, dict):
        raise DataError("sheet.yaml: not a mapping")
    fish = _need(data, "fish", dict, where)
    fish = {k: v for k, v in fish.items() if k != "reconstructed"}
    if len(fish) != 8 or fish.get("Crab") != 2 or fish.get("Legendary Fish") != 10:
        raise DataError("sheet.yaml: fish must list 8 fish, with Crab 2 and Legendary Fish 10")
    artifacts = _need(data, "artifacts.names", list, where)
    if len(artifacts) != 4:
        raise DataError("sheet.yaml: artifacts.names must list 4 artifacts")
    named = set(fish) | set(artifacts)
    columns = _need(data, "farm.columns", dict, where)
    if sorted(columns) != [1, 2, 3, 4, 5, 6]:
        raise DataError("sheet.yaml: farm.columns needs columns 1-6")
    for number, boxes in columns.items():
        if not isinstance(boxes, list) or not boxes or any(
                b not in ("", "carrot", "flower") for b in boxes):
            raise DataError(f"sheet.yaml: farm.columns.{number} must list '', carrot, flower")
    rows = _need(data, "lake.rows", list, where)
    for i, row in enumerate(rows):
        if not isinstance(row.get("needs"), int) or len(row.get("cells", [])) != 3:
            raise DataError(f"sheet.yaml: lake.rows[{i}] needs `needs` and 3 cells")
        for j, cell in enumerate(row["cells"]):
            _icons(cell, f"lake.rows[{i}].cells[{j}]", named)
    mines = _need(data, "mines.rows", dict, where)
    if sorted(mines) != [1, 2, 3, 4, 5, 6] or any(len(r) != 6 for r in mines.values()):
        raise DataError("sheet.yaml: mines.rows must be 6 rows of 6 cells")
    for r, row in mines.items():
        for c, cell in enumerate(row, start=1):
            _icons(cell, f"mines.rows.{r}[{c}]", named)
    found = [i for cell in _all_cells(data) for i in cell if i in artifacts]
    if sorted(found) != sorted(artifacts):
        raise DataError("sheet.yaml: every artifact must appear exactly once in Mines or Lake")
    lake_fish = [i for row in rows for cell in row["cells"] for i in cell if i in fish]
    if sorted(lake_fish) != sorted(fish):
        raise DataError("sheet.yaml: every fish must appear exactly once in the Lake")
    folk = {k: v for k, v in _need(data, "townsfolk", dict, where).items()
            if k != "reconstructed"}
    for name, spec in folk.items():
        for key in ("boxes", "flowers"):
            _need(spec, key, int, f"sheet.yaml townsfolk.{name}")
        if spec["flowers"] not in (1, 2):
            raise DataError(f"sheet.yaml: townsfolk.{name}.flowers must be 1 or 2")
        _icons(spec.get("gift"), f"townsfolk.{name}.gift", set())
    tools = _need(data, "tools", list, where)
    if tools != ["watering_can", "pickaxe", "fishing_rod", "sword"]:
        raise DataError("sheet.yaml: tools must be watering_can, pickaxe, fishing_rod, sword")
    for kind in KINDS:
        _need(data, f"inventory.{kind}", int, where)
    monsters = sum(cell.count("monster") for row in mines.values() for cell in row)
    if data["inventory"]["monster"] < monsters:
        raise DataError("sheet.yaml: inventory.monster must hold every monster of the Mines")
    if data["inventory"]["heart"] < len(folk):
        raise DataError("sheet.yaml: inventory.heart needs a heart per townsfolk")
    for kind in ("carrot", "flower", "stone", "coin", "star"):
        printed = _printed(data, folk, kind)
        if data["inventory"][kind] < printed:
            raise DataError(f"sheet.yaml: inventory.{kind} must hold every {kind} printed on the "
                            f"sheet, the start included ({printed})")
    goals = _need(data, "goals", dict, where)
    if sorted(goals) != [1, 2, 3, 4, 5, 6]:
        raise DataError("sheet.yaml: goals needs faces 1-6")
    return {
        "farm": {int(k): list(v) for k, v in columns.items()},
        "lake": rows,
        "mines": {int(k): v for k, v in mines.items()},
        "townsfolk": folk,
        "fish": fish,
        "artifacts": list(artifacts),
        "tools": list(tools),
        "caps": {k: data["inventory"][k] for k in KINDS},
        "start": dict(data["inventory"].get("start", {})),
        "goals": {int(k): dict(v) for k, v in goals.items()},
    }


def _printed(data: JsonObject, folk: JsonObject, kind: str) -> int:
    """How many icons of `kind` the sheet prints (Farm, Lake, Mines, gifts) plus the start."""
    farm: int = sum(boxes.count(kind) for boxes in data["farm"]["columns"].values())
    cells = sum(cell.count(kind) for cell in _all_cells(data))
    gifts: int = sum(spec["gift"].count(kind) for spec in folk.values())
    start: int = data["inventory"].get("start", {}).get(kind, 0)
    return farm + cells + gifts + start


def _all_cells(data: JsonObject) -> list[list[str]]:
    cells = [cell for row in data["lake"]["rows"] for cell in row["cells"]]
    cells += [cell for row in data["mines"]["rows"].values() for cell in row]
    return cells


@functools.cache
def rules() -> JsonObject:
    data = load_yaml(PACKAGE, "rules.yaml")
    where = "rules.yaml"
    if not isinstance(data, dict):
        raise DataError("rules.yaml: not a mapping")
    for path in ("days", "dice.solo", "dice.two_player", "two_player.dice_per_day",
                 "costs.farm", "costs.lake", "costs.mines", "costs.town", "upgrade_stone"):
        _need(data, path, int, where)
    for path in ("fight_hits_on", "watering_can_extra", "fishing_rod_bonus", "pickaxe_dice"):
        if len(_need(data, path, list, where)) != 3:
            raise DataError(f"rules.yaml: {path} needs 3 values (levels 0, 1, 2)")
    for resource in _need(data, "shop.buy", list, where):
        if resource not in RESOURCES:
            raise DataError(f"rules.yaml: shop.buy names unknown resource {resource!r}")
    for resource, amount in _need(data, "shop.sell", dict, where).items():
        if resource not in RESOURCES or not isinstance(amount, int) or amount < 1:
            raise DataError(f"rules.yaml: shop.sell.{resource}")
    for kind in (*SCORED, "monster_defeated", "monster_escaped"):
        _need(data, f"score.{kind}", int, where)
    if len(_need(data, "score.museum", list, where)) != 5:
        raise DataError("rules.yaml: score.museum needs points for 0-4 artifacts")
    bands = _need(data, "bands", list, where)
    if not bands or bands[0]["min"] != 0:
        raise DataError("rules.yaml: bands must start at 0")
    return data


def goal_ids() -> list[str]:
    return [sheet()["goals"][face]["id"] for face in range(1, 7)]


def goal_text(goal: str) -> str:
    for spec in sheet()["goals"].values():
        if spec["id"] == goal:
            text: str = spec["text"]
            return text
    raise KeyError(goal)


def goal_face(goal: str) -> int:
    face: int
    for face, spec in sheet()["goals"].items():
        if spec["id"] == goal:
            return face
    raise KeyError(goal)
