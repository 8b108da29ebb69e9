"""The reconstructed tables of Simple Kingdoms, pinned, numbered T01-T09.

The rule text leaves these tables out; rules.yaml holds our design (RULES.md argues each value
and bench/simple_kingdoms.py measures the balance they give). The numbers here are written out
literally, so a change to the design is deliberate: it fails a test that names it, not only
the golden byte comparison.
"""

from __future__ import annotations

import copy

import pytest

from lifegames.simple_kingdoms import GAME
from lifegames.simple_kingdoms import model as sk
from lifegames.simple_kingdoms.data import rules as data

from .helpers import (
    IRON,
    RICH,
    THORN,
    FixedDice,
    end_tick,
    kingdom,
    order,
    quiet,
    reject,
    set_stock,
    set_tile,
    tile,
)


def test_t01_starting_stock(state):
    """STARTING CONDITIONS (reconstructed beyond "Village + 1 Farm"): each kingdom starts with
    100 gold, 40 food, 20 wood, 10 stone, no iron, 20 civilians, and 2 soldiers on its home
    tile."""
    for name, (row, col) in ((IRON, (0, 0)), (THORN, (2, 2))):
        assert kingdom(state, name) == {"gold": 100, "food": 40, "wood": 20, "stone": 10,
                                        "iron": 0, "civilians": 20}
        assert tile(state, row, col)["soldiers"] == {name: 2}
        assert sk.soldiers_of(state, name) == 2


def test_t02_settlement_caps_and_upgrade_costs(state):
    """BUILDING GUIDE / Settlements: a Village houses 50 and a City 200 (known); a Town houses
    100 (reconstructed), and costs 120 gold, 30 wood, 20 stone; a City 400 gold, 60 wood, 60
    stone, 20 iron (reconstructed)."""
    set_stock(state, IRON, **RICH)
    assert sk.cap(state, IRON) == 50
    order(state, IRON, 'build(0,0, "town")')
    assert sk.cap(state, IRON) == 100
    assert kingdom(state, IRON)["gold"] == 5000 - 120
    assert (kingdom(state, IRON)["wood"], kingdom(state, IRON)["stone"]) == (4970, 4980)
    order(state, IRON, 'build(0,0, "city")')
    assert sk.cap(state, IRON) == 200
    assert {r: 5000 - kingdom(state, IRON)[r] for r in ("gold", "wood", "stone", "iron")} == {
        "gold": 520, "wood": 90, "stone": 80, "iron": 20}


def test_t03_prices_stone_4_gold(state):
    """Buy / Sell: food 2, wood 3 and iron 6 gold follow from the text's examples; stone costs
    4 (reconstructed); gold is neither bought nor sold."""
    set_stock(state, IRON, gold=1000, stone=0)
    order(state, IRON, 'buy_resource("stone", 5)')
    assert (kingdom(state, IRON)["gold"], kingdom(state, IRON)["stone"]) == (980, 5)
    order(state, IRON, 'sell_resource("stone", 5)')
    assert kingdom(state, IRON)["gold"] == 985                 # 5 x 4 / 4, rounded down
    assert data()["prices"] == {"food": 2, "wood": 3, "stone": 4, "iron": 6}
    reject(state, IRON, 'buy_resource("gold", 1)', "E-CANNOT-TRADE")


def test_t04_score_formula(state):
    """END OF GAME (reconstructed "total"): per kingdom, 1 per person housed (civilians plus
    soldiers, up to the civilian cap), 10 per tile, 15 per Town and 40 per City, and 1 per 10
    gold in the treasury (rounded down); buildings add nothing themselves."""
    quiet(state)
    set_tile(state, 0, 0, settlement="town", buildings={"farm": 3, "watchtower": 2},
             soldiers={IRON: 10})
    set_tile(state, 0, 1, owner=IRON, settlement="village")
    set_stock(state, IRON, civilians=80, gold=129, food=500, wood=70)
    # people 90 of cap 150; 2 tiles; a town; 129 gold
    assert sk.score(state, IRON) == 90 + 2 * 10 + 15 + 12
    set_stock(state, IRON, civilians=200)                      # over the cap: 150 count
    assert sk.score(state, IRON) == 150 + 20 + 15 + 12
    set_tile(state, 0, 1, settlement="city")
    assert sk.score(state, IRON) == 210 + 20 + 15 + 40 + 12
    assert sk.score(state, THORN) == 22 + 10 + 10              # the start: 22 people, 100 gold
    assert GAME.result(state).scores == {IRON: 297, THORN: 42}


def test_t05_soldiers_beyond_the_cap_add_nothing_to_the_score(state):
    """RULES.md, the civilian cap and the score: turning civilians into soldiers keeps them growing,
    since soldiers do not count against the civilian cap; the score counts people only up to the
    cap, so that loophole adds nothing, and dismissing them at the end adds nothing either."""
    quiet(state)
    set_stock(state, IRON, civilians=50, gold=0)
    set_tile(state, 0, 0, soldiers={IRON: 40})
    assert sk.people(state, IRON) == 90 and sk.score(state, IRON) == 50 + 10
    order(state, IRON, "dismiss_soldiers(0,0, 40)")
    assert sk.score(state, IRON) == 50 + 10


BUILDINGS = {
    "farm": ({"gold": 15, "wood": 5}, {"food": 6}, ["plains", "forest", "marsh"]),
    "big_farm": ({"gold": 40, "wood": 10, "stone": 5}, {"food": 15}, ["plains", "marsh"]),
    "watchtower": ({"gold": 20, "wood": 10, "stone": 5}, {}, None),
    "wall": ({"gold": 80, "stone": 30, "iron": 10}, {}, None),
    "forestry": ({"gold": 20}, {"wood": 6}, ["forest"]),
    "quarry": ({"gold": 25, "wood": 10}, {"stone": 5}, ["hills", "mountains"]),
    "iron_mine": ({"gold": 30, "wood": 10, "stone": 5}, {"iron": 3}, ["mountains"]),
    "gold_mine": ({"gold": 40, "wood": 10, "stone": 10}, {"gold": 10}, ["hills"]),
}


@pytest.mark.parametrize("building", sorted(BUILDINGS))
def test_t06_buildings_cost_produce_and_fit_as_designed(state, building):
    """BUILDING GUIDE (reconstructed): each building's cost, its output per tick (step 2) and
    the terrains it may stand on; a building that needs no terrain fits anywhere."""
    cost, output, terrains = BUILDINGS[building]
    quiet(state)
    set_stock(state, IRON, **RICH)
    fits = terrains[0] if terrains else "plains"
    set_tile(state, 0, 0, terrain=fits, settlement="city")
    before = copy.deepcopy(kingdom(state, IRON))
    order(state, IRON, f'build(0,0, "{building}")')
    assert {r: before[r] - kingdom(state, IRON)[r] for r in cost} == cost
    produced = GAME.end_tick(state, FixedDice())
    made = [line for line in produced if "produced" in line]
    expected = ", ".join(f"{n} {r}" for r, n in sorted(output.items()))
    assert made == ([f"Ironhold: produced {expected}"] if output else [])
    spec = data()["buildings"][building]
    assert spec.get("terrain") == terrains
    for terrain in ["plains", "forest", "hills", "mountains", "marsh"]:
        if terrains and terrain not in terrains:
            other = copy.deepcopy(state)
            set_tile(other, 0, 1, owner=IRON, terrain=terrain)
            reject(other, IRON, f'build(0,1, "{building}")', "E-WRONG-TERRAIN")


def test_t07_farms_and_big_farms_any_number_on_a_village(state):
    """Food Buildings (RULES.md, food buildings): no limit per tile and no settlement needed; a big
    farm gives 15 food for one action where a farm gives 6."""
    quiet(state)
    set_stock(state, IRON, **RICH)
    for _ in range(3):
        order(state, IRON, 'build(0,0, "big_farm")')
    order(state, IRON, 'build(0,0, "farm")')
    events, _ = end_tick(state)
    assert "Ironhold: produced 51 food" in events


def test_t08_terrain_table_of_the_d6(state):
    """THE MAP / Tile Types (reconstructed table): the d6 rolled for each other tile gives 1-2
    plains, 3 forest, 4 hills, 5 mountains, 6 marsh; home tiles are plains whatever it shows."""
    assert data()["terrain_d6"] == {1: "plains", 2: "plains", 3: "forest", 4: "hills",
                                    5: "mountains", 6: "marsh"}
    for face, terrain in ((1, "plains"), (2, "plains"), (3, "forest"), (4, "hills"),
                          (5, "mountains"), (6, "marsh")):
        made = GAME.setup([IRON, THORN], GAME.parse_options([], None),
                          FixedDice(terrain=[face]))
        terrains = [t["terrain"] for t in made["tiles"]]
        assert terrains[0] == terrains[8] == "plains"
        assert set(terrains[1:8]) == {terrain}


def test_t09_the_text_spelling_runs_and_is_logged_in_one_spelling(state):
    """Order History: the text writes `build(0,0, "farm")` and
    `move_soldiers(0,0, 1,0, 2)`; they run as written, and executed_orders.txt keeps the one
    spelling every game's log uses, with ", " between all arguments (RULES.md)."""
    from .helpers import play

    outcome = play(state, {IRON: 'build(0,0, "farm")\nmove_soldiers(0,0, 1,0, 2)\n'})
    assert not outcome.problems
    assert outcome.executed[IRON] == ['build(0, 0, "farm")', "move_soldiers(0, 0, 1, 0, 2)"]
    again = play(state, {IRON: "\n".join(outcome.executed[IRON]) + "\n"})
    assert again.state == outcome.state


def test_t10_names_in_any_case_are_logged_as_the_rules_spell_them(state):
    """RULES.md, names are not case-sensitive: `BUILD(0,0, "Farm")` and
    `buy_resource("WOOD", 2)` run, and executed_orders.txt keeps one spelling, the rules.yaml
    names; an unknown name is left as written (the order is refused anyway)."""
    from .helpers import parse_one, play

    outcome = play(state, {IRON: 'BUILD(0,0, "Farm")\nbuy_resource("WOOD", 2)\n'
                                 'Give("Food", 1)\n'})
    assert not outcome.problems
    assert outcome.executed[IRON] == ['build(0, 0, "farm")', 'buy_resource("wood", 2)',
                                      'give("food", 1)']
    assert GAME.spell(parse_one('build(0,0, "Castle")')).canonical() == 'build(0, 0, "Castle")'
    assert GAME.spell(parse_one('build(0,0, "WatchTower")')).canonical() == \
        'build(0, 0, "watchtower")'
