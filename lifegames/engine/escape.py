"""What players wrote, made safe to print: control characters shown, never obeyed.

An order file, a player's name in a message, or a file `verify` prints may hold escape
sequences (clear the screen, set the window title, hide text) or bidirectional overrides that
reorder what the host reads. Every line the program prints passes through `visible`, which
spells each such character as `\\uXXXX` (the JSON spelling, so JSON output stays valid JSON
with the same meaning) and keeps tabs and line breaks.
"""

from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, C1 controls, and the invisible marks that change the
# direction of text.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    if _CONTROL.search(text) is None:
        return text
    return _CONTROL.sub(lambda match: f"\\u{ord(match.group()):04x}", text)
