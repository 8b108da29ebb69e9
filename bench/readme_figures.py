"""Every game figure in the README, printed by this script so that none is typed by hand.

    python3 bench/readme_figures.py [--games N] [--jobs J]

round trips  for each game, ticks per turn with greedy bots on the same seeds: the greedy bot
             giving one order after another up to the first roll or draw (as every player did
             before plans), and the greedy bot writing each turn as a plan (`simulate`'s
             `ticks` and `turns`; turns are player turns, days in A Simple Life, ticks in
             Simple Kingdoms)
bots         for each game, greedy bots against random ones: the mean score of each kind of
             seat and how often a greedy seat wins (the team score in Simple Kingdoms)

--speed prints instead how long 100 greedy games of each game take. `python3 bench/figures.py`
writes the tables into the README's blocks (`readme/bots`, `readme/round-trips`), with the
digest of what they are made from. Run by hand (a few minutes on 2 cores), not by the tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from lifegames import registry  # noqa: E402
from lifegames.engine.core import bots as engine_bots  # noqa: E402
from lifegames.engine.core.simulate import game_seed, play_one  # noqa: E402

SEATS = {"simple-kingdoms": ["Ironhold", "Thornvale"], "a-simple-life": ["Ana"],
         "lifestyle": ["Ana", "Ben", "Cleo"], "the-sims": ["Ana", "Ben", "Cleo"],
         "a-chaotic-life": ["Ana", "Ben", "Cleo"]}
EXTRA = [("a-simple-life", ["Ana", "Ben"])]
UNIT = {"simple-kingdoms": "tick", "a-simple-life": "day"}


def _one(job: tuple[str, list[str], int, list[str], bool]) -> tuple[int, int, dict[str, int],
                                                                     list[str]]:
    game_id, players, seed, strategies, plans = job
    game = registry.get(game_id)
    # The greedy bot as before plans: one order after another. Simple Kingdoms has no chance
    # in its orders (a tick is a turn either way), and its own bot keeps the two kingdoms
    # from claiming one tile, so it plays as it is.
    if not plans and game_id != "simple-kingdoms":
        game.bot_plan = lambda state, player, rng: None  # type: ignore[method-assign]
        engine_bots.PAST_OUTCOMES = False
    record = play_one(game, seed, strategies, players=players)
    return record.ticks, record.turns, record.scores, record.winners


def _run(tasks: list[tuple[str, list[str], int, list[str], bool]], jobs: int) -> list[Any]:
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(_one, tasks, chunksize=1))


def round_trips(games: int, jobs: int = 2) -> str:
    rows = ["| game | players | turn | ticks a turn, one order after another | ticks a turn, "
            "a plan a turn |", "|---|---|---|---|---|"]
    for game_id, players in [(g, SEATS[g]) for g in registry.ids()] + EXTRA:
        cells = []
        for plans in (False, True):
            tasks = [(game_id, players, game_seed(1, i), ["greedy"], plans)
                     for i in range(games)]
            found = _run(tasks, jobs)
            ratios = [ticks / max(turns, 1) for ticks, turns, _, _ in found]
            cells.append(f"{statistics.mean(ratios):.2f} ({min(ratios):.2f}-"
                         f"{max(ratios):.2f})")
        unit = UNIT.get(game_id, "player turn")
        rows.append(f"| {registry.get(game_id).title} | {len(players)} | {unit} | "
                    f"{cells[0]} | {cells[1]} |")
    return "\n".join(rows) + f"\n\n({games} games a row, greedy bots, seeds from run seed 1.)"


def bots(games: int, jobs: int = 2) -> str:
    rows = ["| game | players | greedy seats: mean score | random seats: mean score | "
            "a greedy seat wins |", "|---|---|---|---|---|"]
    for game_id in registry.ids():
        players = SEATS[game_id]
        if game_id == "simple-kingdoms":
            totals = {}
            for kind in ("greedy", "random"):
                tasks = [(game_id, players, game_seed(0, i), [kind], True)
                         for i in range(games)]
                totals[kind] = [sum(s.values()) for _, _, s, _ in _run(tasks, jobs)]
            rows.append(f"| Simple Kingdoms (team score) | 2 | {_mean(totals['greedy'])} | "
                        f"{_mean(totals['random'])} | - |")
            continue
        if len(players) == 1:
            found = {k: _run([(game_id, players, game_seed(0, i), [k], True)
                              for i in range(games)], jobs) for k in ("greedy", "random")}
            scores = {k: [s[players[0]] for _, _, s, _ in v] for k, v in found.items()}
            wins = sum(bool(w) for _, _, _, w in found["greedy"]) / games
            rows.append(f"| {registry.get(game_id).title} (solo: the game won) | 1 | "
                        f"{_mean(scores['greedy'])} | {_mean(scores['random'])} | "
                        f"{wins:.0%} |")
            continue
        kinds = ["greedy"] + ["random"] * (len(players) - 1)
        found = _run([(game_id, players, game_seed(0, i), kinds, True) for i in range(games)],
                     jobs)
        greedy = [s[players[0]] for _, _, s, _ in found]
        random_ = [v for _, _, s, _ in found for p, v in s.items() if p != players[0]]
        wins = sum(players[0] in w for _, _, _, w in found) / games
        rows.append(f"| {registry.get(game_id).title} (1 greedy, {len(players) - 1} random) | "
                    f"{len(players)} | {_mean(greedy)} | {_mean(random_)} | {wins:.0%} |")
    return "\n".join(rows) + f"\n\n({games} games a row, seeds from run seed 0.)"


def speed(games: int, jobs: int = 2) -> str:
    """Wall time of `games` greedy games of each game on `jobs` processes (the goal:
    100 games of each game under a minute on 2 cores)."""
    import time

    rows = ["| game | greedy games | seconds | games a second |", "|---|---|---|---|"]
    for game_id in registry.ids():
        tasks = [(game_id, SEATS[game_id], game_seed(2, i), ["greedy"], True)
                 for i in range(games)]
        start = time.perf_counter()
        _run(tasks, jobs)
        seconds = time.perf_counter() - start
        rows.append(f"| {registry.get(game_id).title} | {games} | {seconds:.1f} | "
                    f"{games / seconds:.1f} |")
    return "\n".join(rows) + f"\n\n({jobs} processes.)"


def _mean(values: list[int]) -> str:
    return f"{statistics.mean(values):.1f} ({min(values)}-{max(values)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--speed", action="store_true",
                        help="instead: the wall time of 100 greedy games of each game")
    args = parser.parse_args()
    if args.speed:
        print(speed(100, args.jobs))
        return
    for name, make in (("round-trips", round_trips), ("bots", bots)):
        text = make(args.games, args.jobs)
        print(f"## {name}\n\n{text}\n")


if __name__ == "__main__":
    main()
