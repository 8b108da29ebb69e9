"""The rule text's worked examples, exactly as printed (/work/shared/rules/simple_kingdoms.txt),
plus the two-claims and gifts-arrive-late cases that the design decisions add to them."""

from __future__ import annotations

import copy

from lifegames.simple_kingdoms import model as sk
from lifegames.simple_kingdoms import phases

from .helpers import (
    IRON,
    THORN,
    check_alone,
    kingdom,
    order,
    play,
    quiet,
    set_stock,
    set_tile,
    tile,
)

# -- Buy and Sell -------------------------------------------------------------------------------


def test_buy_5_food_costs_10_gold(state):
    """Rule text: YOUR 3 ACTIONS / Buy. The worked example: buy_resource("food", 5) is paid with 10
    gold."""
    events = order(state, IRON, 'buy_resource("food", 5)')
    assert (kingdom(state, IRON)["gold"], kingdom(state, IRON)["food"]) == (100 - 10, 40 + 5)
    assert events == ["Ironhold: bought 5 food for 10 gold"]


def test_buy_2_wood_costs_6_gold(state):
    """Rule text: YOUR 3 ACTIONS / Buy. The worked example: buy_resource("wood", 2) is paid with 6
    gold."""
    order(state, IRON, 'buy_resource("wood", 2)')
    assert (kingdom(state, IRON)["gold"], kingdom(state, IRON)["wood"]) == (100 - 6, 20 + 2)


def test_sell_10_food_gives_5_gold(state):
    """Rule text: YOUR 3 ACTIONS / Sell. The worked example: sell_resource("food", 10) brings in 5
    gold."""
    order(state, IRON, 'sell_resource("food", 10)')
    assert (kingdom(state, IRON)["gold"], kingdom(state, IRON)["food"]) == (100 + 5, 40 - 10)


def test_sell_4_iron_gives_6_gold(state):
    """Rule text: YOUR 3 ACTIONS / Sell. The worked example: sell_resource("iron", 4) brings in 6
    gold."""
    set_stock(state, IRON, iron=4)
    order(state, IRON, 'sell_resource("iron", 4)')
    assert (kingdom(state, IRON)["gold"], kingdom(state, IRON)["iron"]) == (100 + 6, 0)


def test_quick_reference_examples_all_parse_and_run(state):
    """Rule text: COMMANDS QUICK REFERENCE -- the Buy / Sell / Give / Military / Move lines run
    as printed (the map arranged so each is possible)."""
    set_stock(state, IRON, iron=4)
    set_tile(state, 0, 0, soldiers={IRON: 5})
    for line in ('buy_resource("food", 5)', 'buy_resource("wood", 2)',
                 'sell_resource("food", 10)', 'sell_resource("iron", 4)', 'give("wood", 5)',
                 "hire_soldiers(0,0, 2)", "dismiss_soldiers(0,0, 1)",
                 "move_soldiers(0,0, 1,0, 2)"):
        order(state, IRON, line)
    assert tile(state, 1, 0)["explored"]                       # two soldiers explored it


# -- Settlements --------------------------------------------------------------------------------


def test_one_village_tile_and_one_city_tile_give_a_cap_of_250(state):
    """Rule text: BUILDING GUIDE / Settlements. The worked example: a village tile (cap 50) plus a
    city tile (cap 200) give the kingdom a cap of 250."""
    set_tile(state, 1, 0, owner=IRON, settlement="city")
    assert tile(state, 0, 0)["settlement"] == "village"
    assert sk.cap(state, IRON) == 250


# -- Give ---------------------------------------------------------------------------------------


def test_trade_example_wood_for_stone(state):
    """Rule text: YOUR 3 ACTIONS / Give. The trade example: Ironhold gives 5 wood and Thornvale
    gives 3 stone, each with a separate give order; the swap works only because both send their
    half. Both files are checked alone, then the tick runs."""
    files = {IRON: 'give("wood", 5)\n', THORN: 'give("stone", 3)\n'}
    for player, text in files.items():
        check = check_alone(state, player, text)
        assert not check.problems, [p.render() for p in check.problems]
    outcome = play(state, files)
    assert not outcome.problems
    after = outcome.state
    assert after["tick"] == 1
    assert (after["kingdoms"][IRON]["wood"], after["kingdoms"][IRON]["stone"]) == (15, 13)
    assert (after["kingdoms"][THORN]["wood"], after["kingdoms"][THORN]["stone"]) == (25, 7)
    assert "received 3 stone from Thornvale" in after["reports"][IRON]
    assert "received 5 wood from Ironhold" in after["reports"][THORN]
    assert outcome.executed[IRON] == ['give("wood", 5)']


def test_gift_example_food_for_a_starving_neighbour(state):
    """Rule text: YOUR 3 ACTIONS / Give. The gift example: Ironhold sends give("food", 10) to a
    starving Thornvale and asks nothing back."""
    set_stock(state, THORN, food=0)
    for t in state["tiles"]:
        if t["owner"] == THORN:
            t["buildings"] = {}
    starving = play(state, {}).state
    assert starving["kingdoms"][THORN]["civilians"] == 19      # without the gift: hungry
    outcome = play(state, {IRON: 'give("food", 10)\n'})
    assert not outcome.problems
    thorn = outcome.state["kingdoms"][THORN]
    # 10 food arrive before the Feed step: 22 people eat ceil(0.25 x 22 + 2) = 8, fed, grow 2
    assert thorn["food"] == 10 - 8
    assert thorn["civilians"] == 22
    assert outcome.state["kingdoms"][IRON]["food"] == 40 - 10 + 6 - 8


def test_a_gift_cannot_be_spent_by_the_receiver_in_the_same_tick(state):
    """Rule text: ORDER FILES step 3. The check requires each order to be doable at the moment of
    checking; design: each file is checked alone against the start of the tick and gifts arrive when
    the Act phase ends, so Thornvale cannot build with wood Ironhold gives this tick."""
    set_stock(state, THORN, wood=0)
    spend = 'build(2,2, "farm")\n'
    check = check_alone(state, THORN, spend)
    assert [p.code for p in check.problems] == ["E-SHORT"]
    assert "you have 0" in check.problems[0].message
    before = copy.deepcopy(state)
    outcome = play(state, {IRON: 'give("wood", 5)\n', THORN: spend})
    assert [(p.path, p.code) for p in outcome.problems] == [("Thornvale_orders.txt", "E-SHORT")]
    assert outcome.state == before
    # next tick the wood is there
    after = play(state, {IRON: 'give("wood", 5)\n'}).state
    assert after["kingdoms"][THORN]["wood"] == 5
    assert not check_alone(after, THORN, spend).problems


# -- Two claims on one tile ---------------------------------------------------------------------


def contested(state, iron, thorn):
    quiet(state)
    set_tile(state, 1, 1, explored=True, soldiers={IRON: iron, THORN: thorn})
    for player in (IRON, THORN):
        assert not check_alone(state, player, "claim_tile(1,1)\n").problems


def test_two_equal_claims_on_one_tile_both_fail_and_are_refunded(state):
    """Rule text: YOUR 3 ACTIONS / Claim; design: two kingdoms claiming the same tile in one
    tick -- more of its own soldiers on the tile wins; a tie means neither, gold refunded."""
    contested(state, 4, 4)
    order(state, IRON, "claim_tile(1,1)")
    order(state, THORN, "claim_tile(1,1)")
    assert kingdom(state, IRON)["gold"] == kingdom(state, THORN)["gold"] == 80
    events = phases.resolve_act_phase(state)
    assert tile(state, 1, 1)["owner"] is None and tile(state, 1, 1)["settlement"] is None
    assert kingdom(state, IRON)["gold"] == kingdom(state, THORN)["gold"] == 100
    assert kingdom(state, IRON)["civilians"] == kingdom(state, THORN)["civilians"] == 20
    assert sum("refunded" in e for e in events) == 2
    # through the engine, the same
    fresh = copy.deepcopy(state)
    fresh["pending"] = {"claims": [], "gifts": []}
    outcome = play(fresh, {IRON: "claim_tile(1,1)\n", THORN: "claim_tile(1,1)\n"})
    assert not outcome.problems
    assert tile(outcome.state, 1, 1)["owner"] is None


def test_of_two_claims_on_one_tile_more_soldiers_win(state):
    """Rule text: YOUR 3 ACTIONS / Claim; design: more of own soldiers on the tile wins; the
    loser's 20 gold is refunded."""
    contested(state, 4, 5)
    order(state, IRON, "claim_tile(1,1)")
    order(state, THORN, "claim_tile(1,1)")
    phases.resolve_act_phase(state)
    t = tile(state, 1, 1)
    assert (t["owner"], t["settlement"]) == (THORN, "village")
    assert kingdom(state, THORN)["gold"] == 80 and kingdom(state, THORN)["civilians"] == 30
    assert sk.cap(state, THORN) == 100
    assert kingdom(state, IRON)["gold"] == 100 and kingdom(state, IRON)["civilians"] == 20
    assert t["soldiers"] == {IRON: 4, THORN: 5}                # nobody is removed


def test_the_bigger_claim_wins_even_if_the_other_moved_soldiers_away(state):
    """Design: strength is counted when the Act phase ends -- a claimant who marched soldiers
    off the tile after claiming can lose to a smaller-looking rival."""
    contested(state, 6, 4)
    outcome = play(state, {IRON: "claim_tile(1,1)\nmove_soldiers(1,1, 0,0, 3)\n",
                           THORN: "claim_tile(1,1)\n"})
    assert not outcome.problems
    assert tile(outcome.state, 1, 1)["owner"] == THORN
