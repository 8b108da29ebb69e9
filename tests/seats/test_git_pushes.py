"""No push halts a game: every odd thing a player can put in their seat's branch (names that
are not UTF-8, control characters and newlines in names, a huge commit message, a huge top
folder, thousands of commits, objects the host will not read) and a FIFO planted in a remote
they can reach as files. Each either travels along in the player's branch unread, or becomes a
located problem of that seat alone: its player is not complete (so `tick --absent` applies),
the others play on, and no command exits 5 or prints a raw control character.

Real git, real bare remotes and clones; the odd objects are made with git's own plumbing in
the player's clone (or in the remote, which is what pushing them would leave there)."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from lifegames.engine.host.tools import verify

from ..reliability.helpers import output
from .gitkit import Table

PLAYERS = ["Ana", "Ben"]
ORDERS = "orders for tick 1\nend\n"


def _table(tmp_path: Path) -> tuple[Table, Path]:
    table = Table(tmp_path / "t")
    done = table.setup("simple-kingdoms", PLAYERS, 5)
    assert done.returncode == 0, output(done)
    table.clone("Ben")
    table.push_orders("Ben", ORDERS)
    return table, table.clone("Ana")


def _commit_and_push(table: Table, clone: Path, *extra: str, name: str = "player") -> None:
    table.git(clone, "add", "-A")
    table.git(clone, "-c", f"user.name={name}", "commit", "-q", "--allow-empty", *extra)
    table.git(clone, "push", "-q")


def _plumb(table: Table, git_dir: Path, *args: str, data: bytes = b"") -> str:
    done = subprocess.run(["git", "--git-dir", str(git_dir), *args], input=data,
                          capture_output=True, env=table.env(), check=True, timeout=120)
    return done.stdout.decode().strip()


def _tree_on_main(table: Table, git_dir: Path, entries: list[bytes], message: str) -> None:
    """A commit on the remote's main whose top folder is main's plus `entries` (raw tree
    lines, `mktree -z` input): what pushing such a commit would leave there."""
    listed = subprocess.run(["git", "--git-dir", str(git_dir), "ls-tree", "-z", "main"],
                            capture_output=True, env=table.env(), check=True).stdout
    lines = [line for line in listed.split(b"\0") if line] + entries
    tree = _plumb(table, git_dir, "mktree", "-z", "--missing", data=b"\0".join(lines) + b"\0")
    commit = _plumb(table, git_dir, "commit-tree", "-p", "main", "-m", message, tree)
    _plumb(table, git_dir, "update-ref", "refs/heads/main", commit)


# -- the vectors: each returns the problem code the seat must show ('' if it plays on) ------

def v_name_not_utf8(table: Table, clone: Path) -> str:
    """Files whose names are not UTF-8, one shaped like a sheet, at the top, in archive/ and
    in a folder of the player's."""
    for folder in (b"", b"archive/", b"notes/"):
        os.makedirs(os.fsencode(clone) + b"/" + folder, exist_ok=True)
        with open(os.fsencode(clone) + b"/" + folder + b"999_\xff.txt", "wb") as handle:
            handle.write(b"mine\n")
    (clone / "Ana_orders.txt").write_text(ORDERS)
    _commit_and_push(table, clone, "-m", "odd names")
    return ""


def v_name_newline(table: Table, clone: Path) -> str:
    """Names ending in a newline, one of them shaped like a sheet and one like the order
    file, and names holding escapes (a misnamed order file among them)."""
    for name in ("999_ana_sheet.txt\n", "archive/000_ana_sheet.txt\n", "Ana_orders.txt\n",
                 "Ana_Orders\x1b[2J.txt", "notes\n"):
        path = clone / name
        path.parent.mkdir(exist_ok=True)
        path.write_text("mine\n")
    (clone / "Ana_orders.txt").write_text(ORDERS)
    _commit_and_push(table, clone, "-m", "newlines")
    return ""


def v_huge_message(table: Table, clone: Path) -> str:
    """A commit whose message is 3 MiB (and an author with escapes)."""
    (clone / "Ana_orders.txt").write_text(ORDERS)
    body = clone.parent / "message.txt"
    body.write_text("orders\n\n" + "x" * (3 << 20) + "\n")
    _commit_and_push(table, clone, "-F", str(body), name="\x1b[31mred")
    return ""


def v_huge_tree(table: Table, clone: Path) -> str:
    """A top folder of 40,000 entries with long names (over 10 MiB of tree), the order
    file among them."""
    (clone / "Ana_orders.txt").write_text(ORDERS)
    _commit_and_push(table, clone, "-m", "orders")
    remote = table.remote("Ana")
    blob = _plumb(table, remote, "hash-object", "-w", "--stdin", data=b"x\n")
    entries = [b"100644 blob %s\t%s" % (blob.encode(), b"n%05d-" % n + b"y" * 240)
               for n in range(40_000)]
    _tree_on_main(table, remote, entries, "a huge folder")
    return "E-SEAT-TOO-LARGE"


def v_flood(table: Table, clone: Path) -> str:
    """6,000 new commits in one push, the order file written in the last one."""
    stream = [b"reset refs/heads/main\nfrom refs/heads/main^0\n"]
    for number in range(6_000):
        text = f"note {number}\n".encode()
        stream.append(b"commit refs/heads/main\ncommitter p <p@example.org> 1 +0000\n"
                      b"data 5\nnote\nM 100644 inline notes.txt\ndata %d\n%s\n"
                      % (len(text), text))
    stream.append(b"commit refs/heads/main\ncommitter p <p@example.org> 2 +0000\ndata 7\n"
                  b"orders\nM 100644 inline Ana_orders.txt\ndata %d\n%s\n"
                  % (len(ORDERS), ORDERS.encode()))
    subprocess.run(["git", "fast-import", "--quiet"], input=b"".join(stream), cwd=clone,
                   env=table.env(), check=True, capture_output=True)
    table.git(clone, "reset", "-q", "--hard")
    table.git(clone, "push", "-q")
    return ""


def _literal_top(table: Table, clone: Path, odd: bool, unpackable: bool) -> None:
    """A top folder git would not write itself (written with --literally): an entry of an
    unknown mode and one whose name holds a slash and names a host file in archive/ (`odd`),
    or one that is a blob where a folder should be (`unpackable`)."""
    (clone / "Ana_orders.txt").write_text(ORDERS)
    _commit_and_push(table, clone, "-m", "orders")
    remote = table.remote("Ana")
    blob = bytes.fromhex(_plumb(table, remote, "hash-object", "-w", "--stdin", data=b"x\n"))
    listed = subprocess.run(["git", "--git-dir", str(remote), "ls-tree", "-z", "main"],
                            capture_output=True, env=table.env(), check=True).stdout
    raw = {}
    for line in filter(None, listed.split(b"\0")):
        head, name = line.split(b"\t", 1)
        mode, _, oid = head.split()
        raw[name] = (mode.lstrip(b"0"), bytes.fromhex(oid.decode()))
    if odd:
        raw[b"archive/000_ana_sheet.txt"] = (b"100644", blob)
        raw[b"odd"] = (b"177777", blob)
    if unpackable:
        raw[b"notes"] = (b"40000", blob)
    tree = b"".join(mode + b" " + name + b"\0" + oid for name, (mode, oid) in sorted(raw.items()))
    top = _plumb(table, remote, "hash-object", "-w", "--literally", "-t", "tree", "--stdin",
                 data=tree)
    commit = _plumb(table, remote, "commit-tree", "-p", "main", "-m", "odd objects", top)
    _plumb(table, remote, "update-ref", "refs/heads/main", commit)


def v_odd_entries(table: Table, clone: Path) -> str:
    """Entries git would not write: carried along, never read."""
    _literal_top(table, clone, odd=True, unpackable=False)
    return ""


def v_unpackable(table: Table, clone: Path) -> str:
    """An object the remote's own git will not pack (a blob named as a folder): the fetch
    fails, and says why, for this seat alone."""
    _literal_top(table, clone, odd=False, unpackable=True)
    return "E-SEAT-UNREACHABLE"


def v_fifo(table: Table, clone: Path) -> str:
    """A FIFO planted in the remote where git reads (a player who can reach the remote as
    files): every git that opened it would wait for a writer for ever."""
    (clone / "Ana_orders.txt").write_text(ORDERS)
    _commit_and_push(table, clone, "-m", "orders")
    os.mkfifo(table.remote("Ana") / "packed-refs")
    return "E-SEAT-UNREACHABLE"


VECTORS: list[Callable[[Table, Path], str]] = [
    v_name_not_utf8, v_name_newline, v_huge_message, v_huge_tree, v_flood, v_odd_entries,
    v_unpackable, v_fifo]


def _names(table: Table, git_dir: Path, commit: str) -> list[bytes]:
    """Every path in a commit that is not one of the host's own files, as raw bytes."""
    listed = subprocess.run(["git", "--git-dir", str(git_dir), "ls-tree", "-r", "-z",
                             "--name-only", commit], capture_output=True, env=table.env(),
                            check=True).stdout
    return [n for n in listed.split(b"\0") if n and not n.startswith((b"00", b"archive/00"))
            and n not in (b"seat.json", b"executed_orders.txt", b"check_report.txt",
                          b"Ana_orders_template.txt")]


def _git_processes(under: Path) -> list[str]:
    """git processes still running that name a path under `under`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8",
                                                                                "replace")
        except OSError:
            continue
        if "git" in line and str(under) in line:
            found.append(line)
    return found


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v.__name__[2:])
def test_p01_no_push_halts_the_game(tmp_path, vector):
    """After the odd push, every host command exits as it would for any seat: `check`
    names the seat's problem (located, with a way forward) or checks its file, `tick` plays
    (or waits for that player alone, and `--absent` plays on), `status` and `bot` work, and
    nothing reaches the terminal raw. The player's branch keeps every commit they pushed."""
    table, clone = _table(tmp_path)
    expected = vector(table, clone)
    theirs = (table.remote("Ana") / "refs" / "heads" / "main").read_text().strip()
    start = time.monotonic()
    results = {"tick": table.play("--dir", "host", "tick"),  # it fetches; check does not
               "check": table.play("--dir", "host", "check"),
               "status": table.play("--dir", "host", "status")}
    if results["tick"].returncode == 1:
        results["absent"] = table.play("--dir", "host", "tick", "--absent", "Ana")
    results["bot"] = table.play("--dir", "host", "bot", "--all", "--force")
    results["again"] = table.play("--dir", "host", "tick")
    took = time.monotonic() - start
    for name, done in results.items():
        said = done.stdout + done.stderr
        assert done.returncode in (0, 1), (name, output(done))
        assert "Traceback" not in said and "internal error" not in said, (name, said)
        assert not any(c in said for c in "\x1b\x07\udcff\ufffd"), (name, said)
    if expected:
        assert expected in results["check"].stdout, output(results["check"])
        assert "Ana" in results["check"].stdout
        assert results["tick"].returncode == 1, output(results["tick"])
        assert results["absent"].returncode == 0, output(results["absent"])
        assert expected in results["status"].stdout, output(results["status"])
    else:
        assert results["tick"].returncode == 0, output(results["tick"])
        table.git(clone, "pull", "-q")
        assert (clone / "archive" / "000_ana_sheet.txt").exists()  # sheets arrive
    # Whatever the player pushed stays in their branch, as they pushed it.
    remote = table.remote("Ana")
    if vector is v_fifo:  # whoever keeps the remote removes it: the seat is back
        (remote / "packed-refs").unlink()
        back = table.play("--dir", "host", "tick")
        assert "E-SEAT-UNREACHABLE" not in back.stdout + back.stderr, output(back)
    _plumb(table, remote, "merge-base", "--is-ancestor", theirs, "main")
    if vector is not v_unpackable:  # (its folder cannot be listed, by git or anyone)
        assert set(_names(table, remote, theirs)) - {b"Ana_orders.txt"} <= set(
            _names(table, remote, "main"))
    assert took < 60, f"the host's commands took {took:.0f} s"
    assert _git_processes(table.base) == []
    assert verify(table.host()) == []


FORGED = "Ana_Orders.txt\nOK Ben_orders.txt: forged"


@pytest.mark.parametrize("kind", ["git", "synced"])
def test_p02_names_are_printed_escaped_for_either_kind_of_seat(tmp_path, kind):
    """A file in a seat whose name holds a newline, an escape or a byte that is not UTF-8,
    and looks like a misnamed order file: `status` and `check` name it, each on one line,
    with those characters spelled out (`\\u000a`, `\\u001b`, `\\xff`); no line is forged."""
    names = [FORGED.encode(), b"Ana_Orders\x1b[2J.txt", b"Ana_Orders\xff.txt"]
    if kind == "git":
        table, clone = _table(tmp_path)
        folder = os.fsencode(clone)
    else:
        table = Table(tmp_path / "t")
        done = table.play("setup", "--players", "Ana,Ben", "--seed", "5", "--dir", "host",
                          "--seats", "seats")
        assert done.returncode == 0, output(done)
        folder = os.fsencode(table.base / "seats" / "Ana")
    for raw in names:
        with open(folder + b"/" + raw, "wb") as handle:
            handle.write(ORDERS.encode())
    if kind == "git":
        _commit_and_push(table, clone, "-m", "odd names")
        assert table.play("--dir", "host", "tick").returncode in (0, 1)  # fetches
    for command in ("status", "check"):
        done = table.play("--dir", "host", command)
        said = done.stdout + done.stderr
        assert done.returncode in (0, 1) and "Traceback" not in said, output(done)
        assert "Ana/Ana_Orders.txt\\u000aOK Ben_orders.txt: forged" in said, said
        assert "Ana/Ana_Orders\\u001b[2J.txt" in said and "Ana/Ana_Orders\\xff.txt" in said
        assert not any(line.startswith("OK Ben_orders.txt: forged")
                       for line in said.splitlines()), said


def test_p03_a_git_that_hangs_is_stopped_and_named(tmp_path, monkeypatch):
    """A remote that never answers (here an ssh command that only sleeps) is stopped after
    the time limit, and the seat's problem names the git command that hung (`git fetch`,
    not the settings before it on its command line)."""
    from lifegames.engine.seats import gitpublish, gitseats

    monkeypatch.setattr(gitseats, "TIMEOUT", 1.0)
    monkeypatch.setenv("GIT_SSH_COMMAND", "sleep 30 #")
    seats = gitpublish.RemoteSeats(tmp_path / "git", tmp_path / "seats",
                                   {"Ana": "ssh://127.0.0.1/nowhere.git"})
    gitpublish.RemoteSeats.create(tmp_path / "git", ["Ana"])
    seats.fetch()
    problem = seats.seats["Ana"].record.problem
    assert "git fetch took longer than 1 s" in problem, problem
    seats.close()
