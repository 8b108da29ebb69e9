"""Balance figures for the reconstructed deck: whole games between the engine's bots at each
player count (greedy, random, greedy against random), played as `simulate` plays them: the
bots write their files (the greedy bot's plans head them with its standing orders, so its
Items react and offers to it are answered at once) and the engine's tick plays them.

    python3 -m lifegames.a_chaotic_life.balance [--games 200] [--players 2 3 4] [--seed 0]

For each setting it prints how games end, their length in ticks and player turns, the longest
stretch of turns in which no player's score moved, how far the CP gets, how often each goal
and each strategy wins, shared wins, how much each part of the game is used, and the cards
never played. RULES.md's blocks (the balance figures and the deck list) are written by
`python3 bench/figures.py` from `balance_block` and `deck_block`, with the digest of what they
were made from, so a test (tests/test_figures.py) notices a stale block without playing.
"""

from __future__ import annotations

import argparse
import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from ..engine.base.jsondata import JsonObject
from ..engine.core.bots import choose_orders
from ..engine.core.contract import AnyGame, Result
from ..engine.core.dice import Dice
from ..engine.core.orders import parse_text
from ..engine.core.simulate import game_seed
from ..engine.core.turn import play_tick
from ..engine.files.data import game_file
from .data import PACKAGE, card, cards, find, names, stages
from .rules import AChaoticLife

PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
SETTINGS = {"greedy": ["greedy"], "random": ["random"], "greedy vs random": ["greedy", "random"]}
SAFETY_TICKS = 5000
T = TypeVar("T")  # the task of one game, as a worker takes it
PLAYED = re.compile(r"^\S+ (?:played (?P<card>.+?)(?: on \S+)?(?: face up:| while the CP was "
                    r"| in reaction to )|drew (?P<drawn>.+?)(?: from the deck| from the discard "
                    r"pile| while drawing up) and played it at once )")


@dataclass
class Played:
    """One whole game: how it ended and what happened in it."""

    state: JsonObject  # the state as the engine's tick returns it
    strategies: dict[str, str]
    result: Result  # the game's result, at the end
    dead: int = 0  # the longest run of player turns in which no player's score moved
    used: Counter[str] = field(default_factory=Counter)  # events of each kind
    cards: Counter[str] = field(default_factory=Counter)  # cards played, by name


def count_events(texts: list[str], played: Played) -> None:
    """What a tick's log says happened: cards played (by name and by type; an Item played
    in reaction or by order), trades, Mini-Goals, swaps."""
    for text in texts:
        found = PLAYED.match(text)
        name = find(found["card"] or found["drawn"]) if found else None
        if name:
            played.cards[name] += 1
            spec = card(name)
            played.used["played " + spec["type"] + (" (drawn)" if spec["drawn"] else "")] += 1
        if " in reaction to " in text:
            played.used["Item reactions"] += 1
        if "the trade is made" in text:
            played.used["trades made"] += 1
        elif "offer" in text and ": nothing changes hands" in text:
            played.used["offers declined"] += 1
        if "claimed the Mini-Goal" in text:
            played.used["Mini-Goals claimed"] += 1
        if "removed two cards from the game face down" in text:
            played.used["swaps"] += 1


def play(game: AnyGame, seed: int, players: list[str], strategies: list[str],
         seen: list[str] | None = None, options: JsonObject | None = None) -> Played:
    """One whole game between bots, tick by tick through the engine. `seen` collects every
    event sentence of it as someone reads it (the public line and each private one), for
    the test that reads them all (tests/a_chaotic_life/test_quality.py). `options` are the
    setup's (default none: the rulebook's game, no house rule)."""
    state = game.setup(players, options or {}, Dice(seed, 0))
    state["tick"] = 0
    rng = random.Random(seed)
    seat = {p: strategies[i % len(strategies)] for i, p in enumerate(players)}
    played = Played(state, seat, game.result(state))
    scores, moved, run, turns = played.result.scores, False, 0, 0
    while not game.is_over(state):
        if state["tick"] >= SAFETY_TICKS:
            raise RuntimeError(f"game {seed} did not end in {SAFETY_TICKS} ticks")
        files = {p: parse_text("a_chaotic_life",
                               "\n".join(choose_orders(game, state, p, seat[p], rng)), p)
                 for p in game.awaiting(state)}
        outcome = play_tick(game, state, files, seed)
        if outcome.problems:
            raise RuntimeError(outcome.problems[0].render())
        state = played.state = outcome.state
        count_events([e["text"] for e in state["log"]], played)
        if seen is not None:
            seen += [t for e in state["log"] for t in [e["text"], *e["private"].values()]]
        played.result = game.result(state)
        now = played.result.scores
        moved, scores = moved or now != scores, now
        for _ in range(int(state["turns"]) - turns):
            run = 0 if moved else run + 1
            moved = False
            played.dead = max(played.dead, run)
        turns = int(state["turns"])
    return played


def pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def _one(job: tuple[AnyGame, int, list[str], list[str]]) -> Played:
    return play(*job)


def _with_death(job: tuple[list[str], AnyGame, int, list[str], list[str]]) -> Played:
    """One game with Death! playable in the stages given, not the data's (the comparison
    RULES.md argues its Assumption with); the card's stages are put back afterwards."""
    spec = card("Death!")
    kept = spec["stages"]
    spec["stages"] = job[0]
    try:
        return play(*job[1:])
    finally:
        spec["stages"] = kept


def _played(worker: Callable[[T], Played], tasks: list[T], jobs: int) -> list[Played]:
    """The games of `tasks`, in their order, played by `jobs` processes (or this one)."""
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(worker, tasks, chunksize=1))
    return [worker(t) for t in tasks]


def report(game: AnyGame, games: int, count: int, setting: str, seed: int = 0, jobs: int = 1
           ) -> list[str]:
    """The figures of one setting; `jobs` processes play its games (the same games, in the
    same order, whatever their number)."""
    players = list(PLAYERS[:count])
    tasks = [(game, game_seed(seed, i), players, SETTINGS[setting]) for i in range(games)]
    return summary(_played(_one, tasks, jobs), count, setting)


def summary(played: list[Played], count: int, setting: str) -> list[str]:
    games = len(played)
    ends: Counter[str] = Counter()
    reached: Counter[str] = Counter()
    goal_wins: defaultdict[str, float] = defaultdict(float)  # shares of won games
    goal_seats: Counter[str] = Counter()
    strategy_wins: defaultdict[str, float] = defaultdict(float)
    strategy_seats: Counter[str] = Counter()
    used: Counter[str] = Counter()
    cards: Counter[str] = Counter()
    game_goals: Counter[str] = Counter()
    best, ticks, turns, dead, shared = [], [], [], [], 0
    for game in played:
        state = game.state
        used.update(game.used)
        cards.update(game.cards)
        result = game.result
        ends[str(state["end"])] += 1
        reached[state["stage"]] += 1
        ticks.append(int(state["tick"]))
        turns.append(int(state["turns"]))
        dead.append(game.dead)
        shared += len(result.winners) > 1
        best.append(max(result.scores.values()))
        if len(set(state["goals"].values())) == 1:
            game_goals[state["goals"][state["players"][0]]] += 1
        for player in state["players"]:
            goal, strategy = state["goals"][player], game.strategies[player]
            goal_seats[goal] += 1
            strategy_seats[strategy] += 1
            share = 1 / len(result.winners) if player in result.winners else 0.0
            goal_wins[goal] += share
            strategy_wins[strategy] += share
    lines = [f"{count} players, {setting}, {games} games:"]
    lines.append(f"  length: ticks mean {sum(ticks) / games:.1f} (min {min(ticks)}, max "
                 f"{max(ticks)}); player turns mean {sum(turns) / games:.1f} (min {min(turns)}, "
                 f"max {max(turns)}); ticks per turn {sum(ticks) / max(1, sum(turns)):.2f}")
    lines.append("  the game ended by: " + ", ".join(
        f"{end} {pct(n, games)}" for end, n in sorted(ends.items())))
    lines.append(f"  turns in a row in which no score moved: at most {max(dead)}; games with 5 "
                 f"or more {pct(sum(d >= 5 for d in dead), games)}")
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
    never = [n for n in playable() if not cards[n]]
    lines.append("  cards never played: " + (", ".join(never) or "none"))
    return lines


def playable() -> list[str]:
    """Every card a player can play (all but the Baby, the Mini-Goals and the Life-Goals)."""
    return [n for n in names() if card(n)["type"] not in ("minigoal", "lifegoal")
            and n != "Baby"]


def balance_block(game: AnyGame, games: int, seed: int = 0, jobs: int = 1) -> str:
    lines = [f"$ python3 -m lifegames.a_chaotic_life.balance --games {games} --seed {seed}"]
    for count in (2, 3, 4):
        for setting in SETTINGS:
            lines += report(game, games, count, setting, seed, jobs)
    return "```\n" + "\n".join(lines) + "\n```"


def death_block(game: AnyGame, games: int, seed: int = 0, jobs: int = 1) -> str:
    """Greedy games with Death! as the data has it and with Death! at any stage: how the
    games end and how far the CP gets, the figures the Assumption on Death! rests on."""
    lines = [f"greedy games, {games} at each player count, seed {seed}"]
    choices = {"as cards.yaml has it (" + ", ".join(card("Death!")["stages"]) + ")":
               card("Death!")["stages"], "at any stage": stages()}
    for count in (2, 3, 4):
        players = list(PLAYERS[:count])
        for label, allowed in choices.items():
            tasks = [(allowed, game, game_seed(seed, i), players, SETTINGS["greedy"])
                     for i in range(games)]
            played = _played(_with_death, tasks, jobs)
            ended = Counter(str(g.state["end"]) for g in played)
            senior = sum(g.state["stage"] == "senior" for g in played)
            lines.append(f"{count} players, Death! {label}: the CP reached Senior in "
                         f"{pct(senior, games)}; ended by " + ", ".join(
                             f"{end} {pct(n, games)}" for end, n in sorted(ended.items())))
    return "```\n" + "\n".join(lines) + "\n```"


def cards_block(game: AnyGame, games: int, seed: int = 0, jobs: int = 1) -> str:
    """Greedy games at each player count: how they end, how far the CP gets, the longest run of
    turns in which no score moved, and how often each card was played in them all (a run of this
    size should see every kind of card played at every player count)."""
    counts = (2, 3, 4)
    lines = [f"greedy games, {games} at each player count, seed {seed}"]
    plays: dict[int, Counter[str]] = {}
    for count in counts:
        players = list(PLAYERS[:count])
        tasks = [(game, game_seed(seed, i), players, SETTINGS["greedy"]) for i in range(games)]
        played = _played(_one, tasks, jobs)
        plays[count] = Counter()
        for one in played:
            plays[count].update(one.cards)
        ended = Counter(str(g.state["end"]) for g in played)
        senior = sum(g.state["stage"] == "senior" for g in played)
        dead = [g.dead for g in played]
        never = [n for n in playable() if not plays[count][n]]
        lines.append(f"{count} players: ended by " + ", ".join(
            f"{end} {pct(n, games)}" for end, n in sorted(ended.items()))
            + f"; the CP reached Senior in {pct(senior, games)}; turns in a row in which no "
            f"score moved: at most {max(dead)}, 5 or more in {sum(d >= 5 for d in dead)} "
            f"games; cards never played: {', '.join(never) or 'none'}")
    lines.append("times each card was played (" + " / ".join(f"{c} players" for c in counts)
                 + "):")
    by_type: dict[str, list[str]] = {}
    for name in playable():
        by_type.setdefault(card(name)["type"], []).append(
            f"{name} " + "/".join(str(plays[c][name]) for c in counts))
    for kind, entries in by_type.items():
        lines.append(f"  {kind}: " + ", ".join(entries))
    return "```\n" + "\n".join(lines) + "\n```"


# -- RULES.md's figure blocks: bench/figures.py writes them (balance_block, deck_block) -----


def rules_page() -> Path:
    return game_file(PACKAGE, "RULES.md")


def deck_block() -> str:
    """The deck as RULES.md lists it: each type, its cards and copies, from cards.yaml."""
    order = ["age", "event", "special", "interact", "item", "pet", "neighbor", "minigoal",
             "lifegoal"]
    from .data import TYPE_NAMES

    lines = []
    for kind in order:
        chosen = [(n, c) for n, c in cards().items() if c["type"] == kind]
        count = sum(c["copies"] for _, c in chosen)
        listed = ", ".join((f"{c['copies']} {n}" if c["copies"] > 1 else n) for n, c in chosen)
        label = "Neighbor" if kind == "neighbor" else f"{TYPE_NAMES[kind]}"
        lines.append(f"- **{count} {label}:** {listed}.")
    total = sum(c["copies"] for c in cards().values())
    return f"{total} cards, as the Components list counts them:\n\n" + "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lifegames.a_chaotic_life.balance")
    parser.add_argument("--games", type=int, default=None,
                        help="games per setting (default 100)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4],
                        choices=(2, 3, 4))
    parser.add_argument("--settings", nargs="+", default=list(SETTINGS), choices=SETTINGS)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes playing the games (the figures do not depend on it)")
    args = parser.parse_args(argv)
    game = AChaoticLife()
    for count in args.players:
        for setting in args.settings:
            print("\n".join(report(game, args.games or 100, count, setting, args.seed,
                                   args.jobs)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
