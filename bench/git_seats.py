"""Seats over git: what fetching and pushing every seat costs the host. A script, not a test:
it prints ratios against a baseline measured in the same run, interleaved, and asserts
nothing about time.

    python3 bench/git_seats.py [--repeat 15] [--players 5]

1. An idle `watch` round over 5 seats over git (nothing new on any remote): what watch runs
   each round (Host.fetch_seats, then the state's tick), in one process as watch is. Baseline:
   the five plain `git fetch` commands that round needs, one after the other, into
   repositories of their own (no settings, no bookkeeping). Goal: at most 1.2x.
2. A tick with 5 seats over git: `python3 play.py tick` (it fetches every seat, plays, commits
   each seat's new files and pushes them). Baseline: the same tick of the same game with
   synced-folder seats (`--seats`), plus the pushes it must make: in each seat's repository,
   `git add -A`, `git commit` and `git push` to a bare remote. Goal: at most 1.5x.
3. A tick with 5 seats over git late in a game against one early in it: `python3 play.py tick
   --absent ...` at tick 150 / the same at tick 10 (the same game, played on by every player's
   default). A tick's cost must not grow with the game's length. Goal: at most 1.5x.

Both games are Lifestyle for 5 players, set up with the same seed, with the awaited player's
greedy orders in place; every run plays a fresh copy of the same folders, at the same paths.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import PLAY, PYTHON, REPO, child_env, log, restore, settle, spread

sys.path.insert(0, str(REPO))

from lifegames import registry  # noqa: E402
from lifegames.engine.core.bots import choose_orders, order_file_text  # noqa: E402
from lifegames.engine.host.host import Host  # noqa: E402
from lifegames.engine.seats.gitseats import environment  # noqa: E402

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli"]
SEED = 3


def _git(*args: str, cwd: Path | None = None) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                   env=_plain_env())


def _plain_env() -> dict[str, str]:
    env = child_env()
    env.update(GIT_AUTHOR_NAME="host", GIT_AUTHOR_EMAIL="host@example.org",
               GIT_COMMITTER_NAME="host", GIT_COMMITTER_EMAIL="host@example.org",
               GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL="/dev/null")
    return env


def _orders(host: Host) -> tuple[str, str]:
    loaded = host.load()
    player = loaded.game.awaiting(loaded.state)[0]
    orders = choose_orders(loaded.game, loaded.state, player, "greedy", random.Random(1))
    return player, order_file_text(loaded.game, loaded.state, player, orders, "greedy")


def prepare_remote(work: Path, players: list[str]) -> None:
    """A --remotes game whose awaited player has pushed their orders."""
    host = Host(str(work / "host"), registry.get)
    host.setup(registry.get("lifestyle"), players, [], SEED, None, "5ea75", None,
               str(work / "remotes" / "{player}.git"))
    host.close()
    player, text = _orders(host)
    clone = work / "clone"
    _git("clone", "-q", "-b", "main", str(work / "remotes" / f"{player}.git"), str(clone))
    (clone / f"{player}_orders.txt").write_text(text, encoding="utf-8")
    _git("commit", "-qam", "orders", cwd=clone)
    _git("push", "-q", cwd=clone)


def prepare_local(work: Path, players: list[str]) -> None:
    """The same game with synced-folder seats, each a repository of the bench's with a bare
    remote, and the awaited player's orders in their seat."""
    host = Host(str(work / "host"), registry.get)
    host.setup(registry.get("lifestyle"), players, [], SEED, None, "5ea75", work / "seats")
    player, text = _orders(host)
    (work / "seats" / player / f"{player}_orders.txt").write_text(text, encoding="utf-8")
    for name in players:
        seat = work / "seats" / name
        _git("init", "-q", "-b", "main", cwd=seat)
        _git("add", "-A", cwd=seat)
        _git("commit", "-qm", "setup", cwd=seat)
        _git("init", "-q", "--bare", str(work / "remotes" / f"{name}.git"))
        _git("push", "-q", str(work / "remotes" / f"{name}.git"), "main", cwd=seat)


def timed(command: list[str], cwd: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed in {cwd}:\n{done.stdout}{done.stderr}")
    return took


def idle_round(scratch: Path, players: list[str], repeat: int) -> list[float]:
    """Figure 1: ratios of an idle watch round to five plain fetches."""
    work = scratch / "idle"
    prepare_remote(work, players)
    host = Host(str(work / "host"), registry.get)
    host.fetch_seats()  # as watch's first round: everything after is idle
    plain = []
    for name in players:
        repo = scratch / "plain" / f"{name}.git"
        _git("init", "-q", "--bare", str(repo))
        plain.append(["git", "--git-dir", str(repo), "fetch", "-q", "--no-tags",
                      str(work / "remotes" / f"{name}.git"), "+refs/heads/main:refs/seat"])
    for command in plain:  # warm: the first fetch brings the objects
        timed(command, scratch, _plain_env())
    ratios = []
    for _ in range(repeat):
        start = time.perf_counter()
        assert host.fetch_seats() == []
        host.folder.peek_tick()
        ours = time.perf_counter() - start
        theirs = sum(timed(command, scratch, _plain_env()) for command in plain)
        ratios.append(ours / theirs)
    host.close()
    return ratios


def tick_with_remotes(scratch: Path, players: list[str], repeat: int) -> list[float]:
    """Figure 2: ratios of a tick with seats over git to a tick with local seats plus the
    commits and pushes it needs."""
    remote, local = scratch / "remote-work", scratch / "local-work"
    prepare_remote(remote, players)
    prepare_local(local, players)
    remote_copy, local_copy = scratch / "remote-pristine", scratch / "local-pristine"
    restore(remote, remote_copy)
    restore(local, local_copy)
    env = child_env()
    tick = [PYTHON, PLAY, "--dir", "host", "tick"]
    for work, pristine in ((remote, remote_copy), (local, local_copy)):  # warm-up runs
        timed(tick, work, env)
        restore(pristine, work)
    ratios = []
    for _ in range(repeat):
        restore(remote_copy, remote)
        settle()
        ours = timed(tick, remote, env)
        restore(local_copy, local)
        settle()
        theirs = timed(tick, local, env)
        for name in players:
            seat = local / "seats" / name
            for command in (["git", "add", "-A"], ["git", "commit", "-qm", "tick"],
                            ["git", "push", "-q", str(local / "remotes" / f"{name}.git"),
                             "main"]):
                theirs += timed(command, seat, _plain_env())
        ratios.append(ours / theirs)
    return ratios


def _play_to(host: Host, tick: int) -> list[str]:
    """Play ticks (every awaited player absent) until the game stands at `tick`; the awaited
    players then."""
    while True:
        loaded = host.load()
        awaited = sorted(loaded.game.awaiting(loaded.state))
        if int(loaded.state["tick"]) >= tick:
            return awaited
        host.tick(absent=set(awaited))


def late_and_early(scratch: Path, players: list[str], repeat: int,
                   early: int = 10, late: int = 150) -> list[float]:
    """Figure 3: ratios of a tick at `late` to a tick at `early`, interleaved, each played on
    a fresh copy of the same game folder and remotes (at the same paths)."""
    work = scratch / "long"
    host = Host(str(work / "host"), registry.get)
    host.setup(registry.get("lifestyle"), players, [], SEED, None, "5ea75", None,
               str(work / "remotes" / "{player}.git"))
    copies = {}
    for at in (early, late):
        awaited = _play_to(host, at)
        copies[at] = (scratch / f"long-{at}", awaited)
        restore(work, copies[at][0])
    host.close()
    env = child_env()
    ratios = []
    for number in range(repeat + 1):
        took = {}
        for at, (pristine, awaited) in copies.items():
            restore(pristine, work)
            settle()
            took[at] = timed([PYTHON, PLAY, "--dir", "host", "tick", "--absent",
                              ",".join(awaited)], work, env)
        if number:  # the first pair warms up
            ratios.append(took[late] / took[early])
    return ratios


def row(name: str, ratios: list[float], goal: float) -> str:
    low, middle, high = spread(ratios)
    verdict = "met" if middle <= goal else "MISSED"
    return (f"| {name} | {low:.2f}x | {middle:.2f}x | {high:.2f}x | <= {goal}x | "
            f"{verdict} |")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15, help="interleaved pairs (15)")
    parser.add_argument("--players", type=int, default=5, choices=range(2, 6),
                        help="seats (5)")
    args = parser.parse_args(argv)
    players = NAMES[:args.players]
    assert environment()  # lifegames' git environment is importable here
    with tempfile.TemporaryDirectory(prefix="lifegames-bench-git-") as folder:
        scratch = Path(folder)
        log("idle watch rounds...")
        idle = idle_round(scratch, players, args.repeat)
        log("ticks...")
        ticks = tick_with_remotes(scratch, players, args.repeat)
        log("ticks late and early in a game...")
        long = late_and_early(scratch, players, args.repeat)
    print(f"Seats over git, {args.players} seats, {args.repeat} interleaved pairs each "
          "(ratio: measured / baseline):\n")
    print("| figure | min | median | max | goal | result |")
    print("|---|---|---|---|---|---|")
    print(row(f"idle `watch` round over {args.players} remotes / {args.players} plain "
              "`git fetch`", idle, 1.2))
    print(row(f"`tick` with {args.players} seats over git / `tick` with synced seats + "
              "`git add`, `commit`, `push` in each", ticks, 1.5))
    print(row(f"`tick` with {args.players} seats over git at tick 150 / at tick 10", long, 1.5))
    print(f"\n(python3 bench/git_seats.py --repeat {args.repeat} --players {args.players})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
