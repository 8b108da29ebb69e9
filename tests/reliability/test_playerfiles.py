"""One guarded reader and one guarded writer for player files, used by every
command. A player's folder may hold links (to a host secret, to /dev/zero), FIFOs, huge sparse
files and folders where files belong; no command may follow, hang on, exhaust memory on, or
copy any of them, and every write is whole, under the lock and never through a link.

The reader and writer are tested on their own (with descriptor-relative calls, and with the
path-based fallback used where the platform has none), then through the commands that used to
bypass them: `bot`, `rollback`, `diff` and `verify`."""

from __future__ import annotations

import ast
import errno
import os
import shutil
from pathlib import Path

import pytest

from lifegames.engine.files import playerfiles
from lifegames.engine.files.playerfiles import Folder, Refused

from .helpers import REPO, Servers, new_game, output, refuse_opening, tree

SEED = 3_301_773_992_245_118_007
IRON = "Ironhold"
ORDERS = f"{IRON}/{IRON}_orders.txt"
SECRET = "host secret 8c1f0a: never print me"


@pytest.fixture(params=[True, False], ids=["dir-fd", "paths"])
def mode(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Run a test with descriptor-relative calls and with the path-based fallback."""
    monkeypatch.setattr(playerfiles, "DIR_FDS", request.param and playerfiles.DIR_FDS)
    return bool(request.param)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    base = tmp_path / "root"
    (base / "P").mkdir(parents=True)
    (tmp_path / "secret.txt").write_text(SECRET, encoding="utf-8")
    return base


# -- the reader -------------------------------------------------------------------------------


def test_reader_reads_a_plain_file_and_reports_missing_ones(root: Path, mode: bool) -> None:
    """Property: a regular file reads back whole with its size; a missing file, or one in a
    missing folder, is None (not an error)."""
    (root / "P" / "a.txt").write_bytes(b"hello\n")
    found = playerfiles.read(root, "P/a.txt", 100)
    assert found is not None and found.data == b"hello\n" and found.size == 6 and found.complete
    assert playerfiles.read(root, "P/none.txt", 100) is None
    assert playerfiles.read(root, "Q/none.txt", 100) is None


@pytest.mark.parametrize("maker, kind", [
    (lambda p, t: p.symlink_to(t / "secret.txt"), "link"),
    (lambda p, t: p.symlink_to("/dev/zero"), "link"),
    (lambda p, t: p.symlink_to(t / "nowhere"), "link"),
    (lambda p, t: p.mkdir(), "folder"),
    (lambda p, t: os.mkfifo(p), "fifo"),
], ids=["link-to-secret", "link-to-dev-zero", "dangling-link", "folder", "fifo"])
def test_reader_refuses_what_is_not_a_plain_file_with_the_true_reason(
        root: Path, tmp_path: Path, mode: bool, maker: object, kind: str) -> None:
    """Property: a link (to a secret, to /dev/zero, to nothing), a folder or a FIFO is
    refused at once (a FIFO does not block, /dev/zero is not read), naming what it is."""
    target = root / "P" / "orders.txt"
    maker(target, tmp_path)  # type: ignore[operator]
    with pytest.raises(Refused) as caught:
        playerfiles.read(root, "P/orders.txt", 1000)
    assert caught.value.kind == kind
    assert caught.value.path == "P/orders.txt"
    assert SECRET not in str(caught.value)


def test_reader_refuses_a_device(root: Path, mode: bool) -> None:
    """Property: a device node in a player's folder is refused without being read."""
    try:
        os.mknod(root / "P" / "dev", 0o600 | 0o020000, os.makedev(1, 5))  # /dev/zero's node
    except (OSError, AttributeError):
        pytest.skip("cannot make a device node here")
    with pytest.raises(Refused) as caught:
        playerfiles.read(root, "P/dev", 1000)
    assert caught.value.kind == "device"


def test_reader_refuses_a_socket(root: Path, mode: bool) -> None:
    import socket

    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(root / "P" / "sock"))
    except OSError:
        pytest.skip("no unix sockets here")
    try:
        with pytest.raises(Refused) as caught:
            playerfiles.read(root, "P/sock", 1000)
        assert caught.value.kind == "socket"
    finally:
        server.close()


def test_reader_reads_a_huge_sparse_file_only_up_to_its_bound(root: Path, mode: bool) -> None:
    """Property: a 300 MB sparse file gives limit + 1 bytes and its true size, quickly."""
    with open(root / "P" / "big.txt", "wb") as handle:
        handle.truncate(300 * 1024 * 1024)
    found = playerfiles.read(root, "P/big.txt", 64 * 1024)
    assert found is not None
    assert len(found.data) == 64 * 1024 + 1 and found.size == 300 * 1024 * 1024
    assert not found.complete


def test_reader_refuses_a_folder_on_the_way_that_is_a_link(root: Path, tmp_path: Path,
                                                          mode: bool) -> None:
    """Property: a player folder replaced by a link to somewhere else is refused, even when
    the file inside it is a plain file (the walk never leaves the root)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "orders.txt").write_text(SECRET, encoding="utf-8")
    (root / "L").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(Refused) as caught:
        playerfiles.read(root, "L/orders.txt", 1000)
    assert caught.value.kind == "link" and caught.value.path == "L"


def test_reader_says_permission_denied_for_an_unreadable_file(
        root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: a file the user may not read is refused as 'cannot be read: permission
    denied' (E-UNREADABLE), not as a link or a device. (As root, chmod 000 does not stop a
    read, so the refusal of the open is simulated; the real chmod runs when not root.)"""
    path = root / "P" / "orders.txt"
    path.write_text("end\n", encoding="utf-8")
    path.chmod(0)
    if os.geteuid() == 0:
        refuse_opening(monkeypatch, "orders.txt")
    with pytest.raises(Refused) as caught:
        playerfiles.read(root, "P/orders.txt", 100)
    assert caught.value.kind == "unreadable" and caught.value.code == "E-UNREADABLE"
    assert "permission denied" in caught.value.reason


# -- the writer -------------------------------------------------------------------------------


def test_writer_replaces_a_file_whole_and_leaves_no_temporary_file(root: Path,
                                                                   mode: bool) -> None:
    """Property: the writer replaces a file's content, creates missing folders, and leaves
    nothing else behind."""
    (root / "P" / "a.txt").write_bytes(b"old")
    playerfiles.write(root, "P/a.txt", b"new\n")
    playerfiles.write(root, "P/sub/b.txt", b"made\n")
    assert (root / "P" / "a.txt").read_bytes() == b"new\n"
    assert (root / "P" / "sub" / "b.txt").read_bytes() == b"made\n"
    assert sorted(p.name for p in (root / "P").iterdir()) == ["a.txt", "sub"]


def test_writer_replaces_a_link_and_never_writes_through_it(root: Path, tmp_path: Path,
                                                            mode: bool) -> None:
    """Property: writing over a name that is a link replaces the link by a plain file; the
    file the link pointed at is not touched."""
    (root / "P" / "orders.txt").symlink_to(tmp_path / "secret.txt")
    playerfiles.write(root, "P/orders.txt", b"end\n")
    assert (tmp_path / "secret.txt").read_text(encoding="utf-8") == SECRET
    assert not (root / "P" / "orders.txt").is_symlink()
    assert (root / "P" / "orders.txt").read_bytes() == b"end\n"


def test_writer_refuses_a_folder_at_the_name_or_a_link_on_the_way(root: Path, tmp_path: Path,
                                                                  mode: bool) -> None:
    """Property: a folder where the file goes, or a link among the folders on the way, is
    refused and nothing is written anywhere."""
    (root / "P" / "x.txt").mkdir()
    with pytest.raises(Refused) as caught:
        playerfiles.write(root, "P/x.txt", b"data")
    assert caught.value.kind == "folder"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (root / "L").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(Refused):
        playerfiles.write(root, "L/x.txt", b"data")
    assert list(elsewhere.iterdir()) == []
    (root / "F").write_text("a file", encoding="utf-8")
    with pytest.raises(Refused) as caught:
        playerfiles.write(root, "F/x.txt", b"data")
    assert caught.value.kind == "not-a-folder"


def test_writer_works_into_a_folder_on_another_file_system(
        root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: a move that the kernel refuses across file systems (EXDEV) is done as a
    whole-file write in the target folder and a removal: the result is the same."""
    real = os.replace

    def cross(src: object, dst: object, **where: int) -> None:
        if "src_dir_fd" in where and where["src_dir_fd"] != where.get("dst_dir_fd") and \
                os.fstat(where["src_dir_fd"]).st_ino != os.fstat(where["dst_dir_fd"]).st_ino:
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        real(src, dst, **where)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", cross)
    (root / "A").mkdir()
    (root / "A" / "f.txt").write_bytes(b"moving\n")
    with Folder.open(root) as top:
        a, p = top.child(["A"]), top.child(["P"])
        assert a is not None and p is not None
        with a, p:
            a.rename("f.txt", p, "g.txt")
    assert not (root / "A" / "f.txt").exists()
    assert (root / "P" / "g.txt").read_bytes() == b"moving\n"


# -- every command uses them ------------------------------------------------------------------


@pytest.fixture
def game(tmp_path: Path) -> Path:
    root = tmp_path / "game"
    new_game(root, "simple-kingdoms", SEED)
    (tmp_path / "secret.txt").write_text(SECRET, encoding="utf-8")
    return root


def test_bot_never_writes_through_a_linked_order_file(game: Path, servers: Servers) -> None:
    """Property: `bot PLAYER` with the order file linked to a file outside the game replaces
    the link by the bot's orders; the outside file keeps its bytes."""
    outside = game.parent / "secret.txt"
    (game / ORDERS).unlink()
    (game / ORDERS).symlink_to(outside)
    result = servers.run(game, "bot", IRON)
    assert result.returncode == 0, output(result)
    assert outside.read_text(encoding="utf-8") == SECRET
    assert not (game / ORDERS).is_symlink()
    assert (game / ORDERS).read_text(encoding="utf-8").strip()


def test_bot_never_writes_through_a_linked_player_folder(game: Path, servers: Servers) -> None:
    """Property: with the player folder replaced by a link to a folder outside the game,
    `bot` refuses (exit 4, naming the link) and writes nothing there."""
    outside = game.parent / "outside"
    shutil.move(str(game / IRON), outside)
    (game / IRON).symlink_to(outside, target_is_directory=True)
    before = tree(outside)
    result = servers.run(game, "bot", IRON)
    assert result.returncode == 4, output(result)
    assert "link" in result.stderr and "Traceback" not in result.stderr
    assert tree(outside) == before


def test_bot_writes_the_order_file_while_it_holds_the_lock(game: Path, tmp_path: Path) -> None:
    """Property: `bot` holds the folder's lock from reading the game to writing the order
    file, like tick: paused at the step that writes the file, the lock names bot's process.
    (It used to read under the lock and write after releasing it, racing a tick.)"""
    import subprocess
    import time

    from .helpers import crash_command, env

    log = tmp_path / "steps"
    probe = tmp_path / "probe"
    shutil.copytree(game, probe)
    assert subprocess.run(crash_command(probe, 0, "bot", IRON, options=["--log", str(log)]),
                          cwd=REPO, env=env(), capture_output=True).returncode == 0
    steps = log.read_text().splitlines()
    write = next(int(line.split("\t")[0]) for line in steps if f"/{IRON}/" in line)
    ready = tmp_path / "ready"
    bot = subprocess.Popen(crash_command(game, 0, "bot", IRON, options=[
        "--notify", f"{write}:{ready}", "--pause", f"{write}:1.5"]), cwd=REPO, env=env(),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not ready.exists():
            assert bot.poll() is None and time.monotonic() < deadline, bot.communicate()
            time.sleep(0.01)
        lock = game / ".lifegames" / "lock"
        assert lock.exists(), "bot wrote the order file without holding the lock"
        assert lock.read_text().split()[0] == str(bot.pid)
    finally:
        out, err = bot.communicate(timeout=60)
    assert bot.returncode == 0, out + err


def _play_one(game: Path, servers: Servers) -> None:
    for player in (IRON, "Thornvale"):
        assert servers.run(game, "bot", player).returncode == 0
    assert servers.run(game, "tick").returncode == 0


@pytest.mark.parametrize("draft", ["link-to-secret", "fifo", "dev-zero", "sparse-300MB"])
def test_rollback_keeps_no_copy_of_a_hostile_draft(game: Path, servers: Servers,
                                                   draft: str) -> None:
    """Property: `rollback` records each player's draft order file, through the guarded
    reader: a link to a host secret is not followed (the secret is not copied into
    .lifegames/rollbacks.txt), a FIFO does not hang it, a link to /dev/zero does not exhaust
    memory, and a 300 MB sparse draft is not copied; each is noted as not kept, with why."""
    _play_one(game, servers)
    path = game / ORDERS
    path.unlink()
    if draft == "link-to-secret":
        path.symlink_to(game.parent / "secret.txt")
    elif draft == "fifo":
        os.mkfifo(path)
    elif draft == "dev-zero":
        path.symlink_to("/dev/zero")
    else:
        with open(path, "wb") as handle:
            handle.truncate(300 * 1024 * 1024)
    result = servers.run(game, "rollback", "0")
    assert result.returncode == 0, output(result)
    record = (game / ".lifegames" / "rollbacks.txt").read_bytes()
    assert SECRET.encode() not in record
    assert len(record) < 64 * 1024
    assert f"## {IRON} order file at the time of the rollback: not kept".encode() in record


def test_diff_and_verify_never_print_through_a_linked_sheet(game: Path,
                                                            servers: Servers) -> None:
    """Property: an archived sheet replaced by a link to a host secret is reported by verify
    (exit 6, naming the sheet as a link) and diff, but neither prints the secret."""
    _play_one(game, servers)
    archived = game / IRON / "archive" / "000_ironhold_sheet.txt"
    archived.unlink()
    archived.symlink_to(game.parent / "secret.txt")
    verify = servers.run(game, "verify")
    assert verify.returncode == 6, output(verify)
    assert "000_ironhold_sheet.txt" in verify.stdout and "link" in verify.stdout
    diff = servers.run(game, "diff", IRON, "0", "1")
    assert diff.returncode == 0, output(diff)
    for result in (verify, diff):
        assert SECRET not in result.stdout + result.stderr


# -- and nothing else touches player files ----------------------------------------------------

# Modules that work on a game folder: none of them may open, read, write or list a path of it
# but through lifegames.engine.files.playerfiles (folder.py may write its own hidden folder, after
# checking that .lifegames is not a link; host.py may list the folder being set up).
_COMMAND_MODULES = ["lifegames/engine/host/host.py", "lifegames/engine/host/tools.py",
                    "lifegames/cli.py", "lifegames/cli_tools.py", "lifegames/cli_common.py"]
_FORBIDDEN = {"read_bytes", "read_text", "write_bytes", "write_text", "open", "iterdir",
              "is_file", "unlink", "rmdir", "mkdir", "replace", "rename", "rglob", "glob"}


@pytest.mark.parametrize("module", _COMMAND_MODULES)
def test_commands_reach_player_files_only_through_the_guarded_reader_and_writer(
        module: str) -> None:
    """Property: the command modules never call a file primitive (open, read_text,
    write_text, unlink, iterdir...) themselves: a new command cannot bypass the guarded
    reader and writer the way `bot` and `rollback` once did."""
    source = (REPO / module).read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else (
                func.id if isinstance(func, ast.Name) else "")
            owner = func.value.id if isinstance(func, ast.Attribute) and isinstance(
                func.value, ast.Name) else ""
            if name in _FORBIDDEN and owner not in ("os", "re", "click", "str", "json",
                                                    "text", "sys"):
                found.append(f"{module}:{node.lineno}: {name}(")
            devnull = bool(node.args) and ast.unparse(node.args[0]) == "os.devnull"
            if owner == "os" and name in ("open", "unlink", "replace", "rename", "remove") \
                    and not devnull:
                found.append(f"{module}:{node.lineno}: os.{name}(")
    assert not found, "\n".join(found)
