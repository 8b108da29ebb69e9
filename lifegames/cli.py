"""The `play.py` command line: argument handling, printing and exit codes only (the exit codes
are listed in cli_common.py). The referee's tools live in cli_tools.py, loaded on demand."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import click

from . import cli_common, registry
from .cli_common import REJECTED, USAGE, commit_in_git, dir_option, fail, report_lines, run_main
from .engine.base.escape import visible
from .engine.base.words import counted
from .engine.core.contract import SetupError
from .engine.core.turn import TickOutcome, count_orders
from .engine.folder.folder import FolderError
from .engine.host.host import Host, Loaded, order_file

TOOLS = ("authorized-keys", "bot", "diff", "history", "replay", "reveal", "rollback", "simulate",
         "verify", "watch")


class _Commands(click.Group):
    """The referee's tools (lifegames.cli_tools) are imported only when one is asked for or
    listed: a player's tick or check never pays for them."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *TOOLS})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in TOOLS and name not in self.commands:
            from .cli_tools import COMMANDS

            for command in COMMANDS:
                self.add_command(command)
        return super().get_command(ctx, name)


@click.group(cls=_Commands,
             context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.option("--dir", "folder", default=None, metavar="PATH",
              help="The game folder for the command (default: the current folder).")
@click.version_option(package_name="lifegames")
@click.pass_context
def cli(ctx: click.Context, folder: str | None) -> None:
    """Play board games by order file.

    \b
    A game lives in a folder: one sub-folder per player holding their sheets, their order
    file and archive/. Each player edits <Player>/<Player>_orders.txt; anyone then runs
    `python3 play.py tick`, which checks every order file and plays one tick, or changes
    nothing and says what to fix.

    \b
    At a distance, the game folder stays the referee's (private) and each player gets a seat
    with only what they may see: over git (`setup --remotes TEMPLATE`: a repository per
    player, which tick and watch fetch and push) or a synced folder (`setup --seats DIR`).
    Players write <Player>_orders.txt there; `check` in a seat checks it against what they
    know.

    \b
    Start:   python3 play.py setup            (Simple Kingdoms, easy; `setup hard`)
    Play:    python3 play.py check  /  tick  /  status  /  state
    Learn:   python3 play.py orders  /  games (an order file may hold plans: see `orders`)
             python3 play.py explain CODE  (what E-SYNTAX, W-NOT-AWAITED... mean)
    Editor:  python3 play.py lsp  (a language server: check while you type; see README)

    \b
    Referee:  replay / verify / reveal / diff / rollback / bot / simulate / watch / history
    Host:     authorized-keys (seats over ssh: each player's key reaches their seat only)

    \b
    Exit codes: 0 ok, 1 orders rejected, 2 usage, 3 folder busy, 4 damaged folder or
    command not possible now, 5 internal error, 6 verify found a difference.
    """
    ctx.obj = {"dir": folder}


@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("words", nargs=-1, type=click.UNPROCESSED)
@click.option("--game", "game_id", default=registry.DEFAULT, show_default=True,
              help="Which game (see `play.py games`).")
@click.option("--players", default=None, metavar="A,B",
              help="Player names, comma-separated (default: the game's own names).")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
              help="Dice seed (default: a fresh secret one).")
@click.option("--salt", default=None, metavar="HEX",
              help="Secret salt of the seed's published hash (default: a fresh one); the same "
                   "seed and salt replay a game exactly.")
@click.option("--ticks", type=int, default=None, help="Game length in ticks (default: the game's).")
@click.option("--seats", default=None, metavar="DIR",
              type=click.Path(file_okay=False, path_type=Path),
              help="Give each player a seat, DIR/<Player>/, holding only what they may see; "
                   "the game folder stays the referee's (keep it private).")
@click.option("--remotes", default=None, metavar="TEMPLATE",
              help="Give each player a seat over git: TEMPLATE names each player's remote "
                   "with {player}, e.g. ../remotes/{player}.git (made here) or "
                   "git@example.org:me/game-{player}.git (an empty repository). tick and "
                   "watch fetch and push them; the game folder stays the referee's.")
@click.option("--clone-url", "clone_url", default=None, metavar="TEMPLATE",
              help="With --remotes: the address players clone their seat from, with "
                   "{player}, e.g. "
                   "ssh://lifegames@host.example/home/lifegames/remotes/{player}.git; "
                   "setup prints it in each player's clone line (see authorized-keys).")
@click.option("--commit", "git_commit", is_flag=True,
              help="Commit the new game in the game folder's git repository (started if "
                   "needed). Never runs git in a seat.")
@dir_option
def setup(host: Host, words: tuple[str, ...], game_id: str, players: str | None,
          seed: int | None, salt: str | None, ticks: int | None, seats: Path | None,
          remotes: str | None, clone_url: str | None, git_commit: bool) -> None:
    """Start a new game in the folder.

    WORDS are the game's own options: `hard` (Simple Kingdoms); `--goals N`, `goal=F`,
    `sandbox`, `days=N` (A Simple Life); the house rule `max_rounds=N` (A Chaotic Life!,
    off by default). `play.py orders GAME` lists them."""
    try:
        game = registry.get(game_id)
    except KeyError:
        raise click.BadParameter(f"no game {game_id!r}; installed: {', '.join(registry.ids())}",
                                 param_hint="--game") from None
    names = [p.strip() for p in players.split(",")] if players else list(game.default_players)
    clones: dict[str, str] = {}
    if clone_url is not None:
        from .engine.seats.seatkeys import clone_urls

        if remotes is None:
            fail(SetupError("--clone-url goes with --remotes (the seats over git it names)"),
                 USAGE)
        try:
            clones = clone_urls(clone_url, names)
        except ValueError as error:
            fail(SetupError(str(error)), USAGE)
    for place in (host.folder.root, seats):  # never a game inside another's files or a seat
        if place is not None:
            cli_common.output_path(Path(place), folder=True, links=True)
    try:
        loaded = host.setup(game, names, list(words), seed, ticks, salt, seats, remotes)
    except SetupError as error:
        fail(error, USAGE)
    except FolderError as error:
        fail(error)
    state = loaded.state
    root = host.folder.root
    click.echo(f"{game.title} is set up in {root.resolve()}")
    for line in loaded.game.status_lines(state):
        click.echo(f"  {line}")
    click.echo("  players: " + ", ".join(loaded.players))
    click.echo("  the dice seed's sha256 is in seed_sha256.txt")
    where = _where(root)
    if remotes is not None:
        import shlex

        click.echo("  seats over git: send each player their own line, and no one else's:")
        for player, url in sorted(host.folder.remotes().items()):
            url = clones.get(player, url)
            click.echo(f"    {player}: git clone -b main -c pull.rebase=true {shlex.quote(url)} "
                       f"{player}")
        served = cli_common.daemon_served({p: clones.get(p, u) for p, u in
                                           host.folder.remotes().items()})
        if served:
            click.echo(f"  warning: these seats are NOT private: {cli_common.daemon_line(served)}")
        if clones:
            keys = " ".join(f"--key {p}={p.lower()}.pub" for p in sorted(clones))
            click.echo(f"  their keys (the .pub files they send): python3 play.py "
                       f"authorized-keys{where} {keys} >> ~/.ssh/authorized_keys, as the "
                       "account in those addresses")
        for line in host.seat_lines:
            click.echo(f"  {line}")
        click.echo(f"Next: each player edits <Player>_orders.txt in their clone, commits and "
                   f"pushes; then run: python3 play.py watch{where} (or tick: it fetches "
                   "every seat first and pushes the new sheets)")
        return _maybe_commit(host, git_commit, game.title, loaded.players)
    if seats is not None:
        click.echo(f"  seats: {', '.join(str(seats / p) for p in loaded.players)}; give each "
                   "player their own seat only, and keep this folder to yourself")
        click.echo(f"Next: each player writes orders in <Player>_orders.txt in their seat; "
                   f"then run: python3 play.py tick{where}")
        return _maybe_commit(host, git_commit, game.title, loaded.players)
    click.echo("Next: each player writes orders in " +
               " and ".join(str(Path(where.removeprefix(' --dir ') or '.') / order_file(p))
                            for p in loaded.game.awaiting(state)) +
               f", then run: python3 play.py tick{where}")
    _maybe_commit(host, git_commit, game.title, loaded.players)


def _where(root: Path) -> str:
    """` --dir PATH` when the game folder is not the current one, so the next command shown
    works from where the user stands."""
    here = Path.cwd().resolve()
    if root.resolve() == here:
        return ""
    near = os.path.relpath(root.resolve(), here)
    return f" --dir {near if near.count('..') <= 1 else root.resolve()}"


def _maybe_commit(host: Host, git_commit: bool, title: str, players: list[str]) -> None:
    if git_commit:
        try:
            with host.folder.locked():  # git never runs beside another lifegames command
                commit_in_git(host, f"Setup: {title} for {', '.join(players)}")
        except FolderError as error:
            fail(error)


@cli.command()
@click.option("--commit", "git_commit", is_flag=True,
              help="Commit the tick's result in the game folder's git repository (never "
                   "pushes; never runs git in a seat). Seats over git are committed and "
                   "pushed by every tick anyway.")
@click.option("--absent", default="", metavar="A,B",
              help="Play these awaited players by their game's default for an absent player "
                   "(see `status`), whatever their order files hold.")
@dir_option
def tick(host: Host, git_commit: bool, absent: str) -> None:
    """Check every awaited order file, then play exactly one tick (or change nothing)."""
    if not git_commit:
        return _tick(host, absent, None, git_commit)
    # With --commit the lock is held from before the tick until its commit into git is made:
    # a tick an earlier run played but never committed (it was killed) is committed first,
    # and git never runs beside another lifegames command.
    seen = host.folder.peek_tick()
    try:
        with host.folder.locked():
            cli_common.catch_up_in_git(host)
            _tick(host, absent, seen, git_commit)
    except FolderError as error:
        fail(error)


def _tick(host: Host, absent: str, seen: int | None, git_commit: bool) -> None:
    try:
        away = {name.strip() for name in absent.split(",") if name.strip()}
        loaded, outcome = host.tick(absent=host.player_names(away), expect=seen)
    except FolderError as error:
        fail(error)
    if outcome.problems:
        for problem in outcome.problems:
            click.echo(problem.render(), err=True)
        files = "file" if len({p.path for p in outcome.problems}) == 1 else "files"
        click.echo(f"\n{counted(len(outcome.problems), 'problem')}; nothing was played and no "
                   f"file changed. Fix the order {files} above and run tick again.", err=True)
        for line in host.seat_lines:  # the fetch and push before the refusal still ran
            click.echo(f"  {line}")
        sys.exit(REJECTED)
    state = loaded.state
    away = state.get("absent", [])
    played = ", ".join(f"{p} {'away' if p in away else counted(count_orders(o), 'order')}"
                       for p, o in outcome.executed.items() if p in outcome_players(outcome))
    click.echo(f"Tick {state['tick']} played: {played or 'no orders'}.")
    if away:
        from .engine.text.sheets import away_line

        click.echo(f"  {away_line(away, loaded.game.absent_policy)}")
    for player, why in outcome.stopped.items():
        click.echo(f"  {player}'s plan stopped at {why}")
    for line in loaded.game.status_lines(state):
        click.echo(f"  {line}")
    if loaded.game.is_over(state):
        click.echo(f"The game is over. {loaded.game.result(state).summary}")
    elif host.remote_seats() is not None:
        click.echo("New sheets are committed in each seat; players `git pull` to read them.")
    else:
        click.echo("New sheets are in each player's folder; the old ones moved to archive/.")
    for line in host.seat_lines:
        click.echo(f"  {line}")
    if git_commit:
        count = sum(count_orders(o) for o in outcome.executed.values())
        commit_in_git(host, f"Tick {state['tick']}: {counted(count, 'order')}")


def outcome_players(outcome: TickOutcome) -> list[str]:
    """The players whose files were played (not those who only changed standing orders)."""
    return [c.player for c in outcome.checks]


@cli.command()
@click.argument("player", required=False)
@dir_option
def check(host: Host, player: str | None) -> None:
    """Check order files without playing (PLAYER: just that one). Changes nothing. In a
    player's seat, checks that player's file against what they know."""
    if _check_in_seat(host.folder.root):
        return
    try:
        if player:
            (player,) = host.player_names({player})
        loaded, checks = host.check(player)
    except FolderError as error:
        fail(error)
    if not checks and loaded.game.is_over(loaded.state):
        click.echo(f"The game is over. {loaded.game.result(loaded.state).summary}")
    elif not checks:
        click.echo("no order files are awaited now" + (f" from {player}" if player else ""))
    bad = 0
    for result in checks:
        if result.problems and host.untouched_template(result.player):
            # Not a refusal: nothing is written yet (the file is as the engine left it).
            click.echo(f"{order_file(result.player)}: not written yet (still the template); "
                       f"{result.player}'s orders go there")
            click.echo("\n".join(f"  {hint}" for hint in result.problems[0].hint.splitlines()))
            continue
        if result.problems:
            bad += len(result.problems)
            for problem in result.problems:
                click.echo(problem.render())
            continue
        for line in report_lines(result):
            click.echo(line)
    for other in host.unawaited:  # orders written out of turn: they will not run as written
        for warning in other.warnings:
            click.echo(warning.render())
    for result in checks:
        for name in host.misnamed(result.player):
            click.echo(f"note: {name} looks like an order file, but lifegames reads only "
                       f"{order_file(result.player)}: rename it (names must match, capitals "
                       "too)")
    if bad:
        click.echo(f"\n{counted(bad, 'problem')}. `tick` would change nothing until "
                   f"{'it is' if bad == 1 else 'they are'} fixed.")
        sys.exit(REJECTED)


def _check_in_seat(root: Path) -> bool:
    """`check` run in a seat (a folder with seat.json and no game of its own): the player's
    file checked on the knowledge the host left there. False if `root` is not a seat."""
    if (root / ".lifegames").exists():  # a game folder: the host's check (no seat code)
        return False
    from .engine.core.orders import MAX_FILE_BYTES, parse_bytes
    from .engine.files import playerfiles
    from .engine.seats.playercheck import check_as, seat_standpoint

    try:
        seat = seat_standpoint(root, registry.get)
    except FolderError as error:
        fail(error)
    if seat is None:
        return False
    game = seat.game
    name = f"{seat.player}_orders.txt"
    try:
        found = playerfiles.read(root, name, MAX_FILE_BYTES)
    except playerfiles.Refused as refused:
        fail(FolderError(f"{refused.path} {refused.reason}", refused.hint))
    if seat.over:
        click.echo(f"{game.title}, {seat.player}'s seat: the game is over (after tick "
                   f"{seat.next_tick - 1}), and no order file is read any more. "
                   f"{seat.result}".rstrip())
        return True
    parsed = parse_bytes(game.grammar_name(), found.data if found else b"", name,
                         found.size if found else None)
    click.echo(f"{game.title}, {seat.player}'s seat, next tick {seat.next_tick}: checked "
               "against what you know (the host checks it again, with the other players' "
               "orders)")
    from .cli_seat import behind_note

    late = behind_note(root, seat.next_tick - 1)
    if late is not None:  # a clone behind its remote: its sheets, and this check, are old
        click.echo(f"  {late}")
    checked = check_as(seat, parsed)
    result = checked.result
    if result is None:
        click.echo(f"  {seat.not_awaited_note()}")
        for problem in [*checked.problems, *checked.warnings]:
            click.echo(problem.render())
        if checked.problems:
            sys.exit(REJECTED)
        if checked.standing is not None:
            click.echo("  standing orders in force once the host reads this file: " +
                       (", ".join(checked.standing) or "none"))
        return True
    if result.problems:
        for problem in result.problems:
            click.echo(problem.render())
        count = len(result.problems)
        click.echo(f"\n{counted(count, 'problem')}: the host's tick would refuse this file "
                   f"until {'it is' if count == 1 else 'they are'} fixed.")
        sys.exit(REJECTED)
    for line in report_lines(result):
        click.echo(line)
    return True


@cli.command()
@click.option("--fetch", is_flag=True,
              help="In a player's git clone of their seat: `git fetch` first, to see what the "
                   "host pushed since (without it, the remote is as your last fetch or pull "
                   "left it).")
@dir_option
def status(host: Host, fetch: bool) -> None:
    """Where the game stands: tick, whose orders are awaited, which files hold orders. In a
    player's seat (a synced folder or their git clone), the same from what the seat knows:
    how the player's file stands, and in a clone whether `git pull` brings newer sheets."""
    from .cli_seat import status_in_seat

    if status_in_seat(host.folder.root, fetch):
        return
    if fetch:
        fail(FolderError("--fetch is for a player's git clone of their seat",
                         "in the game folder, tick and watch fetch every seat"), USAGE)
    try:
        loaded = host.load()
        holds, complete = host.order_files_status(loaded)
    except FolderError as error:
        fail(error)
    game, state = loaded.game, loaded.state
    length = f" of {state['max_ticks']}" if "max_ticks" in state else ""
    click.echo(f"{game.title} in {host.folder.root.resolve()}: tick {state['tick']}{length}")
    for line in game.status_lines(state):
        click.echo(f"  {line}")
    click.echo(cli_common.trust_line(host))
    exposed = cli_common.privacy_line(host)
    if exposed is not None:
        click.echo(exposed)
    if game.is_over(state):
        click.echo(f"The game is over. {game.result(state).summary}")
        return
    awaited = game.awaiting(state)
    click.echo("awaiting orders from: " + (", ".join(awaited) or "nobody"))
    for player in loaded.players:
        what = holds[player]
        mark = "" if player in awaited else " (not awaited)"
        missed = loaded.envelope.get("stats", {}).get("missed", {}).get(player, 0)
        ended = " [complete: ends with 'end']" if player in complete else ""
        click.echo(f"  {order_file(player)}: {what}{ended}{mark}; missed {counted(missed, 'tick')}")
        for name in host.misnamed(player):
            click.echo(f"    note: {name} looks like an order file; only "
                       f"{order_file(player)} is read")
    click.echo(f"missing orders: {game.missing_orders_policy}")
    click.echo(f"absent players (tick --absent NAME): {game.absent_policy}")
    for line in [*_seat_status(host), *_git_status(host, int(state["tick"]))]:
        click.echo(line)


def _git_status(host: Host, tick: int) -> list[str]:
    """In a game the host commits into git (a `--commit` run said so): a line if the newest
    tick is not committed yet (the run that played it was interrupted)."""
    from .engine.host.gitops import committed_tick
    from .engine.host.host import COMMITS_FILE
    from .engine.seats.gitseats import GitError

    if host.folder.read_meta(COMMITS_FILE.split("/", 1)[1]) is None:
        return []
    try:
        done = committed_tick(host.folder.root)
    except GitError as error:
        return [f"git: {visible(str(error))}"]
    if done is not None and done >= tick:
        return []
    return [f"git: tick {tick} is played but not committed yet (the run that played it was "
            "interrupted); the next `tick --commit` commits it first"]


def _seat_status(host: Host) -> list[str]:
    """Per seat over git: its remote, the commit last read and when it was fetched."""
    remotes = host.remote_seats()
    if remotes is None:
        return []
    lines = ["seats over git (status and check do not fetch; tick and watch do):"]
    for player, seat in remotes.seats.items():
        record = seat.record
        when = seat.fetched_at()
        ago = "never fetched" if when is None else f"fetched {_ago(time.time() - when)}"
        at = f"at {record.fetched[:7]}, " if record.fetched else ""
        lines.append(f"  {player}: {seat.url}: {at}{ago}")
        if record.played:
            lines.append(f"    tick {record.played_tick} played the order file of commit "
                         f"{record.played[:7]}")
        if record.problem:
            lines.append(f"    {record.code}: {record.problem}")
            lines.append(f"      {record.hint}")
        if record.unpublished:
            lines.append("    the host's files could not be committed to this seat: "
                         f"{record.unpublished}")
        if seat.pending():
            lines.append("    the host's newest commit is not pushed yet (the next tick or "
                         "watch round pushes it)")
    return lines


def _ago(seconds: float) -> str:
    seconds = max(0, int(seconds))
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            return f"{counted(seconds // size, unit)} ago"
    return f"{counted(seconds, 'second')} ago"


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print the whole state as JSON.")
@click.option("--player", default=None, help="Only what this player may see.")
@dir_option
def state(host: Host, as_json: bool, player: str | None) -> None:
    """The referee's view of the whole game (JSON with --json), or one player's view."""
    try:
        if player is not None:
            (player,) = host.player_names({player})
        loaded = host.load()
    except FolderError as error:
        fail(error)
    view = (loaded.game.public_state(loaded.state) if player is None
            else loaded.game.player_state(loaded.state, player))
    if as_json:
        click.echo(json.dumps(view, indent=2, sort_keys=True, ensure_ascii=False))
        return
    if player is None:
        from .engine.text.overview import render

        click.echo(render(loaded.game, loaded.state, loaded.players), nl=False)
        click.echo("(state --json gives everything as JSON)")
        return
    for key in sorted(view):
        if not isinstance(view[key], (dict, list)):
            click.echo(f"{key}: {'none' if view[key] is None else view[key]}")
    click.echo("(use --json for everything)")


@cli.command()
@click.argument("game_id", required=False, metavar="[GAME]")
@dir_option
def orders(host: Host, game_id: str | None) -> None:
    """The order reference of a game (default: this folder's game, else Simple Kingdoms)."""
    from .engine.text.reference import render

    if game_id is None:
        try:
            game_id = host.folder.load()["game"] if host.folder.has_game() else registry.DEFAULT
        except FolderError:
            game_id = registry.DEFAULT
    try:
        game = registry.get(game_id)
    except KeyError:
        raise click.BadParameter(f"no game {game_id!r}; installed: {', '.join(registry.ids())}",
                                 param_hint="GAME") from None
    click.echo(render(game), nl=False)


@cli.command()
@click.argument("code")
def explain(code: str) -> None:
    """What a problem code means, and where to read more.

    CODE is one that `check` or `tick` printed (E-SYNTAX, W-NOT-AWAITED): an E- code refuses
    the order file, a W- code only warns. A code several games give is said for each."""
    import difflib

    from .engine.base.codes import Code, engine

    wanted = code.strip().upper()
    known: list[tuple[str, Code]] = [("every game", c) for c in engine()]
    for game_id in registry.ids():
        game = registry.get(game_id)
        known += [(game.title, c) for c in game.codes()]
    found = [(where, c) for where, c in known if c == wanted]
    if not found:
        close = difflib.get_close_matches(wanted, sorted({str(c) for _, c in known}), n=2,
                                          cutoff=0.8)
        meant = f"; did you mean {' or '.join(close)}?" if close else ""
        raise click.BadParameter(f"no problem code {code!r}{meant}", param_hint="CODE")
    for where, c in found:
        click.echo(f"{c} ({where}): {c.meaning}")
        click.echo(f"  read more: {c.doc}")


@cli.command()
def lsp() -> None:
    """Run the language server for order files on stdin/stdout (for an editor to start).

    \b
    Needs the optional extra: pip install 'lifegames[lsp]'. The editor starts it as
    `lifegames lsp`; README ("Live checking in your editor") shows how for Neovim, Helix,
    Emacs and VS Code."""
    from . import lsp as server

    if not server.available():
        fail(FolderError(server.MISSING, server.INSTALL), USAGE)
    server.main()


@cli.command()
def games() -> None:
    """The games installed."""
    from .engine.text.sheets import table

    rows = []
    for game_id in registry.ids():
        game = registry.get(game_id)
        players = (f"{game.min_players}" if game.min_players == game.max_players
                   else f"{game.min_players}-{game.max_players}")
        rows.append([game_id, game.title, players])
    click.echo(table(rows, ["id", "title", "players"]))


def main() -> None:
    """play.py's entry point (exit codes and printing: see cli_common)."""
    run_main(cli)


__all__ = ["Loaded", "cli", "main"]
