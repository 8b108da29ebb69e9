"""Counts and lists in the words players read: `1 soldier`, `3 soldiers`, never a noun hedged
with a bracketed s; `a farm`, `an iron mine`; `Bonehilda and Travis Scott`.

Every message, sheet and command-line line that states a number of things goes through
`counted`, so a single place decides the noun's form; tests/engine/test_words.py scans the
package's string literals so that a `(s)` plural cannot creep back in.
"""

from __future__ import annotations


def counted(count: int, word: str, plural: str = "") -> str:
    """`1 goal`, `2 goals`, `0 goals`; an irregular noun names its plural: counted(n, "die",
    "dice")."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


def listed(items: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`: names in a sentence, as a person would list them."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def article(noun: str) -> str:
    """`a farm`, `an iron mine`: the noun with its indefinite article (by its first letter,
    which is right for the words the games use)."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"
