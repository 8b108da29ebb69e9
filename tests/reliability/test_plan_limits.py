"""Issue 22, points 1 and 2: a plan's shape and its work are bounded, so no order file can crash
a command or keep it (and the folder's lock) busy for long.

Blocks nest at most MAX_NESTING deep and brackets or `not` at most MAX_CONDITION_NESTING deep in
a condition (E-TOO-DEEP, located); each run of a file has a budget of counted work (steps and
rule runs: orders tried and `can` tests), a tick has one for all its runs, and a file past it is
refused with E-PLAN-BUDGET on the line where the budget ran out, or, after an outcome, its plan
stops there. `watch` outlives any order file."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lifegames import registry
from lifegames.cli import cli
from lifegames.engine.host import order_file
from lifegames.engine.orders import MAX_CONDITION_NESTING, parse_text
from lifegames.engine.plans import MAX_NESTING
from lifegames.engine.turn import check_file

from ..seats.helpers import new_seated
from .helpers import output, play, tree

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


def test_orders_states_the_bounds_and_the_budget() -> None:
    """Property: `play.py orders` says how deep blocks and conditions may nest and what a file
    may spend in a tick, with the figures the engine enforces."""
    result = play(None, "orders", "a-chaotic-life")
    text = " ".join(result.stdout.split())
    assert f"blocks nest at most {MAX_NESTING} deep" in text
    assert f"at most {MAX_CONDITION_NESTING} deep in one condition" in text


# -- watch ----------------------------------------------------------------------------------------


def _kingdoms_state() -> dict:
    from lifegames.engine.dice import Dice

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
    RecursionError) is reported and watch goes on; once the player fixes it, watch plays."""
    (kingdoms / order_file(IRON)).write_text(_nested("if", 1000), encoding="utf-8")
    (kingdoms / order_file("Thornvale")).write_text("orders for tick 3\nend\n", encoding="utf-8")

    def fix(n: int) -> None:
        if n == 2:
            (kingdoms / order_file(IRON)).write_text("orders for tick 3\nend\n",
                                                     encoding="utf-8")

    text = _watch(kingdoms, monkeypatch, fix)
    assert "E-TOO-DEEP" in text and "Tick 3 played" in text, text
    assert "(exit 0)" in text, text


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
