"""A Chaotic Life!'s state, declared once: every field, its bounds, and who may see it.

What is hidden: the deck (everyone sees its size, nobody its order), each player's hand and
Item Pouch (their own; the others see only how many cards), the card under each face-down
swap (its remover's), the Items moved between hand and pouch this turn and the cards drawn
this turn (the turn player's: the log tells the others only that an Item moved, or that a
card was drawn), the private lines of the log (each its reader's) and each player's standing
orders (their own). Everything else is on the table.
A hidden card is HIDDEN in a player's view: no card of that name exists, so a check that needs
the card refuses the order and no way forward can name it.

The engine derives each player's view from this declaration (engine/core/declared.py) and checks
every state the host loads against it; card names and stages come from the rule data through
`AChaoticLife.vocabulary`. Every hidden card is one of the cards no player may see but those
who hold them, the pool "card" (engine/core/resample.py): the deck, the hands and pouches, the
cards removed face down; a place takes only the cards the rules let it hold. The cards a turn
moved or drew are some of its player's cards, and the cards an offer gives stay in its
maker's hand or pouch while it waits (`Among`). The deck was stacked from piles, one Age card
shuffled into each (rulebook, "Setup - Building the Deck"): `piles` says what is left of each
pile, so a resample keeps each Age card to its own pile (`Piles`); a deck rebuilt from the
discard pile holds only cards of that pile (`Within`).
"""

from typing import Annotated, Final, Literal, NotRequired, TypedDict

from ..engine.core.contract import EngineState, Game
from ..engine.core.declared import KEY, PLAYER, PUBLIC, SIZE, Keys, Nobody, OneOf, Owner, Range
from ..engine.core.resample import Among, Piles, Pool, Within

HIDDEN: Final = "?"  # a card a player may not see, in their view of the state

Card = Annotated[str, OneOf("card")]
Player = Annotated[str, OneOf(PLAYER)]
Count = Annotated[int, PUBLIC, Range(0)]
Kind = Literal["happiness", "sadness"]
# the cards a player holds: theirs to see, the others see how many
HELD = Owner(by=KEY, others=SIZE, placeholder=HIDDEN)


class Counters(TypedDict):
    happiness: Count
    sadness: Count


class Placed(TypedDict):
    """A card on the Timeline, the stage it was played in and the cards placed above it."""

    card: Annotated[str, PUBLIC, OneOf("card")]
    stage: Annotated[str, PUBLIC, OneOf("stage")]
    above: Annotated[list[Card], PUBLIC]


class Turn(TypedDict):
    player: Annotated[str, PUBLIC, OneOf(PLAYER)]
    number: Annotated[int, PUBLIC, Range(1)]
    actions: Count
    used: Count
    phase: Annotated[Literal["act", "limit"], PUBLIC]  # limit: discarding down to five
    moved: Annotated[list[Card], Owner(by="player", others=SIZE, placeholder=HIDDEN),
                     Among("hands", "pouches", by="player", fits="item")]
    # the cards drawn this turn, from the deck or the discard pile (the fact `drawn`)
    drawn: Annotated[list[Card], Owner(by="player", others=SIZE, placeholder=HIDDEN),
                     Among("hands", "pouches", by="player")]
    # Items played by order this turn, face up, each waiting for the next card it can alter
    ready: Annotated[list[Card], PUBLIC]
    offered: Annotated[list[Player], PUBLIC]  # the player of each offer made this turn
    # the offers declined this turn (checks.deal_key): none is made again on the same terms.
    # Absent from a turn begun before it was kept.
    declined: NotRequired[Annotated[list[str], PUBLIC]]
    # an order ran this tick whose outcome its writer could not know (rules.py)
    unforeseen: Annotated[bool, PUBLIC]


class Amounts(TypedDict):
    """The counters and any cards of one side of a trade offer (checks.Terms)."""

    happiness: Count
    sadness: Count
    any_card: Count


class Terms(Amounts):
    """What an offer asks for: the cards it names may be anywhere."""

    cards: Annotated[list[Card], PUBLIC]


class Given(Amounts):
    """What an offer gives: the cards it names lie in its maker's hand or pouch."""

    cards: Annotated[list[Card], PUBLIC, Among("hands", "pouches", by="from")]


# An offer waiting for its answer: made in the open, its terms named in the log.
Offer = TypedDict("Offer", {
    "from": Annotated[str, PUBLIC, OneOf(PLAYER)],
    "to": Annotated[str, PUBLIC, OneOf(PLAYER)],
    "give": Annotated[Given, PUBLIC],
    "want": Annotated[Terms, PUBLIC],
    "tick": Count,
})


class Entry(TypedDict):
    """A line of the game log: its text for everyone, a fuller one for those who saw a card."""

    tick: Count
    text: Annotated[str, PUBLIC]
    private: Annotated[dict[str, str], Owner(by=KEY), Keys(PLAYER)]


# A card removed face down by a swap: [its remover, the card], the card theirs to see.
Removal = tuple[Annotated[str, PUBLIC, OneOf(PLAYER)],
                Annotated[str, Owner(by=0, others=SIZE, placeholder=HIDDEN), OneOf("card"),
                          Pool("card", fits="swappable")]]


# A pile of the deck, as everyone knows it (engine/core/resample.py `Piles`): how many of its cards
# are left in the deck, the Age card shuffled into it at setup (null once that card may have
# gone back into the deck anywhere), and whether a card has been drawn from it.
Pile = tuple[Annotated[int, PUBLIC, Range(0)], Annotated[str | None, PUBLIC, OneOf("card")],
             Annotated[bool, PUBLIC]]


class ChaoticState(EngineState):
    players: Annotated[list[Player], PUBLIC]  # in seat order
    goals: Annotated[dict[str, Kind], PUBLIC, Keys(PLAYER, every=True)]
    goal_card: Annotated[str, PUBLIC, OneOf("card")]
    lifegoals: Annotated[list[Card], PUBLIC]
    deck: Annotated[list[Card], Nobody(placeholder=HIDDEN), Pool("card"),
                    Piles("piles", loose="loose"), Within("rebuilt")]  # top first
    discard: Annotated[list[Card], PUBLIC]  # top last
    removed: Annotated[list[Removal], PUBLIC]
    hands: Annotated[dict[str, list[Card]], HELD, Keys(PLAYER, every=True),
                     Pool("card", fits="held")]
    pouches: Annotated[dict[str, list[Card]], HELD, Keys(PLAYER, every=True),
                       Pool("card", fits="item")]
    front: Annotated[dict[str, list[Card]], PUBLIC, Keys(PLAYER, every=True)]
    claimed: Annotated[dict[str, list[Card]], PUBLIC, Keys(PLAYER, every=True)]
    minigoals: Annotated[list[Card], PUBLIC]  # open Mini-Goals
    timeline: Annotated[list[Placed], PUBLIC]
    stage: Annotated[str, PUBLIC, OneOf("stage")]
    history: Annotated[dict[str, list[str]], PUBLIC, Keys("stage")]  # stage -> what happened
    counters: Annotated[dict[str, Counters], PUBLIC, Keys(PLAYER, every=True)]
    turn: Annotated[Turn, PUBLIC]
    offer: Annotated[Offer | None, PUBLIC]
    idle: Count  # turns in a row without an action
    turns: Count
    reshuffles: Count
    # what the deck was last rebuilt from, by name (sorted): the discard pile lay face up, so
    # everyone knows it; with the cards put back into the deck since. Absent from a game begun
    # before it was kept, which then goes on as before (nothing known of a rebuilt deck).
    rebuilt: NotRequired[Annotated[list[Card], PUBLIC]]
    # the piles the deck was stacked from, top first, while its order is theirs (empty once
    # it is shuffled whole), and how many cards went back into it at places nobody knows (a
    # two-player deck is never shuffled). Absent from a game begun before they were kept.
    piles: NotRequired[Annotated[list[Pile], PUBLIC]]
    loose: NotRequired[Count]
    # a house rule, not a rule (setup word max_rounds=N): the CP dies of old age once this
    # many whole rounds are over. Absent when the house rule is off, as it is by default.
    max_rounds: NotRequired[Annotated[int, PUBLIC, Range(1)]]
    over: Annotated[bool, PUBLIC]
    end: Annotated[Literal["death", "idle", "old age"] | None, PUBLIC]  # model.ENDINGS
    # "old age" only under the house rule max_rounds
    log: Annotated[list[Entry], PUBLIC]  # this tick's
    recent: Annotated[list[Entry], PUBLIC]  # the last events, for the sheets


# The game object, typed by its state (rules.AChaoticLife is one): what every module takes.
ChaoticGame = Game[ChaoticState]
