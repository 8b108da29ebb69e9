"""Where grammars and rule data live, in a checkout and in an installed copy.

In the checkout they sit at the top (grammars/, games/); the build maps them into the package
(lifegames/grammars, lifegames/games), which is looked at first.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from ..base.errors import LifegamesError
from ..base.jsondata import Json
from . import cache

_PACKAGE = Path(__file__).resolve().parents[2]


class DataError(LifegamesError, ValueError):
    """Rule data (games/<game>/*.yaml) that does not hold what the code needs, located by
    file and key: the data ships with the game but is edited by hand, like an order file."""


def whole_number(value: object, where: str, low: int = 0, high: int | None = None) -> int:
    """`value` if it is an int in low..high (a bool is not a number here), else DataError."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (
            high is not None and value > high):
        span = f"{low}..{high}" if high is not None else f"{low} or more"
        raise DataError(f"{where} should be a whole number {span}, not {value!r}")
    return value


def squeeze(text: object) -> str:
    """A written name as it is looked up: lower case, one space between words."""
    return " ".join(str(text).lower().split())


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


@functools.cache
def load_yaml(package: str, name: str) -> Json:
    """Safe-load one rule-data file (never yaml.load: the data is as untrusted as orders).

    The parsed data is cached as JSON keyed by the file's hash, so a tick need not import or
    run the YAML parser at all."""
    raw = game_file(package, name).read_bytes()
    place = cache.folder()
    entry = None
    if place is not None:
        digest = hashlib.sha256(raw).hexdigest()[:32]
        entry = place / f"data-{package}-{name}-{digest}.json"
        found = cache.load_json(entry)
        if found is not None:
            return found
    data = parse_yaml(raw)
    if entry is not None:
        cache.save_json(entry, data)
    return data


def parse_yaml(raw: bytes | str) -> Json:
    """YAML text to plain dicts, lists and scalars, with a safe loader only."""
    import yaml

    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    loader = loader_class(raw)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def fact_docs(package: str) -> dict[str, str]:
    """The facts a game's plans may read (orders.yaml `facts:`): name -> what it is."""
    try:
        docs = load_yaml(package, "orders.yaml")
    except FileNotFoundError:  # a game without order help (a test's) has no facts either
        return {}
    facts = docs.get("facts", {}) if isinstance(docs, dict) else {}
    if not isinstance(facts, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in facts.items()):
        raise ValueError(f"games/{package}/orders.yaml: `facts` must map names to help text")
    return facts
