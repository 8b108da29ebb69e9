"""Counts in the words players read: `1 soldier`, `3 soldiers`, never a noun hedged with a
bracketed s.

Every message, sheet and command-line line that states a number of things goes through
`counted`, so a single place decides the noun's form; tests/engine/test_words.py scans the
package's string literals so that a `(s)` plural cannot creep back in.
"""

from __future__ import annotations


def counted(count: int, word: str, plural: str = "") -> str:
    """`1 goal`, `2 goals`, `0 goals`; an irregular noun names its plural: counted(n, "die",
    "dice")."""
    return f"{count} {word if count == 1 else plural or word + 's'}"
