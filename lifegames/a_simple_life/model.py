"""The readings of A Simple Life that every other file shares: a sheet's stock and dice, what
the tools do, the Mines cells two dice name, the goals and the score, the standing orders in
force and the Mines rule they name, and the names an order gives (a townsfolk, a resource, a
tool, a Mines rule). Nothing here changes the state, so checks, actions, advice, views and
bots read the sheet the same way without importing one another for it.

Inventory rows work as on paper: a gain circles the next free icon of the row, a loss crosses a
circled one. `circled` counts every circle ever drawn (crossed or not), so `circled - crossed` is
what you have and `circled` can never pass the row's length. Monsters are the exception the
rulebook makes: a defeated monster is circled, one that got away is crossed without a circle.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TypedDict, TypeVar, cast

from ..engine.base.words import counted
from ..engine.core.contract import Order, OrderError
from ..engine.core.orders import standing_orders
from ..engine.core.turn import unknown_value
from .codes import E
from .data import SCORED, goal_text, rules, sheet
from .state import Mines, Pending, Sheet, SimpleLifeState

T = TypeVar("T")
A = TypeVar("A", bound=tuple[object, ...])

GRAMMAR = "a_simple_life"
MISS_TARGETS = ("lake", "fight")  # the rolls a standing on_miss order answers
KEEP_ALL = "all"  # on_miss(lake, all): never pay a carrot, accept every miss
NEVER = 1_000_000  # "keep all carrots": more than any inventory row holds
ARTIFACT = "artifact"  # on_mine(artifact): any of the four artifacts
MINE_RULES = ("any", "stone", "carrot", "flower", "coin", "diamond", "star", ARTIFACT,
              "monster")


def me(state: SimpleLifeState, player: str) -> Sheet:
    return state["sheets"][player]


def asked(s: Sheet) -> Pending:
    """The prompt open on the sheet, where the order's check has made sure one is."""
    pending = s["pending"]
    if pending is None:
        raise AssertionError("no prompt is open on the sheet")  # checked before
    return pending


def cells(array: tuple[T, ...]) -> list[T]:
    """A fixed-length array of the state (the Farm, a Lake row, a Mines row, the Mines dice)
    as the list it is: state.py declares it as a tuple, which types each position and fixes
    the length, but JSON has no tuples, so the state holds a list, whose cells orders set."""
    return cast("list[T]", array)


def copied(array: A) -> A:
    """A copy of a fixed-length array of the state: a list, as `cells` says."""
    return cast(A, list(array))


# -- the inventory ------------------------------------------------------------------------------


def stock(s: Sheet, kind: str) -> int:
    row = s["inventory"][kind]
    return row["circled"] - row["crossed"]


def room(s: Sheet, kind: str) -> int:
    """How many more icons of `kind` can still be circled."""
    row = s["inventory"][kind]
    used = row["circled"] + (row["crossed"] if kind == "monster" else 0)
    cap: int = sheet()["caps"][kind]
    return cap - used


# -- dice -----------------------------------------------------------------------------------------


def dice_total(state: SimpleLifeState) -> int:
    data: dict[str, int] = rules()["dice"]
    return data["solo"] if len(state["players"]) == 1 else data["two_player"]


def day_limit(state: SimpleLifeState) -> int | None:
    """Dice a player may spend a day: all of them solo, 5 of the 6 shared dice with two."""
    return None if len(state["players"]) == 1 else rules()["two_player"]["dice_per_day"]


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


def dice_conserved(state: SimpleLifeState, player: str) -> bool:
    s = me(state, player)
    return len(s["available"]) + len(s["used"]) + dice_in_play(s) == dice_total(state)


def copy_sheet(s: Sheet) -> Sheet:
    """A deep copy of one sheet, much faster than copy.deepcopy (the bots copy sheets often)."""
    out = s.copy()
    out["farm"] = copied(s["farm"])
    out["lake"] = [copied(r) for r in s["lake"]]
    out["mines"] = cast(Mines, [copied(r) for r in s["mines"]])
    out["friends"], out["tools"], out["done"] = dict(s["friends"]), dict(s["tools"]), \
        dict(s["done"])
    out["museum"], out["pond"] = dict(s["museum"]), dict(s["pond"])
    out["inventory"] = {k: v.copy() for k, v in s["inventory"].items()}
    out["available"], out["used"], out["log"] = list(s["available"]), list(s["used"]), \
        list(s["log"])
    out["spent_on"] = list(s.get("spent_on", []))
    out["town"] = s["town"].copy() if s["town"] is not None else None
    if s["pending"] is not None:
        out["pending"] = pending = s["pending"].copy()
        if "dice" in pending:  # the one list a prompt holds
            pending["dice"] = copied(pending["dice"])
    return out


# -- what the Locations and tools do --------------------------------------------------------------


def lake_column(face: int) -> int:
    """Die 1-2: column 1, 3-4: column 2, 5-6: column 3."""
    return (face + 1) // 2


def hits_on(s: Sheet) -> int:
    by_level: list[int] = rules()["fight_hits_on"]
    level: int = s["tools"]["sword"]
    return by_level[level]


def rod_bonus(s: Sheet) -> int:
    by_level: list[int] = rules()["fishing_rod_bonus"]
    level: int = s["tools"]["fishing_rod"]
    return by_level[level]


class Digging(TypedDict):
    """What the Mines cells two dice name depend on: the cells crossed and the Pickaxe (a
    sheet has both; the bots' cached Mines value builds just these)."""

    mines: Mines
    tools: dict[str, int]


def reachable(s: Digging, faces: Sequence[int]) -> list[tuple[int, int]]:
    """Every (column, row) the two Mines dice can name, with the Pickaxe's +-1 moves."""
    moves = rules()["pickaxe_dice"][s["tools"]["pickaxe"]]
    a, b = faces

    def options(v: int, moved: bool) -> list[tuple[int, bool]]:
        out = [(v, False)]
        if moved:
            out += [(w, True) for w in (v - 1, v + 1) if 1 <= w <= 6]
        return out

    cells = set()
    for x, mx in options(a, moves > 0):
        for y, my in options(b, moves > 0):
            if mx + my > moves:
                continue
            cells.add((x, y))
            cells.add((y, x))
    return sorted(cells)


# -- goals and the score (checked after every order, counted at the end of the last day) ----------


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
        defeated: int = s["inventory"]["monster"]["circled"]
        return defeated >= 5
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


class Band(TypedDict):
    """A score band of rules.yaml: from `min` points (to `max`, None for the top one)."""

    min: int
    max: int | None
    name: str


def band(points: int) -> Band:
    chosen: Band = rules()["bands"][0]
    for spec in rules()["bands"]:
        if points >= spec["min"]:
            chosen = spec
    return chosen


def band_label(points: int) -> str:
    spec = band(points)
    top = f"{spec['min']}-{spec['max']}" if spec["max"] is not None else f"{spec['min']}+"
    return f"{top}: {spec['name']}"


def won(state: SimpleLifeState, player: str) -> bool:
    s = state["sheets"][player]
    return all(goal in s["done"] for goal in state["goals"])


def result_line(state: SimpleLifeState, player: str, named: bool = False) -> str:
    """The player's result as one statement: a win and its band, or why the points on the
    sheet are not recorded (the band of a score that does not count is not named).
    `named`: a sentence with the player's name as its subject."""
    s = me(state, player)
    points = score(s)
    if state["sandbox"]:
        done = len(s["done"])
        return (f"{player + ' scores ' if named else ''}{points} points "
                f"({band_label(points)}), with {counted(done, 'goal')} of the 6 completed "
                "in this sandbox game")
    goals = state["goals"]
    if won(state, player):
        every = "the goal" if len(goals) == 1 else f"all {len(goals)} goals"
        return (f"{player + ' wins' if named else 'a win'}: {every} completed, and the "
                f"{points} points are recorded ({band_label(points)})")
    done = sum(g in s["done"] for g in goals)
    missing = "; ".join("{}: {} of {}".format(goal_text(g), *goal_progress(s, g))
                        for g in goals if g not in s["done"])
    return (f"{player + ' does not win' if named else 'not a win'}: {done} of "
            f"{counted(len(goals), 'goal')} completed ({missing}), so the {points} points "
            "on the sheet are not recorded")


# -- the names an order gives (the same resolvers for checks, validate and spelling) -------------


def name(value: object) -> str:
    return str(value).strip().lower().replace(" ", "_").replace("-", "_")


def townsfolk_name(order: Order) -> str:
    names: list[str] = list(sheet()["townsfolk"])
    wanted = name(order["townsfolk"])
    for known in names:
        if known.lower() == wanted:
            return known
    raise unknown_value(E.UNKNOWN_TOWNSFOLK, "townsfolk", str(order["townsfolk"]), names,
                        "townsfolk", "townsfolk")


def resource_name(order: Order, allowed: list[str], verb: str) -> str:
    value = name(order["resource"])
    if value.endswith("s") and value[:-1] in allowed:
        value = value[:-1]
    if value not in allowed:
        raise unknown_value(E.UNKNOWN_RESOURCE, "resource", str(order["resource"]), allowed,
                            "resource", f"you can {verb}")
    return value


def tool_name(order: Order) -> str:
    tools = sheet()["tools"]
    tool = name(order["tool"])
    if tool not in tools:
        raise unknown_value(E.UNKNOWN_TOOL, "tool", str(order["tool"]), tools, "tool")
    return tool


def miss_target(order: Order) -> str:
    target = name(order["target"])
    if target not in MISS_TARGETS:
        raise unknown_value(E.UNKNOWN_TARGET, "roll to answer", str(order["target"]),
                            list(MISS_TARGETS), "target", "on_miss answers")
    return target


def keep_value(order: Order) -> int | None:
    """How many carrots an on_miss order keeps (None: all of them, never reroll)."""
    keep = order["keep"]
    if isinstance(keep, str):
        if name(keep) != KEEP_ALL:
            raise OrderError(E.BAD_KEEP, f'"{keep}" is not a number of carrots to keep',
                             "write a number (0 spends every carrot) or all (never reroll)",
                             "keep")
        return None
    if keep < 0:
        raise OrderError(E.BAD_KEEP, f"you cannot keep {keep} carrots",
                         "write 0 or more, or all", "keep")
    return int(keep)


def mine_rule(order: Order) -> str:
    rule = name(order["icon"])
    if rule.endswith("s") and rule[:-1] in MINE_RULES:
        rule = rule[:-1]
    if rule not in MINE_RULES:
        raise unknown_value(E.UNKNOWN_ICON, "Mines rule", str(order["icon"]),
                            list(MINE_RULES), "icon", "on_mine takes")
    return rule


# -- the standing orders in force: a player's defaults for their own prompts ----------------------
# `standing on_miss(lake, 2)`: a missed Lake roll is rerolled with a carrot while you have more
# than 2 carrots, then accepted. `standing on_miss(fight, all)`: every monster waiting in a dug
# cell is fought at once and a missed fight roll is accepted. `standing on_mine(stone)`: the
# Mines dice are placed at once, on the cell the rule picks. A standing order answers its prompt
# the moment the prompt arises (so the rest of the file runs), and any such prompt still open at
# the end of a tick. The last order of each kind counts. The engine keeps the canonical texts in
# state["standing"], which only their player sees.


def _standing(state: SimpleLifeState, player: str) -> tuple[Order, ...]:
    texts = state.get("standing", {}).get(player, [])
    return standing_orders(GRAMMAR, tuple(texts)) if texts else ()


def miss_keep(state: SimpleLifeState, player: str, target: str) -> int | None:
    """Carrots to keep when a `target` roll (lake or fight) misses: reroll while you have
    more; None if no standing order answers that prompt."""
    keep: int | None = None
    for order in _standing(state, player):
        if order.command == "on_miss" and miss_target(order) == target:
            value = keep_value(order)
            keep = NEVER if value is None else value
    return keep


def mine_pref(state: SimpleLifeState, player: str) -> str | None:
    """The Mines rule of the player's standing on_mine order, or None."""
    rule = None
    for order in _standing(state, player):
        if order.command == "on_mine":
            rule = mine_rule(order)
    return rule


def covers(state: SimpleLifeState, player: str, s: Sheet) -> bool:
    """Whether a standing order answers the prompt open on the sheet now."""
    pending = s["pending"]
    if pending is None:
        return False
    if pending["kind"] == "mine":
        return mine_pref(state, player) is not None
    return miss_keep(state, player, pending["kind"]) is not None


@functools.cache
def _artifacts() -> frozenset[str]:
    return frozenset(sheet()["artifacts"])


def cell_key(icons: tuple[str, ...], rule: str) -> tuple[int, ...]:
    """How a rule ranks a cell's icons (higher is better): `any` wants the most icons other
    than monsters, then the fewest monsters; `monster` the most monsters; any other rule the
    most of its icon, then as `any`."""
    monsters = icons.count("monster")
    others = len(icons) - monsters
    if rule == "any":
        return (others, -monsters)
    if rule == "monster":
        return (monsters, others)
    wanted = sum(1 for i in icons if i in _artifacts()) if rule == ARTIFACT else icons.count(rule)
    return (wanted, others, -monsters)


def best_cell(s: Sheet, cells: list[tuple[int, int]], rule: str) -> tuple[int, int]:
    """Among the (column, row) cells the Mines dice can name, the one `rule` prefers: an
    uncrossed cell before a crossed one, then by `cell_key`, then the lowest column, then the
    lowest row."""
    table = sheet()["mines"]

    def key(cell: tuple[int, int]) -> tuple[object, ...]:
        col, row = cell
        crossed = s["mines"][row - 1][col - 1]
        return (not crossed, cell_key(tuple(table[row][col - 1]), rule), -col, -row)

    return max(cells, key=key)


def rule_cell(state: SimpleLifeState, player: str) -> tuple[int, int]:
    """The cell the player's Mines rule (their standing on_mine, else `any`) picks for the
    Mines dice on their sheet: the facts $best_col, $best_row."""
    s = me(state, player)
    return best_cell(s, reachable(s, asked(s)["dice"]), mine_pref(state, player) or "any")
