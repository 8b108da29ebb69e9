"""The language server end to end, for each of the five games, in a game folder and in a seat
made by `setup --seats`, through a real client over real pipes (client.py): open an order file,
type an error, receive check's diagnostic at its line and column, fix it with the server's own
code action and see it cleared, ask for completion and get exactly the legal orders the game
lists, and never find a byte changed in the game folder or the seats."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from .client import REPO, Client, apply_edit
from .conftest import PLAYERS, Setup, make_game, tree

GAMES = sorted(PLAYERS)
ERROR, WARNING, INFORMATION = 1, 2, 3


@pytest.fixture
def client(shared_client: Client) -> Client:
    """One server for all of this module's tests: each opens its own files, in its own game,
    and closes them (the server must not mix them up)."""
    return shared_client


def typo(command: str) -> str:
    """A command misspelt as a hurried hand would: two letters swapped."""
    return command[0] + command[2] + command[1] + command[3:]


def lines_with(text: str, index: int, line: str) -> str:
    lines = text.split("\n")
    lines.insert(index, line)
    return "\n".join(lines)


def errors(diagnostics: list[dict]) -> list[dict]:
    return [d for d in diagnostics if d["severity"] == ERROR]


def done(client: Client, uri: str) -> None:
    """Close a file; its diagnostics are cleared."""
    client.close(uri)
    assert client.diagnostics(uri) == []


@pytest.mark.parametrize("seated", [False, True], ids=["folder", "seat"])
@pytest.mark.parametrize("game_id", GAMES)
def test_type_an_error_fix_it_and_complete_a_legal_order(game_id: str, seated: bool,
                                                         tmp_path: Path, client: Client):
    setup = make_game(tmp_path, game_id, seats=seated)
    player = setup.awaited
    path = setup.orders(player)
    good = setup.good_file(player)
    legal = setup.legal(player)
    before = tree(tmp_path)

    uri = client.open(path, good, 1)
    assert errors(client.diagnostics(uri, 1)) == [], "the bot's file is good"

    first = legal[0]
    command = first.split("(")[0]
    wrong = typo(command)
    typed = lines_with(good, 1, "  " + first.replace(command, wrong, 1))
    client.change(uri, typed, 2)
    found = [d for d in client.diagnostics(uri, 2) if d["code"] == "E-UNKNOWN-COMMAND"]
    assert len(found) == 1, found
    assert found[0]["range"] == {"start": {"line": 1, "character": 2},
                                 "end": {"line": 1, "character": 2 + len(wrong)}}
    assert found[0]["severity"] == ERROR and found[0]["source"] == "lifegames"
    assert f'no command called "{wrong}"' in found[0]["message"]
    assert f'did you mean "{command}"' in found[0]["message"], "the way forward is shown"

    fixes = [a for a in client.code_actions(uri, 1) if a["title"] == f"Change to {command}"]
    assert fixes, client.code_actions(uri, 1)
    (edit,) = fixes[0]["edit"]["changes"][uri]
    fixed = apply_edit(typed, edit)
    assert fixed == lines_with(good, 1, "  " + first)
    client.change(uri, fixed, 3)
    assert not [d for d in client.diagnostics(uri, 3) if d["code"] == "E-UNKNOWN-COMMAND"]

    client.change(uri, good, 4)
    assert errors(client.diagnostics(uri, 4)) == [], "cleared"

    blank = lines_with(good, 1, "")
    client.change(uri, blank, 5)
    client.diagnostics(uri, 5)
    items = client.completion(uri, 1, 0)
    offered = [i["label"] for i in items if i.get("detail") == "legal now"]
    assert offered == legal, "completion offers the legal orders, as the sheet lists them"
    assert {i["label"] for i in items} >= _commands(setup), "and every command"

    done(client, uri)
    assert tree(tmp_path) == before, "the server wrote nothing in the game folder or seats"


def _commands(setup: Setup) -> set[str]:
    from lifegames.engine.core.orders import commands

    return set(commands(setup.game.grammar_name()))


@pytest.mark.parametrize("seated", [False, True], ids=["folder", "seat"])
@pytest.mark.parametrize("game_id", GAMES)
def test_diagnostics_are_what_check_prints(game_id: str, seated: bool, tmp_path: Path,
                                           client: Client):
    """The same file, the same problems: every `file:line:col: CODE` that `play.py check`
    prints (in the game folder, or in the seat) is a diagnostic at that place, and no other."""
    setup = make_game(tmp_path, game_id, seats=seated)
    player = setup.awaited
    legal = setup.legal(player)
    text = setup.good_file(player).split("\n")
    text[1:1] = [typo(legal[0].split("(")[0]) + "(1)", legal[-1], legal[0], "if", "stop"]
    text = "\n".join(text)
    path = setup.orders(player)
    path.write_text(text, encoding="utf-8")
    where = ["--dir", str(path.parent)] if seated else ["--dir", str(setup.root), "check", player]
    args = [*where[:2], "check"] if seated else where
    printed = subprocess.run([sys.executable, "-m", "lifegames", *args], capture_output=True,
                             text=True, cwd=REPO, timeout=120).stdout
    expected = {(int(line) - 1, int(col) - 1, code) for line, col, code in
                re.findall(r"^\S+:(\d+):(\d+): ([EW]-[A-Z-]+):", printed, re.MULTILINE)}
    assert expected, printed

    uri = client.open(path, text)
    shown = {(d["range"]["start"]["line"], d["range"]["start"]["character"], d["code"])
             for d in client.diagnostics(uri) if d.get("code")}
    assert shown == expected, printed
    done(client, uri)


def test_warnings_are_shown_with_their_place_and_way_forward(tmp_path: Path, client: Client):
    """The README's warning example: W- codes are warnings, where check puts its caret."""
    setup = make_game(tmp_path, "simple-kingdoms", seed=1)
    text = 'move_soldiers(0, 0, 0, 1, 1)\nsell_resource("food", 40)\nend\n'
    uri = client.open(setup.orders("Ironhold"), text)
    found = {d["code"]: d for d in client.diagnostics(uri)}
    assert set(found) == {"W-NOT-EXPLORED", "W-HUNGRY"}, found
    assert all(d["severity"] == WARNING for d in found.values())
    assert found["W-NOT-EXPLORED"]["range"]["start"] == {"line": 0, "character": 26}
    assert found["W-HUNGRY"]["range"] == {"start": {"line": 1, "character": 22},
                                          "end": {"line": 1, "character": 24}}
    assert "send 2 or more in one move_soldiers order" in found["W-NOT-EXPLORED"]["message"]
    done(client, uri)


@pytest.mark.parametrize("seated", [False, True], ids=["folder", "seat"])
@pytest.mark.parametrize("game_id", ["a-chaotic-life", "lifestyle"])  # one player's turn
def test_a_player_who_is_not_awaited_sees_why_and_their_standing_lines_checked(
        game_id: str, seated: bool, tmp_path: Path, client: Client):
    setup = make_game(tmp_path, game_id, seats=seated)
    player = setup.waiting()
    kinds = _commands_taking_nothing(setup) - setup.game.standing_commands
    uri = client.open(setup.orders(player), f"orders for tick 1\nstanding {min(kinds)}\nend\n")
    found = client.diagnostics(uri)
    notes = [d for d in found if d["severity"] == INFORMATION]
    assert any("not awaited now" in d["message"] for d in notes), found
    assert [d["code"] for d in errors(found)] == ["E-NOT-STANDING"], found
    assert errors(found)[0]["range"]["start"] == {"line": 1, "character": 9}
    done(client, uri)


def _commands_taking_nothing(setup: Setup) -> set[str]:
    from lifegames.engine.core.orders import commands

    return {c for c, args in commands(setup.game.grammar_name()).items() if not args}
