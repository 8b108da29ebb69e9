"""Play quality of A Chaotic Life!: one spelling in executed_orders.txt, warnings `check`
shows for orders whose outcome the rules make certain and bad, the sheet of a finished game,
the tick's status and event sentences in plain English."""

from __future__ import annotations

import re

from lifegames.a_chaotic_life import GAME, balance
from lifegames.a_chaotic_life.data import names

from .helpers import ANA, BEN, arrange, check_as, new_state, parse_one, play, stand

# -- one spelling ------------------------------------------------------------------


def test_q01_names_in_any_case_are_logged_as_the_cards_spell_them():
    """Names are not case-sensitive (RULES.md); executed_orders.txt keeps card names as
    cards.yaml writes them, counter kinds bare and in full, so one order has one spelling."""
    state = arrange(new_state([ANA, BEN]), hands={ANA: ["Travel", "Camera", "Lock", "Dog"]},
                    stage="child", player=ANA)
    outcome = play(state, 'PLAY("travel")\nswap("camera", "LOCK", "hc")\nend_turn\n')
    assert not outcome.problems, [p.render() for p in outcome.problems]
    assert outcome.executed[ANA][:3] == ['play("Travel")', 'swap("Camera", "Lock", happiness)',
                                         "end_turn()"]


def test_q02_spelling_trade_terms_triggers_and_unknown_names():
    """The terms of a trade are rebuilt from what they mean (and read back the same); a react
    trigger that names a card type stays a type; an unknown name is left as written."""
    cases = {
        'offer("Ben", "camera, 1 hc", "A Card, 2 sad")':
            'offer("Ben", "Camera, 1 happiness", "2 sadness, a card")',
        'react("raincoat", "EVENT")': 'react("Raincoat", "event")',
        'react("raincoat", "volcano!")': 'react("Raincoat", "Volcano!")',
        'claim("block party")': 'claim("Block Party")',
        'play("Neighbor", "SAD")': 'play("Neighbor", sadness)',
        'play("Teleport")': 'play("Teleport")',
        'offer("Ben", "nothing", "Unicorn")': 'offer("Ben", "nothing", "Unicorn")',
    }
    for written, spelled in cases.items():
        assert GAME.spell(parse_one(written)).canonical() == spelled
        assert GAME.spell(parse_one(spelled)).canonical() == spelled  # read back the same


# -- warnings ------------------------------------------------------------------------

GOALS = {ANA: "happiness", BEN: "sadness"}


def warned(state, text: str, player: str = ANA) -> list[tuple[str, str]]:
    """The warnings `check` shows for a file (code, the text the caret is under)."""
    check = check_as(state, player, text)
    assert not check.problems, [p.render() for p in check.problems]
    assert check.plan is not None
    return [(w.code, w.source[w.column - 1:w.end_column - 1]) for w in check.plan.warnings]


def two(**how):
    return arrange(new_state([ANA, BEN]), goals=GOALS, player=ANA, **how)


def test_w01_counters_of_the_opposite_kind_taken_by_choice_are_warned():
    """How to Win: Happiness and Sadness cancel one for one, so a swap or a Neighbor paid in
    the kind opposite to your goal lowers your score for sure."""
    state = two(hands={ANA: ["Camera", "Lock", "Neighbor"]})
    assert warned(state, 'swap("Camera", "Lock", sadness)\nend_turn\n') == [
        ("W-WRONG-KIND", "sadness")]
    assert warned(state, 'swap("Camera", "Lock", happiness)\nend_turn\n') == []
    assert warned(state, 'play("Neighbor", sad)\nend_turn\n') == [("W-WRONG-KIND", "sad")]
    assert warned(state, 'play("Neighbor")\nend_turn\n') == []
    state = two(hands={ANA: ["Spouse"]}, stage="adult")
    assert warned(state, 'play("Spouse", sadness)\nend_turn\n') == [
        ("W-WRONG-KIND", "sadness")]
    assert warned(state, 'play("Spouse")\nend_turn\n') == []


def test_w02_a_pet_that_chases_your_own_pet_is_warned():
    """Cat chases every Mouse in play, Dog every Cat: your own goes too."""
    state = two(hands={ANA: ["Dog"]}, front={ANA: ["Cat"]})
    assert warned(state, 'play("Dog")\nend_turn\n') == [("W-CHASES-OWN", '"Dog"')]
    state = two(hands={ANA: ["Dog"]}, front={BEN: ["Cat"]})
    assert warned(state, 'play("Dog")\nend_turn\n') == []


def test_w03_an_offer_the_other_player_cannot_meet_is_warned():
    """Trading: an offer they cannot accept (counters they lack, a card whose every copy is in
    sight elsewhere) ends the file for nothing."""
    state = two(hands={ANA: ["Camera"], BEN: ["Lock", "Bandage"]}, front={ANA: ["Dog"]},
                counters={BEN: {"happiness": 1}})
    assert warned(state, 'offer("Ben", "Camera", "2 happiness")\n') == [
        ("W-OFFER-HOPELESS", '"2 happiness"')]
    assert warned(state, 'offer("Ben", "Camera", "Dog")\n') == [
        ("W-OFFER-HOPELESS", '"Dog"')]
    assert warned(state, 'offer("Ben", "Camera", "1 happiness, a card")\n') == []


def test_w04_an_offer_is_warned_the_same_whatever_the_other_hand_holds():
    """Hidden information: the warning reads only what the player sees (the size of Ben's
    hand), so it is the same whether Ben holds the card asked for or not."""
    asks = 'offer("Ben", "Camera", "Lock")\n'
    holds = two(hands={ANA: ["Camera"], BEN: ["Lock", "Bandage"]})
    lacks = two(hands={ANA: ["Camera"], BEN: ["Mouse", "Bandage"]})
    assert warned(holds, asks) == warned(lacks, asks) == []


def test_w05_ending_a_round_without_actions_while_behind_is_warned():
    """The end: a whole round without an action ends the game; ending it while another
    player leads is a certain loss. While you lead, it is not warned."""
    state = two(counters={ANA: {"happiness": 1}, BEN: {"sadness": 4}})
    state["idle"] = 1
    assert warned(state, "end_turn\n") == [("W-ENDS-GAME", "end_turn")]
    state["idle"] = 0  # Ben acted on his last turn: the game goes on
    assert warned(state, "end_turn\n") == []
    state = two(counters={ANA: {"happiness": 6}, BEN: {"sadness": 4}})
    state["idle"] = 1
    assert warned(state, "end_turn\n") == []


def test_w05b_ending_the_last_round_of_the_house_rule_while_behind_is_warned():
    """The house rule max_rounds=N (not a rule): the end_turn that completes the N-th whole
    round ends the game, so it is warned of as a certain loss while another player leads,
    even after an action; not a round earlier, nor without the house rule."""
    state = arrange(new_state([ANA, BEN]), goals=GOALS, player=BEN,
                    counters={ANA: {"happiness": 4}, BEN: {"sadness": 1}})
    state["turns"], state["turn"]["used"] = 2 * 3 - 1, 1  # Ben's turn ends round 3
    assert warned(state, "end_turn\n", BEN) == []
    state["max_rounds"] = 3
    assert warned(state, "end_turn\n", BEN) == [("W-ENDS-GAME", "end_turn")]
    state["turns"] -= 2
    assert warned(state, "end_turn\n", BEN) == []


def test_w06_death_played_while_behind_is_warned():
    """Death!: you take 3 counters opposite to your goal and the game ends."""
    state = two(hands={ANA: ["Death!"]}, stage="senior",
                counters={ANA: {"happiness": 4}, BEN: {"sadness": 3}})
    assert warned(state, 'play("Death!")\n') == [("W-ENDS-GAME", 'play("Death!")')]
    state = two(hands={ANA: ["Death!"]}, stage="senior",
                counters={ANA: {"happiness": 9}, BEN: {"sadness": 3}})
    assert warned(state, 'play("Death!")\n') == []


def test_w07_a_warned_order_plays_in_the_tick():
    """Point 7: warnings never block a tick."""
    state = two(hands={ANA: ["Camera", "Lock"]})
    outcome = play(state, 'swap("Camera", "Lock", sadness)\nend_turn\n')
    assert not outcome.problems
    assert outcome.executed[ANA][0] == 'swap("Camera", "Lock", sadness)'


# -- the end, read as one statement ----------------------------------------------------


def test_g01_the_result_says_how_the_game_ended_who_won_and_why():
    """How to Win - Or Lose! (the most of your goal's kind; a tie goes to the most counters in
    all), as one statement: a plain win, a tie broken by the total, a shared win; and each
    player's own verdict."""
    from lifegames.a_chaotic_life.model import verdict

    from .helpers import CLEO

    state = arrange(new_state(), front={ANA: ["Dog", "Mouse"], BEN: []},
                    counters={ANA: {"happiness": 2, "sadness": 4}, BEN: {"happiness": 3},
                              CLEO: {"happiness": 4, "sadness": 1}},
                    goals={ANA: "happiness", BEN: "happiness", CLEO: "happiness"})
    state["over"], state["end"] = True, "idle"
    assert GAME.result(state).summary == (
        "A whole round passed without an action. Ana wins: tied on 3 "
        "counters of their goal, Ana has the most in all (9 against 3, 5). Scores: Ana 3 "
        "happiness, Ben 3 happiness, Cleo 3 happiness.")
    state["claimed"][BEN] = [state["minigoals"].pop(state["minigoals"].index("Hard Knocks"))]
    assert GAME.result(state).summary.split(". ")[1] == (
        "Ben wins: tied on 3 counters of their goal, Ben has the most in all (10 against 9, 5)")
    assert [verdict(state, p) for p in (ANA, BEN)] == ["You lose.", "You win."]
    state["counters"][CLEO]["happiness"] = 9
    state["end"] = "death"
    assert GAME.result(state).summary.startswith(
        "The CP died (Death!). Cleo wins with 8 happiness. Scores:")
    state = two(counters={ANA: {"happiness": 4}, BEN: {"sadness": 4}})
    state["over"], state["end"], state["max_rounds"] = True, "old age", 40
    assert GAME.result(state).summary == (
        "The CP died of old age after 40 whole rounds (a house rule, max_rounds=40, not a "
        "rule of the game). Ana and Ben share "
        "the win with 4 counters of their goal each and 4 in all. Scores: Ana 4 happiness, "
        "Ben 4 sadness.")
    assert verdict(state, BEN) == "You share the win."


def test_w09_the_legal_list_puts_what_check_warns_of_apart():
    """The legal list shows the sensible orders first: the sheet
    and the template list the legal orders without a warning, then apart, with their W- code,
    those check would warn of; each of those lines still parses once uncommented."""
    from lifegames.a_chaotic_life.views import orders_text

    state = two(hands={ANA: ["Camera", "Lock"]})
    text = orders_text(GAME, GAME.knowledge(state, ANA), ANA)
    head, tail = text.split("Legal, but check warns of them")
    assert 'swap("Camera", "Lock", happiness)' in head and "sadness" not in head
    assert 'swap("Camera", "Lock", sadness)  W-WRONG-KIND' in tail
    template = GAME.order_template(state, ANA)
    line = '# swap("Camera", "Lock", sadness)  # W-WRONG-KIND\n'
    assert line in template.split("# Legal, but check warns of them")[1]
    assert parse_one(line[2:].strip()).command == "swap"


def test_w08_rules_md_names_every_warning_and_links_no_missing_file():
    """RULES.md documents every W- code check can show, and names
    the rulebook without a link to a file a clone of the project does not hold."""
    from pathlib import Path

    from lifegames.a_chaotic_life import advice
    from lifegames.a_chaotic_life.codes import W

    codes = ("W-WRONG-KIND", "W-CHASES-OWN", "W-OFFER-HOPELESS", "W-ENDS-GAME",
             "W-HURTS-OWN")
    text = Path(advice.__file__).read_text(encoding="utf-8")
    assert sorted(W.declared()) == sorted(codes) and all(
        f"W.{c[2:].replace('-', '_')}" in text for c in codes)
    page = Path(__file__).resolve().parents[2] / "games" / "a_chaotic_life" / "RULES.md"
    documented = page.read_text(encoding="utf-8")
    assert all(f"`{c}`" in documented for c in codes) and "shared/rules" not in documented


def test_the_tick_summary_names_the_items_played_and_no_standing_disclaimer():
    """The status after a tick says only what happened: the Items played
    in it, each by name, and nothing about Items when none was."""
    state = arrange(new_state(), stage="child", hands={ANA: ["Party", "Neighbor"],
                                                       BEN: ["Umbrella"]}, player=ANA)
    quiet = play(state, 'play("Neighbor")\nend_turn()').state
    lines = GAME.status_lines(quiet)
    assert not [x for x in lines if "Item" in x or "react" in x], lines
    stand(state, BEN, 'react("Umbrella")')
    loud = play(state, 'play("Party")\nend_turn()').state
    said = [x for x in GAME.status_lines(loud) if x.startswith("last tick: ")]
    assert len(said) == 1 and said[0].startswith(
        "last tick: Ben played Umbrella in reaction to Party"), GAME.status_lines(loud)


# -- event sentences in plain English ----------------------------------------------------------

AWKWARD = {
    "a parenthesis": re.compile(r"[()]"),
    "a signed count": re.compile(r"[+-]\d"),
    "one of a plural": re.compile(r"\b1 (?:\w+ )?(?:counters|cards|actions|rounds)\b"),
    "counters not called counters": re.compile(r"\b\d+ (?:happiness|sadness)\b(?! counter)"),
    "a doubled space": re.compile(r"  |^ | $"),
    "a space before a stop": re.compile(r" [,;:.]"),
    "a doubled stop": re.compile(r"[,;:] ?[,;:]"),
    "a lowercase start": re.compile(r"^[a-z]"),
    "a before a vowel": re.compile(r"\ba [AEIOU]"),
}


def awkward(text: str) -> list[str]:
    """What reads wrong in an event sentence; a card's name as a label ('Party: ...') too."""
    found = [why for why, shape in AWKWARD.items() if shape.search(text)]
    if text.split(": ")[0] in names():
        found.append("a card name as a label")
    return found


def rare_sentences() -> list[str]:
    """Events the bots seldom or never cause: Items laid face up (one altering nothing), a
    second Spouse, a gain the box (with its limit on) cannot pay."""
    from lifegames.a_chaotic_life.data import rules

    from .helpers import order

    items = arrange(new_state([ANA, BEN]), hands={ANA: ["Passport", "Megaphone", "Travel"]},
                    stage="child", player=ANA)
    items = play(items, 'play("Passport")\nplay("Megaphone")\nplay("Travel")\nend_turn\n').state
    spouse = arrange(new_state(), stage="teen", hands={ANA: ["Spouse", "Adult", "Spouse"]},
                     player=ANA)
    for text in ('play("Adult")', 'play("Spouse")', 'play("Spouse")'):
        order(spouse, ANA, text)
    box = arrange(new_state(), stage="adult", hands={ANA: ["Party"]},
                  counters={BEN: {"happiness": 25}}, player=ANA)
    rules()["counter_limit"] = True
    try:
        order(box, ANA, 'play("Party")')
    finally:
        rules()["counter_limit"] = False
    return [t for state in (items, spouse, box) for e in state["log"]
            for t in [e["text"], *e["private"].values()]]


def test_q03_every_event_sentence_reads_as_plain_english():
    """Every event the game writes (the sheets' RECENT EVENTS, the tick's
    output, check's effects) is a plain English sentence: no bracketed asides, '+1 sadness'
    or '1 counters', a capital where a sentence opens, 'an Adult'. Read from whole bot games
    at 2, 3 and 4 players, greedy and random, every line as each reader reads it (public and
    private); the old sentences stand as proof that the reading finds what it looks for.
    Games with random seats are bounded by the house rule max_rounds=12 (a random seat acts
    in nearly every turn, so its games run long: the house rule keeps this test quick, and
    its old-age sentences are read too)."""
    for old in ["Cleo played (paid 1 sadness) Early Riser (the CP is a Baby)",
                "Heartbreak: Ana +1 happiness", "Ana took 1 happiness from Ben",
                "the lava took Ben's Lock (now on the discard pile)",
                "Ana ended the turn (1 action); Ben is next",
                "the deck ran out: the discard pile (1 cards) was shuffled into a new deck"]:
        assert awkward(old), old
    seen: list[str] = []
    for count, strategies in ((2, ["greedy"]), (2, ["random"]), (3, ["greedy"]),
                              (3, ["random"]), (4, ["greedy", "random"]), (4, ["random"])):
        for seed in (1, 2):
            options = GAME.parse_options(["max_rounds=12"] if "random" in strategies else [],
                                         None)
            balance.play(GAME, seed, list(balance.PLAYERS[:count]), strategies, seen, options)
    seen += rare_sentences()
    assert len(set(seen)) > 500, "the games told too little to judge"
    bad = {text: awkward(text) for text in sorted(set(seen)) if awkward(text)}
    assert not bad, bad
