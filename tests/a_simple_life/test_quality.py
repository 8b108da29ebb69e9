"""Play quality of A Simple Life, numbered q01-: one spelling of each name in
executed_orders.txt, check's warnings, the last sheet, the grouped list of orders, the dig
prompt and the dice. Each docstring names what a player sees (and the rule it rests on)."""

from __future__ import annotations

from lifegames.a_simple_life import GAME
from lifegames.cli import report_lines
from lifegames.engine.core import turn
from lifegames.engine.core.orders import argument_kinds

from .helpers import (
    give_stock,
    new_state,
    order,
    parse_file,
    parse_one,
    play,
    player_sheet,
    rolls,
    set_dice,
    sheet_of,
)


def test_q01_every_name_has_one_spelling():
    """Point 5 -- spell(): every name argument as the sheet data spells it, written bare, in
    whatever case and form (quoted, plural, with a space) the player wrote it; an unknown
    name and numbers are left as written."""
    cases = {
        'give("LILY")': "give(Lily)", "give(lily)": "give(Lily)",
        "buy(carrots)": "buy(carrot)", 'sell("Flowers")': "sell(flower)",
        'upgrade("Fishing Rod")': "upgrade(fishing_rod)", "upgrade(FISHING_ROD)":
            "upgrade(fishing_rod)",
        "on_miss(LAKE, ALL)": "on_miss(lake, all)", 'on_miss("Fight", 2)': "on_miss(fight, 2)",
        "on_mine(Stones)": "on_mine(stone)", "give(bob)": "give(bob)",
        "farm(6,3)": "farm(6, 3)", "reroll(1,2)": "reroll(1, 2)",
    }
    for written, spelled in cases.items():
        assert GAME.spell(parse_one(written)).canonical() == spelled, written
        assert GAME.spell(parse_one(spelled)).canonical() == spelled  # a fixed point
    names = {arg for arg, kinds in argument_kinds("a_simple_life").items()
             if kinds & {"STRING", "WORD"}}
    from lifegames.a_simple_life.checks import RESOLVERS

    assert names == set(RESOLVERS), "every name argument of the grammar has a resolver"


def test_q02_executed_orders_keep_the_one_spelling():
    """Point 5 -- a tick writes the spelled order, not the player's spelling."""
    state = new_state(words=["goal=3"])
    set_dice(state, [3, 5])
    s = state["sheets"]["Ana"]
    s["inventory"]["flower"] = {"circled": 2, "crossed": 0}
    out = play(state, {"Ana": 'town(3)\ngive("LILY")\nGIVE(miles)\nbuy("Carrots")'})
    assert not out.problems, out.problems[0].render()
    assert out.executed["Ana"] == ["town(3)", "give(Lily)", "give(Miles)", "buy(carrot)"]


# -- check's warnings -------------------------------------------------------------------


def warned(state, text: str, player: str = "Ana") -> list[str]:
    """The codes `check` shows for a file: its W- warnings, then any E- problem."""
    result = turn.check_file(GAME, state, player, parse_file(text))
    return [w.code for w in result.plan.warnings] + [p.code for p in result.problems]


def test_q03_a_cast_that_cannot_catch_is_warned(state):
    """Point 7, The Lake -- the reroll must reach the row's value: a row that needs 7 with no
    Fishing Rod is a certain miss; with the rod at level 1 (+1) it is not."""
    set_dice(state, [5, 5])
    assert warned(state, "lake(5, 6)") == ["W-CANNOT-CATCH"]
    assert warned(state, "lake(5, 5)") == []  # 6+: hard, not hopeless
    sheet_of(state)["tools"]["fishing_rod"] = 1
    assert warned(state, "lake(5, 6)") == []
    sheet_of(state)["tools"]["fishing_rod"] = 0
    sheet_of(state)["lake"][5][2] = "check"
    assert warned(state, "lake(5, 6)") == ["E-TARGET-DONE"]  # refused: no warning as well


def test_q04_a_dig_into_a_dug_cell_is_warned_while_another_is_free(state):
    """Point 7, The Mines -- a cell already crossed gives nothing; warned only when the dice
    name a cell not dug yet."""
    set_dice(state, [1, 2])
    order(state, "mine(1, 2)", dice=rolls("Ana", 3, 2))
    mines = sheet_of(state)["mines"]
    mines[3 - 1][2 - 1] = True  # column 2, row 3
    assert warned(state, "dig(2, 3)") == ["W-DUG-ALREADY"]
    assert warned(state, "dig(3, 2)") == []
    mines[2 - 1][3 - 1] = True
    assert warned(state, "dig(2, 3)") == []  # no better cell: nothing to warn of


def test_q05_a_trip_into_mines_dug_out_is_warned(state):
    """Point 7, The Mines -- every cell dug: whatever the dice show, nothing is gained."""
    set_dice(state, [1, 2])
    assert warned(state, "mine(1, 2)") == []
    sheet_of(state)["mines"] = [[True] * 6 for _ in range(6)]
    assert warned(state, "mine(1, 2)") == ["W-MINES-EMPTY"]


def test_q06_a_town_visit_with_nothing_to_do_is_warned(state):
    """Point 7, The Town -- every action costs something; with nothing, the die is wasted.
    One coin (buy) or one carrot (sell) is enough to make it worth a visit."""
    set_dice(state, [3])
    give_stock(state, carrot=0, flower=0, coin=0, stone=1)
    assert warned(state, "town(3)") == ["W-TOWN-IDLE"]
    give_stock(state, coin=1)
    assert warned(state, "town(3)") == []
    give_stock(state, coin=0, carrot=1)
    assert warned(state, "town(3)") == []


def test_q07_a_warned_order_still_plays_and_check_shows_it(state):
    """Point 7 -- warnings never block a tick; check prints them after what would run."""
    set_dice(state, [5, 5])
    text = "lake(5, 6)\nif prompt == \"lake\": accept"
    result = turn.check_file(GAME, state, "Ana", parse_file(text))
    shown = "\n".join(report_lines(result))
    assert "W-CANNOT-CATCH: Lake row 6 needs 7+" in shown and "upgrade(fishing_rod)" in shown
    out = play(state, {"Ana": text})
    assert not out.problems and out.executed["Ana"][0] == "lake(5, 6)"
    assert out.state["sheets"]["Ana"]["lake"][5][2] == "circle"


# -- the last sheet ---------------------------------------------------------------------


def _last_sheet(players: list[str], done: dict[str, bool], score: int = 0) -> dict[str, str]:
    """Play a one-day game to its end: each player passes; `done` says who met the goal
    (defeat 5 monsters) first; `score` extra coins (2 points each) for everyone."""

    state = new_state(players, ["goal=5", "days=1"])
    for player in players:
        s = sheet_of(state, player)
        s["inventory"]["coin"]["circled"] += score
        if done.get(player):
            s["inventory"]["monster"]["circled"] = 5
            s["done"]["monsters"] = 1
    out = play(state, {p: "pass" for p in players})
    assert out.state["over"]
    low = players[0].lower()
    assert sorted(GAME.views(out.state, players[0])) == [f"{low}_board.svg", f"{low}_sheet.txt"]
    return {p: player_sheet(out.state, p) for p in players}


def test_q08_the_last_sheet_leads_with_the_result_and_drops_what_no_longer_applies():
    """Point 8, Game End -- GAME OVER first, one statement: without every goal, no win and the
    points are not recorded (their band is not named beside it); no dice, prompt, standing
    orders, legal orders or running totals."""
    sheet = _last_sheet(["Ana"], {}, score=40)["Ana"]
    head = sheet.split("\n\n")[1]
    assert head == ("GAME OVER\n---------\nThe game is over: day 1 of 1 has ended.\nAna does "
                    "not win: 0 of 1 goal completed (Defeat 5 monsters: 0 of 5), so the 84 "
                    "points on the\nsheet are not recorded."), head
    for gone in ("DICE", "PROMPT", "STANDING ORDERS", "ORDERS LEGAL NOW", "so far",
                 "80-119", "a master", "counts only if", "today is"):
        assert gone not in sheet, gone
    assert "\ntotal: 84\n" in sheet + "\n"
    template = GAME.order_template(_over_state(), "Ana")
    assert "no more orders are read" in template and "Ana does not win" not in template
    assert "not a win: 0 of 1 goal completed" in template and "PROMPT" not in template
    assert "legal" not in template


def _over_state() -> dict:
    state = new_state(["Ana"], ["goal=5", "days=1"])
    return play(state, {"Ana": "pass"}).state


def test_q09_a_win_names_its_band_and_two_players_name_the_winner():
    """Point 8, Game End and Scoring -- a win records the points and names their band; with two
    players each sheet gives both results, the reader's first, and the winner."""
    sheets = _last_sheet(["Ana", "Ben"], {"Ben": True}, score=20)
    ben, ana = sheets["Ben"], sheets["Ana"]
    assert "GAME OVER" in ben.split("CALENDAR")[0]
    assert "Ben wins: the goal completed, and the 54 points are recorded (40-79: enjoying" in \
        ben.replace("\n", " ")
    assert ana.index("GAME OVER") < ana.index("Two players") < ana.index("CALENDAR")
    assert ana.index("Ana does not win") < ana.index("Ben wins") < ana.index("Winner: Ben, with")
    assert ben.index("Ben wins") < ben.index("Ana does not win")


# -- the sheet of a day in progress -----------------------------------------------------


def _section(text: str, title: str) -> str:
    """A sheet section's body (below its title and rule)."""
    return text.split(f"\n{title}\n")[1].split("\n\n")[0].split("\n", 1)[1]


def test_q10_the_orders_are_grouped_by_location_with_what_each_does(state):
    """Point 10, Locations -- the legal list grouped (Farm, Lake by row with its chance, Mines,
    Town, rerolls, pass), each order with what it does; a Lake row no roll can reach is left
    out (legal still, and warned of), and comes back with a Fishing Rod."""

    set_dice(state, [1, 3, 6])
    listed = _section(player_sheet(state, "Ana"), "ORDERS LEGAL NOW")
    lines = listed.splitlines()
    heads = [line.split(" (")[0] for line in lines if not line.startswith(" ")][1:]
    assert heads == ["Farm", "Lake", "Mines", "Town", "Carrot reroll", "End the day: pass"]
    assert "farm(6, 2) box 1: flower" in listed and "farm(1) box 1 (no crop)" in listed
    assert "  row 1, 3+ (4 in 6):   lake(1, 1) Minnow   lake(3, 1) flower + star" in listed
    assert "row 6, 7+" not in listed and "lake(1, 6)" not in listed
    assert "not listed: row 6, which no roll of yours can reach" in listed
    assert "lake(1, 6)" in GAME.legal_orders(state, "Ana"), "still legal"
    assert "town(3) 3 actions" in listed and "(leaves 1, 3, 6 unused)" in listed
    sheet_of(state)["tools"]["fishing_rod"] = 1
    listed = _section(player_sheet(state, "Ana"), "ORDERS LEGAL NOW")
    assert "row 6, 7+ (1 in 6):   lake(1, 6) 2 coin + star" in listed
    assert "row 1, 3+ (5 in 6)" in listed and "your Fishing Rod adds 1" in listed


def test_q11_in_the_town_each_action_says_its_cost_and_what_it_gives(state):
    """Point 10, Town -- give (flowers, the box, the gift on the heart), buy, sell, upgrade."""

    set_dice(state, [3, 5])
    give_stock(state, flower=3, coin=1, stone=2)
    sheet_of(state)["friends"]["Lily"] = 2
    order(state, "town(3)")
    listed = _section(player_sheet(state, "Ana"), "ORDERS LEGAL NOW")
    assert listed.splitlines()[1].startswith("In the Town (3 actions left;")
    for text in ("give(Lily) 1 flower, befriends: heart + 2 coin", "give(Belle) 2 flowers, "
                 "box 1 of 3", "buy(stone) 1 coin", "sell(flower) 2 flowers for 1 coin",
                 "upgrade(sword) 2 stones, to level 1"):
        assert text in listed, text


def test_q12_the_dig_prompt_says_what_each_cell_gives(state):
    """Point 10, Mines -- each dig the dice allow, with its icons, monsters to fight and a
    cell already dug."""
    from lifegames.a_simple_life.advice import prompt_text

    set_dice(state, [1, 2])
    order(state, "mine(1, 2)", dice=rolls("Ana", 3, 5))
    sheet_of(state)["mines"][3 - 1][5 - 1] = True  # column 5, row 3 dug
    text = prompt_text(state, "Ana")
    assert "dig(3, 5) diamond and 2 monsters to fight; dig(5, 3) nothing (already dug)" in text
    listed = _section(player_sheet(state, "Ana"), "ORDERS LEGAL NOW")
    assert "dig(3, 5) diamond and 2 monsters to fight   dig(5, 3) nothing (already dug)" in \
        listed
    assert "reroll(3, 5)" in listed


def test_q13_the_dice_say_what_they_were_spent_on_not_their_rerolled_faces(state, duo):
    """Point 10, Mines and Two Players -- Used dice show rerolled faces on paper; the sheet
    lists the orders they were spent by. With two players, a die left over once the day's 5 are
    spent is marked as not usable."""

    set_dice(state, [1, 3, 4])
    order(state, "farm(4)")
    order(state, "mine(1, 3)", dice=rolls("Ana", 5, 6))
    order(state, "dig(5, 6)")
    dice = _section(player_sheet(state, "Ana"), "DICE")
    assert sorted(sheet_of(state)["used"])[-2:] == [5, 6], "the rerolled faces, as on paper"
    assert "spent on:  farm(4), mine(1, 3)" in dice and "used" not in dice
    set_dice(duo, [1, 2, 3, 4, 5, 6])
    for text in ("farm(1)", "farm(2)", "farm(3)"):
        order(duo, text)
    order(duo, "mine(4, 6)", dice=rolls("Ana", 2, 3))
    dice = _section(player_sheet(duo, "Ana"), "DICE")
    assert dice.startswith("available: 5 (not usable: you have spent your 5 dice for today")
    assert "spent today: 5 of the 5 dice" in dice
    assert "in play:   in the Mines: rerolled to 2 and 3" in dice


def test_q14_words_are_in_the_right_number(state):
    """Point 4 -- '1 flower', '2 monsters', '3 Town actions unused': no '(s)' or '(es)' in
    what the sheet says, and unused Town actions are not read as dice."""

    set_dice(state, [1, 2, 5])
    give_stock(state, flower=3, carrot=2)
    for text in ("town(5)", "give(Lily)", "sell(carrot)"):
        order(state, text)
    order(state, "mine(1, 2)", dice=rolls("Ana", 3, 5))
    order(state, "dig(3, 5)", dice=rolls("Ana", 6, 6))
    text = player_sheet(state, "Ana")
    assert "(s)" not in text and "(es)" not in text
    for said in ("gave Lily 1 flower: box 1 of 3", "sold 1 carrot for a coin",
                 "left the Town (3 Town actions unused)", "2 monsters to fight",
                 "up to 1 box\n", "1 Farm check an action", "0 artifacts"):
        assert said in text, said


def test_q15_a_missed_roll_lists_what_accepting_and_rerolling_do(state):
    """Point 10, Lake and Fighting -- accept says what it marks (a circle, or a cross that
    closes the target; a monster that gets away costs 2 points), reroll what it costs."""

    set_dice(state, [1, 1, 5])
    give_stock(state, carrot=2)
    order(state, "lake(5, 4)", dice=rolls("Ana", 2))
    listed = _section(player_sheet(state, "Ana"), "ORDERS LEGAL NOW")
    assert "Take the miss: accept (Lake row 4, column 3 gets a circle)" in listed
    assert "Or roll again (a carrot; you have 2): reroll(2)" in listed
    order(state, "accept")
    sheet_of(state)["mines"] = [[False] * 6 for _ in range(6)]
    order(state, "mine(1, 1)", dice=rolls("Ana", 3, 5))
    order(state, "dig(3, 5)")
    order(state, "fight", dice=rolls("Ana", 2))
    listed = _section(player_sheet(state, "Ana"), "ORDERS LEGAL NOW")
    assert "Take the miss: accept (the monster gets away: -2 points)" in listed


def test_q16_a_goal_whose_lake_target_is_closed_is_flagged_lost():
    """Point 9, Lake, and Goals -- a target missed twice is closed for the game: once the
    Legendary Fish's is, Catch the Legendary Fish can no longer be met, and the Goals section
    says so (while it is only circled, it does not)."""
    state = new_state(words=["goal=4"])
    set_dice(state, [3, 4])
    order(state, "lake(3, 6)", dice=rolls("Ana", 1))
    goals = _section(player_sheet(state, "Ana"), "GOALS")
    assert "lost" not in goals
    order(state, "lake(4, 6)", dice=rolls("Ana", 1))
    assert sheet_of(state)["lake"][5][1] == "cross"
    goals = _section(player_sheet(state, "Ana"), "GOALS")
    row = next(line for line in goals.splitlines() if "Legendary Fish" in line)
    assert row.rstrip().endswith("[X] lost")
    assert ("[X] lost: Catch the Legendary Fish can no longer be met (the Legendary Fish is on "
            "a closed Lake target, row 6 col 2)") in goals
