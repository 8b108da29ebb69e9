"""Helpers for the reliability suites: real game folders played by seeded bots, byte-for-byte
folder snapshots, and `python3 play.py` (or the fault-injecting crashrun.py wrapper) run as a
real process."""

from __future__ import annotations

import itertools
import json
import os
import queue
import random
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from lifegames import registry
from lifegames.engine.core.bots import choose_orders, order_file_text
from lifegames.engine.host.host import Host, order_file

REPO = Path(__file__).resolve().parents[2]
PLAY = REPO / "play.py"
CRASHRUN = Path(__file__).resolve().parent / "crashrun.py"

# What a command may leave only while it runs: the lock and an unfinished commit.
TRANSIENT = (".lifegames/lock", ".lifegames/staging", ".lifegames/journal.json",
             ".lifegames/journal.json.tmp")

# A host's secret placed beside test games: no command may ever print or copy it.
SECRET = "host secret 51e2: never print me"

# Seeds with many digits, so a seed found in a file is the seed and not a coincidence.
BIG_SEEDS = (8_243_117_950_612_337_401, 5_102_448_736_019_885_213, 7_771_903_264_550_138_829)


def env() -> dict[str, str]:
    out = dict(os.environ)
    out.pop("LIFEGAMES_DEBUG", None)
    out["PYTHONDONTWRITEBYTECODE"] = "1"
    # The per-user grammar/data cache lives outside the game folder; with it off, a command
    # writes only to the game folder, so its write steps are the same on every run.
    out["LIFEGAMES_CACHE"] = "off"
    return out


def play(root: Path | None, *args: str, timeout: float = 120
         ) -> subprocess.CompletedProcess[str]:
    """`python3 play.py [--dir root] ARGS...`, as a user runs it."""
    command = [sys.executable, str(PLAY)]
    if root is not None:
        command += ["--dir", str(root)]
    return subprocess.run([*command, *args], cwd=REPO, capture_output=True, text=True,
                          timeout=timeout, env=env())


def crash_command(root: Path, step: int, *args: str, fault: str = "kill",
                  options: Iterable[str] = ()) -> list[str]:
    return [sys.executable, str(CRASHRUN), "--fault", fault, *options, str(step), "--",
            "--dir", str(root), *args]


def crashrun(root: Path, step: int, *args: str, fault: str = "kill",
             options: Iterable[str] = (), timeout: float = 120
             ) -> subprocess.CompletedProcess[str]:
    """`play.py ARGS` through crashrun.py with `fault` injected at write step `step`."""
    return subprocess.run(crash_command(root, step, *args, fault=fault, options=options),
                          cwd=REPO, capture_output=True, text=True, timeout=timeout, env=env())


def count_steps(root: Path, *args: str, log: Path | None = None) -> tuple[int, list[str]]:
    """Run the command uninterrupted through crashrun.py; the number of write steps it took
    and a readable line per step."""
    count_file = root.parent / f"{root.name}.steps"
    log_file = log or root.parent / f"{root.name}.steplog"
    result = crashrun(root, 0, *args, options=["--count-file", str(count_file),
                                                 "--log", str(log_file)])
    assert result.returncode == 0, output(result)
    count = int(count_file.read_text().strip())
    lines = log_file.read_text().splitlines()
    prefix = str(root) + "/"
    lines = [line.replace(prefix, "") for line in lines]
    assert len(lines) == count
    return count, lines


def output(result: subprocess.CompletedProcess[str]) -> str:
    return f"exit {result.returncode}\n--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}"


def tree(root: Path, skip: Iterable[str] = ()) -> dict[str, bytes | None]:
    """Every file (-> its bytes) and folder (-> None) under root, hidden ones too, by relative
    POSIX path, leaving out the paths in `skip` (and what is under them). A link is its target
    and a FIFO or device a marker: neither is followed or read."""
    skip = tuple(skip)
    out: dict[str, bytes | None] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if any(rel == s or rel.startswith(s + "/") for s in skip):
            continue
        if path.is_symlink():
            out[rel] = b"<link to " + os.fsencode(os.readlink(path)) + b">"
        elif path.is_dir():
            out[rel] = None
        elif not path.is_file():
            out[rel] = b"<special file>"
        else:
            out[rel] = path.read_bytes()
    return out


def difference(a: dict[str, bytes | None], b: dict[str, bytes | None]) -> list[str]:
    """Readable differences between two trees ([] when byte-identical)."""
    problems = [f"only in first: {k}" for k in sorted(set(a) - set(b))]
    problems += [f"only in second: {k}" for k in sorted(set(b) - set(a))]
    problems += [f"bytes differ: {k}" for k in sorted(set(a) & set(b)) if a[k] != b[k]]
    return problems


def leftovers(root: Path) -> list[str]:
    return [t for t in TRANSIENT if (root / t).exists()]


# -- games played by bots ------------------------------------------------------------------------


def new_game(root: Path, game_id: str, seed: int, players: list[str] | None = None,
             ticks: int | None = None, words: list[str] | None = None) -> Host:
    """A fresh game in `root`, set up exactly as `play.py setup` does."""
    game = registry.get(game_id)
    host = Host(str(root), registry.get)
    host.setup(game, list(players or game.default_players), list(words or []), seed, ticks)
    return host


def write_bot_orders(host: Host, rng: random.Random, strategy: str = "random") -> dict[str, str]:
    """Every awaited player's order file, written by a bot; player -> the file's text."""
    loaded = host.load()
    written = {}
    for player in loaded.game.awaiting(loaded.state):
        orders = choose_orders(loaded.game, loaded.state, player, strategy, rng)
        text = order_file_text(loaded.game, loaded.state, player, orders, strategy)
        host.folder.path(order_file(player)).write_text(text, encoding="utf-8")
        written[player] = text
    return written


def play_ticks(host: Host, count: int, rng: random.Random, strategy: str = "random") -> int:
    """Play up to `count` ticks with bot orders (fewer if the game ends); the tick reached."""
    for _ in range(count):
        loaded = host.load()
        if loaded.game.is_over(loaded.state):
            break
        write_bot_orders(host, rng, strategy)
        _, outcome = host.tick()
        assert not outcome.problems, [p.render() for p in outcome.problems]
    return int(host.load().state["tick"])


# -- many commands, fast -------------------------------------------------------------------------


class Servers:
    """A pool of `python3 crashrun.py --serve` processes. Each command runs in a fresh child
    process forked from one of them (lifegames already imported), so a sweep over every write
    step of a tick takes seconds, not minutes. `run` is safe to call from many threads."""

    def __init__(self, size: int, scratch: Path) -> None:
        self.scratch = scratch
        self.idle: queue.Queue[subprocess.Popen[str]] = queue.Queue()
        self.all: list[subprocess.Popen[str]] = []
        self.counter = itertools.count()
        for _ in range(size):
            server = subprocess.Popen([sys.executable, str(CRASHRUN), "--serve"], cwd=REPO,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      text=True, env=env())
            self.all.append(server)
            self.idle.put(server)

    def run(self, root: Path, *args: str, step: int = 0, fault: str = "kill",
            **options: object) -> subprocess.CompletedProcess[str]:
        """`play.py --dir root ARGS` with `fault` at write step `step` (0: none)."""
        number = next(self.counter)
        out = self.scratch / f"{number}.out"
        err = self.scratch / f"{number}.err"
        job = {"args": ["--dir", str(root), *args], "stdout": str(out), "stderr": str(err),
               "step": step, "fault": fault, **options}
        server = self.idle.get()
        try:
            assert server.stdin is not None and server.stdout is not None
            server.stdin.write(json.dumps(job) + "\n")
            server.stdin.flush()
            answer = server.stdout.readline()
        finally:
            self.idle.put(server)
        assert answer, "crashrun.py --serve died"
        code = json.loads(answer)["code"]
        result = subprocess.CompletedProcess(job["args"], code, out.read_text(),
                                             err.read_text())
        out.unlink()
        err.unlink()
        return result

    def close(self) -> None:
        for server in self.all:
            assert server.stdin is not None
            server.stdin.close()
        for server in self.all:
            server.wait(timeout=30)


def refuse_opening(monkeypatch: object, suffix: str) -> None:
    """Make reading a file whose name ends with `suffix` fail with EACCES, as chmod 000 does
    for any user but root (root reads through it, so tests run as root simulate it)."""
    import errno

    real = os.open

    def refuse(name: object, flags: int, *args: object, **kwargs: object) -> int:
        if str(name).endswith(suffix) and not flags & os.O_CREAT:
            raise PermissionError(errno.EACCES, "Permission denied", str(name))
        return real(name, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refuse)  # type: ignore[attr-defined]
