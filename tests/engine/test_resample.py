"""engine/core/resample.py: a state one player cannot tell from the real one, drawn from the
declaration. On a small declaration with every marker (pools, a pool limited to some names, a
pool of one place, a roll, a hidden list naming held cards, a public one pinning them, hidden
texts): the result fits the declaration, the player's view of it is their view of the real
state, each pool keeps its hidden cards, the cards really move, and one seed gives one result.
A deck stacked from piles (`Piles`) keeps each pile's own card to its pile, and a deck made
of known cards (`Within`) to them. Then, for every game, states of whole bot games resampled
for each player, and A Chaotic Life!'s deck, built in piles, rebuilt from the discard pile."""

from __future__ import annotations

import random
from collections import Counter
from typing import Annotated, Any, TypedDict

import pytest

from lifegames import registry
from lifegames.engine.core import declared
from lifegames.engine.core.bots import choose_orders
from lifegames.engine.core.contract import AnyGame, EngineState, clone
from lifegames.engine.core.declared import KEY, PLAYER, PUBLIC, SIZE, DeclarationError, OneOf, Owner
from lifegames.engine.core.dice import Dice
from lifegames.engine.core.orders import parse_text
from lifegames.engine.core.resample import Among, Piles, Pool, Roll, Within, resample
from lifegames.engine.core.turn import play_tick

Card = Annotated[str, OneOf("card")]
HELD = Owner(by=KEY, others=SIZE, placeholder="?")


class Tile(TypedDict):
    seen: Annotated[bool, PUBLIC]
    ground: Annotated[str, declared.Once("seen", placeholder=None), OneOf("ground"),
                      Roll("ground roll")]


class Turn(TypedDict):
    player: Annotated[str, PUBLIC, OneOf(PLAYER)]
    # the gems the turn's player drew: some of the gems they hold
    drawn: Annotated[list[Card], Owner(by="player", others=SIZE, placeholder="?"),
                     Among("hands", "pouches", by="player", fits="gem")]


class Offer(TypedDict):
    maker: Annotated[str, PUBLIC, OneOf(PLAYER)]
    cards: Annotated[list[Card], PUBLIC, Among("hands", by="maker")]  # in the maker's hand


Aside = tuple[Annotated[str, PUBLIC, OneOf(PLAYER)],
              Annotated[str, Owner(by=0, others=SIZE, placeholder="?"), OneOf("card"),
                        Pool("card")]]


class Table(EngineState):
    players: Annotated[list[Annotated[str, OneOf(PLAYER)]], PUBLIC]
    deck: Annotated[list[Card], declared.Nobody(placeholder="?"), Pool("card")]
    hands: Annotated[dict[str, list[Card]], HELD, declared.Keys(PLAYER, every=True), Pool("card")]
    pouches: Annotated[dict[str, list[Card]], HELD, declared.Keys(PLAYER, every=True),
                       Pool("card", fits="gem")]
    face_down: Annotated[list[Card], declared.Nobody(placeholder="?"), Pool("face down")]
    discard: Annotated[list[Card], PUBLIC]
    aside: Annotated[list[Aside], PUBLIC]
    tiles: Annotated[list[Tile], PUBLIC]
    turn: Annotated[Turn, PUBLIC]
    offer: Annotated[Offer | None, PUBLIC]
    notes: Annotated[dict[str, str], Owner(by=KEY), declared.Keys(PLAYER)]  # others: nothing
    diary: Annotated[dict[str, list[str]], Owner(by=KEY, others=SIZE, placeholder="?"),
                     declared.Keys(PLAYER)]


PLAIN = [f"c{i}" for i in range(12)]
GEMS = ["Ruby", "Opal", "Jade"]


class TableGame(AnyGame):
    id = "table"
    declaration = Table

    def vocabulary(self) -> dict[str, Any]:
        return {"card": frozenset(PLAIN + GEMS), "gem": frozenset(GEMS),
                "ground": frozenset({"sand", "rock", "marsh"}),
                "ground roll": ("sand", "sand", "rock", "marsh")}


GAME = TableGame()
PLAYERS = ["Ann", "Bob", "Cid"]


def table() -> dict[str, Any]:
    return {
        "tick": 2, "players": list(PLAYERS),
        "deck": ["c0", "c1", "c2", "c3", "Jade", "c4"],
        "hands": {"Ann": ["c5", "Ruby"], "Bob": ["c6", "c7", "Opal"], "Cid": ["c8"]},
        "pouches": {"Ann": ["Opal"], "Bob": ["Ruby"], "Cid": []},
        "face_down": ["c9", "c10"],
        "discard": ["c11"],
        "aside": [["Ann", "Jade"], ["Cid", "c2"]],
        "tiles": [{"seen": True, "ground": "sand"}, {"seen": False, "ground": "rock"},
                  {"seen": False, "ground": "marsh"}],
        "turn": {"player": "Bob", "drawn": ["Opal"]},
        "offer": {"maker": "Bob", "cards": ["c6"]},
        "notes": {"Ann": "Ann's note", "Bob": "Bob's note"},
        "diary": {"Ann": ["went out"], "Bob": ["drew Opal", "kept it"]},
        "standing": {"Bob": ["pass()"]},
    }


def hidden_cards(state: dict[str, Any], viewer: str | None) -> Counter[str]:
    """The cards of the pool "card" hidden from `viewer`, by the rules of the table above."""
    found = Counter(state["deck"])
    for player in PLAYERS:
        if player != viewer:
            found.update(state["hands"][player] + state["pouches"][player])
    found.update(card for owner, card in state["aside"] if owner != viewer)
    if state["offer"] and state["offer"]["maker"] != viewer:
        found.subtract(state["offer"]["cards"])  # known to be in the maker's hand
    return +found


def resampled(viewer: str | None, seeds: range = range(200)) -> list[dict[str, Any]]:
    return [resample(GAME, table(), viewer, random.Random(seed)) for seed in seeds]


@pytest.mark.parametrize("viewer", [*PLAYERS, None])
def test_r01_the_result_fits_the_declaration_and_the_viewer_sees_the_same(viewer: str | None
                                                                           ) -> None:
    real = table()
    for other in resampled(viewer):
        assert GAME.state_problem(other, PLAYERS) == ""
        assert GAME.knowledge(other, viewer) == GAME.knowledge(real, viewer)
        assert hidden_cards(other, viewer) == hidden_cards(real, viewer)
        assert sorted(other["face_down"]) == sorted(real["face_down"])  # a pool of its own
    assert real == table()  # the state itself is not touched


def test_r02_the_hidden_cards_really_move_between_their_places() -> None:
    """Over many seeds, as Ann: the deck's order changes, Bob's hand changes, a card of Bob's
    hand goes to the deck and one of the deck to Cid's hand and to Cid's face-down card, the
    face-down pile is reordered and the unexplored ground rolled again."""
    real, results = table(), resampled("Ann")
    assert all(r["hands"]["Ann"] == real["hands"]["Ann"] for r in results)  # hers
    assert any(r["deck"] != real["deck"] for r in results)
    assert any(sorted(r["hands"]["Bob"]) != sorted(real["hands"]["Bob"]) for r in results)
    assert any("c7" in r["deck"] for r in results)
    assert any("c0" in r["hands"]["Cid"] for r in results)
    assert any(r["aside"][1][1] == "c0" for r in results)
    assert any(r["face_down"] != real["face_down"] for r in results)
    assert {r["tiles"][1]["ground"] for r in results} == {"sand", "rock", "marsh"}
    assert all(r["tiles"][0] == real["tiles"][0] for r in results)  # explored: seen by all


def test_r03_one_seed_one_result() -> None:
    first = resampled("Ann", range(20))
    assert first == resampled("Ann", range(20))
    assert len({repr(r) for r in first}) > 10


def test_r04_each_place_keeps_to_the_cards_it_may_hold_and_what_is_known_of_them() -> None:
    """A pouch holds gems; the cards Bob drew (hidden from Ann) are gems he holds; the card
    he offers (seen by all) stays in his hand."""
    for other in resampled("Ann"):
        assert all(card in GEMS for card in other["pouches"]["Bob"] + other["pouches"]["Cid"])
        held = other["hands"]["Bob"] + other["pouches"]["Bob"]
        assert len(other["turn"]["drawn"]) == 1 and other["turn"]["drawn"][0] in GEMS
        assert other["turn"]["drawn"][0] in held
        assert "c6" in other["hands"]["Bob"]
    as_bob = resampled("Bob")
    assert all(r["turn"] == table()["turn"] for r in as_bob)  # his own: seen, kept


def test_r05_hidden_texts_become_what_the_viewer_sees_of_them() -> None:
    """A text is nothing a resample can invent, and the real one would tell: another
    player's note and standing orders are left out, their diary keeps its size only."""
    other = resample(GAME, table(), "Ann", random.Random(1))
    assert other["notes"] == {"Ann": "Ann's note"}
    assert other["diary"] == {"Ann": ["went out"], "Bob": ["?", "?"]}
    assert other["standing"] == {}


class Unmarked(EngineState):
    players: Annotated[list[Annotated[str, OneOf(PLAYER)]], PUBLIC]
    deck: Annotated[list[Card], declared.Nobody(placeholder="?")]


class UnmarkedGame(AnyGame):
    id = "unmarked"
    declaration = Unmarked

    def vocabulary(self) -> dict[str, Any]:
        return {"card": frozenset(PLAIN)}


def test_r06_a_hidden_card_with_no_pool_is_a_declaration_error() -> None:
    state = {"tick": 0, "players": ["Ann"], "deck": ["c1", "c2"]}
    with pytest.raises(DeclarationError, match="deck.*declare its Pool, Roll or Among"):
        resample(UnmarkedGame(), state, "Ann", random.Random(1))
    assert declared.view(Unmarked, state, "Ann")["deck"] == ["?", "?"]  # views do not care


# -- a deck stacked from piles -----------------------------------------------------------------

Pile = tuple[Annotated[int, PUBLIC], Annotated[str | None, PUBLIC, OneOf("card")],
             Annotated[bool, PUBLIC]]
OWN = ["A1", "A2", "A3"]


class Stack(EngineState):
    players: Annotated[list[Annotated[str, OneOf(PLAYER)]], PUBLIC]
    deck: Annotated[list[Card], declared.Nobody(placeholder="?"), Pool("card"),
                    Piles("piles", loose="loose"), Within("made_of")]
    hands: Annotated[dict[str, list[Card]], HELD, declared.Keys(PLAYER, every=True),
                     Pool("card")]
    piles: Annotated[list[Pile], PUBLIC]
    loose: Annotated[int, PUBLIC]
    made_of: Annotated[list[Card], PUBLIC]


class StackGame(AnyGame):
    id = "stack"
    declaration = Stack

    def vocabulary(self) -> dict[str, Any]:
        return {"card": frozenset(PLAIN + OWN)}


def stack(loose: int = 0) -> dict[str, Any]:
    """Three piles, each shuffled around its own card A1..A3: two cards left of the first
    (A1 among them, or drawn by Bob: Ann cannot tell), three of each of the others; `loose`
    cards went back in at places nobody knows."""
    deck = ["c0", "A1", "c1", "A2", "c2", "c3", "c4", "A3"]
    deck[4:4] = [f"c{9 + n}" for n in range(loose)]
    return {"tick": 1, "players": ["Ann", "Bob"], "deck": deck,
            "hands": {"Ann": ["c5"], "Bob": ["c6", "c7"]},
            "piles": [[2, "A1", True], [3, "A2", False], [3, "A3", False]],
            "loose": loose, "made_of": []}


def places(results: list[dict[str, Any]], name: str) -> set[int | str]:
    return {r["deck"].index(name) if name in r["deck"] else "hand" for r in results}


def test_r08_each_pile_keeps_its_own_card_and_its_size() -> None:
    """A pile's own card lies anywhere in what is left of its pile, never in another; the
    first pile's (cards were drawn from it) may be in Bob's hand too; the other cards go
    anywhere; what the others see (the piles, the deck's size) stays."""
    game, real = StackGame(), stack()
    results = [resample(game, real, "Ann", random.Random(seed)) for seed in range(300)]
    assert all(game.knowledge(r, "Ann") == game.knowledge(real, "Ann") for r in results)
    assert places(results, "A1") == {0, 1, "hand"}
    assert places(results, "A2") == {2, 3, 4}
    assert places(results, "A3") == {5, 6, 7}
    assert places(results, "c6") == {0, 1, 2, 3, 4, 5, 6, 7, "hand"}
    assert places(results, "c0") == {0, 1, 2, 3, 4, 5, 6, 7, "hand"}


def test_r09_cards_put_back_anywhere_let_each_pile_reach_further() -> None:
    """One card went back in at a place nobody knows: each pile may reach one card further
    down (the card may lie above it), and no further."""
    game = StackGame()
    results = [resample(game, stack(loose=1), "Ann", random.Random(seed)) for seed in range(300)]
    assert places(results, "A1") == {0, 1, 2, "hand"}
    assert places(results, "A2") == {2, 3, 4, 5}
    assert places(results, "A3") == {5, 6, 7, 8}


def test_r10_a_deck_made_of_known_cards_holds_only_them() -> None:
    """A deck made of cards everyone saw (a rebuilt discard pile), some since drawn: it
    holds only those cards, no more of each than they were; no piles are known any more."""
    game, real = StackGame(), stack()
    real.update(deck=["c0", "c1", "c2"], piles=[], made_of=["c0", "c1", "c2", "c6", "c6"])
    real["hands"]["Bob"] = ["c6", "c6", "c7"]
    results = [resample(game, real, "Ann", random.Random(seed)) for seed in range(200)]
    assert all(not Counter(r["deck"]) - Counter(real["made_of"]) for r in results)
    assert {n for r in results for n in r["deck"]} == {"c0", "c1", "c2", "c6"}
    assert any(r["deck"].count("c6") == 2 for r in results)


def test_r11_piles_that_do_not_add_up_to_the_deck_are_a_declaration_error() -> None:
    real = stack()
    real["deck"].pop()
    with pytest.raises(DeclarationError, match="piles.*do not add up to its 7 cards"):
        resample(StackGame(), real, "Ann", random.Random(1))


# -- every game --------------------------------------------------------------------------------


def _states(game_id: str) -> list[dict[str, Any]]:
    """Every fifth tick's start of a whole game for two players or more by random bots, and
    its end."""
    game = registry.get(game_id)
    players = list(game.default_players)
    players += ["Ben", "Cleo"][:max(0, 2 - len(players))]
    state = game.setup(players, game.parse_options([], None), Dice(5, 0))
    state["tick"] = 0
    rng, out = random.Random(5), []
    while not game.is_over(state) and state["tick"] < 200:
        files = {p: parse_text(game.grammar_name(),
                               "\n".join(choose_orders(game, state, p, "random", rng)), p)
                 for p in game.awaiting(state)}
        if state["tick"] % 5 == 0:
            out.append(clone(state))
        state = play_tick(game, state, files, 5).state
    return [*out, state]


@pytest.mark.parametrize("game_id", registry.ids())
def test_r07_every_game_resamples_for_every_player(game_id: str) -> None:
    """For each player of whole bot games: the result fits the declaration, their view of it
    is their view of the state, the same seed gives the same result, and at some states the
    result is another state (something is hidden from them to deal again)."""
    game = registry.get(game_id)
    moved = 0
    for number, state in enumerate(_states(game_id)):
        players = list(state["players"])
        for player in players:
            other = resample(game, state, player, random.Random(number))
            assert game.state_problem(other, players) == "", (number, player)
            assert game.knowledge(other, player) == game.knowledge(state, player)
            assert resample(game, state, player, random.Random(number)) == other
            moved += other != state
    assert moved >= 5, moved


def _chaotic_states(players: list[str], seed: int) -> list[dict[str, Any]]:
    """The start of every tick of a whole A Chaotic Life! game by random bots."""
    game = registry.get("a-chaotic-life")
    state = game.setup(players, {}, Dice(seed, 0))
    state["tick"] = 0
    rng, out = random.Random(seed), []
    while not game.is_over(state) and state["tick"] < 300:
        out.append(clone(state))
        files = {p: parse_text(game.grammar_name(),
                               "\n".join(choose_orders(game, state, p, "random", rng)), p)
                 for p in game.awaiting(state)}
        state = play_tick(game, state, files, seed).state
    return out


def _deck_problems(real: dict[str, Any], other: dict[str, Any]) -> list[str]:
    """What A Chaotic Life!'s rules tell every player of the deck that `other` breaks: each
    pile stacked at setup ("Setup - Building the Deck") still holds its Age card if no card
    was drawn from it; an Age card of one copy (Child, Teen) lies in no other pile; what is
    left of each pile keeps its size; a deck rebuilt from the discard pile holds only its
    cards ("The Item Pouch & Discard Pile")."""
    from lifegames.a_chaotic_life.data import box

    copies, out = Counter(box()), []
    if other["piles"] != real["piles"] or len(other["deck"]) != len(real["deck"]):
        out.append("the piles changed")
    start = 0
    for size, age, opened in real["piles"]:
        low, high = start, start + size + real["loose"]
        start += size
        if not opened and age not in other["deck"][low:high]:
            out.append(f"{age} left its pile")
        if age and copies[age] == 1 and age in other["deck"][:low] + other["deck"][high:]:
            out.append(f"{age} is in another pile")
    if real["reshuffles"] and Counter(other["deck"]) - Counter(real["rebuilt"]):
        out.append("the rebuilt deck holds a card it was not made of")
    return out


@pytest.mark.parametrize("players", [["Ana", "Ben"], ["Ana", "Ben", "Cleo"],
                                     ["Ana", "Ben", "Cleo", "Dan"]])
def test_r12_a_chaotic_life_deck_keeps_its_piles_and_its_rebuilt_cards(players: list[str]
                                                                        ) -> None:
    """A Chaotic Life! ("Setup - Building the Deck"; "The Item Pouch & Discard Pile"): many
    resamples of every other tick of whole bot games, for each player, keep every Age card in
    its pile and each pile's size, and a rebuilt deck to the discard pile it was made of. The
    cards still move: an Age card within its pile, the other cards between piles and hands."""
    game = registry.get("a-chaotic-life")
    problems: list[str] = []
    piled = rebuilt = 0
    age_moved = crossed = False
    for state in _chaotic_states(players, 3)[::2]:
        piled += bool(state["piles"])
        rebuilt += bool(state["reshuffles"])
        for player in players:
            for seed in range(4):
                other = resample(game, state, player, random.Random(seed))
                problems += [f"tick {state['tick']}, {player}: {p}"
                             for p in _deck_problems(state, other)]
                if state["piles"] and len(state["piles"]) > 1:
                    ages = [n for n in ("Adult", "Senior") if n in state["deck"]]
                    age_moved |= any(state["deck"].index(n) != other["deck"].index(n)
                                     for n in ages if n in other["deck"])
                    last = state["piles"][-1][0]  # the bottom pile's cards
                    crossed |= bool(set(other["deck"][-last:]) - set(state["deck"][-last:]))
    assert piled >= 5 and rebuilt >= 2, (piled, rebuilt)
    assert age_moved and crossed
    assert not problems, "\n".join(problems[:8])
