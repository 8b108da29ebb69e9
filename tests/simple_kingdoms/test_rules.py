"""One numbered test per rule of the Simple Kingdoms rule text
(its two-player demo rules). Each docstring names the section of the text it checks.

Numbers the text states are written out here literally (5 gold a soldier, 20 gold a claim, ...);
numbers our rules.yaml reconstructs (building costs and outputs, starting stock) are read from
the rule data, so these tests check the rule, not our guess at the missing tables.
"""

from __future__ import annotations

import copy
import json
import math

import pytest

from lifegames.engine.core.dice import Dice
from lifegames.simple_kingdoms import GAME, actions
from lifegames.simple_kingdoms import model as sk
from lifegames.simple_kingdoms.data import rules as data
from lifegames.simple_kingdoms.views import map_table, public_state

from .helpers import (
    IRON,
    RICH,
    SEED,
    THORN,
    FixedDice,
    check_alone,
    end_tick,
    kingdom,
    new_state,
    order,
    play,
    quiet,
    reject,
    set_stock,
    set_tile,
    tile,
)


def soldiers(state, name, row=None, col=None):
    if row is None:
        return sk.soldiers_of(state, name)
    return tile(state, row, col)["soldiers"].get(name, 0)


def cost(name):
    spec = data()["settlements"].get(name) or data()["buildings"][name]
    return spec["cost"]


# -- THE MAP, STARTING CONDITIONS ---------------------------------------------------------------


def test_r01_start_tiles_are_plains():
    """Rule text: THE MAP / Tile Types. Both home tiles are always plains terrain, whatever the
    seed."""
    for seed in range(40):
        state = new_state(seed=seed)
        assert tile(state, 0, 0)["terrain"] == "plains"
        assert tile(state, 2, 2)["terrain"] == "plains"


def test_r02_map_is_3x3_and_players_start_in_opposite_corners(state):
    """Rule text: THE MAP. The board is three rows by three columns, addressed (row, col) from (0,0)
    at the upper left; the first player's home is (0,0) and the second's is (2,2)."""
    assert state["size"] == 3
    assert [(t["row"], t["col"]) for t in state["tiles"]] == [
        (r, c) for r in range(3) for c in range(3)]
    assert tile(state, 0, 0)["owner"] == IRON
    assert tile(state, 2, 2)["owner"] == THORN
    assert [t for t in state["tiles"] if t["owner"]] == [tile(state, 0, 0), tile(state, 2, 2)]


def test_r03_other_tiles_rolled_on_a_d6_at_setup():
    """Rule text: THE MAP / Tile Types. At setup a d6 decides the terrain of every non-home tile:
    each of the seven takes the terrain of its own roll, in map order."""
    faces = [1, 2, 3, 4, 5, 6, 3]
    dice = FixedDice(terrain=faces)
    state = GAME.setup([IRON, THORN], GAME.parse_options([], None), dice)
    others = [t for t in state["tiles"] if (t["row"], t["col"]) not in ((0, 0), (2, 2))]
    assert [t["terrain"] for t in others] == [data()["terrain_d6"][f] for f in faces]
    assert dice.streams["terrain"].used == faces
    # With real dice: the same seed gives the same map, read from the "terrain" stream.
    real = new_state(seed=SEED)
    stream = Dice(SEED, 0).stream("terrain")
    expected = [data()["terrain_d6"][stream.d6()] for _ in range(7)]
    assert [t["terrain"] for t in real["tiles"]
            if (t["row"], t["col"]) not in ((0, 0), (2, 2))] == expected
    assert {t["terrain"] for s in range(30) for t in new_state(seed=s)["tiles"]} >= {
        "plains", "forest", "hills", "mountains", "marsh"}


def test_r04_each_kingdom_starts_with_a_village_and_one_farm(state):
    """Rule text: STARTING CONDITIONS. Each home tile begins with a village and a single farm."""
    for name, (row, col) in ((IRON, (0, 0)), (THORN, (2, 2))):
        t = tile(state, row, col)
        assert t["settlement"] == "village"
        assert t["buildings"] == {"farm": 1}
        assert sk.cap(state, name) == 50
        start = data()["start"]
        assert {r: kingdom(state, name)[r] for r in data()["resources"]} == {
            r: start[r] for r in data()["resources"]}
        assert kingdom(state, name)["civilians"] == start["civilians"]
        assert soldiers(state, name) == soldiers(state, name, row, col) == start["soldiers"]
    assert state["threat"] == 0
    assert state["tick"] == 0


def test_r05_other_tiles_start_unexplored_and_unclaimed(state):
    """Rule text: YOUR 3 ACTIONS / Move Soldiers / Claim. Apart from the two home tiles, every tile
    begins unexplored and without an owner. Unexplored terrain is not shown."""
    for t in state["tiles"]:
        start = (t["row"], t["col"]) in ((0, 0), (2, 2))
        assert t["explored"] is start
        assert bool(t["owner"]) is start
        assert bool(t["settlement"]) is start
    shown = public_state(GAME, state)["tiles"]
    assert [t["terrain"] is None for t in shown] == [not t["explored"] for t in state["tiles"]]
    for name in (IRON, THORN):
        assert map_table(state, name).count("? unexplored") == 7


# -- HOW A TURN WORKS: the 8 steps in order -----------------------------------------------------


def test_r06_act_comes_first_buildings_work_the_same_tick(state):
    """Rule text: HOW A TURN WORKS step 1 (Act) and YOUR 3 ACTIONS / Build. A building is
    complete the moment it is ordered and works in that same tick: a farm built this tick
    produces this tick."""
    quiet(state)
    farm = data()["buildings"]["farm"]
    order(state, IRON, 'build(0,0, "farm")')
    assert kingdom(state, IRON)["gold"] == 100 - farm["cost"]["gold"]
    end_tick(state)
    # 40 food + one farm's output - ceil(0.25 x 22 + 2) = 8 eaten
    assert kingdom(state, IRON)["food"] == 40 + farm["produces"]["food"] - 8
    assert kingdom(state, THORN)["food"] == 40 - 8


def test_r07_produce_comes_before_orc_exposure(state):
    """Rule text: HOW A TURN WORKS steps 2-3 -- production first, then the raid takes 10% of the
    food that is there after production."""
    farm = data()["buildings"]["farm"]["produces"]["food"]
    state["threat"] = 5                                      # (0,0) has defense 2: exposed
    set_stock(state, IRON, food=100 - farm, gold=100)
    end_tick(state)
    after_produce = 100
    raid = after_produce // 10                               # 10, not 94 // 10 = 9
    assert kingdom(state, IRON)["food"] == after_produce - raid - 8


def test_r08_orc_exposure_comes_before_gold_income(state):
    """Rule text: HOW A TURN WORKS steps 3-4 -- the raid takes 10% of the gold held before this
    tick's income arrives."""
    state["threat"] = 5
    set_stock(state, IRON, gold=95)
    end_tick(state)
    # raid floor(9.5) = 9; income floor(0.5 x 22 + 5) = 16; upkeep 2
    assert kingdom(state, IRON)["gold"] == 95 - 9 + 16 - 2         # 100 (income first: 98)


def test_r09_gold_income_comes_before_feeding(state):
    """Rule text: HOW A TURN WORKS steps 4-5 -- income counts the civilian who then leaves
    hungry."""
    quiet(state)
    set_stock(state, IRON, food=0)                           # 22 people need 8: hungry
    end_tick(state)
    assert kingdom(state, IRON)["civilians"] == 19
    assert kingdom(state, IRON)["gold"] == 100 + 16 - 2      # 22 people -> 16 (21 -> 15)
    assert kingdom(state, IRON)["food"] == 0


def test_r10_feeding_comes_before_paying_soldiers(state):
    """Rule text: HOW A TURN WORKS steps 5-6 -- soldiers who desert for want of pay still ate
    this tick."""
    quiet(state)
    set_stock(state, IRON, gold=0, food=40, civilians=2)
    set_tile(state, 0, 0, soldiers={IRON: 20})               # 22 people: income 16, eat 8
    end_tick(state)
    assert kingdom(state, IRON)["gold"] == 0                 # 16 paid, 4 deserted
    assert soldiers(state, IRON) == 16
    assert kingdom(state, IRON)["food"] == 40 - 8            # not 40 - 7 (18 people)


def test_r11_growth_comes_after_feeding(state):
    """Rule text: HOW A TURN WORKS steps 5 and 7 -- food is eaten by the people before this
    tick's newcomers arrive. (Steps 6 and 7 touch disjoint numbers -- gold and soldiers vs
    civilians -- so no state tells their order apart; r13 checks it in the tick's report.)"""
    quiet(state)
    set_stock(state, IRON, civilians=18)                     # 20 people eat 7 (21 eat 8)
    end_tick(state)
    assert kingdom(state, IRON)["food"] == 40 - 7
    assert kingdom(state, IRON)["civilians"] == 19
    # step 6 needs gold: 100 + floor(0.5 x 20 + 5) - 2 soldiers
    assert kingdom(state, IRON)["gold"] == 100 + 15 - 2


def test_r12_orc_threat_roll_is_the_last_step(state):
    """Rule text: HOW A TURN WORKS step 8 and THE ORC THREAT / Exposed Tiles. Raids are checked
    ahead of the threat die, so a rise this tick raids only from the next tick on."""
    quiet(state)
    state["threat"] = 2                                      # defense 2: safe (not above)
    events, dice = end_tick(state, threat_roll=1)
    assert state["threat"] == 3
    assert kingdom(state, IRON)["gold"] == 100 + 16 - 2      # no raid this tick
    assert dice.asked == ["threat"]
    assert "threat" in events[-1]
    end_tick(state, threat_roll=6)
    assert state["threat"] == 3
    gold = 114                                               # 22 civilians + 2 soldiers now
    assert kingdom(state, IRON)["gold"] == gold - gold // 10 + 17 - 2


def test_r13_one_tick_runs_all_steps_in_order(state):
    """Rule text: HOW A TURN WORKS -- Act, Produce, Orc exposure, Collect gold income, Feed, Pay
    soldiers, Grow, Orc Threat: a worked tick where every step's number depends on the one
    before it, and the tick's report lists the steps in that order."""
    farm = data()["buildings"]["farm"]["produces"]["food"]
    state["threat"] = 3
    set_stock(state, IRON, gold=57, food=84 - farm, civilians=24)
    set_tile(state, 0, 0, soldiers={IRON: 2})
    events, _ = end_tick(state, threat_roll=1)
    k = kingdom(state, IRON)
    food = 84                 # 2. produce
    gold, food = 57 - 5, food - 8                      # 3. exposed (3 > 2): 5 gold, 8 food
    gold += math.floor(0.5 * 26 + 5)                   # 4. 26 people: 18 -> 70
    food -= math.ceil(0.25 * 26 + 2)                   # 5. eat 9 -> 67
    gold -= 2                                          # 6. two soldiers -> 68
    civilians = 24 + 2                                 # 7. floor(2.4) = 2
    assert (k["gold"], k["food"], k["civilians"]) == (gold, food, civilians) == (68, 67, 26)
    assert state["threat"] == 4                        # 8.
    mine = [e for e in events if e.startswith(IRON)]
    steps = ["produced", "orcs raided", "collected", "ate", "paid", "grew"]
    where = [next(i for i, e in enumerate(mine) if step in e) for step in steps]
    assert where == sorted(where)
    assert events[-1].startswith("Orc threat roll 1")


# -- YOUR 3 ACTIONS, PLAYING ON THE COMPUTER ----------------------------------------------------


def test_r14_at_most_three_actions_a_tick(state):
    """Rule text: YOUR 3 ACTIONS; ORDER FILES step 3. A player may give no more than three orders in
    a tick; a fourth makes the file fail its check."""
    three = 'buy_resource("food", 1)\n' * 3
    assert not check_alone(state, IRON, three).problems
    check = check_alone(state, IRON, "# a note\n" + three + 'buy_resource("wood", 1)\n')
    assert [p.code for p in check.problems] == ["E-TOO-MANY-ORDERS"]
    problem = check.problems[0]
    assert problem.line == 5
    assert "at most 3 orders" in problem.message
    assert problem.hint                                       # a way forward
    outcome = play(state, {IRON: three + 'buy_resource("wood", 1)\n'})
    assert outcome.state is state and state["tick"] == 0
    assert [p.code for p in outcome.problems] == ["E-TOO-MANY-ORDERS"]


def test_r15_a_tick_runs_only_if_every_file_checks_out(state):
    """Rule text: PLAYING ON THE COMPUTER. The tick is played only when every order file passes its
    check; one bad file means no orders run and the game is left as it was."""
    before = copy.deepcopy(state)
    outcome = play(state, {IRON: 'build(0,0, "farm")\n', THORN: 'build(0,0, "farm")\n'})
    assert [(p.path, p.code) for p in outcome.problems] == [
        ("Thornvale_orders.txt", "E-NOT-YOURS")]
    assert outcome.state == before and not outcome.executed
    assert "your tiles: (2,2)" in outcome.problems[0].hint
    fixed = play(state, {IRON: 'build(0,0, "farm")\n', THORN: 'build(2,2, "farm")\n'})
    assert not fixed.problems and fixed.state["tick"] == 1
    assert tile(fixed.state, 2, 2)["buildings"]["farm"] == 2


# -- Build / BUILDING GUIDE ---------------------------------------------------------------------


def test_r16_build_only_on_a_tile_you_own(state):
    """Rule text: YOUR 3 ACTIONS / Build; COMMANDS QUICK REFERENCE. The build target must be one of
    your own tiles, given by coordinates in 0-2."""
    error = reject(state, IRON, 'build(2,2, "farm")', "E-NOT-YOURS")
    assert "belongs to Thornvale" in error.message and "your tiles: (0,0)" in error.hint
    error = reject(state, IRON, 'build(1,1, "farm")', "E-NOT-YOURS")
    assert "nobody has claimed it" in error.message
    error = reject(state, IRON, 'build(3,0, "farm")', "E-OFF-MAP")
    assert "0 to 2" in error.hint
    error = reject(state, IRON, 'build(0,0, "castle")', "E-UNKNOWN-BUILDING")
    assert "farm" in error.hint


def test_r17_settlements_upgrade_in_place_village_town_city(state):
    """Rule text: BUILDING GUIDE / Settlements. A village can become a town, and a town a city.
    Upgrading replaces the settlement on the same tile."""
    set_stock(state, IRON, **RICH)
    order(state, IRON, 'build(0,0, "town")')
    t = tile(state, 0, 0)
    assert t["settlement"] == "town"
    assert sk.cap(state, IRON) == data()["settlements"]["town"]["cap"]
    assert kingdom(state, IRON)["gold"] == RICH["gold"] - cost("town")["gold"]
    order(state, IRON, 'build(0,0, "city")')
    assert t["settlement"] == "city"
    assert sk.cap(state, IRON) == 200
    assert t["buildings"] == {"farm": 1}                       # the farm stays


def test_r18_settlements_upgrade_one_step_only(state):
    """Rule text: BUILDING GUIDE / Settlements -- village -> town -> city, nothing else: no
    skipping, no going back, no building a village."""
    set_stock(state, IRON, **RICH)
    error = reject(state, IRON, 'build(0,0, "city")', "E-NEEDS-SETTLEMENT")
    assert "replaces a town" in error.message and "village" in error.message
    reject(state, IRON, 'build(0,0, "village")', "E-NOT-BUILDABLE")
    order(state, IRON, 'build(0,0, "town")')
    reject(state, IRON, 'build(0,0, "town")', "E-NEEDS-SETTLEMENT")
    order(state, IRON, 'build(0,0, "city")')
    reject(state, IRON, 'build(0,0, "town")', "E-NEEDS-SETTLEMENT")
    reject(state, IRON, 'build(0,0, "city")', "E-NEEDS-SETTLEMENT")


def test_r19_one_settlement_per_tile(state):
    """Rule text: BUILDING GUIDE / Settlements. A tile holds a single settlement at a time. A town
    replaces the village: the tile's cap is the town's, not village + town."""
    set_stock(state, IRON, **RICH)
    order(state, IRON, 'build(0,0, "town")')
    assert sk.cap(state, IRON) == data()["settlements"]["town"]["cap"]
    assert not set(tile(state, 0, 0)["buildings"]) & set(data()["settlements"])


def test_r20_upgrade_is_refused_without_the_resources(state):
    """Rule text: YOUR 3 ACTIONS / Build. Building is paid for in resources, so an upgrade you
    cannot afford is refused."""
    set_stock(state, IRON, wood=3)
    error = reject(state, IRON, 'build(0,0, "town")', "E-SHORT")
    assert f"{cost('town')['wood']} wood, you have 3" in error.message


def test_r21_watchtower_limit_depends_on_the_tiles_settlement(state):
    """Rule text: BUILDING GUIDE / Defense Buildings. How many watchtowers a tile may hold depends
    on that tile's own settlement (1 for a village, 2 for a town, 4 for a city), not on the kingdom
    as a whole."""
    set_stock(state, IRON, **RICH)
    set_tile(state, 1, 0, owner=IRON, settlement="village")
    order(state, IRON, 'build(0,0, "watchtower")')
    order(state, IRON, 'build(1,0, "watchtower")')             # per tile, not per kingdom
    error = reject(state, IRON, 'build(0,0, "watchtower")', "E-LIMIT")
    assert "at most 1 watchtower" in error.message
    order(state, IRON, 'build(0,0, "town")')
    order(state, IRON, 'build(0,0, "watchtower")')
    error = reject(state, IRON, 'build(0,0, "watchtower")', "E-LIMIT")
    assert "at most 2 watchtower" in error.message
    order(state, IRON, 'build(0,0, "city")')
    order(state, IRON, 'build(0,0, "watchtower")')
    order(state, IRON, 'build(0,0, "watchtower")')
    error = reject(state, IRON, 'build(0,0, "watchtower")', "E-LIMIT")
    assert "at most 4 watchtower" in error.message
    assert tile(state, 0, 0)["buildings"]["watchtower"] == 4


def test_r22_city_watchtower_limit_does_not_suggest_an_upgrade(state):
    """Rule text: BUILDING GUIDE / Settlements and Defense Buildings -- a City is the last
    upgrade, so the way forward at a City's 4 watchtowers cannot be "upgrade"."""
    set_stock(state, IRON, **RICH)
    set_tile(state, 0, 0, settlement="city", buildings={"watchtower": 4})
    error = reject(state, IRON, 'build(0,0, "watchtower")', "E-LIMIT")
    assert "upgrade" not in error.hint, error.hint


def test_r23_walls_only_on_city_tiles_and_add_10_defense(state):
    """Rule text: BUILDING GUIDE / Defense Buildings; Tile Defense Score. A wall needs a city on its
    tile, and it adds 10 to that tile's defense."""
    set_stock(state, IRON, **RICH)
    error = reject(state, IRON, 'build(0,0, "wall")', "E-NEEDS-SETTLEMENT")
    assert "city" in error.message
    order(state, IRON, 'build(0,0, "town")')
    reject(state, IRON, 'build(0,0, "wall")', "E-NEEDS-SETTLEMENT")
    order(state, IRON, 'build(0,0, "city")')
    before = sk.tile_defense(tile(state, 0, 0))
    order(state, IRON, 'build(0,0, "wall")')
    assert sk.tile_defense(tile(state, 0, 0)) == before + 10 == 2 + 10


def test_r23b_one_wall_per_tile_since_its_bonus_counts_once(state):
    """Rule text: Tile Defense Score: "+ WALL_BONUS (only if you've built a Wall here)" adds the
    bonus once, whatever the number of walls; design (RULES.md): a second wall on a tile, which
    would cost 80 gold and add nothing, is refused with the reason."""
    set_stock(state, IRON, **RICH)
    set_tile(state, 0, 0, settlement="city")
    order(state, IRON, 'build(0,0, "wall")')
    error = reject(state, IRON, 'build(0,0, "wall")', "E-LIMIT")
    assert "already has a wall" in error.message and "counts once" in error.hint
    assert tile(state, 0, 0)["buildings"]["wall"] == 1
    set_tile(state, 0, 1, owner=IRON, settlement="city")
    order(state, IRON, 'build(0,1, "wall")')                   # another city tile: fine


def test_r23c_food_buildings_have_no_limit_and_need_no_town(state):
    """Rule text: BUILDING GUIDE / Food Buildings (no limit is printed, unlike watchtowers,
    walls and resource buildings): farms and big farms go on any fitting tile, as many as the
    kingdom pays for, a big farm on a village too."""
    set_stock(state, IRON, **RICH)
    for _ in range(5):
        order(state, IRON, 'build(0,0, "farm")')
        order(state, IRON, 'build(0,0, "big_farm")')
    assert tile(state, 0, 0)["settlement"] == "village"
    assert tile(state, 0, 0)["buildings"] == {"farm": 6, "big_farm": 5}


RESOURCE_BUILDINGS = [b for b, s in data()["buildings"].items() if s["kind"] == "resource"]


@pytest.mark.parametrize("building", RESOURCE_BUILDINGS)
def test_r24_resource_buildings_only_on_their_terrain(state, building):
    """Rule text: BUILDING GUIDE / Resource Buildings. Each resource building is allowed only on the
    terrain listed for it."""
    set_stock(state, IRON, **RICH)
    allowed = data()["buildings"][building]["terrain"]
    terrains = sorted(set(data()["terrain_d6"].values()))
    for terrain in terrains:
        set_tile(state, 1, 0, owner=IRON, terrain=terrain, buildings={})
        if terrain in allowed:
            order(state, IRON, f'build(1,0, "{building}")')
            assert tile(state, 1, 0)["buildings"] == {building: 1}
        else:
            error = reject(state, IRON, f'build(1,0, "{building}")', "E-WRONG-TERRAIN")
            assert terrain in error.message and "buildable here" in error.hint


def test_r25_one_resource_building_per_tile(state):
    """Rule text: BUILDING GUIDE / Resource Buildings. A tile can hold at most one resource
    building."""
    set_stock(state, IRON, **RICH)
    set_tile(state, 1, 0, owner=IRON, terrain="hills")
    set_tile(state, 0, 1, owner=IRON, terrain="hills")
    order(state, IRON, 'build(1,0, "quarry")')
    order(state, IRON, 'build(0,1, "gold_mine")')             # another tile: fine
    reject(state, IRON, 'build(1,0, "quarry")', "E-LIMIT")
    reject(state, IRON, 'build(1,0, "gold_mine")', "E-LIMIT")


# -- Soldiers: hire, dismiss, move, explore -------------------------------------------------------


def test_r26_hire_costs_5_gold_and_turns_civilians_into_soldiers(state):
    """Rule text: PEOPLE / Soldiers. Hiring happens on one of your own tiles, costs 5 gold a head,
    and turns that many civilians into soldiers."""
    people = sk.people(state, IRON)
    order(state, IRON, "hire_soldiers(0,0, 3)")
    assert kingdom(state, IRON)["gold"] == 100 - 15
    assert kingdom(state, IRON)["civilians"] == 20 - 3
    assert soldiers(state, IRON, 0, 0) == 2 + 3
    assert sk.people(state, IRON) == people
    set_stock(state, IRON, gold=12)
    error = reject(state, IRON, "hire_soldiers(0,0, 3)", "E-SHORT")
    assert "needs 15 gold, you have 12" in error.message
    set_stock(state, IRON, gold=100, civilians=2)
    error = reject(state, IRON, "hire_soldiers(0,0, 3)", "E-NO-CIVILIANS")
    assert "you have 2" in error.message
    error = reject(state, IRON, "hire_soldiers(1,1, 1)", "E-NOT-YOURS")
    assert "your tiles: (0,0)" in error.hint
    reject(state, IRON, "hire_soldiers(0,0, 0)", "E-BAD-AMOUNT")
    reject(state, IRON, "hire_soldiers(0,0, -3)", "E-BAD-AMOUNT")


def test_r27_dismiss_returns_soldiers_to_civilian_life_for_free(state):
    """Rule text: PEOPLE / Soldiers. Soldiers can be turned back into civilians whenever you like,
    at no cost."""
    order(state, IRON, "dismiss_soldiers(0,0, 1)")
    assert soldiers(state, IRON, 0, 0) == 1
    assert kingdom(state, IRON)["civilians"] == 21
    assert kingdom(state, IRON)["gold"] == 100
    error = reject(state, IRON, "dismiss_soldiers(0,0, 2)", "E-NO-SOLDIERS")
    assert "you have 1 soldier" in error.message


def test_r27b_dismissing_is_allowed_over_the_cap_and_growth_then_waits(state):
    """Rule text: PEOPLE / Soldiers ("at any time (free)") and Civilians (growth "up to cap"):
    soldiers may be dismissed even past the civilian cap (RULES.md, the civilian cap); a kingdom
    over its cap does not grow until it is under it again."""
    quiet(state)
    set_stock(state, IRON, civilians=48, food=1000)
    set_tile(state, 0, 0, soldiers={IRON: 10})
    order(state, IRON, "dismiss_soldiers(0,0, 10)")
    assert kingdom(state, IRON)["civilians"] == 58 > sk.cap(state, IRON) == 50
    end_tick(state)
    assert kingdom(state, IRON)["civilians"] == 58


def test_r28_move_soldiers_to_any_of_8_neighbours_only(state):
    """Rule text: YOUR 3 ACTIONS / Move Soldiers. Any number of your soldiers may step to one of the
    eight neighbouring tiles (diagonals included); they stay until moved again."""
    set_tile(state, 1, 1, soldiers={IRON: 8}, explored=True)
    for row in range(3):
        for col in range(3):
            if (row, col) != (1, 1):
                order(state, IRON, f"move_soldiers(1,1, {row},{col}, 1)")
                assert soldiers(state, IRON, row, col) >= 1
    assert soldiers(state, IRON, 1, 1) == 0
    set_tile(state, 0, 0, soldiers={IRON: 5})
    for far in ("2,2", "0,2", "2,0", "2,1", "0,0"):
        error = reject(state, IRON, f"move_soldiers(0,0, {far}, 1)", "E-NOT-ADJACENT")
        assert "8 directions" in error.hint
    error = reject(state, IRON, "move_soldiers(0,0, -1,0, 1)", "E-OFF-MAP")
    assert "0 to 2" in error.hint
    error = reject(state, IRON, "move_soldiers(0,0, 0,1, 9)", "E-NO-SOLDIERS")
    assert "you have 5" in error.message
    error = reject(state, IRON, "move_soldiers(1,1, 1,2, 1)", "E-NO-SOLDIERS")
    assert "you have 0" in error.message
    error = reject(state, IRON, "move_soldiers(2,2, 2,1, 2)", "E-NO-SOLDIERS")
    assert "you have 1" in error.message                # Thornvale's 2 there are not yours
    order(state, IRON, "move_soldiers(0,0, 1,0, 4)")
    end_tick(state)
    end_tick(state)
    assert soldiers(state, IRON, 1, 0) == 1 + 4


def test_r29_two_or_more_soldiers_reveal_a_tile_one_does_not(state):
    """Rule text: YOUR 3 ACTIONS / Move Soldiers. Moving at least two soldiers onto an unexplored
    tile shows its terrain to both kingdoms; a lone soldier does not."""
    set_tile(state, 0, 0, soldiers={IRON: 5})
    order(state, IRON, "move_soldiers(0,0, 0,1, 1)")
    assert not tile(state, 0, 1)["explored"]
    assert public_state(GAME, state)["tiles"][1]["terrain"] is None
    events = order(state, IRON, "move_soldiers(0,0, 1,0, 2)")
    t = tile(state, 1, 0)
    assert t["explored"]
    assert any("explored (1,0)" in e for e in events)
    assert public_state(GAME, state)["tiles"][3]["terrain"] == t["terrain"]
    assert t["terrain"] in map_table(state, THORN)                   # both players see it
    assert any("Ironhold explored (1,0)" in r for r in state["reports"][THORN])
    assert soldiers(state, IRON, 1, 0) == 2                            # they stay there


# -- Claim --------------------------------------------------------------------------------------


def ready_to_claim(state, row=1, col=1, mine=4, theirs=0):
    set_tile(state, row, col, explored=True, soldiers={IRON: mine, THORN: theirs})
    return tile(state, row, col)


def test_r30_only_explored_tiles_may_be_claimed(state):
    """Rule text: YOUR 3 ACTIONS / Move Soldiers / Claim. A tile must have been explored before
    anyone can claim it."""
    ready_to_claim(state)
    tile(state, 1, 1)["explored"] = False
    error = reject(state, IRON, "claim_tile(1,1)", "E-UNEXPLORED")
    assert "2 or more in one order explore it" in error.hint


def test_r31_claim_needs_4_of_your_own_soldiers_on_the_tile(state):
    """Rule text: Claim. Claiming needs at least 4 of the claimer's own soldiers already on the tile
    (the other kingdom's soldiers do not count)."""
    ready_to_claim(state, mine=3, theirs=5)
    error = reject(state, IRON, "claim_tile(1,1)", "E-TOO-FEW-SOLDIERS")
    assert "needs 4" in error.message and "you have 3 there" in error.message
    assert "move_soldiers" in error.hint
    tile(state, 1, 1)["soldiers"][IRON] = 4
    order(state, IRON, "claim_tile(1,1)")


def test_r32_claim_costs_20_gold_paid_when_ordered(state):
    """Rule text: Claim. A claim costs 20 gold, paid when it is ordered."""
    ready_to_claim(state)
    set_stock(state, IRON, gold=12)
    error = reject(state, IRON, "claim_tile(1,1)", "E-SHORT")
    assert "needs 20 gold, you have 12" in error.message
    set_stock(state, IRON, gold=30)
    order(state, IRON, "claim_tile(1,1)")
    assert kingdom(state, IRON)["gold"] == 10


def test_r33_claim_founds_a_village_with_10_settlers_and_50_more_cap_at_once(state):
    """Rule text: Claim. Claiming founds a village on the tile, brings 10 extra civilians, and
    raises the kingdom's civilian cap by 50 straight away ("instantly"): the next order of the
    same file may build on the tile."""
    ready_to_claim(state)
    assert sk.cap(state, IRON) == 50
    events = order(state, IRON, "claim_tile(1,1)")
    t = tile(state, 1, 1)
    assert (t["owner"], t["settlement"]) == (IRON, "village")
    assert kingdom(state, IRON)["civilians"] == 30
    assert sk.cap(state, IRON) == 100
    assert kingdom(state, IRON)["gold"] == 80
    assert events == ["Ironhold: claimed (1,1) for 20 gold: a new village and 10 settlers"]
    order(state, IRON, 'build(1,1, "watchtower")')                # it is yours now


def test_r35_explore_claim_and_build_in_one_tick(state):
    """Rule text: YOUR 3 ACTIONS ("mix and match"), Move Soldiers (2+ reveal a tile), Claim (at
    once) and Build (ready the same tick): one file explores a tile, claims it and builds a
    watchtower there, and the tick plays it; check accepts it without telling the terrain."""
    set_tile(state, 0, 0, soldiers={IRON: 4})
    text = 'move_soldiers(0,0, 1,1, 4)\nclaim_tile(1,1)\nbuild(1,1, "watchtower")\n'
    check = check_alone(state, IRON, text)
    assert not check.problems, [p.render() for p in check.problems]
    terrain = tile(state, 1, 1)["terrain"]
    assert terrain not in "\n".join(check.effects)
    assert "explored (1,1) (its terrain shows on the sheets after the tick)" in \
        "\n".join(check.effects)
    outcome = play(state, {IRON: text})
    assert not outcome.problems
    t = tile(outcome.state, 1, 1)
    assert (t["owner"], t["explored"], t["buildings"]) == (IRON, True, {"watchtower": 1})
    assert t["soldiers"] == {IRON: 4}
    assert outcome.executed[IRON] == ["move_soldiers(0, 0, 1, 1, 4)", "claim_tile(1, 1)",
                                      'build(1, 1, "watchtower")']
    assert f"explored (1,1): {terrain}" in outcome.state["reports"][IRON]


def test_r35b_a_build_on_a_tile_explored_this_tick_is_decided_by_the_tick(state):
    """Rule text: YOUR 3 ACTIONS / Build (buildings finish immediately and are usable the same
    tick), Resource Buildings (only on their terrain) and Move Soldiers (exploring reveals the
    terrain): a terrain-bound building on a tile explored in the same tick is decided by the
    tick with the real terrain, as a chance outcome is. `check` cannot know the terrain: it
    says the build is decided at the tick (the same words whatever the terrain) and reads
    what follows for form only; the tick builds on the right terrain and, on the wrong one,
    stops the plan at the build, keeping what came before."""
    set_tile(state, 0, 0, soldiers={IRON: 4})
    set_stock(state, IRON, **RICH)
    text = 'move_soldiers(0,0, 1,1, 4)\nclaim_tile(1,1)\nbuild(1,1, "farm")\n'
    shown = set()
    for terrain in ("plains", "forest", "hills"):
        tile(state, 1, 1)["terrain"] = terrain
        check = check_alone(state, IRON, text)
        assert check.problems == [], terrain
        assert check.plan.outcome, "check stops at the build: the tick decides it"
        shown.add(json.dumps(check.plan.steps))
    assert len(shown) == 1                                        # the same words every time
    assert "when the tick runs" in shown.pop()
    tile(state, 1, 1)["terrain"] = "plains"
    outcome = play(copy.deepcopy(state), {IRON: text})
    assert not outcome.problems and not outcome.stopped
    assert tile(outcome.state, 1, 1)["buildings"] == {"farm": 1}
    tile(state, 1, 1)["terrain"] = "hills"
    outcome = play(copy.deepcopy(state), {IRON: text + 'build(1,1, "watchtower")\n'})
    assert not outcome.problems and outcome.stopped
    t = tile(outcome.state, 1, 1)
    assert t["owner"] == IRON and t["buildings"] == {}, "stopped at the farm, the rest not run"
    assert outcome.executed[IRON] == ["move_soldiers(0, 0, 1, 1, 4)", "claim_tile(1, 1)"]


# -- Give, Buy, Sell ------------------------------------------------------------------------------


def test_r36_give_hands_goods_to_the_other_kingdom_when_act_ends(state):
    """Rule text: YOUR 3 ACTIONS / Give. give("wood", 5) moves 5 wood from the giver to the
    neighbouring kingdom, free of any fee; design: gifts arrive when the Act phase ends."""
    order(state, IRON, 'give("wood", 5)')
    assert kingdom(state, IRON)["wood"] == 15
    assert kingdom(state, THORN)["wood"] == 20
    actions.resolve_act_phase(state)
    assert kingdom(state, THORN)["wood"] == 25
    assert state["pending"] == {"gifts": []}
    order(state, IRON, 'give("gold", 7)')
    actions.resolve_act_phase(state)
    assert kingdom(state, THORN)["gold"] == 107 and kingdom(state, IRON)["gold"] == 93
    error = reject(state, IRON, 'give("wood", 16)', "E-SHORT")
    assert "needs 16 wood, you have 15" in error.message
    reject(state, IRON, 'give("wood", 0)', "E-BAD-AMOUNT")
    error = reject(state, IRON, 'give("silver", 1)', "E-UNKNOWN-RESOURCE")
    assert "gold, food, wood, stone, iron" in error.hint


def test_r37_buy_resources_with_gold(state):
    """Rule text: YOUR 3 ACTIONS / Buy. Gold can be spent on the other resources (5 food for 10
    gold, 2 wood for 6 gold)."""
    prices = {"food": 2, "wood": 3, "iron": 6, "stone": data()["prices"]["stone"]}
    set_stock(state, IRON, gold=1000)
    for resource, price in prices.items():
        gold, have = kingdom(state, IRON)["gold"], kingdom(state, IRON)[resource]
        order(state, IRON, f'buy_resource("{resource}", 3)')
        assert kingdom(state, IRON)["gold"] == gold - 3 * price
        assert kingdom(state, IRON)[resource] == have + 3
    error = reject(state, IRON, 'buy_resource("gold", 5)', "E-CANNOT-TRADE")
    assert "food" in error.hint
    set_stock(state, IRON, gold=9)
    error = reject(state, IRON, 'buy_resource("food", 5)', "E-SHORT")
    assert "needs 10 gold, you have 9" in error.message


def test_r38_sell_at_a_quarter_of_the_buy_price_rounded_down(state):
    """Rule text: YOUR 3 ACTIONS / Sell. Selling pays one fourth of what buying the same goods would
    cost, with the total rounded down."""
    set_stock(state, IRON, food=100, wood=100, stone=100, iron=100)
    for resource in ("food", "wood", "stone", "iron"):
        for amount in (1, 3, 7):
            gold = kingdom(state, IRON)["gold"]
            order(state, IRON, f'sell_resource("{resource}", {amount})')
            assert kingdom(state, IRON)["gold"] == gold + (
                data()["prices"][resource] * amount) // 4
    assert kingdom(state, IRON)["food"] == 100 - 11
    error = reject(state, IRON, 'sell_resource("iron", 500)', "E-SHORT")
    assert "you have 89" in error.message
    reject(state, IRON, 'sell_resource("gold", 5)', "E-CANNOT-TRADE")


# -- Produce, exposure, income, food, upkeep, growth ----------------------------------------------


def test_r39_every_building_produces_each_tick(state):
    """Rule text: HOW A TURN WORKS step 2. Every building yields its output each tick."""
    b = data()["buildings"]
    set_tile(state, 0, 0, buildings={"farm": 2})
    set_tile(state, 0, 1, owner=IRON, terrain="forest", buildings={"forestry": 1, "farm": 1})
    set_tile(state, 1, 0, owner=IRON, terrain="hills", buildings={"quarry": 1})
    set_tile(state, 1, 1, owner=IRON, terrain="mountains", buildings={"iron_mine": 1})
    set_tile(state, 2, 0, owner=IRON, terrain="hills", buildings={"gold_mine": 1})
    set_tile(state, 2, 1, terrain="forest", buildings={"forestry": 1})       # nobody's
    ledger = actions.economy(copy.deepcopy(state))[IRON]
    assert ledger["produced"] == {
        "food": 3 * b["farm"]["produces"]["food"],
        "wood": b["forestry"]["produces"]["wood"],
        "stone": b["quarry"]["produces"]["stone"],
        "iron": b["iron_mine"]["produces"]["iron"],
        "gold": b["gold_mine"]["produces"]["gold"],
    }
    end_tick(state)
    assert kingdom(state, IRON)["wood"] == 20 + b["forestry"]["produces"]["wood"]
    assert kingdom(state, IRON)["stone"] == 10 + b["quarry"]["produces"]["stone"]
    assert kingdom(state, IRON)["iron"] == b["iron_mine"]["produces"]["iron"]


def test_r40_an_exposed_tile_costs_10_percent_gold_and_food_rounded_down(state):
    """Rule text: THE ORC THREAT / Exposed Tiles. A tile whose defense is strictly below the threat
    level is raided: its owner loses a tenth of their gold and a tenth of their food, each rounded
    down."""
    quiet(state)
    state["threat"] = 2                                       # equal to defense 2: safe
    assert actions.economy(copy.deepcopy(state))[IRON]["raids"] == []
    state["threat"] = 3
    set_stock(state, IRON, gold=99, food=49)
    ledger = actions.economy(copy.deepcopy(state))[IRON]
    assert ledger["raids"] == [{"tile": [0, 0], "gold": 9, "food": 4}]
    end_tick(state)
    # 99 - 9 + 16 - 2, 49 - 4 - 8
    assert (kingdom(state, IRON)["gold"], kingdom(state, IRON)["food"]) == (104, 37)


def test_r41_each_exposed_tile_is_a_separate_penalty(state):
    """Rule text: THE ORC THREAT / Exposed Tiles. The raid is charged separately for each exposed
    tile, so two weak tiles mean two raids."""
    quiet(state)
    state["threat"] = 3
    set_tile(state, 0, 1, owner=IRON, soldiers={})
    set_tile(state, 1, 1, owner=IRON, soldiers={IRON: 3})        # defense 3: safe
    set_stock(state, IRON, gold=100, food=40)
    raids = actions.economy(copy.deepcopy(state))[IRON]["raids"]
    # 10% of 100 and 40, then 10% of what is left (90 and 36)
    assert raids == [{"tile": [0, 0], "gold": 10, "food": 4},
                     {"tile": [0, 1], "gold": 9, "food": 3}]
    assert len(sk.exposed_tiles(state, IRON)) == 2


def test_r42_gold_income_is_floor_half_the_people_plus_5(state):
    """Rule text: GOLD INCOME. Each tick's gold is half the people, rounded down, plus 5 (people =
    civilians + soldiers)."""
    quiet(state)
    for civilians, army, expected in ((20, 2, 16), (21, 2, 16), (20, 3, 16), (0, 0, 5),
                                      (37, 0, 23), (30, 8, 24)):
        s = copy.deepcopy(state)
        set_stock(s, IRON, civilians=civilians, food=1000)
        set_tile(s, 0, 0, soldiers={IRON: army})
        assert sk.income(s, IRON) == expected
        assert actions.economy(s)[IRON]["income"] == expected


def test_r43_food_eaten_is_ceil_a_quarter_of_the_people_plus_2(state):
    """Rule text: FOOD CONSUMPTION. Each tick the people eat a quarter of their number, rounded up,
    plus 2 food."""
    quiet(state)
    for civilians, army, expected in ((20, 0, 7), (20, 1, 8), (20, 2, 8), (20, 4, 8),
                                      (21, 4, 9), (0, 0, 2), (1, 0, 3)):
        s = copy.deepcopy(state)
        set_stock(s, IRON, civilians=civilians, food=1000)
        set_tile(s, 0, 0, soldiers={IRON: army})
        assert sk.food_needed(s, IRON) == expected
        end_tick(s)
        assert kingdom(s, IRON)["food"] == 1000 - expected


def test_r44_a_hungry_kingdom_eats_what_is_left_and_loses_1_civilian(state):
    """Rule text: PEOPLE / Civilians; FOOD CONSUMPTION. Eating happens every tick, and a kingdom
    that runs short of food loses one civilian."""
    quiet(state)
    set_stock(state, IRON, food=7)                               # 22 people need 8
    end_tick(state)
    assert kingdom(state, IRON)["food"] == 0
    assert kingdom(state, IRON)["civilians"] == 19               # and no growth
    set_stock(state, IRON, food=8, civilians=20)
    end_tick(state)
    assert kingdom(state, IRON)["civilians"] == 22               # 8 is enough: fed, grows


def test_r45_soldiers_cost_1_gold_each_per_tick(state):
    """Rule text: HOW A TURN WORKS step 6 and PEOPLE / Soldiers. Each soldier is paid 1 gold every
    tick, wherever stationed."""
    quiet(state)
    set_stock(state, IRON, civilians=16, food=1000)
    set_tile(state, 0, 0, soldiers={IRON: 3})
    set_tile(state, 1, 1, soldiers={IRON: 3})                    # stationed anywhere
    end_tick(state)
    assert kingdom(state, IRON)["gold"] == 100 + 16 - 6


def test_r46_unpaid_soldiers_desert_from_the_biggest_garrison_first(state):
    """Rule text: PEOPLE / Soldiers. Soldiers who cannot be paid leave; design: one per unpaid gold,
    taken from the tile with the most of that kingdom's soldiers first."""
    quiet(state)
    set_stock(state, IRON, gold=0, civilians=2, food=1000)
    set_tile(state, 0, 0, soldiers={IRON: 4, THORN: 9})
    set_tile(state, 1, 1, soldiers={IRON: 16})
    # 22 people: income 16, 20 soldiers: 4 cannot be paid
    events, _ = end_tick(state)
    assert kingdom(state, IRON)["gold"] == 0
    assert soldiers(state, IRON, 1, 1) == 12
    assert soldiers(state, IRON, 0, 0) == 4
    assert soldiers(state, THORN, 0, 0) == 9
    assert any("4 unpaid soldiers deserted from (1,1)" in e for e in events)
    # levelled piles lose one at a time from whichever is biggest
    set_stock(state, IRON, gold=0, civilians=0)
    set_tile(state, 0, 0, soldiers={IRON: 9})
    set_tile(state, 1, 1, soldiers={IRON: 11})
    end_tick(state)                                               # 20 people: pay 15, 5 go
    assert (soldiers(state, IRON, 0, 0), soldiers(state, IRON, 1, 1)) == (7, 8)


def test_r47_fed_kingdoms_grow_10_percent_up_to_the_cap(state):
    """Rule text: PEOPLE / Civilians. A kingdom that ate its fill gains a tenth more civilians,
    rounded down (whole people), never beyond the cap; no minimum: under 10 civilians a tenth
    is less than one person."""
    quiet(state)
    for civilians, grown in ((30, 33), (29, 31), (5, 5), (9, 9), (10, 11), (47, 50), (49, 50),
                             (50, 50), (60, 60)):
        s = copy.deepcopy(state)
        set_stock(s, IRON, civilians=civilians, food=1000)
        end_tick(s)
        assert kingdom(s, IRON)["civilians"] == grown, civilians


def test_r48_a_kingdom_with_few_civilians_does_not_grow(state):
    """Rule text: PEOPLE / Civilians and HOW A TURN WORKS step 7: growth is floor(10% of the
    civilians) up to the cap, so nothing grows from 0 to 9 civilians (RULES.md: the text gives
    no minimum)."""
    quiet(state)
    set_stock(state, IRON, civilians=0, food=1000)
    set_tile(state, 0, 0, soldiers={IRON: 22})
    end_tick(state)
    assert kingdom(state, IRON)["civilians"] == 0
    set_stock(state, IRON, civilians=1, food=1000)
    end_tick(state)
    assert kingdom(state, IRON)["civilians"] == 1


def test_r49_civilian_cap_adds_up_across_owned_tiles(state):
    """Rule text: BUILDING GUIDE / Settlements. A kingdom's civilian cap is the sum of the caps of
    the settlements on every tile it owns."""
    town = data()["settlements"]["town"]["cap"]
    set_tile(state, 0, 1, owner=IRON, settlement="town")
    set_tile(state, 1, 0, owner=IRON, settlement="city")
    assert sk.cap(state, IRON) == 50 + town + 200
    assert sk.cap(state, THORN) == 50


# -- THE ORC THREAT -------------------------------------------------------------------------------


def test_r50_easy_threat_rises_only_on_a_1(state):
    """Rule text: THE ORC THREAT. On easy, the common threat meter climbs by 1 only when the d6
    shows a 1."""
    for face in range(1, 7):
        s = copy.deepcopy(state)
        _, dice = end_tick(s, threat_roll=face)
        assert s["threat"] == (1 if face == 1 else 0), face
        assert dice.streams["threat"].used == [face]


def test_r51_hard_threat_rises_on_a_1_or_2(hard_state):
    """Rule text: THE ORC THREAT. On hard (setup word "hard"), a roll of 1 or 2 raises the
    threat."""
    assert hard_state["difficulty"] == "hard"
    for face in range(1, 7):
        s = copy.deepcopy(hard_state)
        end_tick(s, threat_roll=face)
        assert s["threat"] == (1 if face <= 2 else 0), face


def test_r52_threat_starts_at_0_and_never_passes_20(state):
    """Rule text: THE ORC THREAT. The meter begins at 0 and can climb to 20 but never past it."""
    assert state["threat"] == 0
    state["threat"] = 19
    end_tick(state, threat_roll=1)
    assert state["threat"] == 20
    end_tick(state, threat_roll=1)
    assert state["threat"] == 20


def test_r53_threat_roll_comes_from_the_tick_dice(state):
    """Rule text: THE ORC THREAT. The threat die is rolled once per tick: played through the engine,
    the roll is the "threat" stream of the tick's dice."""
    s = state
    for tick in range(1, 13):
        roll = Dice(SEED, tick).stream("threat").d6()
        before = s["threat"]
        s = play(s, {}).state
        assert s["threat"] == before + (roll == 1)
        assert f"Orc threat roll {roll} (easy)" in s["world"][0]


# -- Defense --------------------------------------------------------------------------------------


def test_r54_tile_defense_is_soldiers_times_watchtowers_plus_wall(state):
    """Rule text: PEOPLE / Tile Defense Score. A tile's defense is its soldiers times (1 + its
    watchtowers), plus 10 if it has a wall; watchtowers without soldiers add nothing; the
    watchtowers multiply "your soldiers' effectiveness", so an ally's soldiers stationed on the
    tile do not count."""
    t = set_tile(state, 0, 0, settlement="city", buildings={"watchtower": 2},
                 soldiers={IRON: 3})
    assert sk.tile_defense(t) == 3 + 3 * 2
    t["buildings"]["wall"] = 1
    assert sk.tile_defense(t) == 3 + 3 * 2 + 10
    t["soldiers"] = {}
    assert sk.tile_defense(t) == 10
    del t["buildings"]["wall"]
    assert sk.tile_defense(t) == 0
    t["soldiers"] = {IRON: 1, THORN: 2}            # "your soldiers": the ally's do not count
    assert sk.tile_defense(t) == 1 + 1 * 2
    t["soldiers"] = {IRON: 3}
    state["threat"] = 9
    assert sk.exposed_tiles(state, IRON) == []
    state["threat"] = 10
    assert sk.exposed_tiles(state, IRON) == [t]


def test_r55_kingdom_defense_is_its_weakest_tile(state):
    """Rule text: Kingdom Defense. The weakest tile sets the whole kingdom's defense, so a
    single poorly guarded tile is enough for the orcs to raid it."""
    set_tile(state, 0, 0, soldiers={IRON: 10})
    set_tile(state, 0, 1, owner=IRON, soldiers={IRON: 1})
    assert sk.kingdom_defense(state, IRON) == 1
    assert public_state(GAME, state)["kingdoms"][IRON]["defense"] == 1
    state["threat"] = 2
    quiet(state)
    raids = actions.economy(copy.deepcopy(state))[IRON]["raids"]
    assert [r["tile"] for r in raids] == [[0, 1]]


# -- END OF GAME ----------------------------------------------------------------------------------


def test_r56_the_game_ends_after_24_ticks():
    """Rule text: END OF GAME. A game lasts exactly 24 ticks, then it is over."""
    state = new_state()
    assert state["max_ticks"] == 24
    for _ in range(24):
        assert not GAME.is_over(state)
        assert GAME.awaiting(state) == [IRON, THORN]
        outcome = play(state, {})
        assert not outcome.problems
        state = outcome.state
    assert state["tick"] == 24
    assert GAME.is_over(state)
    assert GAME.awaiting(state) == []
    json.dumps(state)


def test_r57_team_score_is_the_sum_of_both_kingdoms(state):
    """Rule text: END OF GAME. The team's score adds the two kingdoms' scores together; nobody wins
    alone."""
    set_tile(state, 1, 1, owner=THORN, settlement="town", buildings={"farm": 1})
    state["tick"] = state["max_ticks"]
    result = GAME.result(state)
    assert set(result.scores) == {IRON, THORN}
    assert result.scores[IRON] != result.scores[THORN]
    total = result.scores[IRON] + result.scores[THORN]
    assert total == sk.team_score(state)
    assert result.summary.startswith(f"Team score {total}")
    assert result.winners == []                          # cooperative: no winner
