"""A private OpenSSH server on 127.0.0.1 for the tests and the benchmark (bench/ssh_watch.py):
its own config, host keys and authorized_keys file in a folder of its own, started in the
foreground (-D -e) on a free port, and stopped at the end. Logins are as the user running it
(root in CI), by key only."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

SSHD = Path("/usr/sbin/sshd")
PACKAGE = "openssh-server"


def missing() -> str:
    """'' if a private sshd can run here, else why not (for a skip)."""
    if not SSHD.exists():
        return f"{SSHD} is missing: install Debian's {PACKAGE} to run the ssh seat tests"
    if shutil.which("ssh") is None or shutil.which("ssh-keygen") is None:
        return "the OpenSSH client (ssh, ssh-keygen) is not installed"
    if os.geteuid() != 0:
        return "sshd needs root here (privilege separation); the tests do not run as root"
    return ""


def keygen(path: Path, comment: str = "") -> Path:
    """A fresh ed25519 key pair without a passphrase; returns the private key's path."""
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", comment or path.name,
                    "-f", str(path)], check=True, capture_output=True, timeout=30)
    return path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Sshd:
    """sshd -D -e -f <folder>/sshd_config, listening on 127.0.0.1:<port>."""

    def __init__(self, folder: Path, root_login: str = "forced-commands-only") -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.authorized = folder / "authorized_keys"
        self.authorized.write_text("", encoding="utf-8")
        self.log = folder / "sshd.log"
        self.port = free_port()
        self.user = os.environ.get("USER") or "root"
        host_key = keygen(folder / "host_ed25519", "host")
        self.config = folder / "sshd_config"
        self.config.write_text("\n".join([
            "ListenAddress 127.0.0.1", f"Port {self.port}", f"HostKey {host_key}",
            f"AuthorizedKeysFile {self.authorized}", "StrictModes no",
            "PasswordAuthentication no", "KbdInteractiveAuthentication no", "UsePAM no",
            "PubkeyAuthentication yes", f"PermitRootLogin {root_login}", "PidFile none",
            "AcceptEnv GIT_PROTOCOL", "PrintMotd no", "LogLevel ERROR", "MaxStartups 100",
            "MaxSessions 100", ""]), encoding="utf-8")
        Path("/run/sshd").mkdir(mode=0o755, parents=True, exist_ok=True)  # privilege separation
        self._log = open(self.log, "wb")  # closed by stop()
        self.proc: subprocess.Popen[bytes] | None = subprocess.Popen(
            [str(SSHD), "-D", "-e", "-f", str(self.config)], stdout=subprocess.DEVNULL,
            stderr=self._log)
        self._wait()

    def _wait(self, limit: float = 20.0) -> None:
        end = time.monotonic() + limit
        while time.monotonic() < end:
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"sshd stopped at start: {self.log.read_text()}")
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"sshd did not listen within {limit:.0f} s: {self.log.read_text()}")

    def ssh_command(self, key: Path) -> str:
        """GIT_SSH_COMMAND for a player holding `key`."""
        return (f"ssh -i {key} -p {self.port} -o StrictHostKeyChecking=no "
                "-o UserKnownHostsFile=/dev/null -o IdentitiesOnly=yes -o BatchMode=yes "
                "-o LogLevel=ERROR -o ConnectTimeout=20")

    def url(self, path: Path | str) -> str:
        return f"ssh://{self.user}@127.0.0.1:{self.port}{path}"

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=20)
            self.proc = None
        self._log.close()
