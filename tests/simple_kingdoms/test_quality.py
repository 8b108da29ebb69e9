"""Play quality of Simple Kingdoms: warnings `check` shows for legal orders whose outcome the
rules make certain and bad, the sheets of a finished game, and a kingdom sheet that explains
the team score, shows the partner's stock and ties its sample orders to the situation."""

from __future__ import annotations

from typing import Any

from lifegames.simple_kingdoms import GAME
from lifegames.simple_kingdoms import model as sk
from lifegames.simple_kingdoms.views import kingdom_sheet

from .helpers import (
    IRON,
    THORN,
    check_alone,
    parse_one,
    play,
    set_stock,
    set_tile,
)

# -- warnings ------------------------------------------------------------------------


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
    """Turn step 3 (Orc exposure), and a claim whose soldiers the same
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


# -- the kingdom sheet ---------------------------------------------------------------


def exposed_and_hungry(state: dict[str, Any]) -> dict[str, Any]:
    """Threat 3 against a home tile of defense 2 and a new tile of defense 1; 3 food for 47
    people; four soldiers stand on a free tile."""
    state["threat"] = 3
    set_tile(state, 1, 1, owner=IRON, terrain="hills", soldiers={IRON: 1})
    set_tile(state, 0, 1, explored=True, terrain="plains", soldiers={IRON: 4})
    set_stock(state, IRON, food=3, civilians=40)
    return state


def section_of(sheet: str, title: str) -> str:
    """The body of a sheet's section (below its title and rule)."""
    start = sheet.index(f"\n{title.upper()}\n") + len(title) * 2 + 3
    end = sheet.find("\n\n", start)
    return sheet[start:end if end > 0 else None]


def test_s01_the_score_is_explained_part_by_part_for_each_kingdom(state):
    """The Score section shows each kingdom's people, land, settlements and
    treasury (RULES.md's score table), their totals and the team's, and the weights."""
    set_stock(state, THORN, gold=257)
    sheet = kingdom_sheet(GAME, state, IRON)
    rows = [line.split() for line in section_of(sheet, "Score").splitlines()[2:5]]
    assert rows == [[IRON, "22", "10", "0", "10", "42"], [THORN, "22", "10", "0", "25", "57"],
                    ["team", "44", "20", "0", "35", "99"]]
    for name in (IRON, THORN):
        assert sum(sk.score_parts(state, name).values()) == sk.score(state, name)
    assert "treasury: 1 per 10 gold, rounded down" in section_of(sheet, "Score")


def test_s02_the_partners_public_stock_is_on_the_sheet(state):
    """The partner's stock (public in Simple Kingdoms) with its forecast,
    its people and its exposed tiles, so a gift or a trade can be judged."""
    set_stock(state, THORN, gold=77, wood=3, stone=12, iron=4, food=9)
    text = section_of(kingdom_sheet(GAME, state, IRON), "Partner")
    assert text.startswith("Thornvale: 1 tile ((2,2)), exposed: none")
    have = {row.split()[0]: row.split()[1:] for row in text.splitlines()[5:10]}
    assert have == {"gold": ["77", "91"], "food": ["9", "7"], "wood": ["3", "3"],
                    "stone": ["12", "12"], "iron": ["4", "4"]}


def test_s03_the_food_that_avoids_hunger_is_the_least_that_does(state):
    """The sheet says how much food avoids hunger at the end of the tick
    (raids take 10% of the food bought too), and it is the least amount that does."""
    exposed_and_hungry(state)
    sheet = kingdom_sheet(GAME, state, IRON)
    assert 'buy_resource("food", 7) (14 gold) avoids hunger' in section_of(sheet, "People")
    for amount, fed in ((6, False), (7, True)):
        outcome = play(state, {IRON: f'buy_resource("food", {amount})\n'})
        assert [e for e in outcome.events if "went hungry" in e] == ([] if fed else [
            "Ironhold: went hungry (ate the last 13 food) and lost 1 civilian"])


def test_s04_every_exposed_tile_is_named_with_the_orders_that_cover_it(state):
    """The Orc threat section names each exposed tile and single orders
    that would cover it; each of them, played, leaves no tile of the kingdom raided that was
    not raided already, and that tile safe."""
    exposed_and_hungry(state)
    text = section_of(kingdom_sheet(GAME, state, IRON), "Orc threat")
    assert "  (0,0), defense 2: any one of these covers it" in text
    assert "  (1,1), defense 1: any one of these covers it" in text
    ways = [line.split("  ")[2].strip() for line in text.splitlines() if line.startswith("    ")]
    assert ways == ["hire_soldiers(0, 0, 1)", "move_soldiers(0, 1, 0, 0, 1)",
                    'build(0, 0, "watchtower")', "hire_soldiers(1, 1, 2)",
                    "move_soldiers(0, 1, 1, 1, 2)"]
    for way in ways:
        outcome = play(state, {IRON: way + "\n"})
        raided = [e for e in outcome.events if e.startswith("Ironhold: orcs raided")]
        assert len(raided) == 1, (way, raided)


def test_s05_the_templates_samples_fit_the_situation_and_run_without_warnings(state):
    """The template's sample orders are the food, the cover and the growth
    the situation asks for, each with its reason; uncommented, each one checks clean."""
    exposed_and_hungry(state)
    template = GAME.order_template(state, IRON)
    samples = [line[2:].split("  #")[0].strip() for line in template.splitlines()
               if line.startswith("# ") and "  # " in line]
    assert samples == ['buy_resource("food", 7)', "hire_soldiers(0, 0, 1)",
                       "hire_soldiers(1, 1, 2)", "claim_tile(0, 1)",
                       "move_soldiers(0, 0, 1, 0, 2)", 'build(0, 0, "farm")']
    for sample in samples:
        assert warned(state, sample + "\n") == []


def test_s06_a_hungry_partner_is_offered_food(state):
    """The game is cooperative: when the partner would go hungry and the
    kingdom can spare the food, the samples include the gift."""
    set_stock(state, THORN, food=0)
    template = GAME.order_template(state, IRON)
    assert '# give("food", 2)' in template and "Thornvale goes hungry at the end of tick 1" \
        in template


# -- messages that lead to the fix ---------------------------------------------------


def test_m01_refusals_say_what_is_possible(state):
    """A gift, a purchase or a sale beyond the stock says how much is
    possible; a wall on a village names the next upgrade; hiring says how many may be hired."""
    from .helpers import reject

    assert reject(state, IRON, 'give("wood", 500)', "E-SHORT").hint == \
        "you can give at most 20 wood now"
    assert reject(state, IRON, 'buy_resource("iron", 50)', "E-SHORT").hint == \
        "you can buy at most 16 iron now"
    assert reject(state, IRON, 'sell_resource("stone", 11)', "E-SHORT").hint == \
        "you can sell at most 10 stone now"
    assert reject(state, IRON, 'build(0,0, "wall")', "E-NEEDS-SETTLEMENT").hint == \
        'settlements grow one step at a time: build(0, 0, "town") first'
    assert reject(state, IRON, "hire_soldiers(0,0, 21)", "E-NO-CIVILIANS").hint.endswith(
        "hire at most 20")


def test_m02_rules_md_names_every_warning_and_links_no_missing_file():
    """RULES.md documents every W- code check can show, and names
    the rule text without a link to a file a clone of the project does not hold."""
    from pathlib import Path

    from lifegames.simple_kingdoms.codes import W

    root = Path(__file__).resolve().parents[2]
    rules_md = (root / "games/simple_kingdoms/RULES.md").read_text(encoding="utf-8")
    codes = set(W.declared())
    assert len(codes) == 7 and all(f"`{c}`" in rules_md for c in codes)
    assert "shared/rules" not in rules_md
