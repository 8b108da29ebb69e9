"""Who can be trusted with a game folder. We chose to say plainly that only
seats keep the referee's data safe (README, "Who can do what", which argues the choice) and to
have `status` say so, rather than sign a shared folder with a key kept outside it. These tests
hold `status` and the README to that, and show that what they say is so: a player who can
write a shared folder can change the state unnoticed by status, check and tick, and only
verify finds it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..seats.helpers import new_seated
from .helpers import REPO, output, play

README = REPO / "README.md"


def test_status_says_a_shared_folder_keeps_nothing_safe(kingdoms: Path) -> None:
    """Property: `status` in a game without seats says that whoever can write the folder can
    read every secret and change the game, and that only seats keep the referee's data safe."""
    result = play(kingdoms, "status")
    assert result.returncode == 0, output(result)
    line = next(x for x in result.stdout.splitlines() if x.startswith("shared folder:"))
    assert "read every secret" in line and "only seats" in line and "safe" in line


def test_status_says_a_seated_games_folder_is_the_referees(tmp_path: Path) -> None:
    """Property: with seats, `status` says the seats hold only what each player may see and
    that the host folder must be kept to the host; it never calls it shared."""
    host, _ = new_seated(tmp_path, "simple-kingdoms", 3)
    result = play(Path(host.folder.root), "status")
    assert result.returncode == 0, output(result)
    assert "keep it to yourself" in result.stdout and "shared folder:" not in result.stdout


def test_the_readme_says_only_seats_keep_the_referees_data_safe() -> None:
    """Property: the README's trust table says it, and argues the choice against a key."""
    text = README.read_text(encoding="utf-8")
    assert "**Who can do what.** Only seats keep the referee's data safe." in text
    table = text.split("**Who can do what.**", 1)[1].split("\n\n", 2)[1]
    assert table.startswith("| who |") and "a player who can write a shared game folder" in table
    assert "only `verify`" in table


def test_an_edit_with_a_recomputed_manifest_passes_all_but_verify(kingdoms: Path) -> None:
    """Property (the README's claim, shown): a player who can write a shared folder gives
    their kingdom 500 gold and recomputes the manifest's hash of the state; status, check and
    tick build on it without a word, and only verify (a replay) finds the difference."""
    meta = kingdoms / ".lifegames"
    envelope = json.loads((meta / "state.json").read_text(encoding="utf-8"))
    envelope["state"]["kingdoms"]["Ironhold"]["gold"] += 500
    text = json.dumps(envelope, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    (meta / "state.json").write_text(text, encoding="utf-8")
    manifest = json.loads((meta / "manifest.json").read_text(encoding="utf-8"))
    manifest["state"] = hashlib.sha256(text.encode("utf-8")).hexdigest()
    (meta / "manifest.json").write_text(json.dumps(manifest, sort_keys=True, indent=1) + "\n",
                                        encoding="utf-8")
    for command in ("status", "check"):
        assert play(kingdoms, command).returncode == 0, command
    assert play(kingdoms, "tick").returncode == 0
    found = play(kingdoms, "verify")
    assert found.returncode == 6, output(found)
