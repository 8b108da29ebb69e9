"""The golden playthrough of The Sims Board Game (examples/the_sims/), three players;
the runner is tests/golden_support.py.

    python3 -m tests.the_sims.golden [--regenerate]
"""

from __future__ import annotations

import sys

from ..golden_support import Golden, GoldenError, compare, tree

GOLDEN = Golden("the_sims",
                ("--game", "the-sims", "--players", "Ana,Ben,Cleo", "--seed", "399"),
                ("Ana", "Ben", "Cleo"))
EXAMPLE, EXPECTED, PLAYERS = GOLDEN.example, GOLDEN.expected, GOLDEN.players
REGENERATE = GOLDEN.regenerate_command
tick_folders, play = GOLDEN.tick_folders, GOLDEN.play
expected_tree, regenerate = GOLDEN.expected_tree, GOLDEN.regenerate
__all__ = ["EXAMPLE", "EXPECTED", "GOLDEN", "PLAYERS", "REGENERATE", "GoldenError", "compare",
           "expected_tree", "play", "regenerate", "tick_folders", "tree"]

if __name__ == "__main__":
    sys.exit(GOLDEN.main())
