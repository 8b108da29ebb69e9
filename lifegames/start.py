"""The first thing play.py, `python3 -m lifegames` and the `lifegames` command run: Ctrl-C
while the program is still starting up (importing) ends it quietly, with nothing changed; and
a standard stream the shell closed (`>&-`, `2>&-`) gets /dev/null in its place, so no file
the command opens can take descriptor 1 or 2, where a stray write or a child process (git)
would land in it; whatever the command prints there counts as lost (cli_common._Guarded)."""

import os
import sys


def fill_closed_streams() -> None:
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)


def main() -> None:
    fill_closed_streams()
    try:
        from .cli import main as run
    except KeyboardInterrupt:
        if sys.stderr is not None:
            sys.stderr.write("interrupted; nothing was changed\n")
        sys.exit(130)
    run()
