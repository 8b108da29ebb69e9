"""The Sims Board Game's state, declared once: every field, its bounds, and who may see it.

What is hidden, by the rulebook's setup and turn: the four draw piles (Action cards, Iconic
Sims, Aspirations, Home cards: everyone sees how many cards, nobody which), the Aspirations
discarded face down and the cards returned to the box face down (the unused Homes, the single
player's unused Aspirations); of each player's seat, the two Homes and two Aspirations they
drew to move in (until they choose, the others see only how many), the Aspiration they drew
at Go Home (until they keep one: the others see that there is one), their private notes (what
they drew) and their standing orders. Everything else is on the table: the Card Hub and the
Action discard pile, each collection, Needs tracker, position and Iconic Sims, the Aspiration
on each Home card (set there face up), the completed ones, the board and the box.

A hidden card is HIDDEN in a player's view: no card has that name, so a check that needs it
refuses the order (keeping an Aspiration not seen yet is E-HIDDEN) and no way forward can
name it. The engine derives each player's view from this declaration (engine/core/declared.py) and
checks every state the host loads against it; the names come from the rule data through
`TheSims.vocabulary`. The hidden cards of a kind that nobody has shown may lie in any of its
hidden places, a pool (engine/core/resample.py): the Aspirations of the pile, the box and the
others' draws; the Homes of the pile and the others' draws. The Action and Iconic Sims piles
are pools of their own, and so are the face-down Aspiration discards: a player knows those
they put there, not which the others did.
"""

from typing import Annotated, Final, Literal, TypedDict

from ..engine.core.contract import EngineState, Game
from ..engine.core.declared import ENTRY, PLAYER, PUBLIC, SIZE, Keys, Nobody, OneOf, Owner, Range
from ..engine.core.resample import Pool

HIDDEN: Final = "?"  # a card a player may not see, in their view of the state

Card = Annotated[str, OneOf("card")]
Sim = Annotated[str, OneOf("sim")]
Aspiration = Annotated[str, OneOf("aspiration")]
Home = Annotated[str, OneOf("home")]
Player = Annotated[str, OneOf(PLAYER)]
Count = Annotated[int, PUBLIC, Range(0)]
Flag = Annotated[bool, PUBLIC]
Step = Literal["start", "keep", "swap", "invite", "interact", "score"]
# drawn and not shown yet: the seat's owner sees it, the others how many (null stays null)
UNSHOWN = Owner(by=ENTRY, others=SIZE, placeholder=HIDDEN)
PILE = Nobody(placeholder=HIDDEN)  # face down: its size only


class Offers(TypedDict):
    """What a player drew to move in (2-5 players: two of each; alone: every Home card)."""

    homes: Annotated[list[Home], UNSHOWN, Pool("home")]
    aspirations: Annotated[list[Aspiration], UNSHOWN, Pool("aspiration")]


class Seat(TypedDict):
    """One player's Home card, Needs tracker, collection and Iconic Sims."""

    home: Annotated[str | None, PUBLIC, OneOf("home")]  # None until they move in
    offers: Annotated[Offers, PUBLIC]
    aspiration: Annotated[str | None, PUBLIC, OneOf("aspiration")]  # face up on the Home card
    # Go Home's, until kept
    drawn: Annotated[str | None, UNSHOWN, OneOf("aspiration"), Pool("aspiration")]
    aspirations: Annotated[list[Aspiration], PUBLIC]  # alone: the three for the whole game
    completed: Annotated[list[Aspiration], PUBLIC]
    needs: Annotated[dict[str, Flag], PUBLIC, Keys("need", every=True)]  # True: FULL
    at: Annotated[str, PUBLIC, OneOf("place")]  # "home" or a Venue
    cards: Annotated[list[Card], PUBLIC]
    sims: Annotated[list[Sim], PUBLIC]
    specials: Annotated[list[Card], PUBLIC]  # Don Lothario, the Grim Reaper moved in
    notes: Annotated[list[str], UNSHOWN]  # what only this player may read


class Spot(TypedDict):
    """Alone: an Iconic Sim waiting at a Venue."""

    sim: Annotated[str, PUBLIC, OneOf("sim")]
    venue: Annotated[str, PUBLIC, OneOf("venue")]


class Box(TypedDict):
    """What went back to the box face up (Don Lothario and the Sim he charmed, the Grim
    Reaper and the Sims he took)."""

    cards: Annotated[list[Card], PUBLIC]
    sims: Annotated[list[Sim], PUBLIC]


class Turn(TypedDict):
    player: Annotated[str, PUBLIC, OneOf(PLAYER)]
    number: Annotated[int, PUBLIC, Range(1)]
    step: Annotated[Step, PUBLIC]
    venue: Annotated[str | None, PUBLIC, OneOf("venue")]  # where this turn traveled
    taken: Annotated[list[Card], PUBLIC]  # the Action cards taken this turn
    holding: Annotated[str | None, PUBLIC, OneOf("card")]  # alone: the card whose action runs


class SimsState(EngineState):
    players: Annotated[list[Player], PUBLIC]  # in seat order, the first plays first
    target: Annotated[int, PUBLIC, Range(1, 30)]  # the points that win
    sides: Annotated[str, PUBLIC, OneOf("sides")]  # the side of each Venue card, e.g. AABBAB
    pile: Annotated[list[Card], PILE, Pool("action")]  # the Action draw pile, top first
    hub: Annotated[list[Annotated[str | None, OneOf("card")]], PUBLIC]  # None: an empty slot
    discard: Annotated[list[Card], PUBLIC]
    scored: Annotated[list[Card], PUBLIC]  # alone: the cards that completed Aspirations
    box: Annotated[Box, PUBLIC]
    sims_pile: Annotated[list[Sim], PILE, Pool("sim")]
    board: Annotated[list[Sim] | list[Spot], PUBLIC]  # 2-5 players: names; alone: at Venues
    centre: Annotated[list[Sim], PUBLIC]  # alone: the Sims met awkwardly
    asp_pile: Annotated[list[Aspiration], PILE, Pool("aspiration")]
    # discarded face down
    asp_discard: Annotated[list[Aspiration], PILE, Pool("aspiration discard")]
    # alone: the unused ones, face down
    asp_box: Annotated[list[Aspiration], PILE, Pool("aspiration")]
    home_pile: Annotated[list[Home], PILE, Pool("home")]  # the unused Home cards, face down
    seats: Annotated[dict[str, Seat], PUBLIC, Keys(PLAYER, every=True)]
    turn: Annotated[Turn, PUBLIC]
    owed: Annotated[list[Player], PUBLIC]  # who draws a new Aspiration at the refill
    refill: Flag  # a turn ended this tick: the Hub and the Sims are refilled at its end
    chance: Flag  # the last order rolled the die or drew from a hidden pile
    tick_turn: Annotated[int, PUBLIC, Range(1)]  # the turn that was on when this tick began
    turns: Count
    over: Flag
    winners: Annotated[list[Player], PUBLIC]
    ended: Annotated[str, PUBLIC]  # how the game ended ('' until then)
    log: Annotated[list[str], PUBLIC]  # this tick's events
    recent: Annotated[list[str], PUBLIC]  # the last events, for the sheets


# The game object as this package's functions see it: a game over this state.
SimsGame = Game[SimsState]
