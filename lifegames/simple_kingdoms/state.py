"""Simple Kingdoms' state, declared once: every field, its bounds, and who may see it.

Simple Kingdoms is cooperative and open: both kingdoms see everything but the terrain of the
tiles nobody has explored, which everyone sees once a tick explores the tile (`Once`). The
engine derives each kingdom's view from this declaration (engine/core/declared.py) and checks every
state the host loads against it. Names in a bound (`OneOf("terrain")`) come from rules.yaml
through `SimpleKingdoms.vocabulary`.
"""

from typing import Annotated, TypedDict

from ..engine.core.contract import EngineState, Game
from ..engine.core.declared import PLAYER, PUBLIC, Keys, Once, OneOf, Range
from ..engine.core.resample import Roll

Count = Annotated[int, Range(0)]
Player = Annotated[str, OneOf(PLAYER)]
# A tile's place, [row, col]: the tiles explored or claimed during this tick.
Place = tuple[Annotated[int, PUBLIC, Range(0)], Annotated[int, PUBLIC, Range(0)]]


class Tile(TypedDict):
    row: Annotated[int, PUBLIC, Range(0)]
    col: Annotated[int, PUBLIC, Range(0)]
    # unexplored: a resample rolls it again on the d6 table (engine/core/resample.py)
    terrain: Annotated[str, Once("explored", placeholder=None), OneOf("terrain"),
                       Roll("terrain roll")]
    explored: Annotated[bool, PUBLIC]
    owner: Annotated[str | None, PUBLIC, OneOf(PLAYER)]
    settlement: Annotated[str | None, PUBLIC, OneOf("settlement")]
    buildings: Annotated[dict[str, Count], PUBLIC, Keys("building")]  # building -> how many
    soldiers: Annotated[dict[str, Count], PUBLIC, Keys(PLAYER)]  # kingdom -> soldiers here


# A gift sent during the Act phase, delivered after every kingdom's orders ran.
Gift = TypedDict("Gift", {
    "from": Annotated[str, PUBLIC, OneOf(PLAYER)],
    "to": Annotated[str, PUBLIC, OneOf(PLAYER)],
    "resource": Annotated[str, PUBLIC, OneOf("resource")],
    "amount": Annotated[int, PUBLIC, Range(1)],
})


class Pending(TypedDict):
    gifts: Annotated[list[Gift], PUBLIC]


class ThisTick(TypedDict):
    """What the Act phase of the tick has done that later orders must know of."""

    explored: Annotated[list[Place], PUBLIC]
    claimed: Annotated[list[Place], PUBLIC]


class KingdomsState(EngineState):
    size: Annotated[int, PUBLIC, Range(1, 99)]
    players: Annotated[list[Player], PUBLIC]
    difficulty: Annotated[str, PUBLIC, OneOf("difficulty")]
    max_ticks: Annotated[int, PUBLIC, Range(1, 9999)]
    threat: Annotated[int, PUBLIC, Range(0)]
    # kingdom -> its stock: each resource of rules.yaml and its civilians
    kingdoms: Annotated[dict[str, Annotated[dict[str, Count], Keys("stock", every=True)]],
                        PUBLIC, Keys(PLAYER, every=True)]
    tiles: Annotated[list[Tile], PUBLIC]  # row by row
    pending: Annotated[Pending, PUBLIC]
    this_tick: Annotated[ThisTick, PUBLIC]
    reports: Annotated[dict[str, list[str]], PUBLIC, Keys(PLAYER, every=True)]  # last tick's
    world: Annotated[list[str], PUBLIC]  # what happened to everyone (the threat roll)


# The game object over this state: what every check, apply, view and bot is handed.
KingdomsGame = Game[KingdomsState]
