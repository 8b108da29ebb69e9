"""Hidden information in The Sims Board Game: the draw piles (Action cards, Iconic Sims,
Aspirations, Home cards), the face-down Aspiration discards, and the cards a player drew and
has not shown (the Homes and Aspirations offered at move-in, the Aspiration drawn at Go Home)
never reach another player: not by sheets, JSON views, legal orders, prompts, `check`, nor by
`knowledge()` (RULES.md, "Hidden information")."""

from __future__ import annotations

import json
import random

from lifegames.engine.core.bots import choose_orders
from lifegames.engine.core.contract import OrderError, clone
from lifegames.engine.core.dice import Dice
from lifegames.engine.core.orders import parse_text
from lifegames.engine.core.turn import play_tick
from lifegames.the_sims import GAME
from lifegames.the_sims.data import HIDDEN

from .helpers import (
    ANA,
    BEN,
    FakeDice,
    arrange,
    check_file,
    check_invariants,
    moved_in,
    new_state,
)
from .helpers import parse_one as parse

PILES = ("pile", "sims_pile", "asp_pile", "asp_discard", "asp_box", "home_pile")
SEED = 41


def secrets_of(state, player):
    """The names `player` drew and has not shown."""
    mine = state["seats"][player]
    out = set(mine["offers"]["homes"]) | set(mine["offers"]["aspirations"])
    if mine["drawn"]:
        out.add(mine["drawn"])
    return out


def seen(state, player):
    """Everything `player` is shown, as text."""
    parts = list(GAME.views(state, player).values())
    parts.append(GAME.order_template(state, player))
    parts.append(json.dumps(GAME.player_state(state, player), sort_keys=True))
    parts.append(json.dumps(GAME.public_state(state), sort_keys=True))
    parts.append("\n".join(GAME.status_lines(state)))
    parts.append(repr(GAME.prompt(state, player)))
    parts.append("\n".join(GAME.legal_orders(state, player)))
    return "\n".join(parts)


def twin(state, rng):
    """The same state with every hidden pile in another order."""
    other = clone(state)
    for key in PILES:
        if len(set(other[key])) > 1:
            while other[key] == state[key]:
                rng.shuffle(other[key])
    return other


def checked(state, player, text, seed):
    parsed = parse_text("the_sims", text, f"{player}_orders.txt")
    result = check_file(state, player, parsed, seed)
    return [p.render() for p in result.problems] + result.effects


def bot_game(players, strategy, seed, probe):
    state = new_state(players, seed=seed)
    rng = random.Random(seed)
    ticks = 0
    while not GAME.is_over(state) and ticks < 400:
        files = {}
        for player in GAME.awaiting(state):
            files[player] = "\n".join(choose_orders(GAME, state, player, strategy, rng))
        probe(state, files, rng)
        outcome = play_tick(GAME, state, {p: parse_text("the_sims", t, p)
                                          for p, t in files.items()}, seed)
        assert not outcome.problems, [p.render() for p in outcome.problems]
        state = outcome.state
        ticks += 1
    return state, ticks


def test_h01_nothing_a_player_sees_names_another_players_undisclosed_cards():
    """Property, whole bot games: no view of one player (sheet, template, JSON, prompt, legal
    orders) and no knowledge() copy names a card another player drew and has not shown."""
    counted = []

    def probe(state, files, rng):
        for player in state["players"]:
            text = seen(state, player)
            known = json.dumps(GAME.knowledge(state, player), sort_keys=True)
            for other in state["players"]:
                if other == player:
                    continue
                for name in secrets_of(state, other):
                    assert name not in text, (player, other, name)
                    assert name not in known, (player, other, name)
                    counted.append(name)

    for players, seed in ((["Ana", "Ben", "Cleo"], SEED), (["Ana", "Ben"], SEED + 1)):
        bot_game(players, "random", seed, probe)
    assert len(counted) > 20


def test_h02_nothing_a_player_sees_depends_on_the_order_of_a_hidden_pile():
    """Property, whole bot games (3 players and alone): every view, and what `check` prints
    for the bot's own file, is the same when every face-down pile is in another order; and
    `check` prints the same for any dice seed."""
    compared = []

    def probe(state, files, rng):
        other = twin(state, rng)
        for player in state["players"]:
            assert seen(state, player) == seen(other, player), player
        for player, text in files.items():
            real = checked(state, player, text, SEED)
            assert real == checked(other, player, text, SEED)
            assert real == checked(state, player, text, SEED + 99)
        compared.append(1)

    bot_game(["Ana", "Ben", "Cleo"], "random", SEED + 2, probe)
    bot_game(["Ana"], "random", SEED + 3, probe)
    assert len(compared) > 15


def test_h03_knowledge_replaces_every_hidden_card_and_keeps_the_players_own():
    """knowledge(): draw piles and face-down discards become '?' lists of the right length;
    other players' offers, drawn cards, notes and standing orders are hidden; the player's
    own stay."""
    state = new_state()
    state["standing"] = {ANA: ['raise("Fun")'], BEN: ['lower("Fun")']}
    known = GAME.knowledge(state, ANA)
    for key in PILES:
        assert known[key] == [HIDDEN] * len(state[key])
    assert known["seats"][ANA]["offers"] == state["seats"][ANA]["offers"]
    assert known["seats"][BEN]["offers"]["homes"] == [HIDDEN, HIDDEN]
    assert known["standing"] == {ANA: ['raise("Fun")']}
    assert known["hub"] == state["hub"] and known["board"] == state["board"]


def test_h04_act_runs_a_players_own_orders_on_their_knowledge():
    """A player's orders run on knowledge(state, player) as on the state; an order whose
    outcome depends on a secret (keeping the Aspiration not yet drawn) is E-HIDDEN."""
    state = arrange(moved_in(), hub=["Easel", "Guitar", "Love Letter", "Candlelit Dinner",
                                     "Watering Can", "Laptop"], board=[])
    for text in GAME.legal_orders(state, ANA):
        if GAME.ends_file(state, ANA, parse(text)):
            continue
        real, known = clone(state), GAME.knowledge(state, ANA)
        assert GAME.act(real, ANA, parse(text), Dice(1, 1)) == \
            GAME.act(known, ANA, parse(text), Dice(1, 1)), text
    known = GAME.knowledge(state, ANA)
    GAME.act(known, ANA, parse("go_home"), FakeDice())
    assert known["seats"][ANA]["drawn"] == HIDDEN
    held = known["seats"][ANA]["aspiration"]
    try:
        GAME.act(known, ANA, parse('keep("Serenader")' if held != "Serenader"
                                   else 'keep("Botanist")'), Dice(1, 1))
    except OrderError as error:
        assert error.code == "E-HIDDEN" and held in error.hint
    else:
        raise AssertionError("keeping an unseen card ran")
    GAME.act(known, ANA, parse(f'keep("{held}")'), Dice(1, 1))
    check_invariants(state)


def test_h05_solo_knowledge_hides_the_sims_pile_and_runs_interactions():
    """Alone: the Iconic Sims pile is hidden; an interaction that draws from it runs on the
    player's knowledge without naming the Sim drawn."""
    state = new_state(["Ana"])
    known = GAME.knowledge(state, ANA)
    assert set(known["sims_pile"]) == {HIDDEN} and set(known["pile"]) == {HIDDEN}
    GAME.act(known, ANA, parse('move_in("Jazz Loft")'), Dice(1, 1))
    for text in GAME.legal_orders(known, ANA):
        trial = clone(known)
        try:
            GAME.act(trial, ANA, parse(text), Dice(2, 1))
            if trial["turn"]["step"] == "interact":
                GAME.act(trial, ANA, parse("interact"), Dice(2, 1))
        except OrderError as error:
            assert error.code.startswith("E-")


def test_h06_an_aspiration_drawn_at_go_home_and_put_back_is_named_to_nobody_else():
    """Go Home (draw one Aspiration, then discard one face down) with RULES.md "Hidden
    information": the card Ana draws is hers alone while she chooses, and once she keeps her
    own and puts the new one back face down no line another player sees names it: not a
    public log line, not a sheet, not the JSON views, not knowledge()."""
    from .helpers import play

    state = moved_in(["Ana", "Ben"])
    arrange(state, Ana={"needs": {"Hunger": False, "Fun": False}, "at": "Park",
                        "aspiration": "Dinner Date"})
    top = state["asp_pile"][0]
    assert top != "Dinner Date"
    outcome = play(state, {ANA: 'go_home("Fun", "Hunger")'})
    assert not outcome.problems and outcome.state["seats"][ANA]["drawn"] == top
    for text in (seen(outcome.state, BEN), json.dumps(GAME.knowledge(outcome.state, BEN))):
        assert top not in text
    after = play(outcome.state, {ANA: 'keep("Dinner Date")'})
    assert not after.problems and top in after.state["asp_discard"]
    assert any("keeps the Aspiration Dinner Date" in line for line in after.state["recent"])
    for text in (seen(after.state, BEN), json.dumps(GAME.knowledge(after.state, BEN)),
                 "\n".join(after.state["recent"]), "\n".join(after.events)):
        assert top not in text
