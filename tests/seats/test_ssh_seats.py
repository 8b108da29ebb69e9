"""Seats that only their player can reach: each player's key, in the host account's
authorized_keys (written by `authorized-keys`), runs a forced command (engine/seats/sshserve.py)
that serves git for that player's own repository and refuses everything else.

The game is played for real through a private OpenSSH server on 127.0.0.1 (tests/seats/
sshkit.py): the players clone with the line setup printed for them (--clone-url), push their
orders and pull their sheets over ssh with their own keys; the host ticks on its local
repositories. Then Ana's key tries every way into Ben's seat, and the parser and the key
checks are tested on their own (no sshd needed)."""

from __future__ import annotations

import os
import random
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from lifegames.engine.seats import gitseats, seatkeys, sshserve
from lifegames.engine.seats.sshserve import Refused, parse_request

from ..reliability.helpers import output
from .gitkit import REPO, Table, player_env
from .sshkit import Sshd, keygen, missing

PLAYERS = ["Ana", "Ben"]
SERVER = seatkeys.server_script()


# -- the forced command's parser and checks (no sshd) -----------------------------------------


@pytest.mark.parametrize(("request_", "service", "path"), [
    ("git-upload-pack '/srv/remotes/Ana.git'", "upload-pack", "/srv/remotes/Ana.git"),
    ("git-receive-pack '/srv/remotes/Ana.git'", "receive-pack", "/srv/remotes/Ana.git"),
    ("git upload-pack '~/remotes/Ana.git'", "upload-pack", "~/remotes/Ana.git"),
    ("git receive-pack 'remotes/Ana'", "receive-pack", "remotes/Ana"),
    ("git-upload-pack '/with space/Ana.git/'", "upload-pack", "/with space/Ana.git/"),
])
def test_s01_the_two_requests_git_sends_are_parsed(request_, service, path):
    assert parse_request(request_) == (service, path)


@pytest.mark.parametrize(("request_", "said"), [
    (None, "no shell here"),
    ("", "no shell here"),
    ("id", "'id' is not served here"),
    ("sh -c 'git-upload-pack /x'", "'sh' is not served here"),
    ("git-upload-archive '/srv/remotes/Ana.git'", "'git-upload-archive' is not served here"),
    ("git-upload-pack /srv/remotes/Ana.git", "with nothing more"),
    ("git-upload-pack --strict '/srv/remotes/Ana.git'", "with nothing more"),
    ("git-upload-pack '/srv/remotes/Ana.git' '/srv/remotes/Ben.git'", "with nothing more"),
    ("git-upload-pack '/srv/remotes/Ana.git'; id", "with nothing more"),
    ("git-upload-pack '/srv/x'\\''y'", "with nothing more"),
    ("git-upload-pack '/srv/remotes/Ana.git'\nid", "control characters"),
    ("git-upload-pack '/srv/\x1b[2Jremotes'", "control characters"),
    ("git  upload-pack '/srv/remotes/Ana.git'", "with nothing more"),
    ("git-upload-pack '" + "a" * 5000 + "'", "longer than"),
])
def test_s02_anything_else_is_refused_by_the_parser(request_, said):
    with pytest.raises(Refused) as refused:
        parse_request(request_)
    assert said in str(refused.value)


def test_s03_a_path_is_allowed_only_if_it_resolves_to_the_players_repository(tmp_path):
    """Absolute, `~/`, relative to home, with or without `.git` and a trailing slash: Ana's
    repository. `..`, a link to Ben's, another account's `~name`: refused or not Ana's."""
    home = tmp_path / "home"
    remotes = tmp_path / "remotes"
    for name in ("Ana.git", "Ben.git"):
        (remotes / name).mkdir(parents=True)
    home.mkdir()
    (home / "games").symlink_to(remotes)
    (remotes / "sneaky.git").symlink_to(remotes / "Ben.git")
    ana = str(remotes / "Ana.git")
    for path in (ana, ana + "/", str(remotes / "Ana"), "~/games/Ana.git", "~/games/Ana",
                 "games/Ana.git/", str(remotes / "Ben.git" / ".." / "Ana.git")):
        assert sshserve.allowed(path, ana, str(home)), path
    for path in (str(remotes / "Ben.git"), str(remotes / "Ana.git" / ".." / "Ben.git"),
                 str(remotes / "sneaky.git"), "~/games/Ben.git", "games/../games/Ben",
                 str(remotes), "/", str(remotes / "Ana.git" / "objects"), "~/nothing"):
        assert not sshserve.allowed(path, ana, str(home)), path
    with pytest.raises(Refused, match="another account"):
        sshserve.allowed("~root/games/Ana.git", ana, str(home))


def test_s04_the_forced_command_uses_the_hosts_settings_for_local_remotes():
    """sshserve keeps its own copy of gitseats' settings (importing gitseats would load lark
    on every connection): the two must not drift apart."""
    ours = set(sshserve.SETTINGS)
    assert set(gitseats._REMOTE_SETTINGS) <= ours
    assert {pair for pair in gitseats.SETTINGS if not pair[0].startswith("protocol.")} <= ours
    command = sshserve.git_command("/usr/bin/git", "upload-pack", "/srv/Ana.git")
    assert command[0] == "/usr/bin/git" and command[-2:] == ["upload-pack", "/srv/Ana.git"]
    assert f"core.hooksPath={os.devnull}" in command
    push = sshserve.git_command("/usr/bin/git", "receive-pack", "/srv/Ana.git")
    assert push[-2:] == ["receive-pack", "/srv/Ana.git"]  # hooks: test_ssh_limits.py
    env = sshserve.git_environment({"GIT_DIR": "/srv/Ben.git", "GIT_PROTOCOL": "version=2",
                                    "GIT_CONFIG_PARAMETERS": "'core.hooksPath'='/tmp'",
                                    "LD_PRELOAD": "/tmp/x.so", "HOME": "/home/games"})
    assert env["GIT_PROTOCOL"] == "version=2" and env["HOME"] == "/home/games"
    assert env["GIT_CONFIG_NOSYSTEM"] == "1" and env["GIT_CONFIG_GLOBAL"] == os.devnull
    assert "GIT_DIR" not in env and "GIT_CONFIG_PARAMETERS" not in env
    assert "LD_PRELOAD" not in env
    assert "GIT_PROTOCOL" not in sshserve.git_environment({"GIT_PROTOCOL": "version=2;id"})


def _bare(path: Path) -> Path:
    """A bare repository whose main branch holds one commit (so that it advertises a ref)."""
    env = player_env(path.parent)
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(path)], check=True,
                   env=env)
    tree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"  # the empty tree
    commit = subprocess.run(["git", "--git-dir", str(path), "commit-tree", tree, "-m", "one"],
                            check=True, env=env, capture_output=True, text=True).stdout.strip()
    subprocess.run(["git", "--git-dir", str(path), "update-ref", "refs/heads/main", commit],
                   check=True, env=env)
    return path


def _serve(argv: list[str], request: str | None) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin"}
    if request is not None:
        env["SSH_ORIGINAL_COMMAND"] = request
    return subprocess.run([sys.executable, "-I", "-S", str(SERVER), *argv], env=env,
                          capture_output=True, text=True, timeout=30, input="0000")


def test_s05_a_refusal_is_one_line_on_stderr_and_exit_1(tmp_path):
    repo = _bare(tmp_path / "Ana.git")
    argv = ["--player", "Ana", "--repo", str(repo), "--git", "/usr/bin/git"]
    for request in (None, "id", f"git-upload-pack '{tmp_path}'",
                    f"git-upload-archive '{repo}'"):
        done = _serve(argv, request)
        assert done.returncode == 1 and done.stdout == "", output(done)
        assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith(
            "lifegames: refused: "), output(done)
    broken = _serve(["--repo", str(repo)], f"git-upload-pack '{repo}'")
    assert broken.returncode == 1 and "not one `lifegames authorized-keys` writes" in \
        broken.stderr
    served = _serve(argv, f"git-upload-pack '{repo}'")
    assert served.returncode == 0 and "refs/heads/main" in served.stdout, output(served)


def _dequote(line: str) -> str:
    """The command= value as sshd reads it (auth-options.c: `\\"` is a quote, nothing else
    is an escape)."""
    found = re.match(r'restrict,command="((?:[^"\\]|\\"|\\(?!"))*)" ', line)
    assert found, line
    return found.group(1).replace('\\"', '"')


def _key(tmp_path: Path, name: str) -> Path:
    return keygen(tmp_path / name, f"{name}@laptop")


@pytest.mark.skipif(missing().startswith("the OpenSSH client"), reason="needs ssh-keygen")
def test_s06_the_authorized_keys_line_runs_the_forced_command_through_a_shell(tmp_path):
    """A repository whose path holds a space and a double quote: the line, read back as sshd
    reads it and run by the account's shell as sshd runs it, serves that repository."""
    (tmp_path / 'remotes "of" games').mkdir()
    repo = _bare(tmp_path / 'remotes "of" games' / "Ana.git")
    key = seatkeys.read_public_key(_key(tmp_path, "ana").with_suffix(".pub"))
    command = seatkeys.forced_command("Ana", str(repo), sys.executable, "/usr/bin/git")
    line = seatkeys.authorized_line("Ana", key, command)
    assert line.startswith('restrict,command="/') and line.endswith(" lifegames seat Ana: "
                                                                    "ana@laptop")
    assert "\n" not in line and _dequote(line) == command
    env = {"PATH": "/nonexistent", "SSH_ORIGINAL_COMMAND": f"git-upload-pack '{repo}'"}
    done = subprocess.run(["/bin/sh", "-c", _dequote(line)], env=env, capture_output=True,
                          text=True, timeout=30, input="0000", cwd="/")
    assert done.returncode == 0 and "refs/heads/main" in done.stdout, output(done)
    with pytest.raises(seatkeys.KeyProblem, match="backslash"):
        seatkeys.forced_command("Ana", "/srv/a\\b.git", sys.executable, "/usr/bin/git")
    with pytest.raises(seatkeys.KeyProblem, match="not an absolute path"):
        seatkeys.forced_command("Ana", "remotes/Ana.git", sys.executable, "/usr/bin/git")


@pytest.mark.skipif(missing().startswith("the OpenSSH client"), reason="needs ssh-keygen")
def test_s07_only_a_plain_public_key_is_taken(tmp_path):
    good = _key(tmp_path, "ana")
    line = good.with_suffix(".pub").read_bytes()
    assert seatkeys.parse_public_key(line, "ana.pub").kind == "ssh-ed25519"
    kind, body, _ = line.decode().split()
    bad = {
        "private": good.read_bytes(),
        "two lines": line + line,
        "options": b'command="/bin/sh" ' + line,
        "unknown type": b"ssh-dss " + body.encode() + b"\n",
        "not base64": f"{kind} {body[:-4]}!!!! x\n".encode(),
        "wrong body": f"ssh-rsa {body} x\n".encode(),
        "control": f"{kind} {body} a\x1bb\n".encode(),
        "huge": b"ssh-ed25519 " + b"A" * 20000,
        "empty": b"\n",
        "no key": b"ssh-ed25519\n",
    }
    for what, raw in bad.items():
        with pytest.raises(seatkeys.KeyProblem):
            seatkeys.parse_public_key(raw, what)


@pytest.mark.parametrize(("template", "said"), [
    ("ssh://games@host/remotes/Ana.git", "exactly once"),
    ("ssh://games@host/{player}/{player}.git", "exactly once"),
    ("-oProxyCommand=x/{player}", "must not start with '-'"),
    ("ssh://games@host/re motes/{player}.git", "spaces or control"),
    ("ssh://games@host/remotes/{player}.git\n", "spaces or control"),
    ("file:///srv/remotes/{player}.git", "not file"),
    ("/srv/remotes/{player}.git", "a path on this machine"),
    ("ext::sh -c x{player}", "spaces or control"),
])
def test_s08_clone_url_templates_are_checked(template, said):
    with pytest.raises(ValueError, match=re.escape(said)):
        seatkeys.clone_urls(template, PLAYERS)
    for fine in ("ssh://games@host.example:2222/home/games/remotes/{player}.git",
                 "games@host.example:remotes/{player}.git", "https://example.org/{player}.git"):
        assert seatkeys.clone_urls(fine, PLAYERS)["Ben"] == fine.replace("{player}", "Ben")


def test_s09_authorized_keys_and_clone_url_refuse_what_cannot_work(tmp_path):
    table = Table(tmp_path)
    bare = table.play("setup", "--dir", "plain", "--clone-url", "ssh://g@h/{player}.git")
    assert bare.returncode == 2 and "--clone-url goes with --remotes" in bare.stderr
    assert not (tmp_path / "plain").exists()
    assert table.play("setup", "--dir", "plain").returncode == 0
    none = table.play("--dir", "plain", "authorized-keys", "--key", "Ironhold=x.pub")
    assert none.returncode == 2 and "has no seats over git" in none.stderr, output(none)
    assert table.setup("simple-kingdoms", PLAYERS, 5).returncode == 0
    for args, said in ((["--key", "Ana"], "is not PLAYER=FILE"),
                       (["--key", "Zed=x.pub"], "no player 'Zed'"),
                       (["--key", "Ana=missing.pub"], "cannot be read"),
                       (["--key", "Ana=a.pub", "--key", "ana=b.pub"], "named twice")):
        done = table.play("--dir", "host", "authorized-keys", *args)
        assert done.returncode == 2 and said in done.stderr, output(done)
        assert "Traceback" not in done.stderr and done.stdout == ""


# -- a game over a real sshd ------------------------------------------------------------------


class Players:
    """Each player's git, over ssh with their own key."""

    def __init__(self, table: Table, server: Sshd) -> None:
        self.table, self.server = table, server
        self.keys = {p: _key(table.base, p.lower()) for p in PLAYERS}

    def env(self, player: str) -> dict[str, str]:
        env = player_env(self.table.base / "home")
        env["GIT_SSH_COMMAND"] = self.server.ssh_command(self.keys[player])
        return env

    def run(self, player: str, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=120,
                              env=self.env(player), stdin=subprocess.DEVNULL)

    def git(self, player: str, *args: str) -> str:
        done = self.run(player, self.table.clones / player, "git", *args)
        assert done.returncode == 0, output(done)
        return done.stdout

    def ssh(self, player: str, *args: str) -> subprocess.CompletedProcess[str]:
        words = shlex.split(self.server.ssh_command(self.keys[player]))
        return self.run(player, self.table.base, *words, f"{self.server.user}@127.0.0.1",
                        *args)


def _refused(done: subprocess.CompletedProcess[str], said: str) -> None:
    """Refused by the forced command: its one line (git may add its own after it)."""
    assert done.returncode != 0, output(done)
    ours = [line for line in done.stderr.splitlines() if line.startswith("lifegames: ")]
    assert len(ours) == 1 and ours[0].startswith("lifegames: refused: "), output(done)
    assert said in ours[0], output(done)


def test_s10_a_game_over_ssh_where_each_key_reaches_its_own_seat_only(tmp_path, sshd):
    table = Table(tmp_path)
    remotes = table.base / "remotes"
    players = Players(table, sshd)
    done = table.play("setup", "--players", ",".join(PLAYERS), "--seed", "5", "--salt",
                      "5ea75", "--dir", "host", "--remotes", f"{remotes}/{{player}}.git",
                      "--clone-url", sshd.url(f"{remotes}/{{player}}.git"))
    assert done.returncode == 0, output(done)
    lines = dict(re.findall(r"^ +(\w+): (git clone .*)$", done.stdout, re.M))
    assert sorted(lines) == PLAYERS and f"true {remotes}/Ana.git Ana" not in done.stdout
    assert lines["Ana"] == ("git clone -b main -c pull.rebase=true "
                            f"{sshd.url(remotes / 'Ana.git')} Ana")
    keys = table.play("--dir", "host", "authorized-keys",
                      *[f"--key={p}={players.keys[p]}.pub" for p in PLAYERS])
    assert keys.returncode == 0, output(keys)
    assert len(keys.stdout.splitlines()) == 2
    sshd.authorized.write_text(keys.stdout, encoding="utf-8")

    for player in PLAYERS:  # each clones with the line setup printed for them
        cloned = players.run(player, table.clones, "bash", "-c", lines[player])
        assert cloned.returncode == 0, output(cloned)
        assert (table.clones / player / "seat.json").exists()
    rng = random.Random(3)
    for tick in range(1, 4):
        for player in PLAYERS:
            players.git(player, "pull", "-q")
            (table.clones / player / f"{player}_orders.txt").write_text(
                table.bot_text(player, rng, "greedy"), encoding="utf-8")
            players.git(player, "commit", "-qam", f"orders for tick {tick}")
            players.git(player, "push", "-q")
        played = table.play("--dir", "host", "tick")
        assert played.returncode == 0 and f"Tick {tick} played" in played.stdout, \
            output(played)
    for player in PLAYERS:
        players.git(player, "pull", "-q")
        assert (table.clones / player / f"003_{player.lower()}_sheet.txt").exists()
    assert table.play("--dir", "host", "verify").returncode == 0

    # Ana's key against Ben's seat: every way in is refused, with one clear line.
    ben = remotes / "Ben.git"
    ben_head = (ben / "refs" / "heads" / "main").read_text()
    ana_clone = table.clones / "Ana"
    not_hers = "this key reaches Ana's seat only"
    _refused(players.run("Ana", table.base, "git", "clone", sshd.url(ben), "stolen"), not_hers)
    assert not (table.base / "stolen").exists()
    _refused(players.run("Ana", ana_clone, "git", "fetch", sshd.url(ben), "main"), not_hers)
    _refused(players.run("Ana", ana_clone, "git", "push", sshd.url(ben), "HEAD:refs/heads/x"),
             not_hers)
    _refused(players.run("Ana", ana_clone, "git", "push", "--force", sshd.url(ben),
                         "HEAD:main"), not_hers)
    assert (ben / "refs" / "heads" / "main").read_text() == ben_head
    assert not (ben / "refs" / "heads" / "x").exists()
    for trick in (f"{remotes}/Ana.git/../Ben.git", f"{remotes}/Ana.git/../Ben"):
        _refused(players.run("Ana", table.base, "git", "ls-remote", sshd.url(trick)), not_hers)
    (remotes / "mine.git").symlink_to(ben)
    _refused(players.run("Ana", table.base, "git", "ls-remote", sshd.url(remotes / "mine.git")),
             not_hers)
    home = os.path.expanduser("~" + sshd.user)
    tilde = "~/" + os.path.relpath(ben, home)
    _refused(players.ssh("Ana", f"git-upload-pack '{tilde}'"), not_hers)
    # ... and her own seat, reached as `~/...`, is served.
    mine = players.ssh("Ana", f"git-upload-pack '~/{os.path.relpath(remotes / 'Ana', home)}'")
    assert " refs/heads/main\n" in mine.stdout, output(mine)  # served (then stdin ended)

    _refused(players.ssh("Ana", "id"), "'id' is not served here")
    _refused(players.ssh("Ana", f"git-upload-pack '{remotes}/Ana.git'; id"), "nothing more")
    _refused(players.ssh("Ana"), "no shell here")
    shell = subprocess.run([*shlex.split(sshd.ssh_command(players.keys["Ana"])), "-tt",
                            f"{sshd.user}@127.0.0.1"], capture_output=True, text=True,
                           timeout=60, stdin=subprocess.DEVNULL, env=players.env("Ana"))
    # `restrict` refuses the terminal, and the client gives up: no shell either way.
    assert shell.returncode != 0 and shell.stdout == "", output(shell)
    assert "PTY allocation request failed" in shell.stderr or "no shell here" in shell.stderr
    _refused(players.run("Ana", table.base, "git", "archive",
                         f"--remote={sshd.url(remotes / 'Ana.git')}", "main"),
             "'git-upload-archive' is not served here")
    # Her own seat still works after all that; and Ben's key reaches Ben's seat alone.
    players.git("Ana", "pull", "-q")
    _refused(players.run("Ben", table.base, "git", "ls-remote", sshd.url(remotes / "Ana.git")),
             "this key reaches Ben's seat only")


def test_s11_the_forced_command_runs_from_a_plain_checkout_with_no_environment(tmp_path):
    """The line names sshserve.py by its absolute path and runs it with -I -S: it needs no
    PATH, no PYTHONPATH and no installed lifegames (here: a copy of the checkout's file)."""
    copy = tmp_path / "checkout" / "lifegames" / "engine"
    copy.mkdir(parents=True)
    (copy / "sshserve.py").write_bytes((REPO / "lifegames/engine/seats/sshserve.py").read_bytes())
    (copy / "os.py").write_text("raise SystemExit('the script folder was on sys.path')\n")
    repo = _bare(tmp_path / "Ana.git")
    done = subprocess.run([sys.executable, "-I", "-S", str(copy / "sshserve.py"), "--player",
                           "Ana", "--repo", str(repo), "--git", "/usr/bin/git"],
                          env={"SSH_ORIGINAL_COMMAND": f"git-upload-pack '{repo}'"},
                          capture_output=True, text=True, timeout=30, input="0000",
                          cwd=tmp_path)
    assert done.returncode == 0 and "refs/heads/main" in done.stdout, output(done)


def test_s12_a_repository_path_with_a_space_and_a_quote_is_served_through_sshd(tmp_path, sshd):
    """The line's quoting as the real sshd and shell read it: a player whose repository lies
    under `seats "2026" of games/` clones it, and nothing else."""
    folder = tmp_path / 'seats "2026" of games'
    folder.mkdir()
    repo = _bare(folder / "Cleo.git")
    private = _key(tmp_path, "cleo")
    key = seatkeys.read_public_key(private.with_suffix(".pub"))
    command = seatkeys.forced_command("Cleo", str(repo), sys.executable,
                                      os.path.realpath("/usr/bin/git"))
    with open(sshd.authorized, "a", encoding="utf-8") as handle:
        handle.write(seatkeys.authorized_line("Cleo", key, command) + "\n")
    env = player_env(tmp_path)
    env["GIT_SSH_COMMAND"] = sshd.ssh_command(private)
    done = subprocess.run(["git", "clone", "-q", sshd.url(repo), str(tmp_path / "clone")],
                          env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, output(done)
    other = _bare(folder / "Dan.git")
    _refused(subprocess.run(["git", "ls-remote", sshd.url(other)], env=env,
                            capture_output=True, text=True, timeout=120,
                            stdin=subprocess.DEVNULL), "this key reaches Cleo's seat only")
