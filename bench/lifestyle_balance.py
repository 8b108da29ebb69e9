"""Lifestyle's measured figures, printed by the game's own module (lifegames/lifestyle/balance.py):
round trips per player turn and where the points come from at each player count. Every figure
in games/lifestyle/RULES.md's "Measured" section is printed by it (`python3 bench/figures.py`
puts them there, in the block `lifestyle/measured`).

    python3 bench/lifestyle_balance.py                # print the tables (about 2 minutes)
    python3 bench/lifestyle_balance.py --games 4      # a quick look
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lifegames.lifestyle import balance  # noqa: E402


def report(seed: int, count: int, jobs: int = 2, only: str = "") -> str:
    return balance.report(seed, count, jobs, only)


if __name__ == "__main__":
    sys.exit(balance.main())
