"""Balance figures beyond `play.py simulate`: score bands, goal rates and inventory rows.

    python3 -m lifegames.a_simple_life.balance --games 200 --strategy greedy [--players 2]
    python3 bench/a_simple_life.py --only balance     # the Markdown tables of RULES.md

Plays whole games between the engine's bots (the same bots, seeds and tick loop as
`simulate`, one goal rolled per game as by default) and reports the mean/min/max score, the band
distribution, the win rate, each goal's completion rate when it was the goal, and how full each
inventory row got (a row that fills caps the game by the sheet's drawing).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from ..engine.base.words import counted
from ..engine.core.bots import choose_orders
from ..engine.core.contract import AnyGame, State
from ..engine.core.dice import Dice
from ..engine.core.orders import parse_text
from ..engine.core.simulate import game_seed
from ..engine.core.turn import play_tick
from .data import KINDS, goal_ids, rules, sheet
from .model import band, score
from .rules import ASimpleLife
from .state import SimpleLifeState


class StepByStep(ASimpleLife):
    """The game with the greedy bot's plans switched off: the engine's step-by-step greedy bot,
    which ends its file at every roll (every bot did before plans): the baseline of the round
    trips table."""

    def bot_plan(self, state: SimpleLifeState, player: str, rng: random.Random) -> None:
        return None


def play(game: AnyGame, seed: int, strategy: str, players: list[str],
         words: list[str] | None = None) -> State:
    """One whole game; the final state (as the engine's ticks hand it on: JSON-shaped)."""
    state: State = game.setup(players, game.parse_options(words or [], None),
                                       Dice(seed, 0))
    state["tick"] = 0
    rng = random.Random(seed)
    while not game.is_over(state):
        files = {}
        for player in game.awaiting(state):
            text = "\n".join(choose_orders(game, state, player, strategy, rng))
            files[player] = parse_text("a_simple_life", text, f"{player}/bot")
        outcome = play_tick(game, state, files, seed)
        if outcome.problems:
            raise RuntimeError(outcome.problems[0].render())
        state = outcome.state
    return state


@dataclass
class Tally:
    """What many games' final sheets add up to, seat by seat."""

    scores: list[int] = field(default_factory=list)
    bands: Counter[str] = field(default_factory=Counter)
    wins: int = 0
    chosen: Counter[str] = field(default_factory=Counter)
    chosen_done: Counter[str] = field(default_factory=Counter)
    any_done: Counter[str] = field(default_factory=Counter)
    most: Counter[str] = field(default_factory=Counter)  # kind -> most icons circled
    full: Counter[str] = field(default_factory=Counter)  # kind -> seats ending with it full

    @property
    def seats(self) -> int:
        return len(self.scores)

    def add(self, state: State) -> None:
        caps = sheet()["caps"]
        for player in state["players"]:
            s = state["sheets"][player]
            points = score(s)
            self.scores.append(points)
            self.bands[band(points)["name"]] += 1
            self.wins += all(g in s["done"] for g in state["goals"])
            for goal in goal_ids():
                self.any_done[goal] += goal in s["done"]
                if goal in state["goals"]:
                    self.chosen[goal] += 1
                    self.chosen_done[goal] += goal in s["done"]
            for kind in KINDS:
                row = s["inventory"][kind]
                used = row["circled"] + (row["crossed"] if kind == "monster" else 0)
                self.most[kind] = max(self.most[kind], used)
                self.full[kind] += used >= caps[kind]


def _final(task: tuple[AnyGame, int, str, list[str]]) -> State:
    return play(*task)


def tally(game: AnyGame, games: int, strategy: str, count: int, seed: int = 0, jobs: int = 1
          ) -> Tally:
    players = ["Ana", "Ben"][:count]
    tasks = [(game, game_seed(seed, i), strategy, players) for i in range(games)]
    out = Tally()
    if jobs <= 1:
        for task in tasks:
            out.add(_final(task))
        return out
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for state in pool.map(_final, tasks, chunksize=max(1, games // (4 * jobs))):
            out.add(state)
    return out


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def report(game: AnyGame, games: int, strategy: str, count: int, seed: int = 0) -> str:
    t = tally(game, games, strategy, count, seed)
    lines = [f"{counted(games, 'game')}, {counted(count, 'player')}, strategy {strategy}: "
             f"mean score {statistics.mean(t.scores):.1f}, min {min(t.scores)}, "
             f"max {max(t.scores)}, goals met (a win) {_pct(t.wins, t.seats)}"]
    for spec in rules()["bands"]:
        top = spec["max"] if spec["max"] is not None else "+"
        lines.append(f"  band {spec['min']}-{top}: {_pct(t.bands[spec['name']], t.seats)}")
    for goal in goal_ids():
        lines.append(f"  goal {goal}: completed {_pct(t.chosen_done[goal], t.chosen[goal])} of "
                     f"{counted(t.chosen[goal], 'game')} where it was the goal; completed "
                     f"anyway in {_pct(t.any_done[goal], t.seats)}")
    caps = sheet()["caps"]
    for kind in KINDS:
        lines.append(f"  row {kind} ({caps[kind]} icons): at most {t.most[kind]} used; full at "
                     f"the end for {_pct(t.full[kind], t.seats)} of seats")
    return "\n".join(lines)


def markdown(game: AnyGame, games: int, seed: int = 1, jobs: int = 2) -> str:
    """The balance tables of RULES.md: scores and bands, goals, inventory rows."""
    runs = [("greedy", 1), ("greedy", 2), ("random", 1)]
    tallies = {run: tally(game, games, run[0], run[1], seed, jobs) for run in runs}
    bands = rules()["bands"]
    names = [f"{b['min']}-{b['max']}" if b["max"] is not None else f"{b['min']}+" for b in bands]
    out = ["| bot | players | mean | min | max | win (all goals) | " + " | ".join(names) + " |",
           "|---|---|---|---|---|---|" + "---|" * len(names)]
    for (strategy, count), t in tallies.items():
        cells = [strategy, str(count), f"{statistics.mean(t.scores):.1f}", str(min(t.scores)),
                 str(max(t.scores)), _pct(t.wins, t.seats)]
        cells += [_pct(t.bands[b["name"]], t.seats) for b in bands]
        out.append("| " + " | ".join(cells) + " |")
    greedy = tallies[("greedy", 1)]
    out += ["", "| goal (greedy, solo) | completed when it was the goal | games | completed "
            "anyway |", "|---|---|---|---|"]
    for goal in goal_ids():
        out.append(f"| {goal} | {_pct(greedy.chosen_done[goal], greedy.chosen[goal])} | "
                   f"{greedy.chosen[goal]} | {_pct(greedy.any_done[goal], greedy.seats)} |")
    caps = sheet()["caps"]
    out += ["", "| inventory row | icons | most used (greedy, 1 or 2 players) | seats ending "
            "with it full |", "|---|---|---|---|"]
    both = [greedy, tallies[("greedy", 2)]]
    for kind in KINDS:
        most = max(t.most[kind] for t in both)
        full = sum(t.full[kind] for t in both)
        out.append(f"| {kind} | {caps[kind]} | {most} | {_pct(full, sum(t.seats for t in both))} |")
    out.append(f"\n{games} games per row, seeds {seed}:0-{games - 1} (`game_seed`), one rolled "
               f"goal per game; `python3 bench/a_simple_life.py --only balance --games {games}`.")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lifegames.a_simple_life.balance")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--strategy", default="greedy", choices=("random", "greedy"))
    parser.add_argument("--players", type=int, default=1, choices=(1, 2))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(report(ASimpleLife(), args.games, args.strategy, args.players, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
