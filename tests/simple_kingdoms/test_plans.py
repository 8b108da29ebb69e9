"""Plans, facts, knowledge, standing orders and absence in Simple Kingdoms, numbered
P01-P14. Through the engine's own paths: `turn.check_file` / `turn.play_tick`, and the Host
(the code of `play.py tick`) where a whole game folder is compared byte for byte."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.engine.core import turn
from lifegames.engine.core.orders import parse_text
from lifegames.engine.host.host import Host, order_file
from lifegames.engine.text.reference import fact_docs
from lifegames.simple_kingdoms import GAME
from lifegames.simple_kingdoms.rules import terrains

from .helpers import (
    IRON,
    PLAYERS,
    THORN,
    check_alone,
    new_state,
    parse_file,
    play,
    set_stock,
    set_tile,
    tile,
)

SEED = 2024  # examples/simple_kingdoms: (1,1) hills, (1,0) marsh, the rest plains


def report(check: turn.FileCheck) -> str:
    """What `play.py check` shows of one file: its effects or its problems."""
    return "\n".join([*check.effects, *(p.render() for p in check.problems)])


def host_game(root: Path, seed: int = SEED) -> Host:
    host = Host(str(root), registry.get)
    host.setup(GAME, list(PLAYERS), [], seed, None, "a5")
    return host


def write(host: Host, player: str, text: str) -> None:
    tick = host.load().state["tick"] + 1
    host.folder.path(order_file(player)).write_text(f"orders for tick {tick}\n{text}end\n",
                                                    encoding="utf-8")


def folder_bytes(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "lock" not in p.name}


PLAN = """\
hire_soldiers(0,0, 2)
if "1,1" in unexplored
  move_soldiers(0,0, 1,1, 4)
else
  move_soldiers(0,0, 1,0, 4)
endif
if can claim_tile(1,1): claim_tile(1,1)
if gold >= 1000: build(1,1, "watchtower")
"""
STEPS = "hire_soldiers(0,0, 2)\nmove_soldiers(0,0, 1,1, 4)\nclaim_tile(1,1)\n"


def test_p01_a_plan_and_its_plain_orders_give_byte_identical_folders(tmp_path: Path) -> None:
    """A plan and the orders it ran are one game: a plan (an if block over a list fact, a one-line
    `can`, an untaken branch) and the step-by-step file of the orders it ran produce the same game
    folder, byte for byte: sheets, executed_orders.txt, templates, the hidden state."""
    roots = []
    for name, text in (("plan", PLAN), ("steps", STEPS)):
        root = tmp_path / name
        host = host_game(root)
        write(host, IRON, text)
        write(host, THORN, 'buy_resource("wood", 5)\n')
        _, outcome = host.tick()
        assert not outcome.problems, [p.render() for p in outcome.problems]
        roots.append(root)
    plan, steps = (folder_bytes(r) for r in roots)
    assert plan == steps
    executed = plan["Ironhold/executed_orders.txt"].decode()
    assert executed == ("# Tick 1\nhire_soldiers(0, 0, 2)\nmove_soldiers(0, 0, 1, 1, 4)\n"
                        "claim_tile(1, 1)\n")


def test_p02_a_plan_whose_branch_the_partner_made_impossible_takes_the_other_branch(
        state) -> None:
    """Plans (RULES.md): nothing in a kingdom's orders is chance, so a plan never stops half
    way; what can change between `check` and the tick is only the partner's orders, which
    run first. A plan that asks `can claim_tile(1,1)` takes its else branch when the partner
    claimed the tile first, and the tick plays."""
    set_tile(state, 1, 1, explored=True, soldiers={IRON: 4, THORN: 4})
    guarded = 'if can claim_tile(1,1)\n  claim_tile(1,1)\nelse\n  buy_resource("wood", 2)\nendif\n'
    alone = check_alone(state, THORN, guarded)
    assert not alone.problems and [o.command for o in alone.plan.executed] == ["claim_tile"]
    outcome = play(state, {IRON: "claim_tile(1,1)\n", THORN: guarded})
    assert not outcome.problems and not outcome.stopped
    assert outcome.executed[THORN] == ['buy_resource("wood", 2)']
    assert tile(outcome.state, 1, 1)["owner"] == IRON


def test_p03_an_unguarded_order_the_partner_made_impossible_refuses_the_tick(state) -> None:
    """Plans (RULES.md): the same clash without a guard is a conflict: the tick is refused,
    nothing changes, and the message says what the partner did."""
    set_tile(state, 1, 1, explored=True, soldiers={IRON: 4, THORN: 4})
    outcome = play(state, {IRON: "claim_tile(1,1)\n", THORN: "claim_tile(1,1)\n"})
    assert [p.code for p in outcome.problems] == ["E-CONFLICT"]
    assert outcome.state is state and state["tick"] == 0


def test_p04_check_of_a_plan_is_the_same_for_any_seed_and_any_hidden_terrain(
        tmp_path: Path) -> None:
    """`check` shows no outcome. Its output is the same for games of
    different seeds at the same position (`play.py check` through the Host), and for every
    terrain the unexplored tiles could have (the state twinned with every unexplored tile on
    each terrain in turn)."""
    outputs = set()
    for seed in (1, 2, 99):
        host = host_game(tmp_path / str(seed), seed)
        for t in host.load().state["tiles"]:
            assert t["terrain"] is not None
        write(host, IRON, PLAN)
        _, checks = host.check(IRON)
        outputs.add(report(checks[0]))
    assert len(outputs) == 1, outputs
    state = new_state()
    set_stock(state, IRON, wood=100, stone=100)
    texts = [PLAN, STEPS + 'build(1,1, "farm")\n',
             'move_soldiers(0,0, 1,1, 2)\nif can build(1,1, "quarry"): claim_tile(1,1)\n']
    for text in texts:
        seen = set()
        for terrain in terrains():
            twin = json.loads(json.dumps(state))
            for t in twin["tiles"]:
                if not t["explored"]:
                    t["terrain"] = terrain
            seen.add(report(turn.check_file(GAME, twin, IRON, parse_file(text, "T"))))
        assert len(seen) == 1, (text, seen)
        shown = seen.pop()
        assert not any(t in shown for t in terrains() if t != "plains"), shown


def test_p05_knowledge_holds_no_unexplored_terrain() -> None:
    """`knowledge(state, player)` has no secret in it. With every unexplored
    tile on mountains and no explored one, "mountains" is nowhere in its JSON; explored tiles
    keep their terrain; nothing else changes."""
    state = new_state()
    for t in state["tiles"]:
        if not t["explored"]:
            t["terrain"] = "mountains"
    for player in PLAYERS:
        known = GAME.knowledge(state, player)
        assert "mountains" not in json.dumps(known)
        assert [t["terrain"] for t in known["tiles"] if t["explored"]] == ["plains", "plains"]
        hidden = [t for t in known["tiles"] if not t["explored"]]
        assert hidden and all(t["terrain"] is None for t in hidden)
        for t in known["tiles"]:
            t["terrain"] = tile(state, t["row"], t["col"])["terrain"]
        assert known == state
    assert state["tiles"][1]["terrain"] == "mountains"  # the real state is untouched


def test_p06_exploring_ends_no_file_and_tells_no_terrain(state) -> None:
    """No order of Simple Kingdoms ends its file but a terrain-bound build on a tile explored
    this tick (test_rules r35b); after a move that explores, `check` runs every later order,
    and the move's effect names no terrain."""
    text = "hire_soldiers(0,0, 2)\nmove_soldiers(0,0, 1,1, 4)\nclaim_tile(1,1)\n"
    for order in parse_file(text).orders:
        assert not GAME.ends_file(state, IRON, order)
        assert not GAME.ends_file(GAME.knowledge(state, IRON), IRON, order)
    check = check_alone(state, IRON, text)
    assert not check.problems and len(check.plan.executed) == 3 and check.plan.later == 0
    assert not check.plan.outcome
    assert "explored (1,1) (its terrain shows on the sheets after the tick)" in check.effects[2]


def test_p07_a_terrain_bound_build_on_new_land_can_be_written_as_a_guarded_plan(state) -> None:
    """Plans (RULES.md): `if can build(1,1, "farm")` after exploring (1,1) is decided by the
    tick with the real terrain: `check` cannot tell (the build is where it stops), the tick
    builds on plains and, on hills, skips the build without stopping or refusing the plan."""
    set_tile(state, 0, 0, soldiers={IRON: 4})
    text = ('move_soldiers(0,0, 1,1, 4)\nclaim_tile(1,1)\n'
            'if can build(1,1, "farm"): build(1,1, "farm")\nhire_soldiers(0,0, 1)\n')
    tile(state, 1, 1)["terrain"] = "plains"
    check = check_alone(state, IRON, text)
    assert [o.command for o in check.plan.executed] == ["move_soldiers", "claim_tile", "build"]
    assert not check.problems and check.plan.outcome
    outcome = play(copy.deepcopy(state), {IRON: text})
    assert not outcome.problems and outcome.executed[IRON][2] == 'build(1, 1, "farm")'
    tile(state, 1, 1)["terrain"] = "hills"
    outcome = play(state, {IRON: text})
    assert not outcome.problems and not outcome.stopped
    assert outcome.executed[IRON] == ["move_soldiers(0, 0, 1, 1, 4)", "claim_tile(1, 1)",
                                      "hire_soldiers(0, 0, 1)"]


def test_p08_validate_checks_untaken_branches_for_names_and_ranges(state) -> None:
    """`validate` holds the state-free checks (map range, amounts, building
    and resource names, adjacency), so a typo in a branch `check` did not take is still found,
    located, with a way forward; a `$fact` argument is left for the tick."""
    lines = ['if gold > 1000', 'build(0,0, "farn")', 'move_soldiers(0,0, 2,2, 2)',
             'buy_resource("silver", 1)', 'hire_soldiers(5,0, 1)', 'give("wood", 0)',
             'sell_resource("food", $food)', 'endif']
    check = check_alone(state, IRON, "\n".join(lines) + "\n")
    found = [(p.line, p.code) for p in check.problems]
    assert found == [(2, "E-UNKNOWN-BUILDING"), (3, "E-NOT-ADJACENT"),
                     (4, "E-UNKNOWN-RESOURCE"), (5, "E-OFF-MAP"), (6, "E-BAD-AMOUNT")]
    assert 'did you mean "farm"?' in check.problems[0].hint
    assert check.problems[3].column == len("hire_soldiers(") + 1


def test_p09_facts_are_documented_and_read_the_state_as_the_kingdom_sees_it(state) -> None:
    """Every fact is documented in orders.yaml `facts:` (and nothing else
    is); the tile lists use "row,col"; a terrain lists only tiles whose terrain the kingdom
    has seen."""
    facts = GAME.facts(state, IRON)
    assert list(facts) == list(fact_docs("simple_kingdoms"))
    assert (facts["gold"], facts["civilians"], facts["soldiers"], facts["cap"]) == (100, 20, 2,
                                                                                    50)
    assert facts["my_tiles"] == ["0,0"] and facts["plains"] == ["0,0", "2,2"]
    assert facts["room"] == 30 and facts["tick"] == 1 and facts["ticks_left"] == 24
    work = GAME.knowledge(state, IRON)
    GAME.begin_tick(work)
    set_tile(work, 0, 0, soldiers={IRON: 4})
    GAME.act(work, IRON, parse_file("move_soldiers(0,0, 1,1, 4)").orders[0], None)
    after = GAME.facts(work, IRON)
    assert "1,1" in after["explored"] and "1,1" in after["free"]
    assert all("1,1" not in after[t] for t in terrains())        # explored, but not yet seen


def test_p10_a_fact_argument_takes_its_value_when_the_order_runs(state) -> None:
    """Plans: `$fact` stands for a count or an amount (grammar: `count: INT | REF`); an
    unknown fact is refused with the list of facts."""
    outcome = play(state, {IRON: 'sell_resource("food", $food)\n'})
    assert not outcome.problems
    assert outcome.executed[IRON] == ['sell_resource("food", 40)']
    check = check_alone(state, IRON, 'sell_resource("food", $fod)\n')
    assert [p.code for p in check.problems] == ["E-UNKNOWN-FACT"]
    assert 'did you mean "food"' in check.problems[0].hint


def test_p11_standing_orders_are_refused_with_the_reason(state) -> None:
    """RULES.md: Simple Kingdoms has no standing orders (no kingdom's turn
    forces a choice on the other, and no tick stops to ask a question): a `standing` line is
    refused, saying so."""
    check = check_alone(state, IRON, 'standing give("food", 5)\n')
    assert [p.code for p in check.problems] == ["E-NOT-STANDING"]
    assert "standing orders of this game: none" in check.problems[0].hint
    assert GAME.standing_commands == frozenset()


def test_p12_an_absent_kingdom_takes_no_actions_and_its_sheet_says_so(tmp_path: Path) -> None:
    """`tick --absent NAME` plays the game's default for an absent kingdom:
    no actions (its buildings still work); executed_orders.txt says `absent`, both kingdoms'
    sheets say it was away and played by the default, and the tick counts as missed."""
    host = host_game(tmp_path / "game")
    write(host, THORN, 'buy_resource("wood", 5)\n')
    loaded, outcome = host.tick(absent={IRON})
    assert not outcome.problems
    assert GAME.absent_orders(loaded.state, IRON) == []
    assert outcome.executed[IRON] == ["absent"]
    sheet = host.folder.path(f"{IRON}/001_ironhold_sheet.txt").read_text(encoding="utf-8")
    away = f"{IRON} was away: played by the default (an absent kingdom takes no actions"
    assert away in sheet
    assert away in host.folder.path(f"{THORN}/001_thornvale_sheet.txt").read_text(
        encoding="utf-8")
    assert loaded.envelope["stats"]["missed"] == {IRON: 1, THORN: 0}
    assert "produced 6 food" in sheet


def test_p13_a_file_written_for_an_earlier_tick_is_refused(tmp_path: Path) -> None:
    """Tick-bound files: a file that names an earlier tick is refused
    (E-STALE-ORDERS) and nothing is played."""
    host = host_game(tmp_path / "game")
    _, outcome = host.tick()
    assert not outcome.problems
    host.folder.path(order_file(IRON)).write_text('orders for tick 1\nbuy_resource("wood", 1)\n',
                                                  encoding="utf-8")
    loaded, outcome = host.tick()
    assert [p.code for p in outcome.problems] == ["E-STALE-ORDERS"]
    assert "orders for tick 2" in outcome.problems[0].hint
    assert loaded.state["tick"] == 1


def test_p14_the_template_explains_plans_with_lines_that_parse(state) -> None:
    """The order template explains plans with an example for this game
    (every example line parses), standing orders and absence."""
    text = GAME.order_template(state, THORN)
    assert "Plans:" in text and "no\n# standing orders" in text and "absent" in text
    example = text[text.index("Plans:"):].splitlines()[2:5]
    assert example[0] == "#   move_soldiers(2,2, 1,1, 4)"
    for line in example:
        parsed = parse_text("simple_kingdoms", line.removeprefix("#").strip(), "t")
        assert not parsed.problems and len(parsed.orders) == 1, line


@pytest.mark.parametrize("seat", PLAYERS)
def test_p15_the_greedy_bot_explores_claims_and_builds_in_one_tick(seat: str) -> None:
    """The greedy bot writes a file that uses what plans allow: on its first
    tick it marches a party into the unknown and claims the tile in the same tick; every file
    it writes passes `check`."""
    import random

    from lifegames.engine.core.bots import choose_orders

    state = new_state(seed=SEED)
    orders = choose_orders(GAME, state, seat, "greedy", random.Random(1))
    commands = [o.split("(")[0] for o in orders]
    assert commands[-2:] == ["move_soldiers", "claim_tile"], orders
    assert not check_alone(state, seat, "\n".join(orders) + "\n").problems


def test_p16_a_refused_order_that_would_run_elsewhere_in_the_file_says_where():
    """A claim written above the move that explores the tile is refused,
    and the hint says the file works with the claim below that move; a file that no
    reordering fixes gets no such hint."""
    from lifegames.engine.core.dice import Dice

    state = GAME.setup(list(PLAYERS), GAME.parse_options([], None), Dice(3, 0))
    state["tick"] = 0

    def first(text: str):
        parsed = parse_text(GAME.grammar_name(), text, "Ironhold/Ironhold_orders.txt")
        return turn.check_file(GAME, state, PLAYERS[0], parsed).problems[0]

    wrong = first("hire_soldiers(0,0, 2)\nclaim_tile(0,1)\nmove_soldiers(0,0, 0,1, 4)\n")
    assert wrong.code == "E-UNEXPLORED" and wrong.line == 2
    assert "the file works with this order below line 3" in wrong.hint
    hopeless = first("claim_tile(0,1)\nmove_soldiers(0,0, 0,1, 2)\n")
    assert "the file works" not in hopeless.hint
