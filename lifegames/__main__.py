"""`python3 -m lifegames`: the same command line as play.py."""

from .start import main

main()
