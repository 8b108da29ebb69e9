"""Games with seats, played by bots that write into the seats as players would."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from lifegames import registry
from lifegames.engine.core.bots import choose_orders, order_file_text
from lifegames.engine.host.host import Host, order_file
from lifegames.engine.seats.seats import ARCHIVE, SEAT_FILE, snapshot_file

SALT = "5ea75"


def new_seated(base: Path, game_id: str, seed: int, players: list[str] | None = None,
               words: list[str] | None = None) -> tuple[Host, Path]:
    """A game in base/host with its seats in base/seats, as `setup --seats` makes it."""
    game = registry.get(game_id)
    host = Host(str(base / "host"), registry.get)
    host.setup(game, list(players or game.default_players), list(words or []), seed, None,
               SALT, base / "seats")
    return host, base / "seats"


def write_in_seats(host: Host, seats: Path, rng: random.Random,
                   strategy: str = "random") -> dict[str, str]:
    """Each awaited player writes a bot's file into their own seat."""
    loaded = host.load()
    written = {}
    for player in loaded.game.awaiting(loaded.state):
        orders = choose_orders(loaded.game, loaded.state, player, strategy, rng)
        text = order_file_text(loaded.game, loaded.state, player, orders, strategy)
        (seats / order_file(player)).write_text(text, encoding="utf-8")
        written[player] = text
    return written


def seat_files(seats: Path, player: str) -> dict[str, bytes]:
    """Every file in a player's seat, by path relative to the seat."""
    root = seats / player
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file() and ".git" not in p.parts}


def expected_seat(host: Host, player: str) -> dict[str, bytes]:
    """What a seat must hold besides the player's own files: a copy of the player's folder in
    the referee's (sheets, archive, log, template) and seat.json."""
    root = Path(host.folder.root) / player
    out = {p.relative_to(root).as_posix(): p.read_bytes()
           for p in sorted(root.rglob("*")) if p.is_file()}
    loaded = host.load()
    knowledge = loaded.game.knowledge(loaded.state, player)
    seat = json.loads((host.folder.seats_root() / player / SEAT_FILE).read_text())
    assert seat["knowledge"] == json.loads(json.dumps(knowledge)), "seat.json is not knowledge"
    return out | kept_views(host.folder.seats_root(), player, int(loaded.state["tick"]))


def kept_views(seats: Path, player: str, tick: int) -> dict[str, bytes]:
    """The seat's copies of seat.json (archive/NNN_seat.json): one for every tick from 0 to
    `tick`, each of its own tick, the last the very seat.json."""
    found = {f"{ARCHIVE}/{p.name}": p.read_bytes()
             for p in sorted((seats / player / ARCHIVE).glob("*_seat.json"))}
    assert sorted(found) == [snapshot_file(t) for t in range(tick + 1)], sorted(found)
    for name, data in found.items():
        assert json.loads(data)["tick"] == int(name.split("/")[1][:3]), name
    assert found[snapshot_file(tick)] == (seats / player / SEAT_FILE).read_bytes()
    return found


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]
