"""Rules fidelity, numbered f01-f14: scoring as the rulebook writes it,
inventory rows that do not cap a good game, the goals, rerolls and tools that had no test,
and two players who never hold each other up. Docstrings name the rulebook section."""

from __future__ import annotations

import pytest

from lifegames.a_simple_life import GAME
from lifegames.a_simple_life.actions import gain
from lifegames.a_simple_life.balance import play as play_game
from lifegames.a_simple_life.data import KINDS, rules, sheet
from lifegames.a_simple_life.model import breakdown, reachable, room, score, stock

from .helpers import give_stock, order, reject, rolls, set_dice, sheet_of


def _printed(kind: str) -> int:
    """Icons of `kind` the reconstructed sheet prints, gifts and the start included."""
    data = sheet()
    farm = sum(boxes.count(kind) for boxes in data["farm"].values())
    lake = sum(cell.count(kind) for row in data["lake"] for cell in row["cells"])
    mines = sum(cell.count(kind) for row in data["mines"].values() for cell in row)
    gifts = sum(spec["gift"].count(kind) for spec in data["townsfolk"].values())
    return farm + lake + mines + gifts + data["start"].get(kind, 0)


# -- scoring as written ----------------------------------------------------------------


def test_f01_every_icon_scores_one_point_unless_the_table_says_more():
    """Winning and Scoring -- 1 point for each icon circled and not crossed; the table raises
    hearts and diamonds to 5, tool upgrades to 3, coins to 2; carrots, flowers, stones and the
    Point (star) icon score 1."""
    points = rules()["score"]
    assert {k: points[k] for k in ("heart", "diamond", "upgrade", "coin", "carrot")} == \
        {"heart": 5, "diamond": 5, "upgrade": 3, "coin": 2, "carrot": 1}
    assert [points[k] for k in ("flower", "stone", "star")] == [1, 1, 1]
    assert set(KINDS) - {"monster"} <= set(points)


def test_f02_a_star_on_the_sheet_is_a_point(state):
    """Key Terms, Point (star icon) -- a star dug in the Mines is circled in the Inventory and
    is worth 1 point at the end; the sheet prints stars, and the star row holds them all."""
    assert _printed("star") >= 1 and sheet()["caps"]["star"] >= _printed("star")
    assert sheet()["mines"][2][0] == ["carrot", "star"]
    set_dice(state, [1, 1])
    before = score(sheet_of(state))
    order(state, "mine(1, 1)", dice=rolls("Ana", 1, 2))
    order(state, "dig(1, 2)")
    s = sheet_of(state)
    assert stock(s, "star") == 1 and score(s) == before + 2  # the carrot and the star


# -- inventory rows --------------------------------------------------------------------


def test_f03_resource_rows_hold_every_icon_the_sheet_prints():
    """Inventory -- a gain circles the next icon of a printed row, so a row shorter than the
    icons the sheet prints would cap a game by its drawing: every row holds them all (and the
    shop's trades on top: bench/a_simple_life.py measures that none fills)."""
    caps = sheet()["caps"]
    for kind in ("carrot", "flower", "stone", "coin", "star", "diamond"):
        assert caps[kind] >= _printed(kind), kind
    for kind in ("carrot", "flower", "stone", "coin"):
        assert caps[kind] >= _printed(kind) + 15, kind  # room for the shop's trades
    assert caps["heart"] == len(sheet()["townsfolk"]) and caps["upgrade"] == 8


def test_f04_the_last_icon_of_a_row_and_the_one_after(state):
    """Inventory, Gain -- the last free icon of a row is circled; after it a gain is lost (the
    log says so), selling for a coin and buying into a full row are refused."""
    cap = sheet()["caps"]["coin"]
    s = sheet_of(state)
    s["inventory"]["coin"] = {"circled": cap - 1, "crossed": cap - 2}
    give_stock(state, carrot=3, stone=2)
    set_dice(state, [6])
    order(state, "town(6)")
    order(state, "sell(carrot)")
    assert room(s, "coin") == 0 and stock(s, "coin") == 2
    reject(state, "sell(carrot)", "E-ROW-FULL")
    s["inventory"]["stone"] = {"circled": sheet()["caps"]["stone"], "crossed": 5}
    reject(state, "buy(stone)", "E-ROW-FULL")
    assert gain(s, "coin", 1).startswith("no coin gained") and stock(s, "coin") == 2


@pytest.mark.parametrize("seed", [3, 4])
def test_f05_a_good_game_fills_no_row(seed):
    """Inventory -- whole games of the greedy bot end with no resource row full (with the old
    8-icon coin row, 30 of 30 did)."""
    state = play_game(GAME, seed, "greedy", ["Ana"])
    s = sheet_of(state)
    for kind in ("carrot", "flower", "stone", "coin"):
        assert room(s, kind) > 0, kind


# -- what had no test -------------------------------------------------------------------


def test_f06_harvest_goal_needs_every_top_crop(state):
    """Goals, Harvest all Carrots and Flowers -- complete when the top-most crop box of every
    Farm column is checked, not before."""
    s = sheet_of(state)
    heights = [len(sheet()["farm"][c]) for c in range(1, 7)]
    s["farm"] = heights[:5] + [heights[5] - 2]
    set_dice(state, [5, 6, 6])
    reject(state, "farm(5)", "E-COLUMN-FULL")
    order(state, "farm(6, 6)")  # the box below the top
    assert "harvest" not in s["done"]
    events = order(state, "farm(6, 6)")
    assert s["done"]["harvest"] == 1 and any("Harvest" in e for e in events)


def test_f07_befriend_goal_needs_every_heart(state):
    """Goals, Befriend all Townsfolk -- complete with the heart box of the last townsfolk."""
    s = sheet_of(state)
    folk = sheet()["townsfolk"]
    for name, spec in folk.items():
        s["friends"][name] = spec["boxes"] - (1 if name == "Belle" else 0)
    give_stock(state, flower=4)
    set_dice(state, [2])
    order(state, "town(2)")
    assert "befriend" not in s["done"]
    order(state, "give(belle)")
    assert "befriend" in s["done"] and stock(s, "flower") == 4 - folk["Belle"]["flowers"]


def test_f08_monsters_goal_counts_circled_monsters_only(state):
    """Goals, Defeat 5 Monsters -- five monsters with a circle; crossed ones do not count."""
    s = sheet_of(state)
    s["inventory"]["monster"] = {"circled": 4, "crossed": 3}
    set_dice(state, [1, 1])
    give_stock(state, carrot=0)
    order(state, "mine(1, 1)", dice=rolls("Ana", 1, 3))
    order(state, "dig(1, 3)")  # a monster and a diamond
    assert "monsters" not in s["done"]
    order(state, "fight", dice=rolls("Ana", 6))
    assert s["inventory"]["monster"]["circled"] == 5 and "monsters" in s["done"]


def test_f09_artifacts_goal_and_museum_score(state):
    """Goals, Collect all of the Artifacts; Museum -- the fourth artifact (dug in the Mines)
    completes the goal and the Museum scores 25."""
    s = sheet_of(state)
    artifacts = sheet()["artifacts"]
    for name in artifacts:
        s["museum"][name] = name != "Amber Fossil"
    assert sheet()["mines"][4][3] == ["Amber Fossil"]
    set_dice(state, [2, 2])
    order(state, "mine(2, 2)", dice=rolls("Ana", 4, 4))
    assert "artifacts" not in s["done"]  # three of four
    order(state, "dig(4, 4)")
    assert all(s["museum"].values()) and "artifacts" in s["done"]
    assert {w: p for w, _, p in breakdown(s)}["museum"] == 25


def test_f10_a_missed_fight_rerolled_with_a_carrot(state):
    """Rerolling; Fighting Monsters -- a missed fight roll may be rerolled for a carrot: the
    new roll decides (here a hit: the monster is circled)."""
    set_dice(state, [1, 1])
    give_stock(state, carrot=2)
    order(state, "mine(1, 1)", dice=rolls("Ana", 1, 3))
    order(state, "dig(1, 3)")
    s = sheet_of(state)
    order(state, "fight", dice=rolls("Ana", 2))
    assert s["pending"]["face"] == 2 and GAME.legal_orders(state, "Ana") == ["accept",
                                                                             "reroll(2)"]
    reject(state, "reroll(3)", "E-NO-DIE")
    order(state, "reroll(2)", dice=rolls("Ana", 5))
    assert s["inventory"]["monster"] == {"circled": 1, "crossed": 0} and s["pending"] is None
    assert stock(s, "carrot") == 1


def test_f11_the_mines_dice_rerolled_with_a_carrot(state):
    """Rerolling; Mines -- a carrot rerolls one or both Mines dice before they are placed; the
    Mines prompt stays, now with the new values."""
    set_dice(state, [1, 1])
    give_stock(state, carrot=2)
    order(state, "mine(1, 1)", dice=rolls("Ana", 2, 5))
    s = sheet_of(state)
    order(state, "reroll(2)", dice=rolls("Ana", 6))
    assert s["pending"] == {"kind": "mine", "dice": [5, 6], "made": 0}
    order(state, "reroll(5, 6)", dice=rolls("Ana", 3, 1))
    assert s["pending"]["dice"] == [1, 3] and stock(s, "carrot") == 0
    assert "dig(1, 3)" in GAME.legal_orders(state, "Ana")
    reject(state, "reroll(1)", "E-SHORT")


def test_f12_the_pickaxe_moves_dice_by_one_within_its_level(state):
    """Tools Table, Pickaxe -- level 1: one of the two dice by 1; level 2: both; never by 2,
    never past 1 or 6; a dig beyond that is refused."""
    s = sheet_of(state)
    s["tools"]["pickaxe"] = 1
    cells = set(reachable(s, [1, 6]))
    assert (2, 6) in cells and (1, 5) in cells and (2, 5) not in cells
    assert all(1 <= c <= 6 and 1 <= r <= 6 for c, r in cells) and (0, 6) not in cells
    assert (3, 6) not in cells  # moved by 2
    s["tools"]["pickaxe"] = 2
    assert (2, 5) in set(reachable(s, [1, 6])) and (3, 6) not in set(reachable(s, [1, 6]))
    s["tools"]["pickaxe"] = 1
    set_dice(state, [2, 2])
    order(state, "mine(2, 2)", dice=rolls("Ana", 3, 3))
    reject(state, "dig(4, 4)", "E-CANNOT-DIG")  # both dice moved: level 2 only
    order(state, "dig(4, 3)")  # one die moved
    assert s["mines"][2][3]


def test_f13_diamonds_found_in_the_mines(state):
    """Mines -- a dug cell gives all its icons: a diamond is circled (5 points at the end)
    before the monster beside it is fought."""
    set_dice(state, [1, 1])
    before = score(sheet_of(state))
    order(state, "mine(1, 1)", dice=rolls("Ana", 3, 1))
    order(state, "dig(1, 3)")
    s = sheet_of(state)
    assert stock(s, "diamond") == 1 and s["pending"]["kind"] == "fight"
    assert score(s) == before + 5


# -- two players -------------------------------------------------------------------------


def test_f14_two_player_sheets_say_the_rules_are_reconstructed(duo, state):
    """Required Components (6 dice for 2) -- every two-player sheet says in its first lines that
    the two-player rules are our reconstruction; a solo sheet does not."""
    text = GAME.views(duo, "Ben")["ben_sheet.txt"]
    head = "\n".join(text.splitlines()[:6])
    assert "reconstruction" in head and "RULES.md" in head
    assert "reconstruction" not in GAME.views(state, "Ana")["ana_sheet.txt"]


# -- figures from a script ---------------------------------------------------------------


def test_f15_rules_md_figures_are_the_bench_scripts_output():
    """Balance figures -- every table of measured figures in RULES.md sits in a block that
    bench/figures.py writes (tests/test_figures.py holds it to its inputs), and names the
    command that printed it."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "games" / "a_simple_life" /
            "RULES.md").read_text(encoding="utf-8")
    outside = text
    for name in ("trips", "balance"):
        pattern = (rf"<!-- figures:a-simple-life/{name}(?: digest=[0-9a-f]+)? -->\n(.*?)"
                   rf"<!-- /figures:a-simple-life/{name} -->")
        block = re.search(pattern, text, re.S)
        assert block, name
        assert block.group(1).startswith("| ")
        assert f"python3 bench/a_simple_life.py --only {name}" in block.group(1)
        outside = re.sub(pattern, "", outside, flags=re.S)
    assert "%" not in outside  # no measured rate typed by hand
