"""Simple Kingdoms' balance table (RULES.md's block `simple-kingdoms/balance`): the team score
of each bot policy on easy and hard over paired seeds (the same seeds, so the same maps and
threat dice, on both levels), with the raids, the final threat and what the kingdoms end with.

    python3 -m lifegames.simple_kingdoms.balance [--games 50] [--seed 0] [--jobs 2]
    python3 bench/simple_kingdoms.py balance        # the same table, as bench/figures.py makes it

Every function takes the game it plays (a test's variant plays as well as the real one).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import cast

from ..engine.base.jsondata import JsonObject
from ..engine.base.words import counted
from ..engine.core import simulate
from ..engine.core.bots import choose_orders
from ..engine.core.dice import Dice
from ..engine.core.orders import parse_text
from ..engine.core.turn import play_tick
from . import model as sk
from .bots import POLICIES, plan
from .rules import SimpleKingdoms
from .state import KingdomsGame, KingdomsState

Chooser = Callable[[KingdomsState, str, random.Random], list[str]]
ROWS = [("greedy", ("greedy", "greedy")), ("random", ("random", "random")),
        ("nothing", ("nothing", "nothing")), ("farming, no expansion", ("farming", "farming")),
        ("home soldiers (loophole)", ("home-soldiers", "home-soldiers")),
        ("greedy, no defense", ("no-defense", "no-defense"))]


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def table(headers: list[str], rows: Sequence[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _json(state: KingdomsState) -> JsonObject:
    """The state as the engine's tick and bots take a state of any game: JSON-shaped."""
    return cast(JsonObject, state)


def chooser(game: KingdomsGame, name: str) -> Chooser:
    """A kingdom's orders for a tick: the engine's random bot, or a policy of bots.plan."""
    if name == "random":
        return lambda state, player, rng: choose_orders(game, _json(state), player, "random",
                                                        rng)
    policy = POLICIES[name]
    return lambda state, player, rng: plan(game, state, player, rng, policy)


def play_game(game: KingdomsGame, seed: int, difficulty: str, seats: tuple[str, str]
              ) -> dict[str, int]:
    """One whole game, the two kingdoms played by the policies in `seats`."""
    options = game.parse_options([] if difficulty == "easy" else [difficulty], None)
    state = game.setup(list(game.default_players), options, Dice(seed, 0))
    state["tick"] = 0
    rng = random.Random(seed)
    choose = {p: chooser(game, s) for p, s in zip(state["players"], seats, strict=True)}
    raids = 0
    while not game.is_over(state):
        files = {p: parse_text("simple_kingdoms", "\n".join(choose[p](state, p, rng)), p)
                 for p in state["players"]}
        outcome = play_tick(game, _json(state), files, seed)
        if outcome.problems:
            raise RuntimeError(outcome.problems[0].render())
        state = cast(KingdomsState, outcome.state)  # the engine played the tick: JSON again
        raids += sum(r.startswith("orcs raided") for p in state["players"]
                     for r in state["reports"][p])
    players = state["players"]
    return {
        "team": sk.team_score(state),
        "raids": raids,
        "threat": state["threat"],
        "people": sum(sk.people(state, p) for p in players),
        "soldiers": sum(sk.soldiers_of(state, p) for p in players),
        "tiles": sum(len(sk.owned_tiles(state, p)) for p in players),
        "cap": sum(sk.cap(state, p) for p in players),
        "gold": sum(state["kingdoms"][p]["gold"] for p in players),
        "towns": sum(t["settlement"] in ("town", "city") for t in state["tiles"]),
    }


def _play_task(task: tuple[KingdomsGame, int, str, tuple[str, str]]) -> dict[str, int]:
    return play_game(*task)


def balance_text(game: KingdomsGame, games: int = 50, seed: int = 0, jobs: int = 2) -> str:
    seeds = [simulate.game_seed(seed, i) for i in range(games)]
    out: list[str] = []
    results: dict[tuple[str, str], list[dict[str, int]]] = {}
    tasks = [(game, s, level, seats) for _, seats in ROWS for level in ("easy", "hard")
             for s in seeds]
    log(f"balance: {len(tasks)} games on {counted(jobs, 'job')}")
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        played = iter(pool.map(_play_task, tasks, chunksize=10))
        for label, _ in ROWS:
            for level in ("easy", "hard"):
                results[label, level] = [next(played) for _ in seeds]
    rows = []
    for label, _ in ROWS:
        easy, hard = results[label, "easy"], results[label, "hard"]
        lower = sum(h["team"] < e["team"] for e, h in zip(easy, hard, strict=True))
        rows.append([
            label, _mean(easy, "team"), _mean(hard, "team"),
            f"{100 * (1 - _avg(hard, 'team') / _avg(easy, 'team')):.1f}%",
            f"{lower} of {len(seeds)}", f"{_mean(easy, 'raids')} / {_mean(hard, 'raids')}",
            f"{_mean(easy, 'threat')} / {_mean(hard, 'threat')}",
            f"{_mean(easy, 'people')} / {_mean(hard, 'people')}",
            f"{_mean(easy, 'soldiers')} / {_mean(hard, 'soldiers')}",
            f"{_mean(easy, 'tiles')} / {_mean(hard, 'tiles')}",
            f"{_mean(easy, 'gold')} / {_mean(hard, 'gold')}",
            f"{_mean(easy, 'cap')} / {_mean(hard, 'cap')}",
            f"{_mean(easy, 'towns')} / {_mean(hard, 'towns')}"])
    greedy = results["greedy", "easy"]
    out.append(f"Simple Kingdoms balance: {games} games per row, the same seeds (simulate's, "
               f"run seed {seed}) for every row and level. Team score means; 'hard lower' "
               "counts the seeds where hard scored below easy; the other columns are means at "
               "the end, easy / hard.\n")
    out.append(table(["policy (both kingdoms)", "easy", "hard", "hard below easy by", "hard lower",
                 "raids", "final threat", "people", "soldiers", "tiles", "gold", "cap",
                 "towns and cities"], rows) + "\n")
    share = [(label, _avg(results[label, "easy"], "team") / _avg(greedy, "team"))
             for label, _ in ROWS[1:]]
    out.append("Share of the greedy score on easy: " + "; ".join(
        f"{label} {100 * value:.0f}%" for label, value in share) + ".")
    for level in ("easy", "hard"):
        pairs = zip(results["greedy", level], results["greedy, no defense", level], strict=True)
        wins = sum(g["team"] > n["team"] for g, n in pairs)
        gap = 1 - _avg(results["greedy, no defense", level], "team") / _avg(
            results["greedy", level], "team")
        out.append(f"Defending pays on {level}: greedy beats the same bot without defense on "
                   f"{wins} of {len(seeds)} seeds, by {100 * gap:.1f}% on average.")
    out.append(f"\n(python3 bench/simple_kingdoms.py balance --games {games})")
    return "\n".join(out)


def _avg(records: list[dict[str, int]], key: str) -> float:
    values: list[float] = [r[key] for r in records]
    return statistics.mean(values)


def _mean(records: list[dict[str, int]], key: str) -> str:
    return f"{_avg(records, key):.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lifegames.simple_kingdoms.balance")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    print(balance_text(SimpleKingdoms(), args.games, args.seed, args.jobs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
