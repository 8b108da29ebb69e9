"""Run one command; report its wall time, CPU time and peak memory.

    python3 bench/rss.py REPORT.json COMMAND [ARG...]

The command is started with posix_spawn (fork + exec) and waited for. The clock runs from just
before the spawn to just after the wait, so this wrapper's own start-up is not counted. The peak
is resource.getrusage(RUSAGE_CHILDREN).ru_maxrss taken after the wait: the largest resident set
of any process this wrapper (or its children) reaped, i.e. of COMMAND and its own children,
never of the benchmark harness. COMMAND's output and exit code pass through unchanged; the
figures go to REPORT.json.

On Linux it also reads the machine-wide busy CPU time from /proc/stat before and after, so a
report says how many cores *other* processes kept busy meanwhile (the machine is shared: a
2-job run cannot go twice as fast while something else holds the second core).
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time


def busy_seconds() -> float | None:
    """CPU seconds the whole machine has spent not idle since boot (None off Linux)."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = [int(x) for x in stat.readline().split()[1:9]]
    except (OSError, ValueError):
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    report, command = argv[0], argv[1:]
    busy_before = busy_seconds()
    start = time.perf_counter()
    pid = os.posix_spawnp(command[0], command, os.environ)
    _, status = os.waitpid(pid, 0)
    wall = time.perf_counter() - start
    busy_after = busy_seconds()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime
    others = None
    if busy_before is not None and busy_after is not None and wall > 0:
        others = max(0.0, (busy_after - busy_before - cpu) / wall)
    # ru_maxrss is in kilobytes on Linux and in bytes on macOS
    peak_kb = usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss
    code = os.waitstatus_to_exitcode(status)
    with open(report, "w", encoding="utf-8") as out:
        json.dump({"wall": wall, "cpu": cpu, "maxrss_kb": peak_kb, "others_cores": others,
                   "exit": code}, out)
    return code if code >= 0 else 128 - code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
