"""Secrecy, for every game: nothing a player can see depends on, or names, what the rules hide
from them. Parametrised over the registry; every game has its adapter in adapters.py (a game without
one fails here).

1. Indistinguishability. In whole games by the random and the greedy bot, at the start of
   every tick and after every order (mid-turn states: a file may stop after a draw, and
   `check` or a seat may meet any of them), the secrets are dealt again by the engine's
   `resample`, from the declaration, consistently with what one player knows; every byte that
   player can see must be the same: seat.json, sheets, board pictures, order template, `check`
   output and warnings (for the bot's file and for files probing the secrets), facts,
   `state --json --player`, status, prompt and legal orders, and what `can` answers them.
2. Name search. At the same states, every hidden thing (another player's card in hand or
   pouch, a face-down card, the deck; unexplored terrain) is looked for by name in every byte
   the player can see, and may be found only if a thing of that name is visible to them by the
   rules. A re-draw from the declaration only proves that what a player sees follows the
   declaration; this catches a field declared public by mistake, such as the cards an A Chaotic
   Life! player drew this turn, which is why the adapters' lists are written from the rules.

The bots and the scripted turns behind these states use every command of the game (s3), and
they include every kind of moment the game's rules have: after a draw, at a prompt, with an
offer waiting, after a standing reaction (s6).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from lifegames import registry
from lifegames.engine.core import turn
from lifegames.engine.core.contract import Game
from lifegames.engine.core.orders import parse_text
from lifegames.engine.core.resample import resample

from .adapters import ADAPTERS
from .support import (
    DRAW,
    OFFER,
    PROMPT,
    REACTION,
    Adapter,
    Finder,
    Looked,
    answers,
    differences,
    names_shown,
    scripted,
    seen,
    states,
)

GAMES = registry.ids()


def _adapter(game_id: str) -> Adapter:
    assert game_id in ADAPTERS, f"{game_id} has no secrecy adapter in tests/secrecy/adapters.py"
    return ADAPTERS[game_id]


def _looked(adapter: Adapter) -> tuple[list[Looked], set[str]]:
    """Every state the two tests look at, and the commands that ran to reach them."""
    used: set[str] = set()
    found: list[Looked] = []
    for seed, strategy in adapter.games:
        found += states(adapter, seed, strategy, used)
    found += scripted(adapter, used)
    return found, used


_CACHE: dict[str, tuple[list[Looked], set[str]]] = {}


def looked(game_id: str) -> tuple[list[Looked], set[str]]:
    adapter = _adapter(game_id)
    if game_id not in _CACHE:
        _CACHE[game_id] = _looked(adapter)
    return _CACHE[game_id]


@dataclass
class Report:
    """What s1 and s2 found at every state looked at, made in one pass (each state's bytes
    are rendered once for both)."""

    compared: int = 0  # players' states compared with a resampled twin that differs
    differences: list[str] = field(default_factory=list)
    searched: int = 0  # players' states searched for hidden names
    shown: list[str] = field(default_factory=list)  # hidden names shown


_REPORTS: dict[str, Report] = {}


def report(game_id: str) -> Report:
    if game_id in _REPORTS:
        return _REPORTS[game_id]
    adapter, game = _adapter(game_id), registry.get(game_id)
    finder = Finder(adapter.names())
    rng = random.Random(7)
    out = _REPORTS[game_id] = Report()
    for item in looked(game_id)[0]:
        players = adapter.players_of(item.state)
        assert not game.state_problem(item.state, players), item.label
        for player in players:
            files = item.files.get(player, [])
            real = seen(game, item.state, player, players, files)
            out.searched += 1
            out.shown += _hidden_names(adapter, finder, item, player, real)
            twin = resample(game, item.state, player, rng)
            if twin == item.state:  # nothing hidden from the player here
                continue
            assert not game.state_problem(twin, players), (item.label, player)
            out.compared += 1
            mine = {**real, **answers(game, item.state, player, files)}
            other = {**seen(game, twin, player, players, files),
                     **answers(game, twin, player, files)}
            out.differences += [f"{item.label}, {player}'s {d}"
                                for d in differences(mine, other)]
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_s1_nothing_a_player_sees_changes_when_the_secrets_are_dealt_again(game_id: str
                                                                           ) -> None:
    found = report(game_id)
    assert found.compared >= 20, found.compared
    assert not found.differences, f"{len(found.differences)} differences:\n" + "\n".join(
        found.differences[:8])


@pytest.mark.parametrize("game_id", GAMES)
def test_s2_no_hidden_name_shows_where_the_rules_do_not_show_it(game_id: str) -> None:
    found = report(game_id)
    assert found.searched >= 20, found.searched
    assert not found.shown, f"{len(found.shown)} hidden names shown:\n" + "\n".join(
        found.shown[:8])


def _hidden_names(adapter: Adapter, finder: Finder, item: Looked, player: str,
                  shown: dict[str, str]) -> list[str]:
    """The names hidden from `player` by the rules that `shown` (what they see) names."""
    secret = adapter.hidden(item.state, player) - adapter.visible(item.state, player)
    out = []
    for where, names in names_shown(finder, shown).items() if secret else ():
        if where.startswith("check of "):
            names = names - finder.found(where)  # the probe itself names them
        for name in sorted(names & secret):
            out.append(f"{item.label}: {player}'s {where} names {name!r}, hidden from them")
    return out


def _names_leaked(adapter: Adapter, game: Game, finder: Finder, item: Looked) -> list[str]:
    players = adapter.players_of(item.state)
    return [leak for player in players for leak in _hidden_names(
        adapter, finder, item, player,
        seen(game, item.state, player, players, item.files.get(player, [])))]


@pytest.mark.parametrize("game_id", GAMES)
def test_s3_the_states_looked_at_come_from_every_command(game_id: str) -> None:
    """The playouts behind s1 and s2 use every command of the game (a command only a
    standing order plays counts when it fired)."""
    game = registry.get(game_id)
    _, used = looked(game_id)
    assert game.commands is not None
    missing = set(game.commands) - used
    assert not missing, f"never used: {sorted(missing)}"


# The kinds of moment a game's rules have, read from the game: what s6 requires its states to
# include.
def _kinds(game: Game) -> set[str]:
    rows = game.commands.values()
    out = {DRAW} if any(row.chance is not False or row.blind is not False for row in rows) \
        else set()
    out |= {PROMPT} if type(game).prompt is not Game.prompt else set()
    out |= {OFFER} if type(game).suspended is not Game.suspended else set()
    return out | ({REACTION} if game.standing_commands else set())


@pytest.mark.parametrize("game_id", GAMES)
def test_s6_the_states_looked_at_include_every_kind_of_moment_of_the_game(game_id: str
                                                                          ) -> None:
    """A secret that shows only mid-turn (the card just drawn, a roll to answer, an offer
    waiting, what a standing order just played) is looked for where it shows: s1 and s2 look
    at the start of every tick and after every order, and those states include each kind of
    moment the game's rules have."""
    game = registry.get(game_id)
    items = looked(game_id)[0]
    found = set().union(*(item.kinds for item in items))
    assert not _kinds(game) - found, f"never looked at: {sorted(_kinds(game) - found)}"


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
    from lifegames.engine.core.contract import Game, clone

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


@pytest.mark.parametrize("game_id", GAMES)
def test_s7_a_public_figure_is_the_same_on_what_any_player_knows(game_id: str) -> None:
    """A player's own history charts the others' public figures (Game.public_figures),
    computed on what that player knew: at every state looked at, each such figure of every
    player, computed on each other player's knowledge, equals the referee's figure, so the
    chart tells neither less nor more than the table did."""
    game = registry.get(game_id)
    public = game.public_figures()
    looked_at, _ = looked(game_id)
    for item in looked_at:
        players = list(item.state["players"])
        for player in players:
            truth = {n: v for n, v in game.figures(item.state, player).items() if n in public}
            assert truth, f"{game_id}: no public figure among {game.figures(item.state, player)}"
            for viewer in players:
                seen = game.knowledge(item.state, viewer)
                told = {n: v for n, v in game.figures(seen, player).items() if n in public}
                assert told == truth, (game_id, item.label, viewer, player)
