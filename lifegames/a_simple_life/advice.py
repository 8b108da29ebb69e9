"""What the sheet and `check` advise, from the player's own sheet: the warnings of orders the
rules allow whose outcome is already certain and bad (so a player does not burn a die, or a
whole Town visit, on them unawares; they never block a tick), the prompt the sheet asks, and
the sheet's list of orders: the legal orders grouped by Location, each with what it would do,
without the Lake casts no roll can catch (still legal, and warned of). A player reads it to
choose; bots and prompts use the full list.

Each warning is the `warn` of its command's row (rules.py): the engine asks it only for an
order its check accepts (a refused order gets its error, not a warning as well), with the state
before and after the order. It reads only the player's own sheet, which every player may see
anyway, so a warning can tell no secret.
"""

from __future__ import annotations

from ..engine.base.words import counted
from ..engine.core.contract import Order, OrderError
from . import checks
from .codes import W
from .data import rules, sheet
from .legal import proposed
from .model import (
    asked,
    hits_on,
    lake_column,
    me,
    reachable,
    rod_bonus,
    rule_cell,
    show_dice,
    stock,
)
from .state import Sheet, SimpleLifeGame, SimpleLifeState

# -- warnings -------------------------------------------------------------------------------------


def lake(game: SimpleLifeGame, state: SimpleLifeState, player: str, order: Order,
         after: SimpleLifeState) -> list[OrderError]:
    """A cast whose row asks more than a 6 plus the Fishing Rod: a certain miss, which only
    circles (or closes) the target, and no carrot can change it."""
    s = me(state, player)
    row = order["row"]
    needs = sheet()["lake"][row - 1]["needs"]
    bonus = rod_bonus(s)
    if 6 + bonus >= needs:
        return []
    col = lake_column(order["die"])
    mark = "a cross (it closes)" if s["lake"][row - 1][col - 1] == "circle" else "a circle"
    level = s["tools"]["fishing_rod"]
    best = f"6 + {bonus}" if bonus else "6"
    wanted = needs - 6
    return [OrderError(
        W.CANNOT_CATCH, f"Lake row {row} needs {needs}+ and your best roll is {best}: this "
        f"cast cannot catch, and the target only gets {mark}",
        f"a Fishing Rod at level {wanted} or more adds enough (yours is at level {level}): "
        "upgrade(fishing_rod) in the Town first, or cast into a row that needs less", "row")]


def dig(game: SimpleLifeGame, state: SimpleLifeState, player: str, order: Order,
        after: SimpleLifeState) -> list[OrderError]:
    """A dig into a cell already dug, while the dice name one that is not: nothing gained."""
    s = me(state, player)
    col, row = order["column"], order["row"]
    if not s["mines"][row - 1][col - 1]:
        return []
    fresh = [f"dig({c}, {r})" for c, r in reachable(s, asked(s)["dice"])
             if not s["mines"][r - 1][c - 1]]
    if not fresh:
        return []
    return [OrderError(W.DUG_ALREADY, f"Mines column {col}, row {row} is already dug: this "
                       "dig gains nothing", f"cells your dice name that are not dug yet: "
                       f"{', '.join(fresh)}", "column")]


def mine(game: SimpleLifeGame, state: SimpleLifeState, player: str, order: Order,
         after: SimpleLifeState) -> list[OrderError]:
    """The Mines with every cell dug: whatever the dice show, nothing is gained."""
    if not all(all(row) for row in me(state, player)["mines"]):
        return []
    return [OrderError(W.MINES_EMPTY, "every Mines cell is already dug: whatever the dice "
                       "show, this trip gains nothing", "spend the two dice elsewhere")]


def town(game: SimpleLifeGame, state: SimpleLifeState, player: str, order: Order,
         after: SimpleLifeState) -> list[OrderError]:
    """A Town visit in which no action is possible: every action needs something (flowers to
    give, a coin to buy, goods to sell, stones to upgrade), and none can be had inside."""
    s = me(state, player)
    inside = s.copy()
    inside["town"] = {"face": order["die"], "left": order["die"]}
    for command, check in checks.ON_SHEET.items():
        for value in _choices(command):
            try:
                check(inside, proposed(command, value))
            except OrderError:
                continue
            return []
    sells = ", ".join(f"{n} {r}" for r, n in rules()["shop"]["sell"].items())
    return [OrderError(
        W.TOWN_IDLE, "no Town action is possible with what you have (nothing to give, buy, "
        "sell or upgrade with): this die would be spent for nothing",
        f"every Town action costs something: flowers to give, a coin to buy, {sells} to "
        f"sell, {rules()['upgrade_stone']} stones to upgrade; gather some first", "die")]


def _choices(command: str) -> list[str]:
    if command == "give":
        return list(sheet()["townsfolk"])
    if command == "upgrade":
        return list(sheet()["tools"])
    return list(rules()["shop"][command])


# -- the prompt -----------------------------------------------------------------------------------


def prompt_text(state: SimpleLifeState, player: str) -> str:
    s = me(state, player)
    pending = asked(s)
    carrots = stock(s, "carrot")
    if pending["kind"] == "lake":
        spec = sheet()["lake"][pending["row"] - 1]
        bonus = rod_bonus(s)
        shown = f"{pending['face']}" + (f" + {bonus}" if bonus else "")
        return (f"Lake row {pending['row']}, column {pending['col']}: you rolled {shown}, "
                f"needing {spec['needs']}: a miss. accept it (the target gets a "
                f"{'cross' if s['lake'][pending['row'] - 1][pending['col'] - 1] else 'circle'}"
                f"), or pay a carrot (you have {carrots}) to reroll the die")
    if pending["kind"] == "mine":
        a, b = pending["dice"]
        pick = rules()["pickaxe_dice"][s["tools"]["pickaxe"]]
        best_col, best_row = rule_cell(state, player)
        cells = "; ".join(f"dig({c}, {r}) {cell_yield(s, c, r)}"
                          for c, r in reachable(s, pending["dice"]))
        text = (f"Mines: your dice show {a} and {b}. Choose which is the column and which the "
                f"row, dig(column, row): {cells}. The cell your Mines rule picks ($best_col, "
                f"$best_row): column {best_col}, row {best_row}")
        if pick:
            text += f"; your Pickaxe may move {pick} of them by 1 first"
        if carrots:
            text += f"; or pay a carrot (you have {carrots}) to reroll one or both"
        return text
    if pending["face"] is None:
        return (f"Mines: {counted(pending['left'], 'monster')} to fight, one at a time; write "
                f"fight to "
                f"roll (you hit on {hits_on(s)}+)")
    return (f"Mines: your fight roll of {pending['face']} missed (you hit on "
            f"{hits_on(s)}+). accept it (the monster gets away: -2 points), or pay a "
            f"carrot (you have {carrots}) to reroll")


# -- the sheet's list of orders -------------------------------------------------------------------

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


def _free(state: SimpleLifeState, s: Sheet, legal: list[str]) -> list[str]:
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
    bonus = rod_bonus(s)
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
            targets.setdefault(lake_column(_numbers(order)[0]), []).append(order)
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


def _answers(state: SimpleLifeState, s: Sheet, legal: list[str]) -> list[str]:
    """The answers to the open prompt, with what each does."""
    pending = asked(s)
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
                f"; you hit on {hits_on(s)}+)"]
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


def orders_section(game: SimpleLifeGame, state: SimpleLifeState, player: str) -> str:
    legal = list(game.legal_orders(state, player))
    if not legal:
        return "no orders are awaited from you now"
    s = me(state, player)
    lines = [f"write them in {player}_orders.txt, one per line; after a roll (lake, "
             "mine, fight, reroll) your file may go on as a plan (see the order template)"]
    lines += _answers(state, s, legal) if s["pending"] else _free(state, s, legal)
    return "\n".join(lines)


def sample(game: SimpleLifeGame, state: SimpleLifeState, player: str, most: int = 8) -> list[str]:
    """A few sensible orders for the template, one per command (no hopeless cast)."""
    s = me(state, player)
    seen: set[str] = set()
    out = []
    for order in game.legal_orders(state, player):
        command = order.split("(")[0]
        if command == "lake" and _hopeless(s, order):
            continue
        if command not in seen:
            seen.add(command)
            out.append(order)
    return out[:most]


def _hopeless(s: Sheet, order: str) -> bool:
    row = _numbers(order)[1]
    needs: int = sheet()["lake"][row - 1]["needs"]
    return 6 + rod_bonus(s) < needs

