"""Completion, hover and code actions as an editor receives them (one server for the module,
real game folders): what each offers where the cursor stands, and that each fix, applied,
gives the file check wanted."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from lifegames.engine.core.contract import Order
from lifegames.engine.core.dice import Dice
from lifegames.engine.files.data import fact_docs
from lifegames.engine.text.reference import command_entry

from .client import Client, apply_edit
from .conftest import Setup, make_game


@pytest.fixture(scope="module")
def kingdoms(tmp_path_factory: pytest.TempPathFactory) -> Setup:
    return make_game(tmp_path_factory.mktemp("kingdoms"), "simple-kingdoms", seed=1)


@pytest.fixture(scope="module")
def lifestyle(tmp_path_factory: pytest.TempPathFactory) -> Setup:
    return make_game(tmp_path_factory.mktemp("lifestyle"), "lifestyle", seats=True)


def at(client: Client, path: Path, text: str, line: int, character: int | None = None
       ) -> list[dict[str, Any]]:
    """Completion items at (line, character) of `text` (default: the end of that line)."""
    uri = client.open(path, text)
    client.diagnostics(uri)
    column = len(text.split("\n")[line]) if character is None else character
    items = client.completion(uri, line, column)
    client.close(uri)
    client.diagnostics(uri)
    return items


def text_at(client: Client, uri: str, line: int, character: int) -> str:
    """What hover shows at a place (there must be something)."""
    found = client.hover(uri, line, character)
    assert found is not None, (line, character)
    return str(found["contents"]["value"])


def labels(items: list[dict[str, Any]], detail: str | None = None) -> list[str]:
    return [i["label"] for i in items if detail is None or i.get("detail") == detail]


def test_the_legal_orders_offered_are_those_after_the_lines_above(kingdoms: Setup,
                                                                  shared_client: Client) -> None:
    """After a watchtower is built, the orders legal on the next line are those of the state
    it left (as check runs the file), not the start of the tick's."""
    path = kingdoms.orders("Ironhold")
    text = 'orders for tick 1\nbuild(0,0, "watchtower")\n\n'
    offered = labels(at(shared_client, path, text, 2), "legal now")
    game = kingdoms.game
    work = game.knowledge(kingdoms.state, "Ironhold")
    game.begin_tick(work)
    game.act(work, "Ironhold", Order.make("build", row=0, col=0, building="watchtower"),
             Dice(-1, 1))
    assert offered == list(game.legal_orders(work, "Ironhold"))
    assert offered != kingdoms.legal("Ironhold")


def test_after_a_draw_no_legal_order_is_claimed(tmp_path: Path, shared_client: Client
                                                ) -> None:
    chaotic = make_game(tmp_path, "a-chaotic-life")
    path = chaotic.orders(chaotic.awaited)
    assert "draw()" in chaotic.legal(chaotic.awaited)
    items = at(shared_client, path, "orders for tick 1\ndraw()\n\n", 2)
    assert labels(items, "legal now") == [], "nobody knows the card drawn yet"
    assert "end_turn" in labels(items), "the commands are still offered"


def test_arguments_complete_with_the_names_the_game_takes(kingdoms: Setup,
                                                          shared_client: Client) -> None:
    path = kingdoms.orders("Ironhold")
    items = at(shared_client, path, 'orders for tick 1\nbuild(0,0, "f', 1)
    assert labels(items)[:3] == ["farm", "big_farm", "watchtower"], "legal ones first"
    farm = next(i for i in items if i["label"] == "farm")
    assert farm["textEdit"]["newText"] == '"farm"'
    assert farm["textEdit"]["range"]["start"] == {"line": 1, "character": 11}
    assert "gold_mine" in labels(items), "and every building the game has"
    amounts = at(shared_client, path, "orders for tick 1\nhire_soldiers(0, 0, ", 1)
    assert labels(amounts, "count: in an order legal now") == ["1", "2", "5"]
    assert "$gold" in labels(amounts), "a count may be a fact"


def test_facts_plan_words_and_standing_orders(lifestyle: Setup, shared_client: Client) -> None:
    path = lifestyle.orders("Ana")
    facts = list(fact_docs("lifestyle"))
    assert labels(at(shared_client, path, "orders for tick 1\nreroll($", 1)) == \
        [f"${f}" for f in facts]
    after_if = labels(at(shared_client, path, "orders for tick 1\nif ", 1))
    assert after_if[:len(facts)] == facts and "can" in after_if and "not" in after_if
    after_can = labels(at(shared_client, path, "orders for tick 1\nif can ", 1), "legal now")
    assert after_can == lifestyle.legal("Ana")
    standing = labels(at(shared_client, path, "orders for tick 1\nstanding ", 1))
    assert set(standing) == {"none", "accept", "discard", "end_turn"}
    start = labels(at(shared_client, path, "\n", 0))
    assert {"if", "while", "endif", "stop", "standing", "absent", "end",
            "orders for tick 1"} <= set(start)
    assert at(shared_client, path, "take_row(1)  # a note ", 0) == [], "no offers in a note"


def test_hover_shows_the_order_reference(lifestyle: Setup, shared_client: Client) -> None:
    path = lifestyle.orders("Ana")
    uri = shared_client.open(path, "orders for tick 1\nroll(\"Cat\")\nwhile not met: "
                             "reroll($best_die)\nend\n")
    shared_client.diagnostics(uri)
    shown = text_at(shared_client, uri, 1, 2)
    for line in command_entry(lifestyle.game, "roll"):
        assert line.strip() in shown
    assert "card: Goldfish, Hamster" in shown, "with the names the argument takes"
    fact = text_at(shared_client, uri, 2, 25)
    assert fact_docs("lifestyle")["best_die"] in fact
    assert "endwhile" in text_at(shared_client, uri, 2, 2)
    named = shared_client.hover(uri, 1, 7)
    assert named is not None
    assert named["contents"]["value"] == lifestyle.game.describe("Cat"), "a name: what it is"
    assert named["range"]["start"] == {"line": 1, "character": 5}
    assert "complete" in text_at(shared_client, uri, 3, 1)
    shared_client.close(uri)


def fixes(client: Client, path: Path, text: str, line: int) -> tuple[str, dict[str, str]]:
    uri = client.open(path, text)
    client.diagnostics(uri)
    found = {}
    for action in client.code_actions(uri, line):
        (edit,) = action["edit"]["changes"][uri]
        found[action["title"]] = apply_edit(text, edit)
    client.close(uri)
    client.diagnostics(uri)
    return uri, found


def test_code_actions_write_what_check_asked_for(kingdoms: Setup, shared_client: Client) -> None:
    path = kingdoms.orders("Ironhold")
    _, found = fixes(shared_client, path, "orders for tick 7\n", 0)
    assert found["Change this line to `orders for tick 1`"] == "orders for tick 1\n"
    _, found = fixes(shared_client, path, 'build(0,0, "farm")', 0)
    assert found["Add the line `orders for tick 1` at the top"] == \
        'orders for tick 1\nbuild(0,0, "farm")'
    assert found["Finish the file: add `end` as its last line"] == 'build(0,0, "farm")\nend\n'
    _, found = fixes(shared_client, path, "orders for tick 1\nbuild(0,0, farm)  # why\n", 1)
    assert found['Write `build(0, 0, "farm")`'] == \
        'orders for tick 1\nbuild(0, 0, "farm")  # why\n'
    _, found = fixes(shared_client, path, "orders for tick 1\nbuild(0,0, 'frm')\nend\n", 1)
    assert found["Change to 'farm'"] == "orders for tick 1\nbuild(0,0, 'farm')\nend\n"
    assert "Finish the file: add `end` as its last line" not in found


def test_a_misspelt_name_is_fixed_as_the_game_spells_it(lifestyle: Setup,
                                                        shared_client: Client) -> None:
    path = lifestyle.orders("Ana")
    _, found = fixes(shared_client, path, 'orders for tick 1\ntake_row(1)\nstanding '
                     'discard("hamstr")\nend\n', 2)
    titles = [t for t in found if t.startswith("Change to")]
    assert titles and all('"' in t for t in titles), found
    assert any(t == 'Change to "Hamster"' for t in titles), titles


def shown(setup: Setup, state: dict[str, Any], player: str, text: str,
          spots: list[tuple[int, int]]) -> str:
    """Everything the server would show `player` for `text` on `state`: diagnostics,
    completion at each spot, hover over each word of the file (in-process, as the server
    computes them)."""
    from lsprotocol import types as lsp
    from pygls.protocol import default_converter

    from lifegames.engine.seats.playercheck import folder_standpoint
    from lifegames.lsp.assist import complete, hover
    from lifegames.lsp.diagnose import Buffer, check_buffer
    from lifegames.lsp.places import Place

    loaded = setup.host.load()
    where = folder_standpoint(setup.game, state, loaded.players, player)
    buffer = Buffer(setup.orders(player).as_uri(), text, 1)
    checked = check_buffer(buffer, Place(where, player), "utf-16")
    out: list[Any] = [checked.diagnostics]
    out += [complete(where, buffer, lsp.Position(*spot), "utf-16") for spot in spots]
    out += [hover(where, buffer, lsp.Position(n, c), "utf-16", checked)
            for n, line in enumerate(text.split("\n")) for c in range(0, len(line), 3)]
    converter = default_converter()  # type: ignore[no-untyped-call]
    return json.dumps(converter.unstructure(out), sort_keys=True)


@pytest.mark.parametrize("game_id", ["simple-kingdoms", "a-chaotic-life"])
def test_nothing_the_server_shows_depends_on_a_secret(game_id: str, tmp_path: Path) -> None:
    """The same game with its secrets changed (an unexplored tile's terrain; the deck and
    another player's hand): diagnostics, completion and hover stay byte for byte the same."""
    from .conftest import needs_pygls

    needs_pygls()
    setup = make_game(tmp_path, game_id, seed=1)
    state = setup.state
    player = setup.awaited
    secret = json.loads(json.dumps(state))
    if game_id == "simple-kingdoms":
        tile = next(t for t in secret["tiles"] if (t["row"], t["col"]) == (0, 1))
        assert not tile["explored"]
        tile["terrain"] = "mountains" if tile["terrain"] != "mountains" else "plains"
        text = ("orders for tick 1\nhire_soldiers(0,0, 2)\nmove_soldiers(0,0, 0,1, 4)\n"
                "claim_tile(0,1)\n\n")
        spots = [(4, 0), (3, 11)]
    else:
        other = next(p for p in secret["players"] if p != player)
        pool = secret["deck"] + secret["hands"][other]
        random.Random(5).shuffle(pool)
        size = len(secret["hands"][other])
        secret["hands"][other], secret["deck"] = pool[:size], pool[size:]
        legal = setup.legal(player)
        text = "orders for tick 1\n" + "\n".join(legal[:3]) + '\nplay("Nope")\n\n'
        spots = [(5, 0), (4, 5), (1, 0)]
    assert secret != state
    assert shown(setup, state, player, text, spots) == shown(setup, secret, player, text, spots)


def test_hover_on_the_first_line_says_what_check_says(kingdoms: Setup,
                                                      shared_client: Client) -> None:
    path = kingdoms.orders("Ironhold")
    uri = shared_client.open(path, 'orders for tick 1\nbuild(0,0, "farm")\n')
    shared_client.diagnostics(uri)
    said = text_at(shared_client, uri, 0, 1)
    assert "1 order would run" in said and "built a farm on (0,0)" in said, said
    shared_client.change(uri, 'orders for tick 1\nbuild(0,0, "farm")\nbiuld(1)\n', 2)
    shared_client.diagnostics(uri, 2)
    said = text_at(shared_client, uri, 0, 1)
    assert "1 problem; a tick would refuse this file" in said, said
    shared_client.close(uri)
