"""Play quality of Lifestyle: one spelling in executed_orders.txt, warnings that
`check` gives before a turn is burnt, the sheets at game over, legal orders that say what
completes the turn, and score lines that explain themselves. Numbered LQ-nn; each docstring
names what a player sees (and the rule it rests on)."""

from __future__ import annotations

import copy

from lifegames.lifestyle import GAME
from lifegames.lifestyle.advice import legal_notes

from .helpers import (
    ANA,
    BEN,
    CLEO,
    FakeDice,
    arrange,
    check_alone,
    check_invariants,
    new_state,
    order,
    orders,
    parse_one,
    play,
)

# -- one spelling ------------------------------------------------------------------------


def test_lq01_names_are_kept_as_the_deck_spells_them():
    """Point 5: names are not case-sensitive, and executed_orders.txt keeps one spelling: the
    card and Sports names as cards.yaml writes them; unknown names and `$facts` stay as written."""
    assert GAME.spell(parse_one('roll("rolls-ROYCE")')).canonical() == 'roll("Rolls-Royce")'
    assert GAME.spell(parse_one("discard('city   car')")).canonical() == 'discard("City Car")'
    assert GAME.spell(parse_one('use("cycling", 2)')).canonical() == 'use("Cycling", 2)'
    assert GAME.spell(parse_one('use("rowing")')).canonical() == 'use("Rowing")'
    assert GAME.spell(parse_one('roll("Catt")')).canonical() == 'roll("Catt")'
    assert GAME.spell(parse_one("roll($next_card)")).canonical() == "roll($next_card)"
    assert GAME.spell(parse_one("take_row(2)")).canonical() == "take_row(2)"


def test_lq02_a_tick_records_the_spelling_of_the_deck(monkeypatch):
    """Point 5: a tick with names in any case writes them as the deck spells them."""
    from lifegames.engine.core import turn

    monkeypatch.setattr(turn, "tick_dice", lambda seed, state: FakeDice(6, 2))
    state = arrange(new_state(), Ana={"dice": ["Manager", "Scooter"], "points": ["Cycling"],
                                      "tokens": 0})
    outcome = play(state, 'ROLL("manager")\naccept\nroll("SCOOTER")\nUse("CYCLING", 1)\n'
                          "accept\n")
    assert not outcome.problems, [p.render() for p in outcome.problems]
    assert outcome.executed[ANA] == ['roll("Manager")', "accept()", 'roll("Scooter")',
                                     'use("Cycling", 1)', "accept()"]


# -- warnings ----------------------------------------------------------------------------


def rolled(name: str, faces: list[int], tokens: int, points: list[str] | None = None):
    """Ana's turn, her roll for `name` showing `faces` and waiting for an answer."""
    state = arrange(new_state(), Ana={"dice": [name], "points": points or [],
                                      "tokens": tokens})
    order(state, ANA, f'roll("{name}")', FakeDice(*faces))
    return state


def warned(state, text: str) -> list[str]:
    """The W- codes `check` gives for Ana's file (it must have no problem)."""
    result = check_alone(state, ANA, text)
    assert not result.problems, [p.render() for p in result.problems]
    return [w.code for w in result.plan.warnings]


def test_lq03_accepting_a_miss_that_could_still_be_met_is_warned():
    """Point 7, W-BOTCH: accepting a roll that does not meet its card, while a token or a
    Sports card could still meet it, botches the card for certain; a botch nothing can avoid
    (no token, no Sports card that helps) is no warning."""
    state = rolled("Hatchback", [1, 1], tokens=2)
    assert warned(state, "accept\nend_turn\n") == ["W-BOTCH"]
    warning = check_alone(state, ANA, "accept\nend_turn\n").plan.warnings[0]
    assert "needs 2 dice: total 8+" in warning.message
    assert warning.hint.startswith("rerolling dice 1 and 2 can still meet it")
    with_cycling = rolled("Hatchback", [3, 4], tokens=0, points=["Cycling"])
    hint = check_alone(with_cycling, ANA, "accept\nend_turn\n").plan.warnings[0].hint
    assert hint.startswith('use("Cycling", 1) meets it now')
    assert warned(rolled("Hatchback", [1, 1], tokens=0), "accept\nend_turn\n") == []
    assert warned(rolled("Hatchback", [4, 4], tokens=2), "accept\n") == []


def test_lq04_spending_on_a_roll_already_met_is_warned():
    """Point 7, W-ALREADY-MET: a reroll or a Sports card on dice that already meet the card
    spends a token or the card's use for nothing."""
    state = rolled("Hatchback", [4, 5], tokens=2, points=["Cycling", "Rowing"])
    assert warned(state, "reroll(1)\n") == ["W-ALREADY-MET"]
    assert warned(state, 'use("Cycling", 2)\naccept\n') == ["W-ALREADY-MET"]
    assert warned(state, 'use("Rowing")\naccept\n') == ["W-ALREADY-MET"]


def test_lq05_a_reroll_or_sports_card_that_leaves_the_card_out_of_reach_is_warned():
    """Point 7, W-CANNOT-MEET: after the order no outcome of the dice, with the tokens and
    Sports cards left, can meet the card (a Convertible needs 15 on three dice)."""
    state = rolled("Convertible", [1, 1, 6], tokens=2)
    assert warned(state, "reroll(1)\n") == []  # then 6 + 6 + 6 is still possible
    assert warned(state, "reroll(3)\n") == ["W-CANNOT-MEET"]  # one reroll left: 13 at most
    hint = check_alone(state, ANA, "reroll(3)\n").plan.warnings[0].hint
    assert hint.startswith("rerolling dice 1 and 2 can still meet it")
    hopeless = rolled("Convertible", [1, 1, 1], tokens=1)
    warning = check_alone(hopeless, ANA, "reroll(2)\n").plan.warnings[0]
    assert warning.code == "W-CANNOT-MEET" and "any more" in warning.message
    assert warning.hint.startswith("accept() takes the botch")
    swim = rolled("Convertible", [6, 5, 3], tokens=0, points=["Swimming"])
    assert warned(swim, 'use("Swimming", 1)\naccept\nend_turn\n') == ["W-CANNOT-MEET"]
    assert warned(swim, 'use("Swimming", 3)\naccept\n') == []


def test_lq06_purchases_that_pay_for_cards_they_cannot_get_are_warned():
    """Point 7, W-SHORT-BUY and W-DEAR-REFILL: a purchase the draw pile cannot fill still
    costs its full price; a refill that one buy_two matches costs more for the same cards."""
    state = new_state()
    arrange(state, display=["Cat", "Dog", None, "SUV", None, None, None, None, None],
            Ana={"dice": ["Cabin"], "tokens": 3})
    state["discard"], state["pile"] = state["discard"] + state["pile"][1:], state["pile"][:1]
    assert warned(state, "buy_two\n") == ["W-SHORT-BUY"]
    assert warned(state, "refill\n") == ["W-SHORT-BUY", "W-DEAR-REFILL"]
    eight = arrange(new_state(), display=["Cat"] * 0 + [None] + ["Dog", "SUV", "Cabin", "Villa",
                                                                 "Pony", "Goldfish", "Hamster",
                                                                 "Rabbit"],
                    Ana={"dice": ["Cottage"], "tokens": 3})
    assert warned(eight, "refill\n") == ["W-DEAR-REFILL"]
    assert "buy_two() deals as many for 1 token" in \
        check_alone(eight, ANA, "refill\n").plan.warnings[0].hint
    assert warned(eight, "buy_two\n") == []


def test_lq07_a_warned_order_still_plays_and_warnings_tell_no_secret():
    """Point 7: warnings never block a tick; they are worked out on what the player knows,
    so the same whatever the draw pile holds."""
    state = rolled("Hatchback", [1, 1], tokens=2)
    assert warned(state, "accept\nend_turn\n") == ["W-BOTCH"]
    outcome = play(state, "accept\nend_turn\n")
    assert not outcome.problems and outcome.executed[ANA] == ["accept()", "end_turn()"]
    shuffled = copy.deepcopy(state)
    shuffled["pile"].reverse()
    for text in ("accept\nend_turn\n", "reroll(1)\n"):
        assert [w.render() for w in check_alone(state, ANA, text).plan.warnings] == \
            [w.render() for w in check_alone(shuffled, ANA, text).plan.warnings]


# -- the last sheets -------------------------------------------------------------------


def finished():
    """Ana takes the last card; Ben meets his Dog; Cleo begins a turn with nothing to take or
    roll: the game is over, Ben first (a Dog is no Pet set, but his Pickup scores 4)."""
    state = arrange(new_state(), display=["Cat"] + [None] * 8,
                    Ana={"points": ["Scooter"], "tokens": 1},
                    Ben={"dice": ["Dog"], "points": ["Pickup"], "tokens": 1},
                    Cleo={"points": ["City Car"], "tokens": 2})
    state["discard"], state["pile"] = state["pile"], []
    order(state, ANA, "take_card(1, 1)")
    orders(state, BEN, 'roll("Dog")', FakeDice(6, 6))
    order(state, BEN, "accept")
    state["tick"] = 40
    assert GAME.is_over(state)
    return state


def test_lq08_the_last_sheet_opens_with_the_result_and_drops_what_no_longer_applies():
    """Point 8: GAME OVER first, led by one sentence naming the winner; each player told their
    place; no turn, display, legal orders, standing orders or "so far" figures."""
    state = finished()
    sheets = {p: GAME.views(state, p)[f"{p.lower()}_sheet.txt"] for p in state["players"]}
    for player, text in sheets.items():
        body = text.split("\n", 3)[3]
        assert body.startswith("GAME OVER\n---------\nBen wins with 4 points.\n"), body[:200]
        for gone in ("TURN\n", "DISPLAY", "YOUR ORDERS", "Legal orders", "STANDING",
                     "so far", "RECENT EVENTS", "(order hidden)"):
            assert gone not in text, (player, gone)
        assert "ZONES AND FINAL SCORES" in text and "LAST EVENTS" in text
    assert "You win, with 4 points." in sheets[BEN]
    assert "You finish second, with 2 points." in sheets[CLEO]
    assert "You finish third, with 1 point." in sheets[ANA]
    assert "Cleo began turn 3 with no card in the display" in sheets[ANA]
    template = GAME.order_template(state, ANA)
    assert "no more orders are read. Ben wins with 4 points." in " ".join(
        line.lstrip("# ") for line in template.splitlines())
    assert "legal" not in template and "standing" not in template
    assert GAME.result(state).summary == ("Ben wins with 4 points. Final scores: Ben 4 (2 "
                                          "tokens), Cleo 2 (2 tokens), Ana 1 (1 token).")
    assert not any("draw pile" in line for line in GAME.status_lines(state))


def test_lq09_a_tie_is_said_as_one_statement():
    """Point 8 and The End of the Game: a tie on points is broken by tokens, said in the
    same sentence; a tie on both is a shared win, and each tied player is told so."""
    state = finished()
    state["discard"].remove("Pickup")
    state["discard"].append("City Car")
    state["seats"][CLEO]["points"] = ["Pickup"]
    check_invariants(state)
    text = GAME.views(state, CLEO)["cleo_sheet.txt"]
    assert "Ben and Cleo share the win with 4 points and 2 tokens each." in text
    assert "You share the win, with 4 points." in text
    state["seats"][BEN]["tokens"] -= 1
    state["pool"] += 1
    text = GAME.views(state, BEN)["ben_sheet.txt"]
    assert "Cleo wins with 4 points, as many as Ben, on tokens (2 to 1)." in text
    assert "You finish second, with 4 points." in text
    assert "dice zone:   Cat (never met: they score nothing)" in \
        GAME.views(state, ANA)["ana_sheet.txt"]


# -- what completes the turn; score lines that explain themselves --------------------


def positions():
    """Ana's turn at each kind of moment: a miss with nothing to help, a miss a Sports card
    fixes, a met card with more to roll, and a botch."""
    miss = rolled("Hatchback", [1, 1], tokens=0)
    fixable = rolled("Hatchback", [3, 4], tokens=1, points=["Cycling", "Rowing"])
    more = arrange(new_state(), Ana={"dice": ["Scooter", "Manager", "Villa"], "tokens": 0,
                                     "points": ["Swimming"]})
    order(more, ANA, 'roll("Scooter")', FakeDice(4))
    botched = copy.deepcopy(more)
    orders(botched, ANA, 'accept\nroll("Manager")', FakeDice(3))
    order(botched, ANA, "accept")
    return {"miss": miss, "fixable": fixable, "more": more, "botched": botched}


def test_lq10_legal_orders_say_what_completes_the_turn():
    """Point 11: after a miss the legal list offered only accept(), and a file holding just
    that is refused (the botch still needs end_turn): each legal order that leaves the turn
    half done now says what completes the file, and that completion passes `check`."""
    sheet = views_of(positions()["miss"])
    assert "accept()  botches the Hatchback; complete the file with end_turn()" in sheet
    assert [p.code for p in check_alone(positions()["miss"], ANA, "accept\n").problems] == \
        ["E-TURN-INCOMPLETE"]
    tried = 0
    for name, state in positions().items():
        for text, note in legal_notes(GAME, GAME.knowledge(state, ANA), ANA):
            if "complete the file with " not in note:
                continue
            first_way = note.split("complete the file with ")[1].split(" or ")[0]
            rest = first_way.split(" (")[0].split(", then ")
            result = check_alone(state, ANA, "\n".join([text, *rest]) + "\n")
            assert not result.problems, (name, text, note, [p.render() for p in
                                                            result.problems])
            tried += 1
    assert tried >= 8
    met = rolled("Hatchback", [4, 5], tokens=1)
    assert legal_notes(GAME, GAME.knowledge(met, ANA), ANA)[:2] == [
        ("accept()", "meets the Hatchback: every card is met and moves to your points zone; "
                     "your turn ends"),
        ("reroll(1)", "wasted: the Hatchback is met already")]
    template = GAME.order_template(positions()["botched"], ANA)
    assert '# discard("Villa")    # complete the file with end_turn()' in template
    assert "# end_turn()          # your turn ends" in template


def views_of(state) -> str:
    return GAME.views(state, ANA)["ana_sheet.txt"]


def test_lq11_score_lines_say_how_the_points_come_about():
    """Point 11: `pets 0 0 Pet(s): 0 set(s) of 3 different x 10` read as two numbers: each
    category line now gives the points, then how they come about in words, under a legend
    of how each category scores (from rules.yaml)."""
    state = arrange(new_state(), Ana={"points": ["Cat", "Cat", "Dog", "Goldfish", "Scooter",
                                                 "Hatchback", "Cabin", "Vet"]})
    sheet = views_of(state)
    assert "How points are counted: Pets 10 for each set of 3 different Pets" in sheet
    assert "    pets      10  4 Pets make 1 set of 3 different Pets: 1 x 10 = 10" in sheet
    assert "    cars       4  2 Cars at their values: 3 + 1 = 4" in sheet
    assert "    houses     1  1 House in sets of different Houses: a set of 1 = 1" in sheet
    assert "    jobs       8  Vet: 2 x 4 Pets = 8" in sheet
    assert "Ana: 0 tokens, score 23" in sheet
    assert "Ben: 1 token, score 0" in sheet and "    pets       0  no Pets" in sheet
    assert "(s)" not in sheet


def test_lq12_the_players_table_names_points_as_points_and_cards_as_cards():
    """Point 11: the PLAYERS table's category columns hold points (8 cards may score 23), so
    their headings say pts, and the zone columns say they count cards."""
    state = arrange(new_state(), Ana={"points": ["Cat", "Cat", "Dog", "Goldfish", "Scooter",
                                                 "Hatchback", "Cabin", "Vet"]})
    sheet = views_of(state)
    table = sheet.split("PLAYERS\n", 1)[1].split("\n\n", 1)[0].splitlines()
    heads = table[1].split()
    assert heads[:3] == ["seat", "player", "tokens"] and heads[-1] == "score"
    assert "pets pts" in table[1] and "jobs pts" in table[1] and "points zone" in table[1]
    ana = next(line.split() for line in table if " Ana " in line)
    assert ana[4:] == ["8", "10", "4", "1", "8", "23"]
    assert "dice zone, points zone: cards held there; pts: the points" in table[-1]
