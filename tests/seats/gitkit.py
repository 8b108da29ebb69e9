"""Seats over git for the tests: real git, real bare remotes, real clones, as three friends
and a host would use them. Every command runs as a separate process, as the user would type
it; `Table(user=NOBODY)` runs the host's commands and the players' git as an unprivileged
user (with Debian's python3 and copies of lifegames' dependencies, which that user can read).
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

from lifegames import registry
from lifegames.engine.core.bots import choose_orders, order_file_text
from lifegames.engine.host.host import Host

REPO = Path(__file__).resolve().parents[2]
NOBODY = 65534
SYSTEM_PYTHON = Path("/usr/bin/python3")


def player_env(home: Path) -> dict[str, str]:
    """A player's git: their own identity, no system or global config of the test machine."""
    out = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    out.update(GIT_AUTHOR_NAME="player", GIT_AUTHOR_EMAIL="player@example.org",
               GIT_COMMITTER_NAME="player", GIT_COMMITTER_EMAIL="player@example.org",
               GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull, HOME=str(home),
               LIFEGAMES_CACHE="off", GIT_CONFIG_COUNT="1", GIT_CONFIG_KEY_0="gc.auto",
               GIT_CONFIG_VALUE_0="0")
    return out


def can_run_as_nobody() -> str:
    """'' if the tests can run commands as an unprivileged user here, else why not."""
    if os.geteuid() != 0:
        return "the tests do not run as root, so they cannot switch to another user"
    if shutil.which("setpriv") is None:
        return "setpriv (util-linux) is not installed"
    if not SYSTEM_PYTHON.exists():
        return f"{SYSTEM_PYTHON} is not installed (the unprivileged user needs a Python)"
    return ""


_PLACE: list[Path] = []


def _open_place() -> Path:
    """One folder for this test run that every user may enter (removed at exit)."""
    if not _PLACE:
        place = Path(tempfile.mkdtemp(prefix="lifegames-tests-"))
        place.chmod(0o755)
        _PLACE.append(place)
        atexit.register(shutil.rmtree, place, True)
    return _PLACE[0]


class Table:
    """A game played over git: base/host (the referee's folder), base/remotes/<P>.git (the
    players' remotes) and base/clones/<P> (each player's clone)."""

    def __init__(self, base: Path, user: int | None = None) -> None:
        if user is not None:  # somewhere that user can reach (pytest's folders are root's)
            base = Path(tempfile.mkdtemp(prefix="lifegames-user-", dir=_open_place())) / "t"
        self.base = base
        self.user = user
        self.host_dir = base / "host"
        self.clones = base / "clones"
        base.mkdir(parents=True, exist_ok=True)
        self.clones.mkdir(exist_ok=True)
        (base / "home").mkdir(exist_ok=True)
        self.deps = self._deps() if user is not None else None

    # -- running ------------------------------------------------------------------------------
    def _deps(self) -> Path:
        """Copies of lifegames and its dependencies that the unprivileged user can read (made
        once for the whole test run)."""
        deps = _open_place() / "deps"
        if not deps.exists():
            import click
            import lark
            import tabulate
            import yaml

            for module in (click, lark, yaml, tabulate):
                source = Path(module.__file__).parent
                shutil.copytree(source, deps / source.name,
                                ignore=shutil.ignore_patterns("*.so", "__pycache__"))
            for part in ("lifegames", "grammars", "games"):
                shutil.copytree(REPO / part, deps / "checkout" / part,
                                ignore=shutil.ignore_patterns("__pycache__"))
            shutil.copy(REPO / "play.py", deps / "checkout" / "play.py")
            # Bytecode made once, by the Python that user runs (they cannot write it there).
            subprocess.run([str(SYSTEM_PYTHON), "-m", "compileall", "-q", str(deps)],
                           check=True, capture_output=True)
        return deps

    def _prefix(self) -> list[str]:
        if self.user is None:
            return []
        self.give()
        return ["setpriv", f"--reuid={self.user}", f"--regid={self.user}", "--clear-groups"]

    def give(self) -> None:
        """Everything under base belongs to the unprivileged user (as if they had made it)."""
        if self.user is None:
            return
        self.base.parent.chmod(0o755)
        for folder, names, files in os.walk(self.base):
            for name in [folder, *(os.path.join(folder, n) for n in names + files)]:
                with contextlib.suppress(FileNotFoundError):
                    os.lchown(name, self.user, self.user)

    def env(self, role: str = "player") -> dict[str, str]:
        """`role` (host or player) is passed on to whatever git starts: a marker program of
        the attack tests tells the host's doing from the player's own."""
        out = player_env(self.base / "home")
        out["LIFEGAMES_TEST_ROLE"] = role
        if self.deps is not None:
            out["PYTHONPATH"] = f"{self.deps}:{self.deps / 'checkout'}"
        return out

    def play(self, *args: str, cwd: Path | None = None, timeout: float = 120
             ) -> subprocess.CompletedProcess[str]:
        """`python3 play.py ARGS` as the host types it (in base, or `cwd`)."""
        python = str(SYSTEM_PYTHON) if self.user is not None else sys.executable
        script = self.deps / "checkout" / "play.py" if self.deps else REPO / "play.py"
        return subprocess.run([*self._prefix(), python, str(script), *args],
                              cwd=cwd or self.base, capture_output=True, text=True,
                              timeout=timeout, env=self.env("host"))

    def popen(self, *args: str) -> subprocess.Popen[str]:
        python = str(SYSTEM_PYTHON) if self.user is not None else sys.executable
        script = self.deps / "checkout" / "play.py" if self.deps else REPO / "play.py"
        return subprocess.Popen([*self._prefix(), python, str(script), *args], cwd=self.base,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=self.env("host"))

    def run_git(self, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
        """A player's (or an attacker's) git command."""
        return subprocess.run([*self._prefix(), "git", *args], cwd=cwd, capture_output=True,
                              text=True, env=self.env(), timeout=120)

    def git(self, cwd: Path, *args: str) -> str:
        done = self.run_git(cwd, *args)
        assert done.returncode == 0, f"git {' '.join(args)}: {done.stderr}"
        return done.stdout

    # -- the game -----------------------------------------------------------------------------
    def setup(self, game_id: str, players: list[str], seed: int = 7, *extra: str
              ) -> subprocess.CompletedProcess[str]:
        self.players = players
        done = self.play("setup", "--game", game_id, "--players", ",".join(players), "--seed",
                         str(seed), "--salt", "5ea75", "--dir", "host", "--remotes",
                         "remotes/{player}.git", *extra)
        return done

    def remote(self, player: str) -> Path:
        return self.base / "remotes" / f"{player}.git"

    def clone(self, player: str) -> Path:
        target = self.clones / player
        self.git(self.clones, "clone", "-q", "-b", "main", "-c", "pull.rebase=true",
                 str(self.remote(player)), player)
        return target

    def seat(self, player: str) -> dict:
        return json.loads((self.clones / player / "seat.json").read_text(encoding="utf-8"))

    def push_orders(self, player: str, text: str, message: str = "orders") -> None:
        """The player's recipe: write the file, commit, push (pulling first if the host
        pushed meanwhile)."""
        clone = self.clones / player
        (clone / f"{player}_orders.txt").write_text(text, encoding="utf-8")
        self.git(clone, "commit", "-qam", message)
        for _ in range(20):
            if self.run_git(clone, "push", "-q").returncode == 0:
                return
            self.git(clone, "pull", "-q")  # the host pushed meanwhile: rebase on it
        raise AssertionError(f"{player} could not push")

    def host(self) -> Host:
        return Host(str(self.host_dir), registry.get)

    def bot_text(self, player: str, rng: random.Random, strategy: str = "random") -> str:
        """What a bot playing `player` would write now (chosen on the referee's state: the
        tests' shortcut; a player would choose from their sheets)."""
        loaded = self.host().load()
        orders = choose_orders(loaded.game, loaded.state, player, strategy, rng)
        return order_file_text(loaded.game, loaded.state, player, orders, strategy)

    def log(self, player: str, what: str = "%an %s") -> list[str]:
        """The remote's history of the seat's branch, newest first."""
        return self.git(self.base, "--git-dir", str(self.remote(player)), "log",
                        f"--format={what}", "main").splitlines()


def zero_blob(git_dir: Path, size: int) -> str:
    """A loose blob of `size` zero bytes written straight into a repository, in a second or
    two whatever the size: its zlib stream is built by hand (one zero literal, then copies of
    the byte before it), where compressing gigabytes would take minutes. Returns its id."""
    head = b"blob %d\0" % size
    packer = zlib.compressobj(1)
    stream = packer.compress(head + b"\0") + packer.flush(zlib.Z_SYNC_FLUSH)
    bits = _Bits()
    bits.put(1, 1)  # the last block,
    bits.put(1, 2)  # of fixed Huffman codes
    left = size - 1
    copies, rest = divmod(left, 258)
    unit = _Bits()  # one copy of 258 bytes from 1 byte back: code 285, distance code 0
    for _ in range(8):
        unit.code(0b11000101, 8)
        unit.code(0, 5)
    while bits.count % 8 and copies:
        bits.code(0b11000101, 8)
        bits.code(0, 5)
        copies -= 1
    if bits.count % 8 == 0:  # aligned: the bulk is one 13-byte pattern, repeated
        body, tail = divmod(copies, 8)
        start, middle, end = bytes(bits.out), bytes(unit.out) * body, _Bits()
    else:
        tail, start, middle, end = copies, b"", b"", bits
    for _ in range(tail):
        end.code(0b11000101, 8)
        end.code(0, 5)
    for _ in range(rest):  # the last few zeros as literals (code 0x30 + 0)
        end.code(0b00110000, 8)
    end.code(0, 7)  # end of block
    adler = ((sum(head) + 1) % 65521) | (((_adler_b(head) + size * ((sum(head) + 1) % 65521)
                                           ) % 65521) << 16)
    data = stream + start + middle + bytes(end.out) + adler.to_bytes(4, "big")
    digest = hashlib.sha1(head)
    chunk = bytes(1 << 24)
    for _ in range(size >> 24):
        digest.update(chunk)
    digest.update(bytes(size & ((1 << 24) - 1)))
    oid = digest.hexdigest()
    target = git_dir / "objects" / oid[:2] / oid[2:]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return oid


def _adler_b(data: bytes) -> int:
    a, b = 1, 0
    for byte in data:
        a = (a + byte) % 65521
        b = (b + a) % 65521
    return b


class _Bits:
    """Deflate's bit order: fields least significant bit first, Huffman codes most
    significant bit first."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.count = 0

    def put(self, value: int, width: int) -> None:
        for number in range(width):
            self._bit((value >> number) & 1)

    def code(self, value: int, width: int) -> None:
        for number in reversed(range(width)):
            self._bit((value >> number) & 1)

    def _bit(self, bit: int) -> None:
        if self.count % 8 == 0:
            self.out.append(0)
        self.out[-1] |= bit << (self.count % 8)
        self.count += 1
