"""A plan's shape and its work are bounded, so no order file can crash
a command or keep it (and the folder's lock) busy for long.

Blocks nest at most MAX_NESTING deep and brackets or `not` at most MAX_CONDITION_NESTING deep in
a condition (E-TOO-DEEP, located); each run of a file has a budget of counted work (steps and
rule runs: orders tried and `can` tests), a tick has one for all its runs, and a file past it is
refused with E-PLAN-BUDGET on the line where the budget ran out, or, after an outcome, its plan
stops there. `watch` outlives any order file."""

from __future__ import annotations

import random
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from lifegames import registry
from lifegames.cli import cli
from lifegames.engine.core import budget as budgets
from lifegames.engine.core.orders import MAX_CONDITION_NESTING, parse_text
from lifegames.engine.core.plans import MAX_NESTING
from lifegames.engine.core.turn import check_file, play_tick
from lifegames.engine.host.host import Host, order_file

from ..seats.helpers import new_seated
from .helpers import REPO, new_game, output, play, play_ticks, tree

IRON = "Ironhold"
CAN_SELL = 'can sell_resource("food", 1)'
DRAW_LINE = "if " + " and ".join(["can draw()"] * 24) + " and hand_size > 100: draw()"


def _nested(word: str, depth: int, tick: int = 3, condition: str = "gold >= 0") -> str:
    close = "endif" if word == "if" else "endwhile"
    return (f"orders for tick {tick}\n" + f"{word} {condition}\n" * depth
            + 'sell_resource("wood", 1)\n' + f"{close}\n" * depth + "end\n")


@pytest.mark.parametrize("word", ["if", "while"])
def test_a_thousand_nested_blocks_are_refused_on_the_first_line_too_deep(
        kingdoms: Path, word: str) -> None:
    """Property: 1,000 nested blocks (18 KB) make `check` and `tick` refuse the file with
    E-TOO-DEEP on the first block past the bound (exit 1, no traceback, no byte changed),
    where they used to end in a RecursionError (exit 5)."""
    (kingdoms / order_file(IRON)).write_text(_nested(word, 1000), encoding="utf-8")
    before = tree(kingdoms)
    wanted = f"{order_file(IRON)}:{MAX_NESTING + 2}:1: E-TOO-DEEP"
    for command in ("check", "tick"):
        result = play(kingdoms, command)
        assert result.returncode == 1, output(result)
        assert wanted in result.stdout + result.stderr, output(result)
        assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    assert tree(kingdoms) == before


def test_blocks_as_deep_as_the_bound_still_run() -> None:
    """Property: the bound refuses only what lies past it: MAX_NESTING nested blocks run."""
    game = registry.get("simple-kingdoms")
    state = _kingdoms_state()
    for word, condition in (("if", "gold >= 0"), ("while", "wood >= 1000")):
        text = _nested(word, MAX_NESTING, 1, condition)
        result = check_file(game, state, IRON, parse_text(game.grammar_name(), text,
                                                          order_file(IRON)))
        assert result.problems == [], [p.render() for p in result.problems]
        deeper = check_file(game, state, IRON, parse_text(
            game.grammar_name(), _nested(word, MAX_NESTING + 1, 1, condition),
            order_file(IRON)))
        assert [(p.code, p.line) for p in deeper.problems] == [("E-TOO-DEEP", MAX_NESTING + 2)]


def test_brackets_nested_past_the_bound_are_refused_at_their_column() -> None:
    """Property: 130 nested brackets in one condition (which used to overflow the stack while
    the line was read) give E-TOO-DEEP at the first bracket past the bound; as many as the
    bound allows parse; `not` counts as a level too."""
    grammar = registry.get("simple-kingdoms").grammar_name()

    def condition(depth: int) -> str:
        return "if " + "(" * depth + "gold > 0" + ")" * depth + ': sell_resource("food", 1)'

    deep = parse_text(grammar, condition(130), "f").problems
    assert [(p.code, p.column) for p in deep] == [("E-TOO-DEEP", 4 + MAX_CONDITION_NESTING)]
    assert parse_text(grammar, condition(MAX_CONDITION_NESTING), "f").problems == []
    nots = "if " + "not " * (MAX_CONDITION_NESTING + 1) + 'gold > 0: sell_resource("food", 1)'
    assert [p.code for p in parse_text(grammar, nots, "f").problems] == ["E-TOO-DEEP"]


def test_a_seats_check_refuses_a_deep_file_too(tmp_path: Path) -> None:
    """Property: `check` run in a player's seat refuses 1,000 nested blocks with E-TOO-DEEP
    (exit 1), not a RecursionError."""
    _, seats = new_seated(tmp_path, "simple-kingdoms", 5)
    (seats / order_file(IRON)).write_text(_nested("if", 1000, 1), encoding="utf-8")
    result = play(seats / IRON, "check")
    assert result.returncode == 1, output(result)
    assert f"{IRON}_orders.txt:{MAX_NESTING + 2}:1: E-TOO-DEEP" in result.stdout, output(result)


def test_the_readme_states_the_bounds_and_the_budget_the_engine_enforces() -> None:
    """Property: the README's figures for the plan bounds and budget are the engine's own (a
    test notices a stale one)."""
    text = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    assert (f"blocks nest at most {MAX_NESTING} deep, and brackets and `not` at most "
            f"{MAX_CONDITION_NESTING} deep in one condition") in text
    assert (f"may try at most {budgets.FILE_RUNS:,} orders and `can` tests and take at most "
            f"{budgets.FILE_STEPS:,} steps") in text
    assert f"a tick all its files together {_times(budgets.TICK_FILES)} that" in text
    assert (f"({budgets.FILE_RUNS:,} orders and `can` tests, {budgets.FILE_STEPS:,} steps; a "
            f"tick {_times(budgets.TICK_FILES)} that)") in text


def _times(count: int) -> str:
    return {2: "twice", 3: "three times", 4: "four times"}.get(count, f"{count} times")


def test_orders_states_the_bounds_and_the_budget() -> None:
    """Property: `play.py orders` says how deep blocks and conditions may nest and what a file
    may spend in a tick, with the figures the engine enforces."""
    result = play(None, "orders", "a-chaotic-life")
    text = " ".join(result.stdout.split())
    assert f"blocks nest at most {MAX_NESTING} deep" in text
    assert f"at most {MAX_CONDITION_NESTING} deep in one condition" in text
    assert f"at most {budgets.FILE_RUNS:,} orders and `can` tests" in text
    assert f"at most {budgets.FILE_STEPS:,} steps" in text


# -- the budget -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def chaotic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Chaotic Life! at tick 0, Ana to play. Read-only: copy it."""
    root = tmp_path_factory.mktemp("chaotic") / "game"
    new_game(root, "a-chaotic-life", 3, ["Ana", "Ben", "Cleo"])
    return root


def _chaotic_copy(chaotic: Path, tmp_path: Path, text: str) -> Path:
    root = tmp_path / "game"
    shutil.copytree(chaotic, root)
    (root / order_file("Ana")).write_text(text, encoding="utf-8")
    return root


def _draw_loop(before: str = "") -> str:
    """The attack that bounded work stops: `while hand_size > 0` around 160 lines of 24
    `can draw()` joined by `and` (62 KB), which made one tick take 54 s."""
    return ("orders for tick 1\n" + before + "while hand_size > 0\n" + (DRAW_LINE + "\n") * 160
            + "endwhile\nend_turn()\nend\n")


def test_the_draw_loop_is_refused_where_the_budget_runs_out(chaotic: Path,
                                                            tmp_path: Path) -> None:
    """Property: `check` and `tick` refuse the 62 KB draw loop with E-PLAN-BUDGET naming the
    budget, on the line where it ran out: counted work, so that is the same line on every
    machine (24 `can` tests a line, FILE_RUNS of them: the line holding the last one allowed
    plus one, after the header and the `while`). No byte of the folder changes."""
    root = _chaotic_copy(chaotic, tmp_path, _draw_loop())
    before = tree(root)
    line = 2 + budgets.FILE_RUNS // 24 + 1
    for command in ("check", "tick"):
        result = play(root, command)
        assert result.returncode == 1, output(result)
        said = result.stdout + result.stderr
        assert f"Ana/Ana_orders.txt:{line}:1: E-PLAN-BUDGET" in said, output(result)
        assert f"{budgets.FILE_RUNS:,} orders and `can` tests" in said
    assert tree(root) == before


def test_after_a_draw_the_tick_stops_the_plan_where_the_budget_runs_out(
        chaotic: Path, tmp_path: Path) -> None:
    """Property: after an outcome `check` cannot run the loop (it cannot know the card), so it
    accepts the file; the tick runs it with the real card and stops the plan where the budget
    runs out (what ran is kept, and the sheets say where the turn stands), never for minutes."""
    root = _chaotic_copy(chaotic, tmp_path, _draw_loop("draw()\n"))
    checked = play(root, "check")
    assert checked.returncode == 0, output(checked)
    result = play(root, "tick")
    assert result.returncode == 0, output(result)
    assert "plan stopped at line" in result.stdout and "E-PLAN-BUDGET" not in result.stdout
    assert f"{budgets.FILE_RUNS:,} orders and `can` tests" in result.stdout, output(result)


def test_the_sims_travel_loop_is_refused_too(tmp_path: Path) -> None:
    """Property: The Sims' equivalent of the draw loop (lines of `can travel(...)` chained by
    `and` in a `while` that never ends) is refused with E-PLAN-BUDGET by `check`."""
    root = tmp_path / "sims"
    host = new_game(root, "the-sims", 4, ["Ana", "Ben", "Cleo"])
    play_ticks(host, 3, random.Random(4), "greedy")  # everyone has moved in
    loaded = host.load()
    player = loaded.game.awaiting(loaded.state)[0]
    legal = list(loaded.game.legal_orders(loaded.state, player))
    move = next((t for t in legal if t.startswith("travel")), legal[0])
    line = "if " + " and ".join([f"can {move}"] * 8) + f" and not my_turn: {move}"
    text = (f"orders for tick {loaded.state['tick'] + 1}\nwhile full >= 0\n"
            + (line + "\n") * (60_000 // len(line)) + "endwhile\nend\n")
    (root / order_file(player)).write_text(text, encoding="utf-8")
    result = play(root, "check")
    assert result.returncode == 1 and "E-PLAN-BUDGET" in result.stdout, output(result)


def test_a_file_runs_the_rules_at_most_its_budget_hints_included(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: however a file is written, checking it runs the game's rules at most
    FILE_RUNS times: the search for a place where a refused order would run (hints, up to 12
    trials of the whole file) draws on the same budget, where it used to multiply it."""
    game = registry.get("simple-kingdoms")
    state = _kingdoms_state()
    calls = {"act": 0}
    real = type(game).act

    def act(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls["act"] += 1
        return real(self, *args, **kwargs)

    monkeypatch.setattr(type(game), "act", act)
    chain = "if " + " and ".join([CAN_SELL] * 10) + ' and gold < 0: build(0,0, "farm")'
    text = ("orders for tick 1\nclaim_tile(2, 2)\n" + (chain + "\n") * 90
            + 'sell_resource("wood", 1)\n' * 12 + "end\n")
    result = check_file(game, state, IRON, parse_text(game.grammar_name(), text,
                                                      order_file(IRON)))
    assert result.problems, "the first order must be refused for the hints to be sought"
    assert calls["act"] <= budgets.FILE_RUNS, calls


def test_the_ticks_budget_spans_every_file_and_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: a tick draws every run of every file from one budget: with room for only two
    files' worth, two files that each fit alone cannot both be checked and played; the file
    that was running when it ran out is refused with E-PLAN-BUDGET naming the tick's budget."""
    game = registry.get("simple-kingdoms")
    state = _kingdoms_state()
    chain = "if " + " and ".join([CAN_SELL] * 10) + " and gold < 0: claim_tile(0, 1)"
    lines = (budgets.FILE_RUNS * 6 // 10) // 10
    files = {p: parse_text(game.grammar_name(), "orders for tick 1\n" + (chain + "\n") * lines
                           + "end\n", order_file(p)) for p in ("Ironhold", "Thornvale")}
    alone = [check_file(game, state, p, f) for p, f in files.items()]
    assert all(not c.problems for c in alone)
    assert not play_tick(game, state, files, 1).problems  # room for four files' worth
    monkeypatch.setattr(budgets, "TICK_FILES", 2)
    outcome = play_tick(game, state, files, 1)
    assert [p.code for p in outcome.problems] == ["E-PLAN-BUDGET"]
    assert "the plans of this tick together" in outcome.problems[0].message


def test_the_budget_is_counted_not_timed(chaotic: Path, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: the verdict does not depend on how fast the machine is: with every clock
    made to run 1,000 times faster or slower, the draw loop is refused on the same line."""
    import time

    game = registry.get("a-chaotic-life")
    state = Host(str(chaotic), registry.get).load().state
    parsed = parse_text(game.grammar_name(), _draw_loop(), order_file("Ana"))
    lines = []
    for factor in (1e-3, 1e3):
        for name in ("time", "monotonic", "perf_counter"):
            real = getattr(time, name)
            monkeypatch.setattr(time, name, lambda real=real, factor=factor: real() * factor)
        lines.append([(p.code, p.line) for p in check_file(game, state, "Ana", parsed).problems])
        monkeypatch.undo()
    assert lines[0] == lines[1] == [("E-PLAN-BUDGET", 2 + budgets.FILE_RUNS // 24 + 1)]


def test_the_budget_bench_builds_files_the_engine_reads() -> None:
    """Property: bench/plan_budget.py's search is real: every file it builds for a game reads
    without a syntax problem, and at least one of them is refused for its budget."""
    sys.path.insert(0, str(REPO / "bench"))
    try:
        import plan_budget
    finally:
        sys.path.remove(str(REPO / "bench"))
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        pos = plan_budget.position("lifestyle", Path(scratch))
        cans = [text for _, text in plan_budget.can_costs(pos, 1)]
        files = plan_budget.shapes(pos, cans, quick=True)
        game = pos.game
        for shape, text in files:
            parsed = parse_text(game.grammar_name(), text, "f")
            assert parsed.problems == [], (shape, [p.render() for p in parsed.problems][:2])
        found = [plan_budget.timed(pos, shape, text) for shape, text in files]
        assert any("E-PLAN-BUDGET" in f.used for f in found), [f.used for f in found]


# -- watch ----------------------------------------------------------------------------------------


def _kingdoms_state() -> dict:
    from lifegames.engine.core.dice import Dice

    game = registry.get("simple-kingdoms")
    state = game.setup(list(game.default_players), game.parse_options([], None), Dice(1, 0))
    state["tick"] = 0
    return state


def _watch(root: Path, monkeypatch: pytest.MonkeyPatch, at_sleep: object) -> str:
    """`watch --max-ticks 1` in this process; `at_sleep(n)` runs at its n-th sleep."""
    count = {"sleep": 0}

    def sleep(seconds: float) -> None:
        count["sleep"] += 1
        if count["sleep"] > 6:
            raise SystemExit(9)
        at_sleep(count["sleep"])  # type: ignore[operator]

    monkeypatch.setattr("lifegames.cli_tools.time.sleep", sleep)
    result = CliRunner().invoke(cli, ["--dir", str(root), "watch", "--interval", "0.01",
                                      "--max-ticks", "1"])
    return result.output + f"\n(exit {result.exit_code})"


def test_watch_survives_a_deep_file_and_plays_once_it_is_fixed(
        kingdoms: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: a complete file of 1,000 nested blocks (which used to end watch with a
    RecursionError) is counted as a problem (its text is the player's, for `check`) and watch
    goes on; once the player fixes it, watch plays."""
    (kingdoms / order_file(IRON)).write_text(_nested("if", 1000), encoding="utf-8")
    (kingdoms / order_file("Thornvale")).write_text("orders for tick 3\nend\n", encoding="utf-8")

    def fix(n: int) -> None:
        if n == 2:
            (kingdoms / order_file(IRON)).write_text("orders for tick 3\nend\n",
                                                     encoding="utf-8")

    text = _watch(kingdoms, monkeypatch, fix)
    assert f"{IRON} (1 problem" in text and "Tick 3 played" in text, text
    assert "E-TOO-DEEP" not in text and "(exit 0)" in text, text


def test_watch_survives_a_bug_met_on_a_file(kingdoms: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: whatever a file makes the engine do, watch does not die: a bug met while
    checking (here the rules raising RecursionError on one order) is said once, nothing is
    played, and watch plays as soon as the file no longer meets it."""
    game = registry.get("simple-kingdoms")
    real = type(game).act

    def act(self, state, player, order, dice):  # type: ignore[no-untyped-def]
        if order.command == "claim_tile":
            raise RecursionError("maximum recursion depth exceeded")
        return real(self, state, player, order, dice)

    monkeypatch.setattr(type(game), "act", act)
    (kingdoms / order_file(IRON)).write_text("orders for tick 3\nclaim_tile(0, 1)\nend\n",
                                             encoding="utf-8")
    (kingdoms / order_file("Thornvale")).write_text("orders for tick 3\nend\n", encoding="utf-8")
    before = tree(kingdoms)

    def fix(n: int) -> None:
        if n == 3:
            assert tree(kingdoms) == before
            (kingdoms / order_file(IRON)).write_text("orders for tick 3\nend\n",
                                                     encoding="utf-8")

    text = _watch(kingdoms, monkeypatch, fix)
    assert text.count("internal error: RecursionError") == 1, text
    assert "Tick 3 played" in text and "(exit 0)" in text, text


def test_bot_games_stay_far_inside_the_budget(tmp_path: Path) -> None:
    """Property: the budget is far above what real plans need: the greedy bots' whole-turn
    plans in every game spend at most a tenth of it."""
    peak = {"steps": 0, "runs": 0}
    real = budgets.Budget.spend

    def spend(self, steps=0, runs=0):  # type: ignore[no-untyped-def]
        real(self, steps, runs)
        if self.scope == "file":
            for what in peak:
                peak[what] = max(peak[what], self.used[what])

    budgets.Budget.spend = spend  # type: ignore[method-assign]
    try:
        for game_id in registry.ids():
            host = new_game(tmp_path / game_id, game_id, 12)
            play_ticks(host, 6, random.Random(12), "greedy")
    finally:
        budgets.Budget.spend = real  # type: ignore[method-assign]
    assert peak["runs"] * 10 <= budgets.FILE_RUNS and peak["steps"] * 10 <= budgets.FILE_STEPS, \
        peak
