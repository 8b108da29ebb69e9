"""What the player commands (cli.py) and the referee's tools (cli_tools.py) share: exit codes,
the `--dir` option, and how a failure is reported. Both import this module; neither imports
the other, so the tools load only when one of them is asked for.

Exit codes (stable; scripts may rely on them):
  0  ok
  1  orders rejected (nothing changed)
  2  usage: bad arguments, unknown game, no game in the folder
  3  busy: another play.py command holds the folder's lock
  4  damaged folder, or a folder that cannot take this command (already set up, game over)
  5  internal error (a bug; nothing was committed)
  6  verify found a difference, or the executed orders do not replay
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, NoReturn

import click

from . import registry
from .engine.contract import SetupError
from .engine.folder import JOURNAL_FILE, FolderError
from .engine.host import Host

OK, REJECTED, USAGE, BUSY, DAMAGED, INTERNAL, DIFFERENT = 0, 1, 2, 3, 4, 5, 6


def dir_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """`--dir PATH` on every command (also accepted before the command name)."""

    @click.option("--dir", "folder", default=None, metavar="PATH",
                  help="The game folder (default: the current folder).")
    @click.pass_context
    @functools.wraps(command)
    def wrapper(ctx: click.Context, folder: str | None, **kwargs: Any) -> Any:
        chosen = folder or (ctx.obj or {}).get("dir") or "."
        host = Host(chosen, registry.get)
        try:
            return command(host, **kwargs)
        except BrokenPipeError:
            raise  # the reader of our output went away (`| head`): not the disk
        except OSError as error:  # disk full, read-only folder, permissions
            disk_failure(host, error)

    return wrapper


def disk_failure(host: Host, error: OSError) -> None:
    """Say what the disk refused and where the folder stands: a commit whose journal was
    written is complete as far as the game is concerned (the next command finishes it)."""
    where = f" ({error.filename})" if error.filename else ""
    click.echo(f"error: the disk refused a write or read: {error.strerror or error}{where}",
               err=True)
    if (host.folder.meta / JOURNAL_FILE).exists():
        click.echo("  the tick WAS recorded: the next command (e.g. `status`) finishes writing "
                   "it once the disk has room or is writable again", err=True)
    else:
        click.echo("  nothing was changed; free some space or make the folder writable, then "
                   "run the command again", err=True)
    sys.exit(DAMAGED)


def fail(error: FolderError | SetupError, code: int | None = None) -> NoReturn:
    click.echo(f"error: {getattr(error, 'message', error)}", err=True)
    hint = getattr(error, "hint", "")
    if hint:
        click.echo(f"  {hint}", err=True)
    sys.exit(code if code is not None else getattr(error, "exit_code", USAGE))


def commit_in_git(host: Host, message: str) -> None:
    from .engine.gitops import GitError, commit

    try:
        click.echo(commit(host.folder.root, message, host.folder.written))
    except GitError as error:
        click.echo(f"error: {error} (the game itself is saved)", err=True)
        sys.exit(DAMAGED)
