"""The rule text's worked examples, exactly as printed in its demo rules,
plus the two-claims and gifts-arrive-late cases that the design decisions add to them."""

from __future__ import annotations

import copy

from lifegames.simple_kingdoms import GAME
from lifegames.simple_kingdoms import model as sk

from .helpers import (
    IRON,
    THORN,
    FixedDice,
    check_alone,
    kingdom,
    order,
    play,
    quiet,
    reject,
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


def test_two_claims_on_one_tile_in_one_tick_refuse_the_tick(state):
    """Rule text: YOUR 3 ACTIONS / Claim ("take ownership ... instantly"); design (RULES.md): a
    claim takes effect at once, the files run in seat order (Ironhold's first), so when both
    kingdoms claim one tile in the same tick the second claim finds it taken and the tick is
    refused (E-CONFLICT, nothing changes): the partners agree who takes it."""
    contested(state, 4, 5)
    before = copy.deepcopy(state)
    outcome = play(state, {IRON: "claim_tile(1,1)\n", THORN: "claim_tile(1,1)\n"})
    assert [(p.path, p.code) for p in outcome.problems] == [("Thornvale_orders.txt",
                                                             "E-CONFLICT")]
    problem = outcome.problems[0]
    assert "Ironhold claimed (1,1) earlier this tick" in problem.message
    assert "agree which of you takes it" in problem.hint
    assert state == before and outcome.state == before
    # once one of them withdraws, the other's claim runs at once
    outcome = play(state, {IRON: "claim_tile(1,1)\n"})
    assert not outcome.problems
    assert tile(outcome.state, 1, 1)["owner"] == IRON


def test_a_claim_made_this_tick_is_named_apart_from_an_old_one(state):
    """Design: the second claimant hears that the tile was claimed this tick (not that it
    has long been owned), which is what tells the partners to talk it over."""
    contested(state, 4, 4)
    order(state, IRON, "claim_tile(1,1)")
    error = reject(state, THORN, "claim_tile(1,1)", "E-CLAIMED-THIS-TICK")
    assert "earlier this tick" in error.message
    GAME.end_tick(state, FixedDice())
    error = reject(state, THORN, "claim_tile(1,1)", "E-ALREADY-OWNED")
    assert "already belongs to Ironhold" in error.message


def test_a_claim_stands_when_the_soldiers_march_on(state):
    """Rule text: Claim (the 4 soldiers are needed to claim, and the tile is yours at once);
    design: soldiers who leave afterwards take nothing away, in the same tick or later."""
    quiet(state)
    set_tile(state, 1, 1, explored=True, soldiers={IRON: 6})
    outcome = play(state, {IRON: "claim_tile(1,1)\nmove_soldiers(1,1, 0,0, 6)\n"})
    assert not outcome.problems
    t = tile(outcome.state, 1, 1)
    assert (t["owner"], t["settlement"], t["soldiers"]) == (IRON, "village", {})
    assert outcome.state["kingdoms"][IRON]["civilians"] > 20 + 10 - 1
