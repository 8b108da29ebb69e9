"""Balance figures for The Sims Board Game: whole games between the engine's bots, at every
player count, with what happened in them (how often each part of the game was used).

    python3 -m lifegames.the_sims.balance [--games 100] [--seed 0]

Prints, for each line-up: games, the winner's seat (or, alone, wins and losses), the mean number
of turns, how the points were made, and how often each order and card action came up. The same
`play_one` games as `play.py simulate` (same seeds), so the figures can be checked with it.
RULES.md quotes this script's output.
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
from ..engine.words import counted
from . import GAME
from .model import points, seat

LINEUPS = [
    (1, ("greedy",)), (1, ("random",)),
    (2, ("greedy", "random")), (2, ("random", "greedy")), (2, ("greedy", "greedy")),
    (3, ("greedy", "random", "random")), (3, ("greedy", "greedy", "greedy")),
    (4, ("greedy", "greedy", "greedy", "greedy")),
    (5, ("greedy", "random", "random", "random", "random")),
    (5, ("greedy",) * 5),
]
EVENTS = {
    "go home": r" went home$",
    "ICONIC SIMS MOVE!": r"^ICONIC SIMS MOVE!|\(ICONIC SIMS MOVE!\)",
    "swap": r"^SWAP CARDS",
    "interaction": r" interacts with |^\S+ rolled .* with ",
    "Don Lothario": r"^Don Lothario (appeared|rolled a Good|found nobody)",
    "Grim Reaper": r"^the Grim Reaper (appeared|took .* from the board|found nobody)",
    "Mrs. Crumplebottom": r"^Mrs\. Crumplebottom goes|^Watch Out!",
    "party": r"a party with",
    "Aspiration completed": r"completed the Aspiration",
}


def play(count: int, strategies: tuple[str, ...], seed: int, words: list[str] | None = None
         ) -> tuple[dict[str, Any], Counter[str]]:
    """One whole game; the final state and how often each event of EVENTS was logged."""
    players = [f"P{i + 1}" for i in range(count)]
    state = GAME.setup(players, GAME.parse_options(list(words or []), None), Dice(seed, 0))
    state["tick"] = 0
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    while not GAME.is_over(state):
        files = {}
        for player in GAME.awaiting(state):
            strategy = strategies[players.index(player) % len(strategies)]
            text = "\n".join(choose_orders(GAME, state, player, strategy, rng))
            files[player] = parse_text("the_sims", text, f"{player}/bot")
        outcome = play_tick(GAME, state, files, seed)
        if outcome.problems:
            raise RuntimeError(outcome.problems[0].render())
        state = outcome.state
        for line in state["log"]:
            for name, pattern in EVENTS.items():
                seen[name] += bool(re.search(pattern, line))
    return state, seen


def report(games: int, seed: int = 0, words: list[str] | None = None) -> list[str]:
    lines = []
    for count, strategies in LINEUPS:
        wins: Counter[str] = Counter()
        seen: Counter[str] = Counter()
        turns = sims_points = asp_points = 0
        for index in range(games):
            state, events = play(count, strategies, game_seed(seed, index), words)
            seen.update(events)
            turns += state["turns"]
            for player in state["players"]:
                asp_points += 3 * len(seat(state, player)["completed"])
                sims_points += points(state, player) - 3 * len(seat(state, player)["completed"])
            if count == 1:
                wins["won" if state["winners"] else "lost"] += 1
            else:
                for winner in GAME.result(state).winners:
                    wins[f"seat {state['players'].index(winner) + 1}"] += 1
        line = "/".join(strategies)
        result = ", ".join(f"{k} {100 * v / games:.0f}%" for k, v in sorted(wins.items()))
        lines.append(f"{counted(count, 'player')} {line}: {result}; "
                     f"{turns / games:.1f} turns a game")
        if count > 1:
            total = max(1, sims_points + asp_points)
            lines.append(f"    points from Aspirations {100 * asp_points / total:.0f}%, "
                         f"from Iconic Sims {100 * sims_points / total:.0f}%")
        shown = ", ".join(f"{name} {seen[name] / games:.1f}" for name in EVENTS if seen[name])
        lines.append(f"    per game: {shown}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lifegames.the_sims.balance")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("words", nargs="*", help="setup words, e.g. long")
    args = parser.parse_args(argv)
    print(f"{args.games} games per line-up, seed {args.seed}"
          f"{', setup ' + ' '.join(args.words) if args.words else ''}:")
    for line in report(args.games, args.seed, args.words):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
