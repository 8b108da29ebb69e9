"""A damaged game folder (issue: reliability): a truncated or hand-edited state, a missing sheet,
an executed_orders.txt that no longer matches what was played. Every command that builds on
the folder must stop with the 'damaged folder' exit code and a way back, never a traceback and
never a silent overwrite; `rollback N` with N the current tick repairs the folder in place."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine_support import SK_PLAYERS, folder_digest, new_kingdoms, write_orders

PLAY = Path(__file__).resolve().parents[2] / "play.py"
IRON = SK_PLAYERS[0]


def play(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(PLAY), "--dir", str(root), *args],
                          capture_output=True, text=True, check=False)


@pytest.fixture
def game(tmp_path: Path) -> tuple[Path, Path]:
    """A Simple Kingdoms folder after two ticks, and a pristine copy of it."""
    root = tmp_path / "game"
    host = new_kingdoms(root)
    for orders in ('build(0,0, "farm")\n', 'sell_resource("wood", 4)\n'):
        write_orders(root, IRON, orders)
        _, outcome = host.tick()
        assert not outcome.problems
    pristine = tmp_path / "pristine"
    shutil.copytree(root, pristine)
    return root, pristine


def assert_damaged(root: Path, fragment: str) -> None:
    """Every command that builds on the folder refuses it: exit 4, the reason, the way back,
    no traceback; and a refused tick changes no byte."""
    before = folder_digest(root)
    for command in (["tick"], ["check"], ["status"], ["state", "--json"], ["bot", IRON]):
        result = play(root, *command)
        assert result.returncode == 4, (command, result.stdout, result.stderr)
        assert fragment in result.stderr, (command, result.stderr)
        assert "Traceback" not in result.stderr + result.stdout
    assert "rollback" in result.stderr and "verify" in result.stderr
    assert folder_digest(root) == before


def test_d01_a_truncated_state_is_refused(game: tuple[Path, Path]) -> None:
    """A state.json cut short (a sync tool's partial copy) cannot be read: damaged, exit 4."""
    root, _ = game
    state = root / ".lifegames" / "state.json"
    state.write_bytes(state.read_bytes()[:100])
    before = folder_digest(root)
    result = play(root, "tick")
    assert result.returncode == 4 and "cannot be read" in result.stderr
    assert "Traceback" not in result.stderr
    assert folder_digest(root) == before


def test_d02_a_hand_edited_state_is_refused_and_rollback_repairs_it(game: tuple[Path, Path]
                                                                    ) -> None:
    """Valid JSON with a changed number (more gold) is caught by the manifest's hash; rolling
    back to the current tick rebuilds the state from the recorded orders."""
    root, pristine = game
    state = root / ".lifegames" / "state.json"
    data = json.loads(state.read_text(encoding="utf-8"))
    data["state"]["kingdoms"][IRON]["gold"] += 500
    state.write_text(json.dumps(data, sort_keys=True, indent=1) + "\n", encoding="utf-8")
    assert_damaged(root, "state.json was changed outside play.py")
    assert play(root, "rollback", "2").returncode == 0
    assert play(root, "status").returncode == 0
    assert state.read_bytes() == (pristine / ".lifegames" / "state.json").read_bytes()


def test_d03_a_missing_sheet_is_refused_and_rollback_restores_it(game: tuple[Path, Path]
                                                                 ) -> None:
    """A current sheet deleted by hand is named; rollback to the current tick writes it back
    byte for byte, and the player folder is again identical to before."""
    root, pristine = game
    sheet = root / IRON / "002_ironhold_sheet.txt"
    sheet.unlink()
    assert_damaged(root, f"{IRON}/002_ironhold_sheet.txt is missing")
    assert play(root, "rollback", "2").returncode == 0
    assert sheet.read_bytes() == (pristine / IRON / sheet.name).read_bytes()
    mine = {k: v for k, v in folder_digest(root).items() if k.startswith(f"{IRON}/")}
    theirs = {k: v for k, v in folder_digest(pristine).items() if k.startswith(f"{IRON}/")}
    assert mine == theirs


def test_d04_an_edited_executed_orders_is_refused_and_rollback_restores_it(
        game: tuple[Path, Path]) -> None:
    """An executed_orders.txt that disagrees with what was played (an amount changed) is
    refused; the hidden record is what a repair replays, so rollback restores the true log."""
    root, pristine = game
    log = root / IRON / "executed_orders.txt"
    log.write_text(log.read_text(encoding="utf-8").replace('"wood", 4', '"wood", 9'),
                   encoding="utf-8")
    assert_damaged(root, f"{IRON}/executed_orders.txt was changed outside play.py")
    verify = play(root, "verify")
    assert verify.returncode == 6 and f"{IRON}/executed_orders.txt:5" in verify.stdout
    assert play(root, "rollback", "2").returncode == 0
    assert log.read_bytes() == (pristine / IRON / "executed_orders.txt").read_bytes()
    assert play(root, "verify").returncode == 0


def test_d05_a_missing_manifest_is_refused(game: tuple[Path, Path]) -> None:
    """Without the manifest nothing can vouch for the folder: damaged, with the way back."""
    root, _ = game
    (root / ".lifegames" / "manifest.json").unlink()
    assert_damaged(root, "manifest.json is missing or unreadable")
    assert play(root, "rollback", "2").returncode == 0
    assert play(root, "status").returncode == 0


def test_d06_the_repair_tools_still_work_on_a_damaged_folder(game: tuple[Path, Path]) -> None:
    """verify, diff and replay read a damaged folder (they are the way back); they do not
    refuse it the way tick does."""
    root, _ = game
    (root / IRON / "002_ironhold_sheet.txt").write_text("scribbles\n", encoding="utf-8")
    (root / IRON / "001_ironhold_sheet.txt").unlink(missing_ok=True)
    verify = play(root, "verify")
    assert verify.returncode == 6 and f"{IRON}/002_ironhold_sheet.txt:1" in verify.stdout
    assert play(root, "diff", IRON, "0", "1").returncode == 0
    assert play(root, "replay", str(root.parent / "rebuilt")).returncode == 0
