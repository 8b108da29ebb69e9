"""Secrecy, for every game: nothing a player can see depends on, or names, what the rules hide
from them. Parametrised over the registry; every game has its adapter in adapters.py (a game without
one fails here).

1. Indistinguishability. In whole games by the random and the greedy bot, at the start of
   sampled ticks and after every order of those ticks (mid-turn states: a file may stop after
   a draw, and `check` or a seat may meet any of them), every secret is dealt again in a way
   consistent with what one player knows, and every byte that player can see must be the same:
   seat.json, sheets, board pictures, order template, `check` output and warnings (for the
   bot's file and for files probing the secrets), facts, `state --json --player`, status.
2. Name search. At the same states, every hidden thing (another player's card in hand or
   pouch, a face-down card, the deck; unexplored terrain) is looked for by name in every byte
   the player can see, and may be found only if a thing of that name is visible to them by the
   rules. A re-draw only proves the views follow the declaration; this catches a field declared
   public by mistake, such as the Items an A Chaotic Life! player moved this turn.

The bots and the scripted turns behind these states use every command of the game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from lifegames import registry
from lifegames.engine import turn
from lifegames.engine.orders import parse_text

from .adapters import ADAPTERS
from .support import Adapter, Finder, Looked, differences, names_shown, scripted, seen, states

GAMES = registry.ids()


def _adapter(game_id: str) -> Adapter:
    assert game_id in ADAPTERS, f"{game_id} has no secrecy adapter in tests/secrecy/adapters.py"
    return ADAPTERS[game_id]


def _looked(adapter: Adapter) -> tuple[list[Looked], set[str]]:
    """Every state the two tests look at, and the commands that ran to reach them."""
    used: set[str] = set()
    found: list[Looked] = []
    for seed, strategy, every in adapter.games:
        found += states(adapter, seed, strategy, every, used)
    found += scripted(adapter, used)
    return found, used


_CACHE: dict[str, tuple[list[Looked], set[str]]] = {}


def looked(game_id: str) -> tuple[list[Looked], set[str]]:
    adapter = _adapter(game_id)
    if game_id not in _CACHE:
        _CACHE[game_id] = _looked(adapter)
    return _CACHE[game_id]


@pytest.mark.parametrize("game_id", GAMES)
def test_s1_nothing_a_player_sees_changes_when_the_secrets_are_dealt_again(game_id: str
                                                                           ) -> None:
    adapter = _adapter(game_id)
    game = registry.get(game_id)
    rng = random.Random(7)
    leaks: list[str] = []
    compared = 0
    for item in looked(game_id)[0]:
        players = adapter.players_of(item.state)
        assert not game.state_problem(item.state, players), item.label
        for player in players:
            twin = adapter.redraw(item.state, player, rng)
            if twin is None:
                continue
            compared += 1
            files = item.files.get(player, [])
            real = seen(game, item.state, player, players, files)
            other = seen(game, twin, player, players, files)
            leaks += [f"{item.label}, {player}'s {d}" for d in differences(real, other)]
    assert compared >= 20, compared
    assert not leaks, f"{len(leaks)} differences:\n" + "\n".join(leaks[:8])


@pytest.mark.parametrize("game_id", GAMES)
def test_s2_no_hidden_name_shows_where_the_rules_do_not_show_it(game_id: str) -> None:
    adapter = _adapter(game_id)
    game = registry.get(game_id)
    finder = Finder(adapter.names())
    leaks: list[str] = []
    searched = 0
    for item in looked(game_id)[0]:
        leaks += _names_leaked(adapter, game, finder, item)
        searched += 1
    assert searched >= 20, searched
    assert not leaks, f"{len(leaks)} hidden names shown:\n" + "\n".join(leaks[:8])


def _names_leaked(adapter: Adapter, game: Any, finder: Finder, item: Looked) -> list[str]:
    out = []
    players = adapter.players_of(item.state)
    for player in players:
        secret = adapter.hidden(item.state, player) - adapter.visible(item.state, player)
        if not secret:
            continue
        files = item.files.get(player, [])
        shown = names_shown(finder, seen(game, item.state, player, players, files))
        for where, names in shown.items():
            if where.startswith("check of "):
                names = names - finder.found(where)  # the probe itself names them
            for name in sorted(names & secret):
                out.append(f"{item.label}: {player}'s {where} names {name!r}, hidden from them")
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_s3_the_states_looked_at_come_from_every_command(game_id: str) -> None:
    """The playouts behind s1 and s2 use every command of the game (a command only a
    standing order plays counts when it fired)."""
    game = registry.get(game_id)
    _, used = looked(game_id)
    assert game.commands is not None
    missing = set(game.commands) - used
    assert not missing, f"never used: {sorted(missing)}"


# -- the leak that made this test: a scripted turn -------------------------------------------


def test_s4_an_item_moved_into_the_pouch_is_not_named_to_the_others_mid_turn() -> None:
    """Ana moves her Leash into her Item Pouch and draws, so her file stops there and her turn
    goes on next tick. Ben and Cleo know an Item moved (the log says so), never which: it is
    named in none of their bytes, seat.json included, until the rules show it."""
    from ..a_chaotic_life.helpers import ANA, BEN, CLEO, arrange, new_state

    adapter = ADAPTERS["a-chaotic-life"]
    game = registry.get("a-chaotic-life")
    state = arrange(new_state(), hands={ANA: ["Leash", "Camera"], BEN: ["Travel"],
                                        CLEO: ["Party"]}, player=ANA)
    parsed = {ANA: parse_text(game.grammar_name(), 'pouch("Leash")\ndraw()\n', ANA)}
    outcome = turn.play_tick(game, state, parsed, 2015)
    assert not outcome.problems, [p.render() for p in outcome.problems]
    after = outcome.state
    assert after["turn"]["player"] == ANA and after["turn"]["moved"] == ["Leash"]
    finder = Finder(adapter.names())
    for player in (BEN, CLEO):
        assert "Leash" not in adapter.visible(after, player)
        shown = names_shown(finder, seen(game, after, player, adapter.players, []))
        assert all("Leash" not in names for names in shown.values()), (player, shown)
    mine = names_shown(finder, seen(game, after, ANA, adapter.players, []))
    assert "Leash" in mine["seat.json"]  # her own Item, hers to see


def test_s5_the_board_pictures_are_read_and_one_drawn_from_the_whole_state_is_caught() -> None:
    """The boards are among the bytes s1 and s2 read, in every game; and a board drawn from the
    whole state instead of the player's view (a mistake the engine's one path prevents) names
    Ben's hand to Ana, which the name search of s2 reports."""
    from lifegames.engine.contract import Game, clone

    for game_id in ADAPTERS:
        adapter, game = ADAPTERS[game_id], registry.get(game_id)
        item = looked(game_id)[0][0]
        player = adapter.players_of(item.state)[0]
        shown = seen(game, item.state, player, adapter.players_of(item.state), [])
        assert f"sheet {player.lower()}_board.svg" in shown, (game_id, sorted(shown))
    game_id = "a-chaotic-life"
    adapter, game = ADAPTERS[game_id], registry.get(game_id)
    finder = Finder(adapter.names())
    items = [i for i in looked(game_id)[0] if any(
        i.state["hands"][p] for p in adapter.players_of(i.state))][:5]
    assert items
    honest = Game.views

    def leaky(self: Game, state: dict[str, Any], player: str) -> dict[str, str]:
        out = honest(self, state, player)
        out[f"{player.lower()}_board.svg"] = str(self.board(clone(state), player))
        return out

    Game.views = leaky  # type: ignore[method-assign]
    try:
        leaks = [leak for item in items for leak in _names_leaked(adapter, game, finder, item)]
    finally:
        Game.views = honest  # type: ignore[method-assign]
    assert any("_board.svg names" in leak for leak in leaks), leaks[:3]
    assert not [leak for item in items for leak in _names_leaked(adapter, game, finder, item)]
