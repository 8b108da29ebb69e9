"""Seats over ssh: what `watch` pays each round when every seat is reached through sshd and
the forced command of `authorized-keys`. A script, not a test: it prints ratios against
baselines measured in the same run, interleaved, and asserts nothing about time.

    python3 bench/ssh_watch.py [--repeat 15] [--players 5]

A private sshd on 127.0.0.1 (tests/seats/sshkit.py, as the tests start it) serves 5 empty
bare repositories, each to one key through the forced command (engine/seats/sshserve.py). The
host's remotes are ssh URLs to those repositories; an ssh wrapper picks each seat's key by the
repository git asks for, so every connection goes through that seat's forced command.

1. An idle `watch` round over 5 seats (nothing new on any remote): Host.fetch_seats, then
   reading the tick, in one process as `watch` is. Baseline: the five plain `git fetch`
   commands over the same ssh, through the same forced commands, started at once as the
   host starts its own (and, for reference, one after the other). Goal: at most 1.3x.
2. One connection through the forced command (`git ls-remote` of a seat with the seat's
   key) against the same with a key that runs git-upload-pack directly (no forced command).
3. The forced command's own start-up: the interpreter running sshserve.py up to its answer
   (a refused request, so no git runs), against `python3 -I -S -c pass`.
4. A player's push of one changed order file through the forced command (its receive
   limits and its pre-receive hook, which reads the pushed objects) against the same push
   of the same commit with the key that runs git-receive-pack directly (no limits, no hook).

Needs root and OpenSSH's server (/usr/sbin/sshd, Debian's openssh-server), as the tests do.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from common import REPO, child_env, log, spread

sys.path.insert(0, str(REPO))

from lifegames import registry  # noqa: E402
from lifegames.engine.host.host import Host  # noqa: E402
from lifegames.engine.seats import seatkeys  # noqa: E402
from tests.seats.sshkit import Sshd, keygen, missing  # noqa: E402

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli"]
SEED = 3


def _env(wrapper: Path) -> dict[str, str]:
    env = child_env()
    env.update(GIT_AUTHOR_NAME="host", GIT_AUTHOR_EMAIL="host@example.org",
               GIT_COMMITTER_NAME="host", GIT_COMMITTER_EMAIL="host@example.org",
               GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL="/dev/null",
               GIT_SSH_COMMAND=str(wrapper), GIT_SSH_VARIANT="ssh")
    return env


def _run(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")
    return took


def _together(commands: list[list[str]], env: dict[str, str]) -> float:
    """Wall time of the commands started at once (as the host starts its fetches)."""
    threads = [threading.Thread(target=_run, args=(c, env)) for c in commands]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


def serve(scratch: Path, players: list[str]) -> tuple[Sshd, Path, Path]:
    """The sshd, the bare repositories it serves (one key each, by the forced command, plus
    an unrestricted key `open` for figure 2) and the ssh wrapper that picks the key."""
    server = Sshd(scratch / "sshd", root_login="prohibit-password")
    keys, remotes = scratch / "keys", scratch / "remotes"
    keys.mkdir()
    lines = []
    git = subprocess.run(["sh", "-c", "command -v git"], capture_output=True,
                         text=True).stdout.strip()
    for name in players:
        repo = remotes / f"{name}.git"
        subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(repo)], check=True)
        key = seatkeys.read_public_key(keygen(keys / name).with_suffix(".pub"))
        command = seatkeys.forced_command(name, str(repo), sys.executable,
                                          os.path.realpath(git))
        lines.append(seatkeys.authorized_line(name, key, command))
    lines.append((keygen(keys / "open").with_suffix(".pub")).read_text().strip())
    server.authorized.write_text("\n".join(lines) + "\n", encoding="utf-8")
    wrapper = scratch / "ssh-seat"
    arms = "".join(f"    *\"/{n}.git'\"*) key={n} ;;\n" for n in players)
    wrapper.write_text(
        "#!/bin/sh\n# The key of the seat git asks for (the last argument names it).\n"
        "for last; do :; done\nkey=open\ncase \"$last\" in\n" + arms + "esac\n"
        f"exec {server.ssh_command(keys / 'KEY').replace('/KEY ', '/$key ')} \"$@\"\n",
        encoding="utf-8")
    wrapper.chmod(0o755)
    return server, remotes, keys


def idle_round(scratch: Path, server: Sshd, remotes: Path, wrapper: Path,
               players: list[str], repeat: int) -> tuple[list[float], list[float]]:
    """Figure 1: ratios of an idle watch round to five plain fetches (at once; in a row)."""
    env = _env(wrapper)
    os.environ["GIT_SSH_COMMAND"], os.environ["GIT_SSH_VARIANT"] = str(wrapper), "ssh"
    host = Host(str(scratch / "host"), registry.get)
    host.setup(registry.get("lifestyle"), players, [], SEED, None, "5ea75", None,
               server.url(remotes) + "/{player}.git")
    host.close()
    host = Host(str(scratch / "host"), registry.get)
    host.fetch_seats()  # as watch's first round: everything after is idle
    plain = []
    for name in players:
        repo = scratch / "plain" / f"{name}.git"
        subprocess.run(["git", "init", "-q", "--bare", str(repo)], check=True, env=env)
        plain.append(["git", "--git-dir", str(repo), "fetch", "-q", "--no-tags",
                      server.url(remotes / f"{name}.git"), "+refs/heads/main:refs/seat"])
    for command in plain:  # warm: the first fetch brings the objects
        _run(command, env)
    together, in_a_row = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        assert host.fetch_seats() == []
        host.folder.peek_tick()
        ours = time.perf_counter() - start
        together.append(ours / _together(plain, env))
        in_a_row.append(ours / sum(_run(command, env) for command in plain))
    host.close()
    return together, in_a_row


def one_connection(server: Sshd, remotes: Path, keys: Path, repeat: int
                   ) -> tuple[list[float], list[float]]:
    """Figure 2: `git ls-remote` through the forced command / with the unrestricted key;
    and the forced one's seconds."""
    ratios, seconds = [], []
    url = server.url(remotes / "Ana.git")
    forced = child_env() | {"GIT_SSH_COMMAND": server.ssh_command(keys / "Ana")}
    direct = child_env() | {"GIT_SSH_COMMAND": server.ssh_command(keys / "open")}
    for env in (forced, direct):
        _run(["git", "ls-remote", url], env)
    for _ in range(repeat):
        ours = _run(["git", "ls-remote", url], forced)
        ratios.append(ours / _run(["git", "ls-remote", url], direct))
        seconds.append(ours)
    return ratios, seconds


def start_up(remotes: Path, repeat: int) -> tuple[list[float], list[float]]:
    """Figure 3: the forced command up to its answer / a bare interpreter; its seconds."""
    script = str(seatkeys.server_script())
    ours_cmd = [sys.executable, "-I", "-S", script, "--player", "Ana", "--repo",
                str(remotes / "Ana.git"), "--git", "/usr/bin/git"]
    bare = [sys.executable, "-I", "-S", "-c", "pass"]
    env = {"PATH": "/usr/bin:/bin", "SSH_ORIGINAL_COMMAND": "id"}
    ratios, seconds = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(ours_cmd, env=env, capture_output=True, timeout=30)
        ours = time.perf_counter() - start
        ratios.append(ours / _run(bare, env))
        seconds.append(ours)
    return ratios, seconds


def one_push(scratch: Path, server: Sshd, keys: Path, repeat: int
             ) -> tuple[list[float], list[float], list[float]]:
    """Figure 4: a push of one order file through the forced command / with the unrestricted
    key; and both in seconds."""
    git = os.path.realpath(subprocess.run(["sh", "-c", "command -v git"], capture_output=True,
                                          text=True).stdout.strip())
    place = scratch / "push"
    work = place / "work"
    env = _env(scratch / "ssh-seat")
    for name in ("forced.git", "direct.git"):
        subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(place / name)],
                       check=True, env=env)
    key = seatkeys.read_public_key(keygen(keys / "pusher").with_suffix(".pub"))
    command = seatkeys.forced_command("Ana", str(place / "forced.git"), sys.executable, git)
    with open(server.authorized, "a", encoding="utf-8") as handle:
        handle.write(seatkeys.authorized_line("Ana", key, command) + "\n")
    subprocess.run(["git", "init", "-q", "-b", "main", str(work)], check=True, env=env)
    forced = env | {"GIT_SSH_COMMAND": server.ssh_command(keys / "pusher")}
    direct = env | {"GIT_SSH_COMMAND": server.ssh_command(keys / "open")}
    pushes = [(["git", "-C", str(work), "push", "-q", server.url(place / "forced.git"),
                "main"], forced),
              (["git", "-C", str(work), "push", "-q", server.url(place / "direct.git"),
                "main"], direct)]
    orders = work / "Ana_orders.txt"
    ratios, ours_s, theirs_s = [], [], []
    for turn in range(repeat + 1):
        orders.write_text("".join(f"build(farm, {turn}, {n})\n" for n in range(40)) + "end\n",
                          encoding="utf-8")
        _run(["git", "-C", str(work), "add", "-A"], env)
        _run(["git", "-C", str(work), "commit", "-q", "-m", f"orders {turn}"], env)
        ours, theirs = (_run(*push) for push in pushes)
        if turn:  # the first push of each brings the repository's first objects
            ratios.append(ours / theirs)
            ours_s.append(ours)
            theirs_s.append(theirs)
    return ratios, ours_s, theirs_s


def row(name: str, ratios: list[float], goal: float | None) -> str:
    low, middle, high = spread(ratios)
    verdict = "" if goal is None else ("met" if middle <= goal else "MISSED")
    shown = "" if goal is None else f"<= {goal}x"
    return f"| {name} | {low:.2f}x | {middle:.2f}x | {high:.2f}x | {shown} | {verdict} |"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15, help="interleaved pairs (15)")
    parser.add_argument("--players", type=int, default=5, choices=range(2, 6),
                        help="seats (5)")
    args = parser.parse_args(argv)
    why = missing()
    if why:
        print(f"cannot run: {why}", file=sys.stderr)
        return 1
    players = NAMES[:args.players]
    with tempfile.TemporaryDirectory(prefix="lifegames-bench-ssh-") as folder:
        scratch = Path(folder)
        server, remotes, keys = serve(scratch, players)
        try:
            log("idle watch rounds over ssh...")
            together, in_a_row = idle_round(scratch, server, remotes, scratch / "ssh-seat",
                                            players, args.repeat)
            log("one connection, forced command or not...")
            connection, connection_s = one_connection(server, remotes, keys, args.repeat)
            log("the forced command's start-up...")
            started, started_s = start_up(remotes, args.repeat)
            log("a push of one order file, forced command or not...")
            pushed, pushed_s, direct_s = one_push(scratch, server, keys, args.repeat)
        finally:
            server.stop()
    n = args.players
    print(f"Seats over ssh, {n} seats, {args.repeat} interleaved pairs each "
          "(ratio: measured / baseline):\n")
    print("| figure | min | median | max | goal | result |")
    print("|---|---|---|---|---|---|")
    print(row(f"idle `watch` round over {n} ssh seats / {n} plain `git fetch` over the same "
              "ssh, at once", together, 1.3))
    print(row(f"idle `watch` round / the {n} plain fetches one after the other", in_a_row,
              None))
    print(row("`git ls-remote` through the forced command / with a key that runs git "
              "directly", connection, None))
    print(row("forced command up to its answer / `python3 -I -S -c pass`", started, None))
    print(row("a push of one order file through the forced command (limits, hook) / with a "
              "key that runs git directly", pushed, None))
    print(f"\nmedian seconds: one connection through the forced command "
          f"{spread(connection_s)[1] * 1000:.1f} ms; the forced command's start-up "
          f"{spread(started_s)[1] * 1000:.1f} ms; a push through the forced command "
          f"{spread(pushed_s)[1] * 1000:.1f} ms, directly {spread(direct_s)[1] * 1000:.1f} ms")
    print(f"\n(python3 bench/ssh_watch.py --repeat {args.repeat} --players {n})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
