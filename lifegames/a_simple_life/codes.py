"""A Simple Life's own problem codes, declared once (engine/base/codes.py explains the form): what
each means, and where a player reads about it (games/a_simple_life/RULES.md)."""

from __future__ import annotations

from ..engine.base.codes import Code, Codes

RULES = "games/a_simple_life/RULES.md"


class E(Codes, doc=f"{RULES}#problem-codes"):
    """Why an order cannot run."""

    GAME_OVER = Code("E-GAME-OVER", "the game has ended: no order runs any more")
    DAY_OVER = Code("E-DAY-OVER", "your day is over; the next one begins when the tick ends")
    PROMPT = Code("E-PROMPT", "your sheet asks a question (a missed roll, the Mines dice, a "
                  "fight) that must be answered before anything else")
    NO_PROMPT = Code("E-NO-PROMPT", "an answer (dig, fight, accept) while your sheet asks "
                     "nothing")
    ANSWER_PROMPT = Code("E-ANSWER-PROMPT", "the file ends while your sheet still asks a "
                         "question it must answer")
    NOT_A_NUMBER = Code("E-NOT-A-NUMBER", "a fact that stands where a number is wanted gave "
                        "something else")
    NOT_A_DIE = Code("E-NOT-A-DIE", "a die value outside 1 to 6")
    NO_DIE = Code("E-NO-DIE", "none (or too few) of the dice you may use show that value")
    DAY_LIMIT = Code("E-DAY-LIMIT", "more dice than a player may spend in one day")
    SHORT = Code("E-SHORT", "you hold too few of what the order spends")
    NO_COLUMN = Code("E-NO-COLUMN", "a column the Farm or the Mines does not have")
    WRONG_COLUMN = Code("E-WRONG-COLUMN", "a die other than a 6 checks only the Farm column "
                        "of its own value")
    COLUMN_FULL = Code("E-COLUMN-FULL", "every box of that Farm column is checked")
    NO_ROW = Code("E-NO-ROW", "a row the Lake or the Mines does not have")
    TARGET_DONE = Code("E-TARGET-DONE", "that Lake row already holds a mark in this die's "
                       "column")
    CANNOT_DIG = Code("E-CANNOT-DIG", "the Mines dice cannot name that cell")
    NOTHING_TO_ACCEPT = Code("E-NOTHING-TO-ACCEPT", "no missed roll waits to be accepted")
    NOTHING_TO_REROLL = Code("E-NOTHING-TO-REROLL",
                             "no rolled die to reroll: Available dice spent, no roll waiting")
    NOT_IN_TOWN = Code("E-NOT-IN-TOWN", "a Town action before a die was spent on the Town")
    ALREADY_FRIENDS = Code("E-ALREADY-FRIENDS", "that townsfolk is your friend already")
    ROW_FULL = Code("E-ROW-FULL", "your row of that resource is full: what you buy would be "
                    "lost")
    FULLY_UPGRADED = Code("E-FULLY-UPGRADED", "the tool is at its highest level already")
    STANDING_ONLY = Code("E-STANDING-ONLY", "an order that is only ever a standing order, "
                         "written as an order of the file")
    UNKNOWN_TOWNSFOLK = Code("E-UNKNOWN-TOWNSFOLK", "no townsfolk of that name")
    UNKNOWN_RESOURCE = Code("E-UNKNOWN-RESOURCE", "no resource of that name that the order "
                            "can trade")
    UNKNOWN_TOOL = Code("E-UNKNOWN-TOOL", "no tool of that name")
    UNKNOWN_TARGET = Code("E-UNKNOWN-TARGET", "on_miss names a roll it cannot answer")
    UNKNOWN_ICON = Code("E-UNKNOWN-ICON", "on_mine names no Mines rule")
    BAD_KEEP = Code("E-BAD-KEEP", "on_miss keeps a number of carrots that is not 0 or more, "
                    "nor all")


class W(Codes, doc=f"{RULES}#what-the-sheet-shows-and-what-check-warns-of"):
    """Legal orders whose outcome is known already and worthless."""

    CANNOT_CATCH = Code("W-CANNOT-CATCH", "a Lake cast no roll can win")
    DUG_ALREADY = Code("W-DUG-ALREADY", "a dig into a cell already dug, while the dice name "
                       "one that is not")
    MINES_EMPTY = Code("W-MINES-EMPTY", "a Mines trip when every cell is dug")
    TOWN_IDLE = Code("W-TOWN-IDLE", "a Town visit in which nothing can be done with what you "
                     "have")
