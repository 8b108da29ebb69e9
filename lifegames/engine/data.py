"""Where grammars and rule data live, in a checkout and in an installed copy.

In the checkout they sit at the top (grammars/, games/); the build maps them into the package
(lifegames/grammars, lifegames/games), which is looked at first.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml

_PACKAGE = Path(__file__).resolve().parent.parent


@functools.cache
def root(kind: str) -> Path:
    for candidate in (_PACKAGE / kind, _PACKAGE.parent / kind):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"lifegames is missing its {kind}/ folder (looked beside {_PACKAGE})")


def grammar_path(name: str) -> Path:
    """A grammar by name (grammars/<name>.lark) or, for tests and add-ons, by .lark path."""
    if name.endswith(".lark"):
        return Path(name)
    return root("grammars") / f"{name}.lark"


def game_file(package: str, name: str) -> Path:
    return root("games") / package / name


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.cache
def load_yaml(package: str, name: str) -> Any:
    """Safe-load one rule-data file (never yaml.load: the data is as untrusted as orders)."""
    with open(game_file(package, name), encoding="utf-8") as handle:
        loader = _Loader(handle)  # a SafeLoader: builds plain dicts, lists and scalars only
        try:
            return loader.get_single_data()
        finally:
            loader.dispose()
