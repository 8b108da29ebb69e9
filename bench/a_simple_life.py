"""A Simple Life's figures for games/a_simple_life/RULES.md, printed as Markdown by whole games
between the engine's bots (the same `play_one` that `play.py simulate` uses).

    python3 bench/a_simple_life.py                    # every table (a few minutes)
    python3 bench/a_simple_life.py --only trips       # round trips a day: plans against none
    python3 bench/a_simple_life.py --only balance     # scores, bands, goals, inventory rows

Round trips: the greedy bot as it plays with plans (a whole day in one file) against the same
bot choosing one order at a time and ending its file at every roll, as every bot did before
plans (`bot_plan` switched off): the same seeds, so the same games start from the same dice.
`python3 bench/figures.py` writes each table into its block of RULES.md
(`a-simple-life/trips`, `a-simple-life/balance`), with the digest of what it is made from, so
no figure there is typed by hand and a test notices one gone stale.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lifegames.a_simple_life import GAME, balance  # noqa: E402
from lifegames.a_simple_life.balance import StepByStep  # noqa: E402
from lifegames.a_simple_life.rules import ASimpleLife  # noqa: E402
from lifegames.engine.core.simulate import game_seed, play_one  # noqa: E402

SEATS = {"solo": ["Ana"], "two players": ["Ana", "Ben"]}


def _one(task: tuple[bool, int, list[str]]) -> tuple[int, int, float]:
    plans, seed, players = task
    game = ASimpleLife() if plans else StepByStep()
    record = play_one(game, seed, ["greedy"], players=players)
    return record.ticks, record.turns, statistics.mean(record.scores.values())


def trips(games: int, seed: int = 1, jobs: int = 2) -> str:
    rows = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for label, players in SEATS.items():
            for plans in (False, True):
                tasks = [(plans, game_seed(seed, i), players) for i in range(games)]
                results = list(pool.map(_one, tasks))
                per_day = [t / d for t, d, _ in results]
                rows.append(
                    f"| {label} | {'plans (a day a file)' if plans else 'one order at a time'} "
                    f"| {statistics.mean(per_day):.2f} | {min(per_day):.1f}-{max(per_day):.1f} "
                    f"| {statistics.mean(t for t, _, _ in results):.1f} "
                    f"| {statistics.mean(s for _, _, s in results):.1f} |")
    head = ("| players | greedy bot | ticks a day (mean) | min-max | ticks a game | mean score |\n"
            "|---|---|---|---|---|---|")
    note = (f"\n\n{games} games per row, seeds {seed}:0-{games - 1} (`game_seed`), 10 days, one "
            f"rolled goal; `python3 bench/a_simple_life.py --only trips --games {games}`.")
    return head + "\n" + "\n".join(rows) + note


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 bench/a_simple_life.py")
    parser.add_argument("--only", choices=("trips", "balance"), action="append")
    parser.add_argument("--games", type=int, default=0, help="games per row (default: "
                        "20 for trips, 200 for balance)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    wanted = args.only or ["trips", "balance"]
    tables = {}
    if "trips" in wanted:
        tables["trips"] = trips(args.games or 20, args.seed, args.jobs)
    if "balance" in wanted:
        tables["balance"] = balance.markdown(GAME, args.games or 200, args.seed, args.jobs)
    for name, table in tables.items():
        print(f"## {name}\n\n{table}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
