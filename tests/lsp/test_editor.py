"""What an editor shows beside the problems, through a real client over real pipes: hover over a
name says what it is (from the game's data), completion offers the cards the player holds
first and exactly the legal orders of the player's sheet, a file without `end` gets a hint, and
an editor with no grammar for order files gets an outline (document symbols) and colours
(semantic tokens), both advertised at start-up."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from lifegames import registry
from lifegames.engine.core.contract import Game

from .client import Client, apply_edit
from .conftest import Setup, make_game, needs_pygls

WARNING = 2
KINDS = {"namespace": 3, "module": 2, "function": 12, "property": 7, "key": 20, "boolean": 17}


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Setup]:
    """One game folder of each game, set up as `setup` does."""
    return {game_id: make_game(tmp_path_factory.mktemp(game_id), game_id)
            for game_id in ("simple-kingdoms", "lifestyle", "the-sims", "a-chaotic-life")}


def opened(client: Client, path: Path, text: str) -> str:
    uri = client.open(path, text)
    client.diagnostics(uri)
    return uri


def closed(client: Client, uri: str) -> None:
    client.close(uri)
    client.diagnostics(uri)


# -- hover ---------------------------------------------------------------------------------------


def data_words(game_id: str) -> tuple[str, str, list[str]]:
    """An order naming a thing of each game, the name, and what its hover must say, worked out
    from the game's data here (not from the text the game builds)."""
    if game_id == "a-chaotic-life":
        from lifegames.a_chaotic_life.data import TYPE_NAMES, card

        spec = card("Travel")
        stages = "/".join(s.capitalize() for s in spec["stages"])
        return 'play("Travel")', "Travel", [TYPE_NAMES[spec["type"]], stages]
    if game_id == "simple-kingdoms":
        from lifegames.simple_kingdoms.data import rules

        cost = rules()["buildings"]["farm"]["cost"]
        return 'build(0,0, "farm")', "farm", [", ".join(f"{n} {r}" for r, n in cost.items())]
    if game_id == "the-sims":
        from lifegames.the_sims.data import venue_cards

        park = venue_cards()[0]["A"]
        return 'travel("Park")', "Park", [" ".join(park["symbols"]), park["need"]]
    from lifegames.lifestyle.data import card

    condition = card("Cat")["condition"]
    return 'roll("Cat")', "Cat", [f"{card('Cat')['dice']} dice", str(condition["value"])]


@pytest.mark.parametrize("game_id", ["a-chaotic-life", "simple-kingdoms", "the-sims",
                                     "lifestyle"])
def test_hover_on_a_name_says_what_it_is(game_id: str, games: dict[str, Setup],
                                         shared_client: Client) -> None:
    """A card's rules (A Chaotic Life!), a building's cost (Simple Kingdoms), a Venue's
    SIMbols (The Sims), a card's dice condition (Lifestyle): Game.describe, from the data."""
    setup = games[game_id]
    order, name, says = data_words(game_id)
    text = f"orders for tick 1\n{order}  # {name}\n"
    uri = opened(shared_client, setup.orders(setup.awaited), text)
    inside = order.index(name)
    shown = shared_client.hover(uri, 1, inside + 1)
    assert shown is not None, f"no hover over {name}"
    value = shown["contents"]["value"]
    assert value == setup.game.describe(name) and value.startswith(name), value
    for word in says:
        assert word in value, (word, value)
    assert shown["range"] == {"start": {"line": 1, "character": inside - 1},
                              "end": {"line": 1, "character": inside + len(name) + 1}}
    assert shared_client.hover(uri, 1, len(order) + 5) is None, "nothing over a note"
    closed(shared_client, uri)


def test_describe_knows_any_case_and_nothing_else(games: dict[str, Setup]) -> None:
    for game_id, setup in games.items():
        _, name, _ = data_words(game_id)
        assert setup.game.describe(name.upper()) == setup.game.describe(name), game_id
        assert setup.game.describe("Nothing Called This") is None, game_id
    plain = registry.get("a-simple-life")
    assert isinstance(plain, Game) and plain.describe("farm") is None, \
        "a game that describes nothing says nothing"


def test_hover_over_a_name_written_without_quotes(games: dict[str, Setup],
                                                  shared_client: Client) -> None:
    """check refuses the line (E-NAME-NOT-QUOTED), but the name still says what it is."""
    setup = games["simple-kingdoms"]
    uri = opened(shared_client, setup.orders("Ironhold"), "orders for tick 1\nbuild(0,0, farm)\n")
    shown = shared_client.hover(uri, 1, 12)
    closed(shared_client, uri)
    assert shown is not None and shown["contents"]["value"] == setup.game.describe("farm")
    assert shown["range"]["start"] == {"line": 1, "character": 11}


def test_hover_over_an_unknown_quoted_name_is_empty(games: dict[str, Setup],
                                                   shared_client: Client) -> None:
    setup = games["a-chaotic-life"]
    uri = opened(shared_client, setup.orders(setup.awaited), 'orders for tick 1\nplay("Trvel"\n')
    assert shared_client.hover(uri, 1, 8) is None
    closed(shared_client, uri)


# -- completion ----------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["play", "discard"])
def test_completion_offers_the_hand_first(command: str, games: dict[str, Setup],
                                          shared_client: Client) -> None:
    """Inside `play("` (or another card's name), the cards in the player's hand come before
    every other card: those legal to give there now first, then the rest of the hand, then
    the deck's other cards."""
    setup = games["a-chaotic-life"]
    player = setup.awaited
    hand = setup.state["hands"][player]
    giving = [o for o in setup.legal(player) if o.startswith(f"{command}(")]
    legal_cards = list(dict.fromkeys(o.split('"')[1] for o in giving))
    assert legal_cards
    text = f'orders for tick 1\n{command}("'
    uri = opened(shared_client, setup.orders(player), text)
    items = shared_client.completion(uri, 1, len(f'{command}("'))
    closed(shared_client, uri)
    ordered = [i["label"] for i in sorted(items, key=lambda i: i["sortText"])]
    rest = [c for c in hand if c not in legal_cards]
    assert ordered[:len(hand)] == legal_cards + rest, ordered
    assert all(i["detail"].startswith("card: you hold it") for i in items
               if i["label"] in hand)
    assert len(ordered) > len(hand) and ordered[len(hand)] not in hand, "then the others"
    if command == "play":
        assert rest, "both kinds of hand card were there"


def test_the_sims_hand_is_the_action_cards_held(games: dict[str, Setup]) -> None:
    from lifegames.the_sims.data import cards

    setup = games["the-sims"]
    state = setup.state
    assert setup.game.held(setup.game.knowledge(state, "Ana"), "Ana") == []
    first, second = list(cards())[:2]
    state["seats"]["Ana"]["cards"] = [second, first]
    assert setup.game.held(setup.game.knowledge(state, "Ana"), "Ana") == [second, first]
    assert setup.game.held(setup.game.knowledge(state, "Ben"), "Ben") == []


def sheet_legal(setup: Setup, player: str) -> list[str]:
    """The orders the player's sheet lists as legal now, the ones check warns of included."""
    sheet = next((setup.root / player).glob("*_sheet.txt")).read_text(encoding="utf-8")
    lines = sheet.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("Legal orders now"))
    out = []
    for line in lines[start + 1:]:
        if line.startswith("Legal, but check warns"):
            continue
        if not line.startswith("  "):
            break
        out.append(re.split(r"\s{2,}", line.strip())[0])
    return out


@pytest.mark.parametrize("game_id", ["a-chaotic-life", "the-sims", "lifestyle"])
def test_completion_lists_the_sheets_legal_orders(game_id: str, games: dict[str, Setup],
                                                  shared_client: Client) -> None:
    """The legal orders completion offers at the top of the file are those the sheet lists
    under "Legal orders now": both come from the game's legal_orders, so a change to what is
    legal shows in both."""
    setup = games[game_id]
    player = setup.awaited
    listed = sheet_legal(setup, player)
    assert listed
    uri = opened(shared_client, setup.orders(player), "orders for tick 1\n\n")
    offered = [i["label"] for i in shared_client.completion(uri, 1, 0)
               if i.get("detail") == "legal now"]
    closed(shared_client, uri)
    assert sorted(offered) == sorted(listed)


# -- the missing `end` ---------------------------------------------------------------------------


def test_a_file_without_end_gets_checks_warning(games: dict[str, Setup],
                                               shared_client: Client) -> None:
    """The editor shows check's W-NO-END where check puts it (the last line that holds an
    order), as a warning: `watch` waits for the line, so a file that check calls OK would
    otherwise wait silently. The fix that adds `end` names it, and clears it."""
    setup = games["simple-kingdoms"]
    path = setup.orders("Ironhold")
    text = 'orders for tick 1\n  build(0,0, "farm")  # first\n# the rest later\n'
    uri = shared_client.open(path, text)
    warned = [d for d in shared_client.diagnostics(uri) if d.get("code") == "W-NO-END"]
    assert len(warned) == 1, warned
    assert warned[0]["severity"] == WARNING
    assert "`watch` waits" in warned[0]["message"]
    assert warned[0]["range"]["start"] == {"line": 1, "character": 2}, "on the last order"
    (finish,) = [a for a in shared_client.code_actions(uri, 1, 2)
                 if a["title"].startswith("Finish the file")]
    assert finish["diagnostics"] == warned, "the fix names the warning it clears"
    (edit,) = finish["edit"]["changes"][uri]
    shared_client.change(uri, apply_edit(text, edit), 2)
    assert [d for d in shared_client.diagnostics(uri, 2) if d.get("code") == "W-NO-END"] == []
    closed(shared_client, uri)


# -- outline and colours -------------------------------------------------------------------------


def test_the_outline_and_colours_are_advertised() -> None:
    needs_pygls()
    server = Client()
    try:
        capabilities = server.initialize()["capabilities"]
    finally:
        assert server.shutdown() == 0, server.log()
    assert capabilities["documentSymbolProvider"]
    tokens = capabilities["semanticTokensProvider"]
    assert tokens["full"] is True
    assert {"keyword", "function", "string", "number", "comment"} <= \
        set(tokens["legend"]["tokenTypes"])


PLAN = """orders for tick 1
# a plan
if $gold >= 30
  build(0,0, "farm")
elif can hire_soldiers(0, 0, 1)
  hire_soldiers(0, 0, 1)
else
  stop
endif
while $gold > 100: buy_resource("wood", 10)
end
"""


def shape(symbols: list[dict[str, Any]]) -> list[Any]:
    return [(s["name"], s["kind"], s["range"]["start"]["line"], s["range"]["end"]["line"],
             shape(s.get("children") or [])) for s in symbols]


def test_document_symbols_outline_each_line_and_block(games: dict[str, Setup],
                                                      shared_client: Client) -> None:
    setup = games["simple-kingdoms"]
    uri = opened(shared_client, setup.orders("Ironhold"), PLAN)
    found = shared_client.symbols(uri)
    closed(shared_client, uri)
    assert found is not None
    namespace, function, key, boolean = (KINDS[k] for k in ("namespace", "function", "key",
                                                            "boolean"))
    assert shape(found) == [
        ("orders for tick 1", KINDS["module"], 0, 0, []),
        ("if $gold >= 30", namespace, 2, 8, [
            ('build(0,0, "farm")', function, 3, 3, []),
            ("elif can hire_soldiers(0, 0, 1)", boolean, 4, 5, [
                ("hire_soldiers(0, 0, 1)", function, 5, 5, [])]),
            ("else", boolean, 6, 7, [("stop", key, 7, 7, [])]),
        ]),
        ('while $gold > 100: buy_resource("wood", 10)', function, 9, 9, []),
        ("end", key, 10, 10, []),
    ]
    block = found[1]
    assert block["selectionRange"] == {"start": {"line": 2, "character": 0},
                                       "end": {"line": 2, "character": 14}}
    assert block["range"]["end"] == {"line": 8, "character": 5}


def decoded(data: list[int], legend: list[str]) -> list[tuple[int, int, int, str]]:
    """(line, start, length, type) of each token, from LSP's relative encoding."""
    out, line, start = [], 0, 0
    for index in range(0, len(data), 5):
        delta, offset, length, kind, _ = data[index:index + 5]
        line += delta
        start = start + offset if delta == 0 else offset
        out.append((line, start, length, legend[kind]))
    return out


def test_semantic_tokens_colour_an_order_file(games: dict[str, Setup],
                                              shared_client: Client) -> None:
    """Commands, names, numbers, facts, plan words and notes, at their places in UTF-16 (an
    emoji before a note counts two)."""
    from lifegames.lsp.outline import TOKEN_TYPES

    setup = games["simple-kingdoms"]
    text = ('orders for tick 1\nif $gold >= 30: build(0,0, "f\U0001f600rm")  # note\n'
            "standing none\nend\n")
    uri = opened(shared_client, setup.orders("Ironhold"), text)
    data = shared_client.tokens(uri)
    closed(shared_client, uri)
    assert data is not None
    assert decoded(data, TOKEN_TYPES) == [
        (0, 0, 6, "keyword"), (0, 7, 3, "keyword"), (0, 11, 4, "keyword"),
        (0, 16, 1, "number"),
        (1, 0, 2, "keyword"), (1, 3, 5, "variable"), (1, 9, 2, "operator"),
        (1, 12, 2, "number"), (1, 16, 5, "function"), (1, 22, 1, "number"),
        (1, 24, 1, "number"), (1, 27, 7, "string"), (1, 37, 6, "comment"),
        (2, 0, 8, "keyword"), (2, 9, 4, "keyword"),
        (3, 0, 3, "keyword"),
    ]


def test_a_name_that_is_a_command_is_coloured_as_a_name_inside_brackets(tmp_path: Path,
                                                                         shared_client: Client
                                                                         ) -> None:
    """A Simple Life's `on_miss(lake, 1)`: `lake` is a command too, but here it is a name."""
    from lifegames.lsp.outline import TOKEN_TYPES

    setup = make_game(tmp_path, "a-simple-life")
    uri = opened(shared_client, setup.orders("Ana"), "standing on_miss(lake, 1)\n")
    found = decoded(shared_client.tokens(uri) or [], TOKEN_TYPES)
    closed(shared_client, uri)
    assert found == [(0, 0, 8, "keyword"), (0, 9, 7, "function"), (0, 17, 4, "enumMember"),
                     (0, 23, 1, "number")]


def test_other_text_files_get_no_outline_nor_colours(tmp_path: Path,
                                                     shared_client: Client) -> None:
    uri = opened(shared_client, tmp_path / "notes.txt", "build(0,0, \"farm\")\n")
    assert shared_client.symbols(uri) is None
    assert shared_client.tokens(uri) is None
    closed(shared_client, uri)
