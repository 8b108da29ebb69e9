"""Simple Kingdoms' figures, printed by script so that none is typed by hand (issue 15 point 13).

    python3 bench/simple_kingdoms.py ticks [--before DIR|REV]   (another checkout, or a commit
                                    of this repository, exported by `git archive`)
    python3 bench/simple_kingdoms.py speed
    python3 bench/simple_kingdoms.py balance [--games 50]
    python3 bench/simple_kingdoms.py readme

ticks    issue 12's goal: ticks and turns per game with greedy bots (`simulate --json`), for
         this checkout and, with --before, another one on the same seeds
speed    100 greedy games on 2 jobs, wall time (issue 16 point 15: under a minute on 2 cores)
balance  issue 15 point 3: the team score of each policy on easy and hard over paired seeds
         (the same seeds, so the same maps and threat dice, on both levels), raids, threat,
         and the people each policy ends with; the table of RULES.md
readme   the README's sentence on greedy and random bots (20 games each, seed 0)

Run by hand, not by the test suite: each takes from seconds to a few minutes. Tables are
Markdown on stdout; progress goes to stderr. `python3 bench/figures.py` writes them into
RULES.md (blocks `simple-kingdoms/balance`, `/ticks` and `/speed`).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from lifegames import registry  # noqa: E402
from lifegames.engine import simulate  # noqa: E402
from lifegames.engine.bots import choose_orders  # noqa: E402
from lifegames.engine.dice import Dice  # noqa: E402
from lifegames.engine.orders import parse_text  # noqa: E402
from lifegames.engine.turn import play_tick  # noqa: E402
from lifegames.engine.words import counted  # noqa: E402
from lifegames.simple_kingdoms import GAME  # noqa: E402
from lifegames.simple_kingdoms import model as sk  # noqa: E402
from lifegames.simple_kingdoms.bots import POLICIES, plan  # noqa: E402

GAME_ID = "simple-kingdoms"


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def table(headers: list[str], rows: list[list[Any]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def commit(tree: Path) -> str:
    """The checkout's commit (+changes when its code differs from it), or its folder's name
    for a plain copy (`git archive REV | tar -x -C DIR`)."""
    if not (tree / ".git").exists():
        return tree.name
    result = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=False)
    dirty = subprocess.run(["git", "-C", str(tree), "status", "--porcelain", "--", "lifegames",
                            "games", "grammars"], capture_output=True, text=True, check=False)
    return (result.stdout.strip() or "?") + ("+changes" if dirty.stdout.strip() else "")


# -- ticks: issue 12's goal ---------------------------------------------------------------------


def simulate_json(tree: Path, games: int, seed: int, words: str, jobs: int
                  ) -> tuple[list[dict[str, Any]], float]:
    command = [sys.executable, str(tree / "play.py"), "simulate", "--game", GAME_ID, "--games",
               str(games), "--seed", str(seed), "--strategy", "greedy", "--jobs", str(jobs),
               "--json"]
    if words:
        command += ["--setup", words]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, check=True, cwd=tree)
    seconds = time.perf_counter() - start
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")], \
        seconds


def ticks_text(games: int = 20, seed: int = 0, jobs: int = 2, before: str = "") -> str:
    """`before`: another checkout's folder, or a commit of this repository (exported with
    `git archive` into a scratch folder named after it)."""
    again = f"(python3 bench/simple_kingdoms.py ticks --games {games}" + \
        (f" --before {before})" if before else ")")
    if before and not Path(before).is_dir():
        with tempfile.TemporaryDirectory() as scratch:
            tree = Path(scratch) / f"sk_before_{before}"
            tree.mkdir()
            archive = subprocess.run(["git", "-C", str(REPO), "archive", before],
                                     capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
            return _ticks_table(games, seed, jobs, tree) + "\n\n" + again
    return _ticks_table(games, seed, jobs, Path(before) if before else None) + "\n\n" + again


def _ticks_table(games: int, seed: int, jobs: int, before: Path | None) -> str:
    trees = ([("before", before.resolve())] if before else []) + [
        ("this checkout", REPO)]
    rows = []
    for label, tree in trees:
        for words in ("", "hard"):
            log(f"ticks: {label} {words or 'easy'}")
            records, seconds = simulate_json(tree, games, seed, words, jobs)
            ticks_ = [r["ticks"] for r in records]
            turns = [r.get("turns", r["ticks"]) for r in records]
            team = [sum(r["scores"].values()) for r in records]
            rows.append([f"{label} ({commit(tree)})", words or "easy", len(records),
                         f"{statistics.mean(ticks_):.1f}", f"{statistics.mean(turns):.1f}",
                         f"{sum(ticks_) / sum(turns):.2f}", f"{statistics.mean(team):.1f}",
                         f"{seconds:.1f}"])
    return (f"Greedy bots, `simulate --json --games {games} --seed {seed}` (--jobs {jobs}):"
            "\n\n" + table(["checkout", "level", "games", "ticks", "turns", "ticks a turn",
                             "team score", "seconds"], rows))


def speed_text(seed: int = 0) -> str:
    log("speed: 100 greedy games on 2 jobs")
    records, seconds = simulate_json(REPO, 100, seed, "", 2)
    return (f"100 greedy games of Simple Kingdoms on 2 jobs ({commit(REPO)}): {seconds:.1f} s "
            f"wall, {len(records) / seconds:.1f} games/s (goal: under 60 s)\n\n"
            "(python3 bench/simple_kingdoms.py speed)")


# -- balance: issue 15 point 3 ------------------------------------------------------------------


Chooser = Callable[[dict[str, Any], str, random.Random], list[str]]


def chooser(name: str) -> Chooser:
    if name == "random":
        return lambda state, player, rng: choose_orders(GAME, state, player, "random", rng)
    policy = POLICIES[name]
    return lambda state, player, rng: plan(GAME, state, player, rng, policy)


def play_game(seed: int, difficulty: str, seats: tuple[str, str]) -> dict[str, Any]:
    """One whole game, the two kingdoms played by the policies in `seats`."""
    options = GAME.parse_options([] if difficulty == "easy" else [difficulty], None)
    state = GAME.setup(list(GAME.default_players), options, Dice(seed, 0))
    state["tick"] = 0
    rng = random.Random(seed)
    choose = {p: chooser(s) for p, s in zip(state["players"], seats, strict=True)}
    raids = 0
    while not GAME.is_over(state):
        files = {p: parse_text("simple_kingdoms", "\n".join(choose[p](state, p, rng)), p)
                 for p in state["players"]}
        outcome = play_tick(GAME, state, files, seed)
        if outcome.problems:
            raise RuntimeError(outcome.problems[0].render())
        state = outcome.state
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


def _play_task(task: tuple[int, str, tuple[str, str]]) -> dict[str, Any]:
    return play_game(*task)


ROWS = [("greedy", ("greedy", "greedy")), ("random", ("random", "random")),
        ("nothing", ("nothing", "nothing")), ("farming, no expansion", ("farming", "farming")),
        ("home soldiers (loophole)", ("home-soldiers", "home-soldiers")),
        ("greedy, no defense", ("no-defense", "no-defense"))]


def balance_text(games: int = 50, seed: int = 0, jobs: int = 2) -> str:
    seeds = [simulate.game_seed(seed, i) for i in range(games)]
    out: list[str] = []
    results: dict[tuple[str, str], list[dict[str, Any]]] = {}
    tasks = [(s, level, seats) for _, seats in ROWS for level in ("easy", "hard") for s in seeds]
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


def _avg(records: list[dict[str, Any]], key: str) -> float:
    return statistics.mean(r[key] for r in records)


def _mean(records: list[dict[str, Any]], key: str) -> str:
    return f"{_avg(records, key):.1f}"


# -- readme ---------------------------------------------------------------------------------------


def readme(args: argparse.Namespace) -> None:
    parts = []
    for strategy in ("greedy", "random"):
        log(f"readme: 20 {strategy} games")
        records = simulate.run(registry.get, GAME_ID, 20, 0, [strategy], jobs=args.jobs)
        team = [sum(r.scores.values()) for r in records]
        parts.append((strategy, statistics.mean(team), min(team), max(team)))
    (_, g, gmin, gmax), (_, r, rmin, rmax) = parts
    print(f"in Simple Kingdoms (20 games each, seed 0) the team scores a mean of {g:.0f} "
          f"(min {gmin}, max {gmax}) with greedy bots and {r:.0f} ({rmin} to {rmax}) with "
          "random ones.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("figure", choices=["ticks", "speed", "balance", "readme"])
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--before", default="", help="another checkout, for `ticks`")
    args = parser.parse_args()
    if args.games is None:
        args.games = 50 if args.figure == "balance" else 20
    if args.figure == "readme":
        readme(args)
    elif args.figure == "speed":
        print(speed_text(args.seed))
    elif args.figure == "ticks":
        print(ticks_text(args.games, args.seed, args.jobs, args.before))
    else:
        print(balance_text(args.games, args.seed, args.jobs))


if __name__ == "__main__":
    main()
