"""A hidden state is checked against its game's declaration whenever it is
loaded, so a damaged one is a damaged folder (exit 4, the field named, the way back), never a
traceback in game code. Generated from the declarations: every declared field present in a
played game's state (the first item of each list and the first entry of each table standing
for the rest) gets each value of a wrong type, with the manifest's hash recomputed so that
only the declaration can catch it."""

from __future__ import annotations

import hashlib
import json
import random
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from lifegames import registry
from lifegames.engine.core import declared
from lifegames.engine.folder.folder import dumps

from .helpers import Servers, new_game, output, play_ticks

STATE = ".lifegames/state.json"
MANIFEST = ".lifegames/manifest.json"
GAMES = registry.ids()
STRICT = (["status"], ["check"], ["tick"], ["state", "--json"], ["bot"])
REPAIR = (["verify"], ["rollback", "0"], ["reveal", "--force"], ["history"])


def _path_text(path: tuple[str | int, ...]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _set(state: Any, path: tuple[str | int, ...], value: object) -> None:
    for part in path[:-1]:
        state = state[part]
    state[path[-1]] = value


def _write(root: Path, envelope: dict[str, Any]) -> None:
    """The state, and the manifest vouching for it (as a forger with the hash function
    would)."""
    data = dumps(envelope).encode("utf-8")
    (root / STATE).write_bytes(data)
    manifest = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    manifest["state"] = hashlib.sha256(data).hexdigest()
    (root / MANIFEST).write_text(dumps(manifest), encoding="utf-8")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each declared game after some ticks of random bots (A Chaotic Life!: until an offer
    waits for its answer, so the offer's fields are there too)."""
    out = {}
    for game_id in registry.ids():
        root = tmp_path_factory.mktemp(game_id) / "game"
        host = new_game(root, game_id, 2024)
        rng = random.Random(2024)
        for _ in range(80):
            play_ticks(host, 1, rng)
            state = host.load().state
            if state.get("offer") or "offer" not in state:
                break
        out[game_id] = root
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_field_of_the_wrong_type_is_a_damaged_folder(game_id: str, played: dict[str, Path],
                                                           servers: Servers, tmp_path: Path
                                                           ) -> None:
    """Property: for every declared field and every value of another type, `status` (which
    every command's load shares) exits 4 naming the field, without a traceback."""
    game = registry.get(game_id)
    source = played[game_id]
    envelope = json.loads((source / STATE).read_text(encoding="utf-8"))
    variants = [(path, value) for path, wrong in declared.fields(game.declaration,
                                                                 envelope["state"])
                for value in wrong]
    assert len(variants) >= 60, len(variants)
    copies = [tmp_path / f"copy{i}" for i in range(4)]
    for copy in copies:
        shutil.copytree(source, copy)

    def run(index: int) -> list[str]:
        root = copies[index]
        found = []
        for path, value in variants[index::len(copies)]:
            damaged = json.loads(json.dumps(envelope))
            _set(damaged["state"], path, value)
            _write(root, damaged)
            result = servers.run(root, "status")
            where = _path_text(path)
            text = result.stdout + result.stderr
            if result.returncode != 4 or "Traceback" in text or where not in result.stderr \
                    and "is not a lifegames state" not in result.stderr:
                found.append(f"{where} = {value!r}: {output(result)}")
        return found

    with ThreadPoolExecutor(len(copies)) as pool:
        failures = [f for part in pool.map(run, range(len(copies))) for f in part]
    assert not failures, f"{len(failures)} of {len(variants)}:\n" + "\n".join(failures[:5])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_state_of_the_wrong_type_stops_every_command(game_id: str, played: dict[str, Path],
                                                       servers: Servers, tmp_path: Path
                                                       ) -> None:
    """Every command that builds on the folder refuses a wrongly typed field (exit 4); the
    repair tools, which rebuild from the record of executed orders, refuse (4), report what
    the record does not reproduce (6) or work (0), and never end in a traceback."""
    game = registry.get(game_id)
    root = tmp_path / "game"
    shutil.copytree(played[game_id], root)
    envelope = json.loads((root / STATE).read_text(encoding="utf-8"))
    players = envelope["setup"]["players"]
    for path, wrong in list(declared.fields(game.declaration, envelope["state"]))[:6]:
        damaged = json.loads(json.dumps(envelope))
        _set(damaged["state"], path, wrong[0])
        _write(root, damaged)
        for command in [*STRICT, *REPAIR]:
            args = [*command, players[0]] if command == ["bot"] else list(command)
            result = servers.run(root, *args)
            text = result.stdout + result.stderr
            allowed = (4,) if command in STRICT else (0, 4, 6)
            assert result.returncode in allowed, (_path_text(path), args, output(result))
            assert "Traceback" not in text and "internal error" not in text, (args, text)
