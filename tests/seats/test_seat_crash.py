"""The crash test of a tick, with seats: the referee's journal covers the seat writes, so a
tick killed at any write step (the seats' included) is finished or undone by the next
command, in the referee's folder and in every seat alike."""

from __future__ import annotations

import random
import shutil
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..reliability.helpers import (
    TRANSIENT,
    Servers,
    count_steps,
    difference,
    output,
    play,
    tree,
)
from .helpers import new_seated, write_in_seats

SEED = 1_414_213_562_373_095_048
KILLED = -9


def _tree(base: Path) -> dict[str, bytes | None]:
    return tree(base, [f"host/{t}" for t in TRANSIENT])


def test_a_tick_killed_at_any_step_lands_at_n_or_n_plus_1_in_every_seat(
        tmp_path: Path, seat_servers: Servers) -> None:
    """Property: SIGKILL before each write step of a Lifestyle tick with seats (2 players, tick
    2 -> 3): after the next command, the whole of host/ and seats/ is byte for byte the tick-N
    or the tick-N+1 one, with no lock, staging or journal left."""
    a = tmp_path / "a"
    host, seats = new_seated(a, "lifestyle", SEED, ["Ana", "Ben"])
    rng = random.Random(SEED)
    for _ in range(2):
        write_in_seats(host, seats, rng)
        host.tick()
    write_in_seats(host, seats, rng)
    b = tmp_path / "b"
    shutil.copytree(a, b)
    done = play(b / "host", "tick")
    assert done.returncode == 0, output(done)
    counted = tmp_path / "counted"
    shutil.copytree(a, counted)
    steps, _ = count_steps(counted / "host", "tick")
    tree_a, tree_b = _tree(a), _tree(b)
    plain = {k: v for k, v in _tree(counted).items() if not k.startswith("host.step")}
    assert tree_a != tree_b and plain == tree_b

    def one(step: int) -> tuple[int, str | None, str]:
        work = tmp_path / f"w{step}"
        shutil.copytree(a, work)
        killed = seat_servers.run(work / "host", "tick", step=step, fault="kill")
        after = seat_servers.run(work / "host", "status")
        found = _tree(work)
        landed = "N" if found == tree_a else "N+1" if found == tree_b else None
        if landed is None:
            near = tree_a if len(set(found) ^ set(tree_a)) < len(set(found) ^ set(tree_b)) \
                else tree_b
            after.stdout = str(difference(near, found)[:4])
        shutil.rmtree(work, ignore_errors=True)
        ok = killed.returncode == KILLED and after.returncode == 0
        return step, landed if ok else None, after.stdout + after.stderr

    with ThreadPoolExecutor(2) as pool:
        runs = list(pool.map(one, range(1, steps + 1)))
    where = Counter(landed for _, landed, _ in runs)
    print(f"\nseats: {steps} write steps; recovered to N: {where['N']}, to N+1: "
          f"{where['N+1']}, failed: {where[None]}")
    assert steps >= 30
    assert where["N"] and where["N+1"]
    assert not [r for r in runs if r[1] is None], [r for r in runs if r[1] is None][:3]
