"""The golden playthrough of Lifestyle (examples/lifestyle/);
the runner is tests/golden_support.py.

    python3 -m tests.lifestyle.golden [--regenerate]
"""

from __future__ import annotations

import sys

from ..golden_support import Golden

GOLDEN = Golden("lifestyle",
                ("--game", "lifestyle", "--players", "Ana,Ben,Cleo", "--seed", "2018"),
                ("Ana", "Ben", "Cleo"))

if __name__ == "__main__":
    sys.exit(GOLDEN.main())
