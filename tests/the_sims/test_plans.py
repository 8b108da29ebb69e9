"""The Sims Board Game on the turn processor: one file per plain turn, the random barrier,
standing orders, absent players, plan facts, validation without a state, and who is awaited.
(RULES.md, "A turn on the turn processor".)"""

from __future__ import annotations

import json

from lifegames.engine.core.contract import OrderError
from lifegames.engine.core.dice import Dice
from lifegames.the_sims import GAME

from .helpers import (
    ANA,
    BEN,
    CLEO,
    FakeDice,
    arrange,
    check_alone,
    legal,
    moved_in,
    new_state,
    order,
    parse_one,
    play,
    reject,
)

HUB = ["Easel", "Guitar", "Love Letter", "Candlelit Dinner", "Watering Can", "Laptop"]


def ready(**seats):
    return arrange(moved_in(), hub=HUB, board=[], **seats)


def test_t01_a_plain_turn_fits_in_one_file_and_stops_at_chance():
    """A travel, its interaction (chance) and the end of the turn run from one file; check
    shows the interaction's outcome as hidden."""
    state = ready(Ben={"at": "Museum"})
    result = check_alone(state, ANA, 'travel("Museum", "Love Letter")\ninteract("Ben")')
    assert not result.problems, [p.render() for p in result.problems]
    assert "chance or hidden" in result.effects[-1]
    outcome = play(state, {ANA: 'travel("Museum", "Love Letter")\ninteract("Ben")'})
    assert not outcome.problems and outcome.state["turn"]["player"] == BEN


def test_t02_a_file_that_stops_before_the_turn_is_done_is_refused():
    """'The file must finish your turn or stop at an order whose outcome is chance or hidden':
    an empty file, or a travel that leaves an interaction open, is E-TURN-INCOMPLETE."""
    state = ready(Ben={"at": "Museum"})
    for text in ("", 'travel("Museum", "Love Letter")'):
        codes = [p.code for p in check_alone(state, ANA, text).problems]
        assert codes == ["E-TURN-INCOMPLETE"], (text, codes)


def test_t03_one_turn_per_file():
    """The next turn starts after the tick (when the Hub is refilled): alone, a second travel
    in the same file is E-TURN-OVER."""
    state = new_state(["Ana"])
    order(state, ANA, 'move_in("Jazz Loft")')
    arrange(state, hub=HUB, board=[])
    order(state, ANA, 'travel("Park", "Easel")')
    reject(state, ANA, 'travel("Museum", "Love Letter")', "E-TURN-OVER")


def test_t04_ends_file_marks_exactly_the_orders_that_roll_or_draw():
    """ends_file: interact, Go Home's draw (2-5 players), Don Lothario with Sims to roll for;
    not a plain travel, not keep, not a solo Go Home."""
    state = ready(Ben={"at": "Museum", "sims": ["Bella Goth"]})
    assert not GAME.ends_file(state, ANA, parse_one('travel("Museum", "Love Letter")'))
    assert GAME.ends_file(state, ANA, parse_one("go_home"))
    assert not GAME.ends_file(state, ANA, parse_one('travel("Nowhere", "Love Letter")'))
    order(state, ANA, 'travel("Museum", "Love Letter")')
    assert GAME.ends_file(state, ANA, parse_one('interact("Ben")'))
    assert GAME.is_random(parse_one("interact")) and not GAME.is_random(parse_one("go_home"))


def test_t05_standing_orders_are_consulted_and_are_not_plain_orders():
    """Standing raise(...)/lower(...) orders (state["standing"], canonical text) choose the
    Needs another player's turn makes you change; written as a plain order they are refused."""
    assert GAME.standing_commands == frozenset({"raise", "lower", "skip_newcomers"})
    reject(ready(), ANA, "skip_newcomers", "E-STANDING-ONLY")
    state = ready(Ben={"at": "Museum"})
    reject(state, ANA, 'raise("Fun")', "E-STANDING-ONLY")
    state["standing"] = {BEN: ['lower("Hygiene")', 'lower("Fun")']}
    assert [o.canonical() for o in GAME.standing(state, BEN, "lower")] == [
        'lower("Hygiene")', 'lower("Fun")']
    arrange(state, Ben={"needs": {"Hygiene": False}})
    order(state, ANA, 'travel("Museum", "Love Letter")')
    order(state, ANA, 'interact("Ben")', FakeDice("good", "awkward"))
    assert not state["seats"][BEN]["needs"]["Fun"], "Hygiene was EMPTY: the next one applies"


def test_t06_absent_players_get_the_documented_default():
    """absent_orders: move in with the first cards offered; on a turn, Go Home and keep the
    Aspiration held; a pending choice takes its first listed answer."""
    state = new_state()
    offers = state["seats"][BEN]["offers"]
    assert GAME.absent_orders(state, BEN) == [
        f'move_in("{offers["homes"][0]}", "{offers["aspirations"][0]}")']
    state = ready()
    held = state["seats"][ANA]["aspiration"]
    assert GAME.absent_orders(state, ANA) == ["go_home()", f'keep("{held}")']
    assert GAME.absent_orders(state, BEN) == []
    outcome = play(state, {ANA: "\n".join(GAME.absent_orders(state, ANA)[:1])})
    after = outcome.state
    assert GAME.absent_orders(after, ANA) == [f'keep("{held}")']
    assert "An absent player" in GAME.absent_policy
    solo = new_state(["Ana"])
    assert GAME.absent_orders(solo, ANA)[0].startswith("move_in(")


def test_t07_facts_say_what_a_plan_may_branch_on():
    """facts(): named values as the player sees them; every name is documented in
    games/the_sims/orders.yaml under facts:."""
    from lifegames.engine.files.data import load_yaml

    state = ready(Ana={"home": "Rose Cottage", "aspiration": "Dinner Date",
                       "cards": ["Frying Pan"], "needs": {"Fun": False}},
                  Ben={"at": "Park"})
    facts = GAME.facts(state, ANA)
    assert facts["my_turn"] and facts["step"] == "start" and facts["at"] == "home"
    assert facts["aspiration"] == "Dinner Date" and facts["aspiration_left"] == 1
    assert not facts["met"] and facts["empty_needs"] == ["Fun"] and facts["full"] == 5
    assert facts["hub"] == HUB and GAME.facts(state, BEN)["step"] == "wait"
    documented = load_yaml("the_sims", "orders.yaml")["facts"]
    assert set(facts) == set(documented)
    for value in facts.values():
        assert isinstance(value, (bool, int, str, list))
    json.dumps(facts)


def test_t08_validate_checks_names_without_a_state():
    """validate(): every name an order gives exists, with the argument to point at."""
    GAME.validate(ANA, parse_one('travel("park", "easel")'))
    GAME.validate(ANA, parse_one('go_home("Fun", "Violin", "Drum Kit")'))
    for text, arg in (('travel("Parc", "Easel")', "venue"), ('keep("Nobody")', "aspiration"),
                      ('go_home("Fun", "Fnu")', "second"), ('raise("Sleep")', "need"),
                      ('invite("Bela Goth")', "sim")):
        try:
            GAME.validate(ANA, parse_one(text))
        except OrderError as error:
            assert error.arg == arg and error.hint, (text, error.arg)
        else:
            raise AssertionError(f"{text} passed validate")


def test_t09_awaiting_and_turns():
    """Only the player whose turn it is is awaited (and, at the start, everyone still to move
    in); turns() counts player turns."""
    state = ready()
    assert GAME.awaiting(state) == [ANA] and GAME.turns(state) == 0
    order(state, ANA, 'travel("Park", "Easel")')
    assert GAME.turns(state) == 1
    GAME.end_tick(state, Dice(1, 1))
    assert GAME.awaiting(state) == [BEN]


def test_t10_the_prompt_lists_the_answers_of_an_open_choice():
    """A choice left open after a draw is a prompt on the sheet, with its legal answers."""
    state = ready()
    assert GAME.prompt(state, ANA) is None
    order(state, ANA, "go_home", FakeDice())
    asked = GAME.prompt(state, ANA)
    assert asked is not None and asked.answers == tuple(legal(state, ANA))
    assert "drew" in asked.text and GAME.prompt(state, CLEO) is None


def test_t11_every_legal_order_runs_and_round_trips():
    """legal_orders is what the rules allow: each listed order runs on a copy, and its
    canonical spelling parses back to itself."""
    from lifegames.engine.core.contract import clone

    state = ready(Ben={"at": "Museum"})
    for text in legal(state, ANA):
        assert parse_one(text).canonical() == text
        GAME.act(clone(state), ANA, parse_one(text), Dice(1, 1))


def test_t12_names_are_spelled_as_the_data_spells_them():
    """spell(): one spelling of each name in executed_orders (any case is accepted)."""
    spelled = GAME.spell(parse_one('travel("park", "EASEL")'))
    assert spelled.canonical() == 'travel("Park", "Easel")'
    assert GAME.spell(parse_one('go_home("fun", "violin")')).canonical() == \
        'go_home("Fun", "Violin")'
    assert GAME.spell(parse_one('interact("ben")')).canonical() == 'interact("ben")'
    assert GAME.spell(parse_one('complete("dinner date", "frying pan")')).canonical() == \
        'complete("Dinner Date", "Frying Pan")'
    assert GAME.spell(parse_one('swap("violin", "nope")')).canonical() == \
        'swap("Violin", "nope")'  # an unknown name is left as written
    # Every name argument of the grammar is spelled, but a player's name: players are named
    # at setup, and spell() is given no state (act finds them in any case).
    from lifegames.engine.core.orders import argument_kinds
    from lifegames.the_sims.checks import ARG_KINDS

    spelled = set(ARG_KINDS) | {"second", "third", "fourth"}
    assert set(argument_kinds("the_sims")) - spelled == {"player"}
    state = ready(Ana={"sims": ["Bella Goth"]})
    assert GAME.figures(state, ANA)["points"] == 1



def _agree(state, player):
    """The legal orders are legal.py's candidates, each accepted by its check; each rolls or
    draws (state["chance"], set by the dice and draws of effects.py) exactly when the command
    table's barrier says so, on the state and on the player's view; and an order given at the
    wrong step of the turn lists them as its way forward."""
    from lifegames.engine.core.contract import clone

    listed = list(GAME.legal_orders(state, player))
    assert [o.canonical() for o in GAME.candidates(state, player)] == listed
    for text in listed:
        order = parse_one(text)
        for where in (state, GAME.knowledge(state, player)):
            trial = clone(where)
            GAME.act(trial, player, order, Dice(3, int(state["tick"]) + 1))
            assert GAME.ends_file(where, player, order) == trial["chance"], text
    turn = state["turn"]
    if turn["player"] == player and turn["step"] != "start" and not state["refill"] and \
            not state["over"]:
        try:
            GAME.act(clone(state), player, parse_one('travel("Park", "Easel")'), Dice(3, 1))
        except OrderError as error:
            assert error.code == "E-WRONG-MOMENT"
            assert error.hint == ("legal now: " + ", ".join(listed[:8]) if listed else "")
        else:
            raise AssertionError("a travel ran in the middle of a turn")
    return len(listed)


def test_t13_the_random_barrier_and_the_legal_lists_are_the_rules_own():
    """The random barrier ("stop at an order whose outcome is chance or hidden") is the
    command table's: an interaction always rolls; Go Home draws (2-5 players); a Travel rolls
    when its card is Don Lothario and another home has Iconic Sims, or takes at random when it
    is Mrs. Crumplebottom and another collection has cards; an invitation from a Venue draws
    the Sim that replaces it. Checked against what running each legal order does, at every
    tick start and after every order of whole bot games, alone and with 3 and 5 players."""
    import random

    from lifegames.engine.core import turn
    from lifegames.engine.core.bots import choose_orders
    from lifegames.engine.core.orders import parse_text

    looked = 0
    for players, strategy, seed in ((["Ana"], "greedy", 3), (["Ana"], "random", 4),
                                    (["Ana", "Ben", "Cleo"], "random", 5),
                                    (["Ana", "Ben", "Cleo", "Dan", "Eve"], "greedy", 6)):
        state = new_state(players, seed=seed)
        rng = random.Random(seed)
        while not GAME.is_over(state) and state["tick"] < 200:
            files = {}
            for player in GAME.awaiting(state):
                looked += _agree(state, player)
                files[player] = parse_text("the_sims", "\n".join(
                    choose_orders(GAME, state, player, strategy, rng)), player)
            outcome = turn.play_tick(GAME, state, files, seed)
            assert not outcome.problems, [p.render() for p in outcome.problems]
            work, dice = json.loads(json.dumps(state)), turn.tick_dice(seed, state)
            GAME.begin_tick(work)
            for player, lines in outcome.executed.items():
                for line in lines:
                    if line.startswith(("#", "standing")) or line == "absent":
                        continue
                    GAME.act(work, player, parse_one(line), dice)
                    for other in GAME.awaiting(work):
                        looked += _agree(work, other)
            state = outcome.state
    assert looked > 500, looked


def test_t14_the_barrier_on_the_rare_cards():
    """Mrs. Crumplebottom takes at random only when another collection holds a card (then
    check stops at her); an Iconic Sim invited from the centre leaves no Venue to refill."""
    crumple = 'travel("Park", "Mrs. Crumplebottom")'
    hub = ["Mrs. Crumplebottom", *HUB[1:]]
    state = arrange(moved_in(), hub=hub, board=[], Ben={"cards": ["Violin"]})
    assert GAME.ends_file(state, ANA, parse_one(crumple)) and _agree(state, ANA)
    state = arrange(moved_in(), hub=hub, board=[])
    assert not GAME.ends_file(state, ANA, parse_one(crumple)) and _agree(state, ANA)
    alone = new_state([ANA])
    order(alone, ANA, 'move_in("Jazz Loft")')
    arrange(alone, hub=["Cowplant", *HUB[1:]], board=[], discard=[],
            Ana={"cards": ["Laptop"], "specials": []})
    alone["centre"] = [alone["sims_pile"].pop(next(
        i for i, s in enumerate(alone["sims_pile"]) if s == "Johnny Zest"))]
    order(alone, ANA, 'travel("Park", "Cowplant")')
    assert alone["turn"]["step"] == "invite"
    assert not GAME.ends_file(alone, ANA, parse_one('invite("Johnny Zest")'))
    assert _agree(alone, ANA) == 1


def test_t15_the_barrier_answers_for_orders_that_will_be_refused():
    """The engine asks whether an order ends the file before its check runs: every command's
    example, alone and with three players, gets an answer (a refused one's does not matter),
    never an error."""
    from lifegames.engine.text.reference import order_docs

    docs = order_docs(GAME)
    alone = new_state([ANA])
    order(alone, ANA, 'move_in("Jazz Loft")')
    for state in (new_state(), ready(), alone):
        for command in GAME.commands:
            GAME.ends_file(state, ANA, parse_one(docs[command]["example"]))


def test_t16_the_greedy_bot_writes_whole_turns_go_home_included():
    """A turn on the turn processor: the greedy bot writes each whole turn in one file, a Go
    Home with the plan lines that keep the better Aspiration once the draw is known, so a game
    takes one tick per turn (bench/sims_figures.py measures it at every player count)."""
    from lifegames.the_sims.balance import play
    from lifegames.the_sims.bots import KEEP_PLAN

    homes = 0
    for count, seed in ((2, 3), (3, 4), (4, 5)):
        state, seen = play(GAME, count, ("greedy",), seed)
        assert state["tick"] == state["turns"], (count, seed, state["tick"], state["turns"])
        homes += seen["go home"]
    assert homes > 0, "the games went home"
    assert KEEP_PLAN[1] == "keep($drawn)" and KEEP_PLAN[3] == "keep($aspiration)"
