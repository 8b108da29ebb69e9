"""The reconstructed components: consistent with every fact of the rulebook and COMPONENTS.md,
with the grammar and the order reference, and checked on load (a wrong entry fails loudly,
naming itself)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from lifegames import registry
from lifegames.engine.core.orders import commands, parse_text
from lifegames.engine.files.data import load_yaml
from lifegames.engine.text.reference import render
from lifegames.the_sims import GAME
from lifegames.the_sims import data as d

FILES = ("rules.yaml", "venues.yaml", "cards.yaml", "aspirations.yaml", "homes.yaml",
         "sims.yaml")


def test_d01_every_file_is_marked_reconstructed():
    for name in FILES:
        assert load_yaml("the_sims", name)["reconstructed"] is True, name


def test_d02_the_components_have_the_boxs_counts():
    """Components: 6 Venue cards (12 sides, three SIMbols and one Need each), 115 Action cards
    of 1-4 SIMbols, 27 Aspirations of two SIMbol kinds, 18 Home cards and 18 Iconic Sims of one
    SIMbol each; a Card Hub of 6 in two rows of 3; two Iconic Sims face up."""
    assert len(d.venue_cards()) == 6
    sides = [c[s] for c in d.venue_cards() for s in d.SIDES]
    assert len(sides) == 12 and all(len(s["symbols"]) == 3 for s in sides)
    assert len(d.deck()) == 115
    assert all(1 <= len(c["symbols"]) <= 4 for c in d.cards().values())
    assert len(d.aspirations()) == 27 and all(len(k) == 2 for k in d.aspirations().values())
    assert len(d.homes()) == 18 and len(d.sims()) == 18
    rules = d.rules()
    assert rules["hub"] == {"rows": 2, "columns": 3} and rules["board_sims"] == 2
    assert rules["points"] == {"aspiration": 3, "iconic_sim": 1, "target": 8, "long_target": 10}


def test_d03_the_named_facts_of_the_rulebook_hold():
    """Bella Goth's interest is the heart, Bob Pancakes' the pan; Rory Oaklow, Morgun Ember,
    Venessa Jeong and Bonehilda are Iconic Sims; the Cowplant is an ICONIC SIMS MOVE! card
    showing Rory Oaklow's interest; the five special actions are all in the deck; the die has
    the three faces; Go Home raises two Needs."""
    sims = d.sims()
    assert sims["Bella Goth"] == "heart" and sims["Bob Pancakes"] == "pan"
    assert {"Rory Oaklow", "Morgun Ember", "Venessa Jeong", "Bonehilda"} <= set(sims)
    cowplant = d.card("Cowplant")
    assert cowplant["action"] == "iconic_sims_move" and sims["Rory Oaklow"] in cowplant[
        "symbols"]
    assert {c["action"] for c in d.cards().values()} - {None} == set(d.ACTIONS)
    assert {"heart", "pan"} <= set(d.symbols())
    assert set(d.rules()["die"]) == {"good", "awkward", "hand"}
    assert d.rules()["go_home_raises"] == 2


def test_d04_six_venues_can_each_show_a_need_and_every_simbol_is_on_the_board():
    """Each default layout (all sides A, all sides B) shows every Need once and every SIMbol
    at least twice; some Action cards raise Needs, of every kind."""
    for sides in ("AAAAAA", "BBBBBB"):
        shown = d.layout(sides)
        assert sorted(v["need"] for v in shown) == sorted(d.needs())
        counts = Counter(s for v in shown for s in v["symbols"])
        assert set(counts) == set(d.symbols()) and min(counts.values()) >= 2
    raised = Counter(n for name in d.deck() for n in d.card(name)["raises"])
    assert set(raised) == set(d.needs())


@pytest.fixture
def patched(monkeypatch: pytest.MonkeyPatch):
    """Serve one rule file from the test instead of games/the_sims/ (caches cleared)."""

    def serve(name: str, text: Any) -> None:
        real = d.load_yaml

        def fake(package: str, file: str) -> Any:
            return text if file == name else real(package, file)

        monkeypatch.setattr(d, "load_yaml", fake)
        for cached in (d.rules, d.cards, d.venue_cards, d.aspirations, d.homes, d.sims,
                       d._lookup):
            cached.cache_clear()

    yield serve
    for cached in (d.rules, d.cards, d.venue_cards, d.aspirations, d.homes, d.sims, d._lookup):
        cached.cache_clear()


@pytest.mark.parametrize("name, change, words", [
    ("cards.yaml", lambda x: x["cards"].pop(), "113 cards, not 115"),
    ("cards.yaml", lambda x: x["cards"][0].update(symbols=["heart", "star"]), "'star'"),
    ("cards.yaml", lambda x: x["cards"][0].update(raises=["Sleep"]), "'Sleep'"),
    ("cards.yaml", lambda x: x["cards"][0].update(name="Don't"), "quote"),
    ("cards.yaml", lambda x: x.update(reconstructed=False), "reconstructed"),
    ("venues.yaml", lambda x: x["venues"][0]["A"].update(symbols=["leaf"]), "three"),
    ("venues.yaml", lambda x: x.update(default_sides="AAC"), "six letters"),
    ("aspirations.yaml", lambda x: x["aspirations"][0].update(symbols=["pan", "pan"]),
     "two different"),
    ("sims.yaml", lambda x: x["sims"].pop(), "17 cards"),
    ("rules.yaml", lambda x: x.update(die=["good", "good"]), "each kind"),
])
def test_d05_a_wrong_entry_fails_loudly_and_names_itself(patched, name, change, words):
    import copy

    text = copy.deepcopy(load_yaml("the_sims", name))
    change(text)
    patched(name, text)
    with pytest.raises(d.DataError, match=words):
        d.check_all()


def test_d06_orders_yaml_covers_the_grammar_and_every_example_parses():
    docs = load_yaml("the_sims", "orders.yaml")
    assert set(docs) - {"facts"} == set(commands("the_sims"))
    for command, doc in docs.items():
        if command == "facts":
            continue
        parsed = parse_text("the_sims", doc["example"], "orders.yaml")
        assert not parsed.problems and parsed.orders[0].command == command, command
        assert doc["help"].strip()


def test_d07_the_order_reference_renders_every_table():
    text = render(GAME)
    for part in ("travel(venue, card)", "Cowplant", "Bella Goth", "Community Garden",
                 "Esports Athlete", "Tech Den"):
        assert part in text, part


def test_d08_the_game_is_registered():
    assert registry.get("the-sims") is GAME
    assert GAME.missing_orders_policy.strip() and GAME.absent_policy.strip()


def test_d09_the_interaction_die_has_the_documented_six_faces_and_rolls_them_all():
    """Components, the Interaction die (Travel 3 and the single player's interactions): Good
    Interaction, Awkward Interaction and the hand, on six faces, reconstructed as 3 Good, 2
    Awkward and 1 hand (RULES.md, Assumptions); a roll shows each face as often as the die
    carries it."""
    from pathlib import Path

    from lifegames.engine.core.dice import Dice
    from lifegames.the_sims.effects import roll

    faces = Counter(d.rules()["die"])
    assert faces == Counter({"good": 3, "awkward": 2, "hand": 1})
    text = (Path(__file__).resolve().parents[2] / "games/the_sims/RULES.md").read_text()
    assert "3 Good, 2 Awkward, 1 hand" in text, "RULES.md names the die it documents"
    dice = Dice(11, 1)
    state: dict[str, Any] = {}
    seen = Counter(roll(state, dice) for _ in range(6000))
    assert state["chance"] is True
    for face, count in faces.items():
        assert abs(seen[face] / 6000 - count / 6) < 0.03, (face, seen)


def test_d10_the_quick_figures_in_rules_md_are_current():
    """RULES.md's component counts and setup figures are the script's output now
    (bench/sims_figures.py); a change to the data or the setup that leaves them stale fails
    here. The game figures (minutes of play) are regenerated by hand."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import sims_figures

    for name in ("components", "setup"):
        assert sims_figures.block(name) == sims_figures.BLOCKS[name](), \
            f"run python3 bench/figures.py --only the-sims/{name}"


def test_d11_the_data_has_the_shape_rules_md_argues_for_the_race():
    """RULES.md's Assumptions (the Action cards, Aspirations, Homes and Iconic Sims rows, and the
    race that lasts) describe the reconstructed data in words: this holds the words to the data, so
    a change to one that forgets the other fails here."""
    homes = Counter(d.homes().values())
    assert homes == {"heart": 6, "pan": 6, "note": 6}
    home_kinds = set(homes)
    on_home_kinds = Counter(k for kinds in d.aspirations().values() for k in kinds
                            if k in home_kinds)
    assert on_home_kinds == {"heart": 2, "pan": 2, "note": 2}
    others = [tuple(sorted(k)) for k in d.aspirations().values() if not set(k) & home_kinds]
    assert len(others) == 23 and len(set(others)) == 10
    assert all(2 <= n <= 3 for n in Counter(others).values())
    interests = Counter(d.sims().values())
    assert interests == {"heart": 1, "pan": 1, "leaf": 1, "palette": 5, "dumbbell": 5,
                         "gamepad": 5}
    shown = Counter(len(d.card(n)["symbols"]) for n in d.deck())
    assert shown[1] == len(d.deck()) - 3, "all cards but three show one SIMbol"
    assert all(len(set(d.card(n)["symbols"])) == len(d.card(n)["symbols"]) for n in d.deck())
    actions = Counter(d.card(n)["action"] for n in d.deck())
    assert actions["iconic_sims_move"] == 1 and actions["swap_cards"] == 1
