"""Hidden information: whole games played by random bots through lifegames.engine.host.host.Host in
temporary folders, checking that nothing a player can see depends on what that player may not
know.

The check is differential. Before every tick, everything a player sees is rendered from the
real state and again from a *twin* state that differs only in hidden information: the order of
Lifestyle's face-down draw pile, the terrain of Simple Kingdoms' unexplored tiles (both dealt
or rolled again by the engine's resample), or the secret dice seed. What a player sees: their
sheets (the very files written to their folder, which the test checks are the views of the
state), their order template, `state --json --player` and `state --json`, `status`, the game's
prompt and legal orders, and what `check` prints for their bot's order file and for probe files
(a purchase from the pile, a march into the unknown). Any difference is a leak. Finally the
decimal seed is looked for in every file of every player folder and the root before `reveal`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lifegames import registry
from lifegames.engine.base.words import counted
from lifegames.engine.core import turn
from lifegames.engine.core.bots import choose_orders, order_file_text
from lifegames.engine.core.contract import Game
from lifegames.engine.core.orders import parse_text
from lifegames.engine.core.resample import resample
from lifegames.engine.host.host import META, Host, order_file, snapshot_name

from .helpers import BIG_SEEDS, new_game

State = dict[str, Any]


def check_text(game: Game, state: State, player: str, text: str, seed: int) -> str:
    """What `play.py check PLAYER` prints for this order file (the same rendering)."""
    path = order_file(player)
    parsed = parse_text(game.grammar_name(), text, path)
    result = turn.check_file(game, state, player, parsed)
    if result.problems:
        return "\n".join(p.render() for p in result.problems)
    if not result.orders:
        return f"OK {path}: no orders"
    return "\n".join([f"OK {path}: {counted(len(result.orders), 'order')} would run:",
                      *(f"  - {e}" for e in result.effects)])


def seen_by(game: Game, state: State, player: str, seed: int, files: list[str]
            ) -> dict[str, str]:
    """Everything `player` is shown at this state, by where it is shown."""
    out = {f"sheet {name}": text for name, text in game.views(state, player).items()}
    out["order template"] = game.order_template(state, player)
    out["state --json --player"] = json.dumps(game.player_state(state, player), sort_keys=True)
    out["state --json"] = json.dumps(game.public_state(state), sort_keys=True)
    out["status"] = "\n".join(game.status_lines(state))
    out["prompt"] = repr(game.prompt(state, player))
    out["legal orders"] = "\n".join(game.legal_orders(state, player))
    if player in game.awaiting(state):
        for text in files:
            out[f"check of {text!r}"] = check_text(game, state, player, text, seed)
    return out


def differences(a: dict[str, str], b: dict[str, str]) -> list[str]:
    out = []
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            left, right = (a.get(key) or "").splitlines(), (b.get(key) or "").splitlines()
            pairs = enumerate(zip(left, right, strict=False))
            first = next((i for i, (x, y) in pairs if x != y), min(len(left), len(right)))
            shown = (left[first] if first < len(left) else "(end)",
                     right[first] if first < len(right) else "(end)")
            out.append(f"{key}, line {first + 1}:\n    real: {shown[0]!r}\n    twin: {shown[1]!r}")
    return out


def assert_folder_shows_views(host: Host, game: Game, state: State) -> None:
    """The differential test renders views; make sure they are what the folder holds."""
    tick = int(state["tick"])
    for player in host.load().players:
        for name, text in game.views(state, player).items():
            path = host.folder.path(f"{player}/{snapshot_name(tick, name)}")
            assert path.read_text(encoding="utf-8") == text, path


def play_comparing(root: Path, game_id: str, seed: int, players: list[str] | None,
                   twin: Callable[[State, random.Random], State | None],
                   probes: Callable[[Game, State, str], list[str]], max_ticks: int,
                   ticks: int | None = None) -> tuple[int, int, list[str]]:
    """Play a whole game by random bots; before each tick compare what every player sees in
    the real state and in its twin. (ticks compared, probe files checked, leaks)"""
    host = new_game(root, game_id, seed, players, ticks=ticks)
    rng = random.Random(seed)
    leaks: list[str] = []
    compared = probed = 0
    for _ in range(max_ticks):
        loaded = host.load()
        game, state = loaded.game, loaded.state
        assert_folder_shows_views(host, game, state)
        if game.is_over(state):
            break
        files: dict[str, list[str]] = {}
        for player in game.awaiting(state):
            chosen = choose_orders(game, state, player, "random", rng)
            files[player] = ["\n".join(chosen)] + probes(game, state, player)
            probed += len(files[player]) - 1
        other = twin(state, rng)
        if other is not None:
            compared += 1
            for player in loaded.players:
                real = seen_by(game, state, player, seed, files.get(player, []))
                mirror = seen_by(game, other, player, seed, files.get(player, []))
                for line in differences(real, mirror):
                    leaks.append(f"tick {state['tick']}, {player}'s {line}")
        # The future dice are hidden too: a check must print the same for any seed.
        for player, texts in files.items():
            for text in texts:
                if check_text(game, state, player, text, seed) != check_text(
                        game, state, player, text, seed + 1):
                    leaks.append(f"tick {state['tick']}: check of {text!r} depends on the seed")
        for player in game.awaiting(state):
            text = order_file_text(game, state, player, files[player][0].splitlines(), "random")
            host.folder.path(order_file(player)).write_text(text, encoding="utf-8")
        _, outcome = host.tick()
        assert not outcome.problems, [p.render() for p in outcome.problems]
    else:
        pytest.fail(f"the game did not end within {max_ticks} ticks")
    return compared, probed, leaks


def report(leaks: list[str], limit: int = 6) -> str:
    kinds: dict[str, int] = {}
    for leak in leaks:
        key = leak.split(", ", 1)[-1].split(",")[0].split(":")[0]
        kinds[key] = kinds.get(key, 0) + 1
    return (f"{counted(len(leaks), 'leak')}, by where: {kinds}\n" + "\n".join(leaks[:limit]))


# -- Lifestyle: the order of the face-down draw pile -------------------------------------------


def twin(game_id: str) -> Callable[[State, random.Random], State | None]:
    """The state with what is hidden from every player dealt or rolled again by the engine's
    resample (a spectator's: Lifestyle's pile and Simple Kingdoms' unexplored terrain are
    hidden from everyone alike); None when that changed nothing (nothing left to hide)."""
    game = registry.get(game_id)

    def other(state: State, rng: random.Random) -> State | None:
        found = resample(game, state, None, rng)
        return None if found == state else found

    return other


def purchase_probes(game: Game, state: State, player: str) -> list[str]:
    """Files that buy from the pile and then take cards (a whole legal turn)."""
    legal = game.legal_orders(state, player)
    buys = [o for o in legal if o.startswith(("buy_two", "refill"))]
    out = []
    for buy in buys:
        out.append(f"{buy}\ntake_row(1)")
        out.append(f"{buy}\ntake_card(3, 3)")
    return out


@pytest.mark.parametrize("seed", BIG_SEEDS[:2])
def test_lifestyle_nothing_a_player_sees_depends_on_the_draw_pile_order(tmp_path: Path,
                                                                        seed: int) -> None:
    """Property: in whole random Lifestyle games (2 and 3 players), no sheet, order template,
    JSON view, status line, prompt, legal-order list or `check` output (for the bot's file and
    for files that buy cards) differs between the real state and one whose face-down draw pile
    is in another order; and no `check` output depends on the dice seed."""
    players = ["Ana", "Ben"] if seed == BIG_SEEDS[0] else ["Ana", "Ben", "Cleo"]
    compared, probed, leaks = play_comparing(tmp_path / "game", "lifestyle", seed, players,
                                             twin("lifestyle"), purchase_probes, max_ticks=600)
    assert compared >= 20 and probed >= 1, (compared, probed)
    assert not leaks, report(leaks)


# -- Simple Kingdoms: the terrain of unexplored tiles --------------------------------------------


def explore_probes(game: Game, state: State, player: str) -> list[str]:
    """Files that march soldiers onto an unexplored neighbouring tile (a few per tick)."""
    from lifegames.simple_kingdoms.data import rules

    size = state["size"]
    need = rules()["explore_soldiers"]
    out = []
    for t in state["tiles"]:
        here = t["soldiers"].get(player, 0)
        if here < need:
            continue
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                r, c = t["row"] + dr, t["col"] + dc
                if (dr, dc) != (0, 0) and 0 <= r < size and 0 <= c < size and \
                        not state["tiles"][r * size + c]["explored"]:
                    out.append(f"move_soldiers({t['row']},{t['col']}, {r},{c}, {need})")
    return out[:3]


@pytest.mark.parametrize("seed", BIG_SEEDS[:2])
def test_kingdoms_nothing_a_player_sees_depends_on_unexplored_terrain(tmp_path: Path,
                                                                      seed: int) -> None:
    """Property: in whole random Simple Kingdoms games, no sheet, order template, JSON view,
    status line, legal-order list or `check` output (for the bot's file and for files that
    march soldiers onto an unexplored tile) differs between the real state and one where every
    unexplored tile's terrain is rolled again: a kingdom learns a terrain only when a tick explores
    the tile."""
    compared, probed, leaks = play_comparing(tmp_path / "game", "simple-kingdoms", seed, None,
                                             twin("simple-kingdoms"), explore_probes,
                                             max_ticks=30)
    assert compared >= 5 and probed >= 1, (compared, probed)
    assert not leaks, report(leaks)


def test_kingdoms_unexplored_terrain_never_appears_in_a_player_folder(tmp_path: Path) -> None:
    """Property (the brief's grep): set up a game where every unexplored tile is mountains and
    no explored tile is; until a tick explores a tile, "mountains" appears in no file of any
    player folder, in no `state --player` view, and in no `check` output of a march into the
    unknown."""
    from lifegames.simple_kingdoms import SimpleKingdoms

    class Rigged(SimpleKingdoms):
        def setup(self, players: list[str], options: dict[str, Any], dice: Any) -> State:
            state = super().setup(players, options, dice)
            for t in state["tiles"]:
                if not t["explored"]:
                    t["terrain"] = "mountains"
            return state

    rigged = Rigged()
    assert all(t["terrain"] != "mountains" for t in rigged.setup(
        ["Ironhold", "Thornvale"], rigged.parse_options([], None), _FixedDice())["tiles"]
        if t["explored"])

    def resolve(game_id: str) -> Game:
        return rigged if game_id == rigged.id else registry.get(game_id)

    root = tmp_path / "game"
    host = Host(str(root), resolve)
    host.setup(rigged, ["Ironhold", "Thornvale"], [], BIG_SEEDS[2], None)
    loaded = host.load()
    seed = loaded.envelope["seed"]
    found = []
    for player in loaded.players:
        for path in sorted((root / player).rglob("*")):
            if path.is_file() and "mountains" in path.read_text(encoding="utf-8"):
                found.append(str(path.relative_to(root)))
        view = json.dumps(rigged.player_state(loaded.state, player))
        if "mountains" in view:
            found.append(f"state --json --player {player}")
        for probe in explore_probes(rigged, loaded.state, player):
            if "mountains" in check_text(rigged, loaded.state, player, probe, seed):
                found.append(f"check of {probe!r}")
    assert not found, f"the unexplored terrain shows in: {found}"


class _FixedDice:
    class _Stream:
        def d6(self) -> int:
            return 3

    def stream(self, name: str) -> _FixedDice._Stream:
        return self._Stream()


# -- every game: the seed stays in the referee's state -------------------------------------------


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_seed_never_appears_in_a_player_folder_before_reveal(tmp_path: Path,
                                                                 game_id: str) -> None:
    """Property: through a whole random game, the decimal dice seed appears in no file of any
    player folder (sheets, archive, order files, executed orders) nor in any root file outside
    .lifegames/, nor in any `state --json --player` view or `check` output, until `reveal`."""
    seed = BIG_SEEDS[1]
    root = tmp_path / "game"
    host = new_game(root, game_id, seed)
    rng = random.Random(seed)
    digits = str(seed)
    seen: list[str] = []
    for _ in range(400):
        loaded = host.load()
        game, state = loaded.game, loaded.state
        for player in loaded.players:
            if digits in json.dumps(game.player_state(state, player)):
                seen.append(f"tick {state['tick']}: state --json --player {player}")
        if game.is_over(state):
            break
        for player in game.awaiting(state):
            chosen = choose_orders(game, state, player, "random", rng)
            if digits in check_text(game, state, player, "\n".join(chosen), seed):
                seen.append(f"tick {state['tick']}: check {player}")
            host.folder.path(order_file(player)).write_text(
                order_file_text(game, state, player, chosen, "random"), encoding="utf-8")
        _, outcome = host.tick()
        assert not outcome.problems, [p.render() for p in outcome.problems]
    else:
        pytest.fail("the game did not end")
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if relative.parts[0] == META or not path.is_file():
            continue
        if digits in path.read_bytes().decode("utf-8", "replace"):
            seen.append(str(relative))
    assert not seen, f"the seed {digits} appears in: {seen}"
    assert digits in (root / META / "state.json").read_text(), "the test looked for the " \
        "wrong number: the seed is not in the state either"
