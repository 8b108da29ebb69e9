"""Entry point: `python3 play.py --help`."""
import _signal  # signal's C core: the module `signal` builds enums, 1 ms of every command
import os


def _interrupted(signum: int, frame: object) -> None:  # Ctrl-C before lifegames.start takes over
    try:
        os.write(2, b"interrupted; nothing was changed\n")
    except OSError:
        pass
    os._exit(130)


_signal.signal(_signal.SIGINT, _interrupted)
from lifegames.start import main  # noqa: E402

main()
