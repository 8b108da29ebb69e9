"""RULES.md's figures of the data. The deck list is made from cards.yaml (balance.deck_block),
never typed. Every other figure the page states of cards.yaml or rules.yaml (how many cards,
actions, rebuilds, what a card pays...) is read back from the page's own words here and worked
out again from the data, so a change to the data that the page does not follow (or the other
way round) fails, naming the figure. That every figure block is current is
tests/test_figures.py's to say."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from lifegames.a_chaotic_life import balance
from lifegames.a_chaotic_life.data import box, card, names, rules, stages
from lifegames.a_chaotic_life.model import names_of_age

REMAKE = "python3 bench/figures.py --only a-chaotic-life/deck"
PLACES = {"timeline": "Timeline", "discard": "discard pile"}  # as the page names them
NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def test_the_deck_list_is_the_data_as_it_is() -> None:
    text = balance.rules_page().read_text(encoding="utf-8")
    assert balance.deck_block() in text, f"the deck list differs from cards.yaml: run {REMAKE}"


# -- the page's words, read as figures -----------------------------------------------------------


def _value(word: str) -> Any:
    word = word.strip()
    return int(word) if word.isdigit() else NUMBERS.get(word.lower(), word)


def _read(written: str) -> Any:
    """A figure as the page writes it: a number (digits or a word: "a", "one", "Two"), a name,
    or a list of them ("15, 14, 14, 14", "Child, Teen and Senior", "Child, Teen or Adult")."""
    parts = [_value(p) for p in re.split(r",\s*|\s+and\s+|\s+or\s+", written.strip())]
    return parts if len(parts) > 1 else parts[0]


def _shaped(value: Any) -> Any:
    """The data's side shaped as _read shapes the page's: a list of one is its item."""
    if isinstance(value, list):
        return value[0] if len(value) == 1 else value
    return value


# -- the same figures, worked out from the data --------------------------------------------------


def _effect(name: str, kind: str) -> Any:
    return dict(card(name)["effects"])[kind]


def _age(stage: str) -> str:
    """The Age card that makes the CP `stage` ("Senior")."""
    return names_of_age(stage)[0]


def _growing_up() -> tuple[list[str], list[int], list[str]]:
    """The Age cards played in a life (all but the first stage's) that pay a base for
    growing up, the base they pay, and those that pay none."""
    ages = [_age(s) for s in stages()[1:]]
    paying = [n for n in ages if _effect(n, "age")["base"]["goal"]]
    bases = sorted({_effect(n, "age")["base"]["goal"] for n in paying})
    return paying, bases, [n for n in ages if n not in paying]


def _piles() -> tuple[int, list[int]]:
    """The cards left for the piles after the setup's removal, and the near-equal piles."""
    removed = rules()["removed_at_setup"]
    left = len(box()) - len(removed["age"])
    left -= sum(c["copies"] for n in names() for c in [card(n)] if c["type"] in removed["all_of"])
    size, extra = divmod(left, rules()["piles"])
    return left, [size + (1 if i < extra else 0) for i in range(rules()["piles"])]


def _travel() -> tuple[list[str], int, int, str, Any]:
    gain, tag = _effect("Travel", "gain"), _effect("Travel", "tag")
    paid = next(p["gain"] for p in _effect("Adult", "age")["pays"] if p["tag"] == tag)
    return ([_age(s) for s in card("Travel")["stages"]], gain["happiness"], gain["sadness"],
            tag, paid["happiness"] if not paid["sadness"] else paid)


def _mini_goals() -> tuple[int, int, int]:
    worth = [sum(card(n)["worth"].values()) for n in names("minigoal")]
    return len(worth), min(worth), max(worth)


def _chases() -> tuple[str, ...]:
    """Each Pet that chases another, then the Pet it chases."""
    return tuple(x for n in names("pet") for k, v in card(n)["effects"] if k == "chase"
                 for x in (n, v))


def _one(values: Any) -> Any:
    """The single value the page names for several of the data's (both counter kinds)."""
    found = sorted(set(values))
    return found[0] if len(found) == 1 else found


Figure = tuple[str, str, Callable[[], Any]]
FIGURES: list[Figure] = [
    ("players and stages", r"(\w+) to (\w+) players raise one Central Person \(the CP\) from "
     r"(\w+) to (\w+)\b", lambda: (rules()["players"]["min"], rules()["players"]["max"],
                                    _age(stages()[0]), _age(stages()[-1]))),
    ("cards in the box", r"the (\d+) cards (?:in `cards\.yaml`|above)", lambda: len(box())),
    ("actions a turn", r"actions \(up to (\d+); (\d+) after Early Riser\)",
     lambda: (rules()["actions"], rules()["actions"] + _effect("Early Riser", "extra_action"))),
    ("hand limit", r"(?:the hand holds more than|a hand still over|draw up to|discards down "
     r"to) (\d+)\b", lambda: rules()["hand_limit"]),
    ("growing-up base (vocabulary)", r"\((\w+(?:, \w+)*): (\d+) of their goal's kind\)",
     lambda: _growing_up()[:2]),
    ("growing-up base (assumptions)", r"the (\w+(?:, \w+)*(?: and \w+)?) also pay (\w+) "
     r"counter of their player's goal for growing up \(the (\w+(?:, \w+)*(?: and \w+)?) does "
     r"not", _growing_up),
    ("Travel and the Adult", r'Travel: as (.+?), \+(\d+) happiness \+(\d+) sadness, notes '
     r'"(\w+)"; the Adult card pays (\d+) happiness for it', _travel),
    ("piles", r"(\d+) cards: piles of (\d+(?:, \d+)+) \(the first piles take the extra\)",
     _piles),
    ("Neighbor rewards", r"(\d+(?:, \d+)+) counters for your 1st to (\d+)th",
     lambda: (rules()["neighbor_rewards"], len(rules()["neighbor_rewards"]))),
    ("Mini-Goals", r"Mini-Goals: hard requirements, large rewards \| (\w+), each worth "
     r"(\d+)-(\d+) counters", _mini_goals),
    ("counters in the box", r"\| (\d+) counters of each kind \|",
     lambda: _one(rules()["counters"].values())),
    ("counter limit off", r"`counter_limit: (\w+)` restores a limit",
     lambda: str(not rules()["counter_limit"]).lower()),
    ("Death!'s stage", r"\| playable once the CP is an? (\w+(?: or \w+)*);",
     lambda: [s.capitalize() for s in card("Death!")["stages"]]),
    ("Spouse", r"every Spouse \(the first, and a remarriage\) pays (\d+) counter",
     lambda: _effect("Spouse", "named")),
    ("Volcano!", r"every player loses (\w+) random card", lambda: _effect("Volcano!", "lava")),
    ("Gifts!", r"every player passes (\w+) random hand card",
     lambda: _effect("Gifts!", "gifts")),
    ("cards with a cost", r"other cards with a cost \((.+?)\) pay the same way",
     lambda: [n for n in names() if card(n)["cost"] and n != "Early Riser"]),
    ("Pets that chase", r'a (\w+) removes "a (\w+)", a (\w+) "the (\w+)"', _chases),
    ("where Items go", r"Each Item changes the card as it says, then goes to the (\w+)\.",
     lambda: _one(PLACES[card(n)["place"]] for n in names("item"))),
    ("where Early Riser goes", r"it can be played with no action left; it goes to the "
     r"(discard pile)", lambda: PLACES[card("Early Riser")["place"]]),
]


@pytest.mark.parametrize("label, pattern, figure", FIGURES, ids=[f[0] for f in FIGURES])
def test_every_figure_rules_md_states_of_the_data_is_the_datas(
        label: str, pattern: str, figure: Callable[[], Any]) -> None:
    """RULES.md (the turn table, Trades, the effect vocabulary and the Assumptions rows) states
    figures that come from cards.yaml and rules.yaml: each is read from the page, wherever the
    page states it, and must be what the data makes it now."""
    text = re.sub(r"\s+", " ", balance.rules_page().read_text(encoding="utf-8"))
    found = re.findall(pattern, text)
    assert found, f"RULES.md no longer states {label} in these words: update its row here"
    made = figure()
    want = tuple(_shaped(v) for v in made) if isinstance(made, tuple) else (_shaped(made),)
    for groups in found:
        stated = tuple(_read(g) for g in (groups if isinstance(groups, tuple) else (groups,)))
        assert stated == want, f"RULES.md gives {label} as {stated}; the data makes {want}"
