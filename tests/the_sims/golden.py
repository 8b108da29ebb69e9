"""The golden playthrough of The Sims Board Game (examples/the_sims/), three players;
the runner is tests/golden_support.py.

    python3 -m tests.the_sims.golden [--regenerate]
"""

from __future__ import annotations

import sys

from ..golden_support import Golden

GOLDEN = Golden("the_sims",
                ("--game", "the-sims", "--players", "Ana,Ben,Cleo", "--seed", "399"),
                ("Ana", "Ben", "Cleo"))

if __name__ == "__main__":
    sys.exit(GOLDEN.main())
