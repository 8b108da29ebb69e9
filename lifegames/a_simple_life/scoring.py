"""Goals and the score: checked after every order (a goal is complete the moment it is met)
and counted at the end of Day 10 (and shown as a running total on the sheet)."""

from __future__ import annotations

from typing import Any

from ..engine.contract import State
from ..engine.words import counted
from .data import SCORED, goal_ids, goal_text, rules, sheet
from .sheet import Sheet, stock


def goal_met(s: Sheet, goal: str) -> bool:
    data = sheet()
    if goal == "harvest":
        return all(s["farm"][c - 1] >= _top_crop(boxes) for c, boxes in data["farm"].items())
    if goal == "befriend":
        return all(s["friends"][n] >= spec["boxes"] for n, spec in data["townsfolk"].items())
    if goal == "tools":
        return all(level >= 2 for level in s["tools"].values())
    if goal == "legendary":
        return bool(s["pond"]["Legendary Fish"])
    if goal == "monsters":
        return s["inventory"]["monster"]["circled"] >= 5
    if goal == "artifacts":
        return all(s["museum"].values())
    raise KeyError(goal)


def goal_progress(s: Sheet, goal: str) -> tuple[int, int]:
    """(done, needed) for the sheet's goal list."""
    data = sheet()
    if goal == "harvest":
        crops = [i for c, boxes in data["farm"].items()
                 for i, icon in enumerate(boxes) if icon]
        done = sum(1 for c, boxes in data["farm"].items()
                   for i, icon in enumerate(boxes) if icon and s["farm"][c - 1] > i)
        return done, len(crops)
    if goal == "befriend":
        return (sum(s["friends"][n] >= spec["boxes"] for n, spec in data["townsfolk"].items()),
                len(data["townsfolk"]))
    if goal == "tools":
        return sum(s["tools"].values()), 2 * len(s["tools"])
    if goal == "legendary":
        return int(s["pond"]["Legendary Fish"]), 1
    if goal == "monsters":
        return min(5, s["inventory"]["monster"]["circled"]), 5
    return sum(s["museum"].values()), len(s["museum"])


def _top_crop(boxes: list[str]) -> int:
    """How many boxes of a column must be checked to reach its top-most crop."""
    return max((i + 1 for i, icon in enumerate(boxes) if icon), default=0)


def update_goals(state: State, s: Sheet) -> list[str]:
    """Check the circle of every goal met just now (all six are tracked, for sandbox play)."""
    events = []
    for goal in goal_ids():
        if goal not in s["done"] and goal_met(s, goal):
            s["done"][goal] = state["day"]
            chosen = goal in state["goals"]
            events.append(f"goal complete: {goal_text(goal)}" +
                          ("" if chosen or state["sandbox"] else " (not one of your goals)"))
    return events


def breakdown(s: Sheet) -> list[tuple[str, str, int]]:
    """(what, how many, points) per line of the scoring table."""
    points = rules()["score"]
    rows = []
    for kind in SCORED:
        count = stock(s, kind)
        rows.append((kind, str(count), count * points[kind]))
    artifacts = sum(s["museum"].values())
    rows.append(("museum", counted(artifacts, "artifact"), points["museum"][artifacts]))
    fish = [name for name, caught in s["pond"].items() if caught]
    rows.append(("pond", f"{len(fish)} fish", sum(sheet()["fish"][f] for f in fish)))
    monster = s["inventory"]["monster"]
    rows.append(("monsters defeated", str(monster["circled"]),
                 monster["circled"] * points["monster_defeated"]))
    rows.append(("monsters escaped", str(monster["crossed"]),
                 monster["crossed"] * points["monster_escaped"]))
    return rows


def score(s: Sheet) -> int:
    return sum(points for _, _, points in breakdown(s))


def band(points: int) -> dict[str, Any]:
    chosen = rules()["bands"][0]
    for spec in rules()["bands"]:
        if points >= spec["min"]:
            chosen = spec
    return chosen


def band_label(points: int) -> str:
    spec = band(points)
    top = f"{spec['min']}-{spec['max']}" if spec["max"] is not None else f"{spec['min']}+"
    return f"{top}: {spec['name']}"


def won(state: State, player: str) -> bool:
    s = state["sheets"][player]
    return all(goal in s["done"] for goal in state["goals"])
