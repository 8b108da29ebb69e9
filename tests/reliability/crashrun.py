"""Run `play.py` with every filesystem write counted, and fail or die at a chosen one.

    python3 crashrun.py [OPTIONS] N -- <play.py arguments>

The wrapper patches the primitives a command writes with (os.open/os.write for the lock,
open()/io.open() and the file objects they return, os.replace, os.rename, os.unlink, os.rmdir,
os.mkdir, os.fsync, os.truncate, os.ftruncate; shutil.rmtree, pathlib and tempfile all go through
these) and counts each call that changes the disk as one *step*. Just before step N is carried
out it injects the fault, then runs `lifegames.cli.main()` exactly as play.py does. Production
code is not touched: the patches live in this process only.

Faults (--fault):
  kill    SIGKILL this process before step N (default): a crash or a pulled plug.
  torn    like kill, but a write step first writes half of its data and flushes it.
  sigint  SIGINT (Ctrl-C) this process before step N; the step itself then runs.
  enospc  step N raises OSError(ENOSPC), and so does every later step that needs space
          (opening for write, writing, mkdir, fsync); unlinks and renames still work, as on
          a full disk.
  erofs   step N and every later step raise OSError(EROFS): a read-only file system.
  eacces  step N and every later step raise PermissionError(EACCES): a read-only folder.

Options:
  --count-file PATH   at exit, write the number of steps taken (N=0 disables faults).
  --log PATH          append "k<TAB>kind<TAB>target" for every step (for readable failures).
  --sleep S           sleep S seconds before every step (widens a tick for concurrency tests).
  --pause K:S         sleep S seconds before step K.
  --notify K:PATH     create PATH on reaching step K, before any pause (a barrier other
                      processes can wait on).
  --gate K:PATH       on reaching step K (after --notify), wait until PATH exists: a start
                      line, so several processes take step K at the same moment.
  --events PATH       append "acquire|release|break <pid> <monotonic time>" for the folder lock.

`python3 crashrun.py --serve` runs many such commands quickly (see serve()).
"""

from __future__ import annotations

import atexit
import builtins
import errno
import io
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

_REPO = Path(__file__).resolve().parents[2]
if str(_REPO) not in sys.path:
    sys.path.insert(0, str(_REPO))

_orig = {
    "open": builtins.open,
    "io_open": io.open,
    "os_open": os.open,
    "os_write": os.write,
    "replace": os.replace,
    "rename": os.rename,
    "unlink": os.unlink,
    "remove": os.remove,
    "rmdir": os.rmdir,
    "mkdir": os.mkdir,
    "fsync": os.fsync,
    "truncate": os.truncate,
    "ftruncate": os.ftruncate,
}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_SPACE_KINDS = {"open", "os.open", "write", "os.write", "mkdir", "fsync", "truncate"}


class Config:
    target = 0  # 0: never inject
    fault = "kill"
    log: str | None = None
    sleep = 0.0
    pauses: dict[int, float] = {}
    notify: dict[int, str] = {}
    gates: dict[int, str] = {}
    events: str | None = None
    count_file: str | None = None


STEP = 0
FAILING = False  # a persistent fault (enospc/erofs/eacces) has started
HOLDING_LOCK = False
LOCK_FD = -1  # the lock file: its few bytes are written whole or not at all


def _append(path: str, line: str) -> None:
    fd = _orig["os_open"](path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        _orig["os_write"](fd, line.encode("utf-8", "replace"))
    finally:
        os.close(fd)


def _is_lock(path: object) -> bool:
    text = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else ""
    return text.replace("\\", "/").endswith(".lifegames/lock")


def _event(kind: str) -> None:
    if Config.events:
        _append(Config.events, f"{kind} {os.getpid()} {time.monotonic():.6f}\n")


def _error(kind: str, target: str) -> OSError:
    code = {"enospc": errno.ENOSPC, "erofs": errno.EROFS, "eacces": errno.EACCES}[Config.fault]
    cls = PermissionError if code == errno.EACCES else OSError
    return cls(code, os.strerror(code), target)


def step(kind: str, target: object, torn: object = None) -> None:
    """Count one write step; inject the fault if this is step N (or a fault persists)."""
    global STEP, FAILING
    STEP += 1
    name = os.fsdecode(target) if isinstance(target, (str, bytes, os.PathLike)) else repr(target)
    if Config.log:
        _append(Config.log, f"{STEP}\t{kind}\t{name}\n")
    if STEP in Config.notify:
        _append(Config.notify[STEP], "ready\n")
    if STEP in Config.gates:
        deadline = time.monotonic() + 120
        while not os.path.exists(Config.gates[STEP]) and time.monotonic() < deadline:
            time.sleep(0.001)
    if STEP in Config.pauses:
        time.sleep(Config.pauses[STEP])
    if Config.sleep:
        time.sleep(Config.sleep)
    if Config.target and STEP == Config.target:
        if Config.fault == "sigint":
            os.kill(os.getpid(), signal.SIGINT)  # Python raises KeyboardInterrupt next
            return
        if Config.fault in ("kill", "torn"):
            if Config.fault == "torn" and callable(torn):
                torn()
            os.kill(os.getpid(), signal.SIGKILL)
            time.sleep(60)  # never reached
        FAILING = True
        raise _error(kind, name)
    if FAILING and (Config.fault in ("erofs", "eacces") or kind in _SPACE_KINDS):
        raise _error(kind, name)


class Writer:
    """A file object opened for writing whose writes and truncations are steps."""

    def __init__(self, handle: Any, name: str) -> None:
        self._handle = handle
        self._name = name

    def write(self, data: Any) -> Any:
        def torn() -> None:
            self._handle.write(data[: len(data) // 2])
            self._handle.flush()

        step("write", self._name, torn if len(data) > 1 else None)
        return self._handle.write(data)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def truncate(self, size: int | None = None) -> Any:
        step("truncate", self._name)
        return self._handle.truncate(size)

    def __enter__(self) -> Writer:
        self._handle.__enter__()
        return self

    def __exit__(self, *exc: object) -> object:
        return self._handle.__exit__(*exc)

    def __iter__(self) -> Any:
        return iter(self._handle)

    def __getattr__(self, name: str) -> object:
        return getattr(self._handle, name)


def _writing(mode: str) -> bool:
    return any(c in mode for c in "wax+")


def patched_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
    if isinstance(file, int) or not _writing(mode):
        return _orig["open"](file, mode, *args, **kwargs)
    name = os.fsdecode(file)
    step("open", f"{name} ({mode})")
    return Writer(_orig["open"](file, mode, *args, **kwargs), name)


def patched_os_open(path: Any, flags: int, mode: int = 0o777, *args: Any, **kwargs: Any
                    ) -> int:
    global HOLDING_LOCK, LOCK_FD
    if not flags & _WRITE_FLAGS:
        return _orig["os_open"](path, flags, mode, *args, **kwargs)
    step("os.open", _where(path, kwargs.get("dir_fd")))
    fd = _orig["os_open"](path, flags, mode, *args, **kwargs)
    if _is_lock(path) and flags & os.O_EXCL:
        HOLDING_LOCK = True
        LOCK_FD = fd
        _event("acquire")
    return fd


def _where(name: Any, dir_fd: int | None) -> str:
    """A path given relative to a folder's descriptor, as the full path (for the step log)."""
    text = os.fsdecode(name)
    if dir_fd is None:
        return text
    try:
        return os.path.join(os.readlink(f"/proc/self/fd/{dir_fd}"), text)
    except OSError:
        return text


def _simple(kind: str, key: str) -> Callable[..., Any]:
    original = _orig[key]

    def patched(*args: Any, **kwargs: Any) -> Any:
        global HOLDING_LOCK
        target = args[0] if args else kwargs.get("path", kwargs.get("src", "?"))
        if kind in ("replace", "rename") and len(args) > 1:
            label = (f"{_where(args[0], kwargs.get('src_dir_fd'))} -> "
                     f"{_where(args[1], kwargs.get('dst_dir_fd'))}")
        else:
            label = _where(target, kwargs.get("dir_fd")) if isinstance(target, (str, bytes)) \
                else target
        step(kind, label)
        result = original(*args, **kwargs)
        if kind in ("unlink", "remove") and _is_lock(target):
            _event("release" if HOLDING_LOCK else "break")
            HOLDING_LOCK = False
        return result

    return patched


def install() -> None:
    builtins.open = patched_open
    io.open = patched_open
    os.open = patched_os_open

    def os_write(fd: int, data: bytes) -> int:
        def torn() -> None:
            _orig["os_write"](fd, bytes(data[: len(data) // 2]))

        step("os.write", f"fd {fd}", torn if len(data) > 1 and fd != LOCK_FD else None)
        return _orig["os_write"](fd, data)

    os.write = os_write
    os.replace = _simple("replace", "replace")
    os.rename = _simple("rename", "rename")
    os.unlink = _simple("unlink", "unlink")
    os.remove = _simple("remove", "remove")
    os.rmdir = _simple("rmdir", "rmdir")
    os.mkdir = _simple("mkdir", "mkdir")
    os.fsync = _simple("fsync", "fsync")
    os.truncate = _simple("truncate", "truncate")
    os.ftruncate = _simple("truncate", "ftruncate")
    # shutil.rmtree, pathlib and tempfile look these up in the os module at call time, so each
    # file or folder they create or remove is a step of its own.


def _configure(options: dict[str, object]) -> None:
    """Set the fault and the options for the next command (and start counting from 0)."""
    global STEP, FAILING, HOLDING_LOCK, LOCK_FD
    STEP, FAILING, HOLDING_LOCK, LOCK_FD = 0, False, False, -1
    Config.target = int(options.get("step", 0))  # type: ignore[arg-type]
    Config.fault = str(options.get("fault", "kill"))
    Config.log = options.get("log")  # type: ignore[assignment]
    Config.count_file = options.get("count_file")  # type: ignore[assignment]
    Config.events = options.get("events")  # type: ignore[assignment]
    Config.sleep = float(options.get("sleep", 0.0))  # type: ignore[arg-type]
    Config.pauses = {int(k): float(v) for k, v in dict(options.get("pauses", {})).items()}
    Config.notify = {int(k): str(v) for k, v in dict(options.get("notify", {})).items()}
    Config.gates = {int(k): str(v) for k, v in dict(options.get("gates", {})).items()}
    if Config.fault not in ("kill", "torn", "sigint", "enospc", "erofs", "eacces"):
        raise SystemExit(f"unknown fault {Config.fault!r}\n{__doc__}")


def _parse(argv: list[str]) -> tuple[dict[str, object], list[str]]:
    if "--" not in argv:
        raise SystemExit(__doc__)
    split = argv.index("--")
    words, rest = argv[:split], argv[split + 1:]
    options: dict[str, object] = {"pauses": {}, "notify": {}, "gates": {}}
    positional: list[str] = []
    names = {"--fault": "fault", "--log": "log", "--count-file": "count_file",
             "--events": "events", "--sleep": "sleep"}
    i = 0
    while i < len(words):
        word = words[i]
        value = words[i + 1] if i + 1 < len(words) else ""
        if word in names:
            options[names[word]] = value
            i += 2
        elif word in ("--pause", "--notify", "--gate"):
            key, _, argument = value.partition(":")
            table = options[{"--pause": "pauses", "--notify": "notify", "--gate": "gates"}[word]]
            assert isinstance(table, dict)
            table[key] = argument
            i += 2
        else:
            positional.append(word)
            i += 1
    if len(positional) != 1 or not positional[0].isdigit():
        raise SystemExit(__doc__)
    options["step"] = int(positional[0])
    return options, rest


def _run(rest: list[str]) -> int:
    """Run play.py's main with these arguments; its exit code."""
    sys.argv = [str(_REPO / "play.py"), *rest]
    from lifegames.cli import main as play

    try:
        play()
    except SystemExit as stop:
        code = stop.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        print(code, file=sys.stderr)
        return 1
    return 0


def _write_count() -> None:
    if Config.count_file:
        with _orig["open"](Config.count_file, "w", encoding="utf-8") as handle:
            handle.write(f"{STEP}\n")


def main() -> None:
    """One command: `python3 crashrun.py [OPTIONS] N -- <play.py arguments>`."""
    if sys.argv[1:] == ["--serve"]:
        serve()
        return
    options, rest = _parse(sys.argv[1:])
    install()
    _configure(options)
    atexit.register(_write_count)
    sys.exit(_run(rest))


def serve() -> None:
    """Many commands, fast: `python3 crashrun.py --serve` reads one JSON job a line on stdin,
    {"args": [...play.py arguments], "stdout": PATH, "stderr": PATH, "step": N, "fault": ...,
    and the options above by their long names}, runs each in a fresh child process forked from
    this one (lifegames is imported once, here, after the patches are installed, exactly as a
    single run imports it), and answers {"code": exit code, or -signal if it was killed}.
    The child is a real process: SIGKILL ends it as it ends play.py."""
    import json
    import traceback

    install()
    import lifegames.cli  # noqa: F401 - imported once, before any fork
    from lifegames import registry
    from lifegames.engine.core import orders

    for game_id in registry.ids():  # read-only work every child would repeat
        game = registry.get(game_id)
        orders.commands(game.grammar_name())
        game.order_help()
    for line in sys.stdin:
        job = json.loads(line)
        pid = os.fork()
        if pid == 0:  # the child: one command, then exit without running the parent's atexit
            code = 1
            try:
                out = _orig["os_open"](job["stdout"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC,
                                       0o644)
                err = _orig["os_open"](job["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC,
                                       0o644)
                os.dup2(out, 1)
                os.dup2(err, 2)
                _configure(job)
                code = _run(list(job["args"]))
            except BaseException:  # noqa: BLE001 - what an uncaught error prints, then exit 1
                traceback.print_exc()
                code = 1
            finally:
                try:
                    sys.stdout.flush()
                    sys.stderr.flush()
                    _write_count()
                finally:
                    os._exit(code)
        _, status = os.waitpid(pid, 0)
        code = (-os.WTERMSIG(status) if os.WIFSIGNALED(status)
                else os.WEXITSTATUS(status))
        sys.stdout.write(json.dumps({"code": code}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
