"""The sheet's list of orders: the legal orders (legal.py) grouped by Location, each with what
it would do, and without the Lake casts no roll can catch (still legal, and warned of by
`check`). A player reads it to choose; bots and prompts use the full list."""

from __future__ import annotations

from ..engine.contract import State
from ..engine.words import counted
from . import rolls
from .data import rules, sheet
from .legal import legal_orders
from .sheet import Sheet, me, show_dice, stock

WIDTH = 96


def icon_names(icons: list[str]) -> str:
    counts: dict[str, int] = {}
    for icon in icons:
        counts[icon] = counts.get(icon, 0) + 1
    return " + ".join(f"{n} {i}" if n > 1 else i for i, n in counts.items())


def cell_yield(s: Sheet, col: int, row: int) -> str:
    """What digging Mines column `col`, row `row` gives now."""
    if s["mines"][row - 1][col - 1]:
        return "nothing (already dug)"
    icons = sheet()["mines"][row][col - 1]
    found = icon_names([i for i in icons if i != "monster"])
    monsters = icons.count("monster")
    fight = f"{'a monster' if monsters == 1 else f'{monsters} monsters'} to fight"
    return " and ".join(part for part in (found, fight if monsters else "") if part)


def farm_yield(s: Sheet, col: int) -> str:
    """The boxes a Farm action checks in column `col` now, and their icons."""
    boxes = sheet()["farm"][col]
    first = s["farm"][col - 1]
    checks = 1 + rules()["watering_can_extra"][s["tools"]["watering_can"]]
    last = min(first + checks, len(boxes))
    icons = [b for b in boxes[first:last] if b]
    where = f"box {first + 1}" if last == first + 1 else f"boxes {first + 1}-{last}"
    return f"{where}: {icon_names(icons)}" if icons else f"{where} (no crop)"


def _chance(needs: int, bonus: int) -> str:
    ways = max(0, min(6, 7 - (needs - bonus)))
    return "sure" if ways == 6 else f"{ways} in 6"


def _wrap(head: str, entries: list[str], indent: str = "  ") -> list[str]:
    """`head`, then the entries on as few lines as fit, never one split across two."""
    return [head, *_fill(entries, indent, indent)]


def _fill(entries: list[str], first: str, rest: str) -> list[str]:
    lines = [first]
    for entry in entries:
        line = lines[-1]
        if line.strip() and len(line) + 3 + len(entry) > WIDTH:
            lines.append(rest + entry)
        else:
            lines[-1] = line + ("   " if line.strip() else "") + entry
    return lines


def _free(state: State, s: Sheet, legal: list[str]) -> list[str]:
    """The groups of a turn with no prompt open."""
    by_command: dict[str, list[str]] = {}
    for order in legal:
        by_command.setdefault(order.split("(")[0], []).append(order)
    lines: list[str] = []
    if s["town"] is not None and any(c in by_command for c in ("give", "buy", "sell",
                                                               "upgrade")):
        lines += _wrap(f"In the Town ({counted(s['town']['left'], 'action')} left; leaving "
                       "it or any other order ends the visit):",
                       [_town_entry(s, o) for c in ("give", "buy", "sell", "upgrade")
                        for o in by_command.get(c, [])])
    farm = sorted(by_command.get("farm", []), key=_numbers)
    if farm:
        lines += _wrap("Farm (1 die: the next box of its own column; a 6 picks any column):",
                       [f"{o} {farm_yield(s, _numbers(o)[-1])}" for o in farm])
    lines += _lake(s, by_command.get("lake", []))
    if "mine" in by_command:
        lines += _wrap("Mines (2 dice, rerolled there: one names the column, the other the "
                       "row):", sorted(by_command["mine"], key=_numbers))
    if "town" in by_command:
        lines += _wrap("Town (1 die: its value in actions: give, buy, sell, upgrade):",
                       [f"{o} {counted(_numbers(o)[0], 'action')}" for o in by_command["town"]])
    if "reroll" in by_command:
        lines += _wrap("Carrot reroll (1 carrot: any of your available dice, e.g. "
                       "reroll(2, 5)):", by_command["reroll"])
    left = show_dice(s["available"])
    lines.append("End the day: pass" + (f" (leaves {left} unused)" if s["available"] else ""))
    return lines


def _lake(s: Sheet, orders: list[str]) -> list[str]:
    """The Lake casts, a line per row with its chance; rows no roll reaches are left out."""
    if not orders:
        return []
    bonus = rolls.rod_bonus(s)
    rows: dict[int, list[str]] = {}
    for order in sorted(orders, key=_numbers):
        die, row = _numbers(order)
        rows.setdefault(row, []).append(order)
    lines = ["Lake (1 die: its column, 1-2 / 3-4 / 5-6; you choose the row and roll it again: "
             "a catch on the row's value or more" + (f"; your Fishing Rod adds {bonus}"
                                                     if bonus else "") + "):"]
    hopeless = []
    for row, casts in sorted(rows.items()):
        spec = sheet()["lake"][row - 1]
        if 6 + bonus < spec["needs"]:
            hopeless.append(str(row))
            continue
        targets: dict[int, list[str]] = {}  # two dice of one column cast at the same target
        for order in casts:
            targets.setdefault(rolls.lake_column(_numbers(order)[0]), []).append(order)
        entries = []
        for col, same in targets.items():
            again = " (missed once: a miss closes it)" if s["lake"][row - 1][col - 1] else ""
            entries.append(f"{' / '.join(same)} {icon_names(spec['cells'][col - 1])}{again}")
        lines += _fill(entries, f"  row {row}, {spec['needs']}+ "
                       f"({_chance(spec['needs'], bonus)}):", "    ")
    if hopeless:
        lines.append(f"  not listed: row {', '.join(hopeless)}, which no roll of yours can "
                     "reach (a Fishing Rod adds to the roll)")
    return lines


def _town_entry(s: Sheet, order: str) -> str:
    command, _, rest = order.partition("(")
    name = rest.rstrip(")")
    if command == "give":
        spec = sheet()["townsfolk"][name]
        box = s["friends"][name] + 1
        last = box == spec["boxes"]
        return (f"{order} {counted(spec['flowers'], 'flower')}" +
                (f", befriends: heart + {icon_names(spec['gift'])}" if last else
                 f", box {box} of {spec['boxes']}"))
    if command == "buy":
        return f"{order} 1 coin"
    if command == "sell":
        amount = rules()["shop"]["sell"][name]
        return f"{order} {counted(amount, name)} for 1 coin"
    return f"{order} {rules()['upgrade_stone']} stones, to level {s['tools'][name] + 1}"


def _answers(state: State, s: Sheet, legal: list[str]) -> list[str]:
    """The answers to the open prompt, with what each does."""
    pending = s["pending"]
    rerolls = [o for o in legal if o.startswith("reroll")]
    carrots = f"a carrot; you have {stock(s, 'carrot')}"
    if pending["kind"] == "mine":
        lines = _wrap(f"Dig (the Mines dice show {pending['dice'][0]} and {pending['dice'][1]}: "
                      "one is the column, the other the row):",
                      [f"{o} {cell_yield(s, *_numbers(o))}" for o in legal
                       if o.startswith("dig")])
        if rerolls:
            lines += _wrap(f"Or reroll the Mines dice ({carrots}):", rerolls)
        return lines
    if pending["kind"] == "fight" and pending["face"] is None:
        return [f"Fight: fight (one roll for the next of {counted(pending['left'], 'monster')}"
                f"; you hit on {rolls.hits_on(s)}+)"]
    if pending["kind"] == "lake":
        row, col = pending["row"], pending["col"]
        mark = "a cross: it closes" if s["lake"][row - 1][col - 1] else "a circle"
        lines = [f"Take the miss: accept (Lake row {row}, column {col} gets {mark})"]
    else:
        escaped = rules()["score"]["monster_escaped"]
        lines = [f"Take the miss: accept (the monster gets away: {escaped} points)"]
    if rerolls:
        lines.append(f"Or roll again ({carrots}): {rerolls[0]}")
    return lines


def _numbers(order: str) -> list[int]:
    inside = order.partition("(")[2].rstrip(")")
    return [int(n) for n in inside.split(",") if n.strip().isdigit()]


def orders_section(state: State, player: str) -> str:
    legal = legal_orders(state, player)
    if not legal:
        return "no orders are awaited from you now"
    s = me(state, player)
    lines = [f"write them in {player}_orders.txt, one per line; after a roll (lake, "
             "mine, fight, reroll) your file may go on as a plan (see the order template)"]
    lines += _answers(state, s, legal) if s["pending"] else _free(state, s, legal)
    return "\n".join(lines)


def sample(state: State, player: str, most: int = 8) -> list[str]:
    """A few sensible orders for the template, one per command (no hopeless cast)."""
    s = me(state, player)
    seen: set[str] = set()
    out = []
    for order in legal_orders(state, player):
        command = order.split("(")[0]
        if command == "lake" and _hopeless(s, order):
            continue
        if command not in seen:
            seen.add(command)
            out.append(order)
    return out[:most]


def _hopeless(s: Sheet, order: str) -> bool:
    row = _numbers(order)[1]
    return 6 + rolls.rod_bonus(s) < sheet()["lake"][row - 1]["needs"]

