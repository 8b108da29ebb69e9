"""The Sims Board Game's own problem codes, declared once (engine/base/codes.py explains the form):
what each means, and where a player reads about it (games/the_sims/RULES.md)."""

from __future__ import annotations

from ..engine.base.codes import Code, Codes

RULES = "games/the_sims/RULES.md"


class E(Codes, doc=f"{RULES}#problem-codes"):
    """Why an order cannot run."""

    GAME_OVER = Code("E-GAME-OVER", "the game has ended: no order runs any more")
    MOVE_IN = Code("E-MOVE-IN", "your first order file does not move you in")
    MOVE_IN_FIRST = Code("E-MOVE-IN-FIRST", "an order before you have moved in")
    MOVED_IN = Code("E-MOVED-IN", "move_in after you have moved in already")
    SOLO_ASPIRATIONS = Code("E-SOLO-ASPIRATIONS", "alone, your Aspirations are dealt at setup: "
                            "move_in names only a Home card")
    ASPIRATION_NEEDED = Code("E-ASPIRATION-NEEDED", "with other players, move_in keeps one of "
                             "the Aspirations you drew as well")
    NOT_YOUR_TURN = Code("E-NOT-YOUR-TURN", "another player's turn is being played")
    WRONG_MOMENT = Code("E-WRONG-MOMENT", "the order belongs to another step of the turn")
    TURN_OVER = Code("E-TURN-OVER", "an earlier order of the file ended your turn")
    TURN_NOT_YET = Code("E-TURN-NOT-YET", "your turn begins only when this tick ends, after "
                        "the Card Hub is refilled")
    TURN_INCOMPLETE = Code("E-TURN-INCOMPLETE", "the file stops before your turn is done")
    SOLO_ONLY = Code("E-SOLO-ONLY", "an order of the single-player game, in a game of several")
    SOLO_SWAP = Code("E-SOLO-SWAP", "alone, you swap with the discard pile: no player is named")
    SOLO_INTERACT = Code("E-SOLO-INTERACT", "alone, interact names nobody: you meet every "
                         "Iconic Sim at your Venue")
    UNKNOWN_HOME = Code("E-UNKNOWN-HOME", "no Home card of that name, or none you may name now")
    UNKNOWN_ASPIRATION = Code("E-UNKNOWN-ASPIRATION", "no Aspiration of that name, or none you "
                              "may name now")
    UNKNOWN_VENUE = Code("E-UNKNOWN-VENUE", "no Venue of that name, or none you may name now")
    UNKNOWN_CARD = Code("E-UNKNOWN-CARD", "no Action card of that name, or none you may name "
                        "now")
    UNKNOWN_NEED = Code("E-UNKNOWN-NEED", "no Need of that name")
    UNKNOWN_SIM = Code("E-UNKNOWN-SIM", "no Iconic Sim of that name, or none you may name now")
    UNKNOWN_NAME = Code("E-UNKNOWN-NAME", "neither a Need nor an Action card of that name")
    UNKNOWN_PLAYER = Code("E-UNKNOWN-PLAYER", "no player of that name you may name now")
    NOT_THERE = Code("E-NOT-THERE", "the card is not where the order takes it from, or not as "
                     "many times")
    NEED_FULL = Code("E-NEED-FULL", "the Need to raise is FULL already")
    NEED_EMPTY = Code("E-NEED-EMPTY", "the Need to lower, or the one a Venue asks for, is "
                      "EMPTY")
    NEED_NEEDED = Code("E-NEED-NEEDED", "alone, Go Home names the Need to raise first")
    TOO_MANY = Code("E-TOO-MANY", "Go Home names more Needs than it raises")
    SAME_NEED = Code("E-SAME-NEED", "the same Need named twice")
    NO_SET = Code("E-NO-SET", "the cards named and your Home card make no set of three "
                  "identical SIMbols")
    VENUE_NOT_ON_BOARD = Code("E-VENUE-NOT-ON-BOARD", "that Venue is on the face of its card "
                              "this game does not show")
    NO_MATCH = Code("E-NO-MATCH", "the Card Hub card shares no SIMbol with the Venue")
    HIDDEN = Code("E-HIDDEN", "the Aspiration you will draw is not known yet")
    WHO = Code("E-WHO", "the order must name the other player")
    NOT_INVITABLE = Code("E-NOT-INVITABLE", "that Iconic Sim cannot be invited now")
    NOT_USED = Code("E-NOT-USED", "a card that does nothing towards the Aspiration")
    NOT_COMPLETE = Code("E-NOT-COMPLETE", "the cards named do not complete the Aspiration")
    STANDING_ONLY = Code("E-STANDING-ONLY", "an order that is only ever a standing order, "
                         "written as an order of the file")


class W(Codes, doc=f"{RULES}#a-turn-on-the-turn-processor"):
    """Legal orders whose outcome is certain and bad."""

    POINTS_LOST = Code("W-POINTS-LOST", "taking the card costs you points for certain")
    COMPLETE_SKIPPED = Code("W-COMPLETE-SKIPPED", "alone, end_turn while your collection "
                            "completes an Aspiration gives it up for this turn")
    GAME_LOST = Code("W-GAME-LOST", "alone, the order ends your turn where you can neither "
                     "Travel nor Go Home, whatever the refill brings: the game is lost")
