"""Every change of A Simple Life's state: the apply of each command, named as the command (the
`apply` of its row in rules.py), run only with what its check in checks.py returned; and what
they share: spending dice, circling and crossing icons, the rolls of the Lake, the Mines and
fights, the standing orders that answer their prompts, the goals met after every order, the end
of a day and the start of the next.

Every roll comes from the tick's dice, in a stream named after the player, so a replay rolls the
same values. A standing order answers its prompt inside the order that raised it (model.py
reads it), so an order that would only dig or accept becomes one that rolls when the default
fights a monster (checks.fights_after tells the engine so). Each apply returns what happened,
as the log keeps it and the tick reports it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, Literal, cast

from ..engine.base.words import counted
from ..engine.core.dice import Dice
from .data import KINDS, Townsfolk, goal_ids, goal_text, rules, sheet
from .model import (
    NEVER,
    asked,
    best_cell,
    cells,
    covers,
    day_limit,
    dice_total,
    goal_met,
    hits_on,
    me,
    mine_pref,
    miss_keep,
    reachable,
    rod_bonus,
    room,
    show_dice,
    stock,
)
from .state import Farm, LakeRow, Mines, Row, Sheet, SimpleLifeGame, SimpleLifeState


def new_sheet() -> Sheet:
    data = sheet()
    inventory: dict[str, Row] = {kind: {"circled": 0, "crossed": 0} for kind in KINDS}
    for kind, count in data["start"].items():
        inventory[kind]["circled"] = count
    return {
        # the fixed-length arrays as JSON holds them: lists (model.cells)
        "farm": cast(Farm, [0] * 6),
        "lake": [cast(LakeRow, ["", "", ""]) for _ in data["lake"]],
        "mines": cast(Mines, [[False] * 6 for _ in range(6)]),
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


def _done(state: SimpleLifeState, player: str, events: list[str]) -> list[str]:
    """After every order: a prompt it left is marked as this tick's, goals met just now are
    checked, the day ends if nothing is left to do; the events go to the player's log."""
    s = me(state, player)
    if (pending := s["pending"]) is not None:
        pending["made"] = state["tick"]  # answered (or asked) in this file
    events += update_goals(state, s)
    events += maybe_end_day(state, s)
    s["log"].extend(events)
    return [f"{player}: {e}" for e in events]


# -- icons and dice -------------------------------------------------------------------------------


def gain(s: Sheet, icon: str, day: int) -> str:
    """Gain one icon (inventory, Museum or Pond); the words for the log."""
    data = sheet()
    if icon in data["fish"]:
        s["pond"][icon] = True
        return f"caught the {icon} ({counted(data['fish'][icon], 'point')})"
    if icon in data["artifacts"]:
        s["museum"][icon] = True
        return f"found the {icon} for the Museum"
    if room(s, icon) <= 0:
        return f"no {icon} gained: that inventory row is full"
    s["inventory"][icon]["circled"] += 1
    return f"+1 {icon}"


def gains(s: Sheet, icons: list[str], day: int) -> list[str]:
    return [gain(s, icon, day) for icon in icons]


def gains_text(s: Sheet, icons: list[str], day: int) -> str:
    """What a cell or a gift gave, as one phrase: `+1 heart, +2 stones` (each icon gained
    counted once, where it was first gained; a fish, an artifact or a full row said as is)."""
    pairs = list(zip(icons, gains(s, icons, day), strict=True))
    plain = Counter(icon for icon, text in pairs if text == f"+1 {icon}")
    said = []
    for icon, text in pairs:
        if text != f"+1 {icon}":
            said.append(text)
        elif icon in plain:
            said.append(f"+{counted(plain.pop(icon), icon)}")
    return ", ".join(said)


def lose(s: Sheet, kind: str, count: int = 1) -> None:
    if stock(s, kind) < count:
        raise AssertionError(f"losing {count} {kind} with {stock(s, kind)}")  # checked before
    s["inventory"][kind]["crossed"] += count


def remove_dice(s: Sheet, values: list[int]) -> None:
    for value in values:
        s["available"].remove(value)


def roll(dice: Dice, player: str, count: int) -> list[int]:
    return dice.stream(f"player:{player}").roll(count)


def close_town(s: Sheet) -> list[str]:
    town_ = s["town"]
    if town_ is None:
        return []
    s["used"].append(town_["face"])
    s["town"] = None
    left = f" ({counted(town_['left'], 'Town action')} unused)" if town_["left"] else ""
    return [f"left the Town{left}"]


def spend(s: Sheet, values: list[int], order: str) -> list[str]:
    """Take dice out of Available for a location (closing an open Town visit first). The
    sheet keeps `order`, the order they were spent by: the faces that end in Used may be
    rerolled ones, which a player would not recognise."""
    events = close_town(s)
    remove_dice(s, values)
    s["spent"] += len(values)
    s.setdefault("spent_on", []).append(order)
    return events


def _standing(text: str) -> str:
    return f"(standing order {text})"


def _keep_text(keep: int) -> str:
    return "all" if keep >= NEVER else str(keep)


# -- Farm ---------------------------------------------------------------------------------------


def farm(game: SimpleLifeGame, state: SimpleLifeState, player: str, cleaned: tuple[int, int],
         dice: Dice) -> list[str]:
    face, col = cleaned
    s = me(state, player)
    events = spend(s, [face], f"farm({face}, {col})" if face == 6 else f"farm({face})")
    s["used"].append(face)
    boxes = sheet()["farm"][col]
    checks = 1 + rules()["watering_can_extra"][s["tools"]["watering_can"]]
    done = []
    for _ in range(checks):
        index = s["farm"][col - 1]
        if index >= len(boxes):
            break
        cells(s["farm"])[col - 1] += 1
        icon = boxes[index]
        done.append(f"box {index + 1}" + (f" ({gain(s, icon, state['day'])})" if icon else ""))
    events.append(f"Farm column {col} with a {face}: checked {', '.join(done)}")
    return _done(state, player, events)


# -- Lake ---------------------------------------------------------------------------------------


def lake(game: SimpleLifeGame, state: SimpleLifeState, player: str, cleaned: tuple[int, int, int],
         dice: Dice) -> list[str]:
    face, row, col = cleaned
    s = me(state, player)
    events = spend(s, [face], f"lake({face}, {row})")
    s["pending"] = {"kind": "lake", "row": row, "col": col, "face": face,
                    "made": state["tick"]}
    events += [f"cast into the Lake at row {row}, column {col} with a {face}"]
    return _done(state, player, events + _lake_roll(state, s, dice, player))


def _lake_roll(state: SimpleLifeState, s: Sheet, dice: Dice, player: str) -> list[str]:
    pending = asked(s)
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
    if miss_keep(state, player, "lake") is None:  # the sheet asks
        return [f"{said}: a miss so far (accept it, or pay a carrot to reroll)"]
    return [f"{said}: a miss"] + _lake_missed(state, s, dice, player)


def _lake_missed(state: SimpleLifeState, s: Sheet, dice: Dice, player: str) -> list[str]:
    """A miss that a carrot could still turn, answered by the player's standing order."""
    keep = miss_keep(state, player, "lake")
    assert keep is not None
    rule = _standing(f"on_miss(lake, {_keep_text(keep)})")
    if stock(s, "carrot") > keep:
        lose(s, "carrot")
        return [f"paid a carrot to reroll {rule}"] + _lake_roll(state, s, dice, player)
    return [f"accepted the miss {rule}"] + _lake_end(state, s, False)


def _lake_end(state: SimpleLifeState, s: Sheet, caught: bool) -> list[str]:
    pending = asked(s)
    row, col, face = pending["row"], pending["col"], pending["face"]
    if face is None:
        raise AssertionError("a Lake prompt without its roll")  # a cast is always rolled
    s["used"].append(face)
    s["pending"] = None
    cell = cells(s["lake"][row - 1])
    if caught:
        cell[col - 1] = "check"
        icons = sheet()["lake"][row - 1]["cells"][col - 1]
        return [f"Lake row {row}, column {col} checked: " + gains_text(s, icons, state["day"])]
    cell[col - 1] = "cross" if cell[col - 1] == "circle" else "circle"
    return [f"Lake row {row}, column {col} gets a {cell[col - 1]}"]


# -- Mines --------------------------------------------------------------------------------------


def mine(game: SimpleLifeGame, state: SimpleLifeState, player: str, cleaned: list[int],
         dice: Dice) -> list[str]:
    faces = cleaned
    s = me(state, player)
    events = spend(s, faces, f"mine({faces[0]}, {faces[1]})")
    rolled = sorted(roll(dice, player, 2))
    s["pending"] = {"kind": "mine", "dice": cast(tuple[int, int], rolled), "made": state["tick"]}
    events.append(f"went into the Mines with {faces[0]} and {faces[1]}; rerolled them: "
                  f"{rolled[0]} and {rolled[1]}")
    return _done(state, player, events + _mine_default(state, s, dice, player))


def _mine_default(state: SimpleLifeState, s: Sheet, dice: Dice, player: str) -> list[str]:
    rule = mine_pref(state, player)
    if rule is None:
        return []
    col, row = best_cell(s, reachable(s, asked(s)["dice"]), rule)
    return [f"chose column {col}, row {row} {_standing(f'on_mine({rule})')}"] + \
        _dig(state, s, col, row, dice, player)


def dig(game: SimpleLifeGame, state: SimpleLifeState, player: str, cleaned: tuple[int, int],
        dice: Dice) -> list[str]:
    col, row = cleaned
    return _done(state, player, _dig(state, me(state, player), col, row, dice, player))


def _dig(state: SimpleLifeState, s: Sheet, col: int, row: int, dice: Dice, player: str
         ) -> list[str]:
    pending = asked(s)
    if s["mines"][row - 1][col - 1]:
        _mine_end(s)
        return [f"Mines column {col}, row {row} is already crossed: nothing gained"]
    cells(s["mines"][row - 1])[col - 1] = True
    icons = sheet()["mines"][row][col - 1]
    found = [i for i in icons if i != "monster"]
    events = [f"Mines column {col}, row {row} crossed" +
              (": " + gains_text(s, found, state["day"]) if found else "")]
    monsters = min(icons.count("monster"), room(s, "monster"))
    if not monsters:
        _mine_end(s)
        return events
    pending.update({"kind": "fight", "left": monsters, "face": None, "made": state["tick"]})
    events.append(f"{counted(monsters, 'monster')} to fight, one at a time: you hit on "
                  f"{hits_on(s)}+")
    return events + _fights(state, s, dice, player)


def _mine_end(s: Sheet) -> None:
    s["used"].extend(asked(s)["dice"])
    s["pending"] = None


# -- fights -------------------------------------------------------------------------------------


def fight(game: SimpleLifeGame, state: SimpleLifeState, player: str, cleaned: None,
          dice: Dice) -> list[str]:
    s = me(state, player)
    return _done(state, player, _fight_roll(state, s, dice, player) +
                 _fights(state, s, dice, player))


def _fights(state: SimpleLifeState, s: Sheet, dice: Dice, player: str) -> list[str]:
    """The monsters still waiting, fought one by one when a standing on_miss(fight, ...) is in
    force (otherwise each waits for a `fight` order)."""
    events: list[str] = []
    if miss_keep(state, player, "fight") is None:
        return events
    while s["pending"] is not None and s["pending"]["kind"] == "fight":
        events += _fight_roll(state, s, dice, player)
    return events


def _fight_roll(state: SimpleLifeState, s: Sheet, dice: Dice, player: str) -> list[str]:
    pending = asked(s)
    face = roll(dice, player, 1)[0]
    cells(pending["dice"])[0] = face
    said = f"fought a monster: rolled {face}"
    if face >= hits_on(s):
        return [f"{said}, a hit"] + _monster(s, True)
    if stock(s, "carrot") < 1:
        return [f"{said}, a miss"] + _monster(s, False)
    keep = miss_keep(state, player, "fight")
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
    pending = asked(s)
    key: Literal["circled", "crossed"] = "circled" if hit else "crossed"
    s["inventory"]["monster"][key] += 1
    pending["left"] -= 1
    pending["face"] = None
    event = "the monster is defeated (circled)" if hit else "the monster got away (crossed)"
    if pending["left"] <= 0:
        _mine_end(s)
    return [event]


# -- prompts: accept and reroll -----------------------------------------------------------------


def accept(game: SimpleLifeGame, state: SimpleLifeState, player: str, cleaned: None,
           dice: Dice) -> list[str]:
    s = me(state, player)
    if asked(s)["kind"] == "lake":
        return _done(state, player, _lake_end(state, s, False))
    return _done(state, player, _monster(s, False) + _fights(state, s, dice, player))


def reroll(game: SimpleLifeGame, state: SimpleLifeState, player: str,
           cleaned: tuple[list[int], list[int]], dice: Dice) -> list[str]:
    """One carrot rerolls the chosen dice: Available ones first (they go back to Available),
    then those of the open prompt, whose roll is then settled as that location says."""
    held, free = cleaned
    s = me(state, player)
    lose(s, "carrot")
    pending = s["pending"]
    paid = f"paid a carrot to reroll {show_dice(held + free)}"
    events = []
    if free:
        remove_dice(s, free)
        new = roll(dice, player, len(free))
        s["available"] = sorted(s["available"] + new)
        which = f"the Available {show_dice(free)} rolled" if held else "rolled"
        events.append(f"{paid}: {which} {show_dice(new)}; available now: "
                      f"{show_dice(s['available'])}")
    said = [] if free else [paid]
    if not held or pending is None:
        pass
    elif pending["kind"] == "lake":
        events += said + _lake_roll(state, s, dice, player)
    elif pending["kind"] == "fight":
        pending["face"] = None
        events += said + _fight_roll(state, s, dice, player) + _fights(state, s, dice, player)
    else:
        kept = list(pending["dice"])
        for face in held:
            kept.remove(face)
        new = roll(dice, player, len(held))
        pending["dice"] = cast(tuple[int, int], sorted(kept + new))
        shown = f"the Mines dice now show {pending['dice'][0]} and {pending['dice'][1]}"
        events += [f"{paid}: {shown}" if said else shown] + \
            _mine_default(state, s, dice, player)
    return _done(state, player, events)


# -- Town ---------------------------------------------------------------------------------------


def town(game: SimpleLifeGame, state: SimpleLifeState, player: str, cleaned: int,
         dice: Dice) -> list[str]:
    face = cleaned
    s = me(state, player)
    events = spend(s, [face], f"town({face})")
    s["town"] = {"face": face, "left": face}
    return _done(state, player, events + [f"entered the Town with a {face}: "
                                          f"{counted(face, 'action')}"])


def _town_used(s: Sheet) -> list[str]:
    town_ = s["town"]
    if town_ is None:
        raise AssertionError("a Town action outside the Town")  # checked before
    town_["left"] -= 1
    if town_["left"] <= 0:
        s["used"].append(town_["face"])
        s["town"] = None
        return ["the action die is used up: your Town visit ends"]
    return []


def give_on(state: SimpleLifeState, s: Sheet, cleaned: tuple[str, Townsfolk]) -> list[str]:
    name, spec = cleaned
    lose(s, "flower", spec["flowers"])
    s["friends"][name] += 1
    events = [f"gave {name} {counted(spec['flowers'], 'flower')}: box {s['friends'][name]} of "
              f"{spec['boxes']}"]
    if s["friends"][name] == spec["boxes"]:
        events.append(f"befriended {name}: " + gains_text(s, ["heart", *spec["gift"]],
                                                          state["day"]))
    return events + _town_used(s)


def buy_on(state: SimpleLifeState, s: Sheet, cleaned: str) -> list[str]:
    resource = cleaned
    lose(s, "coin")
    gain(s, resource, state["day"])
    return [f"bought a {resource} for a coin"] + _town_used(s)


def sell_on(state: SimpleLifeState, s: Sheet, cleaned: tuple[str, int]) -> list[str]:
    resource, amount = cleaned
    lose(s, resource, amount)
    gain(s, "coin", state["day"])
    return [f"sold {counted(amount, resource)} for a coin"] + _town_used(s)


def upgrade_on(state: SimpleLifeState, s: Sheet, cleaned: str) -> list[str]:
    tool = cleaned
    lose(s, "stone", rules()["upgrade_stone"])
    s["tools"][tool] += 1
    gain(s, "upgrade", state["day"])
    return [f"upgraded the {tool.replace('_', ' ')} to level {s['tools'][tool]}"] + \
        _town_used(s)


# The Town actions on a sheet alone, by command (the bots plan a visit with them); each takes
# what its own check returned (checks.ON_SHEET), so the table can only say Any of it.
ON_SHEET: dict[str, Callable[[SimpleLifeState, Sheet, Any], list[str]]] = {
    "give": give_on, "buy": buy_on, "sell": sell_on, "upgrade": upgrade_on}


def give(game: SimpleLifeGame, state: SimpleLifeState, player: str,
         cleaned: tuple[str, Townsfolk], dice: Dice) -> list[str]:
    return _done(state, player, give_on(state, me(state, player), cleaned))


def buy(game: SimpleLifeGame, state: SimpleLifeState, player: str, cleaned: str,
        dice: Dice) -> list[str]:
    return _done(state, player, buy_on(state, me(state, player), cleaned))


def sell(game: SimpleLifeGame, state: SimpleLifeState, player: str, cleaned: tuple[str, int],
         dice: Dice) -> list[str]:
    return _done(state, player, sell_on(state, me(state, player), cleaned))


def upgrade(game: SimpleLifeGame, state: SimpleLifeState, player: str, cleaned: str,
            dice: Dice) -> list[str]:
    return _done(state, player, upgrade_on(state, me(state, player), cleaned))


# -- the end of a day, and the standing orders --------------------------------------------------


def pass_(game: SimpleLifeGame, state: SimpleLifeState, player: str, cleaned: None,
          dice: Dice) -> list[str]:
    s = me(state, player)
    events = close_town(s)
    left = list(s["available"])
    _unused(s, left)
    s["available"] = []
    s["day_over"] = True
    return _done(state, player, events + [f"passed: day {state['day']} is over" +
                                          (f" (unused dice: {show_dice(left)})" if left else "")])


def on_miss(game: SimpleLifeGame, state: SimpleLifeState, player: str, cleaned: None,
            dice: Dice) -> list[str]:
    """Never called: its check refuses it as an order of the file. As a standing order the
    engine keeps it, and the rolls above read it when a roll misses."""
    return []


def on_mine(game: SimpleLifeGame, state: SimpleLifeState, player: str, cleaned: None,
            dice: Dice) -> list[str]:
    """Never called, as on_miss: the Mines trip reads it (`_mine_default`)."""
    return []


def maybe_end_day(state: SimpleLifeState, s: Sheet) -> list[str]:
    """The day ends by itself when no die is left to use and nothing is in progress."""
    if s["day_over"] or s["pending"] is not None or s["town"] is not None:
        return []
    limit = day_limit(state)
    out_of_dice = not s["available"] or (limit is not None and s["spent"] >= limit)
    if not out_of_dice:
        return []
    left = list(s["available"])
    _unused(s, left)
    s["available"] = []
    s["day_over"] = True
    return [f"no dice left to use: day {state['day']} is over" +
            (f" (unused dice: {show_dice(left)})" if left else "")]


def _unused(s: Sheet, left: list[int]) -> None:
    s["used"].extend(left)
    if left:
        s.setdefault("spent_on", []).append(f"unused: {show_dice(left)}")


def update_goals(state: SimpleLifeState, s: Sheet) -> list[str]:
    """Check the circle of every goal met just now (all six are tracked, for sandbox play)."""
    events = []
    for goal in goal_ids():
        if goal not in s["done"] and goal_met(s, goal):
            s["done"][goal] = state["day"]
            chosen = goal in state["goals"]
            events.append(f"goal complete: {goal_text(goal)}" +
                          ("" if chosen or state["sandbox"] else " (not one of your goals)"))
    return events


def settle(state: SimpleLifeState, player: str, dice: Dice) -> list[str]:
    """At the end of a tick: a prompt still open, answered by the player's standing order for
    it (one set after the prompt arose, or a fight left waiting); [] if none answers it."""
    s = me(state, player)
    pending = s["pending"]
    if pending is None or not covers(state, player, s):
        return []
    if pending["kind"] == "mine":
        return _mine_default(state, s, dice, player)
    if pending["kind"] == "lake":
        return ["a missed Lake roll was waiting"] + _lake_missed(state, s, dice, player)
    if pending["face"] is None:
        return _fights(state, s, dice, player)
    keep = miss_keep(state, player, "fight")
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


def start_day(state: SimpleLifeState, dice: Dice) -> list[str]:
    """Start of Day: cross the next Calendar day; pick up the Used dice and roll them all. Two
    players share one roll of the 6 dice; each copies it onto their own sheet."""
    state["day"] += 1
    faces = sorted(dice.stream("day").roll(dice_total(state)))
    state["last_roll"] = faces
    events = []
    for player in state["players"]:
        s = me(state, player)
        s.update({"available": list(faces), "used": [], "spent": 0, "spent_on": [],
                  "day_over": False, "town": None})
        s["log"].append(f"day {state['day']} begins: you rolled {show_dice(faces)}")
        events.append(f"{player}: day {state['day']} begins with {show_dice(faces)}")
    return events
