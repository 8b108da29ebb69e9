"""The Locations' actions, one `do_*` per order. Each checks everything first and raises
OrderError before touching the sheet, then applies the order and returns what happened.

Randomness: every roll comes from the tick's dice, stream named after the player, so a replay
rolls the same values; `check` rolls dice nobody plays with and shows nothing of them, since
every rolling order is one whose outcome it cannot know (see RANDOM).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine.contract import Order, OrderError, State
from ..engine.turn import unknown_value
from .data import rules, sheet
from .sheet import (
    Sheet,
    day_limit,
    gain,
    gains,
    lose,
    me,
    need,
    remove_dice,
    room,
    show_dice,
    stock,
    take_dice,
)

RANDOM = frozenset({"lake", "mine", "fight", "reroll"})
LOCATIONS = ("farm", "lake", "mine", "town")
TOWN_ACTIONS = ("give", "buy", "sell", "upgrade")


def roll(dice: Any, player: str, count: int) -> list[int]:
    return dice.stream(f"player:{player}").roll(count)


def lake_column(face: int) -> int:
    """Die 1-2: column 1, 3-4: column 2, 5-6: column 3."""
    return (face + 1) // 2


def hits_on(s: Sheet) -> int:
    return rules()["fight_hits_on"][s["tools"]["sword"]]


def rod_bonus(s: Sheet) -> int:
    return rules()["fishing_rod_bonus"][s["tools"]["fishing_rod"]]


def _name(value: Any) -> str:
    return str(value).strip().lower().replace(" ", "_").replace("-", "_")


# -- shared checks ------------------------------------------------------------------------------


def check_spend(state: State, s: Sheet, count: int) -> None:
    limit = day_limit(state)
    if limit is not None and s["spent"] + count > limit:
        raise OrderError("E-DAY-LIMIT", f"this needs {count} dice, but you have spent "
                         f"{s['spent']} of the {limit} dice a player may spend a day",
                         "choose a cheaper location, or pass to end your day")


def close_town(s: Sheet) -> list[str]:
    town = s["town"]
    if town is None:
        return []
    s["used"].append(town["face"])
    s["town"] = None
    left = f" ({town['left']} action(s) unused)" if town["left"] else ""
    return [f"left the Town{left}"]


def spend(state: State, s: Sheet, values: list[int]) -> list[str]:
    """Take dice out of Available for a location (closing an open Town visit first)."""
    events = close_town(s)
    remove_dice(s, values)
    s["spent"] += len(values)
    return events


# -- Farm ---------------------------------------------------------------------------------------


def verify_farm(state: State, s: Sheet, order: Order) -> tuple[int, int]:
    face = order["die"]
    take_dice(s, [face])
    column = order.arg("column")
    col = column.value if column else face
    if not 1 <= col <= 6:
        raise OrderError("E-NO-COLUMN", f"the Farm has columns 1-6, not {col}", "", "column")
    if face != 6 and col != face:
        raise OrderError("E-WRONG-COLUMN", f"a {face} can only check Farm column {face}",
                         f"write farm({face}); only a 6 may choose any column", "column")
    boxes = sheet()["farm"][col]
    if s["farm"][col - 1] >= len(boxes):
        open_cols = [str(c) for c in range(1, 7) if s["farm"][c - 1] < len(sheet()["farm"][c])]
        raise OrderError("E-COLUMN-FULL", f"Farm column {col} is full",
                         f"columns with room: {', '.join(open_cols) or 'none'}",
                         "column" if column else "die")
    check_spend(state, s, rules()["costs"]["farm"])
    return face, col


def do_farm(state: State, s: Sheet, order: Order, dice: Any) -> list[str]:
    face, col = verify_farm(state, s, order)
    events = spend(state, s, [face])
    s["used"].append(face)
    boxes = sheet()["farm"][col]
    checks = 1 + rules()["watering_can_extra"][s["tools"]["watering_can"]]
    done = []
    for _ in range(checks):
        index = s["farm"][col - 1]
        if index >= len(boxes):
            break
        s["farm"][col - 1] += 1
        icon = boxes[index]
        done.append(f"box {index + 1}" + (f" ({gain(s, icon, state['day'])})" if icon else ""))
    events.append(f"Farm column {col} with a {face}: checked {', '.join(done)}")
    return events


# -- Lake ---------------------------------------------------------------------------------------


def verify_lake(state: State, s: Sheet, order: Order) -> tuple[int, int, int]:
    face, row = order["die"], order["row"]
    take_dice(s, [face])
    rows = sheet()["lake"]
    if not 1 <= row <= len(rows):
        raise OrderError("E-NO-ROW", f"the Lake has rows 1-{len(rows)}, not {row}", "", "row")
    col = lake_column(face)
    mark = s["lake"][row - 1][col - 1]
    if mark in ("check", "cross"):
        free = [str(r) for r in range(1, len(rows) + 1)
                if s["lake"][r - 1][col - 1] not in ("check", "cross")]
        raise OrderError("E-TARGET-DONE", f"Lake row {row}, column {col} already has a "
                         f"{mark}", f"free rows in column {col}: {', '.join(free) or 'none'}",
                         "row")
    check_spend(state, s, rules()["costs"]["lake"])
    return face, row, col


def do_lake(state: State, s: Sheet, order: Order, dice: Any, player: str) -> list[str]:
    face, row, col = verify_lake(state, s, order)
    events = spend(state, s, [face])
    s["pending"] = {"kind": "lake", "row": row, "col": col, "face": face,
                    "made": state["tick"]}
    return events + [f"cast into the Lake at row {row}, column {col} with a {face}"] + \
        _lake_roll(state, s, dice, player)


def _lake_roll(state: State, s: Sheet, dice: Any, player: str) -> list[str]:
    pending = s["pending"]
    face = roll(dice, player, 1)[0]
    pending["face"] = face
    spec = sheet()["lake"][pending["row"] - 1]
    total = face + rod_bonus(s)
    shown = f"{face}" + (f"+{rod_bonus(s)}" if rod_bonus(s) else "")
    if total >= spec["needs"]:
        return [f"rolled {shown}, needing {spec['needs']}: a catch!"] + _lake_end(state, s, True)
    could = 6 + rod_bonus(s) >= spec["needs"]
    if stock(s, "carrot") >= 1 and could:
        return [f"rolled {shown}, needing {spec['needs']}: a miss so far (accept it, or pay a "
                "carrot to reroll)"]
    return [f"rolled {shown}, needing {spec['needs']}: a miss"] + _lake_end(state, s, False)


def _lake_end(state: State, s: Sheet, caught: bool) -> list[str]:
    pending = s["pending"]
    row, col = pending["row"], pending["col"]
    s["used"].append(pending["face"])
    s["pending"] = None
    cell = s["lake"][row - 1]
    if caught:
        cell[col - 1] = "check"
        icons = sheet()["lake"][row - 1]["cells"][col - 1]
        return [f"Lake row {row}, column {col} checked: " + "; ".join(
            gains(s, icons, state["day"]))]
    cell[col - 1] = "cross" if cell[col - 1] == "circle" else "circle"
    return [f"Lake row {row}, column {col} gets a {cell[col - 1]}"]


# -- Mines --------------------------------------------------------------------------------------


def verify_mine(state: State, s: Sheet, order: Order) -> list[int]:
    faces = [order["die"], order["other_die"]]
    take_dice(s, faces[:1], "die")
    take_dice(s, faces, "other_die")
    check_spend(state, s, rules()["costs"]["mines"])
    return faces


def do_mine(state: State, s: Sheet, order: Order, dice: Any, player: str) -> list[str]:
    faces = verify_mine(state, s, order)
    events = spend(state, s, faces)
    rolled = sorted(roll(dice, player, 2))
    s["pending"] = {"kind": "mine", "dice": rolled, "made": state["tick"]}
    return events + [f"went into the Mines with {faces[0]} and {faces[1]}; rerolled them: "
                     f"{rolled[0]} and {rolled[1]}"]


def reachable(s: Sheet, faces: list[int]) -> list[tuple[int, int]]:
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


def verify_dig(s: Sheet, order: Order) -> tuple[int, int]:
    pending = s["pending"]
    col, row = order["column"], order["row"]
    cells = reachable(s, pending["dice"])
    if (col, row) not in cells:
        hint = "you may dig: " + ", ".join(f"dig({c}, {r})" for c, r in cells)
        raise OrderError("E-CANNOT-DIG", f"your Mines dice {pending['dice'][0]} and "
                         f"{pending['dice'][1]} cannot name column {col}, row {row}", hint,
                         "column")
    return col, row


def do_dig(state: State, s: Sheet, order: Order) -> list[str]:
    col, row = verify_dig(s, order)
    pending = s["pending"]
    if s["mines"][row - 1][col - 1]:
        _mine_end(s)
        return [f"Mines column {col}, row {row} is already crossed: nothing gained"]
    s["mines"][row - 1][col - 1] = True
    icons = sheet()["mines"][row][col - 1]
    found = [i for i in icons if i != "monster"]
    events = [f"Mines column {col}, row {row} crossed" +
              (": " + "; ".join(gains(s, found, state["day"])) if found else "")]
    monsters = min(icons.count("monster"), room(s, "monster"))
    if monsters:
        pending.update(kind="fight", left=monsters, face=None, made=state["tick"])
        events.append(f"{monsters} monster(s) to fight, one at a time: you hit on "
                      f"{hits_on(s)}+")
    else:
        _mine_end(s)
    return events


def _mine_end(s: Sheet) -> None:
    s["used"].extend(s["pending"]["dice"])
    s["pending"] = None


def do_fight(state: State, s: Sheet, order: Order, dice: Any, player: str) -> list[str]:
    pending = s["pending"]
    if pending["face"] is not None:
        raise OrderError("E-PROMPT", f"your fight roll of {pending['face']} missed: accept "
                         "it or reroll it first", f"accept, or reroll({pending['face']})")
    return _fight_roll(state, s, dice, player)


def _fight_roll(state: State, s: Sheet, dice: Any, player: str) -> list[str]:
    pending = s["pending"]
    face = roll(dice, player, 1)[0]
    pending["dice"][0] = face
    if face >= hits_on(s):
        return [f"fought a monster: rolled {face}, a hit"] + _monster(s, True)
    if stock(s, "carrot") >= 1:
        pending["face"] = face
        return [f"fought a monster: rolled {face}, a miss so far (accept it, or pay a carrot "
                "to reroll)"]
    return [f"fought a monster: rolled {face}, a miss"] + _monster(s, False)


def _monster(s: Sheet, hit: bool) -> list[str]:
    pending = s["pending"]
    key = "circled" if hit else "crossed"
    s["inventory"]["monster"][key] += 1
    pending["left"] -= 1
    pending["face"] = None
    event = "the monster is defeated (circled)" if hit else "the monster got away (crossed)"
    if pending["left"] <= 0:
        _mine_end(s)
    return [event]


# -- prompts: accept and reroll -----------------------------------------------------------------


def do_accept(state: State, s: Sheet, order: Order) -> list[str]:
    pending = s["pending"]
    if pending is None or pending["kind"] == "mine" or (
            pending["kind"] == "fight" and pending["face"] is None):
        raise OrderError("E-NOTHING-TO-ACCEPT", "there is no missed roll to accept",
                         "accept answers a missed Lake or fight roll")
    if pending["kind"] == "lake":
        return _lake_end(state, s, False)
    return _monster(s, False)


def reroll_targets(s: Sheet) -> list[int] | None:
    """The dice a carrot may reroll now, or None if rerolling is not possible."""
    pending = s["pending"]
    if pending is None:
        return list(s["available"])
    if pending["kind"] == "lake":
        return [pending["face"]]
    if pending["kind"] == "mine":
        return list(pending["dice"])
    if pending["face"] is not None:
        return [pending["face"]]
    return None


def verify_reroll(s: Sheet, order: Order) -> list[int]:
    faces = [a.value for a in order.args if a.name == "die"]
    targets = reroll_targets(s)
    if targets is None:
        raise OrderError("E-NOTHING-TO-REROLL", "roll the fight first; a carrot rerolls its "
                         "result if it misses", "write: fight")
    where = "available" if s["pending"] is None else "in play"
    want, have = Counter(faces), Counter(targets)
    for face, count in want.items():
        if have[face] < count:
            raise OrderError("E-NO-DIE", f"you have no{' more' if have[face] else ''} die "
                             f"showing {face} {where}",
                             f"dice you may reroll: {show_dice(targets) or 'none'}", "die")
    need(s, "carrot", 1, "a reroll")
    return faces


def do_reroll(state: State, s: Sheet, order: Order, dice: Any, player: str) -> list[str]:
    faces = verify_reroll(s, order)
    lose(s, "carrot")
    pending = s["pending"]
    paid = f"paid a carrot to reroll {show_dice(faces)}"
    if pending is None:
        remove_dice(s, faces)
        new = roll(dice, player, len(faces))
        s["available"] = sorted(s["available"] + new)
        return [f"{paid}: rolled {show_dice(new)}; available now {show_dice(s['available'])}"]
    if pending["kind"] == "lake":
        return [paid] + _lake_roll(state, s, dice, player)
    if pending["kind"] == "fight":
        pending["face"] = None
        return [paid] + _fight_roll(state, s, dice, player)
    kept = list(pending["dice"])
    for face in faces:
        kept.remove(face)
    new = roll(dice, player, len(faces))
    pending["dice"] = sorted(kept + new)
    return [f"{paid}: the Mines dice now show {pending['dice'][0]} and {pending['dice'][1]}"]


# -- Town ---------------------------------------------------------------------------------------


def verify_town(state: State, s: Sheet, order: Order) -> int:
    face = order["die"]
    take_dice(s, [face])
    check_spend(state, s, rules()["costs"]["town"])
    return face


def do_town(state: State, s: Sheet, order: Order) -> list[str]:
    face = verify_town(state, s, order)
    events = spend(state, s, [face])
    s["town"] = {"face": face, "left": face}
    return events + [f"entered the Town with a {face}: {face} action(s)"]


def _in_town(s: Sheet) -> None:
    if s["town"] is None:
        raise OrderError("E-NOT-IN-TOWN", "you are not in the Town",
                         "first spend a die on the Town: town(die); its value is your actions")


def _town_used(s: Sheet) -> list[str]:
    s["town"]["left"] -= 1
    if s["town"]["left"] <= 0:
        s["used"].append(s["town"]["face"])
        s["town"] = None
        return ["the action die is used up: your Town visit ends"]
    return []


def townsfolk_name(order: Order) -> str:
    names = list(sheet()["townsfolk"])
    wanted = _name(order["townsfolk"])
    for name in names:
        if name.lower() == wanted:
            return name
    raise unknown_value("E-UNKNOWN-TOWNSFOLK", "townsfolk", str(order["townsfolk"]), names,
                        "townsfolk", "townsfolk")


def verify_give(s: Sheet, order: Order) -> tuple[str, dict[str, Any]]:
    _in_town(s)
    name = townsfolk_name(order)
    spec = sheet()["townsfolk"][name]
    if s["friends"][name] >= spec["boxes"]:
        raise OrderError("E-ALREADY-FRIENDS", f"{name} is already your friend",
                         "give to someone whose heart is not checked yet", "townsfolk")
    need(s, "flower", spec["flowers"], f"a gift for {name}", "townsfolk")
    return name, spec


def do_give(state: State, s: Sheet, order: Order) -> list[str]:
    name, spec = verify_give(s, order)
    lose(s, "flower", spec["flowers"])
    s["friends"][name] += 1
    events = [f"gave {name} {spec['flowers']} flower(s): box {s['friends'][name]} of "
              f"{spec['boxes']}"]
    if s["friends"][name] == spec["boxes"]:
        events.append(f"befriended {name}: " + "; ".join(
            gains(s, ["heart", *spec["gift"]], state["day"])))
    return events + _town_used(s)


def _resource(order: Order, allowed: list[str], verb: str) -> str:
    value = _name(order["resource"])
    if value.endswith("s") and value[:-1] in allowed:
        value = value[:-1]
    if value not in allowed:
        raise unknown_value("E-UNKNOWN-RESOURCE", "resource", str(order["resource"]), allowed,
                            "resource", f"you can {verb}")
    return value


def verify_buy(s: Sheet, order: Order) -> str:
    _in_town(s)
    resource = _resource(order, rules()["shop"]["buy"], "buy")
    need(s, "coin", 1, f"buying a {resource}")
    if room(s, resource) <= 0:
        raise OrderError("E-ROW-FULL", f"your {resource} row is full: a bought {resource} "
                         "would be lost", "every icon of that row is already circled",
                         "resource")
    return resource


def do_buy(state: State, s: Sheet, order: Order) -> list[str]:
    resource = verify_buy(s, order)
    lose(s, "coin")
    gain(s, resource, state["day"])
    return [f"bought a {resource} for a coin"] + _town_used(s)


def verify_sell(s: Sheet, order: Order) -> tuple[str, int]:
    _in_town(s)
    prices = rules()["shop"]["sell"]
    resource = _resource(order, list(prices), "sell")
    need(s, resource, prices[resource], "selling for a coin", "resource")
    if room(s, "coin") <= 0:
        raise OrderError("E-ROW-FULL", "your coin row is full: the coin would be lost",
                         "spend coins in the Shop first", "resource")
    return resource, prices[resource]


def do_sell(state: State, s: Sheet, order: Order) -> list[str]:
    resource, amount = verify_sell(s, order)
    lose(s, resource, amount)
    gain(s, "coin", state["day"])
    return [f"sold {amount} {resource}(s) for a coin"] + _town_used(s)


def verify_upgrade(s: Sheet, order: Order) -> str:
    _in_town(s)
    tools = sheet()["tools"]
    tool = _name(order["tool"])
    if tool not in tools:
        raise unknown_value("E-UNKNOWN-TOOL", "tool", str(order["tool"]), tools, "tool")
    if s["tools"][tool] >= 2:
        raise OrderError("E-FULLY-UPGRADED", f"your {tool} is already at level 2",
                         "upgrade another tool", "tool")
    need(s, "stone", rules()["upgrade_stone"], f"upgrading the {tool}", "tool")
    return tool


def do_upgrade(state: State, s: Sheet, order: Order) -> list[str]:
    tool = verify_upgrade(s, order)
    lose(s, "stone", rules()["upgrade_stone"])
    s["tools"][tool] += 1
    gain(s, "upgrade", state["day"])
    return [f"upgraded the {tool} to level {s['tools'][tool]}"] + _town_used(s)


# -- the end of a day ---------------------------------------------------------------------------


def do_pass(state: State, s: Sheet, order: Order) -> list[str]:
    events = close_town(s)
    left = list(s["available"])
    s["used"].extend(left)
    s["available"] = []
    s["day_over"] = True
    return events + [f"passed: day {state['day']} is over" +
                     (f" ({show_dice(left)} left unused)" if left else "")]


def maybe_end_day(state: State, s: Sheet) -> list[str]:
    """The day ends by itself when no die is left to use and nothing is in progress."""
    if s["day_over"] or s["pending"] is not None or s["town"] is not None:
        return []
    limit = day_limit(state)
    out_of_dice = not s["available"] or (limit is not None and s["spent"] >= limit)
    if not out_of_dice:
        return []
    left = list(s["available"])
    s["used"].extend(left)
    s["available"] = []
    s["day_over"] = True
    return [f"no dice left to use: day {state['day']} is over" +
            (f" ({show_dice(left)} left unused)" if left else "")]


def player_of(state: State, player: str) -> Sheet:
    return me(state, player)
