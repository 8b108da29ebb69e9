"""A small Language Server Protocol client over real pipes: it starts `python3 -m lifegames
lsp` as a separate process and speaks to it as an editor does (Content-Length framed JSON-RPC
on its stdin and stdout). Tests and bench/lsp_latency.py use it; it can also send bytes that
no editor would (malformed frames, broken JSON)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
TIMEOUT = 20.0


class ServerGone(Exception):
    pass


class Client:
    def __init__(self, cwd: Path | None = None, env: dict[str, str] | None = None,
                 command: list[str] | None = None) -> None:
        environ = dict(os.environ if env is None else env)
        environ["PYTHONPATH"] = os.pathsep.join(
            [str(REPO), *filter(None, [environ.get("PYTHONPATH")])])
        self.stderr = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            command or [sys.executable, "-m", "lifegames", "lsp"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=self.stderr, cwd=cwd, env=environ)
        self.lock = threading.Condition()
        self.responses: dict[int, dict[str, Any]] = {}
        self.notifications: list[dict[str, Any]] = []
        self.next_id = 0
        self.closed = False
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    # -- the wire ---------------------------------------------------------------------------
    def send_raw(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps(message).encode("utf-8")
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        try:
            while True:
                length = None
                while True:
                    line = stream.readline()
                    if not line:
                        raise EOFError
                    if line in (b"\r\n", b"\n"):
                        break
                    name, _, value = line.decode("ascii").partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value)
                assert length is not None, "a message without Content-Length"
                message = json.loads(stream.read(length))
                with self.lock:
                    if "id" in message and "method" not in message:
                        self.responses[message["id"]] = message
                    else:
                        self.notifications.append(message)
                    self.lock.notify_all()
        except (EOFError, ValueError, OSError):
            with self.lock:
                self.closed = True
                self.lock.notify_all()

    def wait(self, ready: Callable[[], Any], timeout: float = TIMEOUT) -> Any:
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                found = ready()
                if found:
                    return found
                if self.closed:
                    raise ServerGone(self.log())
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no answer in {timeout} s\n{self.log()}")
                self.lock.wait(left)

    # -- messages ----------------------------------------------------------------------------
    def request(self, method: str, params: Any = None, timeout: float = TIMEOUT) -> Any:
        """The result (raises AssertionError on an error answer)."""
        answer = self.ask(method, params, timeout)
        assert "error" not in answer, answer
        return answer.get("result")

    def ask(self, method: str, params: Any = None, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The whole answer, error or result."""
        with self.lock:
            self.next_id += 1
            number = self.next_id
        self.send({"jsonrpc": "2.0", "id": number, "method": method,
                   **({} if params is None else {"params": params})})
        answer: dict[str, Any] = self.wait(lambda: self.responses.pop(number, None), timeout)
        return answer

    def notify(self, method: str, params: Any = None) -> None:
        self.send({"jsonrpc": "2.0", "method": method,
                   **({} if params is None else {"params": params})})

    def initialize(self, encodings: list[str] | None = None) -> dict[str, Any]:
        general = {"positionEncodings": encodings} if encodings else {}
        result = self.request("initialize", {
            "processId": os.getpid(), "rootUri": None,
            "capabilities": {"general": general, "textDocument": {
                "publishDiagnostics": {"versionSupport": True},
                "completion": {"completionItem": {"snippetSupport": False}}}}})
        self.notify("initialized", {})
        return result  # type: ignore[no-any-return]

    def shutdown(self) -> int:
        """End the session as an editor does; the server's exit code."""
        try:
            self.request("shutdown", timeout=10)
            self.notify("exit")
            assert self.process.stdin is not None
            self.process.stdin.close()
        except (OSError, ServerGone):
            pass
        try:
            return self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def log(self) -> str:
        """What the server wrote on stderr so far."""
        self.stderr.seek(0)
        return self.stderr.read().decode("utf-8", "replace")

    # -- documents ---------------------------------------------------------------------------
    def open(self, path: Path, text: str, version: int = 1) -> str:
        uri = path.resolve().as_uri()
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "lifegames-orders", "version": version, "text": text}})
        return uri

    def change(self, uri: str, text: str, version: int) -> None:
        self.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"text": text}]})

    def close(self, uri: str) -> None:
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    def diagnostics(self, uri: str, version: int | None = None, timeout: float = TIMEOUT
                    ) -> list[dict[str, Any]]:
        """The diagnostics the server publishes for `uri` (at `version`, if given), waiting
        for them; each call takes the next publication."""
        def found() -> list[dict[str, Any]] | None:
            for index, message in enumerate(self.notifications):
                params = message.get("params") or {}
                if message.get("method") == "textDocument/publishDiagnostics" and \
                        params.get("uri") == uri and \
                        (version is None or params.get("version") == version):
                    del self.notifications[:index + 1]
                    return [params["diagnostics"]]
            return None
        return self.wait(found, timeout)[0]  # type: ignore[no-any-return]

    def completion(self, uri: str, line: int, character: int) -> list[dict[str, Any]]:
        result = self.request("textDocument/completion", {
            "textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
        if result is None:
            return []
        return result["items"] if isinstance(result, dict) else result  # type: ignore[no-any-return]

    def hover(self, uri: str, line: int, character: int) -> dict[str, Any] | None:
        return self.request("textDocument/hover", {  # type: ignore[no-any-return]
            "textDocument": {"uri": uri}, "position": {"line": line, "character": character}})

    def symbols(self, uri: str) -> list[dict[str, Any]] | None:
        return self.request("textDocument/documentSymbol",  # type: ignore[no-any-return]
                            {"textDocument": {"uri": uri}})

    def tokens(self, uri: str) -> list[int] | None:
        """The semantic tokens of the whole document, as the wire carries them."""
        result = self.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})
        return None if result is None else list(result["data"])

    def code_actions(self, uri: str, line: int, end_line: int | None = None
                     ) -> list[dict[str, Any]]:
        result = self.request("textDocument/codeAction", {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": line, "character": 0},
                      "end": {"line": line if end_line is None else end_line, "character": 0}},
            "context": {"diagnostics": []}})
        return result or []


def apply_edit(text: str, edit: dict[str, Any]) -> str:
    """One TextEdit applied to a text (positions in UTF-16, lines split at CR, LF, CRLF)."""
    import re

    lines = re.split(r"(\r\n|\r|\n)", text)
    starts, offset = [], 0
    for index in range(0, len(lines), 2):
        starts.append(offset)
        offset += len(lines[index]) + (len(lines[index + 1]) if index + 1 < len(lines) else 0)

    def at(position: dict[str, int]) -> int:
        line = position["line"]
        if line >= len(starts):
            return len(text)
        content = lines[line * 2]
        units, index = 0, 0
        while index < len(content) and units < position["character"]:
            units += 2 if ord(content[index]) > 0xFFFF else 1
            index += 1
        return starts[line] + index

    start, end = at(edit["range"]["start"]), at(edit["range"]["end"])
    return text[:start] + str(edit["newText"]) + text[end:]
