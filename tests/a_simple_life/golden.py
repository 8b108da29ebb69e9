"""The golden playthrough of A Simple Life (examples/a_simple_life/);
the runner is tests/golden_support.py.

    python3 -m tests.a_simple_life.golden [--regenerate]
"""

from __future__ import annotations

import sys

from ..golden_support import Golden

# A short 3-day game whose one goal is to defeat 5 monsters.
GOLDEN = Golden("a_simple_life", ("--game", "a-simple-life", "--players", "Ana", "--seed", "2024",
                                  "goal=5", "days=3"), ("Ana",))

if __name__ == "__main__":
    sys.exit(GOLDEN.main())
