"""A command that writes a file or folder the user names (`history --html
FILE`, `replay DIR`, `setup --dir DIR --seats DIR`) never writes through a link, never writes
into a game folder's hidden data, a player's folder or a seat (nor over the files the engine
keeps at a game folder's top), and replaces a file whole, in one step."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from lifegames.engine.host.host import order_file

from ..seats.helpers import new_seated
from .helpers import SECRET, output, play, tree

IRON = "Ironhold"


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    path = tmp_path / "victim.txt"
    path.write_text(SECRET, encoding="utf-8")
    return path


def _refused(result: object, *words: str) -> None:
    assert result.returncode == 2, output(result)  # type: ignore[attr-defined]
    said = result.stderr  # type: ignore[attr-defined]
    assert "Traceback" not in said and all(w in said for w in words), output(result)


def test_history_never_writes_through_a_link(kingdoms: Path, tmp_path: Path,
                                             victim: Path) -> None:
    """Property: `history --html LINK` is refused (exit 2) and neither the link nor the file
    it points to changes (it used to overwrite the link's target)."""
    link = tmp_path / "page.html"
    link.symlink_to(victim)
    _refused(play(kingdoms, "history", "--html", str(link)), "is a link")
    assert victim.read_text(encoding="utf-8") == SECRET
    assert link.is_symlink() and os.readlink(link) == str(victim)


@pytest.mark.parametrize("inside", [".lifegames/state.json", ".lifegames/page.html",
                                    f"{IRON}/page.html", f"{IRON}/{IRON}_orders.txt",
                                    f"{IRON}/archive/page.html", "seed_sha256.txt",
                                    ".gitignore"])
def test_history_never_writes_into_a_games_own_files(kingdoms: Path, inside: str) -> None:
    """Property: `history --html` naming the game's hidden state, anything in its hidden
    folder or a player's folder, or the files the engine keeps at the folder's top is refused
    (exit 2): the folder is byte for byte as it was and every command still accepts it (it
    used to overwrite the state, leaving a damaged game)."""
    before = tree(kingdoms)
    _refused(play(kingdoms, "history", "--html", str(kingdoms / inside)), "choose a place")
    assert tree(kingdoms) == before
    assert play(kingdoms, "status").returncode == 0


def test_history_writes_a_page_at_the_top_of_the_game_folder_and_outside(
        kingdoms: Path, tmp_path: Path) -> None:
    """Property: what is allowed still works: a new page beside the players' folders, or
    anywhere outside the game."""
    for target in (kingdoms / "history.html", tmp_path / "elsewhere" / "history.html"):
        target.parent.mkdir(exist_ok=True)
        result = play(kingdoms, "history", "--html", str(target))
        assert result.returncode == 0, output(result)
        assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert play(kingdoms, "status").returncode == 0


def test_history_replaces_a_page_whole_never_in_place(kingdoms: Path, tmp_path: Path,
                                                      victim: Path) -> None:
    """Property: the page replaces the named file in one step (a new file renamed over it),
    never by writing into the old one: a hard link to another file is left pointing at that
    file's untouched bytes, and the named file holds the whole page."""
    page = tmp_path / "page.html"
    os.link(victim, page)
    result = play(kingdoms, "history", "--html", str(page))
    assert result.returncode == 0, output(result)
    assert victim.read_text(encoding="utf-8") == SECRET
    assert page.stat().st_ino != victim.stat().st_ino
    assert page.read_text(encoding="utf-8").rstrip().endswith("</html>")


def test_nothing_is_written_into_a_seat(tmp_path: Path) -> None:
    """Property: with seats, `history --html` and `replay` naming a place in a player's
    seat are refused (what they write would hand the player the referee's view), and the seat
    is byte for byte as it was."""
    host, seats = new_seated(tmp_path, "simple-kingdoms", 3)
    root = Path(host.folder.root)
    before = tree(seats)
    for args in (("history", "--html", str(seats / IRON / "page.html")),
                 ("history", "--html", str(seats / order_file(IRON))),
                 ("replay", str(seats / IRON / "replay"))):
        _refused(play(root, *args), "a player's seat")
    assert tree(seats) == before


def test_replay_never_builds_through_a_link_or_inside_a_game(kingdoms: Path,
                                                             tmp_path: Path) -> None:
    """Property: `replay DIR` is refused (exit 2) when DIR is a link (even to an empty
    folder, which stays empty), or lies in the game's hidden data or a player's folder; a new
    folder elsewhere is built as before."""
    empty = tmp_path / "empty"
    empty.mkdir()
    link = tmp_path / "link"
    link.symlink_to(empty)
    _refused(play(kingdoms, "replay", str(link)), "is a link")
    assert list(empty.iterdir()) == []
    before = tree(kingdoms)
    for inside in (".lifegames/replay", f"{IRON}/replay", f"{IRON}/archive/replay"):
        _refused(play(kingdoms, "replay", str(kingdoms / inside)), "choose a place")
    assert tree(kingdoms) == before
    result = play(kingdoms, "replay", str(tmp_path / "copy"))
    assert result.returncode == 0, output(result)
    assert (tmp_path / "copy" / ".lifegames" / "state.json").is_file()


def test_a_replay_of_a_game_with_seats_checks_where_its_seats_go(tmp_path: Path) -> None:
    """Property: a game with seats is replayed with seats beside DIR (DIR-seats): a link
    there is refused too, and what it points to stays empty."""
    host, _ = new_seated(tmp_path / "game", "simple-kingdoms", 3)
    empty = tmp_path / "empty"
    empty.mkdir()
    (tmp_path / "copy-seats").symlink_to(empty)
    _refused(play(Path(host.folder.root), "replay", str(tmp_path / "copy")), "is a link")
    assert list(empty.iterdir()) == [] and not (tmp_path / "copy").exists()


def test_setup_never_starts_a_game_inside_another_games_files(kingdoms: Path,
                                                              tmp_path: Path) -> None:
    """Property: `setup --dir` or `--seats` inside another game's hidden data or player
    folder, or inside a seat, is refused (exit 2) and nothing is created there."""
    host, seats = new_seated(tmp_path / "seated", "simple-kingdoms", 3)
    before = tree(kingdoms), tree(seats)
    for args in (("--dir", str(kingdoms / IRON / "new")),
                 ("--dir", str(kingdoms / ".lifegames" / "new")),
                 ("--dir", str(seats / IRON / "new")),
                 ("--dir", str(tmp_path / "fresh"), "--seats", str(kingdoms / IRON / "s"))):
        result = play(None, "setup", *args)
        _refused(result, "choose a place")
    assert (tree(kingdoms), tree(seats)) == before
    assert not (tmp_path / "fresh").exists()
    shutil.rmtree(tmp_path / "seated")
