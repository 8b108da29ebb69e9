"""One numbered test per rule of A Simple Life (the A Simple Life Rulebook, v1.3.3).
Each docstring names the rulebook section it checks. Values the rulebook states are written out
literally; values of our reconstructed sheet are read from the rule data."""

from __future__ import annotations

import json

import pytest

from lifegames.a_simple_life import GAME
from lifegames.a_simple_life.data import sheet
from lifegames.a_simple_life.model import band_label, score, stock
from lifegames.engine.core.contract import Prompt, SetupError
from lifegames.engine.core.dice import Dice

from .helpers import (
    FixedDice,
    give_stock,
    new_state,
    order,
    parse_file,
    play,
    reject,
    rolls,
    set_dice,
    sheet_of,
)

# -- Preparation, Goals, Calendar -------------------------------------------------------------


def test_r01_preparation_one_carrot_flower_coin_and_five_dice(state):
    """Preparation -- start with 1 Carrot, 1 Flower, 1 Coin; 5 dice, rolled into Available at
    the Start of Day 1; the Calendar's day 1 is crossed."""
    s = sheet_of(state)
    assert [stock(s, k) for k in ("carrot", "flower", "coin", "stone")] == [1, 1, 1, 0]
    assert len(s["available"]) == 5 and s["used"] == []
    assert state["day"] == 1 and state["days"] == 10


def test_r02_goals_rolled_with_a_die_and_more_goals_on_request():
    """Preparation / Goals -- roll one die per goal; repeat for more goals; sandbox has none."""
    for seed in range(20):
        state = new_state(words=["goals=3"], seed=seed)
        assert len(state["goals"]) == 3 and len(set(state["goals"])) == 3
    assert new_state(words=["goal=1"])["goals"] == ["harvest"]
    assert new_state(words=["goal=4,6"])["goals"] == ["legendary", "artifacts"]
    assert new_state(words=["sandbox"])["goals"] == []
    assert len(new_state()["goals"]) == 1
    assert GAME.parse_options(["--goals", "2"], None)["goals"] == 2
    for bad in (["goals=7"], ["sandbox", "goals=2"], ["bogus"], ["goals"]):
        with pytest.raises(SetupError):
            GAME.parse_options(bad, None)


def test_r03_start_of_day_rolls_every_die(state):
    """Start of Day -- pick up all Used dice and roll them into Available; cross the day."""
    first = sheet_of(state)["available"][0]
    out = play(state, {"Ana": f"farm({first})\npass"})
    assert not out.problems
    new = out.state
    s = sheet_of(new)
    assert new["day"] == 2 and len(s["available"]) == 5 and s["used"] == []


def test_r04_end_of_day_on_pass_or_no_dice(state):
    """End of Day -- the day ends when no dice are left or on a pass; leftover dice go to Used.
    After the 10th day the game ends."""
    set_dice(state, [2, 3])
    order(state, "pass")
    s = sheet_of(state)
    assert s["day_over"] and s["available"] == [] and sorted(s["used"]) == [1, 1, 1, 2, 3]
    assert GAME.awaiting(state) == []
    state = new_state(words=["goal=3"])
    set_dice(state, [2])
    order(state, "farm(2)")
    assert sheet_of(state)["day_over"]
    state["day"] = 10
    GAME.end_tick(state, FixedDice())
    assert GAME.is_over(state) and GAME.awaiting(state) == []


def test_r05_pass_ends_the_day_so_nothing_may_follow(state):
    """End of Day -- passing ends your day (the next day's dice come when the tick ends), so
    an order after it is refused by check itself."""
    out = play(state, {"Ana": "pass\nfarm(1)"})
    assert [(p.code, p.line) for p in out.problems] == [("E-DAY-OVER", 2)]


# -- Farm -------------------------------------------------------------------------------------


def test_r06_farm_column_by_die_value_bottom_box_first(state):
    """Farm -- the die's value picks the column; check its bottom-most empty box; harvest."""
    set_dice(state, [1, 2, 6])
    order(state, "farm(2)")
    s = sheet_of(state)
    assert s["farm"] == [0, 1, 0, 0, 0, 0]
    first = sheet()["farm"][2][0]
    assert first in ("carrot", "flower")
    assert stock(s, first) == 2
    reject(state, "farm(1, 3)", "E-WRONG-COLUMN")
    reject(state, "farm(4)", "E-NO-DIE")


def test_r07_farm_six_picks_any_column(state):
    """Farm, Special Rule 6 -- a 6 may check any column."""
    set_dice(state, [6])
    order(state, "farm(6, 4)")
    assert sheet_of(state)["farm"] == [0, 0, 0, 1, 0, 0]


def test_r08_farm_full_column_refused(state):
    """Farm -- a column with no empty box cannot be checked."""
    set_dice(state, [3])
    sheet_of(state)["farm"][2] = len(sheet()["farm"][3])
    reject(state, "farm(3)", "E-COLUMN-FULL")


def test_r09_watering_can_adds_checks(state):
    """Tools Table, Watering Can -- level 1: 1 more check; level 2: 2 more."""
    set_dice(state, [1, 1])
    s = sheet_of(state)
    s["tools"]["watering_can"] = 1
    order(state, "farm(1)")
    assert s["farm"][0] == 2
    s["tools"]["watering_can"] = 2
    order(state, "farm(1)")
    assert s["farm"][0] == 5


# -- Lake -------------------------------------------------------------------------------------


def test_r10_lake_column_by_die_and_catch_on_row_value(state):
    """Lake -- 1-2: column 1, 3-4: column 2, 5-6: column 3; reroll; >= the row's value catches:
    check the target and gain its icons (a fish is checked in the Pond)."""
    set_dice(state, [2, 5])
    give_stock(state, carrot=0)
    needs = sheet()["lake"][1]["needs"]
    order(state, "lake(2, 2)", dice=rolls("Ana", needs))
    s = sheet_of(state)
    assert s["lake"][1][0] == "check" and s["pond"]["Crab"]
    assert s["pending"] is None and len(s["used"]) == 4 and s["available"] == [5]


def test_r11_lake_fail_circles_then_crosses(state):
    """Lake, Fail -- a circled target is crossed; otherwise circled; a crossed target cannot be
    chosen again."""
    set_dice(state, [5, 6, 6])
    give_stock(state, carrot=0)
    order(state, "lake(5, 2)", dice=rolls("Ana", 1))
    assert sheet_of(state)["lake"][1][2] == "circle"
    order(state, "lake(6, 2)", dice=rolls("Ana", 1))
    assert sheet_of(state)["lake"][1][2] == "cross"
    reject(state, "lake(6, 2)", "E-TARGET-DONE")


def test_r12_fishing_rod_adds_to_the_roll(state):
    """Tools Table, Fishing Rod -- +1 (level 1) or +2 (level 2) after rerolling."""
    set_dice(state, [3])
    give_stock(state, carrot=0)
    sheet_of(state)["tools"]["fishing_rod"] = 2
    order(state, "lake(3, 6)", dice=rolls("Ana", 5))  # needs 7: 5 + 2
    assert sheet_of(state)["pond"]["Legendary Fish"]
    assert "legendary" in sheet_of(state)["done"]


def test_r13_lake_miss_with_a_carrot_is_a_prompt(state):
    """Rerolling -- a carrot may reroll the Lake die before the result is accepted: the sheet
    asks (a prompt); accept circles the target, reroll pays a carrot and rolls again."""
    set_dice(state, [1, 1])
    order(state, "lake(1, 1)", dice=rolls("Ana", 1))
    s = sheet_of(state)
    assert s["pending"]["kind"] == "lake"
    assert GAME.legal_orders(state, "Ana") == ["accept", "reroll(1)"]
    prompt = GAME.prompt(state, "Ana")
    assert isinstance(prompt, Prompt) and prompt.answers == ("accept", "reroll(1)")
    reject(state, "farm(1)", "E-PROMPT")
    order(state, "reroll(1)", dice=rolls("Ana", 6))
    assert s["lake"][0][0] == "check" and stock(s, "carrot") == 0 and s["pond"]["Minnow"]
    order(state, "lake(1, 1)".replace("1, 1", "1, 2"), dice=rolls("Ana", 1))
    assert s["lake"][1][0] == "circle" and s["pending"] is None  # no carrot: no prompt


# -- Mines ------------------------------------------------------------------------------------


def test_r14_mines_two_dice_rerolled_then_choose_column_and_row(state):
    """Mines -- cost 2 dice; reroll both; choose one as column, one as row; cross the cell
    and gain every icon; a crossed cell gives nothing."""
    set_dice(state, [2, 4, 5])
    order(state, "mine(2, 4)", dice=rolls("Ana", 6, 2))
    s = sheet_of(state)
    assert s["pending"] == {"kind": "mine", "dice": [2, 6], "made": 0}
    assert GAME.legal_orders(state, "Ana")[:2] == ["dig(2, 6)", "dig(6, 2)"]
    reject(state, "dig(3, 6)", "E-CANNOT-DIG")
    stone = stock(s, "stone")
    order(state, "dig(2, 6)")  # column 2, row 6
    icons = sheet()["mines"][6][1]
    assert s["mines"][5][1] and stock(s, "stone") == stone + icons.count("stone")
    assert s["pending"] is None and s["available"] == [5]


def test_r15_crossed_mine_cell_gives_nothing(state):
    """Mines -- if the cell already has a cross, gain nothing."""
    set_dice(state, [2, 4])
    s = sheet_of(state)
    s["mines"][5][1] = True
    order(state, "mine(2, 4)", dice=rolls("Ana", 2, 6))
    before = json.dumps(s["inventory"])
    order(state, "dig(2, 6)")
    assert json.dumps(s["inventory"]) == before


def test_r16_pickaxe_moves_one_then_two_dice(state):
    """Tools Table, Pickaxe -- add or subtract 1 on one die (level 1) or both (level 2)."""
    from lifegames.a_simple_life.model import reachable

    s = sheet_of(state)
    assert reachable(s, [3, 5]) == [(3, 5), (5, 3)]
    s["tools"]["pickaxe"] = 1
    one = reachable(s, [3, 5])
    assert (2, 5) in one and (4, 5) in one and (3, 6) in one and (2, 6) not in one
    s["tools"]["pickaxe"] = 2
    assert (2, 6) in reachable(s, [3, 5]) and (4, 4) in reachable(s, [3, 5])
    assert all(1 <= c <= 6 and 1 <= r <= 6 for c, r in reachable(s, [1, 6]))


def test_r17_monsters_fought_one_at_a_time(state):
    """Mines, Fighting Monsters -- 5+ hits (circle a monster), else it gets away (cross); two
    monsters are fought one at a time."""
    set_dice(state, [1, 1])
    give_stock(state, carrot=0)
    s = sheet_of(state)
    order(state, "mine(1, 1)", dice=rolls("Ana", 3, 5))
    order(state, "dig(3, 5)")  # two monsters
    assert s["pending"]["kind"] == "fight" and s["pending"]["left"] == 2
    assert GAME.legal_orders(state, "Ana") == ["fight"]
    order(state, "fight", dice=rolls("Ana", 5))
    assert s["inventory"]["monster"] == {"circled": 1, "crossed": 0}
    order(state, "fight", dice=rolls("Ana", 4))
    assert s["inventory"]["monster"] == {"circled": 1, "crossed": 1}
    assert s["pending"] is None and sheet_of(state)["day_over"]


def test_r18_sword_hits_on_four_then_three(state):
    """Tools Table, Sword -- hit on 4+ (level 1), 3+ (level 2)."""
    from lifegames.a_simple_life.model import hits_on

    s = sheet_of(state)
    assert [hits_on({"tools": {"sword": lvl}}) for lvl in (0, 1, 2)] == [5, 4, 3]
    s["tools"]["sword"] = 2
    set_dice(state, [1, 1])
    give_stock(state, carrot=0)
    order(state, "mine(1, 1)", dice=rolls("Ana", 3, 1))
    order(state, "dig(3, 1)")
    order(state, "fight", dice=rolls("Ana", 3))
    assert s["inventory"]["monster"]["circled"] == 1


# -- Town -------------------------------------------------------------------------------------


def test_r19_town_action_die_counts_down(state):
    """Town -- the die's value is the number of actions; each costs 1; at 0 the die goes to
    Used and the visit ends; Town actions need a visit."""
    set_dice(state, [2, 3])
    give_stock(state, coin=5)
    reject(state, "buy(stone)", "E-NOT-IN-TOWN")
    order(state, "town(2)")
    s = sheet_of(state)
    assert s["town"] == {"face": 2, "left": 2}
    order(state, "buy(stone)")
    assert s["town"]["left"] == 1
    order(state, "buy(flower)")
    assert s["town"] is None and 2 in s["used"]


def test_r20_another_location_ends_the_town_visit(state):
    """Important Notes -- finish one location before using another: the visit ends."""
    set_dice(state, [3, 4])
    order(state, "town(4)")
    order(state, "farm(3)")
    s = sheet_of(state)
    assert s["town"] is None and sorted(s["used"])[-2:] == [3, 4]


def test_r21_town_square_give_and_befriend(state):
    """Town Square -- give the required flowers, check the leftmost box; the heart box
    befriends: gain a heart and the gift."""
    set_dice(state, [6])
    give_stock(state, flower=10)
    order(state, "town(6)")
    lily = sheet()["townsfolk"]["Lily"]
    for _ in range(lily["boxes"]):
        order(state, 'give("Lily")')
    s = sheet_of(state)
    assert s["friends"]["Lily"] == lily["boxes"]
    assert stock(s, "heart") == 1
    assert stock(s, "flower") == 10 - lily["boxes"] * lily["flowers"]
    for icon in lily["gift"]:
        assert stock(s, icon) >= lily["gift"].count(icon)
    reject(state, "give(lily)", "E-ALREADY-FRIENDS")
    reject(state, "give(lilly)", "E-UNKNOWN-TOWNSFOLK")


def test_r22_shop_buy_and_sell(state):
    """Shop -- buy: 1 coin for 1 carrot, flower or stone; sell: 1 carrot or 2 flowers or 2
    stones for 1 coin."""
    set_dice(state, [6])
    give_stock(state, coin=2, carrot=1, flower=2, stone=2)
    order(state, "town(6)")
    order(state, "buy(stone)")
    s = sheet_of(state)
    assert stock(s, "coin") == 1 and stock(s, "stone") == 3
    order(state, "sell(carrot)")
    order(state, "sell(flowers)")
    order(state, "sell(stone)")
    assert [stock(s, k) for k in ("coin", "carrot", "flower", "stone")] == [4, 0, 0, 1]
    reject(state, "sell(stone)", "E-SHORT")
    reject(state, "buy(diamond)", "E-UNKNOWN-RESOURCE")


def test_r23_blacksmith_two_stone_level_one_first(state):
    """Blacksmith -- lose 2 stone to check a tool's box; level 1 before level 2."""
    set_dice(state, [6])
    give_stock(state, stone=5)
    order(state, "town(6)")
    order(state, "upgrade(sword)")
    order(state, "upgrade(sword)")
    s = sheet_of(state)
    assert s["tools"]["sword"] == 2 and stock(s, "stone") == 1 and stock(s, "upgrade") == 2
    reject(state, "upgrade(sword)", "E-FULLY-UPGRADED")
    reject(state, "upgrade(pickaxe)", "E-SHORT")
    reject(state, "upgrade(hoe)", "E-UNKNOWN-TOOL")


# -- Rerolling, inventory ---------------------------------------------------------------------


def test_r24_reroll_any_number_of_available_dice_for_a_carrot(state):
    """Rerolling -- lose 1 carrot to reroll any number of rolled dice, as often as you have
    carrots; a reroll is a roll: what follows it in the file runs against the new dice."""
    set_dice(state, [1, 1, 4])
    give_stock(state, carrot=2)
    order(state, "reroll(1, 1)", dice=rolls("Ana", 6, 5))
    s = sheet_of(state)
    assert s["available"] == [4, 5, 6] and stock(s, "carrot") == 1
    reject(state, "reroll(1)", "E-NO-DIE")
    give_stock(state, carrot=0)
    reject(state, "reroll(4)", "E-SHORT")
    fresh = new_state(words=["goal=3"])
    first = sheet_of(fresh)["available"][0]
    out = play(fresh, {"Ana": f"reroll({first})\npass"})
    assert out.problems == [] and out.executed["Ana"] == [f"reroll({first})", "pass()"]


def test_r25_gains_stop_at_a_full_row_and_losses_need_stock(state):
    """Key Terms, Gain/Lose -- a gain circles an icon of the printed row (none left: nothing
    gained); a loss crosses a circled one."""
    s = sheet_of(state)
    cap = sheet()["caps"]["carrot"]
    s["inventory"]["carrot"] = {"circled": cap, "crossed": 3}
    set_dice(state, [1])
    s["farm"][0] = 1  # the next box of column 1 holds a carrot
    assert sheet()["farm"][1][1] == "carrot"
    order(state, "farm(1)")
    assert s["inventory"]["carrot"] == {"circled": cap, "crossed": 3}


def test_r26_goals_complete_the_moment_they_are_met(state):
    """Completing a Goal -- checked at once, and play goes on to the end of Day 10."""
    s = sheet_of(state)
    s["tools"] = {t: 2 for t in s["tools"]}
    s["tools"]["sword"] = 1
    set_dice(state, [3, 4])
    give_stock(state, stone=2)
    order(state, "town(3)")
    events = order(state, "upgrade(sword)")
    assert any("goal complete" in e for e in events)
    assert s["done"]["tools"] == 1 and not GAME.is_over(state)


# -- Winning and Scoring ----------------------------------------------------------------------


def test_r27_win_only_with_every_goal(state):
    """Winning -- only a player who completed ALL selected goals wins."""
    state["over"] = True
    assert GAME.result(state).winners == []
    sheet_of(state)["done"]["tools"] = 10
    assert GAME.result(state).winners == ["Ana"]


def test_r28_scoring_table():
    """Scoring -- heart 5, diamond 5, tool upgrade 3, coin 2, carrot 1 for each circled icon
    without a cross (every other icon 1: test_examples.py)."""
    state = new_state(words=["sandbox"])
    give_stock(state, heart=1, diamond=1, upgrade=1, coin=0, carrot=0, flower=0)
    assert score(sheet_of(state)) == 13
    sheet_of(state)["inventory"]["diamond"]["crossed"] = 1
    assert score(sheet_of(state)) == 8


def test_r29_score_chart_bands():
    """Score Chart -- under 40, 40-79, 80-119, 120+."""
    assert band_label(0).startswith("0-39") and band_label(39).startswith("0-39")
    assert band_label(40).startswith("40-79") and band_label(119).startswith("80-119")
    assert band_label(120).startswith("120+")


# -- Two players ------------------------------------------------------------------------------


def test_r30_two_players_share_six_dice_and_spend_five(duo):
    """Required Components -- 6 dice for 2 players (our rule: one shared roll, at most 5 spent
    by each player a day; the next day starts when both are done)."""
    ana, ben = sheet_of(duo, "Ana"), sheet_of(duo, "Ben")
    assert len(ana["available"]) == 6 and ana["available"] == ben["available"]
    assert GAME.awaiting(duo) == ["Ana", "Ben"]
    set_dice(duo, [1, 2, 3, 4, 5, 6], "Ana")
    for face in (1, 2, 3, 4):
        order(duo, f"farm({face})")
    reject(duo, "mine(5, 6)", "E-DAY-LIMIT")
    order(duo, "farm(5)")
    assert ana["day_over"] and ana["available"] == []
    assert GAME.awaiting(duo) == ["Ben"]
    assert GAME.end_tick(duo, FixedDice()) == []  # Ben is still playing day 1
    order(duo, "pass", "Ben")
    events = GAME.end_tick(duo, rolls("Ana", day=[1, 2, 3, 4, 5, 6]))
    assert duo["day"] == 2 and events and ana["available"] == ben["available"]


def test_r31_two_players_tick_both_files(duo):
    """Two players play their own sheets in the same tick."""
    a = sheet_of(duo, "Ana")["available"][0]
    out = play(duo, {"Ana": f"farm({a})", "Ben": "pass"})
    assert not out.problems
    assert sum(out.state["sheets"]["Ana"]["farm"]) >= 1 or a == 6
    assert GAME.awaiting(out.state) == ["Ana"]


# -- Prompts on the turn processor -------------------------------------------------------------


def test_r32_a_prompt_must_be_answered(state):
    """Decisions in the middle of a turn -- a prompt left from an earlier tick must be
    answered by the next file; only the answers are legal."""
    set_dice(state, [2, 4])
    order(state, "mine(2, 4)", dice=rolls("Ana", 3, 5))
    state["tick"] = 1
    out = play(state, {"Ana": ""})
    assert [p.code for p in out.problems] == ["E-ANSWER-PROMPT"]
    out = play(state, {"Ana": "dig(5, 3)"})
    assert not out.problems


def test_r33_dice_are_named_by_value(state):
    """Orders name the dice they spend by value; a die not on the sheet is refused with the
    available dice as the way forward."""
    set_dice(state, [2, 2, 5])
    error = reject(state, "farm(3)", "E-NO-DIE")
    assert "2, 2, 5" in error.hint
    reject(state, "mine(5, 5)", "E-NO-DIE")
    reject(state, "farm(9)", "E-NOT-A-DIE")
    order(state, "mine(2, 2)", dice=rolls("Ana", 1, 1))


def test_r34_setup_is_reproducible_from_the_seed():
    """Preparation -- goals and the first roll come from the game's dice only."""
    a = GAME.setup(["Ana"], GAME.parse_options(["goals=2"], None), Dice(7, 0))
    b = GAME.setup(["Ana"], GAME.parse_options(["goals=2"], None), Dice(7, 0))
    assert a == b and json.loads(json.dumps(a)) == a


def test_r35_order_file_syntax():
    """Orders accept bare or quoted names and optional parentheses on bare words."""
    parsed = parse_file('give("Nora")\ngive(nora)\nfight()\npass\nupgrade("fishing rod")\n')
    assert not parsed.problems and len(parsed.orders) == 5


def test_r37_several_goals_win_only_when_every_one_is_met():
    """Preparation / Goals (more than one goal may be rolled) with Winning -- a player who
    completed ALL selected goals wins: with two goals, one met is not a win, both are; a goal
    that was not selected does not stand in for one that was."""
    state = new_state(words=["goal=3,5"])
    assert state["goals"] == ["tools", "monsters"]
    state["over"] = True
    s = sheet_of(state)
    s["done"]["tools"] = 4
    s["done"]["harvest"] = 5
    assert GAME.result(state).winners == []
    del s["done"]["tools"]
    s["done"]["monsters"] = 6
    assert GAME.result(state).winners == []
    s["done"]["tools"] = 4
    assert GAME.result(state).winners == ["Ana"]


def test_r38_the_game_ends_at_the_end_of_day_10_and_not_before():
    """Game Summary / End of Day / Winning and Scoring, Game End -- ten rounds (days), the
    game ends at the end of the 10th day: after nine days a tenth begins with a fresh roll;
    after the tenth nothing is awaited and no order runs."""
    state = new_state(words=["goal=3"])
    assert state["days"] == 10
    for day in range(1, 11):
        assert state["day"] == day and not GAME.is_over(state)
        assert GAME.awaiting(state) == ["Ana"] and len(sheet_of(state)["available"]) == 5
        out = play(state, {"Ana": "pass"})
        assert out.problems == []
        state = out.state
    assert GAME.is_over(state) and state["day"] == 10 and GAME.awaiting(state) == []
    assert GAME.result(state).scores["Ana"] == score(sheet_of(state))
    reject(state, "pass", "E-GAME-OVER")


def test_r39_a_carrot_rerolls_any_rolled_dice_also_while_a_roll_waits():
    """Rerolling -- ANYTIME, one carrot rerolls ANY NUMBER of rolled dice, the Available dice
    included: while a Lake, Mines or fight roll waits, the Available dice alone, the waiting
    roll alone, or both together for the one carrot. A value names the waiting roll's die
    first; reroll(available, ...) names Available dice only."""
    state = new_state(words=["goal=3"])
    s = sheet_of(state)
    set_dice(state, [1, 3, 4])
    give_stock(state, carrot=3)
    assert sheet()["lake"][3]["needs"] == 6
    order(state, "lake(3, 4)", dice=rolls("Ana", 3))  # row 4, column 2: a miss waits
    assert s["pending"]["kind"] == "lake" and s["available"] == [1, 4]
    order(state, "reroll(3, 1, 4)", dice=rolls("Ana", 5, 6, 6))
    caught = sheet()["lake"][3]["cells"][1].count("carrot")
    assert s["available"] == [5, 6] and stock(s, "carrot") == 2 + caught
    assert s["pending"] is None and s["lake"][3][1] == "check"

    state = new_state(words=["goal=3"])
    s = sheet_of(state)
    set_dice(state, [1, 1, 2, 4])
    give_stock(state, carrot=4)
    order(state, "mine(1, 1)", dice=rolls("Ana", 3, 5))
    assert s["pending"]["dice"] == [3, 5] and s["available"] == [2, 4]
    order(state, "reroll(5, 2)", dice=rolls("Ana", 6, 1))  # Available 2 first, then the 5
    assert s["pending"]["dice"] == [1, 3] and s["available"] == [4, 6]
    order(state, "reroll(1)", dice=rolls("Ana", 5))
    assert s["pending"]["dice"] == [3, 5] and stock(s, "carrot") == 2
    order(state, "dig(3, 5)")  # two monsters
    assert s["pending"]["kind"] == "fight" and s["pending"]["face"] is None
    order(state, "reroll(4)", dice=rolls("Ana", 2))  # a fight still to roll
    assert s["available"] == [2, 6] and stock(s, "carrot") == 1
    give_stock(state, carrot=3)
    order(state, "fight", dice=rolls("Ana", 2))
    assert s["pending"]["face"] == 2
    order(state, "reroll(available, 2)", dice=rolls("Ana", 6))
    assert s["available"] == [6, 6] and s["pending"]["face"] == 2
    order(state, "reroll(2, 6)", dice=rolls("Ana", 3, 5))  # both together: a hit
    assert s["available"] == [3, 6] and stock(s, "carrot") == 1
    assert s["inventory"]["monster"]["circled"] == 1 and s["pending"]["left"] == 1
    reject(state, "reroll(4)", "E-NO-DIE")
    reject(state, "reroll(available, 1)", "E-NO-DIE")
