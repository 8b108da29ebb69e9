"""The balance report of The Sims Board Game, as its RULES.md shows it
(the text their balance modules print, in a fenced block), made on several processes: each
setting or line-up of games is one task, so the report is the same for any number of jobs.

    python3 -m lifegames.the_sims.balance --games 100 [long]

`python3 bench/figures.py` writes it into the block `the-sims/balance`.
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def _sims(task: tuple[int, int, tuple[str, ...]]) -> list[str]:
    from lifegames.the_sims.balance import report

    games, seed, words = task
    head = f"{games} games per line-up, seed {seed}" + \
        (f", setup {' '.join(words)}" if words else "") + ":"
    return [head, *report(games, seed, list(words))]


def sims(games: int = 100, seed: int = 0, jobs: int = 2) -> str:
    """The game as set up by default, then `long` (10 points), each as `... balance` prints."""
    tasks = [(games, seed, ()), (games, seed, ("long",))]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        parts = list(pool.map(_sims, tasks))
    return "\n\n".join("```\n" + "\n".join(part) + "\n```" for part in parts) + "\n\n" + \
        f"(python3 -m lifegames.the_sims.balance --games {games} --seed {seed} [long])"
