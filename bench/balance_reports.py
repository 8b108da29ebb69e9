"""The balance reports of A Chaotic Life! and The Sims Board Game, as their RULES.md shows them
(the text their balance modules print, in a fenced block), made on several processes: each
setting or line-up of games is one task, so the report is the same for any number of jobs.

    python3 -m lifegames.a_chaotic_life.balance --games 100     # the same figures, one process
    python3 -m lifegames.the_sims.balance --games 100 [long]

`python3 bench/figures.py` writes them into the blocks `a-chaotic-life/balance` and
`the-sims/balance`.
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def _chaotic(task: tuple[int, int, str, int]) -> list[str]:
    from lifegames.a_chaotic_life.balance import report

    games, count, setting, seed = task
    return report(games, count, setting, seed)


def chaotic(games: int = 100, seed: int = 0, jobs: int = 2) -> str:
    """Every player count (2, 3, 4) and setting, as `... balance --games N --seed S` prints
    them, in that order."""
    from lifegames.a_chaotic_life.balance import SETTINGS

    tasks = [(games, count, setting, seed) for count in (2, 3, 4) for setting in SETTINGS]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        lines = [line for part in pool.map(_chaotic, tasks) for line in part]
    return "```\n" + "\n".join(lines) + "\n```\n\n" + \
        f"(python3 -m lifegames.a_chaotic_life.balance --games {games} --seed {seed})"


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
