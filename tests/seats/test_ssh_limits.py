"""What one key may push to its seat over ssh: the forced command (engine/seats/sshserve.py)
bounds the pack git reads, keeps it as sent, and its pre-receive hook refuses, with one line
the pusher sees, any ref but main, tags, and objects or trees over the stated limits.

Every push here is a real one, through a private OpenSSH server on 127.0.0.1 (tests/seats/
sshkit.py), into a seat set up by `setup --remotes` and reached with the line
`authorized-keys` wrote. After each refusal the seat's branch is where it was, nothing of the
push is left in the repository, and the seat still plays: the host ticks its next orders."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lifegames.engine.seats import sshserve

from ..reliability.helpers import output
from .gitkit import REPO, Table, player_env
from .sshkit import Sshd, keygen

README = REPO / "README.md"
LIMITS = {"PUSH_BYTES": sshserve.PUSH_BYTES, "PUSH_OBJECTS": sshserve.PUSH_OBJECTS,
          "UNPACKED_BYTES": sshserve.UNPACKED_BYTES, "BLOB_BYTES": sshserve.BLOB_BYTES,
          "TREE_BYTES": sshserve.TREE_BYTES, "COMMIT_BYTES": sshserve.COMMIT_BYTES,
          "TREE_ENTRIES": sshserve.TREE_ENTRIES, "TREE_DEPTH": sshserve.TREE_DEPTH}


def test_l01_the_readme_states_the_limits_the_forced_command_applies():
    """README's "Limits of a push" table: one row per limit, its figure the constant's."""
    text = README.read_text(encoding="utf-8")
    start = text.index("**Limits of a push.**")
    rows = dict(re.findall(r"^\| `([A-Z_]+)` \| ([^|]+?) \|", text[start:start + 4000], re.M))
    assert sorted(rows) == sorted(LIMITS)
    for name, value in LIMITS.items():
        shown = rows[name]
        figure = (sshserve.size_text(value) if name.endswith("_BYTES")
                  else f"{value:,}".replace(",", " "))
        assert shown == figure, (name, shown, figure)


def test_l02_receive_pack_gets_the_limits_and_the_hosts_hook_alone():
    command = sshserve.git_command("/usr/bin/git", "receive-pack", "/srv/Ana.git")
    hooks = [arg for arg in command if arg.startswith("core.hooksPath=")]
    assert hooks == [f"core.hooksPath={sshserve.HOOKS}"]
    for setting in (f"receive.maxInputSize={sshserve.PUSH_BYTES}", "receive.unpackLimit=1",
                    "receive.fsckObjects=true", "receive.denyDeletes=true",
                    "receive.denyNonFastForwards=true"):
        assert setting in command
    hook = Path(sshserve.HOOKS) / "pre-receive"
    assert hook.is_file() and not hook.is_symlink() and hook.stat().st_mode & 0o111
    assert Path(sshserve.HOOKS).parent == Path(sshserve.__file__).resolve().parent
    fetch = sshserve.git_command("/usr/bin/git", "upload-pack", "/srv/Ana.git")
    assert "core.hooksPath=/dev/null" in fetch and "receive.unpackLimit=1" not in fetch


def test_l03_the_hook_refuses_unless_the_forced_command_started_it(tmp_path):
    """Run by hand (no LIFEGAMES_* from the forced command), the hook lets nothing in."""
    done = subprocess.run([str(Path(sshserve.HOOKS) / "pre-receive")], input="",
                          capture_output=True, text=True, timeout=30, env={"PATH": "/bin"},
                          cwd=tmp_path)
    assert done.returncode == 1 and done.stderr.startswith("lifegames: refused: "), \
        output(done)


@pytest.mark.parametrize(("lines", "said"), [
    (["0" * 40 + " " + "1" * 40 + " refs/heads/other"], "only main is taken here"),
    (["0" * 40 + " " + "1" * 40 + " refs/tags/v1"], "tags are not taken here"),
    (["1" * 40 + " " + "0" * 40 + " refs/heads/main"], "main cannot be deleted"),
    (["garbage"], "cannot read"),
])
def test_l04_refs_other_than_main_are_refused(lines, said):
    with pytest.raises(sshserve.Refused, match=said):
        sshserve.check_refs(lines)
    sshserve.check_refs(["1" * 40 + " " + "2" * 40 + " refs/heads/main"])


# -- real pushes through a real sshd ----------------------------------------------------------


class Seat:
    """Ana's seat over ssh, her clone, and the host's folder."""

    def __init__(self, base: Path, server: Sshd) -> None:
        self.table = Table(base)
        self.server = server
        self.key = keygen(base / "ana", "ana@laptop")
        remotes = base / "remotes"
        self.remote = remotes / "Ana.git"
        done = self.table.play("setup", "--players", "Ana,Ben", "--seed", "5", "--salt",
                               "5ea75", "--dir", "host", "--remotes",
                               f"{remotes}/{{player}}.git", "--clone-url",
                               server.url(f"{remotes}/{{player}}.git"))
        assert done.returncode == 0, output(done)
        keys = self.table.play("--dir", "host", "authorized-keys", f"--key=Ana={self.key}.pub")
        assert keys.returncode == 0, output(keys)
        with open(server.authorized, "a", encoding="utf-8") as handle:
            handle.write(keys.stdout)
        self.clone = self.table.clones / "Ana"
        cloned = self.run(self.table.clones, "git", "clone", "-q", "-b", "main",
                          server.url(self.remote), "Ana")
        assert cloned.returncode == 0, output(cloned)
        self.rng = random.Random(11)

    def env(self) -> dict[str, str]:
        env = player_env(self.table.base / "home")
        env["GIT_SSH_COMMAND"] = self.server.ssh_command(self.key)
        return env

    def run(self, cwd: Path, *args: str, data: bytes | None = None
            ) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(args, cwd=cwd, capture_output=True, timeout=300, env=self.env(),
                              input=data if data is not None else b"")
        return subprocess.CompletedProcess(done.args, done.returncode,
                                           done.stdout.decode("utf-8", "replace"),
                                           done.stderr.decode("utf-8", "replace"))

    def git(self, *args: str, data: bytes | None = None) -> str:
        done = self.run(self.clone, "git", *args, data=data)
        assert done.returncode == 0, output(done)
        return done.stdout.strip()

    def state(self) -> tuple[str, list[str]]:
        """The seat's main and every object file and pack of its repository."""
        head = self.table.git(self.table.base, "--git-dir", str(self.remote), "rev-parse",
                              "main").strip()
        files = sorted(str(path.relative_to(self.remote)) for path in
                       (self.remote / "objects").rglob("*") if path.is_file())
        refs = sorted(str(path.relative_to(self.remote)) for path in
                      (self.remote / "refs").rglob("*") if path.is_file())
        return head, files + refs

    def refused(self, *push: str, said: str) -> None:
        """`git push ...` is refused with one line saying `said`; the seat is as it was."""
        before = self.state()
        done = self.run(self.clone, "git", "push", *push)
        assert done.returncode != 0, output(done)
        ours = [line for line in done.stderr.splitlines()
                if line.startswith("remote: lifegames: ")]
        assert len(ours) == 1 and ours[0].startswith("remote: lifegames: refused: "), \
            output(done)
        assert said in ours[0], output(done)
        assert self.state() == before
        self.git("reset", "-q", "--hard", "origin/main")
        for tag in self.git("tag", "-l").split():
            self.git("tag", "-d", tag)

    def plays(self) -> None:
        """Ana's orders, pushed over ssh, are played by the host's next tick."""
        self.git("pull", "-q")
        (self.clone / "Ana_orders.txt").write_text(self.table.bot_text("Ana", self.rng),
                                                   encoding="utf-8")
        self.git("commit", "-qam", "orders")
        self.git("push", "-q")
        played = self.table.play("--dir", "host", "tick", "--absent", "Ben")
        assert played.returncode == 0 and "played" in played.stdout, output(played)
        self.git("pull", "-q")

    def commit_files(self, files: dict[str, bytes], message: str = "more") -> None:
        for name, data in files.items():
            path = self.clone / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)

    def mktree(self, entries: list[str]) -> str:
        return self.git("mktree", data="".join(line + "\n" for line in entries).encode())

    def commit_tree(self, tree: str) -> None:
        """A commit of `tree` on top of main, made the clone's HEAD."""
        commit = self.git("commit-tree", tree, "-p", "HEAD", "-m", "shaped")
        self.git("reset", "-q", "--soft", commit)


@pytest.fixture(scope="module")
def seat(tmp_path_factory: pytest.TempPathFactory, sshd: Sshd) -> Seat:
    return Seat(tmp_path_factory.mktemp("limits"), sshd)


def test_l05_orders_pushed_over_ssh_are_played(seat):
    before = len(list((seat.remote / "objects" / "pack").glob("*.pack")))
    seat.plays()
    packs = list((seat.remote / "objects" / "pack").glob("*.pack"))
    assert len(packs) > before  # kept as sent, not unpacked into loose objects


def test_l06_another_branch_or_a_tag_is_refused(seat):
    seat.commit_files({"notes.txt": b"mine\n"})
    seat.refused("origin", "HEAD:refs/heads/other", said="only main is taken here, not "
                 "refs/heads/other")
    seat.git("tag", "v1")
    seat.refused("origin", "v1", said="tags are not taken here (refs/tags/v1)")
    seat.git("tag", "-a", "v2", "-m", "annotated")
    seat.refused("origin", "v2", said="tags are not taken here")
    seat.refused("origin", ":main", said="main cannot be deleted here")
    seat.plays()


def test_l07_a_file_over_the_limit_is_refused_by_name(seat):
    data = random.Random(1).randbytes(sshserve.BLOB_BYTES + 1)
    seat.commit_files({"big/photo.jpg": data})
    seat.refused("origin", "main", said="the file 'big/photo.jpg' is 1048577 bytes, over the 1 MiB")
    seat.plays()


def test_l08_a_commit_message_over_the_limit_is_refused(seat):
    seat.git("commit", "-q", "--allow-empty", "-F", "-",
             data=b"orders\n\n" + b"la " * (sshserve.COMMIT_BYTES // 3 + 10))
    size = len(seat.git("cat-file", "commit", "HEAD")) + 1
    seat.refused("origin", "main", said=f"a commit of {size} bytes "
                 f"({seat.git('rev-parse', 'HEAD')[:12]}) is over the 64 KiB one may be here")
    seat.plays()


def test_l09_folders_nested_too_deep_are_refused(seat):
    deep = "/".join(f"d{n}" for n in range(sshserve.TREE_DEPTH + 1))
    seat.commit_files({f"{deep}/x.txt": b"x\n"})
    seat.refused("origin", "main", said=f"folders are nested more than {sshserve.TREE_DEPTH} "
                 "deep")
    fine = "/".join(f"e{n}" for n in range(sshserve.TREE_DEPTH))
    seat.commit_files({f"{fine}/x.txt": b"x\n"})  # exactly as deep as allowed: taken
    seat.git("push", "-q", "origin", "main")
    seat.plays()


def test_l10_a_tree_of_shared_folders_counts_every_path(seat):
    """A few kilobytes of objects that name 60 000 paths (the same folder 300 times)."""
    blob = seat.git("hash-object", "-w", "--stdin", data=b"x\n")
    inner = seat.mktree([f"100644 blob {blob}\tf{n}" for n in range(199)])
    outer = seat.mktree([f"040000 tree {inner}\td{n}" for n in range(300)])
    top = seat.git("rev-parse", "HEAD^{tree}")
    listing = seat.git("ls-tree", top).splitlines()
    seat.commit_tree(seat.mktree([*listing, f"040000 tree {outer}\tmany"]))
    seat.refused("origin", "main", said=f"more than {sshserve.TREE_ENTRIES} files and folders")
    seat.plays()


def test_l16_a_folder_listing_over_the_limit_is_refused(seat):
    """One folder of 4 200 files with names of 250 letters: its listing is over 1 MiB."""
    blob = seat.git("hash-object", "-w", "--stdin", data=b"x\n")
    names = [f"{n:05d}" + "n" * 245 for n in range(4200)]
    wide = seat.mktree([f"100644 blob {blob}\t{name}" for name in names])
    size = int(seat.git("cat-file", "-s", wide))
    assert size > sshserve.TREE_BYTES
    top = seat.git("rev-parse", "HEAD^{tree}")
    listing = seat.git("ls-tree", top).splitlines()
    seat.commit_tree(seat.mktree([*listing, f"040000 tree {wide}\twide"]))
    seat.refused("origin", "main", said=f"a folder listing of {size} bytes ({wide[:12]}) is "
                 "over the 1 MiB one may be here")
    seat.plays()

def test_l11_a_push_unpacking_past_the_limit_is_refused(seat):
    """Forty files of almost 1 MiB each, alike enough to pack into a few kilobytes: the
    pack is small, what it unpacks to is not."""
    base = random.Random(2).randbytes(1024)
    files = {f"copies/c{n}.bin": base * 1000 + n.to_bytes(4, "big") for n in range(40)}
    seat.commit_files(files)
    seat.refused("origin", "main", said="the push unpacks to 39.1 MiB, over the 32 MiB")
    seat.plays()


def test_l12_too_many_objects_are_refused(seat):
    """One commit of PUSH_OBJECTS small files (written by git fast-import: quicker than
    files on disk), with its folders and the commit more objects than that."""
    head = seat.git("rev-parse", "HEAD")
    stream = [b"commit refs/heads/main\ncommitter p <p@example.org> 0 +0000\ndata 4\nmany\n",
              b"from %s\n" % head.encode()]
    for n in range(sshserve.PUSH_OBJECTS):
        body = b"%d\n" % n
        stream.append(b"M 100644 inline many/%d/f%d\ndata %d\n%s\n" % (n // 100, n, len(body),
                                                                       body))
    seat.git("fast-import", "--quiet", data=b"".join(stream))
    seat.refused("origin", "main", said=f"more than {sshserve.PUSH_OBJECTS} objects")
    seat.plays()


def test_l13_a_pack_over_the_limit_is_not_read(seat):
    """Random bytes do not compress: git stops reading the pack at PUSH_BYTES, with its own
    one line (the hook never runs), and keeps none of it."""
    rng = random.Random(3)
    size = sshserve.BLOB_BYTES // 2
    count = sshserve.PUSH_BYTES // size + 2
    seat.commit_files({f"noise/n{n}.bin": rng.randbytes(size) for n in range(count)})
    before = seat.state()
    done = seat.run(seat.clone, "git", "push", "origin", "main")
    assert done.returncode != 0 and "pack exceeds maximum allowed size" in done.stderr, \
        output(done)
    assert seat.state() == before
    seat.git("reset", "-q", "--hard", "origin/main")
    seat.plays()


def test_l14_a_rewritten_main_is_refused(seat):
    seat.git("commit", "-q", "--amend", "-m", "rewritten")
    done = seat.run(seat.clone, "git", "push", "--force", "origin", "main")
    assert done.returncode != 0 and "non-fast-forward" in done.stderr, output(done)
    seat.git("reset", "-q", "--hard", "origin/main")
    seat.plays()


def test_l15_without_its_hook_the_forced_command_takes_no_push(tmp_path):
    """git would skip a missing or unexecutable pre-receive hook, and with it every limit
    the hook checks: the forced command then refuses pushes (fetches are still served)."""
    copy = tmp_path / "checkout" / "sshserve.py"
    copy.parent.mkdir()
    copy.write_bytes(Path(sshserve.__file__).read_bytes())
    repo = tmp_path / "Ana.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(repo)], check=True)

    def serve(request: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-I", "-S", str(copy), "--player", "Ana",
                               "--repo", str(repo), "--git", "/usr/bin/git"],
                              env={"SSH_ORIGINAL_COMMAND": f"{request} '{repo}'"},
                              capture_output=True, text=True, timeout=30, input="0000")

    for hook in (None, "not executable"):
        if hook is not None:
            (copy.parent / "hooks").mkdir()
            (copy.parent / "hooks" / "pre-receive").write_text("#!/bin/sh\nexit 0\n")
        done = serve("git-receive-pack")
        assert done.returncode == 1 and done.stdout == "", output(done)
        assert done.stderr.startswith("lifegames: refused: pushes are closed"), output(done)
    (copy.parent / "hooks" / "pre-receive").chmod(0o755)
    assert serve("git-receive-pack").returncode == 0
    assert serve("git-upload-pack").returncode == 0
