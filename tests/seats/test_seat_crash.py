"""The crash test of a tick, with seats: the referee's journal covers the seat writes, so a
tick killed at any write step (the seats' included) is finished or undone by the next
command, in the referee's folder and in every seat alike; with the seats on the same file
system as the referee's folder, and on another one."""

from __future__ import annotations

import json
import os
import random
import shutil
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from ..reliability.helpers import (
    TRANSIENT,
    Servers,
    count_steps,
    difference,
    output,
    play,
    tree,
)
from .helpers import write_in_seats

SEED = 1_414_213_562_373_095_048
KILLED = -9
SEATS_RECORD = ".lifegames/seats.json"
SHM = Path("/dev/shm")


class Place:
    """A game's host folder (on disk) and its seats: beside it, or on another file system,
    with a fresh copy of both for every run."""

    def __init__(self, root: Path, apart: bool) -> None:
        self.root, self.apart = root, apart
        self.count = 0

    def seats_of(self, name: str) -> Path:
        if self.apart:
            return SHM / f"lifegames-crash-{os.getpid()}-{self.root.name}-{name}"
        return self.root / name / "seats"

    def copy(self, source: str, name: str) -> Path:
        """Copy host and seats of `source` to a new `name`; the host's record of where its
        seats are is pointed at the copy (it is not one of the files a tick writes)."""
        shutil.copytree(self.root / source / "host", self.root / name / "host")
        shutil.copytree(self.seats_of(source), self.seats_of(name))
        record = self.root / name / "host" / SEATS_RECORD
        where = os.path.relpath(self.seats_of(name), self.root / name / "host")
        record.write_text(json.dumps({"root": where}, indent=1, sort_keys=True) + "\n")
        return self.root / name / "host"

    def tree(self, name: str) -> dict[str, bytes | None]:
        found = {f"host/{k}": v for k, v in tree(self.root / name / "host",
                                                 [*TRANSIENT, SEATS_RECORD]).items()}
        found |= {f"seats/{k}": v for k, v in tree(self.seats_of(name)).items()}
        return found

    def remove(self, name: str) -> None:
        shutil.rmtree(self.root / name, ignore_errors=True)
        shutil.rmtree(self.seats_of(name), ignore_errors=True)


@pytest.mark.parametrize("apart", [False, True], ids=["seats-beside", "seats-on-tmpfs"])
def test_a_tick_killed_at_any_step_lands_at_n_or_n_plus_1_in_every_seat(
        tmp_path: Path, seat_servers: Servers, apart: bool) -> None:
    """Property: SIGKILL before each write step of a Lifestyle tick with seats (2 players, tick
    2 -> 3): after the next command, the whole of the host folder and the seats is byte for
    byte the tick-N or the tick-N+1 one, with no lock, staging or journal left."""
    if apart and (not SHM.is_dir() or os.stat(SHM).st_dev == os.stat(tmp_path).st_dev):
        pytest.skip("no second file system here (/dev/shm missing or on the same device)")
    place = Place(tmp_path, apart)
    try:
        _sweep(place, seat_servers)
    finally:
        if apart:  # the seats live outside pytest's folder
            for leftover in SHM.glob(f"lifegames-crash-{os.getpid()}-{tmp_path.name}-*"):
                shutil.rmtree(leftover, ignore_errors=True)


def _sweep(place: Place, servers: Servers) -> None:
    from lifegames import registry
    from lifegames.engine.host.host import Host

    from .helpers import SALT

    a = place.root / "a"
    host = Host(str(a / "host"), registry.get)
    host.setup(registry.get("lifestyle"), ["Ana", "Ben"], [], SEED, None, SALT,
               place.seats_of("a"))
    seats = place.seats_of("a")
    rng = random.Random(SEED)
    for _ in range(2):
        write_in_seats(host, seats, rng)
        host.tick()
    write_in_seats(host, seats, rng)
    done = play(place.copy("a", "b"), "tick")
    assert done.returncode == 0, output(done)
    steps, _ = count_steps(place.copy("a", "counted"), "tick")
    tree_a, tree_b = place.tree("a"), place.tree("b")
    plain = {k: v for k, v in place.tree("counted").items() if "host.step" not in k}
    assert tree_a != tree_b and plain == tree_b

    def one(step: int) -> tuple[int, str | None, str]:
        work = place.copy("a", f"w{step}")
        killed = servers.run(work, "tick", step=step, fault="kill")
        after = servers.run(work, "status")
        found = place.tree(f"w{step}")
        landed = "N" if found == tree_a else "N+1" if found == tree_b else None
        why = after.stdout + after.stderr
        if landed is None:
            near = tree_a if len(set(found) ^ set(tree_a)) < len(set(found) ^ set(tree_b)) \
                else tree_b
            why = str(difference(near, found)[:4])
        place.remove(f"w{step}")
        ok = killed.returncode == KILLED and after.returncode == 0
        return step, landed if ok else None, why

    with ThreadPoolExecutor(2) as pool:
        runs = list(pool.map(one, range(1, steps + 1)))
    where = Counter(landed for _, landed, _ in runs)
    print(f"\nseats ({'another file system' if place.apart else 'beside'}): {steps} write "
          f"steps; recovered to N: {where['N']}, to N+1: {where['N+1']}, failed: "
          f"{where[None]}")
    assert steps >= 30
    assert where["N"] and where["N+1"]
    assert not [r for r in runs if r[1] is None], [r for r in runs if r[1] is None][:3]
