"""Issue 16 for A Chaotic Life!: one spelling in executed_orders.txt (point 5), warnings
`check` shows for orders whose outcome the rules make certain and bad (point 7), and the sheet
of a finished game (point 8)."""

from __future__ import annotations

from lifegames.a_chaotic_life import GAME

from .helpers import ANA, BEN, arrange, new_state, parse_one, play

# -- point 5: one spelling ------------------------------------------------------------------


def test_q01_names_in_any_case_are_logged_as_the_cards_spell_them():
    """Names are not case-sensitive (RULES.md); executed_orders.txt keeps card names as
    cards.yaml writes them, counter kinds bare and in full, so one order has one spelling."""
    state = arrange(new_state([ANA, BEN]), hands={ANA: ["Travel", "Camera", "Lock", "Dog"]},
                    stage="child", player=ANA)
    outcome = play(state, 'PLAY("travel")\nswap("camera", "LOCK", "hc")\nend_turn\n')
    assert not outcome.problems, [p.render() for p in outcome.problems]
    assert outcome.executed[ANA][:3] == ['play("Travel")', 'swap("Camera", "Lock", happiness)',
                                         "end_turn()"]


def test_q02_spelling_trade_terms_triggers_and_unknown_names():
    """The terms of a trade are rebuilt from what they mean (and read back the same); a react
    trigger that names a card type stays a type; an unknown name is left as written."""
    cases = {
        'offer("Ben", "camera, 1 hc", "A Card, 2 sad")':
            'offer("Ben", "Camera, 1 happiness", "2 sadness, a card")',
        'react("raincoat", "EVENT")': 'react("Raincoat", "event")',
        'react("raincoat", "volcano!")': 'react("Raincoat", "Volcano!")',
        'claim("block party")': 'claim("Block Party")',
        'play("Neighbor", "SAD")': 'play("Neighbor", sadness)',
        'play("Teleport")': 'play("Teleport")',
        'offer("Ben", "nothing", "Unicorn")': 'offer("Ben", "nothing", "Unicorn")',
    }
    for written, spelled in cases.items():
        assert GAME.spell(parse_one(written)).canonical() == spelled
        assert GAME.spell(parse_one(spelled)).canonical() == spelled  # read back the same
