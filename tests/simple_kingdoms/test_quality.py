"""Issue 16 for Simple Kingdoms: warnings `check` shows for legal orders whose outcome the rules
make certain and bad (point 7), the sheets of a finished game (point 8), and a kingdom sheet
that explains the team score, shows the partner's stock and ties its sample orders to the
situation (point 9)."""

from __future__ import annotations

from typing import Any

from lifegames.simple_kingdoms import GAME

from .helpers import (
    IRON,
    check_alone,
    parse_one,
    play,
    set_stock,
    set_tile,
)

# -- point 7: warnings ------------------------------------------------------------------------


def warned(state: dict[str, Any], text: str, player: str = IRON) -> list[tuple[str, str]]:
    """The warnings `check` shows for a file (code, the argument the caret is under)."""
    check = check_alone(state, player, text)
    assert not check.problems, [p.render() for p in check.problems]
    assert check.plan is not None
    return [(w.code, w.source[w.column - 1:w.end_column - 1]) for w in check.plan.warnings]


def test_w01_selling_the_food_the_people_need_warns_of_hunger(state):
    """Turn step 5 (Feed): a sale that leaves less food than the people eat at the end of the
    tick makes the kingdom hungry for sure (1 civilian leaves, nobody grows)."""
    assert warned(state, 'sell_resource("food", 40)\n') == [("W-HUNGRY", "40")]
    assert warned(state, 'sell_resource("food", 30)\n') == []  # 16 left: 8 eaten, fed


def test_w02_spending_the_upkeep_warns_that_soldiers_desert(state):
    """Turn step 6 (Pay soldiers): gold spent now that the upkeep needed makes soldiers
    desert for sure."""
    set_tile(state, 0, 0, soldiers={IRON: 40})
    set_stock(state, IRON, civilians=0, gold=50, food=500)
    assert warned(state, 'buy_resource("food", 20)\n') == [("W-DESERT", "20")]
    assert warned(state, 'buy_resource("food", 5)\n') == []


def test_w03_moving_the_garrison_away_warns_that_the_tile_is_raided(state):
    """Turn step 3 (Orc exposure), and issue 16's example of a claim whose soldiers the same
    file moves away: a tile left with a defense below the threat is raided for sure."""
    state["threat"] = 3
    set_tile(state, 1, 1, explored=True, soldiers={IRON: 4})
    set_tile(state, 0, 0, soldiers={IRON: 4})
    text = "claim_tile(1,1)\nmove_soldiers(1,1, 0,0, 4)\n"
    assert warned(state, text) == [("W-EXPOSED", "4")]
    assert warned(state, "claim_tile(1,1)\nmove_soldiers(1,1, 0,0, 1)\n") == []


def test_w04_one_soldier_does_not_explore(state):
    """Exploring: 2 or more soldiers in one order reveal a tile; a lone scout does not."""
    assert warned(state, "move_soldiers(0,0, 0,1, 1)\n") == [("W-NOT-EXPLORED", "1")]
    assert warned(state, "move_soldiers(0,0, 0,1, 2)\n") == []


def test_w05_a_sale_too_small_to_pay_anything_warns(state):
    """Sell: a quarter of the price, the total rounded down; 1 food pays nothing."""
    assert warned(state, 'sell_resource("food", 1)\n') == [("W-SOLD-FOR-NOTHING", "1")]
    assert warned(state, 'sell_resource("food", 2)\n') == []


def test_w06_dismissing_over_the_cap_warns_that_nobody_grows(state):
    """Turn step 7 (Grow, up to the cap): civilians dismissed above the cap stop growth."""
    set_tile(state, 0, 0, soldiers={IRON: 40})
    set_stock(state, IRON, civilians=20, gold=500, food=500)
    assert warned(state, "dismiss_soldiers(0,0, 35)\n") == [("W-NO-GROWTH", "35")]
    assert warned(state, "dismiss_soldiers(0,0, 5)\n") == []


def test_w07_spending_on_the_last_tick_warns_that_the_score_drops(state):
    """The end (after tick 24) and the score table: on the last tick, gold spent on what does
    not score lowers the final team score; a claim raises it and is not warned."""
    state["tick"] = state["max_ticks"] - 1
    assert warned(state, 'build(0,0, "farm")\n') == [("W-LOWERS-SCORE", 'build(0,0, "farm")')]
    set_tile(state, 0, 1, explored=True, soldiers={IRON: 4})
    assert warned(state, "claim_tile(0,1)\n") == []


def test_w08_a_warned_order_plays_and_a_refused_one_is_not_warned(state):
    """Point 7: warnings never block a tick; an order the rules refuse gets its error, not a
    warning as well."""
    outcome = play(state, {IRON: 'sell_resource("food", 40)\n'})
    assert not outcome.problems and outcome.executed[IRON] == ['sell_resource("food", 40)']
    assert GAME.warnings(state, IRON, parse_one('sell_resource("food", 400)')) == []


def test_w09_warnings_are_the_same_whatever_the_hidden_terrain(state):
    """Hidden information: warnings run on the kingdom's knowledge, so no unexplored terrain
    can change them (a scout warned the same on every terrain)."""
    seen = set()
    for terrain in ("plains", "forest", "hills", "mountains", "marsh"):
        set_tile(state, 0, 1, terrain=terrain)
        seen.add(tuple(warned(state, "move_soldiers(0,0, 0,1, 1)\nsell_resource(\"food\", 1)\n")))
    assert len(seen) == 1
