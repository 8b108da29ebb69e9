"""The attack matrix of seats over git: every way a player might make the host run
a program, each tried for real, as root and as an unprivileged host. A player can write the
content they push and, where their remote is a path on the host's machine that they can reach
as files, that repository's own files too. Each case arms a marker program, then drives the
host through every command that touches git (check, tick, status, bot, watch), and the marker
must stay unrun; where the host must refuse something, it says so, located.

The cases number 27: 13 in the remote repository itself, 13 in pushed content, and a synced
seat folder armed every way at once (where lifegames never runs git at all)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from ..reliability.helpers import output
from .gitkit import NOBODY, Table, can_run_as_nobody, zero_blob

PLAYERS = ["Ana", "Ben"]
USERS = [pytest.param(None, id="root"),
         pytest.param(NOBODY, id="nobody", marks=pytest.mark.skipif(
             bool(can_run_as_nobody()), reason=can_run_as_nobody() or "ok"))]


def _arm(table: Table) -> Path:
    """The marker program: it records that it ran for the host (and with what) in base/ran.
    What a player's own git runs for the player is their business, not an attack."""
    program = table.base / "program.sh"
    program.write_text("#!/bin/sh\n[ \"$LIFEGAMES_TEST_ROLE\" = player ] || echo \"$0 $*\" "
                       f">> {table.base / 'ran'}\nexit 0\n")
    program.chmod(0o755)
    return program


def _config(repo: Path, text: str) -> None:
    with open(repo / "config", "a", encoding="utf-8") as handle:
        handle.write(text)


def _hooks(folder: Path, program: Path, names: tuple[str, ...]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).write_text(program.read_text())
        (folder / name).chmod(0o755)


ALL_HOOKS = ("pre-receive", "update", "post-receive", "post-update", "reference-transaction",
             "push-to-checkout", "proc-receive", "pre-auto-gc", "post-checkout", "post-merge",
             "pre-commit", "post-commit", "fsmonitor-watchman", "post-rewrite", "sendemail")


# -- the remote repository itself (a player who can reach it as files) ----------------------

def r_hooks(table: Table, remote: Path, program: Path) -> None:
    _hooks(remote / "hooks", program, ALL_HOOKS)


def r_hooks_path(table: Table, remote: Path, program: Path) -> None:
    _hooks(table.base / "their-hooks", program, ALL_HOOKS)
    _config(remote, f"[core]\n\thooksPath = {table.base / 'their-hooks'}\n")


def r_alternate_refs(table: Table, remote: Path, program: Path) -> None:
    other = table.base / "other.git"
    table.git(table.base, "init", "-q", "--bare", str(other))
    (remote / "objects" / "info").mkdir(parents=True, exist_ok=True)
    (remote / "objects" / "info" / "alternates").write_text(f"{other / 'objects'}\n")
    _config(remote, f"[core]\n\talternateRefsCommand = {program}\n")


def r_fsmonitor(table: Table, remote: Path, program: Path) -> None:
    _config(remote, f"[core]\n\tfsmonitor = {program}\n\tuntrackedCache = true\n")


def r_proc_receive(table: Table, remote: Path, program: Path) -> None:
    _hooks(remote / "hooks", program, ("proc-receive",))
    _config(remote, "[receive]\n\tprocReceiveRefs = refs/heads\n")


def r_auto_gc(table: Table, remote: Path, program: Path) -> None:
    _hooks(remote / "hooks", program, ("pre-auto-gc",))
    _config(remote, "[gc]\n\tauto = 1\n\tautoPackLimit = 1\n[receive]\n\tautogc = true\n")


def r_pack_objects_hook(table: Table, remote: Path, program: Path) -> None:
    _config(remote, f"[uploadpack]\n\tpackObjectsHook = {program}\n")


def r_include(table: Table, remote: Path, program: Path) -> None:
    extra = table.base / "included.cfg"
    _hooks(table.base / "their-hooks", program, ALL_HOOKS)
    extra.write_text(f"[core]\n\thooksPath = {table.base / 'their-hooks'}\n"
                     f"\talternateRefsCommand = {program}\n\tfsmonitor = {program}\n")
    _config(remote, f"[include]\n\tpath = {extra}\n[includeIf \"gitdir:/\"]\n\tpath = {extra}\n")


def r_update_instead(table: Table, remote: Path, program: Path) -> None:
    """A work tree behind the remote, updated on every push, with a smudge filter."""
    tree = table.base / "their-tree"
    tree.mkdir()
    (tree / ".gitattributes").write_text("* filter=x\n")
    _config(remote, f"[core]\n\tbare = false\n\tworktree = {tree}\n[receive]\n\t"
                    f"denyCurrentBranch = updateInstead\n[filter \"x\"]\n\tsmudge = {program}\n"
                    f"\tclean = {program}\n\tprocess = {program}\n")


def r_commondir(table: Table, remote: Path, program: Path) -> None:
    common = table.base / "their-common"
    table.git(table.base, "init", "-q", "--bare", str(common))
    _hooks(common / "hooks", program, ALL_HOOKS)
    _config(common, f"[core]\n\talternateRefsCommand = {program}\n\tfsmonitor = {program}\n")
    (remote / "commondir").write_text(f"{common}\n")


def r_worktree_config(table: Table, remote: Path, program: Path) -> None:
    _hooks(table.base / "their-hooks", program, ALL_HOOKS)
    _config(remote, "[core]\n\trepositoryformatversion = 1\n[extensions]\n\t"
                    "worktreeConfig = true\n")
    (remote / "config.worktree").write_text(f"[core]\n\thooksPath = {table.base}/their-hooks"
                                            f"\n\talternateRefsCommand = {program}\n")


def r_programs(table: Table, remote: Path, program: Path) -> None:
    """Every setting that names a program git might start on either side of a transfer."""
    _config(remote, f"[core]\n\tsshCommand = {program}\n\tgitProxy = {program}\n\t"
                    f"pager = {program}\n\teditor = {program}\n\taskPass = {program}\n"
                    f"[credential]\n\thelper = !{program}\n[gpg]\n\tprogram = {program}\n"
                    f"[commit]\n\tgpgSign = true\n[push]\n\tgpgSign = true\n[receive]\n\t"
                    f"certNonceSeed = x\n[diff]\n\texternal = {program}\n[sequence]\n\t"
                    f"editor = {program}\n[protocol]\n\tallow = always\n")


def r_attributes(table: Table, remote: Path, program: Path) -> None:
    (remote / "info").mkdir(exist_ok=True)
    (remote / "info" / "attributes").write_text("* filter=x diff=x merge=x\n")
    _config(remote, f"[filter \"x\"]\n\tclean = {program}\n\tsmudge = {program}\n\t"
                    f"process = {program}\n[diff \"x\"]\n\tcommand = {program}\n\t"
                    f"textconv = {program}\n[merge \"x\"]\n\tdriver = {program}\n")


# Vectors that also stop the remote from working for its own player: a push to it is refused
# (a proc-receive hook required, a checked-out branch) or its refs are elsewhere (commondir).
SELF_HARM = {r_proc_receive, r_update_instead, r_commondir}
IN_REMOTE: list[Callable[[Table, Path, Path], None]] = [
    r_hooks, r_hooks_path, r_alternate_refs, r_fsmonitor, r_proc_receive, r_auto_gc,
    r_pack_objects_hook, r_include, r_update_instead, r_commondir, r_worktree_config,
    r_programs, r_attributes]


# -- pushed content (what any player can do through git alone) -------------------------------

ORDERS = "orders for tick 1\nend\n"


def c_attributes(table: Table, clone: Path, program: Path) -> str:
    (clone / ".gitattributes").write_text("* filter=x diff=x merge=x text eol=crlf ident\n")
    return ""


def c_gitmodules(table: Table, clone: Path, program: Path) -> str:
    (clone / ".gitmodules").write_text(
        f"[submodule \"x\"]\n\tpath = sub\n\turl = ext::sh -c {program}\n\tupdate = !{program}\n"
        f"[submodule \"y\"]\n\tpath = suby\n\turl = -u{program}\n")
    _embedded(table, clone / "sub")
    return ""


def c_githooks(table: Table, clone: Path, program: Path) -> str:
    _hooks(clone / ".githooks", program, ALL_HOOKS)
    (clone / ".lifegames").mkdir()
    (clone / ".lifegames" / "journal.json").write_text(
        '[{"op": "delete", "path": ".lifegames/state.json"}]')
    (clone / "seat.json").write_text('{"format": 1, "game": "x"}')
    return ""


def c_link(table: Table, clone: Path, program: Path) -> str:
    order = clone / "Ana_orders.txt"
    order.unlink()
    os.symlink(table.host_dir / ".lifegames" / "state.json", order)
    return "E-NOT-A-FILE"


def c_huge(table: Table, clone: Path, program: Path) -> str:
    """A 2 GiB order file. The commit that pushing it would leave on the remote is made in
    place (see _huge_on_remote): compressing 2 GiB for a push takes minutes, and the host sees
    exactly the same branch."""
    return "E-FILE-TOO-LARGE"


def _huge_on_remote(table: Table) -> None:
    remote = table.remote("Ana")
    blob = zero_blob(remote, 2 * 1024 ** 3)
    at = ["--git-dir", str(remote)]
    entries = table.git(table.base, *at, "ls-tree", "main").splitlines()
    entries = [line for line in entries if not line.endswith("\tAna_orders.txt")]
    entries.append(f"100644 blob {blob}\tAna_orders.txt")
    done = subprocess.run(["git", *at, "mktree"], input="\n".join(entries) + "\n", text=True,
                          capture_output=True, check=True, env=table.env())
    commit = table.git(table.base, *at, "commit-tree", "-p", "main", "-m", "2 GiB of orders",
                       done.stdout.strip()).strip()
    table.git(table.base, *at, "update-ref", "refs/heads/main", commit)
    table.give()


def c_tree(table: Table, clone: Path, program: Path) -> str:
    order = clone / "Ana_orders.txt"
    order.unlink()
    order.mkdir()
    (order / "orders.txt").write_text(ORDERS)
    return "E-NOT-A-FILE"


def _embedded(table: Table, folder: Path) -> None:
    """A repository of its own inside the clone: `git add` records it as a submodule."""
    folder.mkdir()
    table.git(folder, "init", "-q")
    (folder / "x.txt").write_text("x\n")
    table.git(folder, "add", "x.txt")
    table.git(folder, "commit", "-qm", "inner")


def c_submodule(table: Table, clone: Path, program: Path) -> str:
    (clone / "Ana_orders.txt").unlink()
    _embedded(table, clone / "Ana_orders.txt")
    return "E-NOT-A-FILE"


def c_many_files(table: Table, clone: Path, program: Path) -> str:
    notes = clone / "notes"
    notes.mkdir()
    for number in range(10_000):
        (notes / f"{number:05d}.txt").write_text(f"{number}\n")
    return ""


def c_rewrite(table: Table, clone: Path, program: Path) -> str:
    """History rewritten under the host: an orphan branch force-pushed over main (the player
    lifted the remote's own guard first, as one who can reach it could)."""
    return "E-SEAT-REWRITTEN"


def c_deleted(table: Table, clone: Path, program: Path) -> str:
    """The branch deleted on the remote."""
    return "E-SEAT-REWRITTEN"


def c_names(table: Table, clone: Path, program: Path) -> str:
    """Files named like the host's own, and like options and escapes."""
    (clone / "-rf").write_text("x")
    (clone / "--upload-pack=x").write_text("x")
    (clone / "001_ana_sheet.txt").write_text("forged sheet\n")
    (clone / "archive").mkdir(exist_ok=True)
    (clone / "archive" / "000_ben_sheet.txt").write_text("forged\n")
    return ""


def c_message(table: Table, clone: Path, program: Path) -> str:
    """A commit whose message and author hold terminal escapes and a huge body."""
    return ""


def c_lfs(table: Table, clone: Path, program: Path) -> str:
    """An LFS pointer and attributes naming git-lfs: no filter of the host's may run."""
    (clone / ".gitattributes").write_text("*.txt filter=lfs diff=lfs merge=lfs -text\n")
    (clone / "Ana_orders.txt").write_text(
        "version https://git-lfs.github.com/spec/v1\noid sha256:" + "0" * 64 + "\nsize 9\n")
    return "E-UNKNOWN-COMMAND"


IN_CONTENT: list[Callable[[Table, Path, Path], str]] = [
    c_attributes, c_gitmodules, c_githooks, c_link, c_huge, c_tree, c_submodule,
    c_many_files, c_rewrite, c_deleted, c_names, c_message, c_lfs]


def _new_table(tmp_path: Path, user: int | None) -> Table:
    table = Table(tmp_path / "t", user)
    done = table.setup("simple-kingdoms", ["Ana", "Ben"], 5)
    assert done.returncode == 0, output(done)
    return table


def _drive(table: Table, watch: bool = False) -> dict[str, subprocess.CompletedProcess[str]]:
    """The host commands that fetch, read, commit and push: tick on what the player pushed
    (check then reads it as fetched), a bot's file for every awaited player (a commit pushed
    to each seat), a tick again, status; with `watch`, a round of watch too (its git is
    tick's own), stopped after a few seconds if it has nothing it may play."""
    results = {"tick": table.play("--dir", "host", "tick"),
               "check": table.play("--dir", "host", "check"),
               "bot": table.play("--dir", "host", "bot", "--all", "--force"),
               "again": table.play("--dir", "host", "tick"),
               "status": table.play("--dir", "host", "status")}
    if watch:
        watcher = table.popen("--dir", "host", "watch", "--interval", "0.05", "--max-ticks",
                              "1")
        try:
            said, errors = watcher.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            watcher.terminate()
            said, errors = watcher.communicate(timeout=30)
        results["watch"] = subprocess.CompletedProcess(watcher.args, watcher.returncode, said,
                                                       errors)
    for name, done in results.items():
        assert "Traceback" not in done.stderr + done.stdout, (name, output(done))
    return results


@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize("vector", IN_REMOTE, ids=lambda v: v.__name__[2:])
def test_a01_nothing_in_a_remote_the_player_can_write_runs_on_the_host(tmp_path, vector,
                                                                         user):
    """The seat's remote is a path here that the player can also reach as files: whatever
    they put in that repository (hooks, settings, includes, a commondir, a worktree config,
    attributes) runs nothing when the host fetches from it and pushes to it."""
    table = _new_table(tmp_path, user)
    program = _arm(table)
    clone = table.clone("Ana")
    table.push_orders("Ana", ORDERS)
    vector(table, table.remote("Ana"), program)
    results = _drive(table, watch=vector is r_include)
    assert not (table.base / "ran").exists(), (table.base / "ran").read_text()
    said = {name: done.stdout + done.stderr for name, done in results.items()}
    if vector in SELF_HARM:  # the remote no longer serves its player: the host says so
        assert "not pushed" in said["tick"] + said["bot"] or \
            "E-SEAT-REWRITTEN" in said["tick"], said
        return
    assert results["tick"].returncode == 0, output(results["tick"])
    table.git(clone, "pull", "-q")
    assert (clone / "archive" / "000_ana_sheet.txt").exists()  # the host's commits arrive


@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize("vector", IN_CONTENT, ids=lambda v: v.__name__[2:])
def test_a02_nothing_a_player_pushes_runs_on_the_host_and_only_their_order_file_is_read(
        tmp_path, vector, user):
    """Whatever a player pushes (attributes and filters, submodules with commands, hooks,
    links, a 2 GiB file, a folder or a submodule where the order file belongs, 10,000 files,
    a rewritten or deleted branch, forged host files): nothing runs, nothing is checked out,
    and the order file is read only if it is a plain file of bounded size; otherwise the
    host says why, located, and treats the file as not yet complete."""
    table = _new_table(tmp_path, user)
    program = _arm(table)
    clone = table.clone("Ana")
    (clone / "Ana_orders.txt").write_text(ORDERS)
    expected = vector(table, clone, program)
    table.git(clone, "add", "-A")
    message = "\x1b]2;owned\x07\x1b[2J" + "x" * 100_000 if vector is c_message else "mine"
    table.git(clone, "-c", "user.name=\x1b[31mred", "commit", "-q", "--allow-empty", "-m",
              message)
    if vector in (c_rewrite, c_deleted):
        table.git(table.remote("Ana"), "config", "receive.denyNonFastForwards", "false")
        table.git(table.remote("Ana"), "config", "receive.denyDeleteCurrent", "ignore")
        table.git(table.remote("Ana"), "config", "receive.denyDeletes", "false")
        if vector is c_rewrite:
            table.git(clone, "checkout", "-q", "--orphan", "other")
            table.git(clone, "commit", "-q", "-m", "rewritten")
            table.git(clone, "push", "-q", "--force", "origin", "other:main")
        else:
            table.git(clone, "push", "-q", "origin", ":main")
    else:
        table.git(clone, "push", "-q")
    if vector is c_huge:
        _huge_on_remote(table)
    results = _drive(table, watch=vector is c_link)
    assert not (table.base / "ran").exists(), (table.base / "ran").read_text()
    for done in results.values():
        assert "\x1b" not in done.stdout + done.stderr
    if expected:
        shown = results["check"].stdout + results["tick"].stderr
        assert expected in shown, output(results["check"])
        assert results["tick"].returncode == 1, output(results["tick"])
    else:
        assert results["tick"].returncode == 0, output(results["tick"])
    if vector is c_rewrite:
        # The host never force-pushes: the player's rewrite stays as they pushed it.
        assert "was rewritten" in results["status"].stdout
        assert "was rewritten" in results["check"].stdout
        assert "lifegames Tick" not in "\n".join(table.log("Ana"))
    if vector is c_deleted:
        # A deleted branch is said, and made again by the push of the same round (making a
        # branch rewrites nothing): the game plays on from there.
        assert "has no main branch" in results["check"].stdout
        assert "seat Ana: pushed" in results["tick"].stdout + results["tick"].stderr
        assert "seat Ana: pushed" in results["bot"].stdout
        assert results["again"].returncode == 0, output(results["again"])
        assert "has no main branch" not in results["status"].stdout
    if vector is c_huge:  # refused unread: the host did not even fetch it
        fetched = table.host_dir / ".lifegames" / "git" / "Ana.git"
        assert sum(f.stat().st_size for f in fetched.rglob("*") if f.is_file()) < 1 << 20
    if vector is c_many_files:
        table.git(clone, "pull", "-q")
        assert (clone / "notes" / "09999.txt").exists()  # carried along, never read
        assert (clone / "archive" / "000_ana_sheet.txt").exists()
    if vector is c_names:
        table.git(clone, "pull", "-q")
        assert "forged" not in (clone / "archive" / "001_ana_sheet.txt").read_text()
        assert (clone / "-rf").exists()


@pytest.mark.parametrize("user", USERS)
def test_a03_synced_seats_are_never_a_place_where_git_runs(tmp_path, user):
    """Seats in synced folders (--seats DIR) with --commit: git runs in the referee's folder
    only. A seat that is a git repository its player armed every way (hooks, an fsmonitor, a
    signing program through a commondir, a worktree config, a filter with attributes, an
    included config) runs nothing: setup, tick, watch and bot write the seat's files, commit
    the referee's folder, and say how to play over git instead."""
    table = Table(tmp_path / "t", user)
    done = table.play("setup", "--game", "lifestyle", "--players", "Ana,Ben", "--seed", "5",
                      "--dir", "host", "--seats", "seats", "--commit")
    assert done.returncode == 0, output(done)
    seat = table.base / "seats" / "Ana"
    assert not (seat / ".git").exists()
    program = _arm(table)
    table.git(seat, "init", "-q")
    evil = table.base / "evil-common"
    table.git(table.base, "init", "-q", "--bare", str(evil))
    _config(evil, f"[commit]\n\tgpgsign = true\n[gpg]\n\tprogram = {program}\n")
    (seat / ".git" / "commondir").write_text(f"{evil}\n")
    extra = table.base / "extra.cfg"
    extra.write_text(f"[core]\n\tpager = {program}\n\teditor = {program}\n")
    _config(seat / ".git", f"[core]\n\tfsmonitor = {program}\n[extensions]\n\t"
                           f"worktreeConfig = true\n[filter \"x\"]\n\tclean = {program}\n"
                           f"[include]\n\tpath = {extra}\n")
    (seat / ".git" / "config.worktree").write_text(f"[core]\n\tsshCommand = {program}\n")
    (seat / ".gitattributes").write_text("* filter=x\n")
    _hooks(seat / ".git" / "hooks", program, ALL_HOOKS)
    (seat / "Ana_orders.txt").write_text("orders for tick 1\ntake_card(1, 1)\nend\n")
    table.give()
    ticked = table.play("--dir", "host", "tick", "--commit")
    assert ticked.returncode == 0, output(ticked)
    watched = table.play("--dir", "host", "watch", "--commit", "--max-ticks", "1",
                         "--interval", "0.05", "--deadline", "1s", timeout=60)
    assert watched.returncode == 0, output(watched)
    botted = table.play("--dir", "host", "bot", "--all", "--force")
    assert botted.returncode == 0, output(botted)
    assert not (table.base / "ran").exists(), (table.base / "ran").read_text()
    assert (seat / "archive" / "001_ana_sheet.txt").exists()
    assert "Tick 2" in table.git(table.host_dir, "log", "-1", "--format=%s")
    assert "setup --remotes" in ticked.stderr  # the way forward from the old layout
