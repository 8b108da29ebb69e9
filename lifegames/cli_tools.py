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
from typing import TYPE_CHECKING

import click

from . import cli_common, registry
from .cli_common import DIFFERENT, USAGE, commit_in_git, dir_option, fail, report_lines
from .engine.base.codes import E
from .engine.base.words import counted
from .engine.core.contract import SetupError
from .engine.core.turn import count_orders
from .engine.folder.folder import Busy, FolderError
from .engine.host.host import Host, order_file
from .engine.text.sheets import away_line

if TYPE_CHECKING:
    from .engine.core.turn import FileCheck
    from .engine.host.host import Loaded


@click.command()
@click.argument("target", type=click.Path(file_okay=False, path_type=Path))
@click.option("--upto", type=click.IntRange(min=0), default=None,
              help="Stop after this tick (default: the last).")
@click.option("--seed", type=int, default=None, help="Replay with this seed (after `reveal`).")
@dir_option
def replay(host: Host, target: Path, upto: int | None, seed: int | None) -> None:
    """Rebuild the game in the empty folder TARGET from its setup and executed orders (never
    through a link, nor inside a game folder's hidden data, a player's folder or a seat)."""
    from .engine.host.tools import replay as rebuild
    from .engine.host.tools import seats_beside

    named = target
    target = cli_common.output_path(target, folder=True)
    try:
        if host.folder.has_game() and host.folder.seats_root() is not None:
            cli_common.output_path(seats_beside(named), folder=True)  # the replay's seats go there
    except FolderError as error:
        fail(error)
    if target.exists() and os.listdir(target):
        fail(FolderError(f"{named} is not empty", "replay into a new folder"), USAGE)
    try:
        built = rebuild(host, target, upto=upto, seed=seed)
    except FolderError as error:
        fail(error)
    click.echo(f"replayed {counted(built.state['tick'], 'tick')} into {named}")


@click.command()
@click.option("--seed", type=int, default=None,
              help="Replay with a revealed seed (checked against seed_sha256.txt first).")
@click.option("--salt", default=None, help="The revealed salt that goes with --seed.")
@click.option("--full", is_flag=True,
              help="Draw every tick's sheets anew, not trusting .lifegames/sheets.txt (slower).")
@dir_option
def verify(host: Host, seed: int | None, salt: str | None, full: bool) -> None:
    """Replay the whole game and compare every sheet, log and the state byte for byte."""
    from .engine.host.tools import diagnose
    from .engine.host.tools import verify as check_all

    try:
        differences = check_all(host, seed=seed, salt=salt, full=full)
        players = host.load(strict=False).players
    except FolderError as error:
        fail(error)
    if differences:
        click.echo(differences[0].render())
        if len(differences) > 1:
            more = len(differences) - 1
            click.echo(f"({more} more {'file differs' if more == 1 else 'files differ'})")
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
    from .engine.core.dice import committed_text, seed_digest
    from .engine.host.tools import reveal as get_seed

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
    """A unified diff of PLAYER's sheets and board picture between ticks FIRST and SECOND
    (default: the last two)."""
    from .engine.host.tools import diff

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
    from .engine.host.tools import rollback as go_back

    try:
        loaded = go_back(host, tick)
    except FolderError as error:
        fail(error)
    click.echo(f"rolled back to tick {loaded.state['tick']}; the undone orders are recorded in "
               ".lifegames/rollbacks.txt")
    for line in host.seat_lines:
        click.echo(f"  {line}")


@click.command()
@click.argument("player", required=False)
@click.option("--all", "everyone", is_flag=True, help="Every player whose orders are awaited.")
@click.option("--strategy", type=click.Choice(["greedy", "random"]), default="greedy",
              show_default=True,
              help="greedy: what a thoughtful player would write (a whole turn as a plan, "
                   "each order the one that helps most); random: any legal orders, picked at "
                   "random (to test a game, not to stand in for a player).")
@click.option("--seed", type=int, default=None,
              help="Seed for the bot's choices (default: derived from the tick and player).")
@click.option("--force", is_flag=True,
              help="Replace a file that holds orders already (the draft is kept in "
                   ".lifegames/drafts.txt), and write the bot's standing orders in place of "
                   "the player's.")
@dir_option
def bot(host: Host, player: str | None, everyone: bool, strategy: str, seed: int | None,
        force: bool) -> None:
    """Write a legal order file for PLAYER (or --all awaited players), by default the greedy
    bot's: the one you would want standing in for a player who is away. A file that already
    holds orders (a draft) is kept unless --force. So are the player's standing orders: lines
    they wrote there are carried over as written, in place of the bot's own, and those in
    force from an earlier file stay (the bot writes none). Like tick, it holds
    the folder's lock and writes the file whole, never through a link. A seat over git gets
    the file as a commit, pushed to the player's remote as the player would push it. Run in a
    seat (a player's clone or synced seat folder), it writes that player's own file from what
    they know."""
    from .cli_seat import bot_in_seat
    from .engine.core.bots import holds_turn, order_file_text, stand_in, written_lines

    if bot_in_seat(host.folder.root, player, strategy, seed, force):
        return
    if bool(player) == everyone:
        fail(SetupError("name one PLAYER, or give --all"), USAGE)
    try:
        with host.folder.locked():
            loaded = host.load()
            host.sync_seats()
            awaited = loaded.game.awaiting(loaded.state)
            chosen = awaited if everyone else sorted(host.player_names({player or ""}))
            for name in chosen:
                if name not in awaited:
                    fail(FolderError(f"{name}'s orders are not awaited now",
                                     f"awaited now: {', '.join(awaited) or 'nobody'}"), USAGE)
            drafts = host._parse(loaded, chosen)
            unreadable = (E.NOT_A_FILE, E.UNREADABLE, E.FILE_TOO_LARGE, E.BINARY)
            written = {p for p in chosen
                       if any(line.kind != "header" for line in drafts[p].lines)
                       or any(x.code not in unreadable for x in drafts[p].problems)}
            # A draft for this tick is kept unless --force; a file for an earlier tick could
            # not be played anyway. Either way its text goes to drafts.txt before it is replaced.
            # The standing lines the player wrote are carried over unless --force.
            following = int(loaded.state["tick"]) + 1
            held = [p for p in sorted(written) if ((header := drafts[p].header) is None
                    or header.tick == following) and holds_turn(drafts[p])]
            if held and not force:
                fail(FolderError(f"{', '.join(order_file(p) for p in held)} already holds "
                                 "orders (a draft)", "--force replaces it and keeps the draft "
                                 "in .lifegames/drafts.txt"), USAGE)
            state = loaded.state
            for name in chosen:
                if name in written:
                    host.keep_draft(name, "replaced by the bot")
                rng = random.Random(seed if seed is not None else f"{name}:{state['tick']}")
                orders, note = stand_in(loaded.game, state, name, strategy, rng,
                                        drafts[name], force, order_file(name))
                text = order_file_text(loaded.game, state, name, orders, strategy)
                host.write_orders(name, text,
                                  f"{name}'s orders for tick {following}, by the {strategy} bot")
                click.echo(f"wrote {counted(written_lines(text), 'line')} to {order_file(name)}")
                if note:
                    click.echo(note)
            for line in host.seat_lines:
                click.echo(f"  {line}")
    except FolderError as error:
        fail(error)


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
    from .engine.core import simulate as sim
    from .engine.core.bots import STRATEGIES
    from .engine.text.sheets import table

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
            from .engine.host.host import check_players

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
        records = sim.run(registry.get, game_id, count, seed, chosen, jobs, progress,
                          words.split(), seats)
    finally:
        if bar is not None:
            bar.render_finish()
    seconds = time.perf_counter() - start
    if as_json:
        for record in records:
            click.echo(json.dumps(record.as_dict(), sort_keys=True))
        return
    headers, rows = sim.summary(records, seconds, game.cooperative)
    click.echo(table(rows, headers))
    ticks = sum(r.ticks for r in records) / len(records)
    turns = sum(r.turns for r in records) / len(records)
    setting = f", setup {' '.join(words.split())!r}" if words.split() else ""
    click.echo(f"{counted(count, 'game')} of {game_id}, strategy {strategies}, seed {seed}"
               f"{setting}, {counted(jobs, 'job')}: mean length {ticks:.1f} ticks for "
               f"{turns:.1f} turns "
               f"({ticks / max(turns, 1e-9):.2f} ticks a turn), {count / seconds:.1f} games/s")


def _seconds(ctx: click.Context, param: click.Parameter, value: float) -> float:
    if not math.isfinite(value) or not 0.01 <= value <= 86400:
        raise click.BadParameter(f"{value} is not a number of seconds from 0.01 to 86400")
    return value


def _duration(ctx: click.Context, param: click.Parameter, value: str | None) -> float | None:
    """`90s`, `30m`, `12h`, `2d` (or a bare number of seconds) as seconds."""
    if value is None:
        return None
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    text = value.strip().lower()
    number, unit = (text[:-1], text[-1]) if text[-1:] in units else (text, "s")
    if not number.isascii() or not number.isdigit() or not 0 < int(number) * units[unit] <= \
            366 * 86400:
        raise click.BadParameter(f"{value!r} is not a duration like 90s, 30m, 12h or 2d")
    return float(int(number) * units[unit])


@click.command()
@click.option("--interval", type=float, default=5.0, show_default=True, callback=_seconds,
              help="Seconds between looks at the order files (0.01 to 86400).")
@click.option("--max-ticks", type=click.IntRange(min=1), default=None,
              help="Stop after playing this many ticks.")
@click.option("--deadline", default=None, callback=_duration, metavar="DURATION",
              help="After this long since the last tick (90s, 30m, 12h, 2d), play every awaited "
                   "player whose file is not complete by their game's absent default.")
@click.option("--commit", "git_commit", is_flag=True, help="Commit each tick in git.")
@dir_option
def watch(host: Host, interval: float, max_ticks: int | None, deadline: float | None,
          git_commit: bool) -> None:
    """Play each tick as soon as every awaited order file is complete (ends with `end`).
    Stops at the end of the game. Completeness is checked again, under the same hold of the
    lock as the tick itself, so a file saved half-way or a tick played by someone else in
    between is never played. In a game with seats, each changed order file gets a check
    report in its seat (check_report.txt). Prints a line only when what it waits for
    changes, so its output suits a log file."""
    played = 0
    said = ""
    told: list[str] = []
    reports: dict[str, str] = {}
    seen: tuple[int | None, list[str]] | None = None
    while max_ticks is None or played < max_ticks:
        try:
            if host.remote_seats() is not None:
                # fetch_seats holds the lock, so it also finishes an interrupted tick. An idle
                # round costs the fetches and nothing more: the files are checked again only
                # when a seat's branch or the game moved on (or a deadline runs).
                changed = host.fetch_seats()
                now = (host.folder.peek_tick(), changed)
                told = _tell(host, told)
                if seen is not None and not changed and now[0] == seen[0] and deadline is None:
                    time.sleep(interval)
                    continue
                seen = now
            else:
                host.finish()  # watch plays ticks: an interrupted one is finished first
            loaded, checks = host.check()
            _seat_reports(host, loaded, checks, reports)
            told = _tell(host, told)
        except Busy:
            time.sleep(interval)
            continue
        except FolderError as error:
            fail(error)
        except Exception as error:  # a bug some file runs into: one player's file must not
            said = _bug(error, said)  # stop the host's watch for everyone
            time.sleep(interval)
            continue
        if loaded.game.is_over(loaded.state):
            click.echo(f"The game is over. {loaded.game.result(loaded.state).summary}")
            return
        waiting = [c for c in checks if not c.parsed.ended or c.problems]
        absent: set[str] = set()
        if waiting and deadline is not None and _since_last_tick(host) >= deadline:
            absent = {c.player for c in waiting}
            waiting = []
        news = _waiting_line(loaded.state["tick"], checks, waiting)
        if news != said:
            said = news
            click.echo(f"[{time.strftime('%H:%M:%S')}] {news}")
        if checks and not waiting:
            try:
                after, outcome = host.tick(absent=absent, complete=True,
                                           expect=loaded.state["tick"])
            except Busy:  # someone else played it, or a file lost its `end`: look again
                continue
            except FolderError as error:
                fail(error)
            except Exception as error:
                moved = host.folder.peek_tick() != loaded.state["tick"]
                said = _bug(error, said, "the tick WAS played" if moved else "")
                time.sleep(interval)
                continue
            if not outcome.problems:
                played += 1
                count = sum(count_orders(o) for o in outcome.executed.values())
                click.echo(f"Tick {after.state['tick']} played ({counted(count, 'order')}).")
                away = away_line(after.state.get("absent", []), after.game.absent_policy)
                if away:
                    click.echo(f"  {away}")
                told = _tell(host, [])
                if git_commit:
                    commit_in_git(host, f"Tick {after.state['tick']}: {counted(count, 'order')}")
                continue
        time.sleep(interval)


def _bug(error: Exception, said: str, played: str = "") -> str:
    """Say once (watch's output suits a log) that a bug stopped this look at the files;
    LIFEGAMES_DEBUG=1 lets it raise, with its traceback."""
    if os.environ.get("LIFEGAMES_DEBUG"):
        raise error
    news = (f"internal error: {error!r}; {played or 'nothing was played'}. watch goes on and "
            "looks again (set LIFEGAMES_DEBUG=1 for details and please report it)")
    if news != said:
        click.echo(f"[{time.strftime('%H:%M:%S')}] {news}", err=True)
    return news


def _since_last_tick(host: Host) -> float:
    """Seconds since the last tick was committed (the state file's age on disk: nothing is
    written to say when, so a restarted watch keeps the same deadline)."""
    try:
        return time.time() - host.folder.state_path.stat().st_mtime
    except OSError:
        return 0.0


def _waiting_line(tick: int, checks: list[FileCheck], waiting: list[FileCheck]) -> str:
    if not checks:
        return f"tick {tick + 1}: no order file is awaited"
    if not waiting:
        return f"tick {tick + 1}: every awaited file is complete; playing"
    return f"tick {tick + 1}: waiting for {', '.join(map(_waiting_for, waiting))}"


def _waiting_for(check: FileCheck) -> str:
    """How an awaited player's file stands, told without what is in it: a problem can quote a
    hand or a plan, which is its player's alone (`check` shows it to them; with seats, their
    check report does), and the host may be a player too."""
    player = check.player
    parsed = check.parsed
    unwritten = not parsed.ended and not parsed.orders and not parsed.standing  # a template
    if unwritten or any(p.code == E.STALE_ORDERS for p in check.problems):
        return f"{player} (no orders yet)"
    if not parsed.ended:
        return f"{player} (not ended)"
    count = counted(len(check.problems), "problem")
    return f"{player} ({count}: `python3 play.py check {player}` shows them to {player})"


def _tell(host: Host, told: list[str]) -> list[str]:
    """What publishing the seats over git said, printed once (an unreachable remote is not
    repeated every round); returns what was said."""
    lines, host.seat_lines = host.seat_lines, []
    fresh = [line for line in lines if line not in told]
    for line in fresh:
        click.echo(f"[{time.strftime('%H:%M:%S')}] {line}")
    return lines or told


def _seat_reports(host: Host, loaded: Loaded, checks: list[FileCheck], reports: dict[str, str]
                  ) -> None:
    """In a game with seats: a check report written into the seat of each player whose order
    file changed since the last report (only that player's own results). A seat over git
    gets it as a commit, pushed within the round."""
    from .engine.files import playerfiles
    from .engine.seats.seats import REPORT

    seats = host.folder.seats_root()
    if seats is None:
        return
    answered = []
    said: dict[str, list[str]] = {}
    for check in checks:
        mine = f"{check.player}_orders.txt"  # as the seat (and a clone of it) names the file
        said[check.player] = [p.in_file(mine).render() for p in check.problems] or \
            report_lines(check, mine)
    for other in host.unawaited:  # a file out of turn is answered only if it says something
        if other.warnings or other.problems or other.standing is not None:
            mine = f"{other.standpoint.player}_orders.txt"
            said[other.standpoint.player] = [other.standpoint.not_awaited_note()] + [
                p.in_file(mine).render() for p in [*other.problems, *other.warnings]]
            if other.standing is not None and not other.problems:
                said[other.standpoint.player].append(
                    "standing orders in force once this file is read: " +
                    (", ".join(other.standing) or "none"))
    for player, lines in said.items():
        head = f"check of your orders for tick {int(loaded.state['tick']) + 1}"
        text = head + "\n" + "\n".join(lines) + "\n"
        # Answered once per version of the file: after a tick an unchanged file is merely
        # stale, which the new sheets already say.
        seen = host.order_digests.get(player, "")
        if reports.get(player) in (text, seen):
            continue
        reports[player] = seen or text
        try:
            playerfiles.write(seats, f"{player}/{REPORT}", text.encode("utf-8"))
        except (OSError, playerfiles.Refused):
            continue  # a seat that cannot take it: the report waits for the next change
        answered.append(player)
    if answered:
        with host.folder.locked():
            host.publish_seats(f"Check report for tick {int(loaded.state['tick']) + 1}",
                               only=answered)


@click.command()
@click.argument("player", required=False)
@click.option("--html", "html_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Write the game's story as one self-contained page instead "
              "of printing the table: the result, a chart per figure, the board of each tick "
              "and what happened in words.")
@dir_option
def history(host: Host, player: str | None, html_file: Path | None) -> None:
    """Each player's key figures tick by tick (PLAYER: only what that player's sheets showed;
    without it, the referee's view of everyone). The page replaces FILE whole, never through
    a link, and never inside a game folder's hidden data, a player's folder or another's
    seat; it needs no script and fetches nothing (a PLAYER's page: only what their sheets
    showed). In a player's seat (or their git clone of it), the player's own story, from
    what the seat kept of each tick: the same table and page; the page may go in the seat
    itself."""
    from .cli_seat import history_in_seat
    from .engine.core.history import table_rows
    from .engine.host.tools import history as figures
    from .engine.host.tools import story
    from .engine.text.sheets import table

    if history_in_seat(host.folder.root, player, html_file):
        return
    target = cli_common.output_path(html_file) if html_file is not None else None
    try:
        if player:
            (player,) = host.player_names({player})
        if target is None:
            loaded, found = figures(host, player)
        else:
            loaded, told = story(host, player)
            found = told.rows
    except FolderError as error:
        fail(error)
    if target is None:
        headers, rows = table_rows(found)
        click.echo(table(rows, headers, align="right"))
    else:
        from .engine.files import playerfiles
        from .engine.text.story import page

        title = f"{loaded.game.title}: " + (f"{player}'s story" if player else "the story")
        try:
            playerfiles.write(target.parent, target.name, page(title, told).encode("utf-8"))
        except playerfiles.Refused as refused:
            fail(FolderError(f"{html_file} {refused.reason}", "name a new file"), USAGE)
        click.echo(f"wrote {html_file}")


@click.command(name="authorized-keys")
@click.option("--key", "keys", multiple=True, required=True, metavar="PLAYER=FILE",
              help="A player's public key file (their .pub), once per player.")
@dir_option
def authorized_keys(host: Host, keys: tuple[str, ...]) -> None:
    """Print an ~/.ssh/authorized_keys line per player: their key may then fetch from and push
    to their own seat's repository over ssh, and do nothing else (no shell, no other
    repository). For a game set up with --remotes on paths of this machine; append the lines
    to the authorized_keys file of the account the players log in as."""
    import shutil

    from .engine.seats.gitseats import is_local
    from .engine.seats.seatkeys import KeyProblem, authorized_line, forced_command, read_public_key

    named: dict[str, Path] = {}
    for given in keys:
        name, equals, where = given.partition("=")
        if not equals or not name.strip() or not where:
            fail(FolderError(f"--key {given!r} is not PLAYER=FILE",
                             "for example --key Ana=ana.pub"), USAGE)
        named[name.strip()] = Path(where)
    try:
        players = {name: host.player_names({name}).pop() for name in named}
        remotes = host.folder.remotes()
    except FolderError as error:
        fail(error)
    if not remotes:
        fail(FolderError(f"the game in {host.folder.root} has no seats over git",
                         "authorized-keys serves the repositories of `setup --remotes`"), USAGE)
    if len(set(players.values())) != len(players):
        fail(FolderError("a player is named twice", "give one --key per player"), USAGE)
    git = shutil.which("git")
    if git is None:
        fail(FolderError("git is not installed", "seats over git need it on the host"), USAGE)
    git = os.path.realpath(git)
    lines: list[str] = []
    seen: dict[str, str] = {}
    for name, file in named.items():
        player = players[name]
        url = remotes[player]
        if not is_local(url):
            fail(FolderError(f"{player}'s remote {url} is not a path on this machine",
                             "authorized-keys serves repositories on this machine; a forge "
                             "or gitolite grants access its own way"), USAGE)
        repo = os.path.realpath(url.removeprefix("file://"))
        if not os.path.isdir(repo):
            fail(FolderError(f"{player}'s repository {repo} is missing",
                             "it is made by setup; was it moved?"), USAGE)
        try:
            key = read_public_key(file)
            command = forced_command(player, repo, sys.executable, git)
        except KeyProblem as problem:
            fail(FolderError(str(problem), f"ask {player} for the .pub file of their key "
                             "(ssh-keygen -t ed25519 makes one)"), USAGE)
        if key.body in seen:
            fail(FolderError(f"{player} and {seen[key.body]} sent the same key",
                             "each player needs a key of their own"), USAGE)
        seen[key.body] = player
        lines.append(authorized_line(player, key, command))
    for line in lines:
        click.echo(line)


COMMANDS = [authorized_keys, history, replay, verify, reveal, diff_command, rollback, bot,
            simulate, watch]
