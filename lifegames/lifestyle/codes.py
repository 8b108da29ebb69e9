"""Lifestyle's own problem codes, declared once (engine/base/codes.py explains the form): what each
means, and where a player reads about it (games/lifestyle/RULES.md)."""

from __future__ import annotations

from ..engine.base.codes import Code, Codes

RULES = "games/lifestyle/RULES.md"


class E(Codes, doc=f"{RULES}#problem-codes"):
    """Why an order cannot run."""

    GAME_OVER = Code("E-GAME-OVER", "the game has ended: no order runs any more")
    NOT_YOUR_TURN = Code("E-NOT-YOUR-TURN", "another player's turn is being played")
    WRONG_MOMENT = Code("E-WRONG-MOMENT", "the order does not fit this step of your turn "
                        "(a roll waits for an answer, a card was just met, you botched)")
    DISPLAY_FULL = Code("E-DISPLAY-FULL", "cards are bought only while the display has room")
    PILE_EMPTY = Code("E-PILE-EMPTY", "the draw pile is empty: nothing to buy")
    NO_TOKENS = Code("E-NO-TOKENS", "too few tokens to pay for the order")
    OFF_DISPLAY = Code("E-OFF-DISPLAY", "a row or column the display does not have")
    HIDDEN_CARD = Code("E-HIDDEN-CARD", "a card you would take is dealt this tick, so nobody "
                       "knows it yet")
    EMPTY_SPACE = Code("E-EMPTY-SPACE", "that place of the display holds no card")
    UNKNOWN_CARD = Code("E-UNKNOWN-CARD", "no card of that name where the order looks for it")
    NOT_IN_DICE_ZONE = Code("E-NOT-IN-DICE-ZONE", "the card is not in your dice zone, or is "
                            "met already")
    MUST_TAKE = Code("E-MUST-TAKE", "with an empty dice zone, your turn must take cards")
    NO_SUCH_DIE = Code("E-NO-SUCH-DIE", "a die number beyond the dice rolled")
    NO_SPORT = Code("E-NO-SPORT", "no ready Sports card of that name in your points zone")
    UNKNOWN_SPORT = Code("E-UNKNOWN-SPORT", "no Sports card of that name")
    NO_DIE_NEEDED = Code("E-NO-DIE-NEEDED", "a Sports card that works on every die, given "
                         "one")
    DIE_NEEDED = Code("E-DIE-NEEDED", "a Sports card that works on one die, given none")
    TURN_INCOMPLETE = Code("E-TURN-INCOMPLETE", "the file stops before your turn is done")


class W(Codes, doc=f"{RULES}#warnings"):
    """Legal orders whose outcome is certain and bad, or hopeless."""

    BOTCH = Code("W-BOTCH", "accepting a roll that botches its card while a token or a Sports "
                 "card could still save it")
    ALREADY_MET = Code("W-ALREADY-MET", "a reroll or a Sports card spent on dice that meet "
                       "their card already")
    CANNOT_MEET = Code("W-CANNOT-MEET", "a reroll or a Sports card after which nothing can "
                       "meet the card")
    SHORT_BUY = Code("W-SHORT-BUY", "a purchase the draw pile cannot fill, at the full price")
    DEAR_REFILL = Code("W-DEAR-REFILL", "a refill where buy_two deals as many cards for less")
