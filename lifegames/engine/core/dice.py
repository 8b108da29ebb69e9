"""Deterministic chance.

Every random outcome is drawn from a stream derived from (secret seed, tick, stream name), so a
replay of setup plus the executed orders reproduces every roll, and no roll depends on the order
in which unrelated streams were used.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")


def new_seed() -> int:
    """A fresh secret seed for a new game (63 bits, so it prints as a plain integer)."""
    return secrets.randbits(63)


def new_salt() -> str:
    """128 secret random bits, published with the seed at the end: a seed chosen with --seed
    (a small number, say) cannot be found by trying seeds against the published hash."""
    return secrets.token_hex(16)


def committed_text(seed: int, salt: str | None) -> str:
    """What the published hash is the sha256 of: `SALT:SEED` (the seed alone in games set up
    before salts)."""
    return f"{salt}:{seed}" if salt else str(seed)


def seed_digest(seed: int, salt: str | None = None) -> str:
    """The published commitment to the seed (and its salt)."""
    return hashlib.sha256(committed_text(seed, salt).encode("ascii")).hexdigest()


class Dice:
    """All dice of one tick. `Dice(seed, tick).stream("threat").d6()`."""

    def __init__(self, seed: int, tick: int) -> None:
        self.seed = seed
        self.tick = tick
        self._streams: dict[str, Stream] = {}

    def stream(self, name: str) -> Stream:
        if name not in self._streams:
            self._streams[name] = Stream(self.seed, self.tick, name)
        return self._streams[name]


class Stream:
    """One named sequence of rolls; the same (seed, tick, name) always gives the same rolls."""

    def __init__(self, seed: int, tick: int, name: str) -> None:
        material = f"lifegames:{seed}:{tick}:{name}".encode()
        self._rng = random.Random(int.from_bytes(hashlib.sha256(material).digest(), "big"))

    def die(self, sides: int = 6) -> int:
        return self._rng.randint(1, sides)

    def d6(self) -> int:
        return self.die(6)

    def roll(self, count: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(count)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._rng.shuffle(items)

    def choice(self, items: list[T]) -> T:
        return self._rng.choice(items)
