"""Seats over OpenSSH, the host's side: players' public keys, the `authorized_keys` lines that
tie each key to its player's repository (through sshserve.py), and the clone URLs setup
prints for players who reach their seat from elsewhere.

A public key arrives from a player, so it is read as untrusted text: one line, at most
MAX_KEY_BYTES, a key type OpenSSH knows, a base64 body that really holds a key of that type,
and a printable comment. Anything else is refused, said plainly: a line of options of the
player's own (`command=...`) in the host's authorized_keys would undo the whole point.
"""

from __future__ import annotations

import base64
import binascii
import os
import re
import shlex
import struct
from dataclasses import dataclass
from pathlib import Path

from ..base.errors import LifegamesError

MAX_KEY_BYTES = 16 * 1024  # an RSA key of 16384 bits is under 3 KiB
KEY_TYPES = ("ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384",
             "ecdsa-sha2-nistp521", "sk-ssh-ed25519@openssh.com",
             "sk-ecdsa-sha2-nistp256@openssh.com")
CLONE_SCHEMES = ("ssh", "git+ssh", "ssh+git", "https", "git")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
_HOST = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://[^/]+/.")
_SCP = re.compile(r"^[A-Za-z0-9._-]+@[A-Za-z0-9._-]+:.")
_COMMENT = re.compile(r"[^\x00-\x1f\x7f]{0,200}")


class KeyProblem(LifegamesError, ValueError):
    """A public key or a path that cannot go into an authorized_keys line (the message says
    why and what to send instead)."""


@dataclass(frozen=True)
class PublicKey:
    kind: str
    body: str
    comment: str


def parse_public_key(raw: bytes, where: str) -> PublicKey:
    """The one key of an OpenSSH public key file (`ssh-ed25519 AAAA... comment`)."""
    if len(raw) > MAX_KEY_BYTES:
        raise KeyProblem(f"{where} is larger than {MAX_KEY_BYTES} bytes: not a public key")
    try:
        text = raw.decode("ascii" if b"PRIVATE KEY" in raw else "utf-8")
    except UnicodeDecodeError:
        raise KeyProblem(f"{where} is not text: not a public key") from None
    if "PRIVATE KEY" in text:
        raise KeyProblem(f"{where} is a PRIVATE key: it must stay with its player, who sends "
                        "only the .pub file beside it (and should make a new key now)")
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) != 1:
        raise KeyProblem(f"{where} holds {len(lines)} lines; a public key file holds one key "
                        "on one line")
    parts = lines[0].strip().split(None, 2)
    if parts[0] not in KEY_TYPES:
        shown = parts[0][:40]
        raise KeyProblem(f"{where} starts with {shown!r}, not a key type lifegames takes "
                        f"({', '.join(KEY_TYPES)}); send the line of a .pub file as "
                        "ssh-keygen wrote it, with no options before it")
    if len(parts) < 2:
        raise KeyProblem(f"{where} has a key type but no key")
    kind, body = parts[0], parts[1]
    try:
        blob = base64.b64decode(body, validate=True)
        (size,) = struct.unpack(">I", blob[:4])
        inner = blob[4:4 + size].decode("ascii")
    except (binascii.Error, struct.error, UnicodeDecodeError, ValueError):
        raise KeyProblem(f"{where}: the key is not valid base64 of an OpenSSH key") from None
    if inner != kind or len(blob) < 4 + size + 16:
        raise KeyProblem(f"{where}: the key's body is not a {kind} key")
    comment = parts[2].strip() if len(parts) > 2 else ""
    if not _COMMENT.fullmatch(comment):
        raise KeyProblem(f"{where}: the comment after the key is longer than 200 characters "
                        "or holds control characters")
    return PublicKey(kind, body, comment)


def read_public_key(path: Path) -> PublicKey:
    """A player's public key file, read bounded; KeyProblem if it cannot be used."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_KEY_BYTES + 1)
    except OSError as error:
        raise KeyProblem(f"{path} cannot be read: {error.strerror}") from None
    return parse_public_key(raw, str(path))


def server_script() -> Path:
    """sshserve.py itself, wherever lifegames is (a checkout, an editable or plain install)."""
    from . import sshserve

    return Path(sshserve.__file__).resolve()


def forced_command(player: str, repo: str, python: str, git: str) -> str:
    """The command sshd runs for the player's key: absolute paths only (sshd runs it with a
    bare environment, from the account's home), each quoted for the account's shell."""
    script = str(server_script())
    for what, path in (("the Python interpreter", python), ("git", git),
                       ("lifegames", script), (f"{player}'s repository", repo)):
        if not os.path.isabs(path):
            raise KeyProblem(f"{what} is at {path}, not an absolute path")
        if any(ord(c) < 0x20 or ord(c) == 0x7F for c in path) or "\\" in path:
            raise KeyProblem(f"the path of {what} ({path!r}) holds a backslash or a control "
                            "character, which an authorized_keys line cannot carry; move it")
    words = [python, "-I", "-S", script, "--player", player, "--repo", repo, "--git", git]
    return " ".join(shlex.quote(word) for word in words)


def authorized_line(player: str, key: PublicKey, command: str) -> str:
    """One authorized_keys line: `restrict` (no forwarding, no terminal, no ~/.ssh/rc), the
    forced command in double quotes (sshd reads `\\"` as a quote inside them), then the key
    and a comment naming the seat."""
    quoted = command.replace('"', '\\"')
    comment = f"lifegames seat {player}" + (f": {key.comment}" if key.comment else "")
    return f'restrict,command="{quoted}" {key.kind} {key.body} {comment}'


def clone_urls(template: str, players: list[str]) -> dict[str, str]:
    """Each player's clone URL from setup's `--clone-url` template; ValueError saying what is
    wrong. Setup checks the player names too (letters, digits, _ and -), before it
    prints any."""
    if template.count("{player}") != 1 or re.search(r"[{}]", template.replace("{player}", "")):
        raise ValueError("--clone-url must hold {player} exactly once, and no other braces "
                         "(for example ssh://lifegames@host.example/home/lifegames/remotes/"
                         "{player}.git)")
    if template.startswith("-") or any(ord(c) < 0x21 or ord(c) == 0x7F for c in template):
        raise ValueError("--clone-url must not start with '-' or hold spaces or control "
                         "characters")
    scheme = _SCHEME.match(template)
    if scheme is not None:
        if scheme.group(1).lower() not in CLONE_SCHEMES:
            raise ValueError(f"--clone-url may be an address of {', '.join(CLONE_SCHEMES)}, "
                             "or user@host:path; not " + scheme.group(1))
        if not _HOST.match(template):
            raise ValueError("--clone-url names no host (scheme://host/path/{player}.git)")
    elif not _SCP.match(template):
        raise ValueError("--clone-url is the address players clone from elsewhere: "
                         "ssh://user@host/path/{player}.git, user@host:path/{player}.git or "
                         "https://...; a path on this machine is what --remotes gives")
    return {player: template.replace("{player}", player) for player in players}
