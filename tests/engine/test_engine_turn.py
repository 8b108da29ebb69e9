"""The generic turn engine (lifegames.engine.core.turn) driven by the toy game, and the dice."""

from __future__ import annotations

import copy
import hashlib

import pytest

from lifegames.engine.core.contract import Order, OrderError
from lifegames.engine.core.dice import Dice, Stream, new_seed, seed_digest
from lifegames.engine.core.orders import parse_text
from lifegames.engine.core.turn import (
    HIDDEN,
    check_file,
    check_files,
    order_problem,
    play_tick,
    tick_dice,
    unknown_value,
)
from toygame import GRAMMAR, TOY, ToyGame

SEED = 1234


def fresh_state(players=("Ann", "Bob")) -> dict:
    state = TOY.setup(list(players), {"ticks": 5}, Dice(SEED, 0))
    state["tick"] = 0
    return state


def parsed(player: str, text: str):
    return parse_text(GRAMMAR, text, f"{player}/{player}_orders.txt")


def files(**texts: str):
    return {player: parsed(player, text) for player, text in texts.items()}


# -- checking is executing on a copy -----------------------------------------------------------


def test_check_file_runs_the_orders_on_a_copy():
    """check_file runs every order through act (effects are reported) but the state passed in
    is left exactly as it was."""
    state = fresh_state()
    before = copy.deepcopy(state)
    result = check_file(TOY, state, "Ann", parsed("Ann", "add(2)\ntake(1)\n"))
    assert result.problems == []
    assert result.effects == ["Ann add 2", "Ann take 1"]
    assert state == before


def test_check_sees_the_effect_of_earlier_orders_in_the_same_file():
    """Orders run in file order on one working copy: the pool holds 5, so take(3) then take(3)
    fails on the second order only, at its amount."""
    state = fresh_state()
    result = check_file(TOY, state, "Ann", parsed("Ann", "take(3)\ntake(3)\n"))
    (problem,) = result.problems
    assert (problem.code, problem.line) == ("E-POOL-EMPTY", 2)
    assert "holds 2" in problem.message
    assert state["pool"] == 5


def test_every_failing_order_of_a_file_is_reported_and_carets_follow_the_arg():
    """A failing order does not stop the check: each failure is reported at the argument the
    game named (order_problem), and the order's own span when it named none. After the first
    refusal the lines that follow are checked for form and names only: they were written for
    the state the refused order would have made, so running them on another one would refuse
    good lines (no E-NO-PROMPT for answer(keep), which the state alone refuses)."""
    state = fresh_state()
    state["pending"] = None
    text = "add(0)\nadd( -4 )\nanswer(keep)\n"
    result = check_file(TOY, state, "Ann", parsed("Ann", text))
    found = [(p.code, p.line, p.column, p.end_column) for p in result.problems]
    assert found == [("E-BAD-AMOUNT", 1, 5, 6), ("E-BAD-AMOUNT", 2, 6, 8)]
    assert result.effects == []
    alone = check_file(TOY, state, "Ann", parsed("Ann", "answer(keep)\n"))
    assert [(p.code, p.line, p.column, p.end_column) for p in alone.problems] == [
        ("E-NO-PROMPT", 1, 8, 12)]
    ok = check_file(TOY, state, "Ann", parsed("Ann", "add(0)\nadd(2)\n"))
    assert [p.line for p in ok.problems] == [1] and ok.effects == []


def test_a_game_that_breaks_the_contract_still_cannot_touch_the_real_state():
    """Even a game whose act mutates the state before raising OrderError cannot change the
    caller's state: check_file, check_files and play_tick all work on copies."""

    class Sloppy(ToyGame):
        def act(self, state, player, order, dice):
            state["pool"] = -99
            state["totals"][player] = 1000
            raise OrderError("E-NOPE", "never")

    sloppy = Sloppy()
    state = fresh_state()
    before = copy.deepcopy(state)
    check_file(sloppy, state, "Ann", parsed("Ann", "add(1)"))
    check_files(sloppy, state, files(Ann="add(1)", Bob="add(1)"))
    outcome = play_tick(sloppy, state, files(Ann="add(1)", Bob=""), SEED)
    assert outcome.problems and state == before


def test_a_file_with_syntax_errors_still_reports_the_rule_problems_of_its_other_orders():
    """When parsing found problems, the orders that did parse are still checked, so one run
    lists every problem of the file; nothing is reported as 'would run'."""
    state = fresh_state()
    result = check_file(TOY, state, "Ann", parsed("Ann", "add(0)\nadd(\n"))
    assert [p.code for p in result.problems] == ["E-BAD-AMOUNT", "E-SYNTAX"]  # in line order
    assert result.effects == []
    result = check_file(TOY, state, "Ann", parsed("Ann", "add(1)\nadd(\n"))
    assert [p.code for p in result.problems] == ["E-SYNTAX"]
    assert result.effects == []


# -- play_tick --------------------------------------------------------------------------------


def test_a_rejected_tick_returns_the_original_state_untouched():
    """Any problem in any file: play_tick returns the very state object it was given, unchanged,
    with nothing executed and no events; the good file's orders did not run either."""
    state = fresh_state()
    before = copy.deepcopy(state)
    outcome = play_tick(TOY, state, files(Ann="add(2)", Bob="add(0)"), SEED)
    assert outcome.state is state
    assert state == before
    assert outcome.executed == {} and outcome.events == []
    assert [(p.code, p.path) for p in outcome.problems] == [("E-BAD-AMOUNT", "Bob/Bob_orders.txt")]


def test_a_good_tick_applies_every_file_and_increments_the_tick():
    """A clean tick returns a new state with both players' orders applied in turn, end_tick's
    events, the tick counter + 1, and the input state unchanged."""
    state = fresh_state()
    before = copy.deepcopy(state)
    outcome = play_tick(TOY, state, files(Ann="add(2)\nadd(3)", Bob="take(4)"), SEED)
    assert outcome.problems == []
    new = outcome.state
    assert new is not state and state == before
    assert new["tick"] == 1
    assert new["totals"] == {"Ann": 5, "Bob": 4} and new["pool"] == 1
    assert outcome.executed == {
        "Ann": ["add(2)", "add(3)"], "Bob": ["take(4)"]}
    assert outcome.events[:3] == ["Ann add 2", "Ann add 3", "Bob take 4"]
    assert outcome.events[-1].startswith("weather ")


def test_tick_counts_up_one_per_tick():
    """state['tick'] is the number of ticks played: 0 -> 1 -> 2 -> 3 over three ticks, even when
    nobody orders anything."""
    state = fresh_state()
    for expected in (1, 2, 3):
        state = play_tick(TOY, state, files(Ann="", Bob=""), SEED).state
        assert state["tick"] == expected
    assert len(state["weather"]) == 4


def test_empty_files_are_no_actions_not_errors():
    """An empty file is a valid 'do nothing' and is listed as executed with no orders."""
    outcome = play_tick(TOY, fresh_state(), files(Ann="", Bob="# thinking\n"), SEED)
    assert outcome.problems == []
    assert outcome.executed == {"Ann": [], "Bob": []}


def test_conflicting_orders_of_two_players_reject_the_whole_tick():
    """Two files each fine alone (both take 3 from a pool of 5) collide when run together: the
    later player's order is E-CONFLICT at its amount, saying why, and nothing is applied."""
    state = fresh_state()
    before = copy.deepcopy(state)
    tick_files = files(Ann="take(3)", Bob="add(1)\ntake(3)")
    assert [c.problems for c in check_files(TOY, state, files(Ann="take(3)"))] == [[]]
    assert [c.problems for c in check_files(TOY, state, files(Bob="add(1)\ntake(3)"))
            ] == [[]]
    outcome = play_tick(TOY, state, tick_files, SEED)
    (problem,) = outcome.problems
    assert (problem.code, problem.path, problem.line, problem.column) == (
        "E-CONFLICT", "Bob/Bob_orders.txt", 2, 6)
    assert "the pool holds 2" in problem.message
    assert "after the other players' orders ran" in problem.message
    assert outcome.state is state and state == before and outcome.executed == {}


def test_players_are_run_in_the_order_given():
    """Files are applied in the order of the mapping (the game's awaiting order): whoever comes
    first gets the pool, the other one conflicts."""
    outcome = play_tick(TOY, fresh_state(), {"Bob": parsed("Bob", "take(5)"),
                                             "Ann": parsed("Ann", "take(1)")}, SEED)
    assert [(p.code, p.path) for p in outcome.problems] == [("E-CONFLICT", "Ann/Ann_orders.txt")]


# -- limits and the random barrier -------------------------------------------------------


def test_max_orders_refuses_each_order_past_the_limit():
    """The toy allows 3 orders a tick: orders 4 and 5 are each E-TOO-MANY-ORDERS, and the first
    three are still checked."""
    text = "add(1)\nadd(1)\nadd(2)\nadd(1)\nadd(0)\n"
    result = check_file(TOY, fresh_state(), "Ann", parsed("Ann", text))
    assert [(p.code, p.line) for p in result.problems] == [
        ("E-TOO-MANY-ORDERS", 4), ("E-TOO-MANY-ORDERS", 5)]
    assert "at most 3" in result.problems[0].message
    assert "order 4" in result.problems[0].message


def test_lines_after_a_roll_are_checked_for_form_and_names_only():
    """The random barrier, narrowed: check runs a file up to its roll, and what follows (which
    may depend on the roll) only through the game's `validate`: a bad amount is still found
    there, an order that the roll would decide (answer) is not run."""
    text = "\nroll()\nadd(0)\nanswer(keep)\n"
    result = check_file(TOY, fresh_state(), "Ann", parsed("Ann", text))
    assert [(p.code, p.line) for p in result.problems] == [("E-BAD-AMOUNT", 3)]
    ok = check_file(TOY, fresh_state(), "Ann", parsed("Ann", "roll()\nanswer(keep)\n"))
    assert ok.problems == [] and ok.plan is not None
    assert [o.canonical() for o in ok.plan.executed] == ["roll()"] and ok.plan.later == 1


def test_after_a_roll_the_tick_runs_on_and_a_plan_stops_where_the_roll_forbids():
    """tick runs the lines after a roll with the real roll: answer(keep) settles it in the same
    tick; an order the pending roll makes impossible stops the plan there, keeping what ran."""
    state = fresh_state()
    value = Dice(SEED, 1).stream("roll").d6()
    kept = play_tick(TOY, state, files(Ann="roll()\nanswer(keep)\nadd(1)", Bob=""), SEED)
    assert kept.problems == [] and kept.stopped == {}
    assert kept.executed["Ann"] == ["roll()", "answer(keep)", "add(1)"]
    assert kept.state["totals"]["Ann"] == value + 1
    stuck = play_tick(TOY, state, files(Ann="roll()\nadd(1)\nadd(2)", Bob=""), SEED)
    assert stuck.problems == [] and stuck.executed["Ann"] == ["roll()"]
    assert stuck.stopped["Ann"].startswith("line 2: add(1): answer your roll first")
    assert stuck.state["pending"] == {"player": "Ann", "roll": value}
    assert state == fresh_state()


def test_check_hides_the_outcome_of_a_roll():
    """What check reports for a random order is the fixed HIDDEN text, never its result; orders
    before it report their effects normally."""
    state = fresh_state()
    result = check_file(TOY, state, "Ann", parsed("Ann", "add(1)\nroll()"))
    assert result.problems == []
    roll_order = result.orders[1]
    assert result.effects == ["Ann add 1", f"{roll_order.canonical()}: {HIDDEN}"]
    assert not any("rolled" in e for e in result.effects)


def test_a_roll_leaves_a_prompt_that_only_its_player_must_answer():
    """Mid-turn decision: after roll() the state holds a prompt; awaiting() names only the
    roller; the next tick's file must answer it (other orders are refused); the answer settles
    it with the roll drawn from (seed, tick 1, 'roll') and everyone is awaited again."""
    state = play_tick(TOY, fresh_state(), files(Ann="roll()", Bob="add(1)"), SEED).state
    value = Dice(SEED, 1).stream("roll").d6()
    assert state["pending"] == {"player": "Ann", "roll": value}
    assert TOY.awaiting(state) == ["Ann"]
    prompt = TOY.prompt(state, "Ann")
    assert prompt is not None and prompt.answers == ("answer(keep)", "answer(drop)")
    assert TOY.prompt(state, "Bob") is None

    refused = play_tick(TOY, state, files(Ann="add(1)"), SEED)
    assert [p.code for p in refused.problems] == ["E-PROMPT-PENDING"]
    assert refused.state is state
    wrong = play_tick(TOY, state, files(Ann="answer(maybe)"), SEED)
    assert [(p.code, p.column) for p in wrong.problems] == [("E-BAD-ANSWER", 8)]

    settled = play_tick(TOY, state, files(Ann="answer(keep)"), SEED).state
    assert settled["pending"] is None
    assert settled["totals"] == {"Ann": value, "Bob": 1}
    assert settled["tick"] == 2
    assert TOY.awaiting(settled) == ["Ann", "Bob"]


def test_answering_without_a_prompt_is_refused():
    """An answer with nothing to answer is the game's OrderError, located at the choice."""
    result = check_file(TOY, fresh_state(), "Bob", parsed("Bob", "answer(keep)"))
    assert [(p.code, p.column, p.end_column) for p in result.problems] == [
        ("E-NO-PROMPT", 8, 12)]


def test_the_tick_plays_with_the_dice_of_the_next_tick_number():
    """tick_dice derives the dice from (seed, state tick + 1): the tick about to be played."""
    state = fresh_state()
    state["tick"] = 4
    dice = tick_dice(SEED, state)
    assert (dice.seed, dice.tick) == (SEED, 5)
    after = play_tick(TOY, state, files(Ann="", Bob=""), SEED).state
    assert after["weather"][-1] == Dice(SEED, 5).stream("weather").d6()


# -- helpers for games ------------------------------------------------------------------------


def test_unknown_value_error_names_the_value_suggests_and_lists():
    """unknown_value builds the standard 'no such name' OrderError: code, quoted value, a
    did-you-mean and the full list, pointing at the given argument."""
    error = unknown_value("E-UNKNOWN-RESOURCE", "resource", "wod", ["wood", "iron"], "resource")
    assert (error.code, error.arg) == ("E-UNKNOWN-RESOURCE", "resource")
    assert error.message == 'no resource called "wod"'
    assert error.hint.splitlines() == ['did you mean "wood"?', "resources: wood, iron"]
    bare = unknown_value("E-X", "thing", "zzz", ["a", "b"], "x", extra="things here")
    assert bare.hint == "things here: a, b"


def test_order_problem_locates_on_the_argument_or_the_whole_order():
    """order_problem puts the caret on the named argument if it exists, else on the order."""
    (order,) = parsed("Ann", "  add( 12 )  # note").orders
    assert isinstance(order, Order)
    at_arg = order_problem("p", order, OrderError("E-A", "m", "h", "amount"))
    whole = order_problem("p", order, OrderError("E-B", "m"))
    missing = order_problem("p", order, OrderError("E-C", "m", arg="no_such_arg"))
    assert (at_arg.column, at_arg.end_column) == (8, 10)
    assert (whole.column, whole.end_column) == (3, 12)
    assert (missing.column, missing.end_column) == (3, 12)
    assert at_arg.source == order.source and at_arg.hint == "h"


# -- dice ---------------------------------------------------------------------------------------


def test_same_seed_tick_and_stream_give_the_same_rolls():
    """Dice are a pure function of (seed, tick, stream): two Dice objects agree roll for roll."""
    a = Dice(99, 3).stream("threat")
    b = Dice(99, 3).stream("threat")
    assert a.roll(20) == b.roll(20)
    assert Stream(99, 3, "x").roll(5, 20) == Stream(99, 3, "x").roll(5, 20)


def test_different_stream_tick_or_seed_give_different_sequences():
    """Changing any one of seed, tick or stream name gives a different sequence of rolls."""
    base = Dice(99, 3).stream("threat").roll(12, 1000)
    assert Dice(99, 3).stream("terrain").roll(12, 1000) != base
    assert Dice(99, 4).stream("threat").roll(12, 1000) != base
    assert Dice(98, 3).stream("threat").roll(12, 1000) != base


def test_streams_are_independent_of_each_other():
    """Drawing from one stream does not move another, so adding a roll in one phase cannot
    change the rolls of another."""
    dice = Dice(5, 1)
    dice.stream("a").roll(50)
    after = dice.stream("b").roll(10)
    assert after == Dice(5, 1).stream("b").roll(10)
    assert dice.stream("a") is dice.stream("a")


def test_dice_values_are_pinned():
    """The derivation is part of the save format (replays depend on it): these exact values
    must not change between versions."""
    assert Dice(1, 1).stream("roll").roll(8) == PINNED_ROLLS
    assert Dice(2024, 7).stream("threat").roll(5, 20) == PINNED_D20


PINNED_ROLLS = [1, 3, 3, 5, 5, 4, 4, 4]
PINNED_D20 = [2, 5, 19, 7, 5]


def test_dice_ranges_shuffle_and_choice_are_deterministic():
    """die(n) stays in 1..n and covers it; shuffle and choice are deterministic per stream."""
    rolls = Dice(3, 1).stream("r").roll(600)
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert set(Dice(3, 1).stream("r").roll(300, 3)) == {1, 2, 3}
    deck1, deck2 = list(range(20)), list(range(20))
    Dice(8, 2).stream("deck").shuffle(deck1)
    Dice(8, 2).stream("deck").shuffle(deck2)
    assert deck1 == deck2 and sorted(deck1) == list(range(20)) and deck1 != list(range(20))
    assert Dice(8, 2).stream("c").choice("abcdef") == Dice(8, 2).stream("c").choice("abcdef")


def test_seed_commitment_is_sha256_of_the_decimal_seed():
    """seed_digest is the published sha256 of the seed's decimal text; new seeds are fresh
    63-bit integers."""
    assert seed_digest(123) == hashlib.sha256(b"123").hexdigest()
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) == 20 and all(0 <= s < 2**63 for s in seeds)


@pytest.mark.parametrize("tick", [0, 1, 2])
def test_setup_dice_are_tick_zero(tick):
    """Setup draws from tick 0's dice, tick n from tick n's: the toy's weather list records
    exactly Dice(seed, t).stream('weather') for t = 0..n."""
    state = fresh_state()
    for _ in range(tick):
        state = play_tick(TOY, state, files(Ann="", Bob=""), SEED).state
    assert state["weather"] == [Dice(SEED, t).stream("weather").d6() for t in range(tick + 1)]
