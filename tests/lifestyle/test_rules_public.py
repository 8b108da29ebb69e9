"""Rules checked only through the public path: games played by the engine's bots through
`play_tick` (the validate-then-apply every tick uses, the game's `act`), a file checked as
`check` checks it, and the position read back through the contract (`facts`, the W- codes).
They hold whatever shape the package's state and modules take (they were added when a rule
break got past the tests that read the internals)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from lifegames import registry
from lifegames.engine.core.bots import choose_orders
from lifegames.engine.core.dice import Dice
from lifegames.engine.core.orders import parse_text
from lifegames.engine.core.turn import check_file, play_tick

GAME = registry.get("lifestyle")
PLAYERS = ["Ana", "Ben", "Cleo"]


def _turn_starts(seeds: range) -> Iterator[tuple[int, dict[str, Any], str, dict[str, Any]]]:
    """(seed, state, player, facts) at the start of every turn of greedy games."""
    for seed in seeds:
        state = GAME.setup(PLAYERS, GAME.parse_options([], None), Dice(seed, 0))
        state["tick"] = 0
        rng = random.Random(seed)
        while not GAME.is_over(state):
            files = {}
            for player in GAME.awaiting(state):
                facts = GAME.facts(state, player)
                if facts["phase"] == "start" and facts["my_turn"]:
                    yield seed, state, player, facts
                text = "\n".join(choose_orders(GAME, state, player, "greedy", rng))
                files[player] = parse_text(GAME.grammar_name(), text, player)
            outcome = play_tick(GAME, state, files, seed)
            assert not outcome.problems, [p.render() for p in outcome.problems]
            state = outcome.state


WANTED = {  # the positions the tests need, at the start of a turn with a token to spend
    "eight, plenty left": lambda f: f["display"] == 8 and f["pile"] > 1,
    "eight, one left": lambda f: f["display"] == 8 and f["pile"] == 1,
    "seven, one left": lambda f: f["display"] == 7 and f["pile"] == 1,
}


@pytest.fixture(scope="module")
def positions() -> dict[str, tuple[int, dict[str, Any], str, dict[str, Any]]]:
    """The first greedy-game position of each kind in WANTED (seeds 1 to 40)."""
    found: dict[str, tuple[int, dict[str, Any], str, dict[str, Any]]] = {}
    for seed, state, player, facts in _turn_starts(range(1, 41)):
        for kind, fits in WANTED.items():
            if kind not in found and facts["tokens"] >= 1 and fits(facts):
                found[kind] = (seed, state, player, facts)
        if len(found) == len(WANTED):
            break
    assert len(found) == len(WANTED), f"greedy games of seeds 1-40 never reached {found}"
    return found


def _buy_two(seed: int, state: dict[str, Any], player: str) -> tuple[list[str], dict]:
    """`buy_two()` alone in the player's file: the W- codes `check` gives it, and the facts
    after the tick that plays it."""
    parsed = parse_text(GAME.grammar_name(), "buy_two()\n", player)
    checked = check_file(GAME, state, player, parsed)
    assert not checked.problems, [p.render() for p in checked.problems]
    warned = [w.code for w in checked.plan.warnings] if checked.plan else []
    outcome = play_tick(GAME, state, {player: parsed}, seed)
    assert not outcome.problems, [p.render() for p in outcome.problems]
    return warned, GAME.facts(outcome.state, player)


def test_r34_one_token_buys_one_card_when_eight_are_showing_even_with_one_left(positions):
    """Rule text: Playing the Game ("Pay 1 token to add two cards to the card display. If
    there are already eight cards in the card display, only add one card"). With eight
    showing, buy_two deals one card, for one token: whatever the pile holds, the display is
    then full and the pile one card shorter; and with a single card left in the pile, nothing
    is short (no W-SHORT-BUY: one card is all it deals)."""
    for kind in ("eight, plenty left", "eight, one left"):
        seed, state, player, facts = positions[kind]
        warned, after = _buy_two(seed, state, player)
        assert "W-SHORT-BUY" not in warned, (kind, seed, facts)
        assert after["display"] == 9 and after["pile"] == facts["pile"] - 1, (kind, after)
        assert after["tokens"] == facts["tokens"] - 1, kind


def test_r35_a_purchase_the_pile_cannot_fill_is_warned_of(positions):
    """Rule text: Playing the Game, Note ("If there are not enough cards left in the draw pile
    to completely fill the card display, fill it as far as you can"): with seven showing and
    one card in the pile, buy_two pays its token for that one card, and `check` says so
    (W-SHORT-BUY): the other side of r34."""
    seed, state, player, facts = positions["seven, one left"]
    warned, after = _buy_two(seed, state, player)
    assert "W-SHORT-BUY" in warned and after["display"] == 8 and after["pile"] == 0
