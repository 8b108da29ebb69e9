"""The reconstructed deck and the order reference: consistent with the rulebook's facts, with
the grammar, and with each other."""

from __future__ import annotations

from collections import Counter

from lifegames import registry
from lifegames.engine.core.orders import commands, parse_text
from lifegames.engine.files.data import load_yaml
from lifegames.engine.text.reference import render
from lifegames.lifestyle import GAME
from lifegames.lifestyle.data import cards, deck, names
from lifegames.lifestyle.model import card_met, chance


def test_the_deck_holds_72_cards_marked_reconstructed():
    assert len(deck()) == 72
    assert load_yaml("lifestyle", "cards.yaml")["reconstructed"] is True
    assert all(1 <= c["dice"] <= 3 for c in cards().values())


def test_the_deck_matches_the_rulebook_examples():
    """Scooter: 1 die, 2+; Manager: 1 die, a 6; Cat: met by a total of 7; cars worth 1 and 10;
    eight House kinds; the four Sports and four Love cards; the five Jobs."""
    c = cards()
    assert c["Scooter"]["dice"] == 1 and card_met("Scooter", [2]) and not card_met("Scooter",
                                                                                      [1])
    assert c["Manager"]["dice"] == 1 and card_met("Manager", [6]) and not card_met("Manager",
                                                                                      [5])
    assert c["Cat"]["dice"] >= 2 and card_met("Cat", [3, 4])
    values = {spec["points"] for spec in c.values() if spec["category"] == "car"}
    assert {1, 10} <= values and c["Scooter"]["points"] == 1 and c["Rolls-Royce"]["points"] == 10
    assert len(names("house")) == 8 and len(names("pet")) >= 3
    assert set(names("sports")) == {"Running", "Cycling", "Swimming", "Rowing"}
    assert {c[n]["doubles"] for n in names("love")} == {"pet", "car", "house", "job"}
    assert set(names("job")) == {"Vet", "Real Estate Agent", "Car Salesman",
                                 "Personal Trainer", "Manager"}
    assert Counter(c[n]["category"] for n in deck())["job"] >= 2 + 3


def test_the_balanced_deck_is_pinned():
    """RULES.md, the measured figures: the category shares measured there rest on these copies (Jobs
    few, as their points multiply with everything else; "Managers" plural, so two). A change
    here must be measured again: python3 bench/figures.py --only lifestyle/measured."""
    by_category = Counter(cards()[n]["category"] for n in deck())
    assert by_category == {"pet": 21, "car": 19, "house": 16, "sports": 4, "job": 6, "love": 6}
    assert Counter(n for n in deck() if cards()[n]["category"] == "job") == {
        "Vet": 1, "Real Estate Agent": 1, "Car Salesman": 1, "Personal Trainer": 1, "Manager": 2}
    assert {n: cards()[n]["copies"] for n in names("love")} == {
        "Love (Animals)": 2, "Love (Cars)": 1, "Love (Houses)": 2, "Love (Jobs)": 1}


def test_harder_cars_score_more():
    cars = sorted(names("car"), key=lambda n: -chance(n))
    points = [cards()[n]["points"] for n in cars]
    assert points == sorted(points), list(zip(cars, points, strict=True))


def test_orders_yaml_covers_the_grammar_and_every_example_parses():
    docs = dict(load_yaml("lifestyle", "orders.yaml"))
    docs.pop("facts")  # the facts a plan may read, not a command
    assert set(docs) == set(commands("lifestyle"))
    for command, doc in docs.items():
        parsed = parse_text("lifestyle", doc["example"], "orders.yaml")
        assert not parsed.problems and parsed.orders[0].command == command, command
        assert doc["help"].strip()


def test_the_order_reference_renders_with_the_deck_table():
    text = render(GAME)
    assert "take_row(row)" in text and "Rolls-Royce" in text and "Love (Houses)" in text


def test_the_game_is_registered():
    assert registry.get("lifestyle") is GAME
    assert GAME.missing_orders_policy.strip()
