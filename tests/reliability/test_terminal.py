"""What players wrote cannot drive the
host's terminal. Escape sequences, bell, backspace and bidirectional overrides in an order file
reach `check`, `tick`, `watch` and `diff` output only as visible `\\uXXXX` escapes, with the caret
still under the fault; a name a Latin-1 terminal cannot show is escaped, not a crash."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lifegames.engine.base.escape import visible
from lifegames.engine.core.orders import parse_text

from .helpers import Servers, output

IRON = "Ironhold"
ORDERS = f"{IRON}/{IRON}_orders.txt"


@pytest.fixture
def game(kingdoms: Path) -> Path:
    return kingdoms


def test_a_name_a_latin1_terminal_cannot_show_is_escaped_not_a_crash(
        game: Path, servers: Servers, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: `check` printing an order that names something in Cyrillic or with an emoji
    to a Latin-1 terminal (PYTHONIOENCODING=latin-1) prints it escaped and exits 1 (the
    order is wrong), not 5."""
    import subprocess
    import sys

    from .helpers import PLAY, REPO, env

    (game / ORDERS).write_text('build(0,0, "ферма🐄")\n', encoding="utf-8")
    result = subprocess.run([sys.executable, str(PLAY), "--dir", str(game), "check"],
                            cwd=REPO, capture_output=True, timeout=60,
                            env={**env(), "PYTHONIOENCODING": "latin-1"})
    text = (result.stdout + result.stderr).decode("latin-1")
    assert result.returncode == 1, text
    assert "internal error" not in text and "Traceback" not in text
    assert "\\u0444" in text or "\\xd1" in text or "\\u" in text, text


ESCAPES = {
    "clear screen": "\x1b[2J\x1b[H",
    "window title": "\x1b]0;pwned\x07",
    "hidden text": "\x1b[8m",
    "C1 CSI": "\x9b31m",
    "backspaces": "\b\b\b\b",
    "carriage return": "\r",
    "bidi override": "\u202e",
    "bell": "\x07",
}
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


@pytest.mark.parametrize("name", sorted(ESCAPES))
@pytest.mark.parametrize("where", ["command", "quoted name"])
def test_control_characters_in_orders_reach_the_terminal_only_escaped(
        game: Path, servers: Servers, name: str, where: str) -> None:
    """Property: an order file holding an escape sequence (in the command word or inside a
    quoted name) makes `check` and `tick` report the problem with every control character
    shown as \\uXXXX, never raw, on stdout and stderr alike."""
    bad = ESCAPES[name]
    line = (f"bu{bad}ild(0,0, 'farm')" if where == "command"
            else f"build(0,0, 'fa{bad}rm')")
    (game / ORDERS).write_bytes((line + "\n").encode("utf-8"))
    for command in ("check", "tick"):
        result = servers.run(game, command)
        text = result.stdout + result.stderr
        assert result.returncode == 1, output(result)
        if bad != "\r":  # a lone CR ends a line in an order file: it never reaches a message
            assert "\\u" in text, text
        assert not RAW.search(text), repr(text)


def test_watch_shows_escapes_too(game: Path, servers: Servers) -> None:
    """Property: watch, which counts the problems of complete files, prints no raw control
    character and none of the file's text (its problems are for its player's `check`)."""
    import subprocess
    import sys
    import time

    from .helpers import PLAY, REPO, env

    (game / ORDERS).write_text("bu\x1b[2Jild(0,0, 'farm')\nend\n", encoding="utf-8")
    (game / "Thornvale" / "Thornvale_orders.txt").write_text("end\n", encoding="utf-8")
    watcher = subprocess.Popen([sys.executable, str(PLAY), "--dir", str(game), "watch",
                                "--interval", "0.05"], cwd=REPO, env=env(),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(2.5)
    watcher.kill()
    out, err = watcher.communicate()
    assert "(1 problem" in out, out
    assert "u001b" not in out + err and "ild(0" not in out + err, out + err
    assert not RAW.search(out + err), repr(out + err)


def test_everything_printed_is_escaped_even_a_tampered_sheet(game: Path,
                                                              servers: Servers) -> None:
    """Property: the escaping is applied to all output, not only to problem reports: `diff`
    of an archived sheet someone wrote escape sequences into prints them escaped."""
    sheet = game / IRON / "archive" / "001_ironhold_sheet.txt"
    sheet.write_text(sheet.read_text() + "\x1b]0;owned\x07\x1b[2J\u202e\n", encoding="utf-8")
    result = servers.run(game, "diff", IRON, "1", "2")
    assert result.returncode == 0, output(result)
    assert "\\u001b]0;owned" in result.stdout
    assert not RAW.search(result.stdout + result.stderr), repr(result.stdout)


def test_the_caret_stays_under_the_fault_when_escapes_widen_the_line() -> None:
    """Property: the escaped source line and the caret line agree: the caret stands under the
    stray word even though escapes before it take more columns than the raw text."""
    text = "build(0,0, 'f\x1b[8ma\x07rm' oops)\n"
    parsed = parse_text("simple_kingdoms", text, "f.txt")
    rendered = parsed.problems[0].render().splitlines()
    source, caret = rendered[1], rendered[2]
    start = caret.index("^")
    assert source[start:start + 4] == "oops", rendered
    assert not RAW.search("\n".join(rendered))


def test_visible_keeps_text_tabs_and_newlines_and_json_stays_json() -> None:
    """Property: ordinary text, accents, tabs and newlines pass unchanged; each control
    character becomes \\uXXXX, so a JSON document stays valid JSON meaning the same."""
    assert visible("Zoë\tgold 5\n") == "Zoë\tgold 5\n"
    assert visible("a\x1bb") == "a\\u001bb"
    document = json.dumps({"name": "x\x7fy\u202ez"}, ensure_ascii=False)
    assert json.loads(visible(document)) == {"name": "x\x7fy\u202ez"}


def test_a_rendered_problem_holds_no_raw_control_character_anywhere() -> None:
    """Property: Problem.render itself (used by every caller, not only play.py) escapes the
    player's text in the headline, the source line and the hint."""
    parsed = parse_text("simple_kingdoms", "bu\x1b[2Jild(0,0, 'farm')\nx\u202e(\n", "f.txt")
    assert len(parsed.problems) == 2
    for problem in parsed.problems:
        rendered = problem.render()
        assert not RAW.search(rendered), repr(rendered)
        assert "\\u" in rendered.splitlines()[0], rendered
