"""Plans, standing orders, tick-bound files and absence, on the planned toy game (engine level).

Each test is numbered P-nn; the game-level tests (a plan and the same orders step by step give
the same folder, per game) live with each game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_support import TOY_PLAYERS
from lifegames.engine.core import dice as dice_module
from lifegames.engine.core.contract import Game
from lifegames.engine.core.orders import parse_text
from lifegames.engine.core.turn import check_file, play_tick
from lifegames.engine.host.host import Host, order_file
from lifegames.engine.host.tools import verify
from planned_toy import PLANNED

SEED = 7


def state(pool: int = 5) -> dict:
    s = PLANNED.setup(list(TOY_PLAYERS), {"ticks": 5}, dice_module.Dice(SEED, 0))
    s["tick"] = 0
    s["pool"] = pool
    return s


def parsed(player: str, text: str):
    return parse_text(PLANNED.grammar_name(), text, order_file(player))


def check(text: str, player: str = "Ann", s: dict | None = None):
    return check_file(PLANNED, state() if s is None else s, player, parsed(player, text))


def codes(result) -> list[tuple[str, int]]:
    return [(p.code, p.line) for p in result.problems]


def tick(text: str, bob: str = "", s: dict | None = None):
    files = {"Ann": parsed("Ann", text), "Bob": parsed("Bob", bob)}
    return play_tick(PLANNED, state() if s is None else s, files, SEED)


def resolve(game_id: str) -> Game:
    assert game_id == PLANNED.id
    return PLANNED


@pytest.fixture
def host(tmp_path: Path) -> Host:
    host = Host(str(tmp_path / "game"), resolve)
    host.setup(PLANNED, list(TOY_PLAYERS), [], SEED, None)
    return host


def write(host: Host, player: str, text: str) -> None:
    host.folder.path(order_file(player)).write_text(text, encoding="utf-8")


# -- the shape of a plan ------------------------------------------------------------------------


@pytest.mark.parametrize("text, expected", [
    ("endif\n", [("E-PLAN", 1)]),
    ("if pool > 1\nadd(1)\n", [("E-PLAN", 1)]),
    ("if pool > 1\nadd(1)\nelse\nadd(2)\nelse\nadd(3)\nendif\n", [("E-PLAN", 5)]),
    ("while pool > 1\nadd(1)\nendif\n", [("E-PLAN", 3), ("E-PLAN", 1)]),
    ("if pool > 1\nstanding answer(keep)\nendif\n", [("E-PLAN", 2)]),
    ("orders for tick 1\norders for tick 1\n", [("E-PLAN", 2)]),
])
def test_p01_blocks_must_match_and_standing_lines_stand_alone(text, expected):
    """Every block line needs its partner; standing orders and the header sit outside blocks;
    each mistake is located on its line."""
    assert sorted(codes(check(text))) == sorted(expected)


def test_p02_if_takes_the_first_true_branch_and_checks_the_others_for_form():
    """Before any outcome, conditions read the player's facts: the taken branch runs, an untaken
    one is still checked for form and names (its add(0) is found)."""
    text = "if pool >= 9\nadd(0)\nelif total == 0 and not pending\nadd(2)\nelse\nadd(3)\nendif\n"
    result = check(text)
    assert codes(result) == [("E-BAD-AMOUNT", 2)]
    ok = check(text.replace("add(0)", "add(9)"))
    assert ok.problems == [] and [o.canonical() for o in ok.plan.executed] == ["add(2)"]
    outcome = tick(text.replace("add(0)", "add(9)"))
    assert outcome.executed["Ann"] == ["add(2)"]
    assert outcome.state["totals"]["Ann"] == 2


def test_p03_one_line_if_while_and_can():
    """`if C: ORDER` and `while C: ORDER`; `can ORDER` is true when the order would run now."""
    PLANNED.limit = None
    try:
        outcome = tick("while can take(2): take(2)\nif pool == 1: add(1)\n")
    finally:
        PLANNED.limit = 3
    assert outcome.executed["Ann"] == ["take(2)", "take(2)", "add(1)"]
    assert outcome.state["pool"] == 1


def test_p04_a_loop_that_never_ends_is_refused():
    """A `while` may repeat at most 100 times in a tick."""
    PLANNED.limit = None
    try:
        result = check("while pool > 0: add(1)\n")
    finally:
        PLANNED.limit = 3
    assert codes(result) == [("E-ENDLESS-LOOP", 1)]


def test_p05_a_fact_in_an_argument_is_resolved_and_logged_plainly():
    """`$pool` stands for the pool's size when the order runs; executed_orders gets add(5). A
    fact of the wrong kind for the argument (a number for a name) is E-FACT-TYPE."""
    outcome = tick("add($pool)\n")
    assert outcome.executed["Ann"] == ["add(5)"]
    assert check("answer($choice)\n").problems[0].code == "E-NO-PROMPT"
    wrong = check("answer($total)\n").problems[0]  # a number where a name is taken
    assert (wrong.code, wrong.column) == ("E-FACT-TYPE", 8)


def test_p06_unknown_facts_and_mismatched_comparisons_are_located():
    """A misspelt fact is E-UNKNOWN-FACT with the nearest name, before or after an outcome; a
    number compared with a name is E-FACT-TYPE."""
    before = check("if pol > 2: add(1)\n")
    assert codes(before) == [("E-UNKNOWN-FACT", 1)]
    assert 'did you mean "pool"' in before.problems[0].hint
    assert before.problems[0].column == 4
    after = check("roll()\nif rolld > 2: answer(keep)\nadd($totl)\n")
    assert codes(after) == [("E-UNKNOWN-FACT", 2), ("E-UNKNOWN-FACT", 3)]
    assert codes(check('if pool == "keep": add(1)\n')) == [("E-FACT-TYPE", 1)]
    assert codes(check("if 3 in pool: add(1)\n")) == [("E-FACT-TYPE", 1)]


def test_p07_after_a_roll_the_plan_branches_on_the_real_outcome():
    """check stops at the roll (the rest is form only: a bad answer word is still found); tick
    takes the branch the real roll calls for, and logs only the orders that ran."""
    text = "roll()\nif rolled >= 4\nanswer(keep)\nelse\nanswer(drop)\nendif\n"
    result = check(text)
    assert result.problems == [] and result.plan.later == 3
    assert len(result.effects) == 1 and "you see it when the tick runs" in result.effects[0]
    assert codes(check(text.replace("drop", "maybe"))) == [("E-BAD-ANSWER", 5)]
    outcome = tick(text)
    value = dice_module.Dice(SEED, 1).stream("roll").d6()
    wanted = "answer(keep)" if value >= 4 else "answer(drop)"
    assert outcome.executed["Ann"] == ["roll()", wanted] and outcome.stopped == {}
    assert outcome.state["totals"]["Ann"] == (value if value >= 4 else 0)


def test_p08_check_never_rolls_the_games_dice(monkeypatch):
    """check's output cannot depend on the seed: it rolls only dice nobody plays with."""
    real = dice_module.Stream.__init__

    def guarded(self, seed, tick, name):  # noqa: ANN001
        assert seed == -1, "check rolled the game's dice"
        real(self, seed, tick, name)

    start = state()
    monkeypatch.setattr(dice_module.Stream, "__init__", guarded)
    result = check("roll()\nanswer(keep)\nadd(1)\n", s=start)
    assert result.problems == []


def test_p09_standing_orders_are_checked_stored_logged_and_cleared():
    """Only the game's standing commands may stand; a file's standing lines replace the
    player's set before any order runs, are logged first, and `standing none` clears them."""
    assert codes(check("standing add(1)\n")) == [("E-NOT-STANDING", 1)]
    assert codes(check("standing answer(maybe)\n")) == [("E-BAD-ANSWER", 1)]
    outcome = tick("add(1)\nstanding answer(drop)\n")
    assert outcome.executed["Ann"] == ["standing answer(drop)", "add(1)"]
    assert outcome.state["standing"] == {"Ann": ["answer(drop)"]}
    assert [o.canonical() for o in PLANNED.standing(outcome.state, "Ann", "answer")] == \
        ["answer(drop)"]
    again = play_tick(PLANNED, outcome.state, {"Ann": parsed("Ann", "add(1)\n"),
                                               "Bob": parsed("Bob", "")}, SEED)
    assert again.state["standing"] == {"Ann": ["answer(drop)"]}  # in force until changed
    cleared = play_tick(PLANNED, again.state, {"Ann": parsed("Ann", "standing none\n"),
                                               "Bob": parsed("Bob", "")}, SEED)
    assert cleared.state["standing"] == {"Ann": []}
    assert cleared.executed["Ann"] == ["standing none"]


def test_p10_a_player_not_awaited_may_change_standing_orders(host):
    """A player who is not awaited (Ann owes an answer, so only she is) sets standing orders
    with a file that names this tick and ends with `end`; a half-saved one changes nothing.
    The replay of executed_orders reproduces it (verify passes)."""
    write(host, "Ann", "roll()\n")
    write(host, "Bob", "")
    host.tick()
    assert host.load().game.awaiting(host.load().state) == ["Ann"]
    write(host, "Ann", "answer(keep)\n")
    write(host, "Bob", "orders for tick 2\nstanding answer(drop)\n")  # no `end` yet
    after, _ = host.tick()
    assert "standing" not in after.state
    write(host, "Ann", "roll()\n")
    write(host, "Bob", "")
    host.tick()
    write(host, "Ann", "answer(keep)\n")
    write(host, "Bob", "orders for tick 4\nstanding answer(drop)\nadd(4)\nend\n")
    after, outcome = host.tick()
    assert after.state["standing"] == {"Bob": ["answer(drop)"]}
    assert after.state["totals"]["Bob"] == 0  # only the standing lines of Bob's file counted
    log = host.folder.path("Bob/executed_orders.txt").read_text(encoding="utf-8")
    assert log.endswith("# Tick 4\nstanding answer(drop)\n")
    assert verify(host) == []


def test_p11_a_file_for_another_tick_is_never_played_silently():
    """The template's `orders for tick N` line binds the file: an earlier tick is
    E-STALE-ORDERS, a later one E-WRONG-TICK, each with the line to write; no line, no check."""
    stale = tick("orders for tick 0\nadd(1)\n")
    assert [p.code for p in stale.problems] == ["E-STALE-ORDERS"]
    assert "orders for tick 1" in stale.problems[0].hint
    assert [p.code for p in tick("orders for tick 2\nadd(1)\n").problems] == ["E-WRONG-TICK"]
    assert tick("orders for tick 1\nadd(1)\n").problems == []
    assert tick("add(1)\n").problems == []


def test_p12_an_absent_player_is_played_by_the_games_default(host):
    """tick --absent plays the game's stated default, recorded as `absent` (the orders it ran
    as notes) and in state["absent"] for the sheets; the replay reproduces it."""
    write(host, "Ann", "take(5)\n")
    write(host, "Bob", "")
    after, outcome = host.tick(absent={"Ann"})
    assert outcome.executed["Ann"] == ["absent", "#   add(1)"]
    assert after.state["absent"] == ["Ann"] and after.state["totals"]["Ann"] == 1
    assert after.envelope["stats"]["missed"]["Ann"] == 1
    write(host, "Ann", "add(2)\n")
    after, _ = host.tick()
    assert "absent" not in after.state
    assert verify(host) == []


def test_p13_the_order_limit_counts_orders_reached_not_lines():
    """At most 3 orders a tick in the toy, however a plan reaches them."""
    result = check("while pool > 0: take(1)\n")
    assert codes(result) == [("E-TOO-MANY-ORDERS", 1)]


def test_p14_stop_ends_the_plan():
    """`stop` ends the plan; what follows is still checked for form."""
    outcome = tick("add(1)\nif total > 0\nstop\nendif\nadd(2)\n")
    assert outcome.executed["Ann"] == ["add(1)"]
    assert codes(check("add(1)\nstop\nadd(0)\n")) == [("E-BAD-AMOUNT", 3)]


def test_p15_after_an_outcome_a_failing_order_stops_the_plan_not_the_tick():
    """An order the outcome made impossible stops that player's plan (what ran is kept);
    before any outcome, an order that collides with another player's is E-CONFLICT."""
    outcome = tick("roll()\nadd(1)\n")
    assert outcome.problems == [] and outcome.executed["Ann"] == ["roll()"]
    assert "answer your roll first" in outcome.stopped["Ann"]
    clash = tick("take(5)\n", bob="take(5)\n")
    assert [p.code for p in clash.problems] == ["E-CONFLICT"]


def test_p16_warnings_are_shown_by_check_and_never_block_a_tick():
    """A legal order whose outcome the rules make certain and bad (dropping a 6) passes check
    with a W- warning located at its argument; the tick plays it."""
    start = state()
    start["pending"] = {"player": "Ann", "roll": 6}
    result = check("answer(drop)\n", s=start)
    assert result.problems == []
    assert [(w.code, w.line, w.column) for w in result.plan.warnings] == [("W-DROPS-A-SIX", 1, 8)]
    outcome = play_tick(PLANNED, start, {"Ann": parsed("Ann", "answer(drop)\n")}, SEED)
    assert outcome.problems == [] and outcome.state["totals"]["Ann"] == 0


def test_p17_a_refusal_inside_absent_is_placed_on_the_absent_line():
    """The absent default is text of its own: what its orders are refused for is reported on
    the player's `absent` line, naming the order it played (found by bench/fuzz_orders.py: a
    line 6 in a file of three lines)."""
    result = check("add(1)\nadd(1)\nadd(1)\nabsent\n")
    assert codes(result) == [("E-TOO-MANY-ORDERS", 4)]
    problem = result.problems[0]
    assert problem.source == "absent" and "absent plays `add(1)`" in problem.message


def test_p18_a_tick_never_computes_warnings(monkeypatch):
    """Warnings are for `check` to show: tick (and so simulate) skips them, since working
    them out can cost as much as the order itself (Simple Kingdoms runs its phases twice)."""
    start = state()
    start["pending"] = {"player": "Ann", "roll": 6}
    asked: list[str] = []
    real = PLANNED.warnings
    monkeypatch.setattr(PLANNED, "warnings",
                        lambda *a: asked.append("warn") or real(*a))
    play_tick(PLANNED, start, {"Ann": parsed("Ann", "answer(drop)\n")}, SEED)
    assert asked == []
    check("answer(drop)\n", s=start)
    assert asked == ["warn"]


@pytest.mark.parametrize("text, expected", [
    ("if pool = 5\nadd(1)\nendif\n", [("E-SYNTAX", 1)]),
    ("while pool = 5\nadd(1)\nendwhile\n", [("E-SYNTAX", 1)]),
    ("if pool > 1\nadd(1)\nelif pool = 2\nadd(2)\nelse\nadd(3)\nendif\n", [("E-SYNTAX", 3)]),
    ("if pool > 1\nadd(1)\nendif x\n", [("E-SYNTAX", 3)]),
    ("if pool = 5: add(1)\nendif\n", [("E-SYNTAX", 1), ("E-PLAN", 2)]),
])
def test_p19_a_block_line_that_does_not_parse_is_reported_once(text, expected):
    """A block line with a syntax error is reported on its own line only: the block it opens
    or closes still matches its partner, so no E-PLAN follows it (a one-line `if C: ORDER`
    opens no block, so an `endif` after it is still one too many)."""
    assert codes(check(text)) == expected


def test_p20_a_single_equals_sign_in_a_condition_suggests_two():
    """`if pool = 5` is told that comparing is `==`, with the line as it would parse."""
    (problem,) = check("if pool = 5: add(1)\n").problems
    assert problem.code == "E-SYNTAX" and problem.column == 9
    assert "'='" in problem.message
    assert problem.hint == "write == to compare: if pool == 5: add(1)"


def test_p21_lines_checked_for_form_only_are_counted_once_each():
    """After an outcome `check` says how many more lines it read for form only: each file
    line once (a one-line `if C: ORDER` or `while C: ORDER` is one line), never more lines than
    the file has."""
    text = ("roll()\nwhile pool > 1: add(1)\nif pool > 2: add(1)\nif total > 1\nadd(2)\nelse\n"
            "add(3)\nendif\n")
    result = check(text)
    assert result.problems == [] and result.plan.later == 5
