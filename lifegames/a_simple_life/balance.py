"""Balance figures beyond `play.py simulate`: per-goal completion and the score bands.

    python3 -m lifegames.a_simple_life.balance --games 200 --strategy greedy [--players 2]

Plays whole games between the engine's bots (the same `play_one` that `simulate` uses, with one
goal rolled per game as by default) and prints the mean/min/max score, the band distribution,
the win rate, and for each goal how often it was completed when it was the goal, and how often
it was completed at all.
"""

from __future__ import annotations

import argparse
import copy
import random
from collections import Counter
from typing import Any

from ..engine.bots import choose_orders
from ..engine.dice import Dice
from ..engine.orders import parse_text
from ..engine.simulate import game_seed
from ..engine.turn import play_tick
from . import GAME
from .data import goal_ids, rules
from .scoring import band, score


def play(seed: int, strategy: str, players: list[str], words: list[str] | None = None
         ) -> dict[str, Any]:
    """One whole game; the final state."""
    state = GAME.setup(players, GAME.parse_options(words or [], None), Dice(seed, 0))
    state["tick"] = 0
    rng = random.Random(seed)
    while not GAME.is_over(state):
        files = {}
        for player in GAME.awaiting(state):
            text = "\n".join(choose_orders(GAME, state, player, strategy, rng))
            files[player] = parse_text("a_simple_life", text, f"{player}/bot")
        outcome = play_tick(GAME, state, files, seed)
        if outcome.problems:
            raise RuntimeError(outcome.problems[0].render())
        state = outcome.state
    return copy.deepcopy(state)


def report(games: int, strategy: str, count: int, seed: int = 0) -> str:
    players = ["Ana", "Ben"][:count]
    scores: list[int] = []
    bands: Counter[str] = Counter()
    wins = 0
    chosen: Counter[str] = Counter()
    chosen_done: Counter[str] = Counter()
    any_done: Counter[str] = Counter()
    seats = 0
    for index in range(games):
        state = play(game_seed(seed, index), strategy, players)
        for player in players:
            s = state["sheets"][player]
            points = score(s)
            seats += 1
            scores.append(points)
            bands[band(points)["name"]] += 1
            wins += all(g in s["done"] for g in state["goals"])
            for goal in goal_ids():
                any_done[goal] += goal in s["done"]
                if goal in state["goals"]:
                    chosen[goal] += 1
                    chosen_done[goal] += goal in s["done"]
    lines = [f"{games} game(s), {count} player(s), strategy {strategy}: mean score "
             f"{sum(scores) / len(scores):.1f}, min {min(scores)}, max {max(scores)}, "
             f"goals met (a win) {100 * wins / seats:.0f}%"]
    for spec in rules()["bands"]:
        top = spec["max"] if spec["max"] is not None else "+"
        lines.append(f"  band {spec['min']}-{top}: {100 * bands[spec['name']] / seats:.0f}%")
    for goal in goal_ids():
        rate = f"{100 * chosen_done[goal] / chosen[goal]:.0f}%" if chosen[goal] else "-"
        lines.append(f"  goal {goal}: completed {rate} of {chosen[goal]} game(s) where it was "
                     f"the goal; completed anyway in {100 * any_done[goal] / seats:.0f}%")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lifegames.a_simple_life.balance")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--strategy", default="greedy", choices=("random", "greedy"))
    parser.add_argument("--players", type=int, default=1, choices=(1, 2))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(report(args.games, args.strategy, args.players, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
