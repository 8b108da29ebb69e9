"""The rolling Locations and their prompts: the Lake, the Mines, fights, accepting a missed roll
and carrot rerolls; and the standing orders that answer those prompts (defaults.py).

Every roll comes from the tick's dice, in a stream named after the player, so a replay rolls the
same values. `check` rolls dice nobody plays with and shows nothing past the first roll (the
game's `ends_file`). A standing order answers its prompt inside the order that raised it, so an
order that would only dig or accept becomes one that rolls when the default fights a monster:
`ends_file` asks `rolls_now` for exactly that.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine.contract import Order, OrderError, State
from ..engine.words import counted
from . import defaults
from .actions import check_spend, spend
from .data import rules, sheet
from .sheet import Sheet, gains, lose, need, remove_dice, room, show_dice, stock, take_dice

RANDOM = frozenset({"lake", "mine", "fight", "reroll"})


def roll(dice: Any, player: str, count: int) -> list[int]:
    return dice.stream(f"player:{player}").roll(count)


def lake_column(face: int) -> int:
    """Die 1-2: column 1, 3-4: column 2, 5-6: column 3."""
    return (face + 1) // 2


def hits_on(s: Sheet) -> int:
    return rules()["fight_hits_on"][s["tools"]["sword"]]


def rod_bonus(s: Sheet) -> int:
    return rules()["fishing_rod_bonus"][s["tools"]["fishing_rod"]]


def _standing(text: str) -> str:
    return f"(standing order {text})"


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
    events = spend(state, s, [face], f"lake({face}, {row})")
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
    said = f"rolled {shown}, needing {spec['needs']}"
    if total >= spec["needs"]:
        return [f"{said}: a catch!"] + _lake_end(state, s, True)
    could = 6 + rod_bonus(s) >= spec["needs"]
    if stock(s, "carrot") < 1 or not could:
        return [f"{said}: a miss"] + _lake_end(state, s, False)
    if defaults.miss_keep(state, player, "lake") is None:  # the sheet asks
        return [f"{said}: a miss so far (accept it, or pay a carrot to reroll)"]
    return [f"{said}: a miss"] + _lake_missed(state, s, dice, player)


def _lake_missed(state: State, s: Sheet, dice: Any, player: str) -> list[str]:
    """A miss that a carrot could still turn, answered by the player's standing order."""
    keep = defaults.miss_keep(state, player, "lake")
    assert keep is not None
    rule = _standing(f"on_miss(lake, {_keep_text(keep)})")
    if stock(s, "carrot") > keep:
        lose(s, "carrot")
        return [f"paid a carrot to reroll {rule}"] + _lake_roll(state, s, dice, player)
    return [f"accepted the miss {rule}"] + _lake_end(state, s, False)


def _keep_text(keep: int) -> str:
    return "all" if keep >= defaults.NEVER else str(keep)


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
    events = spend(state, s, faces, f"mine({faces[0]}, {faces[1]})")
    rolled = sorted(roll(dice, player, 2))
    s["pending"] = {"kind": "mine", "dice": rolled, "made": state["tick"]}
    events.append(f"went into the Mines with {faces[0]} and {faces[1]}; rerolled them: "
                  f"{rolled[0]} and {rolled[1]}")
    return events + _mine_default(state, s, dice, player)


def _mine_default(state: State, s: Sheet, dice: Any, player: str) -> list[str]:
    rule = defaults.mine_pref(state, player)
    if rule is None:
        return []
    col, row = defaults.best_cell(s, reachable(s, s["pending"]["dice"]), rule)
    return [f"chose column {col}, row {row} {_standing(f'on_mine({rule})')}"] + \
        _dig(state, s, col, row, dice, player)


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


def do_dig(state: State, s: Sheet, order: Order, dice: Any, player: str) -> list[str]:
    col, row = verify_dig(s, order)
    return _dig(state, s, col, row, dice, player)


def _dig(state: State, s: Sheet, col: int, row: int, dice: Any, player: str) -> list[str]:
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
    if not monsters:
        _mine_end(s)
        return events
    pending.update(kind="fight", left=monsters, face=None, made=state["tick"])
    events.append(f"{counted(monsters, 'monster')} to fight, one at a time: you hit on "
                  f"{hits_on(s)}+")
    return events + _fights(state, s, dice, player)


def _mine_end(s: Sheet) -> None:
    s["used"].extend(s["pending"]["dice"])
    s["pending"] = None


# -- fights -------------------------------------------------------------------------------------


def do_fight(state: State, s: Sheet, order: Order, dice: Any, player: str) -> list[str]:
    pending = s["pending"]
    if pending["face"] is not None:
        raise OrderError("E-PROMPT", f"your fight roll of {pending['face']} missed: accept "
                         "it or reroll it first", f"accept, or reroll({pending['face']})")
    return _fight_roll(state, s, dice, player) + _fights(state, s, dice, player)


def _fights(state: State, s: Sheet, dice: Any, player: str) -> list[str]:
    """The monsters still waiting, fought one by one when a standing on_miss(fight, ...) is in
    force (otherwise each waits for a `fight` order)."""
    events: list[str] = []
    if defaults.miss_keep(state, player, "fight") is None:
        return events
    while s["pending"] is not None and s["pending"]["kind"] == "fight":
        events += _fight_roll(state, s, dice, player)
    return events


def _fight_roll(state: State, s: Sheet, dice: Any, player: str) -> list[str]:
    pending = s["pending"]
    face = roll(dice, player, 1)[0]
    pending["dice"][0] = face
    said = f"fought a monster: rolled {face}"
    if face >= hits_on(s):
        return [f"{said}, a hit"] + _monster(s, True)
    if stock(s, "carrot") < 1:
        return [f"{said}, a miss"] + _monster(s, False)
    keep = defaults.miss_keep(state, player, "fight")
    if keep is None:
        pending["face"] = face
        return [f"{said}, a miss so far (accept it, or pay a carrot to reroll)"]
    rule = _standing(f"on_miss(fight, {_keep_text(keep)})")
    if stock(s, "carrot") > keep:
        lose(s, "carrot")
        return [f"{said}, a miss: paid a carrot to reroll {rule}"] + \
            _fight_roll(state, s, dice, player)
    return [f"{said}, a miss, accepted {rule}"] + _monster(s, False)


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


def do_accept(state: State, s: Sheet, order: Order, dice: Any, player: str) -> list[str]:
    pending = s["pending"]
    if pending is None or pending["kind"] == "mine" or (
            pending["kind"] == "fight" and pending["face"] is None):
        raise OrderError("E-NOTHING-TO-ACCEPT", "there is no missed roll to accept",
                         "accept answers a missed Lake or fight roll")
    if pending["kind"] == "lake":
        return _lake_end(state, s, False)
    return _monster(s, False) + _fights(state, s, dice, player)


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
        return [paid] + _fight_roll(state, s, dice, player) + _fights(state, s, dice, player)
    kept = list(pending["dice"])
    for face in faces:
        kept.remove(face)
    new = roll(dice, player, len(faces))
    pending["dice"] = sorted(kept + new)
    return [f"{paid}: the Mines dice now show {pending['dice'][0]} and "
            f"{pending['dice'][1]}"] + _mine_default(state, s, dice, player)


# -- standing orders at the end of a tick --------------------------------------------------------


def settle(state: State, s: Sheet, dice: Any, player: str) -> list[str]:
    """A prompt still open at the end of a tick, answered by the player's standing order for
    it (one set after the prompt arose, or a fight left waiting); [] if none answers it."""
    pending = s["pending"]
    if pending is None or not defaults.covers(state, player, s):
        return []
    if pending["kind"] == "mine":
        return _mine_default(state, s, dice, player)
    if pending["kind"] == "lake":
        return ["a missed Lake roll was waiting"] + _lake_missed(state, s, dice, player)
    if pending["face"] is None:
        return _fights(state, s, dice, player)
    keep = defaults.miss_keep(state, player, "fight")
    assert keep is not None
    rule = _standing(f"on_miss(fight, {_keep_text(keep)})")
    if stock(s, "carrot") > keep:
        lose(s, "carrot")
        pending["face"] = None
        events = [f"paid a carrot to reroll the missed fight {rule}"] + \
            _fight_roll(state, s, dice, player)
    else:
        events = [f"accepted the missed fight {rule}"] + _monster(s, False)
    return events + _fights(state, s, dice, player)


def rolls_now(state: State, s: Sheet, player: str, order: Order) -> bool:
    """True when `order` would roll a die on this sheet now (before it runs): the rolling
    orders, and a dig or accept after which a standing order fights a monster."""
    if order.command in RANDOM:
        return True
    pending = s["pending"]
    if pending is None or order.command not in ("dig", "accept"):
        return False
    if defaults.miss_keep(state, player, "fight") is None:
        return False
    if order.command == "accept":
        return pending["kind"] == "fight" and pending["left"] > 1
    if pending["kind"] != "mine":
        return False
    col, row = order.arg("column"), order.arg("row")
    if col is None or row is None or col.kind == "ref" or row.kind == "ref":
        return True  # a $fact: the cell is not known before it runs
    if not (1 <= col.value <= 6 and 1 <= row.value <= 6) or s["mines"][row.value - 1][
            col.value - 1]:
        return False
    return "monster" in sheet()["mines"][row.value][col.value - 1] and room(s, "monster") > 0
