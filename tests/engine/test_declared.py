"""engine/core/declared.py and engine/core/commands.py: a state declared once (who may see each
field, its bounds) and a command table, from which the engine derives the player views, the
validation of loaded states, `act`, `can`, the random barrier, the warnings and the legal
orders. Each rule of the vocabulary on a small declaration of its own; then, for every game,
that its declaration and its table have the one shape."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import Annotated, Literal, NotRequired, TypedDict

import pytest

from lifegames import registry
from lifegames.engine.core import declared
from lifegames.engine.core.contract import EngineState, Game
from lifegames.engine.core.declared import (
    ENTRY,
    KEY,
    NOTHING,
    PLAYER,
    PUBLIC,
    SIZE,
    DeclarationError,
    Keys,
    Nobody,
    Once,
    OneOf,
    Owner,
    Range,
)
from lifegames.engine.core.orders import commands, parse_text
from lifegames.engine.text.reference import order_docs

# -- a small declaration with every kind of visibility ------------------------------------------


class Tile(TypedDict):
    seen: Annotated[bool, PUBLIC]
    ground: Annotated[str, Once("seen", placeholder=None), OneOf("ground")]


class Turn(TypedDict):
    player: Annotated[str, PUBLIC, OneOf(PLAYER)]
    moved: Annotated[list[str], Owner(by="player", others=SIZE, placeholder="?")]


Pair = tuple[Annotated[str, PUBLIC, OneOf(PLAYER)],
             Annotated[str, Owner(by=0, others=SIZE, placeholder="?")]]


class Toy(EngineState):
    players: Annotated[list[Annotated[str, OneOf(PLAYER)]], PUBLIC]
    hands: Annotated[dict[str, list[str]], Owner(by=KEY, others=SIZE, placeholder="?"),
                     Keys(PLAYER, every=True)]
    notes: Annotated[dict[str, str], Owner(by=KEY), Keys(PLAYER)]
    pile: Annotated[list[str], Nobody(placeholder="?")]
    tiles: Annotated[list[Tile], PUBLIC]
    turn: Annotated[Turn, PUBLIC]
    aside: Annotated[list[Pair], PUBLIC]
    score: Annotated[int, PUBLIC, Range(0, 10)]
    mood: Annotated[Literal["calm", "wild"], PUBLIC]
    winner: Annotated[str | None, PUBLIC, OneOf(PLAYER)]


WORDS = {"ground": frozenset({"sand", "rock"}), PLAYER: frozenset({"Ann", "Bob"})}


def toy_state() -> dict[str, object]:
    return {
        "tick": 3, "players": ["Ann", "Bob"],
        "hands": {"Ann": ["a1", "a2"], "Bob": ["b1"]},
        "notes": {"Ann": "for Ann", "Bob": "for Bob"},
        "pile": ["p1", "p2", "p3"],
        "tiles": [{"seen": True, "ground": "sand"}, {"seen": False, "ground": "rock"}],
        "turn": {"player": "Bob", "moved": ["b0"]},
        "aside": [["Ann", "x1"], ["Bob", "y1"]],
        "score": 4, "mood": "calm", "winner": None,
        "standing": {"Ann": ["wait()"], "Bob": ["go()"]},
    }


def test_d01_a_player_sees_their_own_secrets_and_of_the_others_only_what_is_declared() -> None:
    view = declared.view(Toy, toy_state(), "Ann")
    assert view["hands"] == {"Ann": ["a1", "a2"], "Bob": ["?"]}  # others: only the size
    assert view["notes"] == {"Ann": "for Ann"}  # others: nothing at all
    assert view["pile"] == ["?", "?", "?"]  # nobody's: only its size
    assert view["tiles"] == [{"seen": True, "ground": "sand"}, {"seen": False, "ground": None}]
    assert view["turn"] == {"player": "Bob", "moved": ["?"]}  # owned by the field `player`
    assert view["aside"] == [["Ann", "x1"], ["Bob", "?"]]  # owned by the pair's first item
    assert view["standing"] == {"Ann": ["wait()"]}  # the engine's own field: the owner's
    bob = declared.view(Toy, toy_state(), "Bob")
    assert bob["turn"]["moved"] == ["b0"] and bob["hands"]["Bob"] == ["b1"]
    nobody = declared.view(Toy, toy_state(), None)  # a spectator owns nothing
    assert nobody["hands"] == {"Ann": ["?", "?"], "Bob": ["?"]} and nobody["notes"] == {}


def test_d02_the_view_is_an_allowlist_and_a_copy() -> None:
    """A field the declaration does not name is in no view, and a view shares nothing with
    the state (a check that changes it changes nothing real)."""
    state = toy_state()
    state["secret_seed"] = 12345
    view = declared.view(Toy, state, "Ann")
    assert "secret_seed" not in view
    view["hands"]["Ann"].append("new")
    view["tiles"][0]["ground"] = "rock"
    assert state["hands"]["Ann"] == ["a1", "a2"] and state["tiles"][0]["ground"] == "sand"


def test_d03_a_state_is_checked_against_the_declaration() -> None:
    """Keys, types and bounds, each named with its place in the state."""
    assert declared.problem(Toy, toy_state(), WORDS) == ""
    cases = {
        ("score",): ("x", "score is a text ('x'), not a whole number 0 to 10"),
        ("tick",): (-1, "tick is -1, not a whole number 0 or more"),
        ("mood",): ("mad", "mood is 'mad', not one of 'calm', 'wild'"),
        ("winner",): ("Cleo", "winner is 'Cleo', not a player name"),
        ("tiles", 1, "ground"): ("lava", "tiles[1].ground is 'lava', not a ground name"),
        ("tiles", 0, "seen"): (1, "tiles[0].seen is a number (1), not true or false"),
        ("aside", 0): (["Ann"], "aside[0] is a list (['Ann']), not a list of 2"),
        ("hands", "Ann"): ({}, "hands.Ann is a table ({}), not a list"),
        ("turn",): ([], "turn is a list ([]), not a table"),
    }
    for path, (value, message) in cases.items():
        state = toy_state()
        where = state
        for part in path[:-1]:
            where = where[part]  # type: ignore[index]
        where[path[-1]] = value  # type: ignore[index]
        assert declared.problem(Toy, state, WORDS) == message, path
    extra = toy_state()
    extra["turn"]["spare"] = 1  # type: ignore[index]
    assert declared.problem(Toy, extra, WORDS) == \
        "turn has a field 'spare' that the game does not declare"
    missing = toy_state()
    del missing["pile"]
    assert declared.problem(Toy, missing, WORDS) == "the state has no field 'pile'"
    stranger = toy_state()
    stranger["hands"]["Cleo"] = []  # type: ignore[index]
    assert "hands has an entry 'Cleo', which is not a player name" == \
        declared.problem(Toy, stranger, WORDS)
    short = toy_state()
    del short["hands"]["Bob"]  # type: ignore[attr-defined]
    assert declared.problem(Toy, short, WORDS) == "hands has no entry for 'Bob'"


def test_d04_a_view_fits_the_declaration_with_its_placeholders() -> None:
    view = declared.view(Toy, toy_state(), "Ann")
    assert declared.problem(Toy, view, WORDS) != ""  # "?" is no card of a real state
    assert declared.problem(Toy, view, WORDS, view=True) == ""


def test_d05_a_field_that_says_nothing_of_who_may_see_it_is_refused() -> None:
    class Careless(TypedDict):
        gold: int

    with pytest.raises(DeclarationError, match="Careless.gold: declare who may see it"):
        declared.compiled(Careless)

    class Nowhere(TypedDict):
        cards: Annotated[list[str], Owner(by=KEY)]

    with pytest.raises(DeclarationError, match=r"by=KEY\) is for a table"):
        declared.compiled(Nowhere)


def test_d06_the_fields_of_a_state_and_their_wrong_values() -> None:
    found = dict(declared.fields(Toy, toy_state()))
    assert ("hands", "Ann", 0) in found and ("tiles", 0, "ground") in found
    assert ("aside", 0, 1) in found and ("turn", "moved") in found
    assert all(not isinstance(v, int) or isinstance(v, bool) for v in found[("score",)])
    assert None not in found[("winner",)]  # null is allowed there


class Desk(TypedDict):
    """A player's desk, in a table of desks: its marks are public, its diary its player's."""

    marks: Annotated[list[str], PUBLIC]
    diary: Annotated[list[str], Owner(by=ENTRY, others=NOTHING)]
    drafts: Annotated[list[str], Owner(by=ENTRY, others=SIZE, placeholder="?")]


class Office(EngineState):
    desks: Annotated[dict[str, Desk], PUBLIC, Keys(PLAYER, every=True)]


def test_d10_a_field_of_a_players_record_in_a_table_is_owned_by_the_entrys_key() -> None:
    """Owner(by=ENTRY) on a field of a record that is a table's entry: the entry's key owns it;
    others see nothing of it (the field left out) or its size; a view without the field still
    fits the declaration, a real state does not."""
    state = {"tick": 1, "desks": {"Ann": {"marks": ["x"], "diary": ["a"], "drafts": ["d1"]},
                                  "Bob": {"marks": [], "diary": ["b", "c"], "drafts": []}}}
    view = declared.view(Office, state, "Ann")
    assert view["desks"] == {"Ann": {"marks": ["x"], "diary": ["a"], "drafts": ["d1"]},
                             "Bob": {"marks": [], "drafts": []}}
    assert declared.view(Office, state, "Bob")["desks"]["Ann"] == {"marks": ["x"],
                                                                   "drafts": ["?"]}
    assert declared.view(Office, state, None)["desks"]["Bob"] == {"marks": [], "drafts": []}
    assert declared.problem(Office, view, WORDS, view=True) == ""
    assert declared.problem(Office, view, WORDS) == "desks.Bob has no field 'diary'"


class Ledger(EngineState):
    pages: Annotated[list[str], PUBLIC]
    # added after games were begun: an old game's state has no such field
    notes: NotRequired[Annotated[list[str], Nobody(placeholder="?")]]


def test_d11_a_field_added_later_may_be_missing_and_is_checked_and_hidden_when_present() -> None:
    """A game that grows a field must still load the games begun before it (a game by mail
    lasts weeks): NotRequired lets the field be missing; when present it is checked and
    shown to players as its declaration says."""
    assert declared.problem(Ledger, {"tick": 1, "pages": ["p"]}, WORDS) == ""
    assert declared.problem(Ledger, {"tick": 1, "pages": [], "notes": [3]}, WORDS) == \
        "notes[0] is a number (3), not a text"
    assert declared.problem(Ledger, {"tick": 1}, WORDS) == "the state has no field 'pages'"
    state = {"tick": 1, "pages": [], "notes": ["secret"]}
    assert declared.view(Ledger, state, "Ann")["notes"] == ["?"]
    assert "notes" not in declared.view(Ledger, {"tick": 1, "pages": []}, "Ann")


# -- every game: one shape -----------------------------------------------------------------------

GAMES = registry.ids()
DERIVED = ("knowledge", "act", "can", "after", "legal_orders", "views", "order_template",
           "player_state", "facts", "warnings", "validate", "is_random", "ends_file",
           "status_lines", "public_state", "order_help", "heuristic", "rank", "bot_plan")


def _declared(game_id: str) -> Game:
    return registry.get(game_id)


@pytest.mark.parametrize("game_id", GAMES)
def test_g01_the_table_names_the_grammars_commands_and_orders_yaml_helps_each(game_id: str
                                                                              ) -> None:
    game = _declared(game_id)
    assert list(game.commands) == list(commands(game.grammar_name()))
    docs = order_docs(game)
    for name in game.commands:
        assert docs.get(name, {}).get("help"), f"orders.yaml has no help for {name}"
        example = parse_text(game.grammar_name(), docs[name]["example"], "example")
        assert not example.problems and example.orders[0].command == name


@pytest.mark.parametrize("game_id", GAMES)
def test_g02_a_declared_game_writes_none_of_what_the_engine_derives(game_id: str) -> None:
    game = _declared(game_id)
    written = [name for name in DERIVED for klass in type(game).__mro__
               if klass is not Game and name in vars(klass)]
    assert not written, f"{type(game).__name__} writes {written} by hand"


@pytest.mark.parametrize("game_id", GAMES)
def test_g03_no_dispatch_by_name_no_lambda_table_no_game_fetched_back(game_id: str) -> None:
    """The game object is passed to what needs it, never imported back inside a function;
    commands are dispatched by the table, never by `getattr(self, f"_do_{command}")`."""
    _declared(game_id)
    package = Path(inspect.getfile(type(registry.get(game_id)))).parent
    found = []
    for path in sorted(package.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom) and inner.level and any(
                            a.name == "GAME" for a in inner.names):
                        found.append(f"{path.name}:{inner.lineno} imports GAME in a function")
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    node.value.startswith("_do_"):
                found.append(f"{path.name}:{node.lineno} dispatches by name")
        if path.name == "rules.py":
            found += [f"rules.py:{n.lineno} a lambda" for n in ast.walk(tree)
                      if isinstance(n, ast.Lambda)]
    assert not found, found


@pytest.mark.parametrize("game_id", GAMES)
def test_g04_every_player_view_fits_the_declaration(game_id: str) -> None:
    """A player's view is a state of the same shape, placeholders where secrets were, and
    what they own unchanged."""
    game = _declared(game_id)
    players = list(game.default_players)
    from lifegames.engine.core.dice import Dice

    state = game.setup(players, game.parse_options([], None), Dice(5, 0))
    state["tick"] = 0
    assert game.state_problem(state, players) == ""
    for player in players:
        view = game.knowledge(state, player)
        assert game.state_problem(view, players, view=True) == "", player
        assert game.knowledge(view, player) == view  # deriving twice changes nothing


SHAPE = {"__init__.py", "state.py", "rules.py", "checks.py", "actions.py", "advice.py",
         "views.py", "board.py", "bots.py", "legal.py", "data.py", "codes.py"}


@pytest.mark.parametrize("game_id", GAMES)
def test_g05_every_package_has_the_one_shape_and_argues_any_other_file(game_id: str) -> None:
    """The same file names mean the same thing in every package; a file beyond them is named,
    with its reason, in the package's docstring."""
    game = _declared(game_id)
    module = inspect.getmodule(type(game))
    assert module is not None
    package = Path(inspect.getfile(module)).parent
    files = {p.name for p in package.glob("*.py")}
    assert SHAPE <= files, sorted(SHAPE - files)
    doc = inspect.getdoc(__import__(module.__name__.rpartition(".")[0], fromlist=["_"])) or ""
    unargued = sorted(f for f in files - SHAPE if f not in doc)
    assert not unargued, f"{package.name}/__init__.py does not say why it has {unargued}"


# -- The Sims: a seat's own secrets, an empty secret, a field of two shapes --------------


class Drawn(TypedDict):
    hand: Annotated[list[str], Owner(by=ENTRY, others=SIZE, placeholder="?")]


class Seat(TypedDict):
    home: Annotated[str | None, PUBLIC]
    drawn: Annotated[str | None, Owner(by=ENTRY, others=SIZE, placeholder="?")]
    offers: Annotated[Drawn, PUBLIC]


class Spot(TypedDict):
    sim: Annotated[str, PUBLIC, OneOf("sim")]
    venue: Annotated[str, PUBLIC]


class Table(EngineState):
    seats: Annotated[dict[str, Seat], PUBLIC, Keys(PLAYER, every=True)]
    board: Annotated[list[Annotated[str, OneOf("sim")]] | list[Spot], PUBLIC]


SIMS = {"sim": frozenset({"Bella", "Bob"}), PLAYER: frozenset({"Ann", "Bob"})}


def table_state(board: list[object]) -> dict[str, object]:
    return {"tick": 1, "board": board, "seats": {
        "Ann": {"home": "Loft", "drawn": "Chef", "offers": {"hand": ["h1", "h2"]}},
        "Bob": {"home": None, "drawn": None, "offers": {"hand": ["h3"]}}}}


def test_d07_a_record_in_a_players_entry_is_theirs_where_it_says_by_entry() -> None:
    """Owner(by=ENTRY): the owner is the key of the map entry holding the record (however
    deep in records), so a player's seat can hold their secrets beside public fields."""
    ann = declared.view(Table, table_state([]), "Ann")
    assert ann["seats"]["Ann"] == table_state([])["seats"]["Ann"]  # type: ignore[index]
    assert ann["seats"]["Bob"]["offers"] == {"hand": ["?"]}
    bob = declared.view(Table, table_state([]), "Bob")
    assert bob["seats"]["Ann"] == {"home": "Loft", "drawn": "?", "offers": {"hand": ["?", "?"]}}
    nobody = declared.view(Table, table_state([]), None)
    assert nobody["seats"]["Bob"]["offers"] == {"hand": ["?"]}
    assert declared.problem(Table, bob, SIMS, view=True) == ""


def test_d08_an_empty_secret_shows_as_empty() -> None:
    """Others see a hidden value's size: of nothing (null), that there is nothing."""
    ann = declared.view(Table, table_state([]), "Ann")
    assert ann["seats"]["Bob"]["drawn"] is None


def test_d09_a_field_of_two_shapes_is_checked_against_either() -> None:
    names = ["Bella", "Bob"]
    spots = [{"sim": "Bella", "venue": "Park"}]
    assert declared.problem(Table, table_state(names), SIMS) == ""
    assert declared.problem(Table, table_state(spots), SIMS) == ""  # type: ignore[arg-type]
    assert declared.problem(Table, table_state(["Cleo"]), SIMS) == \
        "board[0] is 'Cleo', not a sim name"
    assert declared.problem(Table, table_state([{"sim": 7, "venue": "Park"}]), SIMS) == \
        "board[0].sim is a number (7), not a sim name"
    assert declared.problem(Table, table_state("x"), SIMS) == \
        "board is a text ('x'), not a list"  # type: ignore[arg-type]
    found = dict(declared.fields(Table, table_state(spots)))  # type: ignore[arg-type]
    assert ("board", 0, "sim") in found and "x" in found[("board",)]

    class Secretive(TypedDict):
        either: Annotated[list[str] | Drawn, PUBLIC]

    with pytest.raises(DeclarationError, match="may hold no secret"):
        declared.compiled(Secretive)
