"""Lifestyle's state, declared once: every field, its bounds, and who may see it.

Lifestyle is played in the open: the display, every dice zone and points zone, the tokens, the
discard pile and the roll in play are on the table for everyone. One thing is hidden from
everyone: the order of the face-down draw pile (`Nobody`: each player sees how many cards it
holds, which the sheets show). In a player's view each card of the pile is HIDDEN_CARD, no
card of the game: a purchase or a free refill made on that view deals placeholders, which no
order can take or name. The engine's own fields (a player's standing orders, theirs alone)
come in through EngineState.

The engine derives each player's view from this declaration (engine/core/declared.py) and checks
every state the host loads against it; card names come from cards.yaml through
`Lifestyle.vocabulary`. Roll dice have no upper bound: Cycling and Rowing may raise a die past 6.
"""

from typing import Annotated, Final, Literal, TypedDict

from ..engine.core.contract import EngineState, Game
from ..engine.core.declared import PLAYER, PUBLIC, Keys, Nobody, OneOf, Range
from ..engine.core.resample import Pool

# What a player's view holds in place of each card of the face-down pile.
HIDDEN_CARD: Final = "(hidden card)"

Card = Annotated[str, OneOf("card")]
Player = Annotated[str, OneOf(PLAYER)]
Count = Annotated[int, PUBLIC, Range(0)]
# Turn phases: start (may buy; then take or roll), rolled (a roll awaits its answer), next (a
# card was met: name the next), botched (discard any cards, then end_turn).
Phase = Literal["start", "rolled", "next", "botched"]
START: Final = "start"
ROLLED: Final = "rolled"
NEXT: Final = "next"
BOTCHED: Final = "botched"


class Seat(TypedDict):
    tokens: Count
    dice: Annotated[list[Card], PUBLIC]  # the dice zone, face up
    points: Annotated[list[Card], PUBLIC]  # the points zone


class Roll(TypedDict):
    """The roll in play: the card named, its dice as they stand, and how they came to be."""

    card: Annotated[str, PUBLIC, OneOf("card")]
    dice: Annotated[list[Annotated[int, Range(1)]], PUBLIC]
    steps: Annotated[list[str], PUBLIC]


class Turn(TypedDict):
    player: Annotated[str, PUBLIC, OneOf(PLAYER)]
    number: Annotated[int, PUBLIC, Range(1)]
    phase: Annotated[Phase, PUBLIC]
    fulfilled: Annotated[list[Card], PUBLIC]  # the cards met so far this turn
    roll: Annotated[Roll | None, PUBLIC]
    # Sports card -> how many of its copies were turned this turn
    sports_used: Annotated[dict[str, Annotated[int, Range(1)]], PUBLIC, Keys("sport")]
    # the last order had an outcome nobody could know when the file was checked (rules.py)
    fresh_roll: Annotated[bool, PUBLIC]
    bought: Count  # cards bought this turn
    missed: Annotated[str | None, PUBLIC, OneOf("card")]  # the card of a botched roll


class LifestyleState(EngineState):
    players: Annotated[list[Player], PUBLIC]  # in seat order
    # top first; a resample shuffles it (a pool of its own, engine/core/resample.py)
    pile: Annotated[list[Card], Nobody(placeholder=HIDDEN_CARD), Pool("pile")]
    display: Annotated[list[Annotated[str | None, OneOf("card")]], PUBLIC]  # row by row
    discard: Annotated[list[Card], PUBLIC]
    pool: Count  # the token pool
    seats: Annotated[dict[str, Seat], PUBLIC, Keys(PLAYER, every=True)]
    turn: Annotated[Turn, PUBLIC]
    over: Annotated[bool, PUBLIC]
    ended_by: Annotated[str | None, PUBLIC, OneOf(PLAYER)]  # who found nothing to do
    log: Annotated[list[str], PUBLIC]  # this tick's events
    recent: Annotated[list[str], PUBLIC]  # the last events, for the sheets


# The game object over this state: what every check, apply, view and bot is handed.
LifestyleGame = Game[LifestyleState]
