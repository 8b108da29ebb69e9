"""Entry point: `python3 play.py --help`."""
from lifegames.start import main

main()
