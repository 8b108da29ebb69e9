"""Entry point: `python3 play.py --help`."""
from lifegames.cli import main

main()
