"""Whole games between bots, in memory (no folders), across processes.

Each game's seed is derived from the run's seed and the game's index, so the results do not
depend on how many processes share the work or in which order they finish.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass

from ..base.jsondata import JsonObject
from .bots import choose_orders
from .contract import AnyGame
from .dice import Dice
from .orders import parse_text
from .turn import play_tick

SAFETY_TICKS = 100_000


@dataclass
class GameRecord:
    index: int
    seed: int
    scores: dict[str, int]
    winners: list[str]
    ticks: int  # round trips between the players and the host
    turns: int  # turns in the game's own unit (player turns, days, ticks): Game.turns
    end: str | None = None  # how the game ended, in the game's words (Game.ending)

    @property
    def length(self) -> int:
        return self.ticks

    def as_dict(self) -> JsonObject:
        data = asdict(self)
        data["length"] = self.ticks  # the name before `ticks` existed
        return data


def game_seed(run_seed: int, index: int) -> int:
    digest = hashlib.sha256(f"lifegames-simulate:{run_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def play_one(game: AnyGame, seed: int, strategies: list[str], players: list[str] | None = None,
             options: JsonObject | None = None, index: int = 0) -> GameRecord:
    names = list(players or game.default_players or
                 [f"P{i + 1}" for i in range(game.min_players)])
    options = game.parse_options([], None) if options is None else options
    state = game.setup(names, options, Dice(seed, 0))
    state["tick"] = 0
    rng = random.Random(seed)
    seat = {name: strategies[i % len(strategies)] for i, name in enumerate(names)}
    while not game.is_over(state):
        if state["tick"] >= SAFETY_TICKS:
            raise RuntimeError(f"{game.id}: game {seed} did not end")
        files = {}
        for player in game.awaiting(state):
            text = "\n".join(choose_orders(game, state, player, seat[player], rng))
            files[player] = parse_text(game.grammar_name(), text, f"{player}/bot")
        outcome = play_tick(game, state, files, seed)
        if outcome.problems:
            raise RuntimeError(f"{game.id}: bot orders rejected: {outcome.problems[0].render()}")
        state = outcome.state
    result = game.result(state)
    return GameRecord(index, seed, dict(result.scores), list(result.winners), int(state["tick"]),
                      game.turns(state), game.ending(state))


Lookup = Callable[[str], AnyGame]
Task = tuple[Lookup, str, int, int, list[str], list[str], list[str] | None]


def _worker(args: Task) -> GameRecord:
    lookup, game_id, run_seed, index, strategies, words, players = args
    game = lookup(game_id)
    options = game.parse_options(list(words), None)
    return play_one(game, game_seed(run_seed, index), strategies, players=players,
                    options=options, index=index)


def run(lookup: Lookup, game_id: str, games: int, run_seed: int, strategies: list[str],
        jobs: int = 1, progress: Callable[[int], None] | None = None,
        words: list[str] | None = None, players: list[str] | None = None) -> list[GameRecord]:
    """Play `games` games; `words` are setup words (e.g. a difficulty) for every game, and
    `players` the seats (default: the game's own names). `lookup` finds a game by its id in
    each worker process (the registry's `get`: the engine names no game itself, and a module
    function is what a process pool can send)."""
    tasks: list[Task] = [(lookup, game_id, run_seed, i, strategies, list(words or []), players)
                         for i in range(games)]
    records: list[GameRecord] = []
    results: Iterator[GameRecord]
    if jobs <= 1:
        results = map(_worker, tasks)
        for record in results:
            records.append(record)
            if progress:
                progress(1)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            chunk = max(1, games // (jobs * 8))
            for record in pool.map(_worker, tasks, chunksize=chunk):
                records.append(record)
                if progress:
                    progress(1)
    return sorted(records, key=lambda r: r.index)


def summary(records: list[GameRecord], seconds: float, cooperative: bool = False
            ) -> tuple[list[str], list[list[object]]]:
    """Rows per seat: mean/min/max score and how often the seat won; then the run's totals.
    In a cooperative game nobody wins alone: the team's total is what means something, and
    there is no win column (`Game.cooperative`)."""
    seats: dict[str, list[int]] = {}
    wins: dict[str, int] = {}
    for record in records:
        for name, value in record.scores.items():
            seats.setdefault(name, []).append(value)
            wins[name] = wins.get(name, 0) + (name in record.winners)
    rows: list[list[object]] = []
    for name, values in seats.items():
        row = [name, len(values), f"{sum(values) / len(values):.1f}", min(values),
               max(values)]
        rows.append(row if cooperative else [*row, f"{100 * wins[name] / len(values):.0f}%"])
    if records and len(seats) > 1:
        totals = [sum(r.scores.values()) for r in records]
        label = "team score" if cooperative else "all seats (sum)"
        row = [label, len(totals), f"{sum(totals) / len(totals):.1f}", min(totals), max(totals)]
        rows.append(row if cooperative else [*row, "-"])
    headers = ["seat", "games", "mean score", "min", "max"]
    return (headers if cooperative else [*headers, "win rate"]), rows
