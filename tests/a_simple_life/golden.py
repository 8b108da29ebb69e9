"""The golden playthrough of A Simple Life (examples/a_simple_life/);
the runner is tests/golden_support.py.

    python3 -m tests.a_simple_life.golden [--regenerate]
"""

from __future__ import annotations

import sys

from ..golden_support import Golden, GoldenError, compare, tree

# A short 3-day game whose one goal is to defeat 5 monsters.
GOLDEN = Golden("a_simple_life", ("--game", "a-simple-life", "--players", "Ana", "--seed", "2024",
                                  "goal=5", "days=3"), ("Ana",))
EXAMPLE, EXPECTED, PLAYERS = GOLDEN.example, GOLDEN.expected, GOLDEN.players
REGENERATE = GOLDEN.regenerate_command
tick_folders, play = GOLDEN.tick_folders, GOLDEN.play
expected_tree, regenerate = GOLDEN.expected_tree, GOLDEN.regenerate
__all__ = ["EXAMPLE", "EXPECTED", "GOLDEN", "PLAYERS", "REGENERATE", "GoldenError", "compare",
           "expected_tree", "play", "regenerate", "tick_folders", "tree"]

if __name__ == "__main__":
    sys.exit(GOLDEN.main())
