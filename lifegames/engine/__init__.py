"""The game-agnostic turn processor. No game is named in this package.

Its modules sit in sub-packages by what they hold, in layers: a module may import its own
sub-package and those below it, never one above, so the turn core runs with no game folder,
seat or host behind it (a simulation, a bot, the language server's check). Top to bottom,
each with what it holds and what it may import (base imports nothing of lifegames):

    host/    the commands over a game folder and the referee's tools: all below
    seats/   seats (folders, git, OpenSSH) and one player's check: folder, text and below
    folder/  the game folder on disk: lock, journal, read-only view: files, base
    text/    what players and the referee read: sheets, story page, order reference: core
    core/    the turn: contract, orders, plans, dice, ticks, bots, history: files, base
    files/   guarded reads and writes, the cache, where rule data lives: base
    base/    leaf helpers: problem codes, the exception base, escaping, words, SVG: nothing

folder/ and text/ stand side by side and import nothing of each other. pyproject.toml's
[tool.importlinter] contracts hold the code to this map (`lint-imports`;
tests/test_architecture.py runs them); docs/ARCHITECTURE.md walks through it. One file
stays at the top, sshserve.py: the forced command's place before the sub-packages, which
authorized_keys lines written then still name; it runs seats/sshserve.py.
"""
