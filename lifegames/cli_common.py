"""What the player commands (cli.py) and the referee's tools (cli_tools.py) share: exit codes,
the `--dir` option, and how a failure is reported. Both import this module; neither imports
the other, so the tools load only when one of them is asked for.

Exit codes (stable; scripts may rely on them):
  0  ok
  1  orders rejected (nothing changed)
  2  usage: bad arguments, unknown game, no game in the folder
  3  busy: another play.py command holds the folder's lock
  4  damaged folder, or a folder that cannot take this command (already set up, game over),
     or a report that could not be printed by a command that changed nothing
  5  internal error (a bug; nothing was committed)
  6  verify found a difference, or the executed orders do not replay
  130  interrupted (Ctrl-C); the message says whether the tick was recorded

Whatever a command prints passes through escape.visible (a player's text cannot drive the
host's terminal), and a report that cannot be printed (a closed pipe, a full disk behind
`> file`) never changes the exit code of a command that changed the folder: that tick was
played, and the message says so, so a script that obeys does not play another.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import io
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

import click

from . import registry
from .engine.base.escape import visible
from .engine.base.words import counted
from .engine.core.contract import SetupError
from .engine.core.turn import FileCheck
from .engine.files import playerfiles
from .engine.folder.folder import JOURNAL_FILE, META, FolderError, GameFolder
from .engine.folder.shapes import host_file
from .engine.host.host import SEED_FILE, Host
from .engine.seats.seats import SEAT_FILE

if TYPE_CHECKING:  # the C core below has no stub of its own: `signal` declares its functions
    import signal
else:  # as in start.py: the C core, without the enums' start-up cost
    import _signal as signal

OK, REJECTED, USAGE, BUSY, DAMAGED, INTERNAL, DIFFERENT = 0, 1, 2, 3, 4, 5, 6
ENGINE_FILES = {SEED_FILE.lower(), ".gitignore", ".git", META}  # at a game folder's top
INTERRUPTED = 130
_HOSTS: list[Host] = []  # the game folders this process's command works on


def dir_option(command: Callable[..., object]) -> Callable[..., object]:
    """`--dir PATH` on every command (also accepted before the command name)."""

    def wrapper(ctx: click.Context, /, folder: str | None, **kwargs: object) -> object:
        chosen = folder or (ctx.obj or {}).get("dir") or "."
        host = Host(chosen, registry.get)
        _HOSTS.append(host)
        try:
            return command(host, **kwargs)
        except OSError as error:  # disk full, read-only folder, permissions
            disk_failure(host, error)
        finally:
            host.close()

    # what functools.wraps does, and then click's decorators, innermost first
    functools.update_wrapper(wrapper, command)
    return click.option("--dir", "folder", default=None, metavar="PATH",
                        help="The game folder (default: the current folder).")(
        click.pass_context(wrapper))


def recorded(host: Host) -> str:
    """'' if this command changed nothing in the game; else whether the change is complete
    ('done') or waits for the next command to finish writing it ('pending')."""
    try:
        pending = (host.folder.meta / JOURNAL_FILE).exists()
    except OSError:
        pending = False
    if pending:
        return "pending"
    return "done" if host.folder.committed else ""


_ADVICE = {
    errno.ENOSPC: ("free some space", "the disk has room again"),
    errno.EROFS: ("make it writable", "it is writable again"),
    errno.EACCES: ("make it writable", "it is writable again"),
    errno.EPERM: ("make it writable", "it is writable again"),
    errno.EISDIR: ("move it out of the way", "it is moved out of the way"),
    errno.ENOTDIR: ("move it out of the way", "it is moved out of the way"),
    errno.EEXIST: ("move it out of the way", "it is moved out of the way"),
    errno.ENOTEMPTY: ("move it out of the way", "it is moved out of the way"),
    errno.ELOOP: ("replace the link by a plain file or folder", "the link is gone"),
}
if hasattr(errno, "EDQUOT"):
    _ADVICE[errno.EDQUOT] = _ADVICE[errno.ENOSPC]


def disk_failure(host: Host, error: OSError) -> NoReturn:
    """Say what the disk refused, what to do about it, and where the folder stands: a commit
    whose journal was written is complete as far as the game is concerned (the next command
    finishes it), and one carried out is played, whatever failed after it."""
    where = f" ({error.filename})" if error.filename else ""
    now, later = _ADVICE.get(error.errno or 0, ("fix the cause above", "the cause is fixed"))
    click.echo(f"error: the disk refused a write or read: {error.strerror or error}{where}",
               err=True)
    state = recorded(host)
    if state == "pending":
        click.echo("  the tick WAS recorded: the next command (e.g. `status`) finishes writing "
                   f"it once {later}", err=True)
    elif state == "done":
        click.echo("  the tick WAS played and recorded before this failed: do not run it "
                   "again", err=True)
    else:
        click.echo(f"  nothing was changed; {now}, then run the command again", err=True)
    sys.exit(DAMAGED)


# -- printing -------------------------------------------------------------------------------


class _Guarded(io.TextIOBase):
    """A standard stream that shows control characters escaped (escape.visible), survives
    a Latin-1 or ASCII terminal (characters it cannot show are written as escapes), and
    remembers, rather than raises, a failure to write: a report that cannot be printed must
    not turn a played tick into an error that invites playing it again."""

    def __init__(self, raw: TextIO | None) -> None:
        super().__init__()
        self.raw = raw  # None: the shell closed it (`>&-`), so nothing written reaches anyone
        self.failed: OSError | None = None
        with contextlib.suppress(AttributeError, OSError, ValueError):
            raw.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.raw, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]
        return "backslashreplace"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        try:
            return self.raw is not None and self.raw.isatty()
        except (OSError, ValueError):
            return False

    def fileno(self) -> int:
        if self.raw is None:
            raise io.UnsupportedOperation("the stream was closed before the command started")
        return self.raw.fileno()

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError("text streams take str")
        if self.raw is None and self.failed is None and text:
            self.failed = OSError(errno.EBADF, "the stream is closed")
        if self.failed is None:
            try:
                self.raw.write(visible(text))  # type: ignore[union-attr]
            except (OSError, ValueError) as error:  # ValueError: closed under our feet
                self.failed = _lost(error)
        return len(text)

    def flush(self) -> None:
        if self.failed is None and self.raw is not None:
            try:
                self.raw.flush()
            except (OSError, ValueError) as error:
                self.failed = _lost(error)


def _lost(error: OSError | ValueError) -> OSError:
    return error if isinstance(error, OSError) else OSError(errno.EBADF, str(error))


def run_main(group: click.Group) -> NoReturn:
    """Run the command line with guarded output and a truthful exit code (see above)."""
    out, err = _Guarded(sys.stdout), _Guarded(sys.stderr)
    sys.stdout, sys.stderr = out, err
    code = _invoke(group)
    _after_the_command(_interrupted_message())
    out.flush()
    err.flush()
    if out.failed is not None:
        code = _output_lost(out.failed, code)
    for stream, number in ((out, 1), (err, 2)):
        if stream.failed is not None:  # nothing more may reach it, not even at exit
            with contextlib.suppress(OSError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), number)
    sys.exit(code)


def _invoke(group: click.Group) -> int:
    invoked = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    name = "lifegames" if invoked in ("lifegames", "__main__.py") else "play.py"
    try:
        with contextlib.suppress(ValueError):  # not the main thread: signals are not ours
            signal.signal(signal.SIGINT, signal.default_int_handler)  # see start.py
        try:
            result = group.main(prog_name=name, standalone_mode=False)
        except click.exceptions.Abort:  # how click passes on Ctrl-C
            raise KeyboardInterrupt from None
        except click.UsageError as error:
            # In lifegames' own style (error: ..., then a way forward), not click's.
            command = error.ctx.command_path if error.ctx is not None else name
            click.echo(f"error: {error.format_message()}", err=True)
            click.echo(f"  `{command} --help` lists what it takes", err=True)
            return USAGE
        except click.ClickException as error:
            error.show()
            return error.exit_code
        return result if isinstance(result, int) else OK
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else (OK if stop.code is None else 1)
    except KeyboardInterrupt:
        return interrupted()
    except Exception as error:  # a bug: say so plainly, keep the folder as it was
        if os.environ.get("LIFEGAMES_DEBUG"):
            raise
        state = _state()
        what = ("The change WAS recorded (do not run the command again)" if state
                else "Nothing was committed")
        click.echo(f"internal error: {error!r}. {what}; set LIFEGAMES_DEBUG=1 for details and "
                   "please report it.", err=True)
        return INTERNAL


def _state() -> str:
    states = [recorded(host) for host in _HOSTS]
    return "pending" if "pending" in states else "done" if "done" in states else ""


def interrupted() -> int:
    """Ctrl-C: say whether the tick (or other change) was recorded."""
    click.echo(_interrupted_message(), err=True)
    return INTERRUPTED


def _interrupted_message() -> str:
    state = _state()
    if state == "pending":
        return ("interrupted; the tick WAS recorded: the next command (e.g. `status`) "
                "finishes writing it")
    if state == "done":
        return "interrupted after the tick was played and recorded: do not run it again"
    return "interrupted; nothing was changed"


def _after_the_command(message: str) -> None:
    """Ctrl-C once the command is done (while its report is flushed, or the process exits)
    says `message` and ends with exit 130, instead of a traceback from wherever it struck."""
    def stop(signum: int, frame: object) -> None:
        with contextlib.suppress(OSError):
            os.write(2, (message + "\n").encode("utf-8", "backslashreplace"))
        os._exit(INTERRUPTED)

    with contextlib.suppress(ValueError):
        signal.signal(signal.SIGINT, stop)


def _output_lost(error: OSError, code: int) -> int:
    """The report could not be printed. A closed pipe (`| head`) was the reader's choice; any
    other failure is said on stderr. A command that changed the folder keeps its exit code."""
    state = _state()
    if error.errno == errno.EPIPE and not state:
        return code
    reason = error.strerror or str(error)
    if state:
        click.echo(f"warning: the report could not be printed ({reason}); the tick WAS played "
                   "and recorded: do not run it again (`status` shows where the game stands)",
                   err=True)
        return code
    click.echo(f"error: the report could not be printed ({reason}); nothing was changed",
               err=True)
    return code if code != OK else DAMAGED


def fail(error: FolderError | SetupError, code: int | None = None) -> NoReturn:
    click.echo(f"error: {getattr(error, 'message', error)}", err=True)
    hint = getattr(error, "hint", "")
    if hint:
        click.echo(f"  {hint}", err=True)
    sys.exit(code if code is not None else getattr(error, "exit_code", USAGE))


# -- files the user names -------------------------------------------------------------------


def output_path(named: Path, folder: bool = False, links: bool = False,
                own_seat: Path | None = None) -> Path:
    """Where a command may write the file (or, `folder`, make the folder) the user named:
    never through a link, never into a game folder's hidden data, a player's folder or a seat
    (the first would damage a game, the others hand a player what the command wrote), nor
    over a file the engine keeps at a game folder's top. Returns it with its parent resolved,
    so the place checked is the place written (written whole, by the guarded writer).
    `links`: a link to a folder is the user's own choice of place (setup's game folder, as
    every command takes it), checked where it leads. `own_seat`: the seat a command runs in
    for its player (history's page of what they knew), where a file may go at the top, but
    never over a file the host writes there nor the order file."""
    try:
        info = os.lstat(named)
    except FileNotFoundError:
        info = None
    except OSError as error:
        fail(FolderError(f"{named} cannot be used: {error.strerror}"), USAGE)
    if info is not None and stat.S_ISLNK(info.st_mode) and links:
        named = Path(os.path.realpath(named))
    elif info is not None and stat.S_ISLNK(info.st_mode):
        what = "folder" if folder else "file"
        fail(FolderError(f"{named} is a link; lifegames never writes through a link",
                         f"name the {what} itself, or a new {what}"), USAGE)
    if info is not None and not folder and not stat.S_ISREG(info.st_mode):
        fail(FolderError(f"{named} is not a plain file", "name a new file"), USAGE)
    target = Path(os.path.realpath(named.parent)) / named.name
    refused = _protected(target, own_seat)
    if refused:
        fail(FolderError(f"{named} is {refused}; lifegames writes nothing there but the "
                         "files of the game itself", "choose a place outside it"), USAGE)
    return target


def _protected(target: Path, own_seat: Path | None = None) -> str:
    """What protected place `target` lies in ('' if none)."""
    mine = Path(os.path.realpath(own_seat)) if own_seat is not None else None
    for above in target.parents:
        if above.name.lower() == META:
            return f"inside {above}, a game's hidden data"
        if above == mine and target.parent == mine:
            if host_file("", target.name) or target.name.lower().endswith("_orders.txt") \
                    or target.name.lower().endswith("_orders_template.txt"):
                return f"{target}, which the seat {above} keeps"
            continue
        if _kind(above, SEAT_FILE) == "file":
            return f"inside {above}, a player's seat"
        if _kind(above, META) != "folder":
            continue
        inner = target.relative_to(above).parts
        first = above / inner[0]
        if len(inner) > 1:
            whose = "a player's folder" if inner[0] in _players(above) else "a folder"
            return f"inside {first}, {whose} in the game folder {above}"
        if inner[0].lower() in ENGINE_FILES:
            return f"{first}, which the game in {above} keeps"
    return ""


def _kind(folder: Path, name: str) -> str:
    """What `name` in `folder` is, through the guarded reader ('' if it cannot be told)."""
    from .engine.files import playerfiles

    try:
        return playerfiles.kind(folder, name)
    except (playerfiles.Refused, OSError):
        return ""


def _players(root: Path) -> list[str]:
    try:
        return list(GameFolder(root).load()["setup"]["players"])
    except FolderError:
        return []


def trust_line(host: Host) -> str:
    """What `status` says of who can be trusted with this folder (README, "Who can do what")."""
    if host.folder.seats_root() is None:
        return ("shared folder: whoever can write this folder can read every secret (the dice "
                "seed, hidden cards) and change the game unnoticed by status, check and tick "
                "(only verify replays it); only seats (setup --seats) keep the referee's data "
                "safe")
    served = daemon_served(host.folder.remotes())
    if served:
        return (f"seats over git daemon, NOT private: {daemon_line(served)}; this folder holds "
                "every secret: keep it to yourself")
    return ("seats: each player's seat holds only what they may see; this folder holds every "
            "secret: keep it to yourself")


def daemon_served(urls: dict[str, str]) -> list[str]:
    """The players whose seat is reached over the git:// protocol (`git daemon`), which asks
    nobody who they are: sorted."""
    return sorted(p for p, url in urls.items() if url.strip().lower().startswith("git://"))


def daemon_line(players: list[str]) -> str:
    """What a seat served by `git daemon` means (README, "Keeping each seat private")."""
    return (f"git daemon (git://) serves the seats of {', '.join(players)} to anyone who can "
            "reach its port, without asking who they are, so any player can clone any of "
            "them (and push to it, with --enable=receive-pack); keep it for players who may "
            "see everything, or serve the seats over ssh or a forge")


def privacy_line(host: Host) -> str | None:
    """W-NOT-PRIVATE when the referee's files can be read or written by others than the
    host's account: the game folder itself, each player's folder (and archive/) and the sheets,
    logs and seed hash the engine wrote there, everything in `.lifegames/`, and a player's
    remote on this machine (setup and every tick make them private; a chmod or a copy can
    undo it); None when they are still private. Files a player wrote in their folder (a
    draft) are theirs, and not looked at."""
    import shlex  # only for this rare warning: its import compiles a regex every command would pay

    from .engine.base.codes import Referee
    from .engine.files.privacy import exposed
    from .engine.seats.gitseats import is_local

    root = host.folder.root
    tops = [root / META]
    tops += [Path(url.removeprefix("file://")) for _, url in sorted(host.folder.remotes().items())
             if is_local(url)]
    found = exposed(tops, shallow=[(root, engine_written(root, _players(root)))])
    if found.first is None:
        return None
    first = os.path.relpath(os.path.abspath(found.first), os.path.abspath(root))
    shown = "the game folder itself" if first == "." else first
    fix = " ".join(shlex.quote(str(top)) for top in found.tops)
    more = "at least " if found.cut else ""
    return visible(f"warning: {Referee.NOT_PRIVATE} others than you can read or write {more}"
                   f"{counted(found.found, 'path')} of the referee's files (the first: {shown}); "
                   f"make them yours alone again with: chmod -R go= {fix}")


def engine_written(root: Path, players: list[str]) -> list[Path]:
    """The game folder, then each player's folder and archive/ with the sheets and log the
    engine wrote in them, and the seed hash: what must stay the host's alone."""
    from .engine.folder.shapes import SNAPSHOT
    from .engine.host.host import ARCHIVE, EXECUTED

    out = [root, root / SEED_FILE, root / ".gitignore"]
    for player in players:
        for folder in (player, f"{player}/{ARCHIVE}"):
            out.append(root / folder)
            names = playerfiles.listing(root, folder)
            out += [root / folder / name for name, kind in sorted(names.items())
                    if kind == "file" and (SNAPSHOT.match(name) or name == EXECUTED)]
    return out


def remember_commits(host: Host) -> None:
    """Note in the hidden folder that the host commits this game into git (`status` then says
    when the last tick is not committed yet); written once, by the first `--commit` run."""
    from .engine.host.host import COMMITS_FILE, COMMITS_TEXT

    if host.folder.read_meta(COMMITS_FILE.split("/", 1)[1]) is None:
        playerfiles.write(host.folder.root, COMMITS_FILE, COMMITS_TEXT.encode("utf-8"))


def _state_time(host: Host) -> float | None:
    """When the state file was last written: the game a `--commit` run owes git is that one."""
    try:
        return host.folder.state_path.lstat().st_mtime
    except OSError:
        return None


def catch_up_in_git(host: Host) -> None:
    """Before a `--commit` run plays, under the folder's lock: the game as it stands committed
    in the game folder's repository if the newest commit lifegames made there names an earlier
    tick (the run that played it was killed before it could commit, or was run without
    --commit). Every path the engine keeps is committed (deletions of archived sheets too),
    never anything else, with the subject that run would have given it and a note that it is
    late, so the history keeps one commit per tick."""
    from .engine.host.gitops import LATE, commit, commit_message, committed_tick, engine_paths
    from .engine.seats.gitseats import GitError

    try:
        loaded = host.load()
    except FolderError:
        return  # the command itself reports what is wrong with the folder
    root = host.folder.root
    try:
        remember_commits(host)
        done = committed_tick(root)
        if done is not None and done >= int(loaded.state["tick"]):
            return
        said = commit(root, commit_message(host, loaded) + LATE, engine_paths(host, loaded),
                      _state_time(host))
    except GitError as error:
        click.echo(f"error: {error} (the game itself is saved)", err=True)
        sys.exit(DAMAGED)
    if "nothing new" not in said:
        click.echo(said)


def commit_in_git(host: Host, message: str) -> None:
    """The files the last commit wrote, committed in the game folder's own repository. Git
    never runs in a seat (a folder a player can write); seats over git are published by the
    tick itself, and the history of synced seats is this repository's copy of each player's
    folder."""
    from .engine.host.gitops import commit
    from .engine.host.host import COMMITS_FILE
    from .engine.seats.gitseats import GitError

    try:
        remember_commits(host)
        click.echo(commit(host.folder.root, message, [*host.folder.written, COMMITS_FILE],
                          _state_time(host)))
    except GitError as error:
        click.echo(f"error: {error} (the game itself is saved)", err=True)
        sys.exit(DAMAGED)
    seats = host.folder.seats_root()
    if seats is None or host.remote_seats() is not None:
        return
    old = [p for p in host.load(strict=False).players if os.path.lexists(seats / p / ".git")]
    if old:
        click.echo(f"note: the seats of {', '.join(old)} are git repositories (as --seats "
                   "--commit made them before): lifegames no longer runs git in a folder a "
                   "player can write, so they were written but not committed. Keep them as "
                   "synced folders, or play the next game over git with `setup --remotes "
                   "TEMPLATE`, which keeps each seat's repository in this folder and pushes it "
                   "to the player's remote.", err=True)


def report_lines(result: FileCheck, path: str | None = None) -> list[str]:
    """What `check` says of a file without problems: each order that would run (one bullet
    each, so the count and the bullets agree) with its effects after it, what waits for an
    outcome, and the standing orders it puts in force. `path`: the file's name as the
    reader knows it (default: as the game folder names it)."""
    path = path or result.parsed.path
    plan = result.plan
    steps = plan.steps if plan else [(o.canonical(), []) for o in result.orders]
    later = plan.later if plan else 0
    lines = []
    if not steps and not later:
        lines.append(f"OK {path}: no orders (no actions this tick)")
    else:
        lines.append(f"OK {path}: {counted(len(steps), 'order')} would run" +
                     (":" if steps else ""))
        own = result.player + ": "
        for order, effects in steps:
            said = [effect.removeprefix(own) for effect in effects]
            lines.append(f"  - {order}" + (f": {said[0]}" if said else ""))
            lines += [f"      {effect}" for effect in said[1:]]
        if later:
            lines.append(f"  and {later} more {'line' if later == 1 else 'lines'} of the plan, "
                         "checked now for spelling and names only: each runs when the tick "
                         "reaches it (after an outcome, the plan stops at the first one that "
                         "cannot run)")
    if result.standing is not None:
        shown = ", ".join(result.standing) or "none (the ones in force are cleared)"
        lines.append(f"  standing orders in force once this file is played: {shown}")
    for warning in result.warnings:
        lines.append(warning.in_file(path).render())
    return lines
