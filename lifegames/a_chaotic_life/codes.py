"""A Chaotic Life!'s own problem codes, declared once (engine/base/codes.py explains the form): what
each means, and where a player reads about it (games/a_chaotic_life/RULES.md)."""

from __future__ import annotations

from ..engine.base.codes import Code, Codes

RULES = "games/a_chaotic_life/RULES.md"


class E(Codes, doc=f"{RULES}#problem-codes"):
    """Why an order cannot run."""

    GAME_OVER = Code("E-GAME-OVER", "the game has ended: no order runs any more")
    NOT_YOUR_TURN = Code("E-NOT-YOUR-TURN", "another player's turn is being played")
    ANSWER_OFFER = Code("E-ANSWER-OFFER", "a trade offer made to you waits for your answer "
                        "first")
    OFFER_PENDING = Code("E-OFFER-PENDING", "your turn waits for the answer to your offer")
    DISCARDING = Code("E-DISCARDING", "once you discard down to the hand limit, only that and "
                      "end_turn remain")
    NO_ACTIONS = Code("E-NO-ACTIONS", "every action of this turn is used")
    TURN_INCOMPLETE = Code("E-TURN-INCOMPLETE", "the file stops before your turn is done")
    UNKNOWN_CARD = Code("E-UNKNOWN-CARD", "no card (or card type) of that name where the order "
                        "looks for one")
    UNKNOWN_KIND = Code("E-UNKNOWN-KIND", "no counter kind of that name")
    UNKNOWN_PLAYER = Code("E-UNKNOWN-PLAYER", "no other player of that name")
    UNKNOWN_WHOSE = Code("E-UNKNOWN-WHOSE", "a reaction's `whose` is not mine, others, any or "
                         "a player's name")
    UNKNOWN_EFFECT = Code("E-UNKNOWN-EFFECT", "a reaction's `effect` is not helps, hurts or "
                          "any")
    UNKNOWN_JUDGE = Code("E-UNKNOWN-JUDGE", "accept judges a trade only by `helps`")
    YOURSELF = Code("E-YOURSELF", "an order aimed at yourself that must aim at another player")
    HIDDEN = Code("E-HIDDEN", "whether you will hold the card is not known yet: it reaches you "
                  "face down this tick")
    NOT_HELD = Code("E-NOT-HELD", "you do not hold that card (or not two of it) where the "
                    "order looks")
    NEEDS_TARGET = Code("E-NEEDS-TARGET", "the card is played on another player: play_on")
    NO_TARGET = Code("E-NO-TARGET", "the card is played on nobody: play")
    WRONG_STAGE = Code("E-WRONG-STAGE", "the card cannot be played at the CP's present stage "
                       "of life")
    NOT_MET = Code("E-NOT-MET", "what the card or Mini-Goal requires has not happened yet")
    NEEDS_KIND = Code("E-NEEDS-KIND", "the card needs a counter kind named")
    NO_KIND = Code("E-NO-KIND", "a counter kind named for a card that takes none")
    NO_COUNTERS = Code("E-NO-COUNTERS", "too few counters (yours or the other player's) for "
                       "what the order moves")
    WRONG_KIND = Code("E-WRONG-KIND", "a cost paid in the kind you hold fewer of")
    CHOOSE_KIND = Code("E-CHOOSE-KIND", "you hold as many of each kind: say which pays")
    NOTHING_TO_TAKE = Code("E-NOTHING-TO-TAKE", "the other player has no card where the card "
                           "takes one from")
    NO_CARDS = Code("E-NO-CARDS", "the deck and the discard pile are both empty")
    DISCARD_EMPTY = Code("E-DISCARD-EMPTY", "the discard pile is empty")
    CLAIMED = Code("E-CLAIMED", "someone has claimed that Mini-Goal already")
    NOT_SWAPPABLE = Code("E-NOT-SWAPPABLE", "only Item, Special and Pet cards can be swapped")
    BOX_EMPTY = Code("E-BOX-EMPTY", "no counters of that kind are left in the box")
    NOT_OVER = Code("E-NOT-OVER", "your hand is within the limit: nothing to discard down")
    NOT_ITEM = Code("E-NOT-ITEM", "only Items go in the Item Pouch")
    POUCH_FULL = Code("E-POUCH-FULL", "the Item Pouch is full")
    TERMS = Code("E-TERMS", "a trade's terms that cannot be read or cannot be traded")
    OFFERED = Code("E-OFFERED", "that player declined the same offer this turn already")
    CANT_GIVE = Code("E-CANT-GIVE", "you do not hold what the trade would make you give")
    NO_OFFER = Code("E-NO-OFFER", "no trade offer waits for your answer")
    NO_CARD_WANTED = Code("E-NO-CARD-WANTED", "the offer asks for no card of your choice: "
                          "name none")
    NAME_A_CARD = Code("E-NAME-A-CARD", "the offer asks for a card of your choice: name it")
    OFFER_VOID = Code("E-OFFER-VOID", "the player who offered no longer holds what they "
                      "offered")
    NOT_HELPFUL = Code("E-NOT-HELPFUL", "accept(helps) of a trade that would not raise your "
                       "score")
    STANDING_ONLY = Code("E-STANDING-ONLY", "react is only ever a standing order, written as "
                         "an order of the file")


class W(Codes, doc=f"{RULES}#what-check-warns-of-and-the-end"):
    """Legal orders whose outcome the rules make certain and bad."""

    WRONG_KIND = Code("W-WRONG-KIND", "a swap or a Neighbor paid in the kind opposite to your "
                      "goal")
    CHASES_OWN = Code("W-CHASES-OWN", "a Cat or a Dog that sends your own Mouse or Cat away")
    OFFER_HOPELESS = Code("W-OFFER-HOPELESS", "an offer the other player cannot accept")
    HURTS_OWN = Code("W-HURTS-OWN", "a card whose effect, as things stand, lowers your own "
                     "score")
    ENDS_GAME = Code("W-ENDS-GAME", "an end_turn or a Death! that ends the game while another "
                     "player leads")
