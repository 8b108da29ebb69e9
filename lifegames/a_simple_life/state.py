"""A Simple Life's state, declared once: every field, its bounds, and who may see it.

Each player marks their own paper sheet, and in a game for two both sheets lie on the table:
every mark on a sheet (Farm, Lake, Mines, Town, inventory, dice, the prompt it shows) is
public, and a player's sheet shows the other's score and goals. The dice to come are in no
state: they are the tick's dice, drawn from the secret seed. What a player does not see of the
other: their standing orders (the engine's field) and the log of what happened to them last
tick, which names the standing orders that answered their prompts (`Owner(by=ENTRY)` on a field
of a sheet: the sheet's player; the others' views leave it out).

The engine derives each player's view from this declaration (engine/core/declared.py) and checks
every state the host loads against it; goal, townsfolk, tool, icon, artifact and fish names
come from the rule data through `ASimpleLife.vocabulary`.
"""

from typing import Annotated, Final, Literal, TypedDict

from ..engine.core.contract import EngineState, Game
from ..engine.core.declared import ENTRY, NOTHING, PLAYER, PUBLIC, Keys, OneOf, Owner, Range

MAX_DAYS: Final = 30  # the longest game `setup days=N` starts

Count = Annotated[int, PUBLIC, Range(0)]
Die = Annotated[int, PUBLIC, Range(1, 6)]  # a die, named by the face it shows
Flag = Annotated[bool, PUBLIC]
# A Lake target: untried, missed once (circle), missed twice (cross, closed) or caught (check)
Mark = Annotated[Literal["", "circle", "cross", "check"], PUBLIC]
LakeRow = tuple[Mark, Mark, Mark]  # the three columns: die 1-2, 3-4, 5-6
MinesRow = tuple[Flag, Flag, Flag, Flag, Flag, Flag]  # a cell of each column: crossed
MinesRows = Annotated[MinesRow, PUBLIC]
Mines = tuple[MinesRows, MinesRows, MinesRows, MinesRows, MinesRows, MinesRows]  # row by row
Farm = tuple[Count, Count, Count, Count, Count, Count]  # boxes checked in each column


class Row(TypedDict):
    """An inventory row: icons circled, and of those crossed (monsters: crossed alone)."""

    circled: Count
    crossed: Count


class Town(TypedDict):
    """An open Town visit: the action die and the actions left on it."""

    face: Die
    left: Annotated[int, PUBLIC, Range(0, 6)]


class _Prompted(TypedDict, total=False):
    row: Annotated[int, PUBLIC, Range(1)]  # lake: the target's row
    col: Annotated[int, PUBLIC, Range(1, 3)]  # lake: the target's column
    face: Annotated[int | None, PUBLIC, Range(1, 6)]  # lake, fight: the roll that missed
    dice: Annotated[tuple[Die, Die], PUBLIC]  # mine, fight: the Mines dice
    left: Count  # fight: monsters still to fight


class Pending(_Prompted):
    """The prompt on the sheet: a missed Lake roll, the Mines dice to place, or monsters to
    fight (a dug cell's; `face` a missed fight roll). `made`: the tick it was asked or last
    answered in."""

    kind: Annotated[Literal["lake", "mine", "fight"], PUBLIC]
    made: Count


class Sheet(TypedDict):
    farm: Annotated[Farm, PUBLIC]
    lake: Annotated[list[LakeRow], PUBLIC]  # row by row, as sheet.yaml lists them
    mines: Annotated[Mines, PUBLIC]
    friends: Annotated[dict[str, Count], PUBLIC, Keys("townsfolk", every=True)]  # boxes
    tools: Annotated[dict[str, Annotated[int, Range(0, 2)]], PUBLIC, Keys("tool", every=True)]
    inventory: Annotated[dict[str, Row], PUBLIC, Keys("icon", every=True)]
    museum: Annotated[dict[str, bool], PUBLIC, Keys("artifact", every=True)]
    pond: Annotated[dict[str, bool], PUBLIC, Keys("fish", every=True)]
    available: Annotated[list[Die], PUBLIC]
    used: Annotated[list[Die], PUBLIC]
    spent: Count  # dice spent today
    spent_on: Annotated[list[str], PUBLIC]  # the orders today's dice went to
    town: Annotated[Town | None, PUBLIC]
    pending: Annotated[Pending | None, PUBLIC]
    done: Annotated[dict[str, Annotated[int, Range(1)]], PUBLIC, Keys("goal")]  # goal -> day
    day_over: Flag
    log: Annotated[list[str], Owner(by=ENTRY, others=NOTHING)]  # what happened last tick


class SimpleLifeState(EngineState):
    players: Annotated[list[Annotated[str, OneOf(PLAYER)]], PUBLIC]
    goals: Annotated[list[Annotated[str, OneOf("goal")]], PUBLIC]  # rolled at setup
    sandbox: Flag
    days: Annotated[int, PUBLIC, Range(1)]
    day: Count  # the Calendar's last crossed day
    over: Flag
    last_roll: Annotated[list[Die], PUBLIC]  # the day's roll, which two players share
    sheets: Annotated[dict[str, Sheet], PUBLIC, Keys(PLAYER, every=True)]


# The game object as its modules hold it: a game whose states are SimpleLifeState.
SimpleLifeGame = Game[SimpleLifeState]
