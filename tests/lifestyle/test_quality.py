"""Play quality of Lifestyle (issue 16): one spelling in executed_orders.txt, warnings that
`check` gives before a turn is burnt, the sheets at game over, legal orders that say what
completes the turn, and score lines that explain themselves. Numbered LQ-nn; each docstring
names the point of the issue it checks."""

from __future__ import annotations

from lifegames.lifestyle import GAME

from .helpers import ANA, FakeDice, arrange, new_state, parse_one, play

# -- point 5: one spelling ------------------------------------------------------------------------


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
    from lifegames.engine import turn

    monkeypatch.setattr(turn, "tick_dice", lambda seed, state: FakeDice(6, 2))
    state = arrange(new_state(), Ana={"dice": ["Manager", "Scooter"], "points": ["Cycling"],
                                      "tokens": 0})
    outcome = play(state, 'ROLL("manager")\naccept\nroll("SCOOTER")\nUse("CYCLING", 1)\n'
                          "accept\n")
    assert not outcome.problems, [p.render() for p in outcome.problems]
    assert outcome.executed[ANA] == ['roll("Manager")', "accept()", 'roll("Scooter")',
                                     'use("Cycling", 1)', "accept()"]
