"""The forced command of a seat served over OpenSSH: one player's key reaches one repository.

`lifegames authorized-keys` writes, for each player's public key, an `authorized_keys` line
whose forced command runs this file:

    restrict,command="/usr/bin/python3 -I -S /.../lifegames/engine/seats/sshserve.py
    --player Ana --repo /home/games/remotes/Ana.git --git /usr/bin/git" ssh-ed25519 AAAA...

sshd runs that command whatever the client asked for, with the client's request in
SSH_ORIGINAL_COMMAND. This module lets exactly two requests through, `git-upload-pack '<path>'`
(a fetch or clone) and `git-receive-pack '<path>'` (a push), and only where the path names
the player's own repository once resolved; it then replaces itself with git, run on that
repository (never on the path the client sent) with the settings the host gives the git that
runs inside a local remote (gitseats: no system or global config, hooks off, fsmonitor off,
no automatic gc). Anything else (another repository, a shell, any other command,
git-upload-archive, an extra argument) is refused with one line on stderr and exit 1.

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
_PROTOCOL = re.compile(r"version=[0-9]+(:[A-Za-z0-9._-]+=[A-Za-z0-9._-]*)*")
_KEEP_ENV = ("HOME", "USER", "LOGNAME", "LANG", "TZ", "SSH_CONNECTION", "SSH_CLIENT")


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
    """git's environment: a few harmless variables of the session, no GIT_* variable but a
    well-formed GIT_PROTOCOL (protocol v2), and no system or global config."""
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
    in the repository's own config)."""
    settings = [arg for key, value in SETTINGS for arg in ("-c", f"{key}={value}")]
    return [git, *settings, service, os.path.realpath(repo)]


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
        os.execve(options["git"], command, git_environment(environ))
    except Refused as refused:
        sys.stderr.write(f"lifegames: refused: {refused}\n")
    except OSError as error:
        sys.stderr.write(f"lifegames: git could not be started ({error.strerror}); tell the "
                         "host\n")
    sys.stderr.flush()
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], dict(os.environ)))
