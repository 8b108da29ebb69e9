"""RULES.md's figure blocks are made by balance.py, never typed: each records the digest of
the code and data it was made from, and goes stale (this test fails) when they change."""

from __future__ import annotations

from lifegames.a_chaotic_life import balance

REMAKE = "python3 -m lifegames.a_chaotic_life.balance --write"


def test_every_figure_block_of_rules_md_was_made_from_the_code_and_data_as_they_are():
    text = balance.rules_page().read_text(encoding="utf-8")
    digests = balance.block_digests(text)
    assert set(digests) == {"balance", "deck"}
    now = balance.inputs_digest()
    for name, recorded in digests.items():
        assert recorded is not None, f"RULES.md has no generated {name} block: run {REMAKE}"
        assert recorded == now, f"RULES.md's {name} block is stale: run {REMAKE}"


def test_the_deck_list_is_the_data_as_it_is():
    text = balance.rules_page().read_text(encoding="utf-8")
    assert balance.deck_block() in text, f"the deck list differs from cards.yaml: run {REMAKE}"
