"""What players wrote, made safe to print: control characters shown, never obeyed.

An order file, a player's name in a message, or a file `verify` prints may hold escape
sequences (clear the screen, set the window title, hide text) or bidirectional overrides that
reorder what the host reads. Every line the program prints passes through `visible`, which
spells each such character as `\\uXXXX` (the JSON spelling, so JSON output stays valid JSON
with the same meaning) and keeps tabs and line breaks. A byte of a file name that is not
UTF-8 (Python holds it as a lone surrogate) is spelled `\\xNN`.

A file name is one word of a line, so `file_name` also spells tabs and line breaks: a name that
holds a newline must not print as two lines (it would forge a line of the report).
"""

from __future__ import annotations

import functools
import re

# C0 controls but tab and newline, DEL, C1 controls, the invisible marks that change the
# direction of text, and lone surrogates (the undecodable bytes of a file name).
_CONTROL = (
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_IN_NAME = (
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


@functools.cache
def _pattern(spec: str) -> re.Pattern[str]:
    """Compiled on first need: building these Unicode ranges costs a command's start-up more
    than most of its work, and the common text (plain ASCII) never needs them (see _plain)."""
    return re.compile(spec)


def _plain(text: str, keep: str = "") -> bool:
    """True when `text` is ASCII and every character is printable or in `keep`: such text
    holds nothing to spell (every ASCII character the patterns match is a control), so it is
    decided without compiling them."""
    if not text.isascii():
        return False
    for char in keep:
        text = text.replace(char, "")
    return text.isprintable()


def _spell(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # surrogateescape's spelling of the byte code - 0xDC00
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}"


def visible(text: str) -> str:
    if _plain(text, "\t\n"):
        return text
    control = _pattern(_CONTROL)
    if control.search(text) is None:
        return text
    return control.sub(_spell, text)


def file_name(text: str) -> str:
    """A file or folder name as one printable word: every control character, tab and line
    break included, spelled out (see the module docstring)."""
    if _plain(text):
        return text
    in_name = _pattern(_IN_NAME)
    if in_name.search(text) is None:
        return text
    return in_name.sub(_spell, text)
