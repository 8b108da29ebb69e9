"""Plans, standing orders, tick-bound files and absence in Lifestyle. Numbered LP-nn;
each docstring names the rule or the feature it checks. Positions are arranged with helpers.py;
dice are fixed with FakeDice where a test needs to know them."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from lifegames import registry
from lifegames.engine.core import turn
from lifegames.engine.host.host import Host, order_file
from lifegames.engine.host.tools import verify
from lifegames.lifestyle import GAME, bots
from lifegames.lifestyle.data import cards
from lifegames.lifestyle.model import card_met
from lifegames.lifestyle.state import HIDDEN_CARD
from lifegames.lifestyle.views import fact_names

from .helpers import (
    ANA,
    BEN,
    FakeDice,
    arrange,
    check_alone,
    check_invariants,
    new_state,
    parse_file,
    play,
)

PLAN = """orders for tick 1
roll("Manager")
while phase == "rolled"
  if met
    accept
  elif can use("Cycling", $plus_one_die)
    use("Cycling", $plus_one_die)
  elif tokens > to_meet and reroll_chance >= 15
    reroll($best_die)
  else
    accept
  endif
  if phase == "next": roll($next_card)
endwhile
if botched
  discard($botched_card)
  end_turn
endif
"""


def planned_state(tokens: int = 2, seed: int = 20180101):
    """Ana's turn: a Manager (a 6 on one die), a Cat (two dice, 7+) and a Scooter (2+) to meet,
    Cycling in her points zone."""
    return arrange(new_state(seed=seed), display=["Dog", "SUV", "Cabin"] + [None] * 6,
                   Ana={"dice": ["Cat", "Manager", "Scooter"], "points": ["Cycling"],
                        "tokens": tokens})


@pytest.fixture
def fixed_dice(monkeypatch):
    """Every tick rolls the listed faces, in order (check keeps its own dice)."""
    faces: list[int] = []
    monkeypatch.setattr(turn, "tick_dice", lambda seed, state: FakeDice(*faces))
    return faces


def ran(outcome, player=ANA) -> list[str]:
    assert not outcome.problems, [p.render() for p in outcome.problems]
    return outcome.executed[player]


# -- a plan plays a whole turn in one tick --------------------------------------------------------


def test_lp01_a_plan_rolls_rerolls_and_meets_every_card_in_one_tick(fixed_dice):
    """Action: Roll Dice a-c in one file: the Manager rolled 4, rerolled for a token to 5, +1
    by Cycling; then the Cat (next_card: the harder of the two left) 1+3, a reroll to 6+3;
    then the Scooter; all met move to the points zone and the turn passes, in one tick."""
    fixed_dice[:] = [4, 5, 1, 3, 6, 5]
    outcome = play(planned_state(tokens=3), PLAN)
    assert ran(outcome) == ['roll("Manager")', "reroll(1)", 'use("Cycling", 1)', "accept()",
                            'roll("Cat")', "reroll(1)", "accept()", 'roll("Scooter")',
                            "accept()"]
    ana = outcome.state["seats"][ANA]
    assert sorted(ana["points"]) == ["Cat", "Cycling", "Manager", "Scooter"]
    assert ana["tokens"] == 1 + 1  # one token left after a reroll, one for the Cat (a Pet)
    assert GAME.awaiting(outcome.state) == [BEN] and outcome.state["tick"] == 1
    check_invariants(outcome.state)


def test_lp02_a_plan_botches_discards_the_missed_card_and_ends_the_turn(fixed_dice):
    """Action: Roll Dice c, not reached: the botch pays a token; the plan discards the card it
    missed ($botched_card) and ends the turn, all in the tick of the roll."""
    fixed_dice[:] = [2, 3]
    outcome = play(planned_state(tokens=1), PLAN)
    assert ran(outcome) == ['roll("Manager")', "accept()", 'discard("Manager")', "end_turn()"]
    ana = outcome.state["seats"][ANA]
    assert ana["tokens"] == 2 and ana["dice"] == ["Cat", "Scooter"]
    assert outcome.state["discard"] == ["Manager"] and GAME.awaiting(outcome.state) == [BEN]


def test_lp03_a_plan_and_its_plain_orders_give_byte_identical_folders(tmp_path: Path):
    """A plan and the plain orders it ran (what executed_orders.txt keeps), played in the same
    tick of two games set up alike, leave byte-identical folders and states: three turns of
    rolls, each a plan, against the same turns as plain files."""
    hosts = []
    for name in ("plan", "plain"):
        host = Host(str(tmp_path / name), registry.get)
        host.setup(GAME, ["Ana", "Ben", "Cleo"], [], 77, None, "a5")
        hosts.append(host)
    plan_host, plain_host = hosts
    for player, take in (("Ana", "take_row(1)"), ("Ben", "take_row(2)"),
                         ("Cleo", "take_column(3)")):
        for host in hosts:
            host.folder.path(order_file(player)).write_text(take + "\n", encoding="utf-8")
            host.tick()
    plans = 0
    for player in ("Ana", "Ben", "Cleo"):
        state = plan_host.load().state
        lines = bots._rolls(state, player)
        plan_host.folder.path(order_file(player)).write_text("\n".join(lines) + "\n",
                                                             encoding="utf-8")
        _, outcome = plan_host.tick()
        plain = outcome.executed[player]
        plans += len(plain) > 2
        plain_host.folder.path(order_file(player)).write_text("\n".join(plain) + "\n",
                                                              encoding="utf-8")
        plain_host.tick()
    assert plans, "no plan went past its first roll"
    trees = [{p.relative_to(h.folder.root).as_posix(): p.read_bytes()
              for p in sorted(Path(h.folder.root).rglob("*"))
              if p.is_file() and ".lifegames" not in p.parts} for h in hosts]
    assert trees[0] == trees[1]
    assert plan_host.load().state == plain_host.load().state
    assert verify(plan_host) == []


def test_lp04_a_plan_stops_where_an_outcome_made_an_order_impossible(fixed_dice):
    """Plans, as documented in RULES.md: after a roll, the first order that cannot run stops
    the plan; what ran is kept, the turn stands where it stopped (here a roll awaiting its
    answer, the tokens spent) and the same player is awaited again; the sheet shows it."""
    fixed_dice[:] = [2, 3]
    text = 'roll("Manager")\nreroll(1)\nreroll(1)\naccept\n'
    outcome = play(planned_state(tokens=1), text)
    assert ran(outcome) == ['roll("Manager")', "reroll(1)"]
    assert "line 3: reroll(1)" in outcome.stopped[ANA]
    assert "a reroll costs 1 token; you have 0" in outcome.stopped[ANA]
    state = outcome.state
    assert state["turn"]["phase"] == "rolled" and state["turn"]["roll"]["dice"] == [3]
    assert GAME.awaiting(state) == [ANA] and state["seats"][ANA]["tokens"] == 0
    assert "your roll for the Manager (1 die: a 6) shows [3]" in \
        GAME.views(state, ANA)["ana_sheet.txt"]


@pytest.mark.parametrize("text", [PLAN, "buy_two\nif display == 9: take_row(1)\n"])
def test_lp05_check_of_a_plan_says_the_same_whatever_the_seed_and_the_pile(text):
    """Hidden information: `check` runs on the player's knowledge with dice nobody plays
    with, up to the first roll or purchase; its output is the same for any seed and any order
    of the draw pile, and it never names a card dealt from the pile."""
    seen = set()
    for seed in (1, 2, 3, 4):
        state = planned_state(seed=seed)
        result = check_alone(state, ANA, text)
        assert result.problems == []
        seen.add(json.dumps([result.effects, result.plan.later,
                             [o.canonical() for o in result.plan.executed]]))
    assert len(seen) == 1, seen
    (shown,) = seen
    assert "you see it when the tick runs" in shown and HIDDEN_CARD not in shown


def test_lp06_lines_after_an_outcome_are_checked_for_names_and_ranges():
    """After the roll, `check` cannot run the orders, but it still finds a misspelt card, an
    unknown Sports card, a die past 3, a die given to Rowing and an unknown fact, located."""
    text = ('roll("Manager")\nreroll(4)\nuse("Skiing", 1)\nuse("Rowing", 1)\n'
            'roll("Kat")\nif not metx: accept\nend_turn\n')
    result = check_alone(planned_state(), ANA, text)
    assert [(p.code, p.line) for p in result.problems] == [
        ("E-NO-SUCH-DIE", 2), ("E-UNKNOWN-SPORT", 3), ("E-NO-DIE-NEEDED", 4),
        ("E-UNKNOWN-CARD", 5), ("E-UNKNOWN-FACT", 6)]
    assert 'did you mean "Cat"' in result.problems[3].hint
    assert 'did you mean "met"' in result.problems[4].hint


def test_lp07_the_facts_a_plan_reads(fixed_dice):
    """Every fact documented in orders.yaml is given, and none other; their values for a
    roll in play: the Cat (two dice, total 7+) showing 2 and 4, then 5 and 1."""
    state = planned_state()
    fixed_dice[:] = [2, 4]
    after = play(state, 'roll("Cat")\n').state
    facts = GAME.facts(after, ANA)
    assert sorted(facts) == sorted(fact_names())
    assert {k: facts[k] for k in ("phase", "card", "dice", "met", "best_die", "reroll_chance",
                                  "plus_one_die", "four_die", "plus_all_meets", "to_meet",
                                  "next_card", "sports_ready", "tokens")} == {
        "phase": "rolled", "card": "Cat", "dice": [2, 4], "met": False, "best_die": 1,
        "reroll_chance": 66, "plus_one_die": 1, "four_die": 1, "plus_all_meets": True,
        "to_meet": 2, "next_card": "Manager", "sports_ready": ["Cycling"], "tokens": 2}
    after["turn"]["roll"]["dice"] = [5, 1]
    facts = GAME.facts(after, ANA)
    assert [facts[k] for k in ("best_die", "reroll_chance", "plus_one_die", "four_die")] == \
        [2, 83, 1, 2]
    assert GAME.facts(after, BEN)["phase"] == "waiting"
    assert GAME.facts(after, BEN)["dice"] == [] and not GAME.facts(after, BEN)["met"]


def test_lp08_knowledge_holds_no_secret():
    """Hidden information: the player's knowledge replaces every card of the face-down pile
    by a placeholder (its size stays public), so it is the same for any order of the pile;
    and no order can take a placeholder."""
    state = planned_state()
    known = GAME.knowledge(state, ANA)
    assert known["pile"] == [HIDDEN_CARD] * len(state["pile"])
    shuffled = copy.deepcopy(state)
    random.Random(5).shuffle(shuffled["pile"])
    assert shuffled["pile"] != state["pile"]
    assert json.dumps(GAME.knowledge(shuffled, ANA), sort_keys=True) == \
        json.dumps(known, sort_keys=True)
    rest = dict(state, pile=None)
    assert dict(known, pile=None) == rest
    from .helpers import reject
    known["display"][3] = HIDDEN_CARD
    reject(known, ANA, "take_card(2, 1)", "E-HIDDEN-CARD")


# -- standing orders ------------------------------------------------------------------------------


def test_lp09_standing_accept_answers_a_roll_left_open_and_only_then(fixed_dice):
    """Standing orders: `accept` answers a roll the file leaves open (the file is complete
    without an answer), at the end of the tick; a file that answers the roll itself is played
    as written; the set is on the sheet."""
    state = arrange(new_state(), Ana={"dice": ["Cat", "Scooter"], "tokens": 2})
    fixed_dice[:] = [5, 6]
    rolled = play(state, 'roll("Cat")\n').state
    assert [p.code for p in play(rolled, "").problems] == ["E-TURN-INCOMPLETE"]
    fixed_dice[:] = []
    outcome = play(rolled, "standing accept\n")
    assert ran(outcome) == ["standing accept()"]
    after = outcome.state
    assert after["turn"]["phase"] == "next" and after["turn"]["fulfilled"] == ["Cat"]
    assert any("standing orders answer for them: accept()" in e for e in outcome.events)
    sheet = GAME.views(after, ANA)["ana_sheet.txt"]
    assert "STANDING ORDERS" in sheet and "your standing orders in force: accept()" in sheet
    assert "Your standing orders in force: accept()." in GAME.order_template(after, ANA)
    fixed_dice[:] = [1]
    missed = play(after, 'roll("Scooter")\nuse("Cycling", 1)\n')
    assert missed.stopped and missed.state["turn"]["phase"] == "botched", \
        "the plan stopped (no Cycling), then the standing accept botched the roll"
    assert GAME.awaiting(missed.state) == [ANA], "no standing end_turn: Ana is awaited"


def test_lp10_standing_end_turn_and_discards_after_a_botch(fixed_dice):
    """Standing orders after a botch: with `end_turn` standing, each standing `discard` of a
    card still in the dice zone (a $fact read then), then the end of the turn; never while the
    turn goes on, and a file that ends the turn itself is played as written."""
    state = arrange(new_state(), Ana={"dice": ["Manager", "Villa", "Cabin"], "tokens": 0})
    standing = ('standing discard($botched_card)\nstanding discard("Rolls-Royce")\n'
                'standing discard("Villa")\nstanding end_turn\n')
    fixed_dice[:] = [6]
    met = play(state, standing + 'roll("Manager")\naccept\n')
    assert met.state["turn"]["phase"] == "next" and GAME.awaiting(met.state) == [ANA]
    assert met.state["standing"][ANA] == ["discard($botched_card)", 'discard("Rolls-Royce")',
                                          'discard("Villa")', "end_turn()"]
    fixed_dice[:] = [1, 1, 1]
    outcome = play(met.state, 'roll("Villa")\naccept\n')
    ana = outcome.state["seats"][ANA]
    assert outcome.state["discard"] == ["Villa"] and ana["dice"] == ["Manager", "Cabin"]
    assert GAME.awaiting(outcome.state) == [BEN] and ana["tokens"] == 1
    fixed_dice[:] = [1]
    own = play(met.state, 'roll("Cabin")\naccept\nend_turn\n')
    assert ran(own) == ['roll("Cabin")', "accept()", "end_turn()"]
    assert own.state["discard"] == [], "the file ended the turn: no standing discard fired"


def test_lp11_standing_orders_are_only_the_players_own_prompts():
    """Only accept, discard and end_turn may stand, each checked for names as it is set."""
    state = arrange(new_state(), Ana={"dice": ["Cat"]})
    result = check_alone(state, ANA, 'standing take_row(1)\nstanding discard("Kat")\nroll("Cat")')
    assert [(p.code, p.line) for p in result.problems] == [("E-NOT-STANDING", 1),
                                                         ("E-UNKNOWN-CARD", 2)]
    assert GAME.standing_commands == {"accept", "discard", "end_turn"}


# -- absence, stale files, turns -------------------------------------------------------------------


@pytest.mark.parametrize("position, expected", [
    ("start, empty dice zone", ["take_card(1, 2)"]),
    ("start", ['if phase == "rolled": accept', 'while phase == "start" or phase == "next"',
               "roll($next_card)", "accept", "endwhile", "if botched: end_turn"]),
])
def test_lp12_the_absent_default(position, expected):
    """Absent players (RULES.md): the turn goes on, spending nothing: the first card showing
    with an empty dice zone, else each card rolled and accepted as it falls."""
    dice = [] if "empty" in position else ["Cat"]
    state = arrange(new_state(), display=[None, "Dog"] + [None] * 7, Ana={"dice": dice})
    assert GAME.absent_orders(state, ANA) == expected
    assert GAME.absent_orders(state, BEN) == []


def test_lp13_an_absent_player_is_played_by_the_default_and_replayed(tmp_path: Path):
    """tick --absent: Ana's turn is played by the default (recorded as `absent` with the orders
    it played as notes), the sheets say so, and verify replays it."""
    host = Host(str(tmp_path / "game"), registry.get)
    host.setup(GAME, ["Ana", "Ben"], [], 5, None, "a5")
    after, outcome = host.tick(absent={"Ana"})
    assert outcome.executed["Ana"] == ["absent", "#   take_card(1, 1)"]
    assert "Ana was away: played by the default (an absent player spends nothing" in \
        host.folder.path("Ben/001_ben_sheet.txt").read_text(encoding="utf-8")
    host.folder.path(order_file("Ben")).write_text("take_card(1, 2)\n", encoding="utf-8")
    host.tick()
    (card,) = host.load().state["seats"]["Ana"]["dice"]
    after, outcome = host.tick(absent={"Ana"})
    assert outcome.executed["Ana"][:2] == ["absent", f'#   roll("{card}")']
    assert "#   accept()" in outcome.executed["Ana"]
    assert GAME.awaiting(after.state) == ["Ben"]
    assert verify(host) == []


def test_lp14_a_file_written_for_an_earlier_tick_is_refused():
    """Order files name their tick: a file kept from before the game moved on is refused."""
    state = arrange(new_state(), Ana={"dice": ["Cat"]})
    state["tick"] = 4
    outcome = play(state, "orders for tick 3\ntake_row(1)\n")
    assert [p.code for p in outcome.problems] == ["E-STALE-ORDERS"]
    assert not play(state, "orders for tick 5\ntake_row(1)\n").problems


def test_lp15_turns_count_player_turns(fixed_dice):
    """simulate's `turns`: player turns played, whatever the ticks they took."""
    state = arrange(new_state(), Ana={"dice": ["Cat"], "tokens": 2})
    assert GAME.turns(state) == 0
    fixed_dice[:] = [1, 1]
    state = play(state, 'roll("Cat")\n').state
    assert GAME.turns(state) == 0 and state["tick"] == 1
    state = play(state, "accept\nend_turn\n").state
    assert GAME.turns(state) == 1 and state["tick"] == 2


# -- the greedy bot's plans ----------------------------------------------------------------------


def test_lp16_the_bot_writes_a_roll_turn_as_one_plan():
    """bots.plan: a turn of rolls is one file with the answers and the botch in it, and it
    only names Sports cards the player has."""
    state = planned_state()
    lines = bots._rolls(state, ANA)
    assert lines[0] == 'roll("Manager")' and "endwhile" in lines and lines[-1] == "endif"
    assert any("Cycling" in line for line in lines)
    assert not any(s in line for line in lines for s in ("Running", "Rowing", "Swimming"))
    parsed = parse_file("\n".join(lines))
    assert parsed.problems == [] and parsed.is_plan
    assert check_alone(state, ANA, "\n".join(lines)).problems == []


def test_lp17_the_greedy_bot_buys_when_the_display_is_poor():
    """The greedy bot buys when buying pays: with one useless card showing, tokens to spare and two
    Pets that want a third, the greedy bot buys (the purchase ends its file); with nothing to build
    on it takes the card; with a full display it cannot buy."""
    display = [None] * 8 + ["Love (Cars)"]
    state = arrange(new_state(), display=display, Ana={"tokens": 5, "points": ["Cat", "Dog"]})

    def plan(state: dict) -> list[str]:
        return bots.plan(GAME, GAME.knowledge(state, ANA), ANA, random.Random(3))

    assert plan(state) in (["buy_two()"], ["refill()"])
    bare = arrange(new_state(), display=display, Ana={"tokens": 5})
    assert plan(bare) == ["take_card(3, 3)"]
    assert plan(new_state())[0].startswith("take_")


def test_lp18_a_player_sets_standing_orders_while_waiting_and_they_fire_on_their_turn(
        tmp_path: Path, monkeypatch):
    """Standing orders from a player who is not awaited: Ben's file, naming the next tick and
    ended by `end`, puts them in force while Ana plays; on his own turn a file that stops at
    a botch is finished by them (discard the missed card, end the turn); verify replays it."""
    host = Host(str(tmp_path / "game"), registry.get)
    host.setup(GAME, ["Ana", "Ben"], [], 11, None, "a5")
    host.folder.path(order_file("Ben")).write_text(
        "orders for tick 1\nstanding discard($botched_card)\nstanding end_turn\nend\n",
        encoding="utf-8")
    host.folder.path(order_file("Ana")).write_text("take_card(1, 1)\n", encoding="utf-8")
    after, outcome = host.tick()
    assert after.state["standing"] == {"Ben": ["discard($botched_card)", "end_turn()"]}
    assert outcome.executed["Ben"] == ["standing discard($botched_card)", "standing end_turn()"]
    assert "your standing orders in force: discard($botched_card); end_turn()" in \
        host.folder.path("Ben/001_ben_sheet.txt").read_text(encoding="utf-8")
    display = host.load().state["display"]
    index = next(i for i, name in enumerate(display)
                 if name and not card_met(name, [1] * cards()[name]["dice"]))
    host.folder.path(order_file("Ben")).write_text(
        f"take_card({index // 3 + 1}, {index % 3 + 1})\n", encoding="utf-8")
    host.tick()
    host.folder.path(order_file("Ana")).write_text("take_card(3, 3)\n", encoding="utf-8")
    host.tick()
    (card,) = host.load().state["seats"]["Ben"]["dice"]
    monkeypatch.setattr(turn, "tick_dice", lambda seed, state: FakeDice(1, 1, 1))
    host.folder.path(order_file("Ben")).write_text(f'roll("{card}")\naccept\n',
                                                  encoding="utf-8")
    after, outcome = host.tick()
    assert outcome.executed["Ben"] == [f'roll("{card}")', "accept()"]
    assert after.state["discard"] == [card] and GAME.awaiting(after.state) == ["Ana"]
    assert any("standing orders answer for them" in e for e in outcome.events)
    assert verify(host) == []


def test_lp19_the_greedy_bot_leaves_a_botch_to_a_standing_end_turn(fixed_dice):
    """Standing orders and `bot`: with `discard($botched_card)` and `end_turn` standing, the
    greedy bot's plan never ends the turn after a botch itself (that would leave the standing
    discard nothing to do): the tick's botch fires the standing discard. Without standing
    orders the plan still discards and ends the turn itself."""
    from lifegames.engine.core.bots import choose_orders

    state = arrange(new_state(), Ana={"dice": ["Manager", "Villa", "Cabin"], "tokens": 0})
    state["standing"] = {ANA: ["discard($botched_card)", "end_turn()"]}
    lines = choose_orders(GAME, state, ANA, "greedy", random.Random(1))
    assert "end_turn" not in " ".join(lines) and "if botched" not in lines, lines
    fixed_dice[:] = [1, 1, 1, 1, 1, 1]
    outcome = play(state, "\n".join(lines) + "\n")
    assert not outcome.problems, [p.render() for p in outcome.problems]
    assert len(outcome.state["discard"]) == 1, "the standing discard($botched_card) fired"
    assert GAME.awaiting(outcome.state) == [BEN]
    del state["standing"]
    own = choose_orders(GAME, state, ANA, "greedy", random.Random(1))
    assert "if botched" in own and "  end_turn" in own, own
