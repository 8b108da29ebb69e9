"""Play quality of The Sims Board Game, numbered q01-: check's warnings and the
last sheet. Each docstring names what a player sees (and the rule it rests on)."""

from __future__ import annotations

from lifegames.cli import report_lines
from lifegames.engine.core import turn
from lifegames.the_sims import GAME

from .helpers import ANA, arrange, new_state, order, parse_file, play
from .test_rules import HUB, ready


def warned(state, player: str, text: str) -> list[str]:
    """The codes `check` shows for a file: its W- warnings, then any E- problem."""
    result = turn.check_file(GAME, state, player, parse_file(text))
    return [w.code for w in result.plan.warnings] + [p.code for p in result.problems]


def test_q01_the_grim_reaper_taking_your_own_sims_is_warned():
    """Point 7, Grim Reaper Visits (reconstructed) -- with nobody waiting on the board, your
    own Sims go: two Sims for the Reaper's one point is a certain loss; one for one is not."""
    state = ready(hub=["Grim Reaper", *HUB[1:]], Ana={"sims": ["Bob Pancakes", "Bella Goth"]})
    assert warned(state, ANA, 'travel("Cafe", "Grim Reaper")') == ["W-POINTS-LOST"]
    result = turn.check_file(GAME, state, ANA, parse_file('travel("Cafe", "Grim Reaper")'))
    shown = "\n".join(report_lines(result))
    assert "costs you 1 point for certain (2 -> 1)" in shown
    assert "Bob Pancakes and Bella Goth leave your home" in shown
    assert 'another card avoids it: travel("' in shown
    assert warned(state, ANA, 'travel("Cafe", "Candlelit Dinner")') == []
    state = ready(hub=["Grim Reaper", *HUB[1:]], board=["Morgun Ember"],
                  Ana={"sims": ["Bob Pancakes", "Bella Goth"]})
    assert warned(state, ANA, 'travel("Cafe", "Grim Reaper")') == [], "the board's Sims go"
    state = ready(hub=["Grim Reaper", *HUB[1:]], Ana={"sims": ["Bob Pancakes"]})
    assert warned(state, ANA, 'travel("Cafe", "Grim Reaper")') == []


def test_q02_an_iconic_sims_move_that_passes_your_sims_on_is_warned():
    """Point 7, Iconic Sims Move -- your Sims are passed left and stop at the first player
    who shows their interest: Ben's Rose Cottage shows Bella Goth's heart, so she leaves; when
    nobody else shows it she comes back, and nothing is lost."""
    state = ready(hub=["Cowplant", *HUB[1:]], Ana={"home": "Pancake House",
                                                   "sims": ["Bella Goth"]},
                  Ben={"home": "Rose Cottage"})
    assert warned(state, ANA, 'travel("Park", "Cowplant")') == ["W-POINTS-LOST"]
    state = ready(hub=["Cowplant", *HUB[1:]], Ana={"home": "Rose Cottage",
                                                   "sims": ["Bella Goth"]},
                  Ben={"home": "Tech Den", "cards": ["Violin"]},
                  Cleo={"home": "Pancake House", "cards": ["Laptop"]})
    assert warned(state, ANA, 'travel("Park", "Cowplant")') == [], "nobody else shows a heart"


def test_q03_a_warned_order_still_plays():
    """Point 7 -- warnings never block a tick."""
    state = ready(hub=["Grim Reaper", *HUB[1:]], Ana={"sims": ["Bob Pancakes", "Bella Goth"]})
    state["tick"] = 1
    out = play(state, {ANA: 'travel("Cafe", "Grim Reaper")'})
    assert not out.problems and out.executed[ANA] == ['travel("Cafe", "Grim Reaper")']
    assert out.state["seats"][ANA]["sims"] == []


def test_q04_alone_ending_a_turn_that_could_complete_an_aspiration_is_warned():
    """Point 7, Single Player Scoring -- end_turn declines an Aspiration the collection
    completes now; complete(...) is not warned."""
    state = new_state([ANA], ["aspirations=Dinner Date,Serenader,Botanist"])
    order(state, ANA, 'move_in("Rose Cottage")')
    arrange(state, hub=HUB, board=[], Ana={"cards": ["Frying Pan", "Violin"],
                                           "needs": {"Fun": False}})
    file = 'travel("Cafe", "Love Letter")\n'
    assert warned(state, ANA, file + "end_turn") == ["W-COMPLETE-SKIPPED"]
    assert warned(state, ANA, file + 'complete("Dinner Date", "Frying Pan", "Love Letter")') \
        == []


# -- the last sheet ---------------------------------------------------------------------


def test_q05_the_last_sheet_leads_with_the_result_and_drops_what_no_longer_applies():
    """Point 8, Scoring (the manual's 1+1+3+3 = 8 example) -- GAME OVER first: who won and
    how, then the reader's own result; no turn, standing orders, orders or 'more needed'."""
    from lifegames.the_sims.views import sheet

    state = ready(Ana={"home": "Rose Cottage", "aspiration": "Dinner Date",
                       "cards": ["Frying Pan"], "completed": ["Botanist"],
                       "sims": ["Morgun Ember", "Venessa Jeong"]},
                  Ben={"sims": ["Bella Goth"]})
    order(state, ANA, 'travel("Cafe", "Love Letter")')
    assert state["over"]
    ana, ben = (sheet(GAME, GAME.knowledge(state, p), p) for p in (ANA, "Ben"))
    head = ben.split("\n\n")[1]
    assert head.startswith("GAME OVER\n---------\nAna wins, ending a turn with 8 points; final "
                           "points: Ana 8, Ben 1, Cleo 0.\n"), head
    assert "You finished with 1 point (0 Aspirations completed, 1 Sim at home)." in head
    assert "You win with 8 points (2 Aspirations completed, 2 Sims at home)." in ana
    for gone in ("TURN\n", "STANDING ORDERS", "YOUR ORDERS", "RESULT", "more needed",
                 "Legal orders"):
        assert gone not in ben and gone not in ana, gone
    template = GAME.order_template(state, "Ben")
    assert "no more orders are read" in template and "Ana wins" in template
    assert "legal" not in template


def test_q06_alone_the_last_sheet_says_why_the_game_was_lost():
    """Point 8, Single Player Object of the Game -- a loss (the Needs ran out) is the first
    thing on the last sheet, with both goals' counts."""
    from lifegames.engine.core.dice import Dice
    from lifegames.the_sims.views import sheet

    from .test_solo import solo

    state = solo(cards=["Violin", "Laptop"], needs={n: False for n in
                                                   ("Hunger", "Energy", "Bladder", "Hygiene",
                                                    "Social")})
    order(state, ANA, 'travel("Library", "Watering Can")')
    GAME.end_tick(state, Dice(5, 1))
    head = sheet(GAME, GAME.knowledge(state, ANA), ANA).split("\n\n")[1]
    assert head.startswith("GAME OVER\n---------\nAna loses (no Venue's Need is FULL: the "
                           "Needs ran out; no set of three identical SIMbols to Go Home "
                           "with): 0 of 3 Aspirations, 0 of 3 Sims at home.\nThe game ended "
                           "after 1 turn."), head



def test_q06b_the_board_after_the_end_shows_what_each_player_completed():
    """Scoring -- the game ends before a new Aspiration is drawn: the last board picture
    names the Aspirations each player completed (and the one still held), not 'none'."""
    state = ready(Ana={"home": "Rose Cottage", "aspiration": "Dinner Date",
                       "cards": ["Frying Pan"], "completed": ["Botanist"],
                       "sims": ["Morgun Ember", "Venessa Jeong"]},
                  Ben={"sims": ["Bella Goth"]})
    order(state, ANA, 'travel("Cafe", "Love Letter")')
    assert state["over"] and state["seats"][ANA]["aspiration"] is None
    svg = GAME.board(GAME.knowledge(state, "Ben"), "Ben") or ""
    assert "Aspiration: none" not in svg
    assert "Aspiration at the end: none; completed: Botanist, Dinner Date" in svg
    ben = state["seats"]["Ben"]["aspiration"]
    assert f"Aspiration at the end: {ben}; completed: none" in svg


def test_q06c_three_simbols_in_any_mix_is_said_on_the_sheet_and_in_the_reference():
    """Object of the Game / Scoring (our reading, aspirations.yaml) -- three SIMbols of an
    Aspiration's two kinds complete it however they mix: the sheet and `orders the-sims` say
    so, and a mix of both kinds does meet it."""
    from lifegames.engine.text.reference import render as reference
    from lifegames.the_sims.model import met
    from lifegames.the_sims.views import sheet

    from .test_solo import solo

    state = ready(Ana={"home": "Rose Cottage", "aspiration": "Dinner Date",
                       "cards": ["Frying Pan", "Love Letter"]})
    assert met(state, ANA, "Dinner Date"), "a heart, a pan and the Home's heart"
    rule = "An Aspiration takes 3 SIMbols of its two kinds, in any mix; your Home card's counts."
    assert rule in sheet(GAME, GAME.knowledge(state, ANA), ANA)
    assert rule in sheet(GAME, GAME.knowledge(solo(), ANA), ANA)
    assert "three of one kind, or two and one" in " ".join(reference(GAME).split())


# -- messages ------------------------------------------------------------------------


def test_q07_an_order_after_the_turn_ended_says_whose_turn_comes_and_why():
    """Point 4, On Your Turn -- a travel with nobody else at the Venue ends the turn; an
    interact after it is told so (not 'it is Ben's turn'); the next player's orders in the same
    tick wait for the refill."""
    from .helpers import reject

    state = ready()
    order(state, ANA, 'travel("Park", "Easel")')
    error = reject(state, ANA, 'interact("Ben")', "E-TURN-OVER")
    assert "the next turn (Ben's) begins when this tick ends" in error.message
    assert "nobody else stood at your Venue" in error.hint
    error = reject(state, "Ben", 'travel("Cafe", "Love Letter")', "E-TURN-NOT-YET")
    assert "Ana's turn ended in it" in error.message
    error = reject(state, ANA, 'go_home("Hunger")', "E-TURN-OVER")
    assert "keep it for your next turn's file" in error.hint


def test_q08_words_are_in_the_right_number():
    """Point 4 -- '1 point', '2 cards': no '(s)' left in what the sheets and logs say."""
    from lifegames.the_sims.views import sheet

    state = ready(Ben={"at": "Museum"})
    order(state, ANA, 'travel("Park", "Easel")')
    text = "".join(sheet(GAME, GAME.knowledge(state, p), p) for p in (ANA, "Ben"))
    assert "(s)" not in text and "Ana ends the turn with 0 points; Ben is next" in text


def test_q09_the_single_players_orders_are_named_as_such_with_more_players():
    """Point 4, Single Player Mode -- complete, end_turn and invite are the single player's
    orders: with 2-5 players the error says so and what happens instead, not 'not possible
    now'."""
    from .helpers import reject

    state = ready()
    for text, instead in (('complete("Botanist")', "completes by itself"),
                          ("end_turn", "the turn ends by itself"),
                          ('invite("Bella Goth")', "passes every Iconic Sim")):
        error = reject(state, ANA, text, "E-SOLO-ONLY")
        assert instead in error.hint, text


def test_q10_recent_events_read_in_tick_order_with_your_own_notes_in_place():
    """RECENT EVENTS is one list in the order things happened: the
    Aspiration you drew at Go Home (a note only you see) sits right after the public line that
    says you drew one, not after events of later ticks; the other players' sheets show only
    the public line."""
    from lifegames.the_sims.views import sheet

    state = ready(Ana={"needs": {"Hunger": False, "Fun": False, "Social": False},
                       "at": "Park", "aspiration": "Dinner Date"})
    top = state["asp_pile"][0]
    for files in ({ANA: 'go_home("Fun", "Hunger")'}, {ANA: f'keep("{top}")'},
                  {"Ben": "go_home()"}):
        outcome = play(state, files)
        assert not outcome.problems, [p.render() for p in outcome.problems]
        state = outcome.state

    def events(player: str) -> list[str]:
        text = sheet(GAME, GAME.knowledge(state, player), player)
        block = text.split("RECENT EVENTS\n-------------\n")[1].split("\n\n")[0]
        return block.splitlines()

    mine = events(ANA)
    ticks = [int(line.split()[2].rstrip(":")) for line in mine]
    assert ticks == sorted(ticks) and ticks[-1] == 3, mine
    drew = mine.index("- tick 1: Ana drew a second Aspiration and will keep one of the two")
    assert mine[drew + 1] == f"- tick 1: you drew the Aspiration {top} (only you see this)"
    assert "Only for you" not in "\n".join(mine)
    theirs = events("Ben")  # Ben's own draw at his Go Home is his note
    assert not any(top in line and "only you" in line for line in theirs)
    public = [[line for line in lines if "only you" not in line] for lines in (mine, theirs)]
    assert public[0] == public[1]


def test_q11_a_refused_order_does_not_refuse_the_good_line_after_it():
    """Point 6, Go Home -- `keep` belongs after a Go Home: when the go_home is refused (its
    Need is FULL), the keep below it is checked for form only, not refused as out of turn;
    written alone, the keep is refused as out of turn."""
    state = ready()
    assert warned(state, ANA, 'go_home("Hunger")\nkeep("Park Ranger")') == ["E-NEED-FULL"]
    assert warned(state, ANA, 'keep("Park Ranger")') == ["E-WRONG-MOMENT"]
    assert warned(state, ANA, 'go_home("Hunger")\nkeep("Park Rangers")') == [
        "E-NEED-FULL", "E-UNKNOWN-ASPIRATION"]
