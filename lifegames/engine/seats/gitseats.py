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
import threading
from collections.abc import Iterable
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
        raise GitError(f"git {args[0]} took longer than {TIMEOUT:.0f} s") from None
    finally:
        if proc.returncode is None:  # timed out, or interrupted: stop the whole group
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    done = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    if check and done.returncode != 0:
        raise GitError(f"git {args[0]} failed: {first_line(done.stderr)}")
    return done


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


def special_file(repository: Path, limit: int = 100_000) -> str:
    """The first thing in a repository on this machine that is neither a file nor a folder,
    nor a link to one (a FIFO, a socket, a device), as a path relative to it; '' if none, or
    if it holds more than `limit` entries (git's own time limit still applies then)."""
    seen = 0
    for folder, names, files in os.walk(repository):
        for entry in names + files:
            seen += 1
            if seen > limit:
                return ""
            path = os.path.join(folder, entry)
            try:
                mode = os.stat(path).st_mode
            except OSError:
                continue  # a dangling link: git finds nothing there either
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                return file_name(os.path.relpath(path, repository))
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

    def _top(self, commit: str) -> dict[str, tuple[str, str]]:
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
        entry = self._top(tip).get(self.order_name)
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
            top = self._top(tip) if tip else {}
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
        odd = special_file(Path(self.url))
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
        self._host_entries(tip)  # SeatProblem if its folders are more than the host reads
        if not mine or self._holds(tip, mine):
            self.set_main(tip)  # the player's commits on top of the host's: take them
        elif not self._holds(mine, tip):  # both moved on: the host's go on top
            self._rebuild_on(tip, mine)

    def _holds(self, tip: str, commit: str) -> bool:
        """Whether `commit` is `tip` or one of its ancestors (git walks the history)."""
        done = run(["merge-base", "--is-ancestor", commit, tip], self.git_dir, check=False)
        if done.returncode not in (0, 1):
            raise GitError(f"git merge-base failed: {first_line(done.stderr)}")
        return done.returncode == 0

    def _rebuild_on(self, tip: str, mine: str) -> None:
        """The host's commits that the remote has not got, rebuilt one by one on the player's
        newer commit `tip`: the host's files, and an order file the host wrote for the player
        (a bot's) unless the player's own newer commits changed that file: theirs wins then,
        and the host says so (in `notes`). Every other file stays as the player pushed it."""
        listed = run(["rev-list", "--first-parent", "--parents", f"--max-count={CHAIN_LIMIT}",
                      mine, "--not", tip], self.git_dir).stdout.decode("ascii").split("\n")
        chain = [line.split() for line in listed if line.strip()][::-1]  # oldest first
        built_on = chain[0][1] if chain and len(chain[0]) > 1 else ""
        theirs = self._order_entry(built_on) != self._order_entry(tip)
        base = tip
        for old, *parents in chain:
            before = self._host_entries(parents[0]) if parents else {}
            after = self._host_entries(old)
            puts: dict[str, bytes | str] = {path: oid for path, oid in after.items()
                                            if before.get(path) != oid}
            gone = [path for path in before if path not in after]
            message = self.objects.message(old)
            wrote = self._order_entry(old)
            if wrote != self._order_entry(parents[0] if parents else ""):
                if theirs:
                    self.notes.append(f"seat {self.player}: the order file of the host's "
                                      f"commit \"{message}\" was not kept: {self.player} "
                                      "pushed an order file of their own meanwhile, and "
                                      "theirs stands")
                elif wrote:
                    puts[self.order_name] = wrote
                else:
                    gone.append(self.order_name)
            base = self._commit(base, message, puts, gone) or base
        self.set_main(base)

    def _order_entry(self, commit: str) -> str:
        """The blob id of the order file in a commit ('' if it has none, or not as a file)."""
        if not commit:
            return ""
        entry = self._top(commit).get(self.order_name)
        return entry[1] if entry is not None and entry[0] in ("100644", "100755") else ""

    # -- building and pushing -------------------------------------------------------------------
    def _host_entries(self, commit: str) -> dict[str, str]:
        """path -> blob id of the host's files in a commit (top folder and archive/). A name
        the host reads is one it writes (plain ASCII, see host_path): anything else is the
        player's, carried along unread."""
        top = self._top(commit)
        out = {name: oid for name, (mode, oid) in top.items()
               if mode.startswith("100") and "/" not in name and host_path(self.player, name)}
        archive = top.get("archive")
        if archive is not None and archive[0].startswith("4"):
            try:
                listed = self.objects.tree(archive[1])
            except GitError:
                raise SeatProblem(E.SEAT_TOO_LARGE, f"the folder archive/ of {self.player}'s "
                                  f"commit {commit[:7]} is more than the host reads",
                                  "push a commit that deletes the files you added to "
                                  "archive/") from None
            for name, (mode, oid) in listed.items():
                if mode.startswith("100") and host_path(self.player, f"archive/{name}"):
                    out[f"archive/{name}"] = oid
        return out

    def _wanted(self) -> dict[str, bytes]:
        """The host's files of this seat as its last commit left them (private copy)."""
        out: dict[str, bytes] = {}
        root, me = self.files.parent, self.player
        for folder in ("", "archive/"):
            for name, kind in sorted(playerfiles.listing(root, f"{me}/{folder}".rstrip("/")
                                                         ).items()):
                path = folder + name
                if kind == "file" and host_path(me, path):
                    found = playerfiles.read(root, f"{me}/{path}", FILE_LIMIT)
                    if found is not None:
                        out[path] = found.data
        return out

    def renewal(self) -> bytes | None:
        """The host's newest template, to become the order file when the seat's order file
        is one the host may replace: the very file a tick played, or an untouched copy of the
        template the host wrote last (a plain game folder renews the same two). A player's
        clone is then ready for the next tick after a `git pull`, and a player who pulls
        before writing meets no conflict; a file the player changed since is never touched.
        None when there is nothing to renew."""
        base = self.ref(MAIN)
        now = self._order_entry(base) if base else ""
        if not now:
            return None
        template_name = f"{self.player}_orders_template.txt"
        entry = self._top(base).get(template_name)
        replaceable = {self._order_entry(self.record.played) if self.record.played else "",
                       entry[1] if entry is not None else ""} - {""}
        fresh = self._wanted().get(template_name)
        if now not in replaceable or fresh is None or blob_id(fresh) == now:
            return None
        return fresh

    def build(self, message: str, orders: bytes | None = None) -> bool:
        """A commit making the seat's branch hold the host's files as they are now (and
        `orders` as the order file: at setup, and for a bot); False if nothing changed."""
        base = self.ref(MAIN)
        have = self._host_entries(base) if base else {}
        wanted: dict[str, bytes | str] = dict(self._wanted())
        if orders is not None:
            wanted[self.order_name] = orders
            order = self.objects.tree(f"{base}^{{tree}}").get(self.order_name) if base else None
            if order is not None:
                have[self.order_name] = order[1]
        puts = {path: data for path, data in wanted.items()
                if have.get(path) != (blob_id(data) if isinstance(data, bytes) else data)}
        gone = [path for path in have if path not in wanted]
        if not puts and not gone:
            return False
        made = self._commit(base or None, message, puts, gone)
        if made:
            self.set_main(made)
        return bool(made)

    def _commit(self, parent: str | None, message: str, puts: dict[str, bytes | str],
                gone: Iterable[str]) -> str:
        """A new commit on `parent` (by fast-import: no index, no work tree, no attributes);
        returns its id."""
        text = message.encode("utf-8")
        stream = [b"feature done\n", f"reset {BUILD}\n".encode(), f"commit {BUILD}\n".encode(),
                  f"committer {IDENTITY[0]} <{IDENTITY[1]}> now\n".encode(),
                  b"data %d\n" % len(text), text, b"\n"]
        if parent:
            stream.append(f"from {parent}\n".encode())
        for path in sorted(gone):
            stream.append(f"D {path}\n".encode())
        for path, data in sorted(puts.items()):
            if isinstance(data, str):
                stream.append(f"M 100644 {data} {path}\n".encode())
            else:
                stream += [f"M 100644 inline {path}\n".encode(), b"data %d\n" % len(data), data,
                           b"\n"]
        stream.append(b"done\n")
        run(["fast-import", "--quiet", "--force", "--date-format=now"], self.git_dir,
            b"".join(stream))
        made = self.ref(BUILD)
        if not made:
            raise GitError("git fast-import made no commit")
        return made

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


# -- every seat of a game -----------------------------------------------------------------------


class RemoteSeats:
    """The remote seats of one game: fetch them all, read order files, publish the host's
    files. Git runs only with the repositories in `git_root` (the referee's own)."""

    def __init__(self, git_root: Path, seats_root: Path, remotes: dict[str, str]) -> None:
        self.git_root = git_root = git_root.absolute()
        self.moved: set[str] = set()  # seats whose branch changed since fetch() last said
        self.seats = {player: RemoteSeat(player, url, git_root / f"{player}.git",
                                   seats_root.absolute() / player)
                      for player, url in sorted(remotes.items())}

    def close(self) -> None:
        for seat in self.seats.values():
            seat.objects.close()

    @staticmethod
    def create(git_root: Path, players: Iterable[str]) -> None:
        """The host's own bare repositories (config written by lifegames, no hooks), the host's
        account's alone: folders 0700, files 0600, and so is what a fetch adds."""
        playerfiles.make_folders(git_root)
        for player in players:
            path = git_root / f"{player}.git"
            run(["init", "--quiet", "--bare", "--template=", "--initial-branch=main",
                 "--shared=0600", str(path)], None)
            playerfiles.write(path, "config", HOST_CONFIG.encode("utf-8"))
            playerfiles.make_private_tree(path)

    def fetch(self) -> list[str]:
        """Fetch every seat's remote at once; the players whose branch changed since the last
        call (also by a fetch made to answer a refused push)."""
        self._fetch(list(self.seats.values()))
        changed, self.moved = sorted(self.moved), set()
        return changed

    def _fetch(self, seats: list[RemoteSeat]) -> None:
        seats = [seat for seat in seats if not seat.blocked()]
        for seat, done in zip(seats, _together([(s.fetch_command(), s.git_dir) for s in seats]),
                              strict=True):
            if seat.fetched(done):
                self.moved.add(seat.player)

    def publish(self, message: str, orders: dict[str, bytes] | None = None,
                only: Iterable[str] | None = None) -> list[str]:
        """Commit each seat's new files (and `orders`: player -> order file) and push every
        seat the remote lacks; one line per seat that was published or could not be."""
        chosen = set(self.seats if only is None else only)
        lines = []
        for player in sorted(chosen):
            seat = self.seats[player]
            try:
                order = (orders or {}).get(player)
                seat.build(message, order if order is not None else seat.renewal())
                why = ""
            except GitError as error:
                why = str(error)
            except SeatProblem as problem:
                why = problem.reason
            if why:
                lines.append(f"seat {player}: not committed yet ({why}); the next tick or "
                             "`watch` round tries again")
            if seat.record.unpublished != why:
                seat.record.unpublished = why
                seat.save()
        return lines + self.push()

    def push(self) -> list[str]:
        """Push every seat whose branch the remote lacks; a push that raced a player's is
        rebuilt on their new commit and pushed again, never forced."""
        lines: list[str] = []
        todo = [seat for seat in self.seats.values() if seat.pending() and not seat.blocked()]
        for _attempt in range(PUSH_TRIES):
            if not todo:
                break
            results = _together([(seat.push_command(), seat.git_dir) for seat in todo])
            again = []
            for seat, done in zip(todo, results, strict=True):
                head = seat.ref(MAIN)
                if not isinstance(done, GitError) and done.returncode == 0:
                    seat.record.pushed = seat.record.fetched = head
                    seat.gone = False
                    seat.save()
                    lines.append(f"seat {seat.player}: pushed {head[:7]} to {seat.url}")
                elif _raced(done):
                    again.append(seat)
                else:
                    why = str(done) if isinstance(done, GitError) else first_line(done.stderr)
                    lines.append(f"seat {seat.player}: not pushed yet ({why}); the next tick "
                                 "or `watch` round tries again")
            if again:
                self._fetch(again)
                todo = [seat for seat in again if seat.pending() and not seat.record.problem]
                lines += [f"seat {seat.player}: not pushed ({seat.record.problem})"
                          for seat in again if seat.record.problem]
            else:
                todo = []
        lines += [f"seat {seat.player}: not pushed yet (the remote kept moving); the next "
                  "round tries again" for seat in todo]
        for seat in self.seats.values():
            lines += seat.notes
            seat.notes.clear()
        return lines


def _raced(done: subprocess.CompletedProcess[bytes] | GitError) -> bool:
    """A push refused only because the remote moved on (a player pushed meanwhile)."""
    if isinstance(done, GitError):
        return False
    text = (done.stdout + done.stderr).decode("utf-8", "replace")
    return "[rejected]" in text and ("fetch first" in text or "non-fast-forward" in text)


def _together(commands: list[tuple[list[str], Path]]
              ) -> list[subprocess.CompletedProcess[bytes] | GitError]:
    """Several git commands at once (fetches and pushes wait on the network, not the CPU);
    results in order."""
    results: list[subprocess.CompletedProcess[bytes] | GitError] = [
        GitError("not run")] * len(commands)

    def one(number: int, args: list[str], git_dir: Path) -> None:
        try:
            results[number] = run(args, git_dir, check=False)
        except GitError as error:
            results[number] = error

    if len(commands) == 1:
        one(0, *commands[0])
        return results
    threads = [threading.Thread(target=one, args=(n, a, d)) for n, (a, d) in enumerate(commands)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
