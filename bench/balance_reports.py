"""The balance figures that RULES.md pages show, made by each game's own balance module
(lifegames/<game>/balance.py) with the game passed in: `python3 bench/figures.py` calls these
for the blocks `a-simple-life/balance`, `a-chaotic-life/balance`, `/death`, `/cards` and
`the-sims/balance` (Simple Kingdoms' and Lifestyle's go through bench/simple_kingdoms.py and
bench/lifestyle_balance.py, their scripts of old).

The Sims' report is made on several processes: each setting or line-up of games is one task,
so the report is the same for any number of jobs.

    python3 -m lifegames.the_sims.balance --games 100 [long]
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def a_simple_life(games: int = 200, seed: int = 1, jobs: int = 2) -> str:
    from lifegames.a_simple_life import GAME, balance

    return balance.markdown(GAME, games, seed, jobs)


def chaotic_balance(games: int = 50, seed: int = 0, jobs: int = 2) -> str:
    from lifegames.a_chaotic_life import GAME, balance

    return balance.balance_block(GAME, games, seed, jobs)


def chaotic_death(games: int = 50, seed: int = 0, jobs: int = 2) -> str:
    from lifegames.a_chaotic_life import GAME, balance

    return balance.death_block(GAME, games, seed, jobs)


def chaotic_cards(games: int = 200, seed: int = 0, jobs: int = 2) -> str:
    from lifegames.a_chaotic_life import GAME, balance

    return balance.cards_block(GAME, games, seed, jobs)


def _sims(task: tuple[int, int, tuple[str, ...]]) -> list[str]:
    from lifegames.the_sims import GAME
    from lifegames.the_sims.balance import report

    games, seed, words = task
    head = f"{games} games per line-up, seed {seed}" + \
        (f", setup {' '.join(words)}" if words else "") + ":"
    return [head, *report(GAME, games, seed, list(words))]


def sims(games: int = 100, seed: int = 0, jobs: int = 2) -> str:
    """The game as set up by default, then `long` (10 points), each as `... balance` prints."""
    tasks = [(games, seed, ()), (games, seed, ("long",))]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        parts = list(pool.map(_sims, tasks))
    return "\n\n".join("```\n" + "\n".join(part) + "\n```" for part in parts) + "\n\n" + \
        f"(python3 -m lifegames.the_sims.balance --games {games} --seed {seed} [long])"
