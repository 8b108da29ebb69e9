"""What the golden playthrough of A Chaotic Life! (examples/a_chaotic_life/, see golden.py)
shows off. Its byte-for-byte comparison with expected/ is tests/test_golden.py's, for every
game."""

from __future__ import annotations

from .golden import GOLDEN


def test_the_example_ends_with_death_and_one_statement_of_the_result():
    """The last sheet opens with GAME OVER and the result read as one
    statement (how the game ended, who won and why, the scores), then the player's own
    verdict; what no longer applies (cards in hand, standing orders, orders) is gone. (A tie
    broken by all counters is read in test_quality.py.)"""
    last = sorted((GOLDEN.expected / "Ana").glob("*_ana_sheet.txt"))[-1]
    text = last.read_text(encoding="utf-8")
    first = text.split("\n\n")[1]
    assert first.startswith(
        "GAME OVER\n---------\nThe CP died (Death!). Ana wins with 19 sadness. Scores: Ana 19 "
        "sadness, Ben 18 happiness.\nYou win.\n")
    for gone in ("YOUR CARDS", "YOUR STANDING ORDERS", "YOUR ORDERS", "SCORES SO FAR",
                 "Legal orders"):
        assert gone not in text, gone
    template = (GOLDEN.expected / "Ana" / "Ana_orders.txt").read_text(encoding="utf-8")
    assert template.startswith("# Ana: the game is over, no more orders.\n# The CP died")
