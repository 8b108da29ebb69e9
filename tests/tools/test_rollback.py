"""rollback N: the folder goes back exactly to how it stood right after tick N, and the record
of what was undone stays in the game's own state folder."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.engine.folder.folder import FolderError
from lifegames.engine.host import tools
from lifegames.engine.host.host import Host

from .helpers import (
    IRON,
    PLAYERS,
    THORN,
    current_tick,
    executed_ticks,
    new_game,
    output,
    play,
    play_ticks,
    player_trees,
    tree,
    tree_difference,
    write_orders,
)

SEED = 21


def assert_same_game_folder(root: Path, copy: Path) -> None:
    """Player folders byte-identical (file and folder sets, bytes), state and seed hash too;
    an order file may only have gained, at its end, the player's undone orders as comments."""
    found, wanted = player_trees(root), player_trees(copy)
    for player in PLAYERS:
        name = f"{player}/{player}_orders.txt"
        if found.get(name) and wanted.get(name) and found[name] != wanted[name]:
            assert found[name].startswith(wanted[name]), name
            extra = found[name][len(wanted[name]):].decode("utf-8")
            assert extra.startswith("# The rollback to tick ") and all(
                line.startswith("#") for line in extra.splitlines()), extra
            found[name] = wanted[name]
    assert tree_difference(found, wanted) == []
    for relative in (".lifegames/state.json", "seed_sha256.txt", ".gitignore"):
        assert (root / relative).read_bytes() == (copy / relative).read_bytes(), relative


@pytest.mark.parametrize(("back_to", "played_after"), [(4, 3), (1, 5)])
def test_rollback_restores_a_byte_identical_folder(tmp_path: Path, back_to: int,
                                                   played_after: int) -> None:
    """Property: copy the folder right after tick N, play more ticks, `rollback N`: every
    player folder (sheets, archive/, executed_orders.txt, order files) and the state are
    byte-identical to the copy; the undone orders are recorded in .lifegames/rollbacks.txt."""
    root = tmp_path / "game"
    host = new_game(root, SEED, 12)
    rng = random.Random(SEED)
    assert play_ticks(host, back_to, rng) == back_to
    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    end = play_ticks(host, played_after, rng)
    assert end == back_to + played_after
    undone = {p: {t: o for t, o in executed_ticks(root, p).items() if t > back_to}
              for p in PLAYERS}
    assert any(o for p in PLAYERS for o in undone[p].values()), "nothing to undo: weak test"
    assert tree_difference(player_trees(root), player_trees(copy)) != []

    result = play(root, "rollback", str(back_to))
    assert result.returncode == 0, output(result)
    assert f"rolled back to tick {back_to}" in result.stdout

    assert_same_game_folder(root, copy)
    assert sorted(p.name for p in (root / ".lifegames").iterdir()) == [
        "manifest.json", "orders", "rollbacks.txt", "sheets.txt", "state.json"]
    assert (root / ".lifegames" / "sheets.txt").read_bytes() == \
        (copy / ".lifegames" / "sheets.txt").read_bytes()
    record = (root / ".lifegames" / "rollbacks.txt").read_text(encoding="utf-8")
    assert f"# Rolled back from tick {end} to tick {back_to}" in record
    for player in PLAYERS:
        for tick, orders in undone[player].items():
            assert f"## {player} tick {tick} (undone)" in record
            for line in orders:
                assert line in record, (player, tick, line)
    # the rolled-back folder is a genuine game that goes on
    assert tools.verify(Host(str(root), registry.get)) == []
    assert play_ticks(host, 1, random.Random(1)) == back_to + 1
    assert tools.verify(Host(str(root), registry.get)) == []


def test_rollback_to_zero_restores_the_fresh_setup(tmp_path: Path) -> None:
    """Property: `rollback 0` gives back the folder exactly as setup left it: no archive/, no
    executed_orders.txt, the starting sheets and order templates, the starting state."""
    root = tmp_path / "game"
    host = new_game(root, SEED, 8)
    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    play_ticks(host, 3, random.Random(SEED))
    result = play(root, "rollback", "0")
    assert result.returncode == 0, output(result)
    assert_same_game_folder(root, copy)
    for player in PLAYERS:
        assert not (root / player / "archive").exists()
        assert not (root / player / "executed_orders.txt").exists()
    assert "# Rolled back from tick 3 to tick 0" in (
        root / ".lifegames" / "rollbacks.txt").read_text(encoding="utf-8")


def test_rollback_keeps_the_drafts_it_throws_away(tmp_path: Path) -> None:
    """Property: order files being written when the rollback happens are reset like the rest,
    but their text is kept in the rollback record."""
    root = tmp_path / "game"
    host = new_game(root, SEED, 8)
    play_ticks(host, 1, random.Random(SEED))
    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    play_ticks(host, 1, random.Random(SEED))
    write_orders(root, THORN, '# my plan\nbuy_resource("stone", 3)\n')
    result = play(root, "rollback", "1")
    assert result.returncode == 0, output(result)
    assert_same_game_folder(root, copy)
    record = (root / ".lifegames" / "rollbacks.txt").read_text(encoding="utf-8")
    assert f"## {THORN} order file at the time of the rollback" in record
    assert 'buy_resource("stone", 3)' in record


@pytest.mark.parametrize("target", ["4", "9"])
def test_rollback_to_an_impossible_tick_changes_nothing(tmp_path: Path, target: str) -> None:
    """Property: rolling back to a future tick fails with a clear message (exit 4, naming the
    ticks one may choose) and leaves every file as it was."""
    root = tmp_path / "game"
    host = new_game(root, SEED, 8)
    play_ticks(host, 3, random.Random(SEED))
    write_orders(root, IRON, "# half a plan\n")
    before = tree(root)
    result = play(root, "rollback", target)
    assert result.returncode == 4, output(result)
    assert f"cannot roll back to tick {target}" in result.stderr
    assert "choose a tick from 0 to 3" in result.stderr
    assert tree_difference(before, tree(root)) == []
    assert current_tick(root) == 3


def test_rollback_to_a_negative_tick_is_refused(tmp_path: Path) -> None:
    """Property: a negative tick is refused (API FolderError; CLI a non-zero exit) and nothing
    changes."""
    root = tmp_path / "game"
    host = new_game(root, SEED, 8)
    play_ticks(host, 2, random.Random(SEED))
    before = tree(root)
    with pytest.raises(FolderError, match="cannot roll back to tick -1"):
        tools.rollback(host, -1)
    result = play(root, "rollback", "--", "-1")
    assert result.returncode != 0, output(result)
    assert tree_difference(before, tree(root)) == []


def test_rollback_keeps_a_players_own_file(tmp_path: Path) -> None:
    """Property: a file a player keeps in their folder (notes.txt, present right after tick N)
    is still there, byte for byte, after `rollback N`: the player folder is identical to the
    copy taken after tick N, and nothing the engine did not write is destroyed."""
    root = tmp_path / "game"
    host = new_game(root, SEED, 8)
    play_ticks(host, 2, random.Random(SEED))
    (root / IRON / "notes.txt").write_text("my secret plan\n", encoding="utf-8")
    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    play_ticks(host, 2, random.Random(SEED))
    result = play(root, "rollback", "2")
    assert result.returncode == 0, output(result)
    assert (root / IRON / "notes.txt").exists(), "rollback deleted Ironhold/notes.txt"
    assert_same_game_folder(root, copy)


def test_rollback_gives_each_player_their_undone_orders_back(tmp_path: Path) -> None:
    """Property: after `rollback N` each player's order file ends with the orders
    of theirs that the rollback undid, tick by tick, as comments to copy from (they never run
    by themselves)."""
    root = tmp_path / "game"
    host = new_game(root, SEED, 8)
    play_ticks(host, 1, random.Random(SEED))
    write_orders(root, IRON, 'sell_resource("wood", 2)\nend\n')
    write_orders(root, THORN, "end\n")
    assert play(root, "tick").returncode == 0
    assert play(root, "rollback", "1").returncode == 0
    text = (root / IRON / f"{IRON}_orders.txt").read_text(encoding="utf-8")
    assert "# The rollback to tick 1 undid these orders of yours" in text
    assert '#   tick 2:\n#   sell_resource("wood", 2)' in text
    checked = play(root, "check", IRON)
    assert checked.returncode == 0 and "no orders" in checked.stdout
