"""The language server itself: pygls over stdin and stdout, wired to places, diagnose, assist
and outline.

A change is checked once the typing pauses (DEBOUNCE), on one worker thread, so requests are
still answered while a large file is checked; a check whose buffer changed meanwhile is thrown
away and run again on the new text. The open files' games are looked at every POLL seconds
(lstat only), so a tick played elsewhere, or a seat refreshed by the host, checks them again.

What the editor sends is untrusted like any order file: a message is read only up to
MAX_MESSAGE bytes (a larger one is read past and dropped), a buffer is checked as the bytes a
tick would read (64 KiB at most, engine/core/orders.py), only `file:` names are looked at, and
nothing is ever written in a game folder. pygls' own document store is not used: it reads a
file from disk for a name the editor never opened.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Callable, Generator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TypeVar, cast

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.uris import to_fs_path

from .. import __version__, registry
from ..engine.base.jsondata import JsonObject
from .assist import actions, complete, hover
from .diagnose import LINES, Buffer, Checked, check_buffer, index_of
from .outline import LEGEND, Words, document_symbols, semantic_tokens
from .places import Place, Places, Signature

if TYPE_CHECKING:
    from pygls.protocol.json_rpc import RPCMessage
    from pygls.server import ServerErrors

DEBOUNCE = 0.03  # seconds of quiet after a change before it is checked
POLL = 1.0  # seconds between looks at the open files' games
MAX_MESSAGE = 8 * 1024 * 1024  # bytes of one message from the editor
MAX_HEADER = 4096  # bytes of one header line
TRIGGERS = ["(", ",", "$", '"', " ", ":"]
log = logging.getLogger("lifegames.lsp")
T = TypeVar("T")
U = TypeVar("U")

# What a notification handler yields to pygls: the user's handler, its arguments and keyword
# arguments (none); what pygls sends back in is that handler's result.
_Handling = Generator[tuple[Callable[..., object], tuple[object], None], object, None]


class Protocol(LanguageServerProtocol):
    """pygls' protocol, with the document notifications passed straight to the server, and
    every malformed message answered or dropped: a request whose params are not what its
    method takes gets an error answer (pygls alone would leave the editor waiting), and
    what is not a JSON-RPC message at all (`[]`, `null`) is dropped with a line in the log."""

    def structure_message(self, data: JsonObject) -> object:
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            method, number = data.get("method"), data.get("id")
            log.warning("a malformed message (%s) was dropped: %s", method, error.message)
            if isinstance(method, str) and isinstance(number, (int, str)) and \
                    not isinstance(number, bool):
                self._send_response(number, error=lsp.ResponseError(
                    error.code, f"{error.message}: these are not the params {method} takes"))
            return None

    def handle_message(self, message: object) -> None:
        if not hasattr(message, "jsonrpc"):
            if message is not None:
                log.warning("a message that is not JSON-RPC was dropped")
            return
        super().handle_message(cast("RPCMessage", message))

    def _user(self, method: str, params: object) -> _Handling:
        handler = self.fm.features.get(method)
        if handler is not None:
            yield handler, (params,), None

    @lsp_method(lsp.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: lsp.DidOpenTextDocumentParams
                                    ) -> _Handling:
        yield from self._user(lsp.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: lsp.DidChangeTextDocumentParams
                                      ) -> _Handling:
        yield from self._user(lsp.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: lsp.DidCloseTextDocumentParams
                                     ) -> _Handling:
        yield from self._user(lsp.TEXT_DOCUMENT_DID_CLOSE, params)


class BoundedReader:
    """The editor's side of the pipe, read with bounds: a header line past MAX_HEADER or a
    message past MAX_MESSAGE is read past in pieces and dropped, never held whole."""

    DROPPED = b'{"jsonrpc": "2.0", "method": "$/lifegames/dropped", "params": {}}'

    def __init__(self, raw: BinaryIO) -> None:
        self.raw = raw

    def readline(self) -> bytes:
        line = self.raw.readline(MAX_HEADER)
        if len(line) < MAX_HEADER or line.endswith(b"\n"):
            return line
        while True:
            more = self.raw.readline(MAX_HEADER)
            if not more:
                return b""
            if more.endswith(b"\n"):
                log.warning("a header line longer than %d bytes was dropped", MAX_HEADER)
                return b"X-Dropped: a header line too long\r\n"

    def read(self, size: int) -> bytes:
        if size <= MAX_MESSAGE:
            return self.raw.read(size)
        left = size
        while left:
            chunk = self.raw.read(min(left, 1 << 20))
            if not chunk:
                return b""
            left -= len(chunk)
        log.warning("a message of %d bytes was dropped (at most %d are read)", size, MAX_MESSAGE)
        return self.DROPPED


def uri_path(uri: str) -> Path | None:
    """The file an editor's document name stands for, if it names a local file."""
    if not uri.startswith("file:"):
        return None
    try:
        path = to_fs_path(uri)
    except Exception:  # a name pygls cannot take apart: not a file of ours
        return None
    if not path or "\x00" in path or not os.path.isabs(path):
        return None
    return Path(path)


class OrderServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("lifegames", __version__, protocol_cls=Protocol,
                         text_document_sync_kind=lsp.TextDocumentSyncKind.Full)
        self.places = Places(registry.get)
        self.buffers: dict[str, Buffer] = {}
        self.checked: dict[str, Checked] = {}
        self.seen: dict[str, Signature] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.running: set[str] = set()
        self.again: set[str] = set()
        self.worker = ThreadPoolExecutor(1, thread_name_prefix="lifegames-check")
        self.polling: asyncio.TimerHandle | None = None

    @property
    def encoding(self) -> str:
        return str(self.workspace.position_encoding or lsp.PositionEncodingKind.Utf16)

    def report_server_error(self, error: Exception, source: ServerErrors) -> None:
        """Whatever went wrong with one message (a malformed one, say) goes to the log, not
        to a pop-up: the server carries on with the next."""
        log.error("%s", error)
        try:
            self.window_log_message(lsp.LogMessageParams(lsp.MessageType.Error,
                                                         f"lifegames: {error}"))
        except Exception:  # the pipe itself failed: there is no one left to tell
            pass

    # -- buffers ------------------------------------------------------------------------------
    def open(self, uri: str, text: str, version: int | None) -> None:
        self.buffers[uri] = Buffer(uri, text, version)
        self.schedule(uri, 0)

    def change(self, uri: str, version: int | None,
               changes: list[lsp.TextDocumentContentChangeEvent]) -> None:
        buffer = self.buffers.get(uri)
        if buffer is None:
            return  # never opened (or closed): nothing to check
        text = buffer.text
        for change in changes:
            if isinstance(change, lsp.TextDocumentContentChangePartial):
                text = _apply(Buffer(uri, text, version), change, self.encoding)
            else:
                text = change.text
        self.buffers[uri] = Buffer(uri, text, version)
        self.schedule(uri)

    def close(self, uri: str) -> None:
        self.buffers.pop(uri, None)
        self.checked.pop(uri, None)
        self.seen.pop(uri, None)
        timer = self.timers.pop(uri, None)
        if timer is not None:
            timer.cancel()
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri, []))

    def place(self, uri: str) -> Place:
        path = uri_path(uri)
        if path is None:
            return Place(None, uri, "lifegames checks order files on disk (file: names) only")
        return self.places.find(path)

    # -- checking -----------------------------------------------------------------------------
    def schedule(self, uri: str, delay: float = DEBOUNCE) -> None:
        timer = self.timers.pop(uri, None)
        if timer is not None:
            timer.cancel()
        self.timers[uri] = asyncio.get_running_loop().call_later(delay, self._start, uri)

    def _start(self, uri: str) -> None:
        self.timers.pop(uri, None)
        buffer = self.buffers.get(uri)
        if buffer is None:
            return
        if uri in self.running:
            self.again.add(uri)
            return
        self.running.add(uri)
        path = uri_path(uri)
        if path is not None:
            self.seen[uri] = self.places.signature(path)
        future = self.worker.submit(self._check, buffer)
        loop = asyncio.get_running_loop()
        future.add_done_callback(
            lambda done: loop.call_soon_threadsafe(self._finish, uri, buffer, done))

    def _check(self, buffer: Buffer) -> Checked:
        return check_buffer(buffer, self.place(buffer.uri), self.encoding)

    def _finish(self, uri: str, buffer: Buffer, done: Future[Checked]) -> None:
        self.running.discard(uri)
        current = self.buffers.get(uri)
        try:
            checked = done.result()
        except Exception:
            log.exception("checking %s failed", uri)
            checked = None
        if checked is not None and current is buffer:
            self.checked[uri] = checked
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                uri, checked.diagnostics, version=buffer.version))
        if uri in self.again and current is not None:
            self.again.discard(uri)
            self._start(uri)

    def poll(self) -> None:
        """Check open files again whose game changed on disk (a tick, a refreshed seat)."""
        try:
            for uri in list(self.buffers):
                path = uri_path(uri)
                if path is not None and self.places.signature(path) != self.seen.get(uri):
                    self.schedule(uri, 0)
        finally:
            self.polling = asyncio.get_running_loop().call_later(POLL, self.poll)

    def order_file(self, uri: str) -> tuple[Buffer, Place] | None:
        """An open buffer and its place, if it is an order file (in a game or not): what an
        outline and colours are given for. Any other text file the editor hands over gets
        nothing."""
        buffer = self.buffers.get(uri)
        if buffer is None:
            return None
        place = self.place(uri)
        if place.standpoint is None and not place.trouble:
            return None
        return buffer, place

    def current(self, uri: str) -> Checked | None:
        """The last check of a buffer, if it is of the buffer as it stands."""
        checked = self.checked.get(uri)
        buffer = self.buffers.get(uri)
        if checked is None or buffer is None or checked.buffer is not buffer:
            return None
        return checked


def _apply(buffer: Buffer, change: lsp.TextDocumentContentChangePartial, encoding: str) -> str:
    """A ranged change applied to a buffer (for an editor that sends them though the server
    asked for whole texts)."""
    starts = [0, *(m.end() for m in LINES.finditer(buffer.text))]

    def offset(position: lsp.Position) -> int:
        if position.line >= len(buffer.lines):
            return len(buffer.text)
        line = max(0, position.line)
        return starts[line] + index_of(buffer.lines[line], max(0, position.character), encoding)

    start, end = offset(change.range.start), offset(change.range.end)
    return buffer.text[:start] + change.text + buffer.text[max(start, end):]


def build() -> OrderServer:
    """The server with its features (a function, so a test or a benchmark can make one)."""
    server = OrderServer()

    @server.feature(lsp.INITIALIZED)
    def initialized(ls: OrderServer, params: lsp.InitializedParams) -> None:
        ls.polling = asyncio.get_running_loop().call_later(POLL, ls.poll)

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: OrderServer, params: lsp.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        ls.open(item.uri, item.text, item.version)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: OrderServer, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.change(params.text_document.uri, params.text_document.version,
                  list(params.content_changes))

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: OrderServer, params: lsp.DidSaveTextDocumentParams) -> None:
        if params.text_document.uri in ls.buffers:
            ls.schedule(params.text_document.uri, 0)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: OrderServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.close(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                    lsp.CompletionOptions(trigger_characters=TRIGGERS))
    def completion(ls: OrderServer, params: lsp.CompletionParams) -> lsp.CompletionList | None:
        buffer = ls.buffers.get(params.text_document.uri)
        if buffer is None:
            return None
        where = ls.place(buffer.uri).standpoint
        if where is None:
            return None
        items: list[lsp.CompletionItem] = _guarded(
            lambda: complete(where, buffer, params.position, ls.encoding), [])
        return lsp.CompletionList(is_incomplete=False, items=items)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: OrderServer, params: lsp.HoverParams) -> lsp.Hover | None:
        buffer = ls.buffers.get(params.text_document.uri)
        where = ls.place(buffer.uri).standpoint if buffer is not None else None
        if buffer is None or where is None:
            return None
        return _guarded(lambda: hover(where, buffer, params.position, ls.encoding,
                                      ls.current(buffer.uri)), None)

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
    def code_action(ls: OrderServer, params: lsp.CodeActionParams
                    ) -> list[lsp.CodeAction] | None:
        checked = ls.current(params.text_document.uri)
        if checked is None:
            buffer = ls.buffers.get(params.text_document.uri)
            if buffer is None:
                return None
            checked = _guarded(lambda: check_buffer(buffer, ls.place(buffer.uri), ls.encoding),
                               None)
            if checked is None:
                return None
        found: list[lsp.CodeAction] = _guarded(
            lambda: actions(checked, params.range, ls.encoding), [])
        return found

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(ls: OrderServer, params: lsp.DocumentSymbolParams
                ) -> list[lsp.DocumentSymbol] | None:
        found = ls.order_file(params.text_document.uri)
        if found is None:
            return None
        return _guarded(lambda: document_symbols(found[0], ls.encoding), [])

    @server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
    def tokens(ls: OrderServer, params: lsp.SemanticTokensParams) -> lsp.SemanticTokens | None:
        found = ls.order_file(params.text_document.uri)
        if found is None:
            return None
        buffer, place = found
        game = place.standpoint.game if place.standpoint is not None else None
        return _guarded(lambda: semantic_tokens(Words.of(game), buffer, ls.encoding),
                        lsp.SemanticTokens(data=[]))

    return server


def _guarded(work: Callable[[], T], fallback: U) -> T | U:
    """A request's answer; if answering it failed (a bug), the fallback, and the failure in
    the log: one bad request must not stop the server."""
    try:
        return work()
    except Exception:
        log.exception("a request failed")
        return fallback


def serve(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
    """Run the server on the process's stdin and stdout until the editor ends it. Whatever
    else would print to stdout (it is the editor's pipe) goes to stderr instead."""
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="lifegames lsp: %(levelname)s %(message)s")
    logging.getLogger("pygls").setLevel(logging.CRITICAL)  # each failure is logged once, here
    if stdout is None:
        stdout = os.fdopen(os.dup(1), "wb")
        os.dup2(2, 1)
        sys.stdout = sys.stderr
    reader = BoundedReader(stdin or sys.stdin.buffer)
    build().start_io(reader, stdout)  # type: ignore[arg-type]
