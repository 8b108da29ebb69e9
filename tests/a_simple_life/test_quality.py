"""Play quality of A Simple Life (issue 16), numbered q01-: one spelling of each name in
executed_orders.txt, check's warnings, the last sheet, the grouped list of orders, the dig
prompt and the dice. Each docstring names the point of the issue (and the rule) it checks."""

from __future__ import annotations

from lifegames.a_simple_life import GAME
from lifegames.engine.orders import argument_kinds

from .helpers import new_state, parse_one, play, set_dice


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
