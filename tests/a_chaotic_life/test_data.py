"""The reconstructed deck and the order reference: consistent with the rulebook's facts, with
the effect vocabulary (each kind used by some card, nothing outside it), with the grammar, and
with each other."""

from __future__ import annotations

from collections import Counter

import pytest

from lifegames.a_chaotic_life import GAME
from lifegames.a_chaotic_life.data import (
    CONDITIONS,
    EFFECTS,
    MODS,
    PLACES,
    DataError,
    _card,
    box,
    card,
    cards,
    names,
    rules,
)
from lifegames.engine.core.orders import commands, parse_text
from lifegames.engine.files.data import load_yaml
from lifegames.engine.text.reference import render

GRAMMAR = "a_chaotic_life"


def test_the_box_holds_67_cards_of_the_rulebook_types_marked_reconstructed():
    """Components: 7 Age, Event, Interact and Neighbor cards; 13 Special; 18 Item; 3 Pet and
    Mini-Goal; 2 Life-Goal; 25 counters of each kind."""
    assert len(box()) == 67
    kinds = Counter(card(n)["type"] for n in box())
    assert kinds == {"age": 7, "event": 7, "interact": 7, "neighbor": 7, "special": 13,
                     "item": 18, "pet": 3, "minigoal": 3, "lifegoal": 2}
    assert rules()["counters"] == {"happiness": 25, "sadness": 25}
    for name in ("cards.yaml", "rules.yaml"):
        assert load_yaml("a_chaotic_life", name)["reconstructed"] is True


def test_the_cards_the_rulebook_names_are_there():
    """Every card the rulebook and the task name: the Age cards (two Adult, two Senior),
    Travel, Early Riser, Death!, two Spouses, Injured, Volcano!, Gifts!, Bandage, the three
    Pets, seven Neighbors and both Life-Goals."""
    count = Counter(box())
    assert [count[n] for n in ("Baby", "Child", "Teen", "Adult", "Senior")] == [1, 1, 1, 2, 2]
    for name in ("Travel", "Early Riser", "Death!", "Injured", "Volcano!", "Gifts!", "Bandage",
                 "Mouse", "Cat", "Dog"):
        assert count[name] >= 1, name
    assert count["Spouse"] == 2 and count["Neighbor"] == 7
    assert sorted(names("lifegoal")) == ["Happy Life", "Terrible Life"]
    assert card("Bandage")["react"]["to"] == ["Injured"]
    assert card("Early Riser")["free"] and card("Early Riser")["cost"] == 1
    assert card("Cat")["effects"][0] == ("chase", "Mouse")
    assert card("Dog")["effects"][0] == ("chase", "Cat")
    travel = dict(card("Travel")["effects"])
    assert travel["gain"] == {"happiness": 1, "sadness": 1} and "teen" in card("Travel")["stages"]
    adult = card("Adult")["effects"][0][1]["pays"]
    assert {"tag": "traveled", "gain": {"happiness": 1, "sadness": 0}} in adult


def test_every_kind_of_the_vocabulary_is_used_and_nothing_else():
    """Card effects are data drawn from a small vocabulary that effects.py implements once
    each: every effect kind, Item change, condition and place is used by some card."""
    used = Counter()
    for spec in cards().values():
        used.update(f"effect {k}" for k, _ in spec["effects"])
        used.update(f"condition {c['kind']}" for c in spec["needs"])
        used[f"place {spec['place']}"] += 1
        if spec["react"]:
            used.update(f"mod {m}" for m in spec["react"]["mods"])
            used["mod bonus"] += spec["react"]["bonus"] is not None
    wanted = ([f"effect {k}" for k in EFFECTS] + [f"condition {k}" for k in CONDITIONS]
              + [f"mod {m}" for m in MODS] + ["mod bonus"]
              + [f"place {p}" for p in PLACES if p != "deck"])
    assert not [w for w in wanted if not used[w]]


@pytest.mark.parametrize("entry, says", [
    ({"name": "X", "type": "event", "effects": [{"explode": 1}]}, "an effect is one of"),
    ({"name": "X", "type": "interact", "effects": [{"steal": "hand"}]}, "target: player"),
    ({"name": "X", "type": "special", "effects": [{"gain": {"joy": 1}}]}, "happiness"),
    ({"name": "X", "type": "item", "react": {"to": ["Travel"], "mods": ["melt"]}}, "mods"),
    ({"name": "X", "type": "event", "effects": [{"by_stage": {"baby": {}}}]}, "one line"),
    ({"name": 'X"', "type": "pet"}, "quote"),
    ({"name": "X", "type": "pet", "effects": [{"tag": "pet"}]}, "worth"),
])
def test_the_loader_refuses_what_is_outside_the_vocabulary(entry, says):
    with pytest.raises(DataError, match=says):
        _card(entry, 0)


def test_orders_yaml_covers_the_grammar_and_every_example_parses():
    docs = load_yaml("a_chaotic_life", "orders.yaml")
    assert set(docs) - {"facts"} == set(commands(GRAMMAR))
    for command in commands(GRAMMAR):
        doc = docs[command]
        parsed = parse_text(GRAMMAR, doc["example"], "orders.yaml")
        assert not parsed.problems and parsed.orders[0].command == command, command
        assert doc["help"].strip()
        GAME.validate("Ana", parsed.orders[0])


def test_the_order_reference_renders_with_the_card_table():
    text = render(GAME)
    assert "play_on(card, player, kind)" in text and "Time Machine" in text
    assert "the CP becomes an Adult; pays for the stage just ended: traveled: +1 happiness" \
        in text
    assert "needs 3 or more Neighbors in front of you and 1 or more Pets" in text
