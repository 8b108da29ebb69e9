"""W-NO-END: a file that checks well but has no `end` line is played by a `tick` run by hand,
while `watch` waits for the line. `check` (in the game folder and in a seat) and watch's
check_report.txt say so, as a warning with its code, so nobody reads "OK" and then waits
for a tick that never comes; the editor shows the same warning (tests/lsp/test_editor.py).
"""

from __future__ import annotations

import subprocess
import sys
import time

from lifegames.engine.base.codes import W

from ..reliability.helpers import PLAY, output, play
from .helpers import new_seated

SEED = 5_150


def test_n01_check_in_the_game_folder_warns_of_a_file_without_end(tmp_path):
    """The untouched template (no orders, no `end`) is OK for check but carries W-NO-END on
    its last line; the same file ending with `end` carries none, and the warning never
    changes check's exit code (a warning stops nothing)."""
    root = tmp_path / "game"
    made = play(root, "setup", "--seed", "3")
    assert made.returncode == 0, output(made)
    checked = play(root, "check")
    assert checked.returncode == 0, output(checked)
    assert "OK Ironhold/Ironhold_orders.txt: no orders" in checked.stdout
    assert "Ironhold/Ironhold_orders.txt:1:1: W-NO-END: this file does not end with `end`: " \
        "`watch` waits until it does" in checked.stdout, checked.stdout
    assert checked.stdout.count(str(W.NO_END)) == 2, "one for each kingdom's template"
    (root / "Ironhold" / "Ironhold_orders.txt").write_text(
        'orders for tick 1\nbuild(0,0, "farm")\n# more later\n')
    warned = play(root, "check", "Ironhold")
    assert warned.returncode == 0, output(warned)
    assert "Ironhold/Ironhold_orders.txt:2:1: W-NO-END" in warned.stdout, "on the last order"
    (root / "Ironhold" / "Ironhold_orders.txt").write_text(
        'orders for tick 1\nbuild(0,0, "farm")\nend\n')
    ended = play(root, "check", "Ironhold")
    assert ended.returncode == 0 and "1 order would run" in ended.stdout, output(ended)
    assert str(W.NO_END) not in ended.stdout
    (root / "Ironhold" / "Ironhold_orders.txt").write_text('orders for tick 1\nbiuld(0,0)\n')
    broken = play(root, "check", "Ironhold")
    assert broken.returncode == 1 and str(W.NO_END) not in broken.stdout, \
        "a file with a problem is told of its problem first"
    explained = play(None, "explain", "W-NO-END")
    assert explained.returncode == 0 and "`watch` waits" in explained.stdout, output(explained)


def test_n02_check_in_a_seat_warns_of_it_out_of_turn_for_standing_lines(tmp_path):
    """In a seat, out of turn (Lifestyle awaits Ana alone): a file whose standing lines lack
    `end` gets W-NO-END (they take effect only from a file that ends), and one with no
    standing line does not (nothing in it waits)."""
    host, seats = new_seated(tmp_path, "lifestyle", SEED, ["Ana", "Ben", "Cleo"])
    ben = seats / "Ben"
    (ben / "Ben_orders.txt").write_text("orders for tick 1\nstanding accept\n")
    late = play(ben, "check")
    assert late.returncode == 0, output(late)
    assert "\nBen_orders.txt:2:1: W-NO-END: this file does not end with `end`: its standing " \
        "lines take effect only from a file that ends with it" in late.stdout, late.stdout
    (ben / "Ben_orders.txt").write_text("orders for tick 1\nstanding accept\nend\n")
    assert str(W.NO_END) not in play(ben, "check").stdout
    cleo = play(seats / "Cleo", "check")  # the untouched template of a player out of turn
    assert cleo.returncode == 0 and str(W.NO_END) not in cleo.stdout, output(cleo)


def test_n03_an_awaited_file_in_a_seat_without_end_is_warned_of(tmp_path):
    """Simple Kingdoms awaits both kingdoms: the seat's check says OK for the orders and
    W-NO-END for the missing line, naming the file as the seat does."""
    host, seats = new_seated(tmp_path, "simple-kingdoms", SEED)
    seat = seats / "Ironhold"
    (seat / "Ironhold_orders.txt").write_text('orders for tick 1\nbuild(0,0, "farm")\n')
    checked = play(seat, "check")
    assert checked.returncode == 0, output(checked)
    assert "1 order would run" in checked.stdout
    assert "\nIronhold_orders.txt:2:1: W-NO-END: this file does not end with `end`: `watch` " \
        "waits until it does" in checked.stdout, checked.stdout


def _wait_for(condition, seconds: float = 60.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return False


def test_n04_watch_says_why_it_waits_in_the_check_report(tmp_path):
    """watch answers a good file without `end` with a check report that says OK and
    W-NO-END, and plays nothing; once both files end with `end`, it plays the tick."""
    host, seats = new_seated(tmp_path, "simple-kingdoms", SEED)
    (seats / "Ironhold" / "Ironhold_orders.txt").write_text(
        'orders for tick 1\nbuild(0,0, "farm")\n')
    (seats / "Thornvale" / "Thornvale_orders.txt").write_text("orders for tick 1\n")
    watcher = subprocess.Popen(
        [sys.executable, str(PLAY), "--dir", str(tmp_path / "host"), "watch", "--interval",
         "0.1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    reports = {p: seats / p / "check_report.txt" for p in ("Ironhold", "Thornvale")}
    try:
        assert _wait_for(lambda: all(r.exists() for r in reports.values())), "no report"
        text = reports["Ironhold"].read_text(encoding="utf-8")
        assert "OK Ironhold_orders.txt: 1 order would run" in text, text
        assert "\nIronhold_orders.txt:2:1: W-NO-END: this file does not end with `end`: " \
            "`watch` waits until it does" in text, text
        assert host.load().state["tick"] == 0, "watch waits for the `end` lines"
        for player in ("Ironhold", "Thornvale"):
            with (seats / player / f"{player}_orders.txt").open("a") as file:
                file.write("end\n")
        assert _wait_for(lambda: (seats / "Ironhold" / "001_ironhold_sheet.txt").exists()), \
            "watch plays once every file ends"
    finally:
        watcher.kill()
        out, err = watcher.communicate()
    assert "waiting for Ironhold (not ended), Thornvale (no orders yet)" in out, out + err
