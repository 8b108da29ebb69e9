"""Plans, standing orders, tick-bound files and absence in A Simple Life, numbered
p01-p18. Each docstring names the feature (and, where one applies, the rulebook section)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.a_simple_life import GAME
from lifegames.a_simple_life.model import best_cell
from lifegames.cli import report_lines
from lifegames.engine.core import turn
from lifegames.engine.core.contract import OrderError
from lifegames.engine.core.simulate import play_one
from lifegames.engine.host.host import Host, order_file
from lifegames.engine.text.reference import fact_docs

from .helpers import (
    give_stock,
    new_state,
    order,
    parse_file,
    parse_one,
    play,
    reject,
    rolls,
    set_dice,
    sheet_of,
)

GAME_ID = "a-simple-life"


def day_plan(dice: list[int]) -> str:
    """A whole day as one plan, for any five dice: a Farm die, a Lake cast whose miss is
    rerolled while carrots last, a Mines trip placed by the sheet's rule, fights, the rest."""
    a, b, c, d, e = sorted(dice)
    return "\n".join([
        f"farm({a})",
        f"lake({b}, 1)",
        'while prompt == "lake" and carrots > 0: reroll($lake_die)',
        f"mine({c}, {d})",
        'if prompt == "mine": dig($best_col, $best_row)',
        'while prompt == "fight" or prompt == "fight_miss"',
        'if prompt == "fight": fight',
        'if prompt == "fight_miss": accept',
        "endwhile",
        f"if can farm({e}): farm({e})",
        "if can pass: pass",
    ])


def _branching_seed() -> int:
    """A seed whose first day makes the plan above take a branch (a reroll or an accept)."""
    for seed in range(60):
        state = new_state(words=["goal=5"], seed=seed)
        out = play(state, {"Ana": day_plan(sheet_of(state)["available"])}, seed)
        assert not out.problems, out.problems[0].render()
        if {"reroll", "accept()"} & {line.split("(")[0] if line.startswith("reroll") else line
                                    for line in out.executed["Ana"]}:
            return seed
    raise AssertionError("no seed in 0-59 makes the plan branch")


def _host(root: Path, seed: int, players: list[str] | None = None,
          words: tuple[str, ...] = ("goal=5",)) -> Host:
    host = Host(str(root), registry.get)
    host.setup(registry.get(GAME_ID), players or ["Ana"], list(words), seed, None, "a5")
    return host


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and p.name != "lock"}


def _write(host: Host, player: str, text: str) -> None:
    tick = host.load().state["tick"] + 1
    host.folder.path(order_file(player)).write_text(f"orders for tick {tick}\n{text}\nend\n",
                                                    encoding="utf-8")


# -- plans ----------------------------------------------------------------------------------------


def test_p01_a_plan_and_its_plain_orders_make_identical_folders(tmp_path):
    """Plans -- a plan and the file of the plain orders it ran (what executed_orders.txt keeps)
    give byte-identical game folders for the same dice, state and sheets included."""
    seed = _branching_seed()
    planned, plain = _host(tmp_path / "plan", seed), _host(tmp_path / "plain", seed)
    dice = sheet_of(planned.load().state)["available"]
    _write(planned, "Ana", day_plan(dice))
    _, outcome = planned.tick()
    assert not outcome.problems and outcome.stopped == {}
    ran = outcome.executed["Ana"]
    assert len(ran) >= 4 and not any(line.startswith(("if", "while")) for line in ran)
    _write(plain, "Ana", "\n".join(ran))
    _, again = plain.tick()
    assert not again.problems
    assert _files(tmp_path / "plan") == _files(tmp_path / "plain")


def test_p02_a_plan_stops_where_an_outcome_forbids_the_next_order(state):
    """Plans -- after a roll, the first order that cannot run stops the plan: what ran is kept,
    nothing after it runs, the tick is played, and the sheet's prompt awaits the next file."""
    set_dice(state, [2, 4, 5])
    for seed in range(40):
        out = play(state, {"Ana": "mine(2, 4)\ndig(2, 4)\nfarm(5)"}, seed)
        dice = sheet_of(out.state)["pending"]["dice"]
        if sorted(dice) != [2, 4]:
            break
    assert not out.problems
    assert out.executed["Ana"] == ["mine(2, 4)"]
    assert out.stopped["Ana"].startswith("line 2: dig(2, 4): your Mines dice")
    s = sheet_of(out.state)
    assert s["pending"]["kind"] == "mine" and s["available"] == [5]
    assert GAME.awaiting(out.state) == ["Ana"]


def test_p03_check_of_a_plan_says_the_same_whatever_the_seed(state):
    """Plans -- check runs up to the first roll and shows nothing of it or after it, so its
    words are the same for every seed, while the ticks themselves go differently."""
    text = day_plan(sheet_of(state)["available"])
    parsed = parse_file(text, "Ana/Ana_orders.txt")
    reports, executed = set(), set()
    for seed in (1, 2, 3, 4, 5):
        check = turn.check_file(GAME, state, "Ana", parsed)
        assert not check.problems
        reports.add("\n".join(report_lines(check)))
        executed.add(tuple(play(state, {"Ana": text}, seed).executed["Ana"]))
    assert len(reports) == 1 and len(executed) > 1
    report = reports.pop()
    assert turn.HIDDEN in report and " more lines of the plan, checked now" in report
    assert "caught" not in report and "a miss" not in report


def test_p04_a_fact_in_an_argument_runs_as_its_value(state):
    """Plans, $facts -- dig($best_col, $best_row) digs the cell the sheet's rule picks, and
    executed_orders.txt keeps the plain numbers."""
    set_dice(state, [2, 4])
    out = play(state, {"Ana": "mine(2, 4)\ndig($best_col, $best_row)"}, 7)
    assert not out.problems
    line = out.executed["Ana"][1]
    assert line.startswith("dig(") and "$" not in line
    assert json.loads(json.dumps(out.executed)) == out.executed
    out = play(state, {"Ana": "farm($prompt)"})
    assert [p.code for p in out.problems] == ["E-FACT-TYPE"]  # "none" is no die


def test_p05_facts_are_documented_and_read_from_the_sheet(state):
    """Facts -- every fact is documented in orders.yaml and is what the sheet shows."""
    assert sorted(fact_docs("a_simple_life")) == sorted(GAME.facts(state, "Ana"))
    set_dice(state, [2, 4, 6])
    give_stock(state, carrot=3)
    known = GAME.facts(state, "Ana")
    assert known["dice"] == [2, 4, 6] and known["carrots"] == 3 and known["prompt"] == "none"
    assert known["best_col"] == 0 and known["diggable"] == []
    order(state, "mine(2, 4)", dice=rolls("Ana", 3, 5))
    known = GAME.facts(state, "Ana")
    assert known["prompt"] == "mine" and known["mine_dice"] == [3, 5]
    assert (known["mine_low"], known["mine_high"]) == (3, 5)
    assert sorted(known["diggable"]) == ["3,5", "5,3"]
    assert (known["best_col"], known["best_row"]) == best_cell(sheet_of(state), [(3, 5), (5, 3)],
                                                               "any")
    order(state, "dig(3, 5)")  # two monsters
    known = GAME.facts(state, "Ana")
    assert known["prompt"] == "fight" and known["monsters_left"] == 2 and "3,5" in known["dug"]


def test_p06_validate_checks_names_and_ranges_without_a_sheet():
    """validate -- the state-free checks of plan lines check cannot run yet: dice 1-6, rows,
    columns, names; a $fact is left for the tick."""
    refused = [("farm(7)", "E-NOT-A-DIE"), ("lake(3, 9)", "E-NO-ROW"), ("dig(7, 1)", "E-NO-COLUMN"),
               ("give(lilly)", "E-UNKNOWN-TOWNSFOLK"), ("buy(diamond)", "E-UNKNOWN-RESOURCE"),
               ("upgrade(hoe)", "E-UNKNOWN-TOOL"), ("on_miss(farm, 1)", "E-UNKNOWN-TARGET"),
               ("on_miss(lake, -1)", "E-BAD-KEEP"), ("on_miss(lake, most)", "E-BAD-KEEP"),
               ("on_mine(gold)", "E-UNKNOWN-ICON"), ("reroll(1, 9)", "E-NOT-A-DIE")]
    for text, code in refused:
        with pytest.raises(OrderError) as info:
            GAME.validate("Ana", parse_one(text))
        assert info.value.code == code, text
    for text in ("dig($best_col, $best_row)", "reroll($lake_die)", "give(Belle)", "pass",
                 "on_miss(fight, all)", "on_mine(stones)", "lake(6, 6)"):
        GAME.validate("Ana", parse_one(text))
    state = new_state()
    set_dice(state, [1, 1])
    out = play(state, {"Ana": "mine(1, 1)\nif can fight: dig(9, 9)"})
    assert [p.code for p in out.problems] == ["E-NO-COLUMN"]  # checked for form after the roll


# -- standing orders ------------------------------------------------------------------------------


def _standing(state, *texts: str, player: str = "Ana") -> None:
    state.setdefault("standing", {})[player] = list(texts)


def test_p07_on_miss_lake_rerolls_while_carrots_last_then_accepts(state):
    """Standing orders, Rerolling -- a missed Lake roll is rerolled with a carrot while you
    have more than `keep`, then accepted, in the same order; without one the sheet asks."""
    set_dice(state, [1, 1, 1])
    give_stock(state, carrot=3)
    _standing(state, "on_miss(lake, 1)")
    events = order(state, "lake(1, 1)", dice=rolls("Ana", 1, 2, 1))  # needs 3: three misses
    s = sheet_of(state)
    assert s["pending"] is None and s["lake"][0][0] == "circle" and s["available"] == [1, 1]
    assert s["inventory"]["carrot"]["crossed"] == 2
    assert sum("standing order on_miss(lake, 1)" in e for e in events) == 3
    _standing(state, "on_miss(lake, all)")
    order(state, "lake(1, 2)", dice=rolls("Ana", 1))
    assert s["pending"] is None and s["inventory"]["carrot"]["crossed"] == 2
    _standing(state)
    order(state, "lake(1, 3)", dice=rolls("Ana", 1))
    assert s["pending"]["kind"] == "lake"  # no standing order: the prompt waits


def test_p08_on_miss_fight_fights_at_once_and_dig_becomes_a_roll(state):
    """Standing orders, Fighting Monsters -- with on_miss(fight, ...) every monster of a dug cell
    is fought at once, so that dig is a roll for check; a dig without monsters is not."""
    set_dice(state, [1, 1, 2, 2])
    give_stock(state, carrot=2)
    _standing(state, "on_miss(fight, 1)")
    order(state, "mine(1, 1)", dice=rolls("Ana", 3, 5))
    s = sheet_of(state)
    assert GAME.ends_file(state, "Ana", parse_one("dig(3, 5)"))  # two monsters
    assert not GAME.ends_file(state, "Ana", parse_one("dig(5, 3)"))
    order(state, "dig(3, 5)", dice=rolls("Ana", 2, 6, 1))  # miss, reroll: hit; miss: accept
    assert s["pending"] is None and s["inventory"]["monster"] == {"circled": 1, "crossed": 1}
    assert s["inventory"]["carrot"]["crossed"] == 1
    _standing(state)
    order(state, "mine(2, 2)", dice=rolls("Ana", 3, 5))
    assert not GAME.ends_file(state, "Ana", parse_one("dig(3, 5)"))  # crossed: nothing to fight


def test_p09_on_mine_places_the_dice_at_once_by_its_rule(state):
    """Standing orders, Mines -- on_mine(rule) chooses the cell the moment the dice are rolled:
    an uncrossed cell first, the most of the rule's icon, then lowest column and row."""
    set_dice(state, [2, 2, 3, 3])
    _standing(state, "on_miss(fight, all)", "on_mine(stone)")
    order(state, "mine(2, 2)", dice=rolls("Ana", 4, 6, 1))  # (4,6): stone+monster; (6,4): coin
    s = sheet_of(state)
    assert s["mines"][5][3] and not s["mines"][3][5] and s["pending"] is None
    order(state, "mine(3, 3)", dice=rolls("Ana", 4, 6))  # the stone's cell is crossed now
    assert s["mines"][3][5]  # column 6, row 4: a coin
    fresh = sheet_of(new_state())
    assert best_cell(fresh, [(1, 4), (1, 1)], "any") == (1, 1)  # a stone each: lowest row
    assert best_cell(fresh, [(1, 4), (1, 2)], "any") == (1, 2)  # a carrot and a star
    assert best_cell(fresh, [(3, 5), (5, 3)], "monster") == (3, 5)
    assert best_cell(fresh, [(3, 5), (5, 3)], "any") == (5, 3)  # a carrot, no monster


def test_p10_standing_orders_answer_an_open_prompt_only_at_the_end_of_the_tick(state):
    """Standing orders -- a prompt left from an earlier tick is not answered mid-file (the
    file must answer it, or wait), but one still open when the tick ends is."""
    set_dice(state, [1, 4, 5])
    order(state, "lake(1, 1)", dice=rolls("Ana", 1))
    state["tick"] = 1
    state["standing"] = {"Ana": ["on_miss(lake, 0)"]}
    out = play(state, {"Ana": "farm(4)"})
    assert [p.code for p in out.problems] == ["E-PROMPT"]
    out = play(state, {"Ana": ""}, seed=3)
    assert not out.problems
    s = sheet_of(out.state)
    assert s["pending"] is None and s["lake"][0][0] in ("check", "circle")
    assert any("was waiting" in line for line in s["log"])


def test_p11_standing_orders_are_set_by_a_file_shown_and_cleared(tmp_path):
    """Standing orders -- `standing ...` lines put the set in force from this tick (logged in
    executed_orders.txt), the sheet and the template show them, `standing none` clears them,
    and a standing-only order cannot be a plain one."""
    host = _host(tmp_path / "g", 5)
    state = host.load().state
    first = sheet_of(state)["available"][0]
    _write(host, "Ana", f"standing on_miss(lake, 1)\nstanding on_mine(stone)\nfarm({first})")
    loaded, outcome = host.tick()
    assert not outcome.problems
    assert outcome.executed["Ana"][:2] == ["standing on_miss(lake, 1)", "standing on_mine(stone)"]
    sheet = (tmp_path / "g" / "Ana" / "001_ana_sheet.txt").read_text()
    assert "STANDING ORDERS\n---------------\nstanding on_miss(lake, 1)\nstanding on_mine(stone)" \
        in sheet
    template = (tmp_path / "g" / "Ana" / "Ana_orders.txt").read_text()
    assert "Standing orders in force: on_miss(lake, 1), on_mine(stone)." in template
    _write(host, "Ana", "standing none")
    loaded, outcome = host.tick()
    assert loaded.state["standing"]["Ana"] == []
    out = play(new_state(), {"Ana": "on_miss(lake, 1)"})
    assert [p.code for p in out.problems] == ["E-STANDING-ONLY"]
    out = play(new_state(), {"Ana": "standing farm(2)"})
    assert [p.code for p in out.problems] == ["E-NOT-STANDING"]


# -- the other hooks ------------------------------------------------------------------------------


def test_p12_absent_player_answers_by_default_and_passes(tmp_path):
    """Absence -- `tick --absent`: an open prompt is answered by the plain default (here the
    Mines dice placed on $best_col, $best_row, monsters fought), then the day is passed; the
    log keeps `absent` and, as notes, what it played; the sheet says so."""
    host = _host(tmp_path / "g", 11)
    dice = sheet_of(host.load().state)["available"]
    _write(host, "Ana", f"mine({dice[0]}, {dice[1]})")
    host.tick()
    assert sheet_of(host.load().state)["pending"]["kind"] == "mine"
    loaded, outcome = host.tick(absent={"Ana"})
    assert not outcome.problems
    lines = outcome.executed["Ana"]
    assert lines[0] == "absent" and lines[1].startswith("#   dig(") and lines[-1] == "#   pass()"
    assert loaded.state["day"] == 2 and loaded.state["absent"] == ["Ana"]
    sheet = (tmp_path / "g" / "Ana" / "002_ana_sheet.txt").read_text()
    assert "Ana was away: played by the default (an absent player's open prompt" in sheet
    assert GAME.absent_policy.startswith("An absent player")


def test_p13_a_file_for_an_earlier_tick_is_refused(state):
    """Tick-bound files -- `orders for tick N` names the tick: a file for an earlier one is
    refused (E-STALE-ORDERS), one for the next tick runs."""
    state["tick"] = 3
    first = sheet_of(state)["available"][0]
    out = play(state, {"Ana": f"orders for tick 3\nfarm({first})"})
    assert [p.code for p in out.problems] == ["E-STALE-ORDERS"]
    assert not play(state, {"Ana": f"orders for tick 4\nfarm({first})"}).problems


def test_p14_knowledge_holds_no_secret(duo):
    """Hidden information -- the state a check runs on holds no dice seed and nothing of the
    other player's standing orders or log."""
    duo["standing"] = {"Ana": ["on_miss(lake, 1)"], "Ben": ["on_mine(monster)"]}
    sheet_of(duo, "Ben")["log"] = ["Ben rolled a secret 6"]
    text = json.dumps(GAME.knowledge(duo, "Ana"))
    assert "on_mine" not in text and "secret 6" not in text and "on_miss(lake, 1)" in text
    host_seed = 8_123_456_789
    assert str(host_seed) not in json.dumps(GAME.knowledge(new_state(seed=host_seed), "Ana"))


def test_p15_turns_are_days():
    """simulate -- turns counts days, so ticks/turns reads as round trips a day."""
    record = play_one(GAME, 3, ["random"])
    assert record.turns == 10 and record.ticks >= 10


def test_p16_the_greedy_bot_writes_a_day_as_a_plan():
    """Bots -- the greedy bot writes each day as one plan: its standing order for fights, the
    orders up to the first roll, then guarded orders and conditions on facts, ending with a
    pass; the plan parses and checks. (Whole games: test_playouts, at most 15 ticks for 10
    days.)"""
    state = new_state(words=["goal=5"], seed=4)
    lines = GAME.bot_plan(state, "Ana", random.Random(0))
    assert lines[0] == "standing on_miss(fight, 1)" and lines[-1] == "if can pass: pass"
    rolled = next(i for i, line in enumerate(lines) if line.startswith(("lake(", "mine(")))
    assert all(line.startswith(("if", "elif", "endif", "while", "dig(", "accept"))
               for line in lines[rolled + 1:]), lines
    check = turn.check_file(GAME, state, "Ana", parse_file("\n".join(lines)))
    assert not check.problems and check.plan.outcome


def test_p17_two_players_an_open_prompt_never_blocks_the_other_file(duo):
    """Two players (reconstructed) -- one player's unanswered prompt and empty file do not
    hold up the other's valid file: each plays their own sheet."""
    set_dice(duo, [1, 2, 3], "Ana")
    order(duo, "mine(1, 2)", dice=rolls("Ana", 4, 4))
    duo["tick"] = 1
    ben = sheet_of(duo, "Ben")["available"][0]
    out = play(duo, {"Ana": "", "Ben": f"farm({ben})\npass"})
    assert not out.problems
    assert sheet_of(out.state, "Ben")["day_over"] and sheet_of(out.state, "Ana")["pending"]
    assert GAME.awaiting(out.state) == ["Ana"]
    solo = new_state(words=["goal=3"])
    set_dice(solo, [1, 2])
    order(solo, "mine(1, 2)", dice=rolls("Ana", 4, 4))
    solo["tick"] = 1
    assert [p.code for p in play(solo, {"Ana": ""}).problems] == ["E-ANSWER-PROMPT"]


def test_p18_prompt_answers_still_refuse_an_order_that_skips_them(state):
    """Decisions in the middle of a turn -- without a standing order, an order that is not an
    answer is refused while the prompt is open (E-PROMPT), before and after a roll alike."""
    set_dice(state, [2, 4, 5])
    order(state, "mine(2, 4)", dice=rolls("Ana", 3, 5))
    reject(state, "farm(5)", "E-PROMPT")


def test_p19_order_help_covers_the_grammar_and_lists_the_facts():
    """Order reference -- orders.yaml documents every command of the grammar (each example
    parses as that command) and the facts, which `play.py orders` prints once each."""
    from lifegames.engine.core.orders import commands
    from lifegames.engine.files.data import load_yaml
    from lifegames.engine.text.reference import render

    docs = load_yaml("a_simple_life", "orders.yaml")
    assert set(docs) - {"facts"} == set(commands("a_simple_life"))
    for command, doc in docs.items():
        if command != "facts":
            assert parse_one(doc["example"]).command == command
    text = render(GAME)
    assert all(text.count(f"\n  {name} ") == 1 for name in docs["facts"]), "each fact once"
    assert text.count("\nday ") == 0, "no second table of the facts"


def test_p20_no_swap_hint_for_an_order_only_checked_for_form_past_a_roll():
    """A Farm order whose die cannot check that column is refused, and the hint never says
    the file works with it below the Lake cast: there it would only be checked for form (the
    cast's outcome is unknown), which proves nothing. A real swap still gets its hint."""
    state = new_state()
    set_dice(state, [1, 2, 4, 5, 6])
    wrong = turn.check_file(GAME, state, "Ana", parse_file(
        "farm(4, 1)\nlake(5, 3)\naccept\npass\n")).problems[0]
    assert wrong.code == "E-WRONG-COLUMN" and "the file works" not in wrong.hint
    swap = turn.check_file(GAME, state, "Ana", parse_file("sell(carrot)\ntown(2)\n"))
    assert swap.problems[0].code == "E-NOT-IN-TOWN"
    assert "the file works with this order below line 2" in swap.problems[0].hint
