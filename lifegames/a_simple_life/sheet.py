"""One player's paper sheet as plain data, and the small operations every location uses:
circling and crossing inventory icons, moving dice between areas, reading the sheet back.

Inventory rows work as on paper: a gain circles the next free icon of the row, a loss crosses a
circled one. `circled` counts every circle ever drawn (crossed or not), so `circled - crossed` is
what you have and `circled` can never pass the row's length. Monsters are the exception the
rulebook makes: a defeated monster is circled, one that got away is crossed without a circle.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine.contract import OrderError, State
from .data import KINDS, rules, sheet

Sheet = dict[str, Any]


def new_sheet() -> Sheet:
    data = sheet()
    inventory = {kind: {"circled": 0, "crossed": 0} for kind in KINDS}
    for kind, count in data["start"].items():
        inventory[kind]["circled"] = count
    return {
        "farm": [0] * 6,
        "lake": [["", "", ""] for _ in data["lake"]],
        "mines": [[False] * 6 for _ in range(6)],
        "friends": {name: 0 for name in data["townsfolk"]},
        "tools": {tool: 0 for tool in data["tools"]},
        "inventory": inventory,
        "museum": {name: False for name in data["artifacts"]},
        "pond": {name: False for name in data["fish"]},
        "available": [],
        "used": [],
        "spent": 0,
        "spent_on": [],  # the orders today's dice went to, for the sheet
        "town": None,
        "pending": None,
        "done": {},
        "day_over": False,
        "log": [],
    }


def me(state: State, player: str) -> Sheet:
    return state["sheets"][player]


def stock(s: Sheet, kind: str) -> int:
    row = s["inventory"][kind]
    return row["circled"] - row["crossed"]


def room(s: Sheet, kind: str) -> int:
    """How many more icons of `kind` can still be circled."""
    row = s["inventory"][kind]
    used = row["circled"] + (row["crossed"] if kind == "monster" else 0)
    return sheet()["caps"][kind] - used


def gain(s: Sheet, icon: str, day: int) -> str:
    """Gain one icon (inventory, Museum or Pond); the words for the log."""
    data = sheet()
    if icon in data["fish"]:
        s["pond"][icon] = True
        return f"caught the {icon} ({data['fish'][icon]} points)"
    if icon in data["artifacts"]:
        s["museum"][icon] = True
        return f"found the {icon} for the Museum"
    if room(s, icon) <= 0:
        return f"no {icon} gained: that inventory row is full"
    s["inventory"][icon]["circled"] += 1
    return f"+1 {icon}"


def lose(s: Sheet, kind: str, count: int = 1) -> None:
    if stock(s, kind) < count:
        raise AssertionError(f"losing {count} {kind} with {stock(s, kind)}")  # verified before
    s["inventory"][kind]["crossed"] += count


def gains(s: Sheet, icons: list[str], day: int) -> list[str]:
    return [gain(s, icon, day) for icon in icons]


def need(s: Sheet, kind: str, count: int, what: str, arg: str | None = None) -> None:
    have = stock(s, kind)
    if have < count:
        plural = kind if count == 1 else f"{kind}s"
        raise OrderError("E-SHORT", f"{what} needs {count} {plural}, you have {have}",
                         _where_to_get(kind), arg)


def _where_to_get(kind: str) -> str:
    return {
        "carrot": "carrots come from the Farm, the Mines, the Lake and the Shop",
        "flower": "flowers come from the Farm, the Mines and the Shop",
        "stone": "stones come from the Mines and the Shop",
        "coin": "coins come from the Shop (sell), the Mines and the Lake",
    }.get(kind, "")


# -- dice ---------------------------------------------------------------------------------------


def dice_total(state: State) -> int:
    data = rules()["dice"]
    return data["solo"] if len(state["players"]) == 1 else data["two_player"]


def day_limit(state: State) -> int | None:
    """Dice a player may spend a day: all of them solo, 5 of the 6 shared dice with two."""
    return None if len(state["players"]) == 1 else rules()["two_player"]["dice_per_day"]


def take_dice(s: Sheet, values: list[int], arg: str = "die") -> None:
    """Check that the Available area holds every die in `values` (a multiset)."""
    for value in values:
        if not 1 <= value <= 6:
            raise OrderError("E-NOT-A-DIE", f"a die shows 1 to 6, not {value}",
                             f"your available dice: {show_dice(s['available'])}", arg)
    want, have = Counter(values), Counter(s["available"])
    for value, count in want.items():
        if have[value] < count:
            message = (f"no die showing {value} is available" if not have[value] else
                       f"only {have[value]} of your available dice show {value}, not {count}")
            raise OrderError("E-NO-DIE", message,
                             f"your available dice: {show_dice(s['available'])}", arg)


def remove_dice(s: Sheet, values: list[int]) -> None:
    for value in values:
        s["available"].remove(value)


def show_dice(values: list[int]) -> str:
    return ", ".join(str(v) for v in sorted(values)) or "none"


def dice_in_play(s: Sheet) -> int:
    """Dice on the sheet outside Available and Used (the Town's action die, a Lake target, the
    Mines' two dice)."""
    pending = s["pending"]
    held = 1 if s["town"] is not None else 0
    if pending:
        held += 1 if pending["kind"] == "lake" else 2
    return held


def dice_conserved(state: State, player: str) -> bool:
    s = me(state, player)
    return len(s["available"]) + len(s["used"]) + dice_in_play(s) == dice_total(state)


def clone(s: Sheet) -> Sheet:
    """A deep copy of one sheet, much faster than copy.deepcopy (the bots copy sheets often)."""
    out = dict(s)
    out["farm"] = list(s["farm"])
    out["lake"] = [list(r) for r in s["lake"]]
    out["mines"] = [list(r) for r in s["mines"]]
    for key in ("friends", "tools", "museum", "pond", "done"):
        out[key] = dict(s[key])
    out["inventory"] = {k: dict(v) for k, v in s["inventory"].items()}
    out["available"], out["used"], out["log"] = list(s["available"]), list(s["used"]), \
        list(s["log"])
    out["spent_on"] = list(s.get("spent_on", []))
    out["town"] = dict(s["town"]) if s["town"] is not None else None
    if s["pending"] is not None:
        out["pending"] = {k: list(v) if isinstance(v, list) else v
                          for k, v in s["pending"].items()}
    return out
