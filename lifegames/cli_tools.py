"""The referee's and host's commands: replay, verify, reveal, diff, rollback, bot, simulate,
watch. `COMMANDS` is added to the `play.py` group by lifegames.cli when one is asked for."""

from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from pathlib import Path

import click

from . import registry
from .cli_common import DIFFERENT, USAGE, commit_in_git, dir_option, fail
from .engine.contract import SetupError
from .engine.folder import Busy, FolderError
from .engine.host import Host, order_file
from .engine.turn import count_orders


@click.command()
@click.argument("target", type=click.Path(file_okay=False, path_type=Path))
@click.option("--upto", type=click.IntRange(min=0), default=None,
              help="Stop after this tick (default: the last).")
@click.option("--seed", type=int, default=None, help="Replay with this seed (after `reveal`).")
@dir_option
def replay(host: Host, target: Path, upto: int | None, seed: int | None) -> None:
    """Rebuild the game in the empty folder TARGET from its setup and executed orders."""
    from .engine.tools import replay as rebuild

    if target.exists() and os.listdir(target):
        fail(FolderError(f"{target} is not empty", "replay into a new folder"), USAGE)
    try:
        built = rebuild(host, target, upto=upto, seed=seed)
    except FolderError as error:
        fail(error)
    click.echo(f"replayed {built.state['tick']} tick(s) into {target}")


@click.command()
@click.option("--seed", type=int, default=None,
              help="Replay with a revealed seed (checked against seed_sha256.txt first).")
@click.option("--salt", default=None, help="The revealed salt that goes with --seed.")
@dir_option
def verify(host: Host, seed: int | None, salt: str | None) -> None:
    """Replay the whole game and compare every sheet, log and the state byte for byte."""
    from .engine.tools import diagnose
    from .engine.tools import verify as check_all

    try:
        differences = check_all(host, seed=seed, salt=salt)
        players = host.load(strict=False).players
    except FolderError as error:
        fail(error)
    if differences:
        click.echo(differences[0].render())
        if len(differences) > 1:
            click.echo(f"({len(differences) - 1} more file(s) differ)")
        click.echo(f"Likely cause: {diagnose(differences, players)}.")
        click.echo("The folder is not what its setup and executed orders produce. "
                   "`play.py rollback N` rebuilds it as of tick N.")
        sys.exit(DIFFERENT)
    click.echo("verified: every file matches a replay of the executed orders")


@click.command()
@click.option("--force", is_flag=True, help="Reveal before the game is over (referee only).")
@dir_option
def reveal(host: Host, force: bool) -> None:
    """Print the secret dice seed (once the game is over) so anyone can check the dice."""
    from .engine.dice import committed_text, seed_digest
    from .engine.tools import reveal as get_seed

    try:
        seed, salt = get_seed(host, force)
    except FolderError as error:
        fail(error)
    click.echo(f"seed {seed}")
    if salt:
        click.echo(f"salt {salt}")
    click.echo(f"sha256 {seed_digest(seed, salt)} (compare with seed_sha256.txt)")
    click.echo(f"check it: printf %s '{committed_text(seed, salt)}' | sha256sum")
    salted = f" --salt {salt}" if salt else ""
    click.echo(f"check every roll: python3 play.py verify --seed {seed}{salted}")


@click.command(name="diff")
@click.argument("player")
@click.argument("first", type=int, required=False)
@click.argument("second", type=int, required=False)
@dir_option
def diff_command(host: Host, player: str, first: int | None, second: int | None) -> None:
    """A unified diff of PLAYER's sheets between ticks FIRST and SECOND (default: the last
    two)."""
    from .engine.tools import diff

    try:
        text = diff(host, player, first, second)
    except FolderError as error:
        fail(error)
    click.echo(text or "no differences", nl=not text)


@click.command()
@click.argument("tick", type=int)
@dir_option
def rollback(host: Host, tick: int) -> None:
    """Put the folder back exactly as it was right after TICK. What is undone (executed orders,
    draft order files) is kept in .lifegames/rollbacks.txt."""
    from .engine.tools import rollback as go_back

    try:
        loaded = go_back(host, tick)
    except FolderError as error:
        fail(error)
    click.echo(f"rolled back to tick {loaded.state['tick']}; the undone orders are recorded in "
               ".lifegames/rollbacks.txt")


@click.command()
@click.argument("player")
@click.option("--strategy", type=click.Choice(["random", "greedy"]), default="random",
              show_default=True)
@click.option("--seed", type=int, default=None,
              help="Seed for the random bot (default: derived from the tick and player).")
@dir_option
def bot(host: Host, player: str, strategy: str, seed: int | None) -> None:
    """Write a legal order file for PLAYER (overwrites their order file). Like tick, it holds
    the folder's lock and writes the file whole, never through a link."""
    from .engine.bots import choose_orders, order_file_text

    try:
        with host.folder.locked():
            loaded = host.load()
            if player not in loaded.players:
                fail(SetupError(f"no player {player!r}; players: {', '.join(loaded.players)}"),
                     USAGE)
            if player not in loaded.game.awaiting(loaded.state):
                fail(FolderError(f"{player}'s orders are not awaited now"), USAGE)
            state = loaded.state
            rng = random.Random(seed if seed is not None else f"{player}:{state['tick']}")
            orders = choose_orders(loaded.game, state, player, strategy, rng)
            host.folder.write_player(order_file(player), order_file_text(
                loaded.game, state, player, orders, strategy))
    except FolderError as error:
        fail(error)
    click.echo(f"wrote {len(orders)} order(s) to {order_file(player)}")


@click.command()
@click.option("--game", "game_id", default=registry.DEFAULT, show_default=True)
@click.option("--games", "count", type=click.IntRange(1, 1_000_000), default=100,
              show_default=True)
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--strategy", "strategies", default="random", show_default=True,
              help="random or greedy; comma-separated to give each seat its own.")
@click.option("--setup", "words", default="", metavar="WORDS",
              help="Setup words for every game, e.g. 'hard' (space-separated).")
@click.option("--players", default=None, metavar="A,B,C",
              help="The seats (default: the game's own names); picks the player count.")
@click.option("--json", "as_json", is_flag=True, help="Per-game results as JSON lines.")
def simulate(game_id: str, count: int, jobs: int, seed: int, strategies: str, words: str,
             players: str | None, as_json: bool) -> None:
    """Bots play whole games in memory; prints scores per seat and speed."""
    from .engine import simulate as sim
    from .engine.bots import STRATEGIES
    from .engine.sheets import table

    try:
        game_id = registry.canonical(game_id)
    except KeyError:
        fail(SetupError(f"no game {game_id!r}; installed: {', '.join(registry.ids())}"), USAGE)
    chosen = [s.strip() for s in strategies.split(",")]
    if any(s not in STRATEGIES for s in chosen):
        fail(SetupError(f"strategies are {', '.join(STRATEGIES)}"), USAGE)
    seats = [p.strip() for p in players.split(",")] if players else None
    try:
        game = registry.get(game_id)
        game.parse_options(words.split(), None)
        if seats is not None:
            from .engine.host import check_players

            check_players(game, seats)
    except SetupError as error:
        fail(error, USAGE)
    start = time.perf_counter()
    bar = None
    if sys.stderr.isatty():
        bar = click.progressbar(length=count, label="simulating", file=sys.stderr,
                                show_pos=True)

    def progress(n: int) -> None:
        if bar is not None and time.perf_counter() - start > 2:
            bar.update(n)

    try:
        records = sim.run(game_id, count, seed, chosen, jobs, progress, words.split(), seats)
    finally:
        if bar is not None:
            bar.render_finish()
    seconds = time.perf_counter() - start
    if as_json:
        for record in records:
            click.echo(json.dumps(record.as_dict(), sort_keys=True))
        return
    headers, rows = sim.summary(records, seconds)
    click.echo(table(rows, headers))
    ticks = sum(r.ticks for r in records) / len(records)
    turns = sum(r.turns for r in records) / len(records)
    click.echo(f"{count} game(s) of {game_id}, strategy {strategies}, seed {seed}, "
               f"{jobs} job(s): mean length {ticks:.1f} ticks for {turns:.1f} turns "
               f"({ticks / max(turns, 1e-9):.2f} ticks a turn), {count / seconds:.1f} games/s")


def _seconds(ctx: click.Context, param: click.Parameter, value: float) -> float:
    if not math.isfinite(value) or not 0.01 <= value <= 86400:
        raise click.BadParameter(f"{value} is not a number of seconds from 0.01 to 86400")
    return value


@click.command()
@click.option("--interval", type=float, default=5.0, show_default=True, callback=_seconds,
              help="Seconds between looks at the order files (0.01 to 86400).")
@click.option("--max-ticks", type=click.IntRange(min=1), default=None,
              help="Stop after playing this many ticks.")
@click.option("--commit", "git_commit", is_flag=True, help="Commit each tick in git.")
@dir_option
def watch(host: Host, interval: float, max_ticks: int | None, git_commit: bool) -> None:
    """Play each tick as soon as every awaited order file is complete (ends with `end`).
    Stops at the end of the game. Completeness is checked again, under the same hold of the
    lock as the tick itself, so a file saved half-way or a tick played by someone else in
    between is never played."""
    played = 0
    reported: set[str] = set()
    while max_ticks is None or played < max_ticks:
        try:
            loaded, checks = host.check()
        except Busy:
            time.sleep(interval)
            continue
        except FolderError as error:
            fail(error)
        if loaded.game.is_over(loaded.state):
            click.echo(f"The game is over. {loaded.game.result(loaded.state).summary}")
            return
        if checks and all(c.parsed.ended for c in checks):
            problems = [p for c in checks for p in c.problems]
            key = "\n".join(p.render() for p in problems)
            if problems and key not in reported:
                reported.add(key)
                click.echo(key, err=True)
                click.echo("waiting for the file(s) above to be fixed", err=True)
            if not problems:
                try:
                    after, outcome = host.tick(complete=True, expect=loaded.state["tick"])
                except Busy:  # someone else played it, or a file lost its `end`: look again
                    continue
                except FolderError as error:
                    fail(error)
                if not outcome.problems:
                    played += 1
                    count = sum(count_orders(o) for o in outcome.executed.values())
                    click.echo(f"Tick {after.state['tick']} played ({count} order(s)).")
                    if git_commit:
                        commit_in_git(host, f"Tick {after.state['tick']}: {count} orders")
                    continue
        time.sleep(interval)


@click.command()
@click.argument("player", required=False)
@click.option("--html", "html_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Also write one self-contained page with a chart per figure.")
@dir_option
def history(host: Host, player: str | None, html_file: Path | None) -> None:
    """Each player's key figures tick by tick (PLAYER: only what that player's sheets showed;
    without it, the referee's view of everyone)."""
    from .engine.history import page, table_rows
    from .engine.sheets import table
    from .engine.tools import history as figures

    try:
        if player:
            (player,) = host.player_names({player})
        loaded, found = figures(host, player)
    except FolderError as error:
        fail(error)
    headers, rows = table_rows(found)
    click.echo(table(rows, headers, align="right"))
    if html_file is not None:
        title = f"{loaded.game.title}: " + (f"{player}'s history" if player else "history")
        from .engine import playerfiles

        target = html_file.resolve()
        playerfiles.write(target.parent, target.name, page(title, found).encode("utf-8"))
        click.echo(f"wrote {html_file}")


COMMANDS = [history, replay, verify, reveal, diff_command, rollback, bot, simulate, watch]
