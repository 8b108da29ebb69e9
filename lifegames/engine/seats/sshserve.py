"""The forced command of a seat served over OpenSSH: one player's key reaches one repository.

`lifegames authorized-keys` writes, for each player's public key, an `authorized_keys` line
whose forced command runs this file:

    restrict,command="/usr/bin/python3 -I -S /.../lifegames/engine/seats/sshserve.py
    --player Ana --repo /home/lifegames/remotes/Ana.git --git /usr/bin/git" ssh-ed25519 AAAA...

sshd runs that command whatever the client asked for, with the client's request in
SSH_ORIGINAL_COMMAND. This module lets exactly two requests through, `git-upload-pack '<path>'`
(a fetch or clone) and `git-receive-pack '<path>'` (a push), and only where the path names
the player's own repository once resolved; it then replaces itself with git, run on that
repository (never on the path the client sent) with the settings the host gives the git that
runs inside a local remote (gitseats: no system or global config, hooks off, fsmonitor off,
no automatic gc). Anything else (another repository, a shell, any other command,
git-upload-archive, an extra argument) is refused with one line on stderr and exit 1.

A push is bounded (the limits below, listed in README's "Limits of a push"): receive-pack
reads at most PUSH_BYTES of pack, keeps it as sent (never exploded into loose objects),
checks every object (fsck), and refuses deleting or rewriting a branch. Its one hook,
pre-receive, is hooks/pre-receive beside this file (the host's checkout, never the player's
repository), which runs this file again with `--pre-receive` while the pushed objects are
still in quarantine: it refuses any ref but refs/heads/main, any tag, and objects or trees
over the limits, with one line the pusher sees. A refused push leaves nothing on the disk.

Each ssh connection starts a new Python, so the file imports nothing but a few modules of
the standard library and is run with `-I -S` (no site, no environment, no script folder on
sys.path): lifegames and its dependencies are never loaded here, and the interpreter needs no
PATH, working folder or installed package to find it.
"""

from __future__ import annotations

import os
import posixpath
import pwd
import re
import subprocess
import sys

# Mirrors gitseats.SETTINGS and gitseats._REMOTE_SETTINGS (tests/seats/test_ssh_seats.py
# holds the two to be the same): importing gitseats would load lark on every connection.
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
    ("uploadpack.allowFilter", "true"),
    ("receive.autogc", "false"),
    ("receive.procReceiveRefs", ""),
    ("receive.denyCurrentBranch", "refuse"),
    ("receive.updateServerInfo", "false"),
)
# What git runs for each request (the dashed and the spaced forms git clients send).
SERVICES = {"git-upload-pack": "upload-pack", "git upload-pack": "upload-pack",
            "git-receive-pack": "receive-pack", "git receive-pack": "receive-pack"}
MAX_REQUEST = 4096  # bytes of SSH_ORIGINAL_COMMAND looked at (a path is far shorter)
_REQUEST = re.compile(r"(git-upload-pack|git upload-pack|git-receive-pack|git receive-pack)"
                      r" '([^'!\\]+)'")
_OID = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
_PROTOCOL = re.compile(r"version=[0-9]+(:[A-Za-z0-9._-]+=[A-Za-z0-9._-]*)*")
# Set by sshd itself, never by the client (AcceptEnv can pass a client's LANG, LC_* or TZ).
_KEEP_ENV = ("HOME", "USER", "LOGNAME", "SSH_CONNECTION", "SSH_CLIENT")

# Limits of a push (README's "Limits of a push" lists them; tests/seats/test_ssh_limits.py
# holds the two to be the same). An order file is at most 64 KiB and a seat's whole tree a
# few hundred files: these leave room for anything a player does by hand, and bound what a
# key can make the host's disk and the host's fetch hold.
PUSH_BYTES = 8 * 1024 * 1024  # the pack as sent (receive.maxInputSize)
PUSH_OBJECTS = 10_000  # objects in one push
UNPACKED_BYTES = 32 * 1024 * 1024  # all the objects of one push, uncompressed
BLOB_BYTES = 1024 * 1024  # one file
TREE_BYTES = 1024 * 1024  # one folder's listing
COMMIT_BYTES = 64 * 1024  # one commit (its message, mostly)
TREE_ENTRIES = 50_000  # files and folders in one commit's tree, each path counted
TREE_DEPTH = 16  # folders inside folders, below the top
MAX_REF_LINES = 64 * 1024  # bytes of ref updates the hook reads (one line is ~100)
MAIN = "refs/heads/main"
HOOKS = os.path.join(os.path.dirname(os.path.realpath(__file__)), "hooks")
# What receive-pack adds to SETTINGS: the limits git enforces itself, and the hook.
RECEIVE_SETTINGS: tuple[tuple[str, str], ...] = (
    ("receive.maxInputSize", str(PUSH_BYTES)),
    ("receive.unpackLimit", "1"),
    ("receive.fsckObjects", "true"),
    ("receive.denyDeletes", "true"),
    ("receive.denyNonFastForwards", "true"),
    ("receive.advertisePushOptions", "false"),
    ("receive.shallowUpdate", "false"),
    ("core.hooksPath", HOOKS),
)


class Refused(Exception):
    """A request this key may not make; the message is the one line the client sees."""


def parse_request(request: str | None) -> tuple[str, str]:
    """(service, path) of an allowed form of request: `git-upload-pack '<path>'` or
    `git-receive-pack '<path>'` (or `git upload-pack ...`), the path in single quotes as git
    sends it (one without a quote, `!` or backslash: git would have escaped those). Refused
    names what was wrong."""
    if request is None or not request.strip():
        raise Refused("no shell here: this key only fetches from and pushes to a seat's "
                      "repository with git")
    if len(request) > MAX_REQUEST:
        raise Refused(f"the request is longer than {MAX_REQUEST} characters")
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in request):
        raise Refused("the request holds control characters")
    found = _REQUEST.fullmatch(request)
    if found is None:
        word = request.split()[0][:40]
        if word in ("git-upload-pack", "git-receive-pack", "git"):
            raise Refused("only `git-upload-pack '<repository>'` and `git-receive-pack "
                          "'<repository>'`, with nothing more, are served")
        raise Refused(f"{word!r} is not served here: this key only fetches from and pushes to "
                      "a seat's repository with git")
    return SERVICES[found.group(1)], found.group(2)


def home() -> str:
    """The home folder of the account sshd runs this as (from the password database, which
    a client cannot change)."""
    return pwd.getpwuid(os.getuid()).pw_dir


def resolve(path: str, home_dir: str) -> list[str]:
    """The real paths a client's repository path may mean, in the order git tries them: as
    given, with `.git` added; `~/x` and a relative path are under the home folder."""
    if path.startswith("~"):
        if path != "~" and not path.startswith("~/"):
            raise Refused("another account's home folder (~name) is not served here")
        path = home_dir + path[1:]
    elif not path.startswith("/"):
        path = posixpath.join(home_dir, path)
    path = path.rstrip("/") or "/"
    return [os.path.realpath(candidate) for candidate in (path, path + ".git")]


def allowed(path: str, repo: str, home_dir: str) -> bool:
    """True if the client's path names `repo` once resolved (links and `..` followed)."""
    mine = os.path.realpath(repo)
    for candidate in resolve(path, home_dir):
        if os.path.isdir(candidate):
            return candidate == mine
    return False


def git_environment(source: dict[str, str]) -> dict[str, str]:
    """git's environment: a few variables sshd sets for the session, no GIT_* variable but a
    well-formed GIT_PROTOCOL (protocol v2), and no system or global config. (serve adds what
    the pre-receive hook needs to find this file again, all of it the host's.)"""
    env = {key: source[key] for key in _KEEP_ENV if key in source}
    env.update({"PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1",
                "GIT_CONFIG_GLOBAL": os.devnull, "GIT_TERMINAL_PROMPT": "0",
                "GIT_NO_REPLACE_OBJECTS": "1", "GIT_ATTR_NOSYSTEM": "1", "GIT_PAGER": "cat",
                "GIT_NO_LAZY_FETCH": "1", "LC_ALL": "C"})
    protocol = source.get("GIT_PROTOCOL", "")
    if len(protocol) <= 200 and _PROTOCOL.fullmatch(protocol):
        env["GIT_PROTOCOL"] = protocol
    return env


def git_command(git: str, service: str, repo: str) -> list[str]:
    """The git command line that serves `repo` (settings on the command line beat anything
    in the repository's own config). A push gets RECEIVE_SETTINGS too, whose hook folder
    takes the place of SETTINGS' none."""
    pairs = SETTINGS
    if service == "receive-pack":  # the hook's folder in place of none
        pairs = tuple(pair for pair in SETTINGS if pair[0] != "core.hooksPath")
        pairs += RECEIVE_SETTINGS
    settings = [arg for key, value in pairs for arg in ("-c", f"{key}={value}")]
    return [git, *settings, service, os.path.realpath(repo)]


def hook_ready() -> None:
    """Refused unless the pre-receive hook is a plain executable file of the host's: git
    would skip a missing or unexecutable hook, and every limit it checks with it."""
    hook = os.path.join(HOOKS, "pre-receive")
    if os.path.islink(hook) or not os.path.isfile(hook) or not os.access(hook, os.X_OK):
        raise Refused(f"pushes are closed: the host's check of pushes ({hook}) is missing or "
                      "not executable; tell the host")


def _options(argv: list[str]) -> dict[str, str]:
    """--player NAME --repo PATH --git PATH, each once (written by authorized-keys)."""
    if len(argv) != 6 or argv[0::2] != ["--player", "--repo", "--git"]:
        raise Refused("the forced command is not one `lifegames authorized-keys` writes; "
                      "ask the host to write the key's line again")
    options = dict(zip(("player", "repo", "git"), argv[1::2], strict=True))
    if not (os.path.isabs(options["repo"]) and os.path.isabs(options["git"])):
        raise Refused("the forced command needs absolute paths; ask the host to write the "
                      "key's line again")
    return options


def main(argv: list[str], environ: dict[str, str]) -> int:
    """Serve one request, or refuse it: exits into git, or returns 1 after one line."""
    try:
        options = _options(argv)
        service, path = parse_request(environ.get("SSH_ORIGINAL_COMMAND"))
        if not allowed(path, options["repo"], home()):
            raise Refused(f"this key reaches {options['player']}'s seat only, and {path!r} "
                          "is not it")
        command = git_command(options["git"], service, options["repo"])
        env = git_environment(environ)
        if service == "receive-pack":
            hook_ready()
            env.update(LIFEGAMES_PYTHON=sys.executable, LIFEGAMES_GIT=options["git"],
                       LIFEGAMES_SERVE=os.path.realpath(__file__))
        os.execve(options["git"], command, env)
    except Refused as refused:
        sys.stderr.write(f"lifegames: refused: {refused}\n")
    except OSError as error:
        sys.stderr.write(f"lifegames: git could not be started ({error.strerror}); tell the "
                         "host\n")
    sys.stderr.flush()
    return 1


# -- the pre-receive hook: what a push may hold -------------------------------------------


def size_text(size: int) -> str:
    """A number of bytes as a person reads it (`1 MiB`, `64 KiB`, `1.5 MiB`, `300 bytes`)."""
    for unit, scale in (("MiB", 1024 * 1024), ("KiB", 1024)):
        if size >= scale:
            return f"{size / scale:.1f}".removesuffix(".0") + f" {unit}"
    return f"{size} bytes"


def check_refs(lines: list[str]) -> None:
    """Refused unless every ref update git hands the hook (`<old> <new> <ref>`) moves main
    (tags, other branches and deleting main are each said plainly)."""
    for line in lines:
        parts = line.split(" ")
        if len(parts) != 3 or not all(_OID.fullmatch(part) for part in parts[:2]):
            raise Refused("git handed the check of pushes a line it cannot read; tell the host")
        ref = parts[2][:100]
        if ref.startswith("refs/tags/"):
            raise Refused(f"tags are not taken here ({ref}): push main alone "
                          "(git push origin main)")
        if ref != MAIN:
            raise Refused(f"only main is taken here, not {ref}: push main alone "
                          "(git push origin main)")
        if not parts[1].strip("0"):
            raise Refused("main cannot be deleted here")


def _git(git: str) -> list[str]:
    """git with the host's settings, for the hook's own reading of the repository."""
    return [git, *[arg for key, value in SETTINGS for arg in ("-c", f"{key}={value}")]]


def new_objects(git: str, environ: dict[str, str]) -> list[tuple[str, str, int]]:
    """(id, type, size) of each object the push brought: those in the quarantine folder
    git gives the hook, read without the repository's own objects; refused past
    PUSH_OBJECTS (read no further)."""
    quarantine = environ.get("GIT_QUARANTINE_PATH")
    if not quarantine:
        return []
    env = {key: value for key, value in environ.items()
           if key != "GIT_ALTERNATE_OBJECT_DIRECTORIES"}
    env["GIT_OBJECT_DIRECTORY"] = quarantine
    command = [*_git(git), "cat-file", "--batch-all-objects", "--unordered",
               "--batch-check=%(objectname) %(objecttype) %(objectsize)"]
    found: list[tuple[str, str, int]] = []
    with subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL) as listing:
        assert listing.stdout is not None
        for line in listing.stdout:
            oid, kind, size = line.decode("ascii").split()
            found.append((oid, kind, int(size)))
            if len(found) > PUSH_OBJECTS:
                listing.kill()
                raise Refused(f"the push holds more than {PUSH_OBJECTS} objects")
    if listing.returncode != 0:
        raise OSError(0, "git cat-file could not list the pushed objects")
    return found


def check_sizes(objects: list[tuple[str, str, int]]) -> None:
    """Refused if a tag, a commit or a folder listing is over its size, or all of them
    together over UNPACKED_BYTES (files are checked with their names, by Shapes)."""
    limits = {"commit": (COMMIT_BYTES, "a commit"), "tree": (TREE_BYTES, "a folder listing")}
    for oid, kind, size in objects:
        if kind == "tag":
            raise Refused("tags are not taken here: push main alone (git push origin main)")
        limit, what = limits.get(kind, (BLOB_BYTES, "a file"))
        if size > limit:
            raise Refused(f"{what} of {size} bytes ({oid[:12]}) is over the "
                          f"{size_text(limit)} one may be here")
    total = sum(size for _, _, size in objects)
    if total > UNPACKED_BYTES:
        raise Refused(f"the push unpacks to {size_text(total)}, over the "
                      f"{size_text(UNPACKED_BYTES)} one push may hold")


class Objects:
    """One `git cat-file --batch`, reading objects by id (the pushed ones and the
    repository's: the environment git gives the hook reaches both)."""

    def __init__(self, git: str, environ: dict[str, str]) -> None:
        self.proc = subprocess.Popen([*_git(git), "cat-file", "--batch"], env=environ,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)

    def read(self, oid: str, kind: str, limit: int) -> bytes:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(oid.encode("ascii") + b"\n")
        self.proc.stdin.flush()
        header = self.proc.stdout.readline().split()
        if len(header) != 3 or header[1].decode("ascii") != kind or int(header[2]) > limit:
            raise Refused(f"the push names {oid[:12]} as a {kind}, and it is not one within "
                          f"{size_text(limit)}")
        data = self.proc.stdout.read(int(header[2]) + 1)
        return data[:-1]

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.kill()
        self.proc.wait()


class Shapes:
    """Walks the tree of each pushed commit: refused past TREE_ENTRIES paths or TREE_DEPTH
    folders deep, or at a file over BLOB_BYTES (named by its path). A folder met again (the
    same id) is not read again: its count is added, so a tree of shared folders costs what
    its distinct folders cost and still counts every path."""

    def __init__(self, objects: Objects, big: dict[str, int]) -> None:
        self.objects, self.big = objects, big
        self.known: dict[str, tuple[int, int]] = {}

    def commit(self, oid: str) -> None:
        text = self.objects.read(oid, "commit", COMMIT_BYTES)
        found = re.match(rb"tree ([0-9a-f]{40}|[0-9a-f]{64})\n", text)
        if found is None:
            raise Refused(f"the commit {oid[:12]} names no tree")
        self.tree(found.group(1).decode("ascii"), "", 0)

    def tree(self, oid: str, path: str, level: int) -> tuple[int, int]:
        """(paths below this folder, folders nested below it), for one met at `level`."""
        known = self.known.get(oid)
        if known is None:
            known = self._read(oid, path, level)
            self.known[oid] = known
        paths, depth = known
        if level + depth > TREE_DEPTH:
            raise Refused(f"folders are nested {level + depth} deep at {path or 'the top'}, "
                          f"more than the {TREE_DEPTH} a seat may hold")
        if paths > TREE_ENTRIES:
            raise Refused(f"a commit holds more than {TREE_ENTRIES} files and folders "
                          f"(counted at {path or 'the top'})")
        return known

    def _read(self, oid: str, path: str, level: int) -> tuple[int, int]:
        data = self.objects.read(oid, "tree", TREE_BYTES)
        width = len(oid) // 2
        paths = depth = at = 0
        while at < len(data):
            space = data.index(b" ", at)
            nul = data.index(b"\0", space)
            mode, name = data[at:space], data[space + 1:nul].decode("utf-8", "replace")
            entry = data[nul + 1:nul + 1 + width].hex()
            at = nul + 1 + width
            where = f"{path}/{name}" if path else name
            paths += 1
            if mode == b"40000":
                if level + 1 > TREE_DEPTH:
                    raise Refused(f"folders are nested more than {TREE_DEPTH} deep at "
                                  f"{where[:200]!r}")
                below, deep = self.tree(entry, where, level + 1)
                paths, depth = paths + below, max(depth, deep + 1)
            elif entry in self.big:
                raise Refused(f"the file {where[:200]!r} is {self.big[entry]} bytes, over "
                              f"the {size_text(BLOB_BYTES)} a file may be here")
            if paths > TREE_ENTRIES:
                raise Refused(f"a commit holds more than {TREE_ENTRIES} files and folders "
                              f"(counted at {where[:200]!r})")
        return paths, depth


def check_push(git: str, environ: dict[str, str]) -> None:
    """Refused unless the pushed objects are within every limit."""
    objects = new_objects(git, environ)
    big = {oid: size for oid, kind, size in objects if kind == "blob" and size > BLOB_BYTES}
    check_sizes([item for item in objects if item[0] not in big])
    reader = Objects(git, environ)
    try:
        shapes = Shapes(reader, big)
        for oid, kind, _ in objects:
            if kind == "commit":
                shapes.commit(oid)
    finally:
        reader.close()
    check_sizes(objects)  # a big file no pushed commit holds


def pre_receive(environ: dict[str, str]) -> int:
    """The pre-receive hook (hooks/pre-receive runs it, in the environment the forced command
    and git give it): 0 to let the push in, or 1 after one line the pusher sees."""
    try:
        git = environ.get("LIFEGAMES_GIT", "")
        if not os.path.isabs(git):
            raise Refused("the check of pushes was not started by the forced command; tell "
                          "the host")
        raw = sys.stdin.buffer.read(MAX_REF_LINES + 1)
        if len(raw) > MAX_REF_LINES:
            raise Refused("the push updates too many refs: push main alone "
                          "(git push origin main)")
        check_refs(raw.decode("utf-8", "replace").splitlines())
        check_push(git, environ)
    except Refused as refused:
        sys.stderr.write(f"lifegames: refused: {refused}\n")
        return 1
    except (OSError, ValueError, subprocess.SubprocessError) as error:
        sys.stderr.write(f"lifegames: refused: the push could not be checked ({error}); "
                         "tell the host\n")
        return 1
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--pre-receive"]:
        sys.exit(pre_receive(dict(os.environ)))
    sys.exit(main(sys.argv[1:], dict(os.environ)))
