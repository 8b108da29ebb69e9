"""What an editor (or someone posing as one) may throw at the server, and what the disk may
do under it: malformed messages, a file of 64 KiB and far larger ones, a file deleted while
open, a game folder in the middle of a tick, a tick played elsewhere, links where lifegames
never follows one. None of it may crash the server, leave a request unanswered, or make it
write anything in a game folder."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from lifegames.engine.core.orders import MAX_FILE_BYTES
from lifegames.engine.folder.folder import GameFolder

from .client import Client
from .conftest import make_game, needs_pygls, tree

ERROR, INFORMATION = 1, 3


def ready(client: Client, path: Path, text: str) -> tuple[str, list[dict]]:
    uri = client.open(path, text)
    return uri, client.diagnostics(uri)


def test_malformed_messages_are_answered_or_dropped_and_the_server_goes_on(
        tmp_path: Path, client: Client):
    setup = make_game(tmp_path, "simple-kingdoms")
    uri, _ = ready(client, setup.orders("Ironhold"), "orders for tick 1\n")
    for raw in (b"{{{{{", b"[]", b"null", b'"text"', b"\xff\xfe\x00\x00garbage!",
                b'{"jsonrpc": "2.0"}', b'{"jsonrpc": "1.0", "method": "initialized"}',
                b'{"jsonrpc": "2.0", "id": {}, "method": "textDocument/hover"}'):
        client.send_raw(b"Content-Length: %d\r\n\r\n" % len(raw) + raw)
    client.send_raw(b"Content-Length: abc\r\n\r\n")
    client.send_raw(b"X-Nothing: " + b"x" * 100_000 + b"\r\n")
    for params in ({"textDocument": {"uri": 5}}, {}, {"textDocument": {"uri": uri}}):
        client.notify("textDocument/didOpen", params)
    client.notify("textDocument/didChange", {"textDocument": {"uri": "file:///no/such/file",
                                                              "version": 3},
                                             "contentChanges": [{"text": "x"}]})
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": "not a list"})
    assert client.ask("no/such/method", {})["error"]["code"] == -32601
    bad = client.ask("textDocument/completion", {"textDocument": {"uri": uri},
                                                 "position": {"line": 0, "character": -5}})
    assert bad["error"]["code"] == -32602, "invalid params are answered, not left waiting"
    assert client.ask("textDocument/hover", {"textDocument": {"uri": uri}, "position": "x"}
                      )["error"]["code"] == -32602
    for line, character in ((10**6, 0), (2**31 - 1, 2**31 - 1), (0, 10**6)):
        where = {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}
        assert "error" not in client.ask("textDocument/completion", where)
        assert "error" not in client.ask("textDocument/hover", where)
    assert client.ask("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "context": {"diagnostics": []},
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 10**9, "character": 0}},
    }).get("result") is not None
    unknown = {"textDocument": {"uri": "file:///not/open.txt"},
               "position": {"line": 0, "character": 0}}
    assert client.ask("textDocument/completion", unknown).get("result") is None
    assert client.ask("textDocument/hover", unknown).get("result") is None
    huge = b'{"jsonrpc": "2.0", "method": "x", "params": "' + b"a" * (9 << 20) + b'"}'
    client.send_raw(b"Content-Length: %d\r\n\r\n" % len(huge) + huge)

    client.change(uri, "orders for tick 1\nbiuld(0,0)\n", 9)
    assert [d["code"] for d in client.diagnostics(uri, 9) if d.get("code")] == \
        ["E-UNKNOWN-COMMAND"], "still checking after all that"
    assert "dropped" in client.log()


def test_a_file_of_64_kib_is_checked_and_a_larger_one_refused_as_tick_would(
        tmp_path: Path, client: Client):
    setup = make_game(tmp_path, "lifestyle")
    path = setup.orders("Ana")
    head = "orders for tick 1\ntake_row(1)\n"
    filler = "# " + "x" * 77 + "\n"
    text = head + filler * ((MAX_FILE_BYTES - len(head)) // len(filler))
    text += "#" * (MAX_FILE_BYTES - len(text.encode()) - 1) + "\n"
    assert len(text.encode()) == MAX_FILE_BYTES
    uri, found = ready(client, path, text)
    assert [d for d in found if d["severity"] == ERROR] == [], found
    client.change(uri, text + "#", 2)
    (refused,) = client.diagnostics(uri, 2)
    assert refused["code"] == "E-FILE-TOO-LARGE"
    assert refused["range"]["start"] == {"line": 0, "character": 0}
    client.change(uri, "take_row(1)\n" * 200_000, 3)  # 2.4 MB of orders: never parsed
    assert [d["code"] for d in client.diagnostics(uri, 3)] == ["E-FILE-TOO-LARGE"]
    client.change(uri, head + "\x00\n", 4)
    assert [d["code"] for d in client.diagnostics(uri, 4)] == ["E-BINARY"]
    client.change(uri, head, 5)
    assert [d for d in client.diagnostics(uri, 5) if d["severity"] == ERROR] == []


def test_a_file_deleted_while_open_and_then_its_whole_game(tmp_path: Path, client: Client):
    setup = make_game(tmp_path, "simple-kingdoms")
    path = setup.orders("Ironhold")
    uri, _ = ready(client, path, path.read_text())
    path.unlink()
    client.change(uri, "orders for tick 1\nbiuld(0,0)\n", 2)
    assert [d["code"] for d in client.diagnostics(uri, 2) if d.get("code")] == \
        ["E-UNKNOWN-COMMAND"], "the buffer is checked; the file on disk is not needed"
    assert client.completion(uri, 2, 0), "and completion still works"
    shutil.rmtree(setup.root)
    client.change(uri, "orders for tick 1\n", 3)
    (note,) = client.diagnostics(uri, 3)
    assert note["severity"] == INFORMATION and "not in a game" in note["message"]
    assert client.completion(uri, 1, 0) == []
    assert client.hover(uri, 0, 0) is None


def test_a_game_folder_mid_tick_is_said_so_and_checked_again_once_the_tick_is_done(
        tmp_path: Path, client: Client, monkeypatch: pytest.MonkeyPatch):
    setup = make_game(tmp_path, "simple-kingdoms")
    path = setup.orders("Ironhold")
    uri, found = ready(client, path, "orders for tick 1\nend\n")
    assert found == []

    def die(self: GameFolder, entries: list) -> None:
        raise KeyboardInterrupt  # the machine stops after the journal is written

    with monkeypatch.context() as patch:
        patch.setattr(GameFolder, "_carry_out", die)
        with pytest.raises(KeyboardInterrupt):
            setup.host.tick()
    assert (setup.root / ".lifegames" / "journal.json").exists()
    before = tree(tmp_path)
    (note,) = client.diagnostics(uri)  # the server looks again within a second
    assert note["severity"] == INFORMATION and "a tick is being written" in note["message"]
    client.change(uri, "orders for tick 1\nbiuld(0,0)\nend\n", 2)
    (note,) = client.diagnostics(uri, 2)
    assert "a tick is being written" in note["message"]
    assert tree(tmp_path) == before, "the server finished nothing and wrote nothing"

    setup.host.load()  # any command finishes the tick
    assert not (setup.root / ".lifegames" / "journal.json").exists()
    found = client.diagnostics(uri)
    assert [d["code"] for d in found if d.get("code")] == ["E-STALE-ORDERS",
                                                            "E-UNKNOWN-COMMAND"], found
    fix = [a for a in client.code_actions(uri, 0)
           if a["title"] == "Change this line to `orders for tick 2`"]
    assert fix, "the stale line is fixed by a code action"


def test_a_tick_played_elsewhere_checks_open_files_again(tmp_path: Path, client: Client):
    setup = make_game(tmp_path, "simple-kingdoms")
    uri, found = ready(client, setup.orders("Thornvale"), "orders for tick 1\nend\n")
    assert found == []
    setup.host.tick()
    (stale,) = client.diagnostics(uri)
    assert stale["code"] == "E-STALE-ORDERS" and stale["range"]["start"]["line"] == 0


def test_links_are_not_followed(tmp_path: Path, client: Client):
    """A seat.json that is a link to another seat's (or to anything) is refused as `check`
    refuses it, and nothing is read through it."""
    setup = make_game(tmp_path, "lifestyle", seats=True)
    seat = setup.seats / "Ben"
    (seat / "seat.json").unlink()
    os.symlink(setup.seats / "Ana" / "seat.json", seat / "seat.json")
    uri, found = ready(client, setup.orders("Ben"), "orders for tick 1\n")
    (note,) = found
    assert note["severity"] == INFORMATION and "link" in note["message"], note
    assert "Ana" not in json.dumps(found)


def test_files_that_are_not_order_files(tmp_path: Path, client: Client):
    setup = make_game(tmp_path, "simple-kingdoms")
    sheet = next((setup.root / "Ironhold").glob("000_*sheet.txt"))
    _, found = ready(client, sheet, sheet.read_text())
    assert found == [], "a file that is not named like an order file gets nothing"
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": "untitled:Untitled-1", "languageId": "lifegames-orders", "version": 1,
        "text": "biuld(1)"}})
    (note,) = client.diagnostics("untitled:Untitled-1")
    assert "on disk" in note["message"]
    _, found = ready(client, setup.root / "Ironhold" / "Thornvale_orders.txt", "")
    assert "Ironhold's folder" in found[0]["message"], found
    draft = setup.root / "Ironhold" / "Ironhold_orders_draft.txt"
    _, found = ready(client, draft, "orders for tick 1\nbiuld(1)\n")
    assert {d.get("code") for d in found} == {"E-UNKNOWN-COMMAND", None}
    assert any("reads only Ironhold_orders.txt" in d["message"] for d in found)


def test_columns_are_counted_in_the_editors_units(tmp_path: Path):
    """UTF-16 code units unless the editor offers another encoding (a name holding a
    character outside the Basic Multilingual Plane counts twice in UTF-16)."""
    needs_pygls()
    setup = make_game(tmp_path, "simple-kingdoms")
    text = 'orders for tick 1\nbuild(0,0, "\U0001f3f0")  # castle\nbuild(0,0, "\U0001f3f0x")\n'
    seen = {}
    for encoding in ("utf-16", "utf-32", "utf-8"):
        client = Client()
        result = client.initialize([encoding])
        assert result["capabilities"]["positionEncoding"] == encoding
        uri = client.open(setup.orders("Ironhold"), text)
        seen[encoding] = sorted((d["range"]["start"]["line"], d["range"]["end"]["character"])
                                for d in client.diagnostics(uri) if d.get("code"))
        assert client.shutdown() == 0
    assert seen["utf-32"] == [(1, 14), (2, 15)]
    assert seen["utf-16"] == [(1, 15), (2, 16)]
    assert seen["utf-8"] == [(1, 17), (2, 18)]
