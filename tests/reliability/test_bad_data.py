"""No traceback, ever, from bad data. A state.json that is deeply nested or
of the wrong types, a manifest of the wrong shape, and `watch --interval -1` or `nan` are each a
plain error with the right exit code, never exit 5 "a bug". (A journal of the wrong shape:
test_preflight.py; a name a Latin-1 terminal cannot show: test_terminal.py.)"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from .helpers import Servers, output

IRON = "Ironhold"
ORDERS = f"{IRON}/{IRON}_orders.txt"
STATE = ".lifegames/state.json"


@pytest.fixture
def game(kingdoms: Path) -> Path:
    return kingdoms


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


STATES = {
    "nested 100000 deep": lambda s: s.replace('"state": {', '"state": {"deep": '
                                              + _nested(100_000) + ", ", 1),
    "whole file nested": lambda s: _nested(200_000),
    "players a number": lambda s: _set(s, ["setup", "players"], 5),
    "players hold a path": lambda s: _set(s, ["setup", "players"], ["../etc", "Ironhold"]),
    "tick is text": lambda s: _set(s, ["state", "tick"], "two"),
    "tick is negative": lambda s: _set(s, ["state", "tick"], -3),
    "seed is text": lambda s: _set(s, ["seed"], "12"),
    "options a list": lambda s: _set(s, ["setup", "options"], []),
    "options of the wrong type": lambda s: _set(s, ["setup", "options"], {"difficulty": [1]}),
    "state a list": lambda s: _set(s, ["state"], []),
    "stats a string": lambda s: _set(s, ["stats"], "none"),
}


def _set(text: str, keys: list[str], value: object) -> str:
    data = json.loads(text)
    where = data
    for key in keys[:-1]:
        where = where[key]
    where[keys[-1]] = value
    return json.dumps(data)


TOOLS = [["status"], ["check"], ["tick"], ["state", "--json"], ["verify"], ["rollback", "2"],
         ["diff", IRON], ["reveal", "--force"], ["bot", IRON]]


@pytest.mark.parametrize("name", sorted(STATES))
def test_a_malformed_state_is_a_damaged_folder_for_every_command(
        game: Path, servers: Servers, tmp_path: Path, name: str) -> None:
    """Property: every command, the repair tools included, meets a deeply nested or wrongly
    typed state.json with a plain error (exit 4 damaged folder, or 6 for a record that does
    not replay), never exit 5 ("internal error") and never a traceback. (A repair tool that
    does not need the broken field, such as diff with options of the wrong type, may work.)"""
    path = game / STATE
    path.write_text(STATES[name](path.read_text(encoding="utf-8")), encoding="utf-8")
    for command in [*TOOLS, ["replay", str(tmp_path / "rebuilt")]]:
        result = servers.run(game, *command)
        text = result.stdout + result.stderr
        strict = command[0] in ("status", "check", "tick", "state", "bot")
        assert result.returncode in ((4,) if strict else (0, 4, 6)), (command, output(result))
        assert "Traceback" not in text and "internal error" not in text, (command, text)
        shutil.rmtree(tmp_path / "rebuilt", ignore_errors=True)


@pytest.mark.parametrize("manifest", ['{"players": [], "state": "x"}', '{"players": {"Ironhold"'
                                      ': {"sheets": ["../../x"]}}, "state": "x"}', "[]",
                                      '{"players": {"Ironhold": 5}, "state": 1}'])
def test_a_manifest_of_the_wrong_shape_is_damage_not_a_crash(game: Path, servers: Servers,
                                                             manifest: str) -> None:
    """Property: a manifest that is JSON of the wrong shape (even one naming a path outside
    the player's folder) is 'missing or unreadable' (exit 4), never a traceback; a repair
    rebuilds it."""
    (game / ".lifegames" / "manifest.json").write_text(manifest, encoding="utf-8")
    result = servers.run(game, "status")
    assert result.returncode == 4 and "manifest.json" in result.stderr, output(result)
    assert "Traceback" not in result.stderr
    assert servers.run(game, "rollback", "2").returncode == 0
    assert servers.run(game, "status").returncode == 0


@pytest.mark.parametrize("args", [["--interval", "-1"], ["--interval", "nan"],
                                  ["--interval", "inf"], ["--interval", "0"],
                                  ["--max-ticks", "0"], ["--max-ticks", "-2"]])
def test_watch_refuses_impossible_intervals_as_usage_errors(game: Path, servers: Servers,
                                                            args: list[str]) -> None:
    """Property: a negative, zero, infinite or not-a-number interval, and a max-ticks below
    1, are usage errors (exit 2) naming the option, not a crash or an endless loop."""
    result = servers.run(game, "watch", *args)
    assert result.returncode == 2, output(result)
    assert ("--interval" if args[0] == "--interval" else "--max-ticks") in result.stderr
    assert "Traceback" not in result.stderr
