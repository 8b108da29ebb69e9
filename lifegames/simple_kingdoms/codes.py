"""Simple Kingdoms' own problem codes, declared once (engine/base/codes.py explains the form):
what each means, and where a player reads about it (games/simple_kingdoms/RULES.md)."""

from __future__ import annotations

from ..engine.base.codes import Code, Codes

RULES = "games/simple_kingdoms/RULES.md"


class E(Codes, doc=f"{RULES}#problem-codes"):
    """Why an order cannot run."""

    OFF_MAP = Code("E-OFF-MAP", "a row or column outside the map")
    BAD_AMOUNT = Code("E-BAD-AMOUNT", "an amount below 1")
    UNKNOWN_RESOURCE = Code("E-UNKNOWN-RESOURCE", "no resource of that name")
    CANNOT_TRADE = Code("E-CANNOT-TRADE", "a resource this order cannot give, buy or sell")
    NOT_BUILDABLE = Code("E-NOT-BUILDABLE", "a village is founded by a claim, never built")
    UNKNOWN_BUILDING = Code("E-UNKNOWN-BUILDING", "no building of that name")
    NOT_ADJACENT = Code("E-NOT-ADJACENT", "soldiers march one step at a time, to a "
                        "neighbouring tile")
    NOT_YOURS = Code("E-NOT-YOURS", "the tile belongs to another kingdom, or to nobody")
    SHORT = Code("E-SHORT", "the kingdom's stock cannot pay what the order costs")
    NEEDS_SETTLEMENT = Code("E-NEEDS-SETTLEMENT", "the building needs a larger settlement on "
                            "the tile, or replaces one the tile does not have")
    WRONG_TERRAIN = Code("E-WRONG-TERRAIN", "the building cannot stand on this tile's "
                         "terrain")
    LIMIT = Code("E-LIMIT", "the tile holds as many watchtowers, walls or resource buildings "
                 "as it may")
    NO_CIVILIANS = Code("E-NO-CIVILIANS", "too few civilians to train that many soldiers")
    NO_SOLDIERS = Code("E-NO-SOLDIERS", "fewer of your soldiers on the tile than the order "
                       "moves or dismisses")
    CLAIMED_THIS_TICK = Code("E-CLAIMED-THIS-TICK", "the other kingdom claimed the tile "
                             "earlier in the same tick")
    ALREADY_OWNED = Code("E-ALREADY-OWNED", "the tile already belongs to a kingdom")
    UNEXPLORED = Code("E-UNEXPLORED", "a tile nobody has explored cannot be claimed")
    TOO_FEW_SOLDIERS = Code("E-TOO-FEW-SOLDIERS", "a claim needs more of your soldiers on "
                            "the tile")


class W(Codes, doc=f"{RULES}#what-the-sheets-show-and-what-check-warns-of"):
    """Orders the rules allow whose effect at the end of the tick is certain and bad."""

    HUNGRY = Code("W-HUNGRY", "after this order your people go hungry at the end of the tick")
    DESERT = Code("W-DESERT", "after this order soldiers cannot be paid and desert")
    EXPOSED = Code("W-EXPOSED", "after this order a tile of yours falls below the threat")
    NOT_EXPLORED = Code("W-NOT-EXPLORED", "too few soldiers march onto an unexplored tile to "
                        "explore it")
    SOLD_FOR_NOTHING = Code("W-SOLD-FOR-NOTHING", "a sale that pays no gold")
    NO_GROWTH = Code("W-NO-GROWTH", "dismissed soldiers fill the civilian cap: nobody grows")
    LOWERS_SCORE = Code("W-LOWERS-SCORE", "on the last tick, spending that lowers the final "
                        "team score")
