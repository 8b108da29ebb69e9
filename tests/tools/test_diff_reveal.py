"""diff PLAYER [A] [B] between archived sheets, and reveal of the secret seed (fair dice)."""

from __future__ import annotations

import hashlib
import re
import subprocess
from pathlib import Path

from .conftest import FINISHED_SEED
from .helpers import IRON, THORN, output, play, published_digest, write_orders


def headers(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(("--- ", "+++ "))]


def check_hunks(text: str, old: Path, new: Path, new_header: str) -> None:
    """Every removed line is in the old sheet, every added line in the new one, and the diff
    has context lines: a real line-by-line diff of a stable layout, not a whole rewrite."""
    section = text.split(f"+++ {new_header}\n")[1].split("\n--- ")[0]
    old_lines = set(old.read_text(encoding="utf-8").splitlines())
    new_lines = set(new.read_text(encoding="utf-8").splitlines())
    body = [line for line in section.splitlines() if not line.startswith("@@")]
    removed = [line[1:] for line in body if line.startswith("-")]
    added = [line[1:] for line in body if line.startswith("+")]
    context = [line[1:] for line in body if line.startswith(" ")]
    assert removed and added and context
    assert set(removed) <= old_lines and set(added) <= new_lines
    assert set(context) <= old_lines & new_lines
    assert len(removed) < len(old_lines), "the whole sheet changed: the layout is not stable"


def test_diff_defaults_to_the_last_two_ticks(finished: Path) -> None:
    """Property: `diff PLAYER` is a unified diff of that player's sheets between the last two
    ticks, with ---/+++ lines naming archive/011_... and the current 012_... files."""
    result = play(finished, "diff", IRON)
    assert result.returncode == 0, output(result)
    lines = headers(result.stdout)
    assert lines[:2] == [f"--- {IRON}/archive/011_ironhold_sheet.txt",
                         f"+++ {IRON}/012_ironhold_sheet.txt"]
    assert all(re.fullmatch(rf"(---|\+\+\+) {IRON}/(archive/011_|012_)\w+\.(txt|svg)", h)
               for h in lines), lines
    assert lines[-2:] == [f"--- {IRON}/archive/011_ironhold_board.svg",  # the board comes last
                          f"+++ {IRON}/012_ironhold_board.svg"]
    assert "-Ironhold - kingdom sheet - tick 11 of 12" in result.stdout
    assert "+Ironhold - kingdom sheet - tick 12 of 12" in result.stdout
    check_hunks(result.stdout, finished / IRON / "archive" / "011_ironhold_sheet.txt",
                finished / IRON / "012_ironhold_sheet.txt", f"{IRON}/012_ironhold_sheet.txt")


def test_diff_between_explicit_ticks(finished: Path) -> None:
    """Property: `diff PLAYER A B` compares exactly ticks A and B, read from archive/."""
    result = play(finished, "diff", THORN, "2", "5")
    assert result.returncode == 0, output(result)
    assert headers(result.stdout)[:2] == [f"--- {THORN}/archive/002_thornvale_sheet.txt",
                                          f"+++ {THORN}/archive/005_thornvale_sheet.txt"]
    assert "-Thornvale - kingdom sheet - tick 2 of 12" in result.stdout
    assert "+Thornvale - kingdom sheet - tick 5 of 12" in result.stdout
    one = play(finished, "diff", IRON, "7")
    assert one.returncode == 0, output(one)
    assert headers(one.stdout)[:2] == [f"--- {IRON}/archive/007_ironhold_sheet.txt",
                                       f"+++ {IRON}/012_ironhold_sheet.txt"]


def test_diff_of_a_tick_with_itself_has_no_noise(finished: Path) -> None:
    """Property: the same tick twice gives no differences (nothing unstable in the sheets)."""
    result = play(finished, "diff", IRON, "4", "4")
    assert result.returncode == 0, output(result)
    assert result.stdout.strip() == "no differences"


def test_diff_refuses_unknown_players_and_ticks(finished: Path) -> None:
    """Property: an unknown player or a tick outside 0..now is a usage error (exit 2) that
    says what exists."""
    nobody = play(finished, "diff", "Nobody")
    assert nobody.returncode == 2, output(nobody)
    assert "no player 'Nobody'" in nobody.stderr and IRON in nobody.stderr
    late = play(finished, "diff", IRON, "0", "40")
    assert late.returncode == 2, output(late)
    assert "there is no tick 40" in late.stderr and "0 to 12" in late.stderr


def test_diff_at_tick_zero_has_no_previous_tick(tmp_path: Path) -> None:
    """Property: right after setup there is only tick 0: the default diff is refused
    (exit 2), not an empty or crashing diff."""
    root = tmp_path / "game"
    assert play(root, "setup", "--seed", "1", "--ticks", "3").returncode == 0
    result = play(root, "diff", IRON)
    assert result.returncode == 2, output(result)
    assert "no tick -1" in result.stderr


def test_reveal_is_refused_before_the_end_and_leaks_nothing(tmp_path: Path) -> None:
    """Property: before the game is over `reveal` exits 4 and prints no seed; `--force`
    reveals it, and its sha256 is the one published in seed_sha256.txt at setup."""
    root = tmp_path / "game"
    seed = 987654321
    assert play(root, "setup", "--seed", str(seed), "--ticks", "3").returncode == 0
    refused = play(root, "reveal")
    assert refused.returncode == 4, output(refused)
    assert "secret" in refused.stderr and "--force" in refused.stderr
    assert str(seed) not in output(refused)
    forced = play(root, "reveal", "--force")
    assert forced.returncode == 0, output(forced)
    assert re.search(r"^seed (\d+)$", forced.stdout, re.M).group(1) == str(seed)
    salt = re.search(r"^salt ([0-9a-f]{32})$", forced.stdout, re.M).group(1)
    digest = hashlib.sha256(f"{salt}:{seed}".encode("ascii")).hexdigest()
    assert digest == published_digest(root)
    assert f"sha256 {digest}" in forced.stdout
    assert hashlib.sha256(str(seed).encode("ascii")).hexdigest() != published_digest(root)


def test_reveal_after_the_end_matches_the_published_hash(tmp_path: Path) -> None:
    """Property: once the game is over anyone may `reveal`; the printed salt and seed hash
    (sha256 of `SALT:SEED`) to seed_sha256.txt, checked both with hashlib and with the shell
    line reveal prints (`printf %s 'SALT:SEED' | sha256sum`); a neighbouring seed does not."""
    root = tmp_path / "game"
    assert play(root, "setup", "--ticks", "1").returncode == 0  # a fresh secret seed
    write_orders(root, IRON, "end\n")
    write_orders(root, THORN, "end\n")
    assert play(root, "tick").returncode == 0
    result = play(root, "reveal")
    assert result.returncode == 0, output(result)
    seed = re.search(r"^seed (\d+)$", result.stdout, re.M).group(1)
    salt = re.search(r"^salt ([0-9a-f]{32})$", result.stdout, re.M).group(1)
    published = published_digest(root)
    assert hashlib.sha256(f"{salt}:{seed}".encode("ascii")).hexdigest() == published
    line = re.search(r"^check it: (.*)$", result.stdout, re.M).group(1)
    assert line == f"printf %s '{salt}:{seed}' | sha256sum"
    shell = subprocess.run(line, shell=True, capture_output=True, text=True, check=True)
    assert shell.stdout.split()[0] == published
    wrong = subprocess.run(f"printf %s '{salt}:{int(seed) + 1}' | sha256sum", shell=True,
                           capture_output=True, text=True, check=True)
    assert wrong.stdout.split()[0] != published


def test_a_small_seed_cannot_be_found_from_the_published_hash(tmp_path: Path) -> None:
    """Fair dice that cannot be brute-forced: with --seed 3, no seed from 0 to 10,000 hashes
    (alone) to the published value, because a 128-bit secret salt goes into it."""
    root = tmp_path / "game"
    assert play(root, "setup", "--seed", "3", "--ticks", "1").returncode == 0
    published = published_digest(root)
    assert all(hashlib.sha256(str(n).encode("ascii")).hexdigest() != published
               for n in range(10_001))


def test_reveal_of_the_finished_fixture(finished: Path) -> None:
    """Property: reveal prints the seed the game was set up with."""
    result = play(finished, "reveal")
    assert result.returncode == 0, output(result)
    assert f"seed {FINISHED_SEED}\n" in result.stdout
