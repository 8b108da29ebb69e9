"""The greedy bot of A Chaotic Life! judging Items and draws: every card kind is played in
greedy games at each player count, and no game has a dead stretch of turns in which no score
moves. Each test sets up the position where the bot misjudged and checks the
decision it now takes, and that it still declines where the play would not pay."""

from __future__ import annotations

import copy
import random

from lifegames.a_chaotic_life import GAME
from lifegames.a_chaotic_life.bots import SPARE, card_value, plan, standing_orders
from lifegames.a_chaotic_life.data import card

from .helpers import ANA, BEN, CLEO, arrange, check_as, new_state, order, play, stand


def _two_players(**kwargs):
    state = new_state([ANA, BEN])
    return arrange(state, goals={ANA: "happiness", BEN: "sadness"},
                   pouches={ANA: [], BEN: []}, **kwargs)


def _plan(state, player):
    return plan(GAME, GAME.knowledge(state, player), player, random.Random(0))


def test_b01_piggy_bank_takes_a_neighbor_from_a_player_of_the_other_goal():
    """Cards, Item Cards ("alter your opponents' plays"): at two players the only other goal
    is the opposite one. A Neighbor paid in sadness, taken by a Piggy Bank, gives a happiness
    player sadness, which cancels at most as many of their counters as it denies the sadness
    player (a score never goes below 0): never worse for them, and here (no counters to
    cancel) better. The bot's standing order used to answer only what hurt that player, so
    at two players the Piggy Bank was never played."""
    state = _two_players(hands={ANA: ["Piggy Bank"], BEN: ["Neighbor"]}, player=BEN,
                         counters={ANA: {}, BEN: {}})
    stand(state, ANA, *standing_orders(state, ANA))
    events = order(state, BEN, 'play("Neighbor", sadness)')
    assert any("Ana played Piggy Bank in reaction to Neighbor" in e for e in events)
    assert state["counters"][BEN] == {"happiness": 0, "sadness": 0}
    assert state["counters"][ANA]["sadness"] == 1


def test_b01b_piggy_bank_leaves_a_same_goal_players_card_that_hurts_them():
    """The same judgement at three players, one goal: a card that hurts its player would, taken,
    hurt the Piggy Bank's player instead, so it is left alone."""
    state = new_state([ANA, BEN, CLEO])
    arrange(state, stage="adult", goals={ANA: "happiness", BEN: "happiness", CLEO: "happiness"},
            hands={ANA: ["Piggy Bank"], BEN: ["Neighbor"], CLEO: []},
            pouches={ANA: [], BEN: [], CLEO: []}, player=BEN)
    stand(state, ANA, *standing_orders(state, ANA))
    events = order(state, BEN, 'play("Neighbor", sadness)')
    assert not any("Piggy Bank" in e for e in events)
    assert state["counters"][BEN]["sadness"] == 1


def test_b02_an_item_whose_moment_has_passed_is_swapped_for_a_counter():
    """Actions, Swap what's Unusable: an Item that can alter only cards no longer to be played
    (the Time Machine and the Party Hat answer Age cards; the CP is a Senior) is a missed
    opportunity; the bot swaps the two for a counter instead of keeping them to the end, when
    no score moves any more."""
    state = new_state([ANA, BEN, CLEO])
    arrange(state, stage="senior", goals={ANA: "happiness", BEN: "happiness", CLEO: "happiness"},
            hands={ANA: ["Time Machine", "Party Hat"], BEN: [], CLEO: []},
            pouches={ANA: [], BEN: [], CLEO: []}, player=ANA,
            counters={ANA: {"happiness": 3}})
    assert card_value(state, ANA, "Time Machine") == SPARE
    assert 'swap("Party Hat", "Time Machine", happiness)' in _plan(state, ANA)


def test_b02b_an_item_whose_cards_may_still_come_is_kept():
    """The same Items while the Senior card may still be played (the bot already leads, so a
    counter would not give it the lead): they are kept for it."""
    state = new_state([ANA, BEN, CLEO])
    arrange(state, stage="adult", goals={ANA: "happiness", BEN: "happiness", CLEO: "happiness"},
            hands={ANA: ["Time Machine", "Party Hat"], BEN: [], CLEO: []},
            pouches={ANA: [], BEN: [], CLEO: []}, player=ANA,
            counters={ANA: {"happiness": 3}})
    assert card_value(state, ANA, "Time Machine") > SPARE
    assert not any(line.startswith("swap(") for line in _plan(state, ANA))


def test_b03_a_draw_not_played_leaves_the_action_for_a_second_draw():
    """What's in a Turn? (three actions, a draw may repeat): when the card drawn is not worth
    playing, the bot draws again with the action it kept, so a CP waiting for its next Age
    card goes through the deck twice as fast. The second draw is guarded: with a card drawn
    and played, one action is left and it does not run."""
    state = _two_players(stage="child", hands={ANA: ["Senior", "Adult"], BEN: []}, player=ANA)
    draws = [line for line in _plan(state, ANA) if "draw()" in line and "drawn" not in line]
    assert draws == ["draw()", "if actions_left >= 2 and can draw(): draw()"]


def test_b04_a_card_is_not_discarded_when_the_draw_up_would_bring_it_straight_back():
    """The Item Pouch & Discard Pile (the exhausted deck is the discard pile shuffled): with
    the deck and the discard pile empty, a card discarded comes straight back in the draw-up.
    The record of this Child pays the Teen's player in happiness (studied, traveled, got a
    pet), so to a sadness player holding the Teen, passing it on looked worth an action; the
    bot discarded it turn after turn, drew it back each time, and no score moved."""
    state = _two_players(stage="child", hands={ANA: [], BEN: ["Teen", "Senior"]}, player=BEN,
                         history={"child": ["studied", "traveled", "pet"]},
                         counters={BEN: {"sadness": 2}}, discard=[])
    state["removed"] += [[ANA, name] for name in state["deck"]]
    state["deck"] = []
    lines = _plan(state, BEN)
    assert not any(line.startswith("discard(") for line in lines)
    assert 'play("Teen")' not in lines


def test_b05_a_leader_ends_the_turn_that_ends_the_game_in_its_favour():
    """How to Win - Or Lose! (no player acts for an entire round): with every other player's
    last turn spent without an action, a turn without one ends the game. The leader ends it
    so, rather than play a steal that only keeps going a game it has won."""
    state = new_state([ANA, BEN, CLEO])
    arrange(state, stage="senior", goals={ANA: "happiness", BEN: "happiness", CLEO: "happiness"},
            hands={ANA: ["Pickpocket"], BEN: ["Neighbor"], CLEO: []},
            pouches={ANA: [], BEN: [], CLEO: []}, player=ANA,
            counters={ANA: {"happiness": 5}, BEN: {"happiness": 2}})
    state["idle"] = 2
    assert [line for line in _plan(state, ANA) if not line.startswith("standing")] \
        == ["end_turn()"]
    state["idle"] = 1  # a round not yet over: the steal is worth it
    assert any(line.startswith('play_on("Pickpocket"') for line in _plan(state, ANA))


def test_b06_with_nothing_left_to_draw_a_steal_that_cannot_score_is_left_unplayed():
    """How to Win - Or Lose! (a round without an action ends the game): with the deck and the
    discard pile empty, no card comes into play any more. Taking an Item from a pouch then
    brings nothing that can score (the Items left answer nothing), so the bot keeps its
    Burglar rather than put off the end; while cards are still to be drawn, it steals."""
    state = new_state([ANA, BEN, CLEO])
    arrange(state, stage="senior", goals={ANA: "happiness", BEN: "happiness", CLEO: "happiness"},
            hands={ANA: ["Burglar"], BEN: [], CLEO: []},
            pouches={ANA: [], BEN: ["Camera", "Umbrella"], CLEO: []}, discard=[], player=ANA,
            counters={ANA: {"happiness": 5}, BEN: {"happiness": 2}})
    state["removed"] += [[CLEO, name] for name in state["deck"]]
    state["deck"] = []
    lines = [line for line in _plan(state, ANA) if not line.startswith("standing")]
    assert not any("Burglar" in line for line in lines), lines
    state["deck"] = [state["removed"].pop()[1]]
    lines = [line for line in _plan(state, ANA) if not line.startswith("standing")]
    assert any(line.startswith('play_on("Burglar", "Ben")') for line in lines), lines


def test_b07_a_player_who_can_no_longer_catch_the_leader_lets_the_round_pass():
    """How to Win - Or Lose! (a round in which no player chooses to act ends the game): in the
    CP's last stage, with nothing left to draw, a player whose every card at its best cannot
    close the gap takes no action (a Borrow that might meet a Lock would only put off the
    end); with the gap within reach, it plays the Borrow."""
    state = new_state([ANA, BEN, CLEO])
    arrange(state, stage="senior", goals={ANA: "happiness", BEN: "happiness", CLEO: "happiness"},
            hands={ANA: [], BEN: [], CLEO: ["Borrow"]}, pouches={ANA: [], BEN: [], CLEO: []},
            discard=[], player=CLEO,
            counters={ANA: {"happiness": 15}, BEN: {"happiness": 11}, CLEO: {"happiness": 7}})
    state["removed"] += [[BEN, name] for name in state["deck"]]
    state["deck"] = []
    assert [line for line in _plan(state, CLEO) if not line.startswith("standing")] \
        == ["end_turn()"]
    state["counters"][CLEO]["happiness"] = 13  # two behind: a Borrow makes it a tie
    assert any(line.startswith('play_on("Borrow", "Ana"') for line in _plan(state, CLEO))


def test_b08_a_deck_rebuilt_from_dead_cards_is_not_drawn_from_in_hope():
    """The Item Pouch & Discard Pile (the discard pile, face up, becomes the new deck): a player
    knows what a rebuilt deck holds. A player behind in the CP's last stage, with only cards
    of past stages left in it, lets the round pass; facing a deck never rebuilt, which might
    hold any card out of sight, the same player draws."""
    state = new_state([ANA, BEN])
    arrange(state, stage="senior", goals={ANA: "happiness", BEN: "sadness"},
            hands={ANA: [], BEN: []}, pouches={ANA: [], BEN: []}, discard=[], player=ANA,
            counters={ANA: {"happiness": 14}, BEN: {"sadness": 16}})
    dead = [n for n in sorted(set(state["deck"])) if "senior" not in card(n)["stages"]][:2]
    for name in dead:
        state["deck"].remove(name)
    state["removed"] += [[BEN, name] for name in state["deck"]]
    state["deck"] = list(dead)
    assert [line for line in _plan(state, ANA) if not line.startswith("standing")][0] \
        == "draw()"
    state["reshuffles"], state["rebuilt"] = 1, sorted(dead)
    assert [line for line in _plan(state, ANA) if not line.startswith("standing")] \
        == ["end_turn()"]


def test_b09_the_bot_plays_death_only_while_it_still_leads_when_the_tick_reaches_it():
    """Death! (the game ends; you take 3 counters of the other kind) and the Piggy Bank (an
    Item face down that takes a Neighbor's counters): the bot plans a Neighbor, then Death!
    with the lead it expects. Ben's hidden Piggy Bank takes the Neighbor's counters, so at
    the tick the bot is no longer ahead: its Death! line reads the lead then and is skipped,
    rather than end the game in Ben's favour."""
    state = new_state([ANA, BEN, CLEO])
    arrange(state, stage="senior", goals={ANA: "happiness", BEN: "happiness", CLEO: "sadness"},
            hands={ANA: ["Death!", "Neighbor"], BEN: ["Dog"], CLEO: []},
            pouches={ANA: [], BEN: ["Piggy Bank"], CLEO: []}, player=ANA,
            counters={ANA: {"happiness": 10}, BEN: {"happiness": 8}, CLEO: {"sadness": 2}})
    stand(state, BEN, f'react("Piggy Bank", "any", "{ANA}")')
    lines = [line for line in _plan(state, ANA) if not line.startswith("standing")]
    assert lines[0].startswith('play("Neighbor"') and lines[-1].endswith('play("Death!")')
    text = "\n".join(_plan(state, ANA))
    assert not check_as(state, ANA, text).problems
    outcome = play(state, text)
    assert not outcome.problems
    assert not outcome.state["over"], "Death! ended a game the bot no longer led"
    assert "Death!" in outcome.state["hands"][ANA]
    calm = copy.deepcopy(state)  # with no Item in the way, the same file ends the game
    calm["pouches"][BEN] = []
    calm["deck"].append("Piggy Bank")
    assert play(calm, text).state["over"]
