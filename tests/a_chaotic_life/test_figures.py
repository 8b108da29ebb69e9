"""RULES.md's deck list is made from cards.yaml (balance.deck_block), never typed; that every
figure block is current is tests/test_figures.py's to say."""

from __future__ import annotations

from lifegames.a_chaotic_life import balance

REMAKE = "python3 bench/figures.py --only a-chaotic-life/deck"


def test_the_deck_list_is_the_data_as_it_is():
    text = balance.rules_page().read_text(encoding="utf-8")
    assert balance.deck_block() in text, f"the deck list differs from cards.yaml: run {REMAKE}"
