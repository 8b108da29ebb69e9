"""The game folder on disk: setup, locking, all-or-nothing ticks, crash recovery, damage."""

from __future__ import annotations

import json
import os
import shutil
import socket
import time
from pathlib import Path

import pytest

from engine_support import (
    SK_PLAYERS,
    TOY_PLAYERS,
    folder_digest,
    new_kingdoms,
    new_toy,
    resolve,
    write_orders,
)
from lifegames import registry
from lifegames.engine.core.contract import SetupError
from lifegames.engine.core.dice import seed_digest
from lifegames.engine.folder import folder as folder_module
from lifegames.engine.folder.folder import (
    META,
    Busy,
    Damaged,
    FolderError,
    GameFolder,
    NoGame,
    safe_relative,
)
from lifegames.engine.host.host import EXECUTED, Host, check_player_name, order_file
from toygame import TOY, ToyGame

STATE = f"{META}/state.json"


def toy_host(root: Path) -> Host:
    return Host(str(root), resolve)


class FakeClock:
    """Stands in for the time module inside folder.py so a lock wait takes no real time."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        self.now += 0.25
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds

    @staticmethod
    def time() -> float:
        return time.time()


@pytest.fixture
def fast_clock(monkeypatch):
    monkeypatch.setattr(folder_module, "time", FakeClock())


# -- setup ------------------------------------------------------------------------------------


def test_setup_writes_the_opening_files_and_leaves_no_work_files(toy_dir):
    """Setup leaves the seed commitment, the hidden state, and per player a tick-000 sheet and an
    order template; no lock, journal or staging is left behind."""
    files = folder_digest(toy_dir)
    assert {META, STATE, "seed_sha256.txt", "Ann/000_sheet.txt", "Ann/Ann_orders.txt",
            "Bob/000_sheet.txt", "Bob/Bob_orders.txt"} <= set(files)
    assert not [f for f in files if f.endswith(("lock", "journal.json", "staging"))]
    envelope = json.loads((toy_dir / STATE).read_text())
    assert envelope["game"] == "toy" and envelope["seed"] == 7
    assert envelope["state"]["tick"] == 0
    assert envelope["setup"] == {"players": TOY_PLAYERS, "options": {"ticks": 5}}
    assert seed_digest(7, envelope["salt"]) in (toy_dir / "seed_sha256.txt").read_text()
    assert len(envelope["salt"]) == 32
    assert (toy_dir / "Ann/Ann_orders.txt").read_text().startswith("# Ann: orders for tick 1\n")


def test_the_seed_is_kept_out_of_every_player_visible_file(tmp_path):
    """The secret seed is only in the hidden state: no other file (sheets, templates, logs,
    the published sha256) contains it, after setup and after a tick."""
    seed = 987654321987
    root = tmp_path / "secret"
    host = new_toy(root, seed=seed)
    write_orders(root, "Ann", "roll()")
    host.tick()
    for path in root.rglob("*"):
        if path.is_file() and path.relative_to(root).as_posix() != STATE:
            assert str(seed) not in path.read_text(encoding="utf-8"), path
    assert str(seed) in (root / STATE).read_text()


def test_state_file_is_stable_sorted_json(toy_dir):
    """state.json is written with sorted keys and a final newline, so it diffs cleanly."""
    text = (toy_dir / STATE).read_text(encoding="utf-8")
    data = json.loads(text)
    assert text == json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def test_setup_refuses_a_folder_that_already_holds_a_game(toy_dir):
    """A second setup in the same folder is refused (exit code 4) and changes no byte."""
    before = folder_digest(toy_dir)
    with pytest.raises(FolderError) as caught:
        new_toy(toy_dir, seed=8)
    assert caught.value.exit_code == 4
    assert "already holds a game" in caught.value.message
    assert folder_digest(toy_dir) == before


def test_setup_refuses_a_non_empty_player_folder(tmp_path):
    """A folder named like a player that already has files is never overwritten."""
    (tmp_path / "Ann").mkdir()
    (tmp_path / "Ann" / "notes.txt").write_text("mine")
    with pytest.raises(FolderError):
        new_toy(tmp_path)
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["Ann", "notes.txt"]


@pytest.mark.parametrize("name", [
    "../x", "a/b", "a\\b", "CON", "con", "Nul", "COM1", "lpt9", "archive", "Archive",
    ".lifegames", "lifegames", "bad\x07name", "tab\tname", "new\nline", "", " Ann", "Ann ",
    "9lives", "_x", "-x", "a.b", "x" * 25, "Zoë",
])
def test_setup_refuses_player_names_that_make_bad_folders(tmp_path, name):
    """Player names become folder names: traversal, separators, Windows device names, the
    archive folder, control characters, dots, non-ASCII and over-long names are refused, and
    nothing is written."""
    root = tmp_path / "game"
    with pytest.raises(SetupError):
        new_toy(root, players=["Ann", name])
    assert not root.exists()


def test_setup_accepts_ordinary_names():
    """Letters, digits, '_' and '-' starting with a letter, up to 24 characters, are fine."""
    for name in ("Ann", "a", "Iron_hold-2", "x" * 24, "Comet", "Console", "com10"):
        assert check_player_name(name) == name


@pytest.mark.parametrize("names", [["Ann", "ann"], ["Bob", "BOB"], ["Ann", "Bob", "ANN"]])
def test_setup_refuses_names_equal_ignoring_case(tmp_path, names):
    """Two players whose names differ only in case would share a folder on Windows/macOS."""
    with pytest.raises(SetupError, match="differ"):
        new_toy(tmp_path / "g", players=names)
    assert not (tmp_path / "g").exists()


def test_setup_refuses_a_wrong_number_of_players(tmp_path):
    """The game's player range is enforced (toy: 1-4; Simple Kingdoms: exactly 2)."""
    with pytest.raises(SetupError):
        new_toy(tmp_path / "a", players=["A", "B", "C", "D", "E"])
    with pytest.raises(SetupError):
        Host(str(tmp_path / "b"), resolve).setup(
            registry.get("simple-kingdoms"), ["Solo"], [], 1, None)


# -- ticks ------------------------------------------------------------------------------------


def test_a_good_tick_archives_writes_resets_and_logs(toy_dir, toy_host):
    """A tick writes the 001 sheets, moves the 000 ones to archive/, appends what ran to
    executed_orders.txt (canonical spelling) and resets the order files."""
    write_orders(toy_dir, "Ann", "add( 2 )  # two\nadd(3)\n")
    write_orders(toy_dir, "Bob", "")
    loaded, outcome = toy_host.tick()
    assert outcome.problems == [] and loaded.state["tick"] == 1
    assert sorted(p.name for p in (toy_dir / "Ann").iterdir()) == [
        "001_sheet.txt", "Ann_orders.txt", "archive", EXECUTED]
    assert not (toy_dir / "Ann/000_sheet.txt").exists()
    assert (toy_dir / "Ann/archive/000_sheet.txt").read_text().startswith("Ann tick 0")
    assert (toy_dir / "Ann/001_sheet.txt").read_text().startswith("Ann tick 1\ntotal 5\n")
    assert (toy_dir / "Ann" / EXECUTED).read_text() == "# Tick 1\nadd(2)\nadd(3)\n"
    assert (toy_dir / "Bob" / EXECUTED).read_text() == "# Tick 1\n"
    reset = (toy_dir / "Ann/Ann_orders.txt").read_text()
    assert reset.startswith("# Ann: orders for tick 2\n")
    assert toy_host.check("Ann")[1][0].orders == []  # the template holds no orders

    write_orders(toy_dir, "Ann", "take(1)")
    toy_host.tick()
    assert (toy_dir / "Ann" / EXECUTED).read_text() == (
        "# Tick 1\nadd(2)\nadd(3)\n\n# Tick 2\ntake(1)\n")
    assert sorted(p.name for p in (toy_dir / "Ann/archive").iterdir()) == [
        "000_sheet.txt", "001_sheet.txt"]


def test_a_missing_order_file_means_no_actions(toy_dir, toy_host):
    """A player who deleted their order file simply does nothing this tick."""
    (toy_dir / order_file("Bob")).unlink()
    write_orders(toy_dir, "Ann", "add(1)")
    _, outcome = toy_host.tick()
    assert outcome.problems == [] and outcome.executed["Bob"] == []
    assert (toy_dir / order_file("Bob")).exists()


@pytest.mark.parametrize("ann, bob", [
    ("add(0)", ""),
    ("add(1)", "add(\n"),
    ("take(3)", "take(3)"),              # each fine alone: a conflict
    ("roll()\nendif", ""),               # a plan that is not one
    ("add(1)\nadd(1)\nadd(1)\nadd(1)", ""),
    (b"add(1)\x00", ""),
    (b"add(\xff)", ""),
])
def test_a_rejected_tick_changes_no_byte_of_the_folder(toy_dir, toy_host, ann, bob):
    """Whatever the problem (rule, syntax, conflict, plan, limit, binary, encoding), a
    rejected tick leaves every file, hidden state included, byte for byte as it was, and adds
    or removes no file."""
    write_orders(toy_dir, "Ann", ann)
    write_orders(toy_dir, "Bob", bob)
    before = folder_digest(toy_dir)
    _, outcome = toy_host.tick()
    assert outcome.problems
    assert folder_digest(toy_dir) == before


def test_a_rejected_real_game_tick_changes_no_byte(sk_dir):
    """The same all-or-nothing property with Simple Kingdoms, after a good tick has made
    archive/ and executed_orders.txt exist."""
    host = Host(str(sk_dir), resolve)
    write_orders(sk_dir, "Ironhold", "hire_soldiers(0,0,1)\n")
    assert host.tick()[1].problems == []
    write_orders(sk_dir, "Ironhold", 'build(0,0, "farm")\nhire_soldiers(0,0, 9999)\n')
    write_orders(sk_dir, "Thornvale", "claim_tile(9,9)\n")
    before = folder_digest(sk_dir)
    _, outcome = host.tick()
    assert len(outcome.problems) >= 2
    assert folder_digest(sk_dir) == before


def test_check_never_writes_even_when_all_orders_are_good(toy_dir, toy_host):
    """check is read-only: with valid orders it reports effects and the folder is unchanged."""
    write_orders(toy_dir, "Ann", "add(1)\nroll()")
    before = folder_digest(toy_dir)
    _, checks = toy_host.check()
    assert [c.problems for c in checks] == [[], []]
    assert folder_digest(toy_dir) == before


def test_check_of_one_player_reads_only_that_file(toy_dir, toy_host):
    """check(player) checks that player alone: the other's broken file is not reported."""
    write_orders(toy_dir, "Ann", "add(1)")
    write_orders(toy_dir, "Bob", "garbage(")
    _, checks = toy_host.check("Ann")
    assert [(c.player, c.problems) for c in checks] == [("Ann", [])]
    _, checks = toy_host.check("Bob")
    assert [c.player for c in checks] == ["Bob"] and checks[0].problems


def test_only_awaited_players_files_are_read(toy_dir, toy_host):
    """While a prompt is pending only its player is awaited: the other player's (broken)
    file does not block the tick."""
    write_orders(toy_dir, "Ann", "roll()")
    toy_host.tick()
    assert TOY.awaiting(toy_host.load().state) == ["Ann"]
    write_orders(toy_dir, "Bob", "this is not an order")
    write_orders(toy_dir, "Ann", "answer(drop)")
    loaded, outcome = toy_host.tick()
    assert outcome.problems == [] and list(outcome.executed) == ["Ann"]
    assert loaded.state["tick"] == 2


def test_a_player_who_was_not_awaited_keeps_their_order_file(toy_dir, toy_host):
    """A tick that did not read a player's order file must not overwrite it: Bob may write
    next tick's orders while Ann answers her roll, and they must survive that tick."""
    write_orders(toy_dir, "Ann", "roll()")
    toy_host.tick()
    write_orders(toy_dir, "Bob", "add(4)\n")
    write_orders(toy_dir, "Ann", "answer(keep)")
    toy_host.tick()
    assert (toy_dir / order_file("Bob")).read_text() == "add(4)\n"


def test_an_untouched_template_of_a_player_not_awaited_is_renewed(toy_dir, toy_host):
    """A waiting player who has not edited their order file gets the new tick's template (in a
    turn-based game it tells them whose turn it is now); an edited one is a draft and stays."""
    write_orders(toy_dir, "Ann", "roll()")
    toy_host.tick()
    assert (toy_dir / order_file("Bob")).read_text().startswith("# Bob: orders for tick 2\n")
    write_orders(toy_dir, "Ann", "answer(keep)")
    toy_host.tick()
    assert (toy_dir / order_file("Bob")).read_text().startswith("# Bob: orders for tick 3\n")


def test_a_tick_after_the_end_is_refused(tmp_path):
    """When the game is over, tick is refused (exit code 4) and nothing changes."""
    root = tmp_path / "short"
    host = new_toy(root, ticks=1)
    host.tick()
    before = folder_digest(root)
    with pytest.raises(FolderError, match="over") as caught:
        host.tick()
    assert caught.value.exit_code == 4
    assert folder_digest(root) == before


def test_a_game_cannot_write_outside_its_player_folder(tmp_path):
    """A view name with a path in it is refused before anything is written."""

    class Escaping(ToyGame):
        def views(self, state, player):
            return {"../../evil.txt": "x"}

    root = tmp_path / "g"
    with pytest.raises(ValueError):
        Host(str(root), resolve).setup(Escaping(), ["Ann"], [], 1, None)
    assert not (tmp_path / "evil.txt").exists()
    assert not (root / STATE).exists()


@pytest.mark.parametrize("bad", ["../x", "/etc/passwd", "a/../../b", "", ".", "a/.."])
def test_safe_relative_refuses_paths_that_leave_the_folder(bad):
    """Paths that are absolute, empty or contain '..' / '.' never reach the disk."""
    with pytest.raises(ValueError):
        safe_relative(bad)


# -- the commit journal -----------------------------------------------------------------------

TICKS = [("add(2)\nroll()", "take(4)"), ("answer(keep)", "add(9)"), ("add(1)", "take(1)")]


def play_toy(root: Path, ticks: int, seed: int = 7) -> Host:
    host = new_toy(root, seed=seed)
    for ann, bob in TICKS[:ticks]:
        write_orders(root, "Ann", ann)
        write_orders(root, "Bob", bob)
        _, outcome = host.tick()
        assert outcome.problems == [], [p.render() for p in outcome.problems]
    return host


def test_an_interrupted_commit_is_finished_by_the_next_command(tmp_path, monkeypatch):
    """A crash after the journal is written but before any file is moved: the next command
    (any command) carries the journal out, leaving the folder exactly as an uninterrupted
    run of the same seed and orders leaves it."""
    reference = tmp_path / "reference"
    play_toy(reference, 2)

    crashed = tmp_path / "crashed"
    host = play_toy(crashed, 1)
    write_orders(crashed, "Ann", TICKS[1][0])
    write_orders(crashed, "Bob", TICKS[1][1])

    def crash(self, entries):
        raise KeyboardInterrupt("power cut")

    with monkeypatch.context() as patch:
        patch.setattr(GameFolder, "_carry_out", crash)
        with pytest.raises(KeyboardInterrupt):
            host.tick()
    assert (crashed / META / "journal.json").exists()
    assert not (crashed / META / "lock").exists()
    assert json.loads((crashed / STATE).read_text())["state"]["tick"] == 1

    assert toy_host(crashed).load().state["tick"] == 2
    assert folder_digest(crashed) == folder_digest(reference)


def test_a_commit_interrupted_at_any_step_ends_at_tick_n_or_n_plus_1(tmp_path, monkeypatch):
    """Kill the commit at each successive file replacement in turn: the next command always
    leaves the folder byte-identical to either the untouched tick-N folder (crash before the
    journal existed) or the uninterrupted tick-N+1 folder."""
    before_dir, after_dir = tmp_path / "n", tmp_path / "n1"
    play_toy(before_dir, 1)
    for name, text in zip(("Ann", "Bob"), TICKS[1], strict=True):
        write_orders(before_dir, name, text)
    at_n = folder_digest(before_dir)
    play_toy(after_dir, 2)
    at_n1 = folder_digest(after_dir)

    real_replace = os.replace
    outcomes = []
    for crash_at in range(60):
        root = tmp_path / f"crash{crash_at}"
        shutil.copytree(before_dir, root)
        calls = 0

        def replace(src, dst, _limit=crash_at, **where):
            nonlocal calls
            calls += 1
            if calls > _limit:
                raise OSError("disk yanked")
            real_replace(src, dst, **where)

        with monkeypatch.context() as patch:
            patch.setattr(os, "replace", replace)
            try:
                toy_host(root).tick()
                finished = True
            except OSError:
                finished = False
        toy_host(root).load()  # the next command recovers
        digest = folder_digest(root)
        if digest == at_n:
            outcomes.append("N")
        else:
            assert digest == at_n1, f"crash after replace number {crash_at} left a mixed folder"
            outcomes.append("N+1")
        if finished:
            break
    assert outcomes[0] == "N" and outcomes[-1] == "N+1" and len(outcomes) > 5


def test_carrying_out_a_finished_journal_again_changes_nothing(tmp_path, monkeypatch):
    """Every journal step is idempotent: if the process dies after doing all the steps but
    before deleting the journal, doing them again (appends included) gives the same folder."""
    reference = tmp_path / "reference"
    play_toy(reference, 2)

    root = tmp_path / "twice"
    host = play_toy(root, 1)
    write_orders(root, "Ann", TICKS[1][0])
    write_orders(root, "Bob", TICKS[1][1])
    saved = tmp_path / "saved"
    real = GameFolder._carry_out

    def keep_a_copy(self, entries):
        shutil.copytree(self.meta, saved)
        real(self, entries)

    monkeypatch.setattr(GameFolder, "_carry_out", keep_a_copy)
    host.tick()
    monkeypatch.undo()
    shutil.copy(saved / "journal.json", root / META / "journal.json")
    shutil.copytree(saved / "staging", root / META / "staging")
    toy_host(root).load()
    assert folder_digest(root) == folder_digest(reference)


def test_staging_without_a_journal_is_thrown_away(toy_dir, toy_host):
    """Files staged by a commit that died before its journal was complete are deleted by the
    next command, and the folder stays at tick N."""
    write_orders(toy_dir, "Ann", "add(1)")
    before = folder_digest(toy_dir)
    staging = toy_dir / META / "staging"
    staging.mkdir()
    (staging / "00000").write_text("half a sheet")
    (toy_dir / META / "journal.json.tmp").write_text('{"ops": [')
    assert toy_host.load().state["tick"] == 0
    assert folder_digest(toy_dir) == before


def test_an_unreadable_journal_is_damage_not_a_crash(toy_dir, toy_host):
    """A journal that is not JSON cannot be carried out: Damaged (exit 4), nothing changes."""
    (toy_dir / META / "journal.json").write_text("{not json")
    before = folder_digest(toy_dir)
    with pytest.raises(Damaged) as caught:
        toy_host.check()
    assert caught.value.exit_code == 4
    assert folder_digest(toy_dir) == before


# -- the lock ---------------------------------------------------------------------------------


def test_a_stale_lock_of_a_dead_process_on_this_host_is_cleared(toy_dir, toy_host):
    """A lock naming a pid that no longer runs on this machine is removed and the command
    runs; the lock is gone afterwards."""
    lock = toy_dir / META / "lock"
    lock.write_text(f"999999 {socket.gethostname()}\n")
    with pytest.raises(ProcessLookupError):
        os.kill(999999, 0)
    write_orders(toy_dir, "Ann", "add(1)")
    assert toy_host.tick()[1].problems == []
    assert not lock.exists()


def test_a_live_lock_makes_a_second_command_busy(toy_dir, toy_host, fast_clock):
    """While another live process (here: this one) holds the lock, a command waits, then
    raises Busy (exit code 3) and leaves the lock and folder alone."""
    lock = toy_dir / META / "lock"
    lock.write_text(f"{os.getpid()} {socket.gethostname()}\n")
    before = folder_digest(toy_dir)
    with pytest.raises(Busy) as caught:
        toy_host.tick()
    assert caught.value.exit_code == 3
    assert folder_digest(toy_dir) == before


def test_busy_says_another_command_is_working(toy_dir, toy_host, fast_clock):
    """The Busy error's message says what is wrong (another command holds the folder) and its
    hint says what to do (wait, or delete the lock file)."""
    (toy_dir / META / "lock").write_text(f"{os.getpid()} {socket.gethostname()}\n")
    with pytest.raises(Busy) as caught:
        toy_host.load()
    assert "another play.py command" in caught.value.message
    assert "lock" in caught.value.hint


def test_a_fresh_lock_from_another_machine_is_respected(toy_dir, toy_host, fast_clock):
    """A recent lock written by another host (a shared folder) cannot be tested for liveness,
    so it is left alone: Busy."""
    (toy_dir / META / "lock").write_text("4242 some-other-machine\n")
    with pytest.raises(Busy):
        toy_host.load()
    assert (toy_dir / META / "lock").exists()


def test_the_lock_is_released_after_a_command_even_when_it_fails(toy_dir, toy_host):
    """Commands that end in an error (damage, rejected orders) still release the lock."""
    write_orders(toy_dir, "Ann", "add(0)")
    toy_host.tick()
    assert not (toy_dir / META / "lock").exists()
    (toy_dir / STATE).write_text("{")
    with pytest.raises(Damaged):
        toy_host.tick()
    assert not (toy_dir / META / "lock").exists()


def test_the_lock_is_held_during_a_command(toy_dir, toy_host):
    """Inside locked() the lock file exists and names this process and host."""
    with toy_host.folder.locked():
        assert (toy_dir / META / "lock").read_text().split() == [
            str(os.getpid()), socket.gethostname()]


# -- damage -----------------------------------------------------------------------------------


@pytest.mark.parametrize("damage", [
    lambda text: text[: len(text) // 2],
    lambda text: "",
    lambda text: "this is not json",
    lambda text: "[1, 2, 3]",
    lambda text: json.dumps({**json.loads(text), "format": 99}),
    lambda text: json.dumps({k: v for k, v in json.loads(text).items() if k != "seed"}),
    lambda text: "\udcff",
], ids=["truncated", "empty", "not-json", "a-list", "future-format", "no-seed", "not-utf8"])
def test_a_damaged_state_file_is_reported_as_damaged(toy_dir, toy_host, damage):
    """A state.json that was truncated, emptied, replaced or is of an unknown format gives
    Damaged (exit code 4) naming the file, for every command, and is never overwritten."""
    path = toy_dir / STATE
    new = damage(path.read_text(encoding="utf-8"))
    path.write_bytes(new.encode("utf-8", "surrogateescape"))
    before = folder_digest(toy_dir)
    for command in (toy_host.load, toy_host.check, toy_host.tick):
        with pytest.raises(Damaged) as caught:
            command()
        assert caught.value.exit_code == 4
        assert "state.json" in caught.value.message
    assert folder_digest(toy_dir) == before


def test_a_folder_of_an_unknown_game_is_damaged(toy_dir):
    """A state naming a game this installation does not have is Damaged, not a KeyError."""
    with pytest.raises(Damaged, match="unknown kind"):
        Host(str(toy_dir), registry.get).load()


def test_a_folder_without_a_game_says_so(tmp_path):
    """Commands in a folder with no game raise NoGame (exit code 2, a usage error)."""
    with pytest.raises(NoGame) as caught:
        toy_host(tmp_path).check()
    assert caught.value.exit_code == 2


def test_a_folder_without_a_game_is_left_untouched(tmp_path):
    """Looking for a game where there is none must not litter the folder (a mistyped --dir
    should not create a game skeleton, and a missing folder should not be created)."""
    with pytest.raises(NoGame):
        toy_host(tmp_path).load()
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(NoGame):
        toy_host(tmp_path / "typo").load()
    assert not (tmp_path / "typo").exists()


def test_an_order_file_that_is_a_folder_is_rejected_not_crashed(toy_dir, toy_host):
    """If a player's order file is a directory, or a link (which could make `check` print any
    file the host can read, the seed included), it is refused as not a plain file."""
    (toy_dir / order_file("Ann")).unlink()
    (toy_dir / order_file("Ann")).mkdir()
    _, outcome = toy_host.tick()
    assert [p.code for p in outcome.problems] == ["E-NOT-A-FILE"]
    (toy_dir / order_file("Ann")).rmdir()
    (toy_dir / order_file("Ann")).symlink_to(toy_dir / ".lifegames" / "state.json")
    _, outcome = toy_host.tick()
    assert [p.code for p in outcome.problems] == ["E-NOT-A-FILE"]
    assert "seed" not in outcome.problems[0].render()


# -- determinism -----------------------------------------------------------------------------


def test_toy_folders_with_the_same_seed_and_orders_are_byte_identical(tmp_path):
    """Two toy folders set up with the same seed and fed the same orders are identical, file
    for file and byte for byte, after several ticks; another seed differs."""
    play_toy(tmp_path / "a", 3)
    play_toy(tmp_path / "b", 3)
    play_toy(tmp_path / "c", 3, seed=8)
    assert folder_digest(tmp_path / "a") == folder_digest(tmp_path / "b")
    assert folder_digest(tmp_path / "a") != folder_digest(tmp_path / "c")


SK_TICKS = [
    {"Ironhold": "hire_soldiers(0,0, 1)\nbuy_resource('food', 2)",
     "Thornvale": "move_soldiers(2,2, 2,1, 2)"},
    {"Ironhold": "move_soldiers(0,0, 0,1, 3)", "Thornvale": "give(\u201cgold\u201d, 5)"},
    {"Ironhold": "", "Thornvale": "hire_soldiers(2,2, 2)"},
    {"Ironhold": "sell_resource(\"food\", 4)", "Thornvale": ""},
]


def play_kingdoms(root: Path, seed: int = 42) -> None:
    host = new_kingdoms(root, seed=seed)
    for orders in SK_TICKS:
        for player, text in orders.items():
            write_orders(root, player, text)
        _, outcome = host.tick()
        assert outcome.problems == [], [p.render() for p in outcome.problems]


def test_simple_kingdoms_folders_with_the_same_seed_are_byte_identical(tmp_path):
    """Determinism with the real game: same seed, same orders -> byte-identical folders after
    four ticks (sheets, archives, logs, hidden state)."""
    play_kingdoms(tmp_path / "a")
    play_kingdoms(tmp_path / "b")
    digest = folder_digest(tmp_path / "a")
    assert digest == folder_digest(tmp_path / "b")
    assert "Ironhold/archive/003_ironhold_sheet.txt" in digest
    assert json.loads((tmp_path / "a" / STATE).read_text())["state"]["tick"] == len(SK_TICKS)
    assert set(SK_PLAYERS) <= set(digest)


def test_executed_orders_replay_to_the_same_folder(tmp_path):
    """executed_orders.txt is the game's record: replaying the toy game's log (which holds a
    roll() and an answer(keep)) rebuilds a byte-identical folder (tools.verify finds nothing)."""
    from lifegames.engine.host.tools import verify

    host = play_toy(tmp_path / "game", 3)
    assert verify(host) == []
