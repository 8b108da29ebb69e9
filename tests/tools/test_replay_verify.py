"""replay and verify: a game is a pure function of its setup and its executed orders, so a
replay rebuilds every file byte for byte, and verify catches any edited byte."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.engine.host import tools
from lifegames.engine.host.host import Host

from .conftest import FINISHED_SEED, SCRIPTED_SEED
from .helpers import (
    IRON,
    PLAYERS,
    THORN,
    executed_ticks,
    new_game,
    output,
    play,
    play_ticks,
    tree,
    tree_difference,
)

REPLAY_SEEDS = [1, 2, 3, 4, 5, 6]


def host_of(root: Path) -> Host:
    return Host(str(root), registry.get)


# -- replay equality over whole random games --------------------------------------------------


@pytest.mark.parametrize("seed", REPLAY_SEEDS)
def test_replay_of_a_whole_random_game_is_byte_identical(tmp_path: Path, seed: int) -> None:
    """Property: replaying setup + executed_orders.txt of a whole random game rebuilds every
    file (sheets, archive/, executed orders, order files, seed_sha256.txt, state.json) byte for
    byte, and verify finds no difference."""
    rng = random.Random(seed)
    ticks = rng.randint(8, 24)
    words = ["hard"] if seed % 2 else []
    original = tmp_path / "original"
    host = new_game(original, seed, ticks, words)
    assert play_ticks(host, None, rng) == ticks

    # the game did something, so the equality below is not trivially true
    orders = sum(len(o) for p in PLAYERS for o in executed_ticks(original, p).values())
    assert orders >= ticks // 2, f"only {orders} orders in {ticks} ticks"

    rebuilt = tools.replay(host, tmp_path / "replayed")
    assert rebuilt.state["tick"] == ticks
    a, b = tree(original), tree(tmp_path / "replayed")
    for must in ("seed_sha256.txt", ".lifegames/state.json", f"{IRON}/executed_orders.txt",
                 f"{THORN}/archive/000_thornvale_sheet.txt",
                 f"{IRON}/{ticks:03d}_ironhold_sheet.txt", f"{IRON}/{IRON}_orders.txt"):
        assert must in a, must
    assert tree_difference(a, b) == []
    assert tools.verify(host) == []


def test_replay_upto_rebuilds_an_earlier_tick(finished: Path, tmp_path: Path) -> None:
    """Property: `replay --upto N` gives the folder as it stood after tick N (its archive holds
    exactly ticks 0..N-1, its executed orders stop at tick N)."""
    result = play(finished, "replay", str(tmp_path / "at4"), "--upto", "4")
    assert result.returncode == 0, output(result)
    at4 = tmp_path / "at4"
    sheets = [p.name for p in (at4 / IRON / "archive").iterdir()
              if p.name.endswith("_sheet.txt") and "tile" not in p.name]
    assert sorted(sheets) == [f"{t:03d}_ironhold_sheet.txt" for t in range(4)]
    assert sorted(p.name for p in (at4 / IRON / "archive").iterdir()
                  if p.name.endswith("_board.svg")) == [f"{t:03d}_ironhold_board.svg"
                                                        for t in range(4)]
    assert (at4 / IRON / "004_ironhold_sheet.txt").read_bytes() == \
        (finished / IRON / "archive" / "004_ironhold_sheet.txt").read_bytes()
    assert sorted(executed_ticks(at4, IRON)) == [1, 2, 3, 4]


def test_replay_refuses_a_folder_that_is_not_empty(finished: Path, tmp_path: Path) -> None:
    """Property: replay never writes over an existing folder's files (exit 2, usage)."""
    target = tmp_path / "busy"
    target.mkdir()
    (target / "keep.txt").write_text("mine\n")
    result = play(finished, "replay", str(target))
    assert result.returncode == 2, output(result)
    assert "not empty" in result.stderr
    assert [p.name for p in target.iterdir()] == ["keep.txt"]


# -- verify catches an edited byte ------------------------------------------------------------


def edit_line(path: Path, contains: str) -> int:
    """Change one digit on the first line holding `contains`; return that 1-based line."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for number, line in enumerate(lines, start=1):
        found = re.search(r"\d", line[line.index(contains):]) if contains in line else None
        if found:
            position = found.start() + line.index(contains)
            digit = line[position]
            lines[number - 1] = line[:position] + str((int(digit) + 1) % 10) + line[position + 1:]
            path.write_text("".join(lines), encoding="utf-8")
            return number
    raise AssertionError(f"no line with {contains!r} and a digit in {path}")


def test_verify_passes_on_a_genuine_folder(finished: Path) -> None:
    """Property: verify of an untouched folder finds nothing (API [] and CLI exit 0)."""
    assert tools.verify(host_of(finished)) == []
    result = play(finished, "verify")
    assert result.returncode == 0, output(result)
    assert "verified" in result.stdout


@pytest.mark.parametrize("relative", [
    f"{IRON}/archive/003_ironhold_sheet.txt",
    f"{THORN}/archive/000_thornvale_sheet.txt",
    f"{IRON}/012_ironhold_sheet.txt",
])
def test_verify_names_the_file_and_line_of_an_edited_sheet(finished: Path, relative: str
                                                           ) -> None:
    """Property: one changed digit in an archived or current sheet is caught, and verify names
    exactly that file and line; via the CLI it exits 6 and prints `file:line:`."""
    line = edit_line(finished / relative, "gold")
    differences = tools.verify(host_of(finished))
    assert [(d.path, d.line) for d in differences] == [(relative, line)]
    result = play(finished, "verify")
    assert result.returncode == 6, output(result)
    assert f"{relative}:{line}:" in result.stdout


def test_verify_names_an_edited_state_file(finished: Path) -> None:
    """Property: a hand-edited gold value in .lifegames/state.json is caught, naming the file
    and the line; the CLI exits 6."""
    line = edit_line(finished / ".lifegames" / "state.json", '"gold":')
    differences = tools.verify(host_of(finished))
    assert differences, "an edited state.json passed verify"
    assert (differences[0].path, differences[0].line) == (".lifegames/state.json", line)
    result = play(finished, "verify")
    assert result.returncode == 6, output(result)
    assert f".lifegames/state.json:{line}:" in result.stdout


def test_verify_catches_a_changed_byte_anywhere_in_any_sheet(finished: Path) -> None:
    """Property: replacing any single byte of any sheet (current or archived, either player)
    is reported on that file and on the line holding the byte."""
    sheets = sorted(p for p in finished.rglob("*_sheet.txt"))
    rng = random.Random(2024)
    host = host_of(finished)
    for path in rng.sample(sheets, 6):
        original = path.read_bytes()
        offset = rng.randrange(len(original))
        replacement = b"#" if original[offset:offset + 1] != b"#" else b"%"
        path.write_bytes(original[:offset] + replacement + original[offset + 1:])
        line = original[:offset].count(b"\n") + 1
        relative = path.relative_to(finished).as_posix()
        differences = tools.verify(host)
        assert [(d.path, d.line) for d in differences] == [(relative, line)], (relative, offset)
        path.write_bytes(original)
    assert tools.verify(host) == []


def test_verify_catches_a_changed_amount_in_executed_orders(scripted: Path) -> None:
    """Property: changing an amount in executed_orders.txt to another legal amount is caught
    (exit 6), and the report names the edited log, Ironhold/executed_orders.txt."""
    log = scripted / IRON / "executed_orders.txt"
    text = log.read_text(encoding="utf-8")
    assert text.splitlines()[1] == 'sell_resource("wood", 5)'
    log.write_text(text.replace('sell_resource("wood", 5)', 'sell_resource("wood", 6)', 1),
                   encoding="utf-8")
    assert tools.verify(host_of(scripted)), "an edited executed_orders.txt passed verify"
    result = play(scripted, "verify")
    assert result.returncode == 6, output(result)
    assert f"{IRON}/executed_orders.txt" in output(result), output(result)


def test_verify_names_the_log_when_edited_orders_cannot_replay(scripted: Path) -> None:
    """Property: an executed_orders.txt edited into an order that cannot run (sell 500 wood) is
    reported as that log and line (Ironhold/executed_orders.txt:2), exit 6; the replay follows
    the hidden record, so the edit is found rather than obeyed. If the hidden record itself is
    edited that way, the replay fails naming the record and the tick."""
    log = scripted / IRON / "executed_orders.txt"
    text = log.read_text(encoding="utf-8")
    edited = text.replace('sell_resource("wood", 5)', 'sell_resource("wood", 500)', 1)
    log.write_text(edited, encoding="utf-8")
    differences = tools.verify(host_of(scripted))
    assert [(d.path, d.line) for d in differences] == [(f"{IRON}/executed_orders.txt", 2)]
    result = play(scripted, "verify")
    assert result.returncode == 6, output(result)
    assert f"{IRON}/executed_orders.txt:2" in result.stdout, output(result)

    record = scripted / ".lifegames" / "orders" / f"{IRON}.txt"
    record.write_text(edited, encoding="utf-8")
    with pytest.raises(tools.ReplayError) as info:
        tools.verify(host_of(scripted))
    assert "tick 1" in info.value.message
    assert f".lifegames/orders/{IRON}.txt:2" in info.value.message


def test_verify_catches_an_edited_secret_seed(finished: Path) -> None:
    """Property: a referee who changes the seed in state.json (other dice) is caught: the replay
    no longer matches the sha256 published at setup."""
    state = finished / ".lifegames" / "state.json"
    text = state.read_text(encoding="utf-8")
    edited = re.sub(r'"seed": (\d+)', lambda m: f'"seed": {int(m.group(1)) + 1}', text, count=1)
    assert edited != text
    state.write_text(edited, encoding="utf-8")
    result = play(finished, "verify")
    assert result.returncode == 6, output(result)
    assert "seed_sha256.txt" in output(result) or "state.json" in output(result)


def test_verify_with_the_revealed_seed_passes_and_a_wrong_seed_fails(finished: Path) -> None:
    """Property: `verify --seed S` with the seed `reveal` prints passes; any other seed fails
    with exit 6 and says it is not this game's seed (its sha256 differs from the published)."""
    revealed = play(finished, "reveal")
    assert revealed.returncode == 0, output(revealed)
    seed = int(re.search(r"^seed (\d+)$", revealed.stdout, re.M).group(1))
    assert seed == FINISHED_SEED
    good = play(finished, "verify", "--seed", str(seed))
    assert good.returncode == 0, output(good)
    assert "verified" in good.stdout
    bad = play(finished, "verify", "--seed", str(seed + 1))
    assert bad.returncode == 6, output(bad)
    assert "not this game's seed" in bad.stderr
    assert "published" in bad.stderr


def test_scripted_fixture_is_genuine(scripted: Path) -> None:
    """Property: the scripted game (known tick-1 orders) verifies, so the edit tests above
    fail only because of their edit."""
    assert executed_ticks(scripted, IRON)[1] == ['sell_resource("wood", 5)']
    assert tools.verify(host_of(scripted)) == []
    assert SCRIPTED_SEED == host_of(scripted).load().envelope["seed"]


def test_verify_full_catches_a_sheet_edited_with_its_recorded_digest(finished: Path) -> None:
    """Property: an archived sheet is checked against the sha256 recorded when it was
    written (an edit of the sheet alone is caught, naming its line, above); one edited
    together with its line in .lifegames/sheets.txt is what the default trusts (the record is
    the referee's, as the record of executed orders is), and `verify --full`, which draws
    every sheet anew, names the sheet and its line."""
    import hashlib

    relative = f"{IRON}/archive/003_ironhold_sheet.txt"
    line = edit_line(finished / relative, "gold")
    digest = hashlib.sha256((finished / relative).read_bytes()).hexdigest()
    record = finished / ".lifegames" / "sheets.txt"
    text = record.read_text(encoding="utf-8")
    entry = next(x for x in text.splitlines() if x.startswith(f"{IRON}/003_ironhold_sheet.txt "))
    record.write_text(text.replace(entry, f"{entry.split()[0]} {digest}"), encoding="utf-8")
    assert tools.verify(host_of(finished)) == []
    full = tools.verify(host_of(finished), full=True)
    assert (relative, line) in [(d.path, d.line) for d in full]
    result = play(finished, "verify", "--full")
    assert result.returncode == 6, output(result)
