"""The golden playthrough of A Chaotic Life! (examples/a_chaotic_life/): a two-player game,
seed 29, whose order files the greedy bot wrote (tick 5 rewritten by hand as a plan past a
draw): a trade, steals, the Item Pouch, swaps, a Dog chasing, discarding down, Death!
cancelled by Medicine and played again; the runner is tests/golden_support.py.

    python3 -m tests.a_chaotic_life.golden [--regenerate]
"""

from __future__ import annotations

import sys

from ..golden_support import Golden

GOLDEN = Golden("a_chaotic_life",
                ("--game", "a-chaotic-life", "--players", "Ana,Ben", "--seed", "29"),
                ("Ana", "Ben"))

if __name__ == "__main__":
    sys.exit(GOLDEN.main())
