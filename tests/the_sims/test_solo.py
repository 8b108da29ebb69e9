"""One numbered test per rule of the single-player manual of The Sims Board Game (the
rulebook's "Single Player Mode"). Each docstring names the section it checks."""

from __future__ import annotations

import pytest

from lifegames.engine.core.contract import SetupError
from lifegames.engine.core.dice import Dice
from lifegames.the_sims import GAME
from lifegames.the_sims.data import aspirations, homes
from lifegames.the_sims.model import met

from .helpers import (
    FakeDice,
    arrange,
    check_file,
    check_invariants,
    legal,
    new_state,
    order,
    parse_file,
    reject,
)

ANA = "Ana"
HUB = ["Easel", "Guitar", "Love Letter", "Candlelit Dinner", "Watering Can", "Laptop"]


def seat(state):
    return state["seats"][ANA]


def solo(home="Jazz Loft", words=None, hub=None, board=None, discard=None, **mine):
    """Ana alone, moved into `home`, with a known Card Hub, no Sim on the board unless given,
    and her seat arranged by `mine` (cards, sims, needs, specials, ...)."""
    state = new_state([ANA], words)
    order(state, ANA, f'move_in("{home}")')
    mine.setdefault("specials", [])
    return arrange(state, hub=hub or HUB, board=board or [], discard=discard or [], Ana=mine)


def at(sim, venue):
    return {"sim": sim, "venue": venue}


def test_s01_setup_sims_live_at_the_venue_of_their_interest():
    """Single Player Setup 3-4: a Card Hub of six; two Iconic Sims drawn, each placed at a
    Venue that matches their interest, by chance among the matching Venues (our reading:
    "the Venue" when two or three show it), so that every Venue hosts Sims."""
    from lifegames.the_sims.data import sims
    from lifegames.the_sims.model import board

    hosts: dict[str, set[str]] = {}
    for seed in range(60):
        state = new_state([ANA], seed=seed)
        assert len(state["hub"]) == 6 and len(state["board"]) == 2
        for spot in state["board"]:
            where = next(v for v in board(state) if v["name"] == spot["venue"])
            assert sims()[spot["sim"]] in where["symbols"]
            hosts.setdefault(spot["venue"], set()).add(spot["sim"])
        check_invariants(state)
    assert sorted(hosts) == sorted(v["name"] for v in board(state)), "every Venue hosts Sims"
    shared = [s for s in sims() if sum(sims()[s] in v["symbols"] for v in board(state)) > 1]
    assert any(len([v for v in hosts if s in hosts[v]]) > 1 for s in shared), \
        "a Sim whose interest two Venues show turns up at both"


def test_s01b_a_new_sim_goes_to_the_matching_venue_the_chance_picks():
    """Single Player Travel 3 (draw a new Iconic Sim, place them at the Venue matching their
    interest): among the Venues that show it, the one chance picks."""
    from lifegames.the_sims.data import sims
    from lifegames.the_sims.effects import replace_sim
    from lifegames.the_sims.model import board

    state = solo(board=[])
    top = state["sims_pile"][0]
    matching = [v["name"] for v in board(state) if sims()[top] in v["symbols"]]
    assert len(matching) >= 2, (top, matching)
    replace_sim(state, FakeDice(places=[2]))
    assert state["board"] == [at(top, matching[1])]


def test_s02_moving_in_any_home_and_three_aspirations_for_the_whole_game():
    """Single Player Moving In! 2-3: choose any Home card (in the first order file); three
    Aspirations dealt face up, or chosen (setup aspirations=...); the rest back to the box."""
    state = new_state([ANA])
    mine = seat(state)
    assert len(mine["aspirations"]) == 3 and len(state["asp_box"]) == 24
    assert sorted(legal(state, ANA)) == sorted(f'move_in("{h}")' for h in homes())
    reject(state, ANA, 'move_in("Jazz Loft", "Serenader")', "E-SOLO-ASPIRATIONS")
    order(state, ANA, 'move_in("Goth Manor")')
    assert mine["home"] == "Goth Manor" and len(state["home_pile"]) == 17
    chosen = new_state([ANA], ["aspirations=1,Serenader,27"])
    names = list(aspirations())
    assert seat(chosen)["aspirations"] == [names[0], "Serenader", names[26]]
    for bad in ("aspirations=1,2", "aspirations=1,1,2", "aspirations=Nobody,1,2"):
        with pytest.raises(SetupError):
            GAME.parse_options([bad], None)


def test_s03_go_home_needs_three_identical_simbols_and_raises_one_need():
    """Single Player Go Home 1: only with a set of three identical SIMbols (the Home card may
    be one; it is never discarded); discard the Action cards of the set, raise ONE Need."""
    state = solo(cards=["Violin", "Drum Kit", "Record Player", "Laptop"],
                 needs={"Fun": False, "Hunger": False})
    reject(state, ANA, "go_home", "E-NEED-NEEDED")
    reject(state, ANA, 'go_home("Energy", "Violin", "Drum Kit")', "E-NEED-FULL")
    reject(state, ANA, 'go_home("Fun", "Violin", "Laptop")', "E-NO-SET")
    reject(state, ANA, 'go_home("Fun", "Violin", "Drum Kit", "Record Player")', "E-NO-SET")
    reject(state, ANA, 'go_home("Fun", "Violin", "Violin")', "E-NOT-THERE")
    order(state, ANA, 'go_home("Fun", "Violin", "Drum Kit")')
    mine = seat(state)
    assert mine["at"] == "home" and mine["needs"]["Fun"] and not mine["needs"]["Hunger"]
    assert sorted(mine["cards"]) == ["Laptop", "Record Player"]
    assert state["discard"] == ["Violin", "Drum Kit"] and mine["home"] == "Jazz Loft"
    assert state["turn"]["number"] == 2 and state["refill"]


def test_s04_travel_lowers_the_venue_need_or_you_choose_another_venue():
    """Single Player Travel 1A-1B: lower the Venue's Need (if you can't, choose another
    Venue); the card's Needs are raised, then its action, then it goes home."""
    state = solo(needs={"Energy": False, "Fun": False})
    reject(state, ANA, 'travel("Park", "Easel")', "E-NEED-EMPTY")
    order(state, ANA, 'travel("Museum", "Easel")')
    mine = seat(state)
    assert not mine["needs"]["Hunger"] and mine["needs"]["Fun"] and mine["cards"] == ["Easel"]


def test_s05_befriend_takes_venue_sims_whose_interest_the_card_shows_not_the_centre():
    """Single Player Travel 2: take the Iconic Sims at the Venues whose interest a card taken
    this turn shows; those in the centre come only with ICONIC SIMS MOVE!. A befriended Sim is
    not replaced (the manual draws a new one only after an interaction or that card)."""
    state = solo(board=[at("Bella Goth", "Cafe"), at("Bob Pancakes", "Cafe")])
    state["centre"] = []
    arrange(state, board=[at("Bella Goth", "Cafe")])
    state["sims_pile"].remove("Nina Caliente")
    state["centre"].append("Nina Caliente")
    check_invariants(state)
    order(state, ANA, 'travel("Museum", "Love Letter")')
    assert seat(state)["sims"] == ["Bella Goth"] and state["centre"] == ["Nina Caliente"]
    assert state["board"] == []


def test_s06_interact_good_awkward_and_the_hand():
    """Single Player Travel 3: roll for each Iconic Sim at your Venue. Good: raise a Need, the
    Sim stays. Awkward: the Sim goes to the centre; draw a new Sim to their Venue. Come on Over!
    (hand): the Sim moves in; draw a new one; one that lands at your Venue is met at once."""
    state = solo(board=[at("Geoffrey Landgraab", "Gym"), at("Bonehilda", "Gym")],
                 needs={"Hunger": False})
    state["sims_pile"].remove("Dina Caliente")
    state["sims_pile"].remove("Jocasta Bjergsen")
    state["sims_pile"][:0] = ["Jocasta Bjergsen", "Dina Caliente"]
    order(state, ANA, 'travel("Gym", "Laptop")')
    assert state["turn"]["step"] == "interact" and legal(state, ANA) == ["interact()"]
    reject(state, ANA, 'interact("Ana")', "E-SOLO-INTERACT")
    order(state, ANA, "interact", FakeDice("good", "awkward", "hand"))
    mine = seat(state)
    assert mine["needs"]["Hunger"], "Good with Geoffrey Landgraab raised a Need"
    assert state["centre"] == ["Bonehilda"]
    assert at("Jocasta Bjergsen", "Park") in state["board"], "new Sim at the Park"
    assert mine["sims"] == []
    state = solo(board=[at("Geoffrey Landgraab", "Gym")])
    state["sims_pile"].remove("Jocasta Bjergsen")
    state["sims_pile"].insert(0, "Jocasta Bjergsen")
    order(state, ANA, 'travel("Gym", "Laptop")')
    order(state, ANA, "interact", FakeDice("hand", "good", places=[2]))  # Park, then the Gym
    assert seat(state)["sims"] == ["Geoffrey Landgraab"]
    assert state["board"] == [at("Jocasta Bjergsen", "Gym")], "met at once with a Good roll"


def test_s07_a_party_at_four_sims_raises_a_need():
    """Single Player Travel 3, BONUS: with four or more Sims at your house, it's a party:
    raise any one Need (the first of your standing raise orders that applies, or the
    default)."""
    state = solo(board=[at("Bella Goth", "Cafe")], needs={"Fun": False, "Social": False},
                 sims=["Bob Pancakes", "Johnny Zest", "Rory Oaklow"])
    state["standing"] = {ANA: ['raise("Social")']}
    order(state, ANA, 'travel("Cafe", "Love Letter")')
    assert len(seat(state)["sims"]) == 4 and seat(state)["needs"]["Social"]
    assert not seat(state)["needs"]["Fun"]


def test_s08_complete_an_aspiration_with_the_cards_used_and_raise_a_need():
    """Single Player Scoring: after you Travel, three SIMbols of one of your Aspirations (cards
    and Home card) complete it: the Aspiration and the cards used go face down; raise any one
    Need. One a turn (our choice); complete(...) or end_turn."""
    state = new_state([ANA], ["aspirations=Dinner Date,Serenader,Botanist"])
    order(state, ANA, 'move_in("Rose Cottage")')
    arrange(state, hub=HUB, board=[], Ana={"cards": ["Frying Pan", "Violin"],
                                           "needs": {"Fun": False}})
    order(state, ANA, 'travel("Cafe", "Love Letter")')
    assert state["turn"]["step"] == "score"
    options = legal(state, ANA)
    assert 'complete("Dinner Date", "Frying Pan", "Love Letter")' in options
    assert 'complete("Serenader", "Love Letter", "Violin")' in options
    assert options[-1] == "end_turn()"
    reject(state, ANA, 'complete("Dinner Date", "Frying Pan")', "E-NOT-COMPLETE")
    reject(state, ANA, 'complete("Dinner Date", "Frying Pan", "Violin")', "E-NOT-USED")
    reject(state, ANA, 'complete("Botanist", "Frying Pan")', "E-NOT-USED")
    order(state, ANA, 'complete("Dinner Date", "Frying Pan", "Love Letter")')
    mine = seat(state)
    assert mine["completed"] == ["Dinner Date"] and mine["cards"] == ["Violin"]
    assert state["scored"] == ["Frying Pan", "Love Letter"]
    assert mine["needs"]["Bladder"] and not mine["needs"]["Fun"], "default: the first EMPTY"
    assert state["turn"]["number"] == 2, "one a turn: the turn ended"
    GAME.end_tick(state, Dice(3, 1))
    check_invariants(state)


def test_s09_no_scoring_after_go_home():
    """Single Player Scoring: 'After you Travel, check to see if you can score' - not after
    Go Home; end_turn is only for declining to score."""
    state = new_state([ANA], ["aspirations=Dinner Date,Serenader,Botanist"])
    order(state, ANA, 'move_in("Rose Cottage")')
    arrange(state, hub=HUB, board=[], Ana={"cards": ["Love Letter", "Frying Pan", "Toaster",
                                                     "Mixing Bowl", "Gourmet Kitchen"],
                                           "needs": {"Fun": False}})
    reject(state, ANA, "end_turn", "E-WRONG-MOMENT")
    order(state, ANA, 'go_home("Fun", "Frying Pan", "Toaster", "Mixing Bowl")')
    assert met(state, ANA, "Dinner Date")  # the Love Letter, the Gourmet Kitchen, the Home
    assert seat(state)["completed"] == [] and state["turn"]["step"] == "start"


def test_s10_iconic_sims_move_invites_one_sim_on_the_board():
    """Single Player Action Card Effects, ICONIC SIMS MOVE!: choose one Iconic Sim on the board
    (a Venue or the centre) whose interest your collection shows (the card itself joins it
    after its action); one taken from a Venue is replaced by a new draw."""
    state = solo(hub=["Cowplant", *HUB[1:]], board=[at("Rory Oaklow", "Park"),
                                                    at("Johnny Zest", "Gym")], cards=["Laptop"])
    order(state, ANA, 'travel("Park", "Cowplant")')
    assert state["turn"]["step"] == "invite" and legal(state, ANA) == ['invite("Johnny Zest")']
    reject(state, ANA, 'invite("Rory Oaklow")', "E-NOT-INVITABLE")
    top = state["sims_pile"][0]
    assert GAME.ends_file(state, ANA, parse('invite("Johnny Zest")'))
    order(state, ANA, 'invite("Johnny Zest")', FakeDice())
    mine = seat(state)
    assert mine["sims"] == ["Johnny Zest", "Rory Oaklow"], "Rory: befriended by the Cowplant"
    assert "Cowplant" in mine["cards"] and state["sims_pile"][0] != top


def parse(text):
    from .helpers import parse_one

    return parse_one(text)


def test_s11_swap_cards_swaps_with_the_discard_pile():
    """Single Player Action Card Effects, SWAP CARDS: swap one of your cards with any Action
    card in the discard pile; you get its SIMbols only (no Need, no action)."""
    state = solo(hub=["Yard Sale", "Easel", *HUB[2:]], cards=["Laptop"],
                 discard=["Guitar", "Chess Set"], needs={"Fun": False})
    order(state, ANA, 'travel("Museum", "Yard Sale")')
    assert state["turn"]["step"] == "swap"
    reject(state, ANA, 'swap("Laptop", "Guitar", "Ben")', "E-SOLO-SWAP")
    reject(state, ANA, 'swap("Yard Sale", "Guitar")', "E-NOT-THERE")
    order(state, ANA, 'swap("Laptop", "Guitar")')
    mine = seat(state)
    assert sorted(mine["cards"]) == ["Guitar", "Yard Sale"] and not mine["needs"]["Fun"]
    assert state["discard"] == ["Chess Set", "Laptop"]


def refill_with(state, *cards, dice=None):
    """The next turn's refill deals these cards from the top of the pile into slot 1."""
    for name in reversed(cards):
        state["pile"].remove(name)
        state["pile"].insert(0, name)
    state["discard"].append(state["hub"][0])
    state["hub"][0] = None
    state["refill"] = True
    return GAME.end_tick(state, dice or FakeDice())


def test_s12_don_lothario_acts_as_soon_as_he_appears_in_the_hub():
    """Single Player Action Card Effects, Don Lothario Makes a Move: as he appears in the Card
    Hub, roll for each Iconic Sim in play (Venues, centre, your home); the first Good sends
    that Sim and Don to the box; with none, Don moves in and counts toward the three Sims."""
    state = solo(board=[at("Bella Goth", "Cafe")], sims=["Bob Pancakes"])
    refill_with(state, "Don Lothario", "Violin", dice=FakeDice("awkward", "good"))
    assert state["box"] == {"cards": ["Don Lothario"], "sims": ["Bob Pancakes"]}
    assert state["hub"][0] == "Violin" and state["board"] == [at("Bella Goth", "Cafe")]
    state = solo(board=[at("Bella Goth", "Cafe")])
    refill_with(state, "Don Lothario", "Violin", dice=FakeDice("hand"))
    assert seat(state)["specials"] == ["Don Lothario"]


def test_s13_grim_reaper_takes_the_centre_or_your_sims():
    """Single Player Action Card Effects, Grim Reaper Visits: the Sims in the centre go to
    the box with the Reaper; if the centre is empty, your home's Sims go to the box and the
    Reaper moves in (counting toward the three Sims)."""
    state = solo(sims=["Bob Pancakes"])
    state["sims_pile"].remove("Bella Goth")
    state["centre"] = ["Bella Goth"]
    refill_with(state, "Grim Reaper", "Violin")
    assert state["box"] == {"cards": ["Grim Reaper"], "sims": ["Bella Goth"]}
    assert seat(state)["sims"] == ["Bob Pancakes"]
    refill_with(state, "Grim Reaper", "Chess Set")
    assert seat(state)["sims"] == [] and seat(state)["specials"] == ["Grim Reaper"]
    assert "Bob Pancakes" in state["box"]["sims"]
    check_invariants(state)


def test_s14_mrs_crumplebottom_discards_two_random_cards():
    """Single Player Action Card Effects, Watch Out! It's Mrs. Crumplebottom!: as she appears,
    discard two random Action cards of your collection, then discard her."""
    state = solo(cards=["Violin", "Laptop", "Chess Set"])
    refill_with(state, "Mrs. Crumplebottom", "Drum Kit", dice=FakeDice(picks=[3, 1]))
    assert seat(state)["cards"] == ["Laptop"]
    assert state["discard"][-3:] == ["Chess Set", "Violin", "Mrs. Crumplebottom"]
    assert state["hub"][0] == "Drum Kit"


def test_s15_you_win_as_soon_as_both_goals_are_met():
    """Single Player Object of the Game: three Aspirations completed and three Iconic Sims at
    home (Don Lothario and the Grim Reaper count) is a win, as soon as it happens."""
    state = solo(board=[at("Geoffrey Landgraab", "Gym")], sims=["Bob Pancakes"],
                 specials=["Don Lothario"])
    seat(state)["completed"] = list(seat(state)["aspirations"])
    order(state, ANA, 'travel("Gym", "Laptop")')
    order(state, ANA, "interact", FakeDice("hand"))
    assert state["over"] and state["winners"] == [ANA]
    assert GAME.result(state).scores == {ANA: 6} and "wins" in GAME.result(state).summary


def test_s16_you_lose_when_you_can_neither_travel_nor_go_home():
    """Single Player Object of the Game: you lose if your Needs run out and you can't recharge
    them - here: at the start of a turn no Venue with a FULL Need has a matching Card Hub card,
    and no set of three identical SIMbols lets you Go Home."""
    state = solo(cards=["Violin", "Laptop"], needs={n: False for n in
                                                   ("Hunger", "Energy", "Bladder", "Hygiene",
                                                    "Social")})
    assert legal(state, ANA), "Fun is FULL: the Library can be visited"
    order(state, ANA, 'travel("Library", "Watering Can")')
    assert not state["over"]
    GAME.end_tick(state, Dice(5, 1))
    assert state["over"] and not state["winners"] and state["ended"] == "stuck"
    assert "loses" in GAME.result(state).summary
    kept = solo(cards=["Violin", "Drum Kit"], needs={n: False for n in
                                                     ("Hunger", "Energy", "Bladder", "Hygiene",
                                                      "Social", "Fun")})
    GAME.end_tick(kept, Dice(5, 1))
    assert not kept["over"], "a set of three notes (Jazz Loft) lets you Go Home"
    assert legal(kept, ANA) == ['go_home("Hunger", "Drum Kit", "Violin")',
                                'go_home("Energy", "Drum Kit", "Violin")',
                                'go_home("Bladder", "Drum Kit", "Violin")',
                                'go_home("Hygiene", "Drum Kit", "Violin")',
                                'go_home("Social", "Drum Kit", "Violin")',
                                'go_home("Fun", "Drum Kit", "Violin")']


def test_s17_both_goals_are_needed_either_alone_is_not_a_win():
    """Single Player Object of the Game: you win when you accomplish *both* goals; three
    Aspirations with two Sims at home, or three Sims with two Aspirations, plays on."""
    state = solo(sims=["Bob Pancakes", "Bella Goth"])
    seat(state)["completed"] = list(seat(state)["aspirations"])
    state["refill"] = True
    GAME.end_tick(state, Dice(5, 1))
    assert not state["over"], "three Aspirations, two Sims: not yet"
    state = solo(sims=["Bob Pancakes", "Bella Goth"], specials=["Don Lothario"])
    seat(state)["completed"] = list(seat(state)["aspirations"])[:2]
    state["refill"] = True
    GAME.end_tick(state, Dice(5, 1))
    assert not state["over"], "three Sims, two Aspirations: not yet"
    seat(state)["completed"] = list(seat(state)["aspirations"])
    state["refill"] = True
    GAME.end_tick(state, Dice(5, 1))
    assert state["over"] and state["winners"] == [ANA]


def test_s18_a_party_needs_four_sims_three_is_not_one():
    """Single Player Travel 3, BONUS: the party is at four or more Sims at your house; the
    third Sim raises no Need."""
    state = solo(board=[at("Bella Goth", "Cafe")], needs={"Fun": False, "Social": False},
                 sims=["Bob Pancakes", "Johnny Zest"])
    order(state, ANA, 'travel("Cafe", "Love Letter")')
    assert len(seat(state)["sims"]) == 3
    assert not seat(state)["needs"]["Fun"] and not seat(state)["needs"]["Social"]
    assert not any("party" in e for e in state["log"])


def test_s19_a_new_sim_drawn_to_your_venue_is_met_in_the_same_interaction():
    """Single Player Travel 3, Come on Over!: a new Iconic Sim who lands at the Venue where
    your Plumbob Mover stands can be met at once: the die is rolled for them too."""
    state = solo(board=[at("Geoffrey Landgraab", "Gym")], needs={"Hunger": False})
    state["sims_pile"].remove("Jocasta Bjergsen")
    state["sims_pile"].insert(0, "Jocasta Bjergsen")
    order(state, ANA, 'travel("Gym", "Laptop")')
    dice = FakeDice("hand", "good", places=[2])  # of the Park and the Gym, the Gym
    order(state, ANA, "interact", dice)
    assert dice.left == [], "the die was rolled for Jocasta Bjergsen too"
    assert any("a Good Interaction with Jocasta Bjergsen" in e for e in state["log"])
    assert seat(state)["needs"]["Hunger"], "his Good Interaction raised a Need"


def test_s19b_meeting_a_newcomer_is_a_choice_standing_skip_newcomers_declines_it():
    """Single Player Travel 3, Come on Over!: you *can* interact with a new Sim who lands at
    your Venue; `standing skip_newcomers` leaves them there for a later visit."""
    state = solo(board=[at("Geoffrey Landgraab", "Gym")], needs={"Hunger": False})
    state["standing"] = {ANA: ["skip_newcomers"]}
    state["sims_pile"].remove("Jocasta Bjergsen")
    state["sims_pile"].insert(0, "Jocasta Bjergsen")
    order(state, ANA, 'travel("Gym", "Laptop")')
    dice = FakeDice("hand", places=[2])  # of the Park and the Gym, the Gym
    order(state, ANA, "interact", dice)
    assert state["board"] == [at("Jocasta Bjergsen", "Gym")] and not seat(state)["needs"]["Hunger"]
    assert not any("with Jocasta Bjergsen" in e for e in state["log"])


def test_s20_an_empty_board_gets_a_sim_before_the_next_turn():
    """Single Player Gameplay ("replace any cards you took") and our assumption for an empty
    board: when no Iconic Sim waits at a Venue at the refill, Sims are drawn until one does
    (and no more than one: the board is not dealt again)."""
    state = solo(board=[])
    assert state["board"] == [] and state["centre"] == []
    top = state["sims_pile"][0]
    state["refill"] = True
    GAME.end_tick(state, Dice(5, 1))
    assert [s["sim"] for s in state["board"]] == [top]
    check_invariants(state)


def _opening(seed):
    """The Action pile of `seed` as setup shuffles it, the cards its opening Card Hub draws
    (events too) and the six left showing."""
    from lifegames.the_sims.data import card, deck

    pile = deck()
    Dice(seed, 0).stream("actions").shuffle(pile)
    drawn, hub = [], []
    for name in pile:
        if len(hub) == 6:
            break
        drawn.append(name)
        if card(name)["action"] not in EVENTS:
            hub.append(name)
    return pile, drawn, hub


EVENTS = ("don_lothario", "grim_reaper", "mrs_crumplebottom")


def test_s21_an_event_dealt_to_the_opening_card_hub_acts_as_soon_as_it_appears():
    """Single Player Setup 3 (the Card Hub is dealt, before the Iconic Sims of step 4) and
    Action Card Effects (each event acts as soon as it appears in the Card Hub): an event dealt
    to the opening Hub acts there and then, and its slot is dealt again. With no Iconic Sim in
    play yet, Don Lothario rolls for nobody and moves in; the Grim Reaper finds the centre
    empty and moves in; Mrs. Crumplebottom finds no card to take and is discarded."""
    from lifegames.the_sims.data import card

    seen = set()
    for seed in range(60):
        pile, drawn, hub = _opening(seed)
        events = [n for n in drawn if card(n)["action"] in EVENTS]
        if not events:
            continue
        state = new_state([ANA], seed=seed)
        assert state["hub"] == hub and state["pile"] == pile[len(drawn):], seed
        mine = seat(state)
        for name in events:
            action = card(name)["action"]
            seen.add(action)
            if action == "mrs_crumplebottom":
                assert name in state["discard"], seed
            else:
                assert name in mine["specials"], (seed, name)
        assert any("Card Hub" in r or "Crumplebottom" in r for r in state["recent"]), seed
        check_invariants(state)
    assert seen == set(EVENTS), "each event was dealt to an opening Hub in these seeds"


def _warnings(state, text):
    """The W- codes `check` shows for Ana's file, and its E- problems."""
    result = check_file(state, ANA, parse_file(text))
    return [w.code for w in result.plan.warnings] + [p.code for p in result.problems]


def test_s22_check_warns_of_the_order_that_loses_the_game():
    """Single Player Object of the Game: you lose when the Needs run out and cannot be
    recharged. The Travel that spends the last FULL Need a Venue asks for, with no set of
    three identical SIMbols to Go Home with, ends the game at the tick: `check` says so
    (W-GAME-LOST). With a set in hand, or a Need still FULL at a Venue, it does not."""
    empty = ("Hunger", "Energy", "Bladder", "Hygiene", "Social")
    state = solo(cards=["Violin", "Laptop"], needs={n: False for n in empty})
    assert _warnings(state, 'travel("Library", "Watering Can")') == ["W-GAME-LOST"]
    result = check_file(state, ANA, parse_file('travel("Library", "Watering Can")'))
    assert "the game is lost when the tick ends" in result.plan.warnings[0].render()
    saved = solo(cards=["Violin", "Drum Kit"], needs={n: False for n in empty})
    assert _warnings(saved, 'travel("Library", "Watering Can")') == [], "a set of notes"
    fuller = solo(cards=["Violin", "Laptop"], needs={n: False for n in empty[1:]})
    assert _warnings(fuller, 'travel("Library", "Watering Can")') == [], "Hunger is FULL"
    lost = solo(cards=["Violin", "Laptop"], needs={n: False for n in empty})
    order(lost, ANA, 'travel("Library", "Watering Can")')
    GAME.end_tick(lost, Dice(5, 1))
    assert lost["over"] and lost["ended"] == "stuck", "the warning told the truth"


def test_s23_the_sheet_says_how_the_game_is_won_and_lost():
    """Single Player Object of the Game: the sheet of a game in play names both goals and the
    loss (no Travel and no Go Home once the Card Hub is refilled), beside the counts."""
    from lifegames.the_sims.views import sheet

    text = sheet(GAME, GAME.knowledge(solo(), ANA), ANA)
    turn_part = text.split("\n\n")[1]
    assert "You win once 3 Aspirations are completed and 3 Sims live at your home." in turn_part
    assert "You lose when the Card Hub has been refilled after a turn and you can do " \
        "neither:" in turn_part
    assert "Go Home (an EMPTY Need, and a set of 3 identical SIMbols, Home card included)" \
        in " ".join(turn_part.split())


def test_s24_a_whole_turn_fits_in_one_file_complete_after_the_roll_runs_at_the_tick():
    """Single Player Scoring, after Travel 3: complete(...) written after `interact` in the
    same file runs at the tick with the real roll, and the sheet's orders note says so (it
    does not send it to the next file)."""
    from lifegames.the_sims.views import sheet

    from .helpers import play

    state = new_state([ANA], ["aspirations=Dinner Date,Serenader,Botanist"])
    order(state, ANA, 'move_in("Rose Cottage")')
    arrange(state, hub=HUB, board=[at("Bob Pancakes", "Cafe")],
            Ana={"cards": ["Frying Pan", "Violin"], "needs": {"Fun": False}})
    state["tick"] = 1
    note = " ".join(sheet(GAME, GAME.knowledge(state, ANA), ANA).split())
    assert "next file" not in note
    assert "A whole turn fits in one file: e.g. travel(...), interact, then complete(...)" \
        in note
    assert "the tick runs them with the real roll" in note
    text = ('travel("Cafe", "Love Letter")\ninteract\n'
            'complete("Dinner Date", "Frying Pan", "Love Letter")\n')
    out = play(state, {ANA: text})
    assert not out.problems and not out.stopped
    assert out.state["seats"][ANA]["completed"] == ["Dinner Date"]


def test_s25_the_win_comes_as_soon_as_both_goals_are_met_in_the_middle_of_a_turn():
    """Single Player Object of the Game ("you win as soon as you accomplish both goals"): a
    third Sim befriended at Travel 2 wins before the interactions of step 3, which are not
    played; a third Sim who comes over in the interactions wins before the next one rolls."""
    state = solo(board=[at("Johnny Zest", "Gym"), at("Geoffrey Landgraab", "Gym")],
                 sims=["Bob Pancakes"], specials=["Don Lothario"])
    seat(state)["completed"] = list(seat(state)["aspirations"])
    order(state, ANA, 'travel("Gym", "Laptop")')
    assert state["over"] and state["winners"] == [ANA] and state["ended"] == "both goals met"
    assert state["turn"]["step"] != "interact" and state["turns"] == 1
    reject(state, ANA, "interact", "E-GAME-OVER")
    state = solo(board=[at("Geoffrey Landgraab", "Gym"), at("Jocasta Bjergsen", "Gym")],
                 sims=["Bob Pancakes"], specials=["Don Lothario"])
    seat(state)["completed"] = list(seat(state)["aspirations"])
    order(state, ANA, 'travel("Gym", "Laptop")')
    assert not state["over"] and state["turn"]["step"] == "interact"
    dice = FakeDice("hand")  # one face: a second roll would find none
    order(state, ANA, "interact", dice)
    assert state["over"] and state["winners"] == [ANA] and not dice.left
    assert state["board"] == [at("Jocasta Bjergsen", "Gym")], "no roll, no new Sim after it"


def test_s26_the_loss_names_its_cause():
    """Single Player Object of the Game ("you lose if your Needs run out and you can't
    recharge them"): stuck with FULL Needs that no Card Hub card can serve is not Needs run
    out; the end says which it was, and why Go Home does not help."""
    from lifegames.the_sims.checks import board
    from lifegames.the_sims.model import card_symbols

    library = next(v for v in board(new_state([ANA])) if v["name"] == "Library")
    assert library["need"] == "Fun"
    hub = ["Easel", "Guitar", "Love Letter", "Candlelit Dinner", "Frying Pan", "Drum Kit"]
    assert not any(set(card_symbols(c)) & set(library["symbols"]) for c in hub)
    state = solo(cards=["Violin", "Laptop"], hub=hub, needs={
        n: False for n in ("Hunger", "Energy", "Bladder", "Hygiene", "Social")})
    state["refill"] = True
    GAME.end_tick(state, Dice(5, 1))
    assert state["over"] and state["ended"] == "stuck"
    summary = GAME.result(state).summary
    assert "ran out" not in summary and "no Card Hub card matches a Venue whose Need is FULL" \
        in summary and "no set of three identical SIMbols" in summary, summary
    assert any("no Card Hub card matches" in line for line in state["log"])
    empty = solo(cards=["Violin", "Laptop"], needs={n: False for n in
                                                   ("Hunger", "Energy", "Bladder", "Hygiene",
                                                    "Social")})
    order(empty, ANA, 'travel("Library", "Watering Can")')
    GAME.end_tick(empty, Dice(5, 1))
    assert "the Needs ran out" in GAME.result(empty).summary


def test_s30_the_history_figure_of_a_solo_game_is_the_results_score():
    """Single Player Game, Winning and Losing: alone, the game is scored by Aspirations and
    Sims at home, so the figure charted by `history` is the Result's own score (one number on
    the story page), not the points of the game with others; with others it is points."""
    state = new_state([ANA])
    state["seats"][ANA]["completed"] = ["Dinner Date", "Serenader"]
    figures = GAME.figures(state, ANA)
    assert "points" not in figures
    assert figures["score"] == GAME.result(state).scores[ANA]
    assert "points" in GAME.figures(new_state(), ANA)
