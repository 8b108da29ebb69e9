"""One numbered test per rule of The Sims Board Game rulebook for 2-5 players. Each
docstring names the section it checks.
Positions are arranged directly; the Interaction die is injected with FakeDice, except in
r10d, which rolls the engine's real dice to see what each numbered face does."""

from __future__ import annotations

from collections import Counter

import pytest

from lifegames.engine.core.contract import SetupError, clone
from lifegames.engine.core.dice import Dice
from lifegames.the_sims import GAME
from lifegames.the_sims.actions import DIE
from lifegames.the_sims.data import aspirations, deck, homes, needs

from .helpers import (
    ANA,
    BEN,
    CLEO,
    FakeDice,
    arrange,
    check_invariants,
    legal,
    moved_in,
    new_state,
    order,
    play,
    points,
    reject,
    set_turn,
)

HUB = ["Easel", "Guitar", "Love Letter", "Candlelit Dinner", "Watering Can", "Laptop"]


def seat(state, player):
    return state["seats"][player]


def ready(players=None, **seats):
    """Everyone moved in, Ana's turn, a known Card Hub and an empty board unless given."""
    state = moved_in(players)
    spec = {"hub": seats.pop("hub", HUB), "board": seats.pop("board", [])}
    return arrange(state, **spec, **seats)


# -- Setup: Moving Into the Neighborhood! -----------------------------------------------------


def test_r01_setup_deals_a_card_hub_of_six_in_two_rows_of_three():
    """Setup 3: shuffle the Action cards and deal six face up in two rows of three (the Card
    Hub); the rest is the draw pile."""
    state = new_state()
    assert len(state["hub"]) == 6 and all(state["hub"])
    assert len(state["pile"]) == 115 - 6
    assert sorted(state["pile"] + state["hub"]) == sorted(deck())
    assert new_state()["pile"] == state["pile"], "the same seed shuffles the same way"
    assert new_state(seed=7)["pile"] != state["pile"]
    check_invariants(state)


def test_r02_setup_deals_two_iconic_sims_face_up():
    """Setup 4: shuffle the Iconic Sims, deal two face up below the Card Hub; the rest is a
    draw pile."""
    state = new_state()
    assert len(state["board"]) == 2 and len(state["sims_pile"]) == 16


def test_r03_each_player_draws_two_aspirations_and_two_homes_with_needs_full():
    """Complete Setup 1-2: every Need FULL; each player draws two Aspiration cards and two Home
    cards. The first player is the first named; everyone is awaited to move in."""
    state = new_state()
    for player in (ANA, BEN, CLEO):
        mine = seat(state, player)
        assert all(mine["needs"].values()) and list(mine["needs"]) == needs()
        assert len(mine["offers"]["homes"]) == 2 and len(mine["offers"]["aspirations"]) == 2
        assert mine["home"] is None and mine["at"] == "home"
    assert GAME.awaiting(state) == [ANA, BEN, CLEO]
    assert state["turn"]["player"] == ANA
    for bad in ([f"P{i}" for i in range(6)],):
        with pytest.raises(SetupError):
            GAME.setup(bad, GAME.parse_options([], None), Dice(1, 0))


def test_r04_move_in_keeps_one_home_and_one_aspiration_the_others_go_back():
    """Complete Setup 2-3: choose one of each to keep; unused Aspirations are discarded and
    unused Home cards return to the box (both face down)."""
    state = new_state()
    offers = seat(state, ANA)["offers"]
    home, other_home = offers["homes"]
    keep_, other_asp = offers["aspirations"]
    reject(state, ANA, f'move_in("{home}")', "E-ASPIRATION-NEEDED")
    reject(state, ANA, f'move_in("{seat(state, BEN)["offers"]["homes"][0]}", "{keep_}")',
           "E-NOT-THERE")
    reject(state, ANA, 'travel("Park", "Easel")', "E-MOVE-IN-FIRST")
    order(state, ANA, f'move_in("{home}", "{keep_}")')
    mine = seat(state, ANA)
    assert mine["home"] == home and mine["aspiration"] == keep_
    assert other_asp in state["asp_discard"] and other_home in state["home_pile"]
    reject(state, ANA, f'move_in("{home}", "{keep_}")', "E-MOVED-IN")
    assert GAME.awaiting(state) == [ANA, BEN, CLEO]


def test_r05_the_first_file_moves_in_and_the_first_player_plays_a_whole_turn():
    """Complete Setup 4 and On Your Turn: the first player takes the first turn; everyone's
    first order file holds their move-in (the first player's, their first turn too)."""
    state = new_state()
    files = {}
    for player in (ANA, BEN, CLEO):
        offers = seat(state, player)["offers"]
        files[player] = f'move_in("{offers["homes"][0]}", "{offers["aspirations"][0]}")'
    travel = next(o for o in legal_after_move_in(state, ANA) if o.startswith("travel"))
    files[ANA] += "\n" + travel
    outcome = play(state, files)
    assert not outcome.problems, [p.render() for p in outcome.problems]
    after = outcome.state
    assert all(seat(after, p)["home"] for p in (ANA, BEN, CLEO))
    assert after["turn"]["player"] == BEN and GAME.awaiting(after) == [BEN]
    empty = play(state, {ANA: files[ANA], BEN: "", CLEO: files[CLEO]})
    assert [p.code for p in empty.problems] == ["E-MOVE-IN"]


def legal_after_move_in(state, player):
    from lifegames.engine.core.contract import clone

    trial = clone(state)
    offers = seat(trial, player)["offers"]
    order(trial, player, f'move_in("{offers["homes"][0]}", "{offers["aspirations"][0]}")')
    return legal(trial, player)


# -- On Your Turn -----------------------------------------------------------------------------


def test_r06_hub_and_iconic_sims_are_replenished_before_the_next_turn():
    """On Your Turn, NOTE: before you take your turn, replenish the Action cards and Iconic
    Sims taken during the previous turn (here: when the tick in which a turn ended ends)."""
    state = ready(board=["Bella Goth", "Mortimer Goth"], Ana={"at": "home"})
    top, next_sim = state["pile"][0], state["sims_pile"][0]
    outcome = play(state, {ANA: 'travel("Museum", "Love Letter")'})
    after = outcome.state
    assert after["hub"] == [*HUB[:2], top, *HUB[3:]]
    assert after["board"] == ["Mortimer Goth", next_sim]
    assert not seat(after, ANA)["needs"]["Hunger"], "a refill touches no tracker"
    assert seat(after, ANA)["sims"] == ["Bella Goth"]
    mid = ready()
    order(mid, ANA, "go_home()", FakeDice())
    assert mid["refill"] is False and mid["turn"]["step"] == "keep", "not in the middle of one"


def test_r07_go_home_raises_two_needs_draws_an_aspiration_and_keeps_one():
    """Go Home: move to your Home card; raise two Needs from EMPTY to FULL; draw one
    Aspiration, then discard one (the new one or the one you had)."""
    state = ready(Ana={"needs": {"Hunger": False, "Fun": False, "Social": False},
                       "at": "Park", "aspiration": "Dinner Date"})
    reject(state, ANA, 'go_home("Energy")', "E-NEED-FULL")
    reject(state, ANA, 'go_home("Fun", "Fun")', "E-SAME-NEED")
    reject(state, ANA, 'go_home("Fun", "Hunger", "Social")', "E-TOO-MANY")
    top = state["asp_pile"][0]
    assert GAME.ends_file(state, ANA, parse('go_home("Fun", "Hunger")'))
    order(state, ANA, 'go_home("Fun", "Hunger")', FakeDice())
    mine = seat(state, ANA)
    assert mine["at"] == "home" and mine["needs"]["Fun"] and mine["needs"]["Hunger"]
    assert not mine["needs"]["Social"], "only two Needs"
    assert mine["drawn"] == top and state["turn"]["step"] == "keep"
    assert legal(state, ANA) == ['keep("Dinner Date")', f'keep("{top}")']
    reject(state, ANA, 'keep("Serenader")' if top != "Serenader" else 'keep("Botanist")',
           "E-NOT-THERE")
    order(state, ANA, f'keep("{top}")')
    assert mine["aspiration"] == top and "Dinner Date" in state["asp_discard"]
    assert state["turn"]["player"] == BEN


def test_r07b_go_home_without_names_follows_standing_orders_then_the_default():
    """Go Home 1 (choose two Needs): Needs not named come from the player's standing
    raise(...) orders, then the default (the first EMPTY in tracker order)."""
    state = ready(Ana={"needs": {"Hunger": False, "Hygiene": False, "Fun": False}})
    state["standing"] = {ANA: ['raise("Fun")']}
    order(state, ANA, "go_home()", FakeDice())
    assert seat(state, ANA)["needs"]["Fun"] and seat(state, ANA)["needs"]["Hunger"]
    assert not seat(state, ANA)["needs"]["Hygiene"]


def parse(text):
    from .helpers import parse_one

    return parse_one(text)


def test_r08_travel_needs_a_full_need_lowers_it_and_takes_a_matching_hub_card():
    """Travel 1, 1A, 1B: move to a Venue whose Need is FULL; lower it; take a Card Hub card
    with at least one SIMbol of that Venue, into your home; raise the Needs it shows."""
    state = ready(Ana={"needs": {"Energy": False, "Fun": False}})
    reject(state, ANA, 'travel("Park", "Easel")', "E-NEED-EMPTY")
    reject(state, ANA, 'travel("Beach", "Easel")', "E-VENUE-NOT-ON-BOARD")
    reject(state, ANA, 'travel("Parc", "Easel")', "E-UNKNOWN-VENUE")
    reject(state, ANA, 'travel("Museum", "Guitar")', "E-NO-MATCH")
    reject(state, ANA, 'travel("Museum", "Violin")', "E-NOT-THERE")
    assert not GAME.ends_file(state, ANA, parse('travel("Museum", "Easel")'))
    order(state, ANA, 'travel("Museum", "Easel")')
    mine = seat(state, ANA)
    assert mine["at"] == "Museum" and not mine["needs"]["Hunger"]
    assert mine["needs"]["Fun"], "the Easel raises Fun"
    assert mine["cards"] == ["Easel"] and state["hub"][0] is None
    assert state["turn"]["player"] == BEN, "nobody else there: the turn ended"


def test_r09_befriend_takes_every_board_sim_whose_interest_a_taken_card_shows():
    """Travel 2, Befriend Iconic Sims: take any Iconic Sims from the board whose interest
    SIMbol matches an Action card you took this turn."""
    both = ["Gourmet Kitchen" if c == "Candlelit Dinner" else c for c in HUB]  # heart + pan
    state = ready(board=["Bella Goth", "Bob Pancakes"], hub=both)
    order(state, ANA, 'travel("Cafe", "Gourmet Kitchen")')
    assert seat(state, ANA)["sims"] == ["Bella Goth", "Bob Pancakes"]
    assert state["board"] == [] and points(state, ANA) == 2
    state = ready(board=["Bella Goth", "Bob Pancakes"])
    order(state, ANA, 'travel("Museum", "Love Letter")')
    assert seat(state, ANA)["sims"] == ["Bella Goth"] and state["board"] == ["Bob Pancakes"]


def test_r10_interact_both_roll_starting_with_you_and_apply_the_results():
    """Travel 3, Interact: if other players are at your Venue, choose one; starting with you,
    both roll: Good raises one of your Needs, Awkward lowers one, the hand takes a random
    Action card from the other player."""
    state = ready(Ana={"needs": {"Fun": False}},
                  Ben={"at": "Museum", "cards": ["Violin", "Chess Set"]})
    order(state, ANA, 'travel("Museum", "Love Letter")')
    assert state["turn"]["step"] == "interact" and state["turn"]["player"] == ANA
    assert legal(state, ANA) == ['interact("Ben")']
    assert GAME.ends_file(state, ANA, parse('interact("Ben")'))
    dice = FakeDice("good", "hand", picks=[1])
    order(state, ANA, 'interact("Ben", "Fun")', dice)
    assert seat(state, ANA)["needs"]["Fun"]
    assert seat(state, BEN)["cards"] == ["Violin", "Chess Set", "Love Letter"]
    assert seat(state, ANA)["cards"] == [] and state["turn"]["player"] == BEN
    assert not dice.left


def test_r10b_the_other_player_applies_their_result_by_their_standing_orders():
    """Travel 3: both players apply their own result; the other player's choice of Need comes
    from their standing lower(...) order (or the default: the last FULL Need)."""
    state = ready(Ana={"needs": {"Fun": False}}, Ben={"at": "Museum"}, Cleo={"at": "Museum"})
    state["standing"] = {BEN: ['lower("Bladder")']}
    order(state, ANA, 'travel("Museum", "Love Letter")')
    reject(state, ANA, "interact", "E-WHO")
    reject(state, ANA, 'interact("Ana")', "E-UNKNOWN-PLAYER")
    order(state, ANA, 'interact("Ben", "Fun", "Social")', FakeDice("awkward", "awkward"))
    assert not seat(state, ANA)["needs"]["Social"] and not seat(state, BEN)["needs"]["Bladder"]
    state = ready(Ben={"at": "Museum"})
    order(state, ANA, 'travel("Museum", "Love Letter")')
    order(state, ANA, "interact", FakeDice("hand", "awkward"))
    assert not seat(state, BEN)["needs"]["Fun"], "default: the last FULL Need"
    assert seat(state, ANA)["cards"] == ["Love Letter"], "Ben had no card to take"


def test_r10c_interact_names_must_fit_the_roll_to_come():
    """Travel 3: the Need named for a Good roll must be EMPTY, the one for an Awkward roll
    FULL (nothing changes between the order and the roll)."""
    state = ready(Ben={"at": "Museum"})
    order(state, ANA, 'travel("Museum", "Love Letter")')
    reject(state, ANA, 'interact("Ben", "Fun")', "E-NEED-FULL")
    reject(state, ANA, 'interact("Ben", "Hunger", "Hunger")', "E-NEED-EMPTY")
    reject(state, ANA, 'travel("Park", "Easel")', "E-WRONG-MOMENT")


class RecordedDice:
    """The real dice of one tick (`Dice(seed, tick)`), passed through unchanged; every roll of
    the Interaction die is written down as (sides, face) so a test can tell which face of the
    real die led to which outcome."""

    def __init__(self, seed):
        self.real = Dice(seed, 1)
        self.rolls = []

    def stream(self, name):
        real = self.real.stream(name)
        return RecordedStream(real, self.rolls) if name == DIE else real


class RecordedStream:
    """One real stream of the Interaction die that notes each roll in `rolls`."""

    def __init__(self, real, rolls):
        self.real, self.rolls = real, rolls

    def die(self, sides=6):
        face = self.real.die(sides)
        self.rolls.append((sides, face))
        return face


def _interaction_outcomes(before, after):
    """What Ana's roll and then Ben's did, read off their trackers and collections. Ana named
    Fun (EMPTY) to raise and Social (FULL) to lower; Ben raises his only EMPTY Need, Hygiene,
    and lowers his last FULL one, Fun (the default). A roll that moved neither Need must have
    taken a card: the cards that changed hands are counted against it."""
    outcomes = []
    for who, raised, lowered in ((ANA, "Fun", "Social"), (BEN, "Hygiene", "Fun")):
        was, now = seat(before, who)["needs"], seat(after, who)["needs"]
        assert not was[raised] and was[lowered]
        assert now == {**was, raised: now[raised], lowered: now[lowered]}, \
            f"{who}: no other Need moves"
        good, awkward = now[raised], not now[lowered]
        assert not (good and awkward), who
        outcomes.append("good" if good else "awkward" if awkward else "hand")
    ana_took, ben_took = (outcome == "hand" for outcome in outcomes)
    gained = len(seat(after, ANA)["cards"]) - len(seat(before, ANA)["cards"])
    assert gained == ana_took - ben_took, ("a hand takes one of the other's cards", outcomes)
    if ana_took and not ben_took:
        assert set(seat(after, ANA)["cards"]) - set(seat(before, ANA)["cards"]) <= \
            set(seat(before, BEN)["cards"])
    return outcomes


def test_r10d_the_real_interaction_die_has_six_faces_three_good_two_awkward_one_hand():
    """Travel 3, Interact, with the Interaction die of Components (its faces reconstructed as
    3 Good, 2 Awkward and 1 hand: RULES.md, Assumptions, the Interaction die row): rolled
    through the engine's real dice, each of the six faces always does the same thing, Good
    raising the roller's Need, Awkward lowering one and the hand taking a card of the other
    player, and the six faces between them do so 3, 2 and 1 times. Every other rule test fakes
    the die by face name, so only this one sees what a numbered face does."""
    by_face: dict[int, list[str]] = {}
    for seed in range(40):
        state = ready(Ana={"needs": {"Fun": False}},
                      Ben={"at": "Museum", "cards": ["Violin", "Chess Set"],
                           "needs": {"Hygiene": False}})
        order(state, ANA, 'travel("Museum", "Love Letter")')
        before = clone(state)
        dice = RecordedDice(seed)
        order(state, ANA, 'interact("Ben", "Fun", "Social")', dice)
        assert [sides for sides, _ in dice.rolls] == [6, 6], "one six-sided roll each"
        outcomes = _interaction_outcomes(before, state)
        for (_, face), outcome in zip(dice.rolls, outcomes, strict=True):
            by_face.setdefault(face, []).append(outcome)
    assert sorted(by_face) == [1, 2, 3, 4, 5, 6], "every face of the real die comes up"
    assert all(len(seen) >= 3 for seen in by_face.values()), "each face is seen again"
    assert all(len(set(seen)) == 1 for seen in by_face.values()), by_face
    faces = Counter(seen[0] for seen in by_face.values())
    assert faces == Counter({"good": 3, "awkward": 2, "hand": 1}), by_face


# -- Scoring ----------------------------------------------------------------------------------


def test_r11_an_aspiration_completes_at_the_end_of_the_turn_with_three_matching_simbols():
    """Object of the Game 1 and Scoring: at the end of your turn, three SIMbols of your
    Aspiration's kinds in any mix (the Home card may count) complete it: 3 points, tucked
    under the Home card; a new Aspiration is drawn."""
    state = ready(Ana={"home": "Rose Cottage", "aspiration": "Dinner Date",
                       "cards": ["Frying Pan"]})
    order(state, ANA, 'travel("Cafe", "Love Letter")')
    mine = seat(state, ANA)
    assert mine["completed"] == ["Dinner Date"] and mine["aspiration"] is None
    assert points(state, ANA) == 3 and state["owed"] == [ANA]
    GAME.end_tick(state, Dice(1, 1))
    assert mine["aspiration"] is not None and state["owed"] == []
    check_invariants(state)


def test_r12_only_once_per_turn_and_a_new_met_aspiration_waits_a_turn():
    """Scored Aspirations, IMPORTANT: only at the end of your turn, once per turn; a new
    Aspiration you already show three SIMbols for waits until the end of your next turn."""
    state = ready(Ana={"home": "Rose Cottage", "aspiration": "Dinner Date",
                       "cards": ["Frying Pan", "Gourmet Kitchen"]})
    _, after = play_turn(state, ANA, 'travel("Cafe", "Love Letter")')
    fresh = "Serenader"
    arrange(after, Ana={"aspiration": fresh, "cards": seat(after, ANA)["cards"] + ["Violin"]})
    assert seat(after, ANA)["completed"] == ["Dinner Date"]
    assert points(after, ANA) == 3, "already met, but it was drawn this turn"
    set_turn(after, ANA)
    order(after, ANA, 'go_home()', FakeDice())
    order(after, ANA, f'keep("{fresh}")')
    assert seat(after, ANA)["completed"] == ["Dinner Date", fresh]


def test_r12b_an_aspiration_drawn_and_kept_at_go_home_waits_for_the_next_turn():
    """Scored Aspirations, IMPORTANT: an Aspiration you keep from Go Home's draw is a new one;
    if your collection already shows its three SIMbols, it completes at the end of your next
    turn, not of this one."""
    state = ready(Ana={"home": "Rose Cottage", "aspiration": "Serenader",
                       "cards": ["Frying Pan", "Gourmet Kitchen"], "needs": {"Fun": False}})
    state["asp_pile"].remove("Dinner Date")
    state["asp_pile"].insert(0, "Dinner Date")
    order(state, ANA, 'go_home("Fun")', FakeDice())
    order(state, ANA, 'keep("Dinner Date")')
    assert seat(state, ANA)["completed"] == [] and points(state, ANA) == 0
    assert seat(state, ANA)["aspiration"] == "Dinner Date"
    set_turn(state, ANA)
    order(state, ANA, 'travel("Park", "Easel")')
    assert seat(state, ANA)["completed"] == ["Dinner Date"]


def test_r12c_an_aspiration_drawn_at_go_home_with_none_held_waits_for_the_next_turn():
    """Scored Aspirations, IMPORTANT, on Go Home's other path: a player who holds no Aspiration
    (none was left to draw when one was owed) keeps the one Go Home draws without choosing,
    and the turn ends there; the card is new, so though the collection already shows its three
    SIMbols it completes at the end of the next turn (RULES.md, Assumptions, the Scoring row
    counts a card kept this way as new too)."""
    state = ready(Ana={"home": "Rose Cottage", "aspiration": None,
                       "cards": ["Frying Pan", "Gourmet Kitchen"], "needs": {"Fun": False}})
    state["asp_pile"].remove("Dinner Date")
    state["asp_pile"].insert(0, "Dinner Date")
    order(state, ANA, 'go_home("Fun")', FakeDice())
    mine = seat(state, ANA)
    assert mine["completed"] == [] and points(state, ANA) == 0, "met, but new this turn"
    assert mine["aspiration"] == "Dinner Date" and mine["drawn"] is None
    assert state["turn"]["player"] == BEN, "nothing to choose between: the turn ended"
    set_turn(state, ANA)
    order(state, ANA, 'travel("Park", "Easel")')
    assert mine["completed"] == ["Dinner Date"] and points(state, ANA) == 3


def play_turn(state, player, text):
    outcome = play(state, {player: text})
    assert not outcome.problems, [p.render() for p in outcome.problems]
    return outcome, outcome.state


def test_r13_points_win_at_eight_at_the_end_of_your_own_turn_only():
    """Object of the Game and Scoring: 3 points per Aspiration, 1 per Iconic Sim; the first
    to end their turn with 8 or more wins; you can't win on another player's turn."""
    state = ready(board=["Bob Pancakes"],
                  Ben={"completed": ["Serenader", "Botanist"], "sims": ["Bella Goth"],
                       "home": "Pancake House"},
                  Ana={"sims": ["Johnny Zest"]})
    assert points(state, BEN) == 7
    order(state, ANA, 'travel("Park", "Easel")')
    assert not state["over"] and state["turn"]["player"] == BEN
    arrange(state, Ben={"sims": ["Bella Goth", "Mortimer Goth"]})
    assert points(state, BEN) == 8 and not state["over"], "not on Ana's turn"
    state["refill"] = False
    order(state, BEN, 'travel("Museum", "Love Letter")')
    assert state["over"] and state["winners"] == [BEN]
    assert GAME.result(state).winners == [BEN] and GAME.awaiting(state) == []


def test_r14_the_longer_game_plays_to_ten_points():
    """Object of the Game, NOTE: a longer game to 10 points (setup long, or --points 10)."""
    assert new_state(words=["long"])["target"] == 10
    assert new_state(words=["--points", "10"])["target"] == 10
    assert new_state()["target"] == 8
    with pytest.raises(SetupError):
        GAME.parse_options(["points=0"], None)
    state = ready(["Ana", "Ben"], Ana={"completed": ["Serenader", "Botanist"],
                                        "sims": ["Bella Goth", "Bob Pancakes"]})
    state["target"] = 10
    order(state, ANA, 'travel("Park", "Easel")')
    assert not state["over"]


def test_r15_the_manuals_scoring_example_one_one_three_three_is_eight():
    """Scoring, the manual's diagram: Morgun Ember and Venessa Jeong at home and two scored
    Aspirations: 1+1+3+3 = 8. Victory! (the second Aspiration completes at the end of this
    turn)."""
    state = ready(Ana={"home": "Rose Cottage", "aspiration": "Dinner Date",
                       "cards": ["Frying Pan"], "completed": ["Botanist"],
                       "sims": ["Morgun Ember", "Venessa Jeong"]})
    assert points(state, ANA) == 1 + 1 + 3
    order(state, ANA, 'travel("Cafe", "Love Letter")')
    assert points(state, ANA) == 1 + 1 + 3 + 3 == 8
    assert state["over"] and state["winners"] == [ANA]
    assert "Ana wins" in GAME.result(state).summary


# -- Iconic Sims Move ---------------------------------------------------------------------------


def test_r16_the_manuals_iconic_sims_move_example():
    """Iconic Sims Move, the manual's example: Player 1 takes the Cowplant; everyone passes
    their Iconic Sims left. Bella Goth (heart): neither Player 2 nor 3 shows a heart, so she goes
    all the way round back to Player 1. Rory Oaklow (with Player 2): Player 3 lacks his SIMbol,
    Player 1 has it on the new Cowplant, so Player 1 keeps him. Bob Pancakes (with Player 1):
    Player 2 shows no pan, Player 3 does and keeps him."""
    state = ready(hub=["Cowplant", *HUB[1:]],
                  Ana={"home": "Rose Cottage", "sims": ["Bella Goth", "Bob Pancakes"]},
                  Ben={"home": "Tech Den", "sims": ["Rory Oaklow"], "cards": ["Violin"]},
                  Cleo={"home": "Pancake House", "cards": ["Laptop"]})
    assert "leaf" not in str(seat(state, ANA)["cards"])
    order(state, ANA, 'travel("Park", "Cowplant")')
    assert seat(state, ANA)["sims"] == ["Bella Goth", "Rory Oaklow"]
    assert seat(state, BEN)["sims"] == []
    assert seat(state, CLEO)["sims"] == ["Bob Pancakes"]
    assert any("Bella Goth came back to Ana" in e for e in state["log"])


def test_r17_specials_stay_and_everyone_passes_at_once():
    """Iconic Sims Move: EVERY player passes ALL their Iconic Sims at once; a Sim stops at the
    first player to the left who shows its interest (Don Lothario and the Grim Reaper, who are
    not Iconic Sims cards, stay where they are)."""
    state = ready(hub=["Cowplant", *HUB[1:]],
                  Ana={"home": "Rose Cottage", "specials": ["Don Lothario"]},
                  Ben={"home": "Pancake House", "sims": ["Bella Goth", "Malcolm Landgraab"]},
                  Cleo={"home": "Jazz Loft", "sims": ["Bob Pancakes"]})
    order(state, ANA, 'travel("Park", "Cowplant")')
    assert seat(state, ANA)["sims"] == ["Bella Goth"]
    assert seat(state, BEN)["sims"] == ["Malcolm Landgraab", "Bob Pancakes"], \
        "nobody shows a gamepad, Ben neither: Malcolm Landgraab comes back to him"
    assert seat(state, ANA)["specials"] == ["Don Lothario"] and points(state, ANA) == 2



def test_r17b_iconic_sims_move_passes_to_the_left():
    """Iconic Sims Move: the Sims are passed around the table to the left (the seat after
    yours in turn order): of two players who both show a Sim's interest, the one on the left
    keeps it."""
    state = ready(hub=["Cowplant", "Easel", "Guitar", "Watering Can", "Laptop", "Violin"],
                  Ana={"home": "Jazz Loft", "sims": ["Bella Goth"]},
                  Ben={"cards": ["Love Letter"]}, Cleo={"cards": ["Candlelit Dinner"]})
    order(state, ANA, 'travel("Park", "Cowplant")')
    assert seat(state, BEN)["sims"] == ["Bella Goth"], "Ben sits to Ana's left"
    assert seat(state, CLEO)["sims"] == []


# -- special actions, 2-5 players (reconstructed effects) ---------------------------------------


def test_r18_swap_cards_swaps_one_of_yours_for_one_of_another_players():
    """Travel 1B (SWAP CARDS, the multiplayer form implied by the single-player text): give one
    Action card for one of another player's; the card you get raises no Need, does no action,
    and counts for befriending this turn."""
    state = ready(hub=["Yard Sale", "Easel", *HUB[2:]], board=["Johnny Zest"],
                  Ana={"cards": ["Chess Set"]}, Ben={"cards": ["Motion Game Console"]})
    order(state, ANA, 'travel("Park", "Yard Sale")')
    assert state["turn"]["step"] == "swap"
    reject(state, ANA, 'swap("Chess Set", "Motion Game Console")', "E-WHO")
    reject(state, ANA, 'swap("Chess Set", "Easel", "Ben")', "E-NOT-THERE")
    assert 'swap("Chess Set", "Motion Game Console", "Ben")' in legal(state, ANA)
    order(state, ANA, 'swap("Chess Set", "Motion Game Console", "Ben")')
    assert sorted(seat(state, ANA)["cards"]) == ["Motion Game Console", "Yard Sale"]
    assert seat(state, BEN)["cards"] == ["Chess Set"]
    assert seat(state, ANA)["sims"] == ["Johnny Zest"], "the console shows his gamepad"
    assert seat(state, ANA)["needs"]["Energy"] is False, \
        "the Park emptied Energy; the Motion Game Console, got by the swap, raised nothing"


def test_r19_don_lothario_charms_a_sim_away_or_moves_in():
    """Don Lothario Makes a Move (multiplayer effect reconstructed from the single-player
    text, "each Iconic Sim in play"): roll for each Iconic Sim on the board, then in the other
    homes from the left, then in yours; the first Good sends that Sim and Don to the box; with
    none, Don moves in with you (1 point)."""
    state = ready(hub=["Don Lothario", *HUB[1:]], Ben={"sims": ["Bella Goth"]},
                  Cleo={"sims": ["Bob Pancakes", "Johnny Zest"]})
    assert GAME.ends_file(state, ANA, parse('travel("Cafe", "Don Lothario")'))
    order(state, ANA, 'travel("Cafe", "Don Lothario")', FakeDice("awkward", "hand", "good"))
    assert seat(state, CLEO)["sims"] == ["Bob Pancakes"]
    assert state["box"] == {"cards": ["Don Lothario"], "sims": ["Johnny Zest"]}
    state = ready(hub=["Don Lothario", *HUB[1:]], board=["Rory Oaklow"],
                  Ana={"sims": ["Travis Scott"]}, Ben={"sims": ["Bella Goth"]})
    assert GAME.ends_file(state, ANA, parse('travel("Cafe", "Don Lothario")'))
    order(state, ANA, 'travel("Cafe", "Don Lothario")', FakeDice("awkward", "awkward", "good"))
    assert state["box"]["sims"] == ["Travis Scott"], "the board, Ben, then Ana's own"
    assert state["board"] == ["Rory Oaklow"] and seat(state, BEN)["sims"] == ["Bella Goth"]
    state = ready(hub=["Don Lothario", *HUB[1:]], board=["Rory Oaklow"])
    order(state, ANA, 'travel("Cafe", "Don Lothario")', FakeDice("good"))
    assert state["box"]["sims"] == ["Rory Oaklow"] and state["board"] == []
    state = ready(hub=["Don Lothario", *HUB[1:]])
    assert not GAME.ends_file(state, ANA, parse('travel("Cafe", "Don Lothario")'))
    order(state, ANA, 'travel("Cafe", "Don Lothario")')
    assert seat(state, ANA)["specials"] == ["Don Lothario"] and points(state, ANA) == 1


def test_r20_grim_reaper_takes_the_board_sims_or_yours():
    """Grim Reaper Visits (reconstructed): the Iconic Sims waiting on the board go to the box
    with the Reaper; with none on the board, your own Sims go and the Reaper stays (1 point)."""
    state = ready(hub=["Grim Reaper", *HUB[1:]], board=["Morgun Ember", "Bella Goth"])
    order(state, ANA, 'travel("Cafe", "Grim Reaper")')
    assert state["box"] == {"cards": ["Grim Reaper"], "sims": ["Morgun Ember", "Bella Goth"]}
    assert seat(state, ANA)["sims"] == [], "they left before Befriend"
    state = ready(hub=["Grim Reaper", *HUB[1:]], Ana={"sims": ["Bob Pancakes"]})
    order(state, ANA, 'travel("Cafe", "Grim Reaper")')
    assert seat(state, ANA)["sims"] == [] and seat(state, ANA)["specials"] == ["Grim Reaper"]
    assert state["box"]["sims"] == ["Bob Pancakes"] and points(state, ANA) == 1


def test_r21_mrs_crumplebottom_makes_the_others_discard_at_random():
    """Watch Out! It's Mrs. Crumplebottom! (reconstructed): every other player discards one
    random Action card; then she is discarded."""
    state = ready(hub=["Mrs. Crumplebottom", *HUB[1:]], Ben={"cards": ["Violin", "Laptop"]})
    order(state, ANA, 'travel("Park", "Mrs. Crumplebottom")', FakeDice(picks=[2]))
    assert seat(state, BEN)["cards"] == ["Violin"]
    assert state["discard"] == ["Laptop", "Mrs. Crumplebottom"] and seat(state, ANA)["cards"] == []


@pytest.mark.parametrize("count", [3, 4, 5])
def test_r21b_mrs_crumplebottom_makes_every_other_player_discard_at_three_to_five(count):
    """Watch Out! It's Mrs. Crumplebottom! (reconstructed: RULES.md, Assumptions, her row):
    the discard hits all the other players, not just the next one. At 3, 4 and 5 players each
    other player who holds a card loses exactly one, in turn from the taker's left; a player
    with none (from 4 players, the third seat) is passed over and the rest still discard; the
    taker keeps the collection they had, and she ends on the discard pile. r21 has a single
    victim, so it cannot tell "every other player" from "the next player"."""
    players = ["Ana", "Ben", "Cleo", "Dan", "Eve"][:count]
    hands = {"Ben": ["Violin", "Laptop"], "Cleo": ["Drum Kit", "Toaster"],
             "Dan": ["Bookshelf", "Hammock"], "Eve": ["Drone", "Sketchbook"]}
    if count >= 4:
        hands["Cleo"] = []
    seats_ = {p: {"cards": hands[p]} for p in players[1:]}
    state = ready(players, hub=["Mrs. Crumplebottom", *HUB[1:]], Ana={"cards": ["Chess Set"]},
                  **seats_)
    losers = [p for p in players[1:] if hands[p]]
    order(state, ANA, 'travel("Park", "Mrs. Crumplebottom")',
          FakeDice(picks=[2] * len(losers)))
    assert seat(state, ANA)["cards"] == ["Chess Set"]
    for player in players[1:]:
        assert seat(state, player)["cards"] == hands[player][:1], player
    assert state["discard"] == [hands[p][1] for p in losers] + ["Mrs. Crumplebottom"]


def test_r22_the_game_ends_when_no_action_card_can_be_taken():
    """(Assumption) When the Action pile is empty and no Card Hub card shows a SIMbol of any
    Venue, the game ends at the next refill and the most points win."""
    state = ready(["Ana", "Ben"], Ana={"sims": ["Bella Goth"]})
    state["discard"] += state["pile"]
    state["pile"] = []
    hub = list(state["hub"])
    state["discard"] += [c for c in hub[1:] if c]
    state["hub"] = [hub[0], None, None, None, None, None]
    order(state, ANA, f'travel("Park", "{hub[0]}")')
    GAME.end_tick(state, Dice(1, 1))
    assert state["over"] and GAME.result(state).winners == [ANA]


def test_r23_setup_options_sides_and_players():
    """Setup 2 (use whichever Venue sides you like): sides=ABBAAB picks each card's side;
    2 to 5 players, or 1 for the single-player manual."""
    state = new_state(words=["sides=BBBBBB"])
    names = [v["name"] for v in __import__("lifegames.the_sims.checks",
                                           fromlist=["board"]).board(state)]
    assert names[:2] == ["Beach", "Arcade"]
    with pytest.raises(SetupError):
        GAME.parse_options(["sides=ABC"], None)
    with pytest.raises(SetupError):
        GAME.parse_options(["fast"], None)
    with pytest.raises(SetupError):
        GAME.setup(["A", "B"], GAME.parse_options(["aspirations=1,2,3"], None), Dice(1, 0))
    assert len(homes()) == 18 and len(aspirations()) == 27


def test_r24_the_win_waits_for_the_end_of_your_own_turn_and_needs_the_target_exactly_reached():
    """Object of the Game (the first to END their turn with 8 points; NOTE: 10 in the longer
    game) and Scoring (check for 8 or more last; you can't win on another player's turn):
    reaching 8 in the middle of a turn is no win yet, the end of that turn is; a turn ended
    with 7 (9 of 10) is no win; a player holding 9 while someone else ends a turn does not
    win then, only at the end of their own turn."""
    mid = ready(board=["Bella Goth"], Ana={"completed": ["Serenader", "Botanist"],
                                          "sims": ["Johnny Zest"]}, Ben={"at": "Museum"})
    assert points(mid, ANA) == 7
    order(mid, ANA, 'travel("Museum", "Love Letter")')
    assert points(mid, ANA) == 8 and mid["turn"]["step"] == "interact"
    assert not mid["over"] and mid["winners"] == [], "8 points mid-turn: not yet"
    order(mid, ANA, "interact", FakeDice("awkward", "awkward"))
    assert mid["over"] and mid["winners"] == [ANA]
    for target, total in ((8, 7), (10, 9)):
        sims = ["Johnny Zest", "Mortimer Goth", "Bob Pancakes"][:total - 6]
        short = ready(Ana={"completed": ["Serenader", "Botanist"], "sims": sims})
        short["target"] = target
        assert points(short, ANA) == total
        order(short, ANA, 'travel("Park", "Easel")')
        assert not short["over"] and short["turn"]["player"] == BEN, (target, total)
        reached = ready(Ana={"completed": ["Serenader", "Botanist"], "sims": sims},
                        board=["Bella Goth"])
        reached["target"] = target
        order(reached, ANA, 'travel("Museum", "Love Letter")')
        assert reached["over"] and reached["winners"] == [ANA], (target, total + 1)
    other = ready(Ben={"completed": ["Serenader", "Botanist"],
                       "sims": ["Johnny Zest", "Mortimer Goth", "Bob Pancakes"]})
    assert points(other, BEN) == 9
    order(other, ANA, 'travel("Park", "Easel")')
    assert not other["over"] and other["winners"] == [] and other["turn"]["player"] == BEN
    other["refill"] = False
    order(other, BEN, 'travel("Museum", "Love Letter")')
    assert other["over"] and other["winners"] == [BEN]
