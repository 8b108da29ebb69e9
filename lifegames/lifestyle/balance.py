"""Lifestyle's measured figures (RULES.md's "Measured" section, the block
`lifestyle/measured`), from whole games between greedy bots: round trips per player turn (the
plan-writing bot against the engine's step-by-step greedy bot, on the same seeds) and where the
points come from at each player count.

    python3 -m lifegames.lifestyle.balance [--games 20] [--seed 1] [--only trips|shares]
    python3 bench/lifestyle_balance.py                # the same, as bench/figures.py makes it

Games are played exactly as `play.py simulate --game lifestyle --strategy greedy --players ...
--seed S` plays them (the same seeds, `simulate.play_one`); the game played is a subclass of
Lifestyle that only watches: it counts purchases and keeps the final state, to split the
scores by category, so each game builds its own.
"""

from __future__ import annotations

import argparse
import random
import re
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from ..engine.core.dice import Dice
from ..engine.core.simulate import game_seed, play_one
from .model import Line, breakdown
from .rules import Lifestyle
from .state import LifestyleState

CATEGORIES: tuple[Line, ...] = ("pets", "cars", "houses", "jobs")  # Sports score nothing
COUNTS = (2, 3, 4, 5)
PURCHASE = re.compile(r" paid \d+ tokens? for ")  # the event a purchase logs (rules.py _buy)


class Watched(Lifestyle):
    """The game as it is, but with the step-by-step bot when `plans` is off, and eyes on what
    the tables need (purchases, the final state)."""

    def __init__(self, plans: bool) -> None:
        self.plans = plans
        self.purchases = 0
        self.final: LifestyleState | None = None

    def bot_plan(self, state: LifestyleState, player: str, rng: random.Random) -> list[str] | None:
        return super().bot_plan(state, player, rng) if self.plans else None

    def end_tick(self, state: LifestyleState, dice: Dice) -> list[str]:
        self.purchases += sum(bool(PURCHASE.search(event)) for event in state["log"])
        return super().end_tick(state, dice)

    def is_over(self, state: LifestyleState) -> bool:
        over = super().is_over(state)
        if over:
            self.final = state
        return over


@dataclass
class Played:
    ticks: int
    turns: int
    purchases: int
    scores: list[int]
    points: dict[str, int] = field(default_factory=dict)  # category -> all players' points


def play(args: tuple[int, int, int, bool]) -> Played:
    seed, index, players, plans = args
    game = Watched(plans)
    names = [f"P{i + 1}" for i in range(players)]
    record = play_one(game, game_seed(seed, index), ["greedy"], players=names, index=index)
    assert game.final is not None
    points: dict[str, int] = dict.fromkeys(CATEGORIES, 0)
    for name in names:
        parts = breakdown(game.final["seats"][name]["points"])
        for category in CATEGORIES:
            points[category] += parts[category]["points"]
    return Played(record.ticks, record.turns, game.purchases, list(record.scores.values()),
                points)


def games(seed: int, count: int, players: int, plans: bool, jobs: int) -> list[Played]:
    tasks = [(seed, i, players, plans) for i in range(count)]
    if jobs <= 1:
        return list(map(play, tasks))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(play, tasks))


def mean(values: Sequence[float]) -> str:
    return f"{sum(values) / len(values):.1f}" if values else "-"


def round_trips(seed: int, count: int, jobs: int) -> Iterator[str]:
    yield "| players | bot | games | ticks per game | player turns per game | ticks per player " \
          "turn (min-max) | purchases per game |"
    yield "|---|---|---|---|---|---|---|"
    for players in (2, 3, 5):
        for plans in (False, True):
            played = games(seed, count, players, plans, jobs)
            ratios = [g.ticks / g.turns for g in played]
            total = sum(g.ticks for g in played) / sum(g.turns for g in played)
            bot = "plans (`bots.plan`)" if plans else "step by step"
            yield (f"| {players} | {bot} | {len(played)} | {mean([g.ticks for g in played])} | "
                   f"{mean([g.turns for g in played])} | **{total:.2f}** ({min(ratios):.2f}-"
                   f"{max(ratios):.2f}) | {mean([g.purchases for g in played])} |")


def shares(seed: int, count: int, jobs: int) -> Iterator[str]:
    yield "| players | games | mean score per player | " + " | ".join(
        f"{c} share" for c in CATEGORIES) + " | largest share |"
    yield "|---|---|---|" + "---|" * len(CATEGORIES) + "---|"
    for players in COUNTS:
        played = games(seed, count, players, True, jobs)
        total = sum(sum(g.points.values()) for g in played) or 1
        parts = {c: sum(g.points[c] for g in played) / total for c in CATEGORIES}
        scores = [s for g in played for s in g.scores]
        largest = max(parts, key=lambda c: parts[c])
        yield (f"| {players} | {len(played)} | {mean(scores)} | " +
               " | ".join(f"{100 * parts[c]:.0f}%" for c in CATEGORIES) +
               f" | {largest} {100 * parts[largest]:.0f}% |")


def report(seed: int, count: int, jobs: int = 2, only: str = "") -> str:
    command = f"python3 bench/lifestyle_balance.py --games {count} --seed {seed}"
    lines = [
        f"Printed by `{command}` (greedy bots; each game's seed as `play.py simulate --seed "
        f"{seed}` derives it, so row by row the same seeds).",
    ]
    if only in ("", "trips"):
        lines += ["", "Round trips: ticks per player turn, the plan-writing bot against the "
                  "engine's step-by-step greedy bot (a roll, a reroll and a purchase each end "
                  "its file).", "", *round_trips(seed, count, jobs)]
    if only in ("", "shares"):
        lines += ["", "Where the points come from (the plan-writing bot; Love's doubling "
                  "counts in the category it doubles; Sports score nothing):", "",
                  *shares(seed, count, jobs)]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lifegames.lifestyle.balance")
    parser.add_argument("--games", type=int, default=20, help="games per row (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--only", choices=("trips", "shares"), default="",
                        help="one table")
    args = parser.parse_args(argv)
    print(report(args.seed, args.games, args.jobs, args.only), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
