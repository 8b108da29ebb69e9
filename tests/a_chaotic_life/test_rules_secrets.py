"""Numbered rule tests, part 6: what a hidden card leaves for the others to read (the A Chaotic
Life! rulebook, "The Item Pouch & Discard Pile": cards are held face down; "Actions!, Swap
what's Unusable": removed from the game face down; "Cards - And How to Play Them!, Interact
Cards": a steal). Each test plays the same order twice, the hidden cards it moves changed
between the two, and shows that the log's public lines and every sheet and view of a player
who may not see those cards come out the same; the players who saw them read the cards
named. The generic secrecy suite (tests/secrecy/) re-deals secrets at random; these name the
cards that change, so a hidden card put in a public line fails here, in this game's own tests.
"""

from __future__ import annotations

import json
from typing import Any

from lifegames.a_chaotic_life import GAME

from .helpers import ANA, BEN, CLEO, FakeDice, arrange, new_state, order, stand

State = dict[str, Any]


def seen(state: State, viewer: str) -> dict[str, str]:
    """Everything `viewer` is shown: the public text of every log line, the sheets, the
    order template, the state as they know it, status and prompt."""
    out = {f"sheet {k}": v for k, v in GAME.views(state, viewer).items()}
    out["log"] = "\n".join(e["text"] for e in state["log"])
    out["template"] = GAME.order_template(state, viewer)
    out["player_state"] = json.dumps(GAME.player_state(state, viewer), sort_keys=True)
    out["status"] = "\n".join(GAME.status_lines(state))
    out["prompt"] = repr(GAME.prompt(state, viewer))
    return out


def private(state: State, viewer: str) -> str:
    return "\n".join(e["private"].get(viewer, "") for e in state["log"])


def test_r60_the_cards_a_swap_removes_face_down_are_named_to_the_swapper_alone():
    """Swap what's Unusable: the two cards are removed from the game face down. Ana swaps
    Bandage and Camera in one game, Passport and Retirement in its twin: Ben and Cleo read
    the same log and see the same sheets; only Ana's own lines name the cards."""
    twins = []
    for swapped in (["Bandage", "Camera"], ["Passport", "Retirement"]):
        state = arrange(new_state(), hands={ANA: [*swapped, "Neighbor"]}, player=ANA)
        order(state, ANA, f'swap("{swapped[0]}", "{swapped[1]}", happiness)')
        assert all(name in private(state, ANA) for name in swapped)
        twins.append(state)
    for viewer in (BEN, CLEO):
        assert seen(twins[0], viewer) == seen(twins[1], viewer), viewer
        assert not any(n in str(seen(twins[0], viewer)) for n in ("Bandage", "Camera"))
    assert seen(twins[0], ANA) != seen(twins[1], ANA), "the swapper sees what they removed"


def test_r61_a_stolen_card_is_named_to_thief_and_victim_alone():
    """Interact Cards (Pickpocket takes a card at random from a hand, Burglar from an Item
    Pouch): the thief and the victim learn the card, the others only that a card went.
    Ben holds Lock in one game and Camera in its twin, the same steal takes it: Cleo's view
    is the same in both; Ana and Ben read the card's name."""
    for steal, zone in (("Pickpocket", "hands"), ("Burglar", "pouches")):
        twins = []
        for held in ("Lock", "Camera"):
            if zone == "hands":  # the Pickpocket takes the first of Ben's hand (FakeDice)
                state = arrange(new_state(), hands={ANA: [steal], BEN: [held, "Dog"]},
                                player=ANA)
            else:
                state = arrange(new_state(), hands={ANA: [steal], BEN: ["Dog"]},
                                pouches={BEN: [held]}, player=ANA)
            order(state, ANA, f'play_on("{steal}", "Ben")', FakeDice(1))
            assert held in state["hands"][ANA]
            assert held in private(state, ANA) and held in private(state, BEN)
            twins.append(state)
        assert seen(twins[0], CLEO) == seen(twins[1], CLEO), steal
        assert "Lock" not in seen(twins[0], CLEO)["log"]


def test_r62_a_card_of_the_answerers_choice_is_named_to_the_two_traders_alone():
    """Actions!, Trade ("what a player holds is a secret"): Ben answers "a card" with the
    Lock in one game and the Dog in its twin; Cleo reads the same."""
    twins = []
    for given in ("Lock", "Dog"):
        state = arrange(new_state(), hands={ANA: ["Camera"], BEN: [given, "Neighbor"]},
                        player=ANA)
        stand(state, BEN, f'accept("{given}")')
        order(state, ANA, 'offer("Ben", "Camera", "a card")')
        assert given in state["hands"][ANA] and given in private(state, ANA)
        twins.append(state)
    assert seen(twins[0], CLEO) == seen(twins[1], CLEO)
