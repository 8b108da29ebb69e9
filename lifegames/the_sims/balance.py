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
from typing import cast

from ..engine.base.words import counted
from ..engine.core.bots import choose_orders
from ..engine.core.contract import AnyGame, State
from ..engine.core.dice import Dice
from ..engine.core.orders import parse_text
from ..engine.core.simulate import game_seed
from ..engine.core.turn import play_tick
from .model import points, seat
from .rules import TheSims
from .state import SimsGame, SimsState

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


# How the special cards and the single player's friends turned out (bench/sims_figures.py).
OUTCOMES = {
    "Don ran off with a Sim of the board": r"^Don Lothario rolled a Good .*\(the board\)",
    "Don ran off with a Sim of a home": r"^Don Lothario rolled a Good .*\(P\d\)",
    "Don moved in": r"^Don Lothario (found nobody|moved in)",
    "the Reaper took board Sims": r"^the Grim Reaper took .* from the board",
    "the Reaper moved in": r"^the Grim Reaper found nobody|Grim Reaper moved in",
    "Mrs. Crumplebottom discarded a card": r"^Mrs\. Crumplebottom made|^you discarded the",
    "friend: befriended at a Venue": r"moved in with \S+ \(befriended at",
    "friend: Come on Over!": r"moved in with \S+ \(Come on Over!\)",
    "friend: ICONIC SIMS MOVE!": r"moved in with \S+ \(ICONIC SIMS MOVE!\)",
}


def play(game: SimsGame, count: int, strategies: tuple[str, ...], seed: int,
         words: list[str] | None = None) -> tuple[SimsState, Counter[str]]:
    """One whole game; the final state and how often each event of EVENTS was logged (and,
    per player, "went home P1" and "ends the turn P1")."""
    players = [f"P{i + 1}" for i in range(count)]
    engine: AnyGame = game  # the engine plays the game: a state is JSON to it, as in a folder
    state: State = engine.setup(players, game.parse_options(list(words or []), None),
                                Dice(seed, 0))
    state["tick"] = 0
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    while not engine.is_over(state):
        files = {}
        for player in engine.awaiting(state):
            strategy = strategies[players.index(player) % len(strategies)]
            text = "\n".join(choose_orders(engine, state, player, strategy, rng))
            files[player] = parse_text("the_sims", text, f"{player}/bot")
        outcome = play_tick(engine, state, files, seed)
        if outcome.problems:
            raise RuntimeError(outcome.problems[0].render())
        state = outcome.state
        for line in state["log"]:
            for name, pattern in EVENTS.items():
                seen[name] += bool(re.search(pattern, line))
            mover = re.match(r"(\S+) (went home|ends the turn)", line)
            if mover:  # per player: "went home P1", "ends the turn P1"
                seen[f"{mover.group(2)} {mover.group(1)}"] += 1
            for name, pattern in OUTCOMES.items():
                seen[name] += bool(re.search(pattern, line))
    # the engine's state of this game, read as this game's: the JSON its declaration checks
    return cast("SimsState", state), seen


def report(game: SimsGame, games: int, seed: int = 0, words: list[str] | None = None
           ) -> list[str]:
    lines = []
    for count, strategies in LINEUPS:
        wins: Counter[str] = Counter()
        seen: Counter[str] = Counter()
        turns = sims_points = asp_points = 0
        for index in range(games):
            state, events = play(game, count, strategies, game_seed(seed, index), words)
            seen.update(events)
            turns += state["turns"]
            for player in state["players"]:
                asp_points += 3 * len(seat(state, player)["completed"])
                sims_points += points(state, player) - 3 * len(seat(state, player)["completed"])
            if count == 1:
                wins["won" if state["winners"] else "lost"] += 1
            else:
                for winner in game.result(state).winners:
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
    for line in report(TheSims(), args.games, args.seed, args.words):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
