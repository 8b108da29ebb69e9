"""Seats over git, kept in repositories the host owns.

With `setup --remotes TEMPLATE` each player's seat is a git remote shared with that player
alone. Git reads far more of a repository than its .git/config (commondir, config.worktree,
included files, attributes, alternates, hooks, `gitdir:` files), so no list of checks on a
repository a player can write would hold: lifegames never runs git in one. For each seat the
host keeps a bare repository of its own in the referee's private folder,
`.lifegames/git/<Player>.git`, whose config lifegames writes itself, and the seat's files in
`.lifegames/seats/<Player>/` (written by the tick's journaled commit, like any seat).

- Player content arrives in exactly one way: `git fetch` from the seat's remote into the
  host's repository. Nothing fetched is ever checked out. The host reads one blob, the order
  file, from the fetched commit, after checking in its tree that it is a regular file of
  bounded size (a link, a submodule or a folder in its place is refused, and named).
- The host's files reach the seat as commits built by `git fast-import` (no index, no work
  tree, no attributes) on top of the player's latest commit, and are pushed, never forced. A
  push that races a player's push is rebuilt on the new commit and pushed again: the host's
  files and the player's order file never overlap, so nothing needs merging by hand, and every
  player commit stays an ancestor of the branch.
- A branch rewritten under the host (the host's last commit no longer in it) is refused: the
  host reads nothing from it until the player puts that commit back.
- Every git process runs with `environment()`: no system or global config, hooks off,
  fsmonitor off, no pager, editor or prompt, a protocol allowlist and a fixed identity. Where
  the remote is a path on this machine, the git that runs inside it (upload-pack,
  receive-pack) is started with the same settings on its command line.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import signal
import stat
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..base.codes import E
from ..base.errors import LifegamesError
from ..base.escape import file_name
from ..core.orders import MAX_FILE_BYTES as ORDER_LIMIT  # an order blob is never read past it
from ..files import playerfiles
from ..folder.shapes import SEAT_SNAPSHOT, SNAPSHOT, host_file

MAIN = "refs/heads/main"
FETCHED = "refs/lifegames/remote"  # the seat's branch as last fetched (never checked out)
BUILD = "refs/lifegames/build"  # where fast-import makes each new commit
IDENTITY = ("lifegames", "lifegames@localhost")
PROTOCOLS = ("file", "git", "ssh", "http", "https")
TREE_LIMIT = 8 * 1024 * 1024  # a top folder larger than this is not a seat's
FILE_LIMIT = 32 * 1024 * 1024  # a file of the host's own in a seat (far above any it writes)
CHAIN_LIMIT = 10_000  # the host's own commits a seat's remote may lack (one a tick)
PUSH_TRIES = 5
TIMEOUT = 120.0  # seconds one git command may take (a remote that hangs is unreachable)
# sharedRepository = 0600 (in both configs): git makes every file it writes in the
# repository (objects fetched or pushed, packs, refs) readable and writable by the owner
# alone, and its folders 0700, whatever the umask of the git that writes them.
REPO_CONFIG = ("[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n"
               "\tsharedRepository = 0600\n")
# The host's own repository of a seat: a partial clone, so that no file larger than an order
# file crosses from a seat (the remote's server permitting). The seat's URL is given
# to each fetch on its command line, never written here: an object that was not fetched
# cannot then be fetched behind the host's back.
PROMISOR = "seat"
HOST_CONFIG = ("[core]\n\trepositoryformatversion = 1\n\tfilemode = true\n\tbare = true\n"
               "\tsharedRepository = 0600\n"
               f"[extensions]\n\tpartialClone = {PROMISOR}\n[remote \"{PROMISOR}\"]\n"
               "\tpromisor = true\n")

# Settings given on every git command line (they beat anything in a repository's config).
SETTINGS: tuple[tuple[str, str], ...] = (
    ("core.hooksPath", os.devnull),
    ("core.fsmonitor", "false"),
    ("core.untrackedCache", "false"),
    ("core.alternateRefsCommand", "true"),
    ("core.askPass", ""),
    ("credential.helper", ""),
    ("commit.gpgSign", "false"),
    ("tag.gpgSign", "false"),
    ("push.gpgSign", "false"),
    ("gc.auto", "0"),
    ("maintenance.auto", "false"),
    ("fetch.recurseSubmodules", "false"),
    ("submodule.recurse", "false"),
    ("fetch.writeCommitGraph", "false"),
    ("core.quotePath", "false"),
    ("protocol.allow", "never"),
    *((f"protocol.{name}.allow", "always") for name in PROTOCOLS),
)
# What git runs inside a remote that is a path on this machine (upload-pack, receive-pack):
# no hooks, no alternate-refs command, none of the receiving side's automatic work (gc, a
# work tree to update, a proc-receive hook).
_REMOTE_SETTINGS = (("core.hooksPath", os.devnull), ("core.fsmonitor", "false"),
                    ("uploadpack.allowFilter", "true"),
                    ("core.alternateRefsCommand", "true"), ("gc.auto", "0"),
                    ("receive.autogc", "false"), ("receive.procReceiveRefs", ""),
                    ("receive.denyCurrentBranch", "refuse"),
                    ("receive.updateServerInfo", "false"))
_KEEP = {"GIT_SSH", "GIT_SSH_COMMAND", "GIT_SSH_VARIANT", "GIT_EXEC_PATH"}


class GitError(LifegamesError):
    """Git could not do what the host asked (not installed, a remote that cannot be
    reached, an answer lifegames cannot read)."""


class SeatProblem(LifegamesError):
    """Why a player's order file cannot be read from their seat's remote now: a stable
    problem code, the reason and a way forward (shown located, like any order-file problem)."""

    def __init__(self, code: str, reason: str, hint: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.hint = hint


@dataclass(frozen=True)
class Blob:
    """An order file read from a commit: at most ORDER_LIMIT bytes, and its true size."""

    data: bytes
    size: int

    @property
    def complete(self) -> bool:
        return len(self.data) >= self.size


def environment(git_dir: Path | None = None) -> dict[str, str]:
    """The environment of every git process lifegames runs (see the module docstring)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") or k in _KEEP}
    env.update({
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "", "SSH_ASKPASS_REQUIRE": "never",
        "GIT_PAGER": "cat", "PAGER": "cat", "GIT_EDITOR": "false", "EDITOR": "false",
        "VISUAL": "false", "GIT_ALLOW_PROTOCOL": ":".join(PROTOCOLS),
        "GIT_NO_REPLACE_OBJECTS": "1", "GIT_ATTR_NOSYSTEM": "1", "GIT_LITERAL_PATHSPECS": "1",
        "GIT_AUTHOR_NAME": IDENTITY[0], "GIT_AUTHOR_EMAIL": IDENTITY[1],
        "GIT_COMMITTER_NAME": IDENTITY[0], "GIT_COMMITTER_EMAIL": IDENTITY[1],
        "GIT_CONFIG_COUNT": str(len(SETTINGS)), "LC_ALL": "C", "GIT_NO_LAZY_FETCH": "1",
    })
    if "GIT_SSH_COMMAND" not in env and "GIT_SSH" not in env:
        env["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes"
    for number, (key, value) in enumerate(SETTINGS):
        env[f"GIT_CONFIG_KEY_{number}"] = key
        env[f"GIT_CONFIG_VALUE_{number}"] = value
    if git_dir is not None:
        env["GIT_DIR"] = str(git_dir)
    return env


def run(args: list[str], git_dir: Path | None, data: bytes | None = None,
        check: bool = True) -> subprocess.CompletedProcess[bytes]:
    """One git command, never inside a folder a player can write: with GIT_DIR set to the
    host's own repository (or none at all), run from that folder. It runs in a process group
    of its own, so that a command that outlives TIMEOUT (a remote that hangs, a FIFO where git
    reads) is stopped with every process it started (upload-pack, ssh), never left behind."""
    git_dir = git_dir.absolute() if git_dir is not None else None
    cwd = git_dir if git_dir is not None and git_dir.is_dir() else None
    try:
        proc = subprocess.Popen(["git", *args], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env=environment(git_dir), cwd=cwd, start_new_session=True)
    except FileNotFoundError:
        raise GitError("git is not installed (seats over git need it on the host)") from None
    try:
        out, err = proc.communicate(data, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise GitError(f"{command_name(args)} took longer than {TIMEOUT:.0f} s") from None
    finally:
        if proc.returncode is None:  # timed out, or interrupted: stop the whole group
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    done = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    if check and done.returncode != 0:
        raise GitError(f"{command_name(args)} failed: {first_line(done.stderr)}")
    return done


def command_name(args: list[str]) -> str:
    """The git command a command line runs, as messages name it (`git fetch`), past the
    settings given before it (`-c key=value`)."""
    at = 0
    while at < len(args) and args[at].startswith("-"):
        at += 2 if args[at] in ("-c", "-C") else 1
    return f"git {args[at]}" if at < len(args) else "git"


def first_line(raw: bytes) -> str:
    lines = [line.strip() for line in raw.decode("utf-8", "replace").splitlines()]
    useful = [line for line in lines if line and not line.startswith("hint:")]
    return (useful or ["no message"])[0].removeprefix("fatal: ").removeprefix("error: ")


# -- remotes --------------------------------------------------------------------------------

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_SCP = re.compile(r"^[^/:]+:")  # user@host:path, as git reads it


def is_local(url: str) -> bool:
    """A remote that is a path on this machine (git's rules: a scheme, or a colon before
    any slash, make it remote)."""
    if url.startswith("file://"):
        return True
    return not _SCHEME.match(url) and not _SCP.match(url)


def remote_urls(template: str, players: list[str], here: Path) -> dict[str, str]:
    """Each player's remote from the `--remotes` template; ValueError saying what is wrong.
    Player names are checked before (letters, digits, _ and -), so they are safe in a URL."""
    if template.count("{player}") != 1 or re.search(r"[{}]", template.replace("{player}", "")):
        raise ValueError("--remotes must hold {player} exactly once, and no other braces "
                         "(for example ../remotes/{player}.git)")
    if template.startswith("-") or any(c in template for c in "\x00\n\r\t"):
        raise ValueError("--remotes must not start with '-' or hold control characters")
    if _SCHEME.match(template) and template.split("://")[0].lower() not in PROTOCOLS:
        raise ValueError(f"--remotes may use only {', '.join(PROTOCOLS)} addresses")
    urls = {}
    for player in players:
        url = template.replace("{player}", player)
        if is_local(url):
            path = url.removeprefix("file://")
            url = os.path.normpath(path if os.path.isabs(path) else here / path)
        urls[player] = url
    if len(set(urls.values())) != len(urls):
        raise ValueError("--remotes gives two players the same remote")
    return urls


def _transport(url: str, side: str) -> list[str]:
    """For a remote on this machine, the git that runs inside it (`side`: upload-pack for a
    fetch, receive-pack for a push) gets lifegames' settings on its command line: a player
    may be able to write that repository's files."""
    if not is_local(url):
        return []
    settings = " ".join(f"-c {key}={value}" for key, value in _REMOTE_SETTINGS)
    return [f"--{side}=git {settings} {side}"]


RACY = 2.0  # seconds: a folder changed this recently may change again unseen within its stamp


@dataclass
class Listing:
    """What special_file saw of one folder: its stamp, and the entries it must look at again
    each time (links, whose targets may change unseen, and the folders below)."""

    stamp: tuple[int, int, int]  # (inode, mtime, ctime) in ns: a new or removed entry moves it
    links: list[str]
    folders: list[str]


def special_file(repository: Path, limit: int = 100_000,
                 known: dict[str, Listing] | None = None) -> str:
    """The first thing in a repository on this machine that is neither a file nor a folder,
    nor a link to one (a FIFO, a socket, a device), as a path relative to it; '' if none, or
    if it holds more than `limit` entries (git's own time limit still applies then).

    Entries are told apart by the kind the folder's listing gives (no stat of each object).
    With `known` (kept between calls, as watch keeps it), a folder whose stamp has not moved
    since it was listed is not listed again: an entry added, removed or replaced changes its
    folder's mtime, and its ctime, which no one can set back. A folder changed in the last
    RACY seconds is listed again next time (its stamp could still move unseen)."""
    seen = 0
    now = time.time()
    folders = [str(repository)]
    while folders:
        folder = folders.pop()
        try:
            info = os.stat(folder)
        except OSError:
            continue
        stamp = (info.st_ino, info.st_mtime_ns, info.st_ctime_ns)
        listing = known.get(folder) if known is not None else None
        if listing is None or listing.stamp != stamp:
            listing = Listing(stamp, [], [])
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for entry in entries:
                seen += 1
                if seen > limit:
                    return ""
                try:
                    if entry.is_symlink():
                        listing.links.append(entry.name)
                    elif entry.is_dir(follow_symlinks=False):
                        listing.folders.append(entry.name)
                    elif not entry.is_file(follow_symlinks=False):
                        return file_name(os.path.relpath(entry.path, repository))
                except OSError:
                    continue  # gone meanwhile
            if known is not None and max(info.st_mtime, info.st_ctime) < now - RACY:
                known[folder] = listing
        for name in listing.links:
            path = os.path.join(folder, name)
            try:
                mode = os.stat(path).st_mode
            except OSError:
                continue  # a dangling link: git finds nothing there either
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                return file_name(os.path.relpath(path, repository))
        folders.extend(os.path.join(folder, name) for name in listing.folders)
    return ""


def make_local_remote(url: str) -> None:
    """A new bare repository for a remote that is a path here (setup makes them). Refuses a
    path that exists and is not an empty folder. The repository is the host's account's alone
    (folders 0700, files 0600, and so is what a player's push adds): each player reaches it
    over ssh as that account, and no one else on the machine may read another's seat."""
    path = Path(url)
    if path.is_symlink() or (path.exists() and (not path.is_dir() or any(path.iterdir()))):
        raise GitError(f"{path} already exists; give each player a new remote")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.mkdir(mode=0o700, exist_ok=True)
    run(["init", "--quiet", "--bare", "--template=", "--initial-branch=main", "--shared=0600",
         str(path)], None)
    # The remote refuses a rewritten or deleted branch by itself too (the host checks anyway).
    playerfiles.write(path, "config", (REPO_CONFIG + "[receive]\n\tdenyNonFastForwards = "
                                       "true\n\tdenyDeletes = true\n").encode("utf-8"))
    playerfiles.make_private_tree(path)


# -- reading objects ------------------------------------------------------------------------


class Objects:
    """Objects of the host's repository, read through one `git cat-file --batch-command`
    process: sizes are asked before contents, so nothing is read past a bound."""

    def __init__(self, git_dir: Path) -> None:
        self.git_dir = git_dir.absolute()
        self._proc: subprocess.Popen[bytes] | None = None

    def _process(self) -> subprocess.Popen[bytes]:
        if self._proc is None:
            try:
                self._proc = subprocess.Popen(
                    ["git", "cat-file", "--batch-command"], stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                    env=environment(self.git_dir), cwd=self.git_dir)
            except FileNotFoundError:
                raise GitError("git is not installed (seats over git need it)") from None
        return self._proc

    def info(self, name: str) -> tuple[str, str, int] | None:
        """(object id, type, size), or None if there is no such object."""
        proc = self._process()
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(f"info {name}\n".encode())
            proc.stdin.flush()
            line = proc.stdout.readline().decode("ascii", "replace").split()
        except OSError:
            line = []
        if not line:  # it stopped: an object a partial fetch left out (never fetched later)
            self.close()
            return None
        if len(line) != 3 or not line[2].isdigit():
            return None
        return line[0], line[1], int(line[2])

    def read(self, name: str, kind: str, limit: int) -> bytes | None:
        """The contents of an object of that type and at most `limit` bytes (None if there
        is none); GitError if it is larger."""
        found = self.info(name)
        if found is None or found[1] != kind:
            return None
        if found[2] > limit:
            raise GitError(f"{kind} {name} is {found[2]} bytes, more than lifegames reads")
        proc = self._process()
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(f"contents {found[0]}\n".encode())
            proc.stdin.flush()
            proc.stdout.readline()
            data = proc.stdout.read(found[2] + 1)[:-1]
        except OSError as error:
            raise GitError(f"git cat-file stopped ({error})") from None
        if len(data) != found[2]:
            raise GitError("git cat-file gave a short answer")
        return data

    def tree(self, name: str) -> dict[str, tuple[str, str]]:
        """name -> (mode, object id) of one tree ({} if there is none)."""
        raw = self.read(name, "tree", TREE_LIMIT)
        return parse_tree(raw) if raw is not None else {}

    def message(self, commit: str) -> str:
        """A commit's message ("lifegames" if it is too large to read: the host's own are
        short, so only a player's can be)."""
        try:
            raw = self.read(commit, "commit", 1 << 16) or b""
        except GitError:
            raw = b""
        return raw.split(b"\n\n", 1)[-1].decode("utf-8", "replace").strip() or "lifegames"

    def close(self) -> None:
        if self._proc is not None:
            with contextlib.suppress(OSError, ValueError):
                if self._proc.stdin is not None:
                    self._proc.stdin.close()
            self._proc.wait()
            if self._proc.stdout is not None:
                self._proc.stdout.close()
            self._proc = None


def parse_tree(raw: bytes) -> dict[str, tuple[str, str]]:
    """A raw tree object: entries `<mode> <name>\\0<20-byte id>`."""
    out: dict[str, tuple[str, str]] = {}
    at = 0
    try:
        while at < len(raw):
            space = raw.index(b" ", at)
            nul = raw.index(b"\0", space)
            name = raw[space + 1:nul].decode("utf-8", "surrogateescape")
            out[name] = (raw[at:space].decode("ascii"), raw[nul + 1:nul + 21].hex())
            at = nul + 21
    except (ValueError, UnicodeDecodeError):
        raise GitError("a tree lifegames cannot read") from None
    return out


def blob_id(data: bytes) -> str:
    """The object id git gives a file's bytes (so unchanged files are never sent again)."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()  # noqa: S324 (git's)


# -- one seat ---------------------------------------------------------------------------------


@dataclass
class Record:
    """What the host remembers of a seat's remote (in .lifegames/git/<Player>.json)."""

    pushed: str = ""  # the last commit the remote accepted from the host
    fetched: str = ""  # the remote's branch at the last fetch
    played: str = ""  # the commit whose order file the last tick played
    played_tick: str = ""  # that tick
    problem: str = ""  # why the seat cannot be read or written now ('' if it can)
    code: str = ""
    hint: str = ""
    unpublished: str = ""  # why the host's files could not be committed to it ('' if they were)
    built: str = ""  # commits built in the host's repository since it was last packed

    def dumps(self) -> str:
        return json.dumps(self.__dict__, sort_keys=True, indent=1) + "\n"


def host_path(player: str, path: str) -> bool:
    """The files the host writes in a seat: its sheets, archive/ (the sheets and seat.json of
    each tick), the log, the template, seat.json and the check report. Everything else is
    the player's (their order file, and anything they add, which the host carries along and
    never reads)."""
    top, _, rest = path.partition("/")
    if rest:
        return top == "archive" and "/" not in rest and bool(
            SNAPSHOT.match(rest) or SEAT_SNAPSHOT.match(rest))
    return host_file(player, path)


@dataclass
class RemoteSeat:
    """The host's side of one player's git seat: the remote the player pushes to, the host's
    own repository of it, and what the host last read from it (the player's own side is a
    clone, read through `seats.PlayerSeat`)."""

    player: str
    url: str
    git_dir: Path
    files: Path  # the seat's files, as the host's commit wrote them (private)
    objects: Objects = field(init=False)
    record: Record = field(init=False)
    last_read: str = field(init=False, default="")  # the commit read_order last read from
    notes: list[str] = field(init=False, default_factory=list)  # what a rebuild had to say
    gone: bool = field(init=False, default=False)  # the last fetch found no branch main
    listings: dict[str, Listing] = field(init=False, default_factory=dict)  # of a local remote
    # path -> (stat signature, blob id) of the seat's files as last read (gitpublish.py)
    hashed: dict[str, tuple[tuple[int, int], str]] | None = field(init=False, default=None)
    trees: dict[str, dict[str, tuple[str, str]]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.objects = Objects(self.git_dir)
        self.record = self._load_record()

    @property
    def order_name(self) -> str:
        return f"{self.player}_orders.txt"

    # -- bookkeeping --------------------------------------------------------------------------
    def _record_path(self) -> Path:
        return self.git_dir.with_suffix(".json")

    def _load_record(self) -> Record:
        try:
            data = json.loads(self._record_path().read_text(encoding="utf-8"))
            return Record(**{k: str(v) for k, v in data.items() if k in Record().__dict__})
        except (OSError, ValueError, TypeError, AttributeError):
            return Record()

    def save(self) -> None:
        playerfiles.write(self.git_dir.parent, self._record_path().name,
                          self.record.dumps().encode("utf-8"), sync=False)

    def fetched_at(self) -> float | None:
        """When the remote was last fetched (the marker's time: nothing written says when)."""
        try:
            return self.git_dir.with_suffix(".fetched").stat().st_mtime
        except OSError:
            return None

    def ref(self, name: str) -> str:
        """A ref of the host's own repository ('' if it has none): read from its file, since
        lifegames alone writes the repository and never packs its refs."""
        try:
            text = (self.git_dir / name).read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            text = ""
        if not text:  # not loose: perhaps packed (lifegames never packs, git might)
            with contextlib.suppress(OSError, UnicodeDecodeError):
                for line in (self.git_dir / "packed-refs").read_text("ascii").splitlines():
                    if line.endswith(f" {name}"):
                        text = line.split()[0]
        return text if re.fullmatch(r"[0-9a-f]{40}", text) else ""

    def set_main(self, commit: str) -> None:
        run(["update-ref", MAIN, commit], self.git_dir)

    def top(self, commit: str) -> dict[str, tuple[str, str]]:
        """name -> (mode, id) of a commit's top folder; SeatProblem if the host will not read
        it (a folder listing over TREE_LIMIT, or objects git cannot parse)."""
        try:
            return self.objects.tree(f"{commit}^{{tree}}")
        except GitError:
            found = self.objects.info(f"{commit}^{{tree}}")
            if found is not None and found[2] > TREE_LIMIT:
                raise SeatProblem(
                    E.SEAT_TOO_LARGE, f"the top folder of {self.player}'s commit "
                    f"{commit[:7]} lists {found[2]} bytes of names; the host reads at most "
                    f"{TREE_LIMIT} bytes there", "push a commit that deletes files from the "
                    "top folder, or moves them into a folder of their own (the host never "
                    "reads one); the host reads nothing from the seat until then") from None
            raise SeatProblem(E.SEAT_UNREADABLE, f"the top folder of {self.player}'s commit "
                              f"{commit[:7]} is not one git writes", "push a commit made by "
                              "git itself (`git commit`) on top of it") from None

    # -- the order file -----------------------------------------------------------------------
    def read_order(self) -> Blob | None:
        """The player's order file in the seat's newest commit (None if it has none)."""
        if self.record.problem:
            raise SeatProblem(self.record.code, self.record.problem, self.record.hint)
        tip = self.ref(MAIN)
        if not tip:
            return None
        entry = self.top(tip).get(self.order_name)
        self.last_read = tip
        if entry is None:
            return None
        mode, oid = entry
        where = f"{self.order_name} in {self.player}'s commit {tip[:7]}"
        if mode == "120000":
            raise SeatProblem(E.NOT_A_FILE, f"{where} is a link; lifegames reads only a "
                              "plain file (a link could show files you may not see)",
                              "commit a plain text file of that name instead")
        if mode == "160000":
            raise SeatProblem(E.NOT_A_FILE, f"{where} is a submodule, not a file",
                              "remove the submodule and commit a plain text file")
        if mode.startswith("4"):
            raise SeatProblem(E.NOT_A_FILE, f"{where} is a folder, not a file",
                              "commit a plain text file of that name instead")
        found = self.objects.info(oid)
        if found is None or found[2] > ORDER_LIMIT:
            size = f"is {found[2]} bytes" if found else \
                f"is larger than {ORDER_LIMIT} bytes (the host fetches no file that large)"
            raise SeatProblem(E.FILE_TOO_LARGE, f"{where} {size}; an order file holds at "
                              f"most {ORDER_LIMIT} bytes", "commit a shorter order file")
        if found[1] != "blob":
            raise SeatProblem(E.NOT_A_FILE, f"{where} cannot be read", "push it again")
        try:
            data = self.objects.read(oid, "blob", ORDER_LIMIT) or b""
        except GitError:
            raise SeatProblem(E.NOT_A_FILE, f"{where} cannot be read", "push it again"
                              ) from None
        return Blob(data, found[2])

    def names(self) -> dict[str, str]:
        """name -> kind ('file', 'folder', 'link', ...) of the top of the seat's newest
        commit, for the note on a misnamed order file."""
        tip = self.ref(MAIN)
        kinds = {"120000": "link", "160000": "submodule"}
        try:
            top = self.top(tip) if tip else {}
        except (GitError, SeatProblem):
            return {}
        return {name: kinds.get(mode, "folder" if mode.startswith("4") else "file")
                for name, (mode, _) in top.items()}

    # -- fetching -----------------------------------------------------------------------------
    def fetch_command(self) -> list[str]:
        return ["-c", f"remote.{PROMISOR}.url={self.url}", "fetch", "--quiet", "--no-tags",
                "--no-recurse-submodules", "--no-write-fetch-head",
                f"--filter=blob:limit={ORDER_LIMIT + 1}", *_transport(self.url, "upload-pack"),
                "--end-of-options", PROMISOR, f"+{MAIN}:{FETCHED}"]

    def blocked(self) -> str:
        """Why git must not run in this seat's remote now ('' if it may): a remote that is a
        path here and holds something other than files, folders and links to them (a FIFO
        would keep every git that opens it waiting)."""
        if not is_local(self.url):
            return ""
        odd = special_file(Path(self.url), known=self.listings)
        if not odd:
            return ""
        self._problem(E.SEAT_UNREACHABLE, f"{self.player}'s remote {self.url} holds "
                      f"{odd}, which is not a file: the host runs no git there",
                      "whoever keeps the remote removes it (the host tries again at every "
                      "tick and every `watch` round; meanwhile `tick --absent` and `watch "
                      "--deadline` play this player by their default)")
        return odd

    def fetched(self, done: subprocess.CompletedProcess[bytes] | GitError) -> bool:
        """Take in the result of a fetch; True if the seat's branch changed."""
        if not isinstance(done, GitError) and done.returncode != 0 and \
                b"couldn't find remote ref" in done.stderr:
            self._problem(E.SEAT_REWRITTEN, f"{self.player}'s remote {self.url} has no "
                          "main branch any more", "the host pushes its last commit there "
                          "again (making a branch rewrites nothing); then `git pull` and "
                          "push your orders on top")
            self.gone = True  # pending: the push of this round makes the branch again
            return False
        if isinstance(done, GitError) or done.returncode != 0:
            why = str(done) if isinstance(done, GitError) else first_line(done.stderr)
            self._problem(E.SEAT_UNREACHABLE, f"{self.player}'s remote {self.url} could not "
                          f"be fetched: {why}", "the host tries again at every tick and every "
                          "`watch` round; a player who stays out of reach can be played by "
                          "their default (`tick --absent`, `watch --deadline`)")
            return False
        with contextlib.suppress(OSError):
            marker = self.git_dir.with_suffix(".fetched")
            marker.touch()
        tip = self.ref(FETCHED)
        if tip == self.record.fetched and not self.record.problem:
            return False
        before = (self.record.fetched, self.record.code, self.record.problem)
        self.record.fetched = tip
        try:
            self._take(tip)
        except GitError as error:  # an object the host will not read: this seat's alone
            self.record.code, self.record.hint = E.SEAT_UNREADABLE, (
                "push a commit made by git itself (`git commit`) on top of your last one")
            self.record.problem = (f"{self.player}'s commit {tip[:7]} could not be taken in: "
                                   f"{error}")
        except SeatProblem as problem:
            self.record.code, self.record.problem = problem.code, problem.reason
            self.record.hint = problem.hint
        self.save()
        return (self.record.fetched, self.record.code, self.record.problem) != before

    def _problem(self, code: str, reason: str, hint: str) -> None:
        if (self.record.code, self.record.problem) != (code, reason):
            self.record.code, self.record.problem, self.record.hint = code, reason, hint
            self.save()

    def _take(self, tip: str) -> None:
        """Make the host's branch hold the player's new commits (never rewriting theirs).
        Which commit holds which is git's to say (`merge-base`): the host reads nothing of a
        player's commits but their top folder and archive/, so no message, however long,
        and no number of commits, however large, is ever read here."""
        self.record.problem = self.record.code = self.record.hint = ""
        mine, pushed = self.ref(MAIN), self.record.pushed
        if not tip:
            self.record.code = E.SEAT_REWRITTEN
            self.record.problem = f"{self.player}'s remote {self.url} has no main branch"
            self.record.hint = "push the branch main back (from a clone that has it)"
            return
        if pushed and not self._holds(tip, pushed):
            self.record.code = E.SEAT_REWRITTEN
            self.record.problem = (f"{self.player}'s remote {self.url} was rewritten: its main "
                                   f"branch no longer holds the host's commit {pushed[:7]}")
            self.record.hint = (f"push a branch that holds {pushed[:7]} (from a clone that has "
                                "it: `git push origin <commit>:main`, then push your orders "
                                "on top); the host never force-pushes, and reads nothing from "
                                "the seat until then")
            return
        self.host_entries(tip)  # SeatProblem if its folders are more than the host reads
        if not mine or self._holds(tip, mine):
            self.set_main(tip)  # the player's commits on top of the host's: take them
        elif not self._holds(mine, tip):  # both moved on: the host's go on top
            from .gitpublish import rebuild_on  # (it imports this module)
            rebuild_on(self, tip, mine)

    def _holds(self, tip: str, commit: str) -> bool:
        """Whether `commit` is `tip` or one of its ancestors (git walks the history)."""
        done = run(["merge-base", "--is-ancestor", commit, tip], self.git_dir, check=False)
        if done.returncode not in (0, 1):
            raise GitError(f"git merge-base failed: {first_line(done.stderr)}")
        return done.returncode == 0

    def order_entry(self, commit: str) -> str:
        """The blob id of the order file in a commit ('' if it has none, or not as a file)."""
        if not commit:
            return ""
        entry = self.top(commit).get(self.order_name)
        return entry[1] if entry is not None and entry[0] in ("100644", "100755") else ""

    # -- building and pushing -------------------------------------------------------------------
    def host_entries(self, commit: str) -> dict[str, str]:
        """path -> blob id of the host's files in a commit (top folder and archive/). A name
        the host reads is one it writes (plain ASCII, see host_path): anything else is the
        player's, carried along unread."""
        top = self.top(commit)
        out = {name: oid for name, (mode, oid) in top.items()
               if mode.startswith("100") and "/" not in name and host_path(self.player, name)}
        archive = top.get("archive")
        if archive is not None and archive[0].startswith("4"):
            listed = self.trees.get(archive[1])
            try:
                listed = self.objects.tree(archive[1]) if listed is None else listed
            except GitError:
                raise SeatProblem(E.SEAT_TOO_LARGE, f"the folder archive/ of {self.player}'s "
                                  f"commit {commit[:7]} is more than the host reads",
                                  "push a commit that deletes the files you added to "
                                  "archive/") from None
            if len(self.trees) > 8:
                self.trees.clear()
            self.trees[archive[1]] = listed
            for name, (mode, oid) in listed.items():
                if mode.startswith("100") and host_path(self.player, f"archive/{name}"):
                    out[f"archive/{name}"] = oid
        return out

    def push_command(self) -> list[str]:
        return ["push", "--porcelain", *_transport(self.url, "receive-pack"), "--end-of-options",
                self.url, f"{MAIN}:{MAIN}"]

    def played(self, tick: int) -> None:
        """The tick just played this seat's order file as read_order last read it."""
        self.record.played, self.record.played_tick = self.last_read, str(tick)
        self.save()

    def pending(self) -> bool:
        """Whether the remote lacks the host's branch: a newer commit, or no branch at all."""
        return bool(self.ref(MAIN)) and (self.gone or self.ref(MAIN) != self.record.pushed)
