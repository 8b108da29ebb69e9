"""The first thing play.py, `python3 -m lifegames` and the `lifegames` command run, before
anything of the program is imported.

- Ctrl-C while the program is still starting (importing click, lark, the games) ends it at
  once, quietly, with exit 130: nothing can have changed yet. The usual KeyboardInterrupt is
  back just before the command runs (cli_common.run_main), where each command says whether
  its tick was recorded. play.py installs the same handler on its own first line.
- A standard stream the shell closed (`>&-`, `2>&-`) gets /dev/null in its place, so no file
  the command opens can take descriptor 1 or 2, where a stray write or a child process (git)
  would land in it; whatever the command prints there counts as lost (cli_common._Guarded).
- The cyclic garbage collector is off while the program imports (some 200 modules, whose
  classes and functions hold reference cycles but live as long as the process): its passes
  over them cost every command milliseconds and free next to nothing. Before the command runs
  it is back on, with what the imports made frozen (gc.freeze: kept out of every later pass,
  which would only find it alive again).
"""

import gc
import os

# The C core of `signal` (always built in): the module `signal` only adds enums of the
# signal numbers, and building them costs a millisecond of every command's start. The core
# has no type stub of its own; mypy reads `signal`, which declares the same functions.
# (`typing` is not imported for its TYPE_CHECKING: that too would cost start-up time.)
TYPE_CHECKING = False
if TYPE_CHECKING:
    import signal
else:
    import _signal as signal


def quiet_interrupt(signum: int, frame: object) -> None:
    """SIGINT before the command runs: one line, exit 130, nothing changed."""
    try:
        os.write(2, b"interrupted; nothing was changed\n")
    except OSError:
        pass
    os._exit(130)


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
    signal.signal(signal.SIGINT, quiet_interrupt)
    fill_closed_streams()
    collecting = gc.isenabled()
    gc.disable()
    try:
        from .cli import main as run
    except KeyboardInterrupt:  # a handler that raises it was put back meanwhile
        quiet_interrupt(signal.SIGINT, None)
    finally:
        if collecting:
            gc.freeze()
            gc.enable()
    run()
