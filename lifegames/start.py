"""The first thing play.py, `python3 -m lifegames` and the `lifegames` command run: Ctrl-C
while the program is still starting up (importing) ends it quietly, with nothing changed."""

import sys


def main() -> None:
    try:
        from .cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("interrupted; nothing was changed\n")
        sys.exit(130)
    run()
