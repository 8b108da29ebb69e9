"""The kernel's part of a game folder's lock: the lock file is also flock()ed while a command
holds it, and carries the machine's name, so a lock another machine left (a synced folder) is
never cleared from here."""

from __future__ import annotations

import os
from pathlib import Path

from ..files import playerfiles


def host_name() -> str:
    """This machine's name, written into the lock: a lock from another machine (a shared
    folder) is never cleared. os.uname spares every command the socket module's import."""
    uname = getattr(os, "uname", None)
    if uname is not None:
        return str(uname().nodename)
    import socket  # Windows

    return socket.gethostname()


def flock(fd: int, blocking: bool) -> bool:
    """Lock `fd` with the kernel; False if another process holds it (never blocks then)."""
    try:
        import fcntl
    except ImportError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
    except BlockingIOError:
        return False
    except OSError:  # no flock on this file system: as if we had it
        return True
    return True


def kernel_locked(lock: Path) -> bool | None:
    """Whether a live process holds the lock file's kernel lock (None: cannot tell)."""
    try:
        import fcntl  # noqa: F401 - only to know whether the platform has flock
        fd = os.open(lock, os.O_RDONLY | playerfiles.NOFOLLOW | playerfiles.NONBLOCK)
    except (ImportError, OSError):
        return None
    try:
        return not flock(fd, blocking=False)
    finally:
        os.close(fd)
