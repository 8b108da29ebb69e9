"""The one guarded reader and the one guarded writer for files in a game folder (and in a
player's seat): every command that reads or writes a player's files goes through here.

A player controls what is in their folder: a name may be a link to a host secret or to
/dev/zero, a FIFO that never answers, a 300 MB sparse file, a folder, or a file nobody may
read, and the folder itself may be a link or sit on another file system. So nothing here
follows a link the folder contains: a path is walked one folder at a time from the root the
host chose, each folder opened with O_NOFOLLOW relative to its parent's descriptor (a folder
swapped for a link half-way cannot redirect the walk). A file is read only once fstat says it
is a regular file, and never past a bound. A file is written whole into a new file in its own
folder (so it works on any file system), flushed, then renamed over the old name in one step:
a link at that name is replaced, never written through.

Where the platform has no descriptor-relative calls (Windows), the same checks are made on
paths, with lstat before each step.

Everything inside a game folder (one that holds a `.lifegames` folder: the referee's state,
the players' folders and sheets, the host's copies of the seats) is the host's alone: a folder
created there is made 0700 and a file 0600, set explicitly rather than left to the umask. Other
files (a player's seat shared through a synced folder) get the umask's modes, as usual.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from types import TracebackType
from typing import TypedDict

from ..base.codes import E
from ..base.errors import LifegamesError

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
NONBLOCK = getattr(os, "O_NONBLOCK", 0)
DIRECTORY = getattr(os, "O_DIRECTORY", 0)
CLOEXEC = getattr(os, "O_CLOEXEC", 0)
NOCTTY = getattr(os, "O_NOCTTY", 0)
BINARY = getattr(os, "O_BINARY", 0)
# By name: a test harness that wraps os.open (tests/reliability/crashrun.py) must not turn
# the descriptor-relative calls off.
DIR_FDS = (
    bool(DIRECTORY and NOFOLLOW)
    and {"open", "stat", "mkdir", "rename", "unlink", "rmdir"}
    <= {f.__name__ for f in os.supports_dir_fd}
    and "listdir" in {f.__name__ for f in os.supports_fd}
)
TEMP_PREFIX = ".lifegames-tmp-"
CHUNK = 1 << 20
PRIVATE_FOLDER = ".lifegames"  # the referee's hidden folder: all in it is the host's alone
PRIVATE_DIR_MODE = 0o700
PRIVATE_FILE_MODE = 0o600


def is_private(path: str | os.PathLike[str]) -> bool:
    """Whether `path` lies in (or is) a folder named `.lifegames`, or is a game folder (it
    holds a real `.lifegames` folder): its entries are made for the host's account alone.
    A folder below a game folder is reached from it (Folder.child), and inherits this."""
    where = Path(os.path.abspath(path))
    if PRIVATE_FOLDER in where.parts:
        return True
    try:
        return stat.S_ISDIR(os.lstat(where / PRIVATE_FOLDER).st_mode)
    except OSError:
        return False


def make_folders(path: str | os.PathLike[str]) -> None:
    """`mkdir -p path`: each folder it creates inside a `.lifegames` folder (or the
    `.lifegames` folder itself) is made 0700 whatever the umask; others get the umask's."""
    target = Path(os.path.abspath(path))
    missing = []
    while not os.path.lexists(target) and target != target.parent:
        missing.append(target)
        target = target.parent
    for folder in reversed(missing):
        private = is_private(folder)
        try:
            os.mkdir(folder, PRIVATE_DIR_MODE if private else 0o777)
        except FileExistsError:
            continue
        if private:
            os.chmod(folder, PRIVATE_DIR_MODE)
    if not Path(path).is_dir():
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path))


def make_private_tree(top: str | os.PathLike[str]) -> None:
    """make_private on `top` and everything below it (links are not followed): a folder
    that a tool such as git has just filled under the umask becomes the host's alone."""
    make_private(top)
    for folder, names, files in os.walk(top):
        for name in names + files:
            make_private(os.path.join(folder, name))


def make_private(path: str | os.PathLike[str]) -> None:
    """Take the group's and others' permissions from a file or folder (a link is neither
    followed nor changed; a missing path is left missing)."""
    _restrict_named(path)


class Refused(LifegamesError):
    """A file or folder the guarded reader or writer will not use, and why (`kind`: link,
    folder, not-a-folder, fifo, device, socket, unreadable). `path` is as the user sees it."""

    def __init__(self, path: str, kind: str, reason: str) -> None:
        super().__init__(f"{path} {reason}")
        self.path = path
        self.kind = kind
        self.reason = reason

    @property
    def code(self) -> str:
        """The stable problem code when the file is an order file."""
        return E.UNREADABLE if self.kind == "unreadable" else E.NOT_A_FILE

    @property
    def hint(self) -> str:
        if self.kind == "unreadable":
            return "let your user read it (chmod u+r), or write your orders in a new file"
        if self.kind == "not-a-folder":
            return "move it out of the way; lifegames keeps its files in a folder of that name"
        return "delete it and write a plain text file of that name instead"


_KINDS = (
    (stat.S_ISLNK, "link", "is a link (lifegames never follows a link inside a game folder)"),
    (stat.S_ISDIR, "folder", "is a folder, not a file"),
    (stat.S_ISFIFO, "fifo", "is a named pipe (FIFO), not a file"),
    (stat.S_ISSOCK, "socket", "is a socket, not a file"),
    (stat.S_ISCHR, "device", "is a device, not a file"),
    (stat.S_ISBLK, "device", "is a device, not a file"),
)


def kind_of(mode: int) -> str:
    """'file', 'link', 'folder', 'fifo', 'socket' or 'device'."""
    if stat.S_ISREG(mode):
        return "file"
    return next((kind for test, kind, _ in _KINDS if test(mode)), "device")


def refusal(path: str, mode: int) -> Refused:
    """Why a name that is not a regular file cannot be read or written as one."""
    for test, kind, reason in _KINDS:
        if test(mode):
            return Refused(path, kind, reason)
    return Refused(path, "device", "is not a plain file")


def parts(relative: str) -> tuple[str, ...]:
    """The folders and name of a path inside the root; never absolute, never `..`."""
    pure = PurePosixPath(relative)
    if pure.is_absolute() or not pure.parts or any(p in ("", ".", "..") for p in pure.parts):
        raise ValueError(f"unsafe path {relative!r}")
    return pure.parts


@dataclass(frozen=True)
class Content:
    """What the reader found: at most limit + 1 bytes, the file's true size, its fstat."""

    data: bytes
    size: int
    info: os.stat_result | None = None  # None: not read from a file (a blob from git)

    @property
    def complete(self) -> bool:
        return len(self.data) >= self.size



class _DirFd(TypedDict, total=False):
    """The `dir_fd` keyword of the os functions, when the folder is open."""

    dir_fd: int

class Folder:
    """An open folder, reached without following any link below the root. Use as a context
    manager (it holds a file descriptor where the platform allows)."""

    def __init__(self, path: Path, shown: str, fd: int | None, private: bool = False) -> None:
        self.path = path
        self.shown = shown  # the folder as messages name it ('' for the root)
        self.fd = fd
        self.private = private  # inside `.lifegames`: what is created here is the host's alone

    @property
    def file_mode(self) -> int:
        return PRIVATE_FILE_MODE if self.private else 0o666

    # -- opening --------------------------------------------------------------------------
    @classmethod
    def open(cls, root: str | os.PathLike[str]) -> Folder:
        """The root folder itself (the host chose it: a link here is followed)."""
        path = Path(root)
        private = is_private(path)
        if not DIR_FDS:
            if not path.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path))
            return cls(path, "", None, private)
        return cls(path, "", os.open(path, os.O_RDONLY | DIRECTORY | CLOEXEC), private)

    def child(self, names: tuple[str, ...] | list[str], create: bool = False) -> Folder | None:
        """The folder `names` below this one (None if missing and not `create`); Refused if
        any step is a link or not a folder."""
        current: Folder = self
        try:
            for name in names:
                step = current._step(name, create)
                if current is not self:
                    current.close()
                if step is None:
                    return None
                current = step
        except BaseException:
            if current is not self:
                current.close()
            raise
        return current if current is not self else self._dup()

    def _dup(self) -> Folder:
        return Folder(self.path, self.shown, None if self.fd is None else os.dup(self.fd),
                      self.private)

    def _step(self, name: str, create: bool) -> Folder | None:
        shown = self.name(name)
        path = self.path / name
        private = self.private or name == PRIVATE_FOLDER
        made = False
        info = self.lstat(name)
        if info is None:
            if not create:
                return None
            with contextlib.suppress(FileExistsError):
                os.mkdir(*self._at(name), PRIVATE_DIR_MODE if private else 0o777, **self._fd())
                made = private
            info = self.lstat(name)
            if info is None:
                raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), shown)
        if not stat.S_ISDIR(info.st_mode):
            if stat.S_ISLNK(info.st_mode):
                raise refusal(shown, info.st_mode)
            raise Refused(shown, "not-a-folder",
                          "is a file, not a folder" if stat.S_ISREG(info.st_mode)
                          else refusal(shown, info.st_mode).reason.replace("a file", "a folder"))
        if self.fd is None:
            if made:
                os.chmod(path, PRIVATE_DIR_MODE)
            return Folder(path, shown, None, private)
        try:
            fd = os.open(name, os.O_RDONLY | DIRECTORY | NOFOLLOW | CLOEXEC, dir_fd=self.fd)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
                raise Refused(shown, "link", _KINDS[0][2]) from None
            raise _named(exc, shown) from None
        if made:
            _fchmod(fd, PRIVATE_DIR_MODE)  # exactly, whatever the umask took
        return Folder(path, shown, fd, private)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def __enter__(self) -> Folder:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    # -- looking --------------------------------------------------------------------------
    def name(self, name: str) -> str:
        return f"{self.shown}/{name}" if self.shown else name

    def _at(self, name: str) -> tuple[str]:
        return (name,) if self.fd is not None else (str(self.path / name),)

    def _fd(self) -> _DirFd:
        return {"dir_fd": self.fd} if self.fd is not None else {}

    def lstat(self, name: str) -> os.stat_result | None:
        """The entry itself (a link is not followed); None if there is none."""
        try:
            return os.stat(*self._at(name), follow_symlinks=False, **self._fd())
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise _named(exc, self.name(name)) from None

    def stat(self) -> os.stat_result:
        return os.fstat(self.fd) if self.fd is not None else os.stat(self.path)

    def names(self) -> list[str]:
        """The entries of this folder, sorted."""
        return sorted(os.listdir(self.fd if self.fd is not None else self.path))

    def make_private(self, name: str | None = None) -> None:
        """Take the group's and others' permissions from this folder (`name` None) or from
        its regular file or folder `name` (a link is neither followed nor changed, a missing
        name is left missing): what the host keeps private stays so whatever the umask, a
        copy or a chmod did to it meanwhile."""
        if name is None:
            if self.fd is not None:
                _restrict(self.fd)
            elif hasattr(os, "chmod"):
                os.chmod(self.path, stat.S_IMODE(os.stat(self.path).st_mode) & ~_LOOSE)
            return
        info = self.lstat(name)
        if info is None or not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)):
            return
        if info.st_mode & _LOOSE == 0:
            return
        if self.fd is None:
            os.chmod(self.path / name, stat.S_IMODE(info.st_mode) & ~_LOOSE)
        else:
            _restrict_named(name, self.fd)

    def writable(self) -> bool:
        """This user may create and remove entries here (advice for checks made before a
        commit; the writes themselves are what count)."""
        return os.access(self.path, os.W_OK | os.X_OK)

    # -- reading --------------------------------------------------------------------------
    def read(self, name: str, limit: int) -> Content | None:
        """A regular file's first limit + 1 bytes (enough to tell it is too large) and its
        size; None if there is no such entry; Refused for anything that is not a regular file
        or cannot be read. Never blocks on a FIFO and never reads past the bound."""
        shown = self.name(name)
        opened = self._open_regular(name, os.O_RDONLY)
        if opened is None:
            return None
        fd, info = opened
        try:
            chunks: list[bytes] = []
            left = limit + 1
            while left > 0:
                chunk = os.read(fd, min(left, CHUNK))
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
        except OSError as exc:
            raise _named(exc, shown) from None
        finally:
            os.close(fd)
        data = b"".join(chunks)
        return Content(data, max(info.st_size, len(data)), info)

    def _open_regular(self, name: str, flags: int) -> tuple[int, os.stat_result] | None:
        """A descriptor on the regular file `name`, and its fstat; None if it is missing (and
        `flags` do not create it); Refused for anything else, checked both before opening
        (a device is never opened) and on the descriptor (nothing swapped in between)."""
        shown = self.name(name)
        info = self.lstat(name)
        if info is not None and not stat.S_ISREG(info.st_mode):
            raise refusal(shown, info.st_mode)
        if info is None and not flags & os.O_CREAT:
            return None
        try:
            fd = os.open(*self._at(name), flags | NOFOLLOW | NONBLOCK | NOCTTY | CLOEXEC | BINARY,
                         self.file_mode, **self._fd())
        except FileNotFoundError:
            if flags & os.O_CREAT:
                raise
            return None
        except PermissionError:
            if flags & (os.O_WRONLY | os.O_RDWR):
                raise
            raise Refused(shown, "unreadable", "cannot be read: permission denied") from None
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENXIO, errno.EISDIR):
                raise Refused(shown, "link", _KINDS[0][2]) from None
            raise _named(exc, shown) from None
        now = os.fstat(fd)
        if not stat.S_ISREG(now.st_mode):
            os.close(fd)
            raise refusal(shown, now.st_mode)
        return fd, now

    # -- writing --------------------------------------------------------------------------
    def write(self, name: str, data: bytes, sync: bool = True) -> None:
        """Replace `name` by a file holding exactly `data`, all or nothing: a new file in this
        folder, flushed, renamed over the old name. A link at the name is replaced (its
        target is untouched); a folder there is Refused."""
        shown = self.name(name)
        info = self.lstat(name)
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise refusal(shown, info.st_mode)
        # One temporary name per target: a write killed half-way leaves its temporary file,
        # and the same write done again (a journal carried out anew) removes it first.
        temp = f"{TEMP_PREFIX}{hashlib.sha256(name.encode('utf-8')).hexdigest()[:12]}"
        left = self.lstat(temp)
        if left is not None and not stat.S_ISDIR(left.st_mode):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(*self._at(temp), **self._fd())
        try:
            fd = os.open(*self._at(temp), os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW
                         | CLOEXEC | BINARY, self.file_mode, **self._fd())
        except OSError as exc:
            raise _named(exc, shown) from None
        try:
            try:
                if self.private:
                    _fchmod(fd, PRIVATE_FILE_MODE)
                _write_all(fd, data)
                if sync:
                    os.fsync(fd)
            finally:
                os.close(fd)
            self.rename(temp, self, name)
        except BaseException as exc:
            with contextlib.suppress(OSError):
                os.unlink(*self._at(temp), **self._fd())
            if isinstance(exc, OSError) and not isinstance(exc, Refused):
                raise _named(exc, shown) from None
            raise
        if sync:
            self.sync()

    def append_at(self, name: str, offset: int, data: bytes) -> None:
        """Write `data` at `offset` of a regular file (created if missing), dropping whatever
        stood there: doing it twice gives the same file. A file now shorter than `offset`
        (cut by someone else) gets `data` at its end, never a run of NUL bytes."""
        shown = self.name(name)
        opened = self._open_regular(name, os.O_RDWR | os.O_CREAT)
        assert opened is not None
        fd, now = opened
        try:
            if self.private:
                _fchmod(fd, PRIVATE_FILE_MODE)
            at = min(offset, now.st_size)
            os.ftruncate(fd, at)
            os.lseek(fd, at, os.SEEK_SET)
            _write_all(fd, data)
        except OSError as exc:
            raise _named(exc, shown) from None
        finally:
            os.close(fd)

    def rename(self, name: str, other: Folder, other_name: str) -> None:
        """Move entry `name` to `other_name` in `other` (replacing what is there), in one step
        on one file system, else by a copy into `other` and a removal here."""
        try:
            if self.fd is not None and other.fd is not None:
                os.replace(name, other_name, src_dir_fd=self.fd, dst_dir_fd=other.fd)
            else:
                os.replace(self.path / name, other.path / other_name)
            return
        except OSError as exc:
            if exc.errno != errno.EXDEV:
                raise _named(exc, other.name(other_name)) from None
        content = self.read(name, 1 << 40)
        if content is None:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), self.name(name))
        other.write(other_name, content.data)
        self.unlink(name)

    def unlink(self, name: str) -> bool:
        """Remove an entry that is not a folder (a link itself, never its target); False if
        there was none."""
        info = self.lstat(name)
        if info is None:
            return False
        if stat.S_ISDIR(info.st_mode):
            raise refusal(self.name(name), info.st_mode)
        try:
            os.unlink(*self._at(name), **self._fd())
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise _named(exc, self.name(name)) from None
        return True

    def rmdir_if_empty(self, name: str) -> bool:
        try:
            os.rmdir(*self._at(name), **self._fd())
        except OSError:
            return False
        return True

    def sync(self) -> None:
        """Flush this folder's entries (a rename) to disk, where the platform can."""
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.fsync(self.fd)


_LOOSE = stat.S_IRWXG | stat.S_IRWXO


def _restrict_named(path: str | os.PathLike[str], dir_fd: int | None = None) -> None:
    """_restrict on `path` (relative to `dir_fd`, if given), opened without following a
    link and without blocking on a FIFO; nothing if it cannot be opened."""
    try:
        fd = os.open(path, os.O_RDONLY | NOFOLLOW | NONBLOCK | NOCTTY | CLOEXEC, dir_fd=dir_fd)
    except OSError:
        return
    try:
        _restrict(fd)
    finally:
        os.close(fd)


def _restrict(fd: int) -> None:
    """Take the group's and others' bits from a regular file's or folder's descriptor."""
    mode = os.fstat(fd).st_mode
    if (stat.S_ISREG(mode) or stat.S_ISDIR(mode)) and mode & _LOOSE:
        _fchmod(fd, stat.S_IMODE(mode) & ~_LOOSE)


def _fchmod(fd: int, mode: int) -> None:
    """Set a descriptor's mode, where the platform has modes (not Windows)."""
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        done = os.write(fd, view[:CHUNK])
        view = view[done:]


def _named(exc: OSError, shown: str) -> OSError:
    """The same error, naming the path as the user knows it."""
    if isinstance(exc, Refused):
        return exc
    return type(exc)(exc.errno, exc.strerror or str(exc), shown)


# -- paths from a root ------------------------------------------------------------------------


@contextlib.contextmanager
def parent_of(root: str | os.PathLike[str], relative: str, create: bool = False):  # type: ignore[no-untyped-def]
    """(the folder holding `relative`, or None if missing; the file's name)."""
    *folders, name = parts(relative)
    with Folder.open(root) as top:
        folder = top.child(folders, create=create)
        try:
            yield folder, name
        finally:
            if folder is not None:
                folder.close()


def read(root: str | os.PathLike[str], relative: str, limit: int) -> Content | None:
    """The guarded reader: `relative` under `root`, None if it (or a folder on the way) is
    missing, Refused if it or a folder on the way is not what it should be."""
    with parent_of(root, relative) as (folder, name):
        return None if folder is None else folder.read(name, limit)


def write(root: str | os.PathLike[str], relative: str, data: bytes, sync: bool = True) -> None:
    """The guarded writer: `relative` under `root` replaced atomically by `data` (missing
    folders on the way are created; a link on the way is Refused)."""
    with parent_of(root, relative, create=True) as (folder, name):
        assert folder is not None
        folder.write(name, data, sync)


def kind(root: str | os.PathLike[str], relative: str) -> str:
    """'missing', 'file', 'link', 'folder', 'fifo', 'socket' or 'device'; Refused if a
    folder on the way is a link or a file."""
    with parent_of(root, relative) as (folder, name):
        if folder is None:
            return "missing"
        info = folder.lstat(name)
        return "missing" if info is None else kind_of(info.st_mode)


def listing(root: str | os.PathLike[str], relative: str) -> dict[str, str]:
    """name -> kind of every entry of the folder `relative` ({} if it is missing or is not a
    folder reached without links)."""
    try:
        with Folder.open(root) as top:
            folder = top.child(parts(relative))
            if folder is None:
                return {}
            with folder:
                out = {}
                for name in folder.names():
                    info = folder.lstat(name)
                    if info is not None:
                        out[name] = kind_of(info.st_mode)
                return out
    except (Refused, NotADirectoryError):
        return {}
