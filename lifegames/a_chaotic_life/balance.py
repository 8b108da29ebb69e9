"""Balance figures for the reconstructed deck: whole games between the engine's bots, at each
player count, greedy, random and greedy against random.

    python3 -m lifegames.a_chaotic_life.balance --games 200 [--players 2 3 4] [--seed 0]

The bots leave standing react orders for the Items they hold (bots.standing_orders), as a
player would, so Items are played in reaction. For each setting it prints how games end, their
length in ticks and player turns, how often each goal wins, how often greedy seats win against
random ones, how far the CP gets, and how much each part of the game is used.
"""

from __future__ import annotations

import argparse
import random
import re
from collections import Counter
from typing import Any

from ..engine.bots import choose_orders
from ..engine.dice import Dice
from ..engine.orders import parse_text
from ..engine.simulate import game_seed
from ..engine.turn import play_tick
from . import GAME
from .bots import equip
from .data import card, find, stages

PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
SETTINGS = {"greedy": ["greedy"], "random": ["random"], "greedy vs random": ["greedy", "random"]}
SAFETY_TICKS = 5000
PLAYED = re.compile(r"^\S+ (?:played|drew .* played)(?: \(paid [^)]*\))? (.+?)(?: on \S+)? "
                    r"\(the CP is")


def count_events(texts: list[str], tally: Counter[str]) -> None:
    """What a tick's log says happened: cards played by type, Items in reaction, trades,
    Mini-Goals, swaps."""
    for text in texts:
        found = PLAYED.match(text)
        name = find(found.group(1)) if found else None
        if name:
            spec = card(name)
            tally["played " + spec["type"] + (" (drawn)" if spec["drawn"] else "")] += 1
        if " in reaction to " in text:
            tally["Item reactions"] += 1
        if "the trade is made" in text:
            tally["trades made"] += 1
        elif "'s offer: nothing changes hands" in text:
            tally["offers declined"] += 1
        if "claimed the Mini-Goal" in text:
            tally["Mini-Goals claimed"] += 1
        if "removed two cards face down" in text:
            tally["swaps"] += 1


def play(seed: int, players: list[str], strategies: list[str]
         ) -> tuple[dict[str, Any], Counter[str]]:
    """One whole game; the final state and what happened in it."""
    state = GAME.setup(players, {}, Dice(seed, 0))
    state["tick"] = 0
    rng = random.Random(seed)
    seat = {p: strategies[i % len(strategies)] for i, p in enumerate(players)}
    tally: Counter[str] = Counter()
    while not GAME.is_over(state):
        if state["tick"] >= SAFETY_TICKS:
            raise RuntimeError(f"game {seed} did not end in {SAFETY_TICKS} ticks")
        equip(state)
        files = {}
        for player in GAME.awaiting(state):
            text = "\n".join(choose_orders(GAME, state, player, seat[player], rng))
            files[player] = parse_text("a_chaotic_life", text, player)
        outcome = play_tick(GAME, state, files, seed)
        if outcome.problems:
            raise RuntimeError(outcome.problems[0].render())
        state = outcome.state
        count_events([e["text"] for e in state["log"]], tally)
    return state, tally


def report(games: int, count: int, setting: str, seed: int = 0) -> list[str]:
    players = list(PLAYERS[:count])
    strategies = SETTINGS[setting]
    ends: Counter[str] = Counter()
    reached: Counter[str] = Counter()
    goal_wins: Counter[str] = Counter()
    goal_seats: Counter[str] = Counter()
    strategy_wins: Counter[str] = Counter()
    strategy_seats: Counter[str] = Counter()
    used: Counter[str] = Counter()
    game_goals: Counter[str] = Counter()
    best: list[int] = []
    ticks, turns, shared = [], [], 0
    for index in range(games):
        state, tally = play(game_seed(seed, index), players, strategies)
        used.update(tally)
        result = GAME.result(state)
        ends[state["end"]] += 1
        reached[state["stage"]] += 1
        ticks.append(state["tick"])
        turns.append(state["turns"])
        shared += len(result.winners) > 1
        best.append(max(result.scores.values()))
        if len(set(state["goals"].values())) == 1:
            game_goals[state["goals"][players[0]]] += 1
        for i, player in enumerate(players):
            goal = state["goals"][player]
            strategy = strategies[i % len(strategies)]
            goal_seats[goal] += 1
            strategy_seats[strategy] += 1
            share = 1 / len(result.winners) if player in result.winners else 0.0
            goal_wins[goal] += share
            strategy_wins[strategy] += share

    def pct(part: float, whole: float) -> str:
        return f"{100 * part / whole:.0f}%" if whole else "-"

    lines = [f"{count} players, {setting}, {games} games:"]
    lines.append(f"  length: ticks mean {sum(ticks) / games:.1f} (min {min(ticks)}, max "
                 f"{max(ticks)}); player turns mean {sum(turns) / games:.1f} (min {min(turns)}, "
                 f"max {max(turns)}); ticks per turn {sum(ticks) / max(1, sum(turns)):.2f}")
    lines.append("  the game ended by: " + ", ".join(
        f"{end} {pct(n, games)}" for end, n in sorted(ends.items())))
    lines.append("  the CP reached: " + ", ".join(
        f"{s} {pct(reached[s], games)}" for s in stages() if reached[s]))
    if game_goals:  # three players share one goal: how often each was drawn
        lines.append("  every player's goal: " + ", ".join(
            f"{goal} in {game_goals[goal]} games" for goal in sorted(game_goals))
            + f"; shared wins {pct(shared, games)} of games")
    else:
        lines.append("  wins per seat by goal: " + ", ".join(
            f"{goal} {pct(goal_wins[goal], goal_seats[goal])} of {goal_seats[goal]} seats"
            for goal in sorted(goal_seats)) + f"; shared wins {pct(shared, games)} of games")
    lines.append(f"  winning score: mean {sum(best) / games:.1f} (min {min(best)}, "
                 f"max {max(best)})")
    if len(strategy_seats) > 1:
        lines.append("  wins per seat by strategy: " + ", ".join(
            f"{s} {pct(strategy_wins[s], strategy_seats[s])}" for s in sorted(strategy_seats)))
    lines.append("  per game: " + ", ".join(
        f"{what} {used[what] / games:.1f}" for what in sorted(used)))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lifegames.a_chaotic_life.balance")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4],
                        choices=(2, 3, 4))
    parser.add_argument("--settings", nargs="+", default=list(SETTINGS), choices=SETTINGS)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for count in args.players:
        for setting in args.settings:
            print("\n".join(report(args.games, count, setting, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
