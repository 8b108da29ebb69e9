"""The golden playthrough of Simple Kingdoms (examples/simple_kingdoms/);
the runner is tests/golden_support.py.

    python3 -m tests.simple_kingdoms.golden [--regenerate]
"""

from __future__ import annotations

import sys

from ..golden_support import Golden

GOLDEN = Golden("simple_kingdoms", ("--seed", "2024", "--ticks", "6"), ("Ironhold", "Thornvale"))

if __name__ == "__main__":
    sys.exit(GOLDEN.main())
