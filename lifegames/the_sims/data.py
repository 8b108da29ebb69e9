"""The Sims Board Game's rule data, loaded once from games/the_sims/*.yaml and checked.

A wrong entry must fail loudly at start-up, naming the file and the entry, never as a KeyError in
the middle of a tick. Names are matched as players write them: any case, spaces squeezed.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import TypedDict, TypeVar

from ..engine.base.jsondata import Json, JsonObject
from ..engine.base.words import counted
from ..engine.files.data import DataError, load_yaml, squeeze, whole_number
from .state import HIDDEN  # no rule data may be named as a hidden card

PACKAGE = "the_sims"
ACTIONS = ("iconic_sims_move", "swap_cards", "don_lothario", "grim_reaper",
           "mrs_crumplebottom")
FACES = ("good", "awkward", "hand")
DECK_SIZE = 115
ASPIRATIONS = 27
HOMES = 18
SIMS = 18
VENUE_CARDS = 6
SIDES = ("A", "B")
T = TypeVar("T")


class ActionCard(TypedDict):
    """A kind of Action card, as cards.yaml gives it once checked."""

    name: str
    symbols: list[str]
    raises: list[str]  # the Needs it raises when taken
    action: str | None  # one of ACTIONS, or None for a plain card
    copies: int


class Side(TypedDict):
    """One side of a Venue card: the Venue, the Need it asks FULL and its three SIMbols."""

    name: str
    need: str
    symbols: list[str]


class Venue(Side):
    """A Venue on the board: its side, and which Venue card (1-6) shows it."""

    side: str
    card: int


def _name(entry: object, where: str) -> str:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise DataError(f"{where}: needs a name")
    name = " ".join(entry["name"].split())
    if not name or any(q in name for q in "\"'`\u201c\u201d\u2018\u2019") or name == HIDDEN:
        raise DataError(f"{where}: a name may not be empty, '?' or hold a quote ({name!r})")
    return name


def _load(name: str, key: str) -> list[Json]:
    data = load_yaml(PACKAGE, name)
    if not isinstance(data, dict) or not isinstance(data.get(key), list):
        raise DataError(f"{name}: needs a `{key}:` list")
    if data.get("reconstructed") is not True:
        raise DataError(f"{name}: reconstructed data must say `reconstructed: true`")
    found: list[Json] = data[key]
    return found


def _unique(names: list[str], where: str) -> None:
    seen: set[str] = set()
    for name in names:
        if squeeze(name) in seen:
            raise DataError(f"{where}: {name!r} is listed twice")
        seen.add(squeeze(name))


@functools.cache
def rules() -> JsonObject:
    data = load_yaml(PACKAGE, "rules.yaml")
    if not isinstance(data, dict):
        raise DataError("rules.yaml: not a mapping")
    try:
        low = whole_number(data["players"]["min"], "rules.yaml players.min", 1)
        whole_number(data["players"]["max"], "rules.yaml players.max", low)
        needs, symbols = data["needs"], data["symbols"]
        whole_number(data["hub"]["rows"], "rules.yaml hub.rows", 1)
        whole_number(data["hub"]["columns"], "rules.yaml hub.columns", 1)
        whole_number(data["board_sims"], "rules.yaml board_sims", 1)
        whole_number(data["move_in"]["aspirations"], "rules.yaml move_in.aspirations", 1)
        whole_number(data["move_in"]["homes"], "rules.yaml move_in.homes", 1)
        whole_number(data["go_home_raises"], "rules.yaml go_home_raises", 1)
        whole_number(data["aspiration_symbols"], "rules.yaml aspiration_symbols", 1)
        for key in ("aspiration", "iconic_sim", "target", "long_target"):
            whole_number(data["points"][key], f"rules.yaml points.{key}", 1)
        for key in ("aspirations", "sims_to_win", "party_at", "set_size"):
            whole_number(data["solo"][key], f"rules.yaml solo.{key}", 1)
        faces = data["die"]
    except (KeyError, TypeError) as error:
        raise DataError(f"rules.yaml: missing {error}") from None
    for key, values in (("needs", needs), ("symbols", symbols)):
        if not isinstance(values, list) or not values or not all(
                isinstance(v, str) and v.strip() and '"' not in v for v in values):
            raise DataError(f"rules.yaml: {key} should be a list of names")
        _unique(values, f"rules.yaml {key}")
    if not isinstance(faces, list) or not faces or any(f not in FACES for f in faces):
        raise DataError(f"rules.yaml: die should list faces, each one of {', '.join(FACES)}")
    if set(faces) != set(FACES):
        raise DataError("rules.yaml: the die needs at least one face of each kind")
    if len(needs) < data["go_home_raises"]:
        raise DataError("rules.yaml: fewer Needs than Go Home raises")
    return data


def needs() -> list[str]:
    return list(rules()["needs"])


def symbols() -> list[str]:
    return list(rules()["symbols"])


def _symbol(value: object, where: str) -> str:
    if value not in rules()["symbols"]:
        raise DataError(f"{where}: {value!r} is not a SIMbol kind ({', '.join(symbols())})")
    return str(value)


def _need(value: object, where: str) -> str:
    if value not in rules()["needs"]:
        raise DataError(f"{where}: {value!r} is not a Need ({', '.join(needs())})")
    return str(value)


# -- Action cards ------------------------------------------------------------------------------


def _card(entry: Json, index: int) -> ActionCard:
    name = _name(entry, f"cards.yaml card {index + 1}")
    where = f"cards.yaml {name!r}"
    marks = entry.get("symbols")
    if not isinstance(marks, list) or not 1 <= len(marks) <= 4:
        raise DataError(f"{where}: symbols should list 1 to 4 SIMbols")
    raises = entry.get("raises", [])
    if not isinstance(raises, list) or len(set(raises)) != len(raises):
        raise DataError(f"{where}: raises should list different Needs")
    action = entry.get("action")
    if action is not None and action not in ACTIONS:
        raise DataError(f"{where}: action should be one of {', '.join(ACTIONS)}")
    return {
        "name": name,
        "symbols": [_symbol(s, where) for s in marks],
        "raises": [_need(n, where) for n in raises],
        "action": action,
        "copies": whole_number(entry.get("copies"), f"{where} copies", 1),
    }


@functools.cache
def cards() -> dict[str, ActionCard]:
    """Every kind of Action card by name, in the order of cards.yaml."""
    out: dict[str, ActionCard] = {}
    for index, entry in enumerate(_load("cards.yaml", "cards")):
        card = _card(entry, index)
        out[card["name"]] = card
    _unique(list(out), "cards.yaml")
    total = sum(c["copies"] for c in out.values())
    if total != DECK_SIZE:
        raise DataError(f"cards.yaml: the deck holds {total} cards, not {DECK_SIZE}")
    for action in ACTIONS:
        if not any(c["action"] == action for c in out.values()):
            raise DataError(f"cards.yaml: no card carries the action {action}")
    return out


def card(name: str) -> ActionCard:
    return cards()[name]


def deck() -> list[str]:
    """The 115 Action cards in cards.yaml order (setup shuffles them)."""
    return [name for name, c in cards().items() for _ in range(c["copies"])]


# -- Venues ------------------------------------------------------------------------------------


@functools.cache
def venue_cards() -> list[dict[str, Side]]:
    """The six Venue cards, each {"A": side, "B": side}; a side is {name, need, symbols}."""
    data = load_yaml(PACKAGE, "venues.yaml")
    entries = _load("venues.yaml", "venues")
    if len(entries) != VENUE_CARDS:
        raise DataError(f"venues.yaml: {len(entries)} Venue cards, not {VENUE_CARDS}")
    out: list[dict[str, Side]] = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or set(entry) != set(SIDES):
            raise DataError(f"venues.yaml card {index + 1}: needs sides A and B")
        sides: dict[str, Side] = {}
        for side in SIDES:
            spec = entry[side]
            name = _name(spec, f"venues.yaml card {index + 1} side {side}")
            where = f"venues.yaml {name!r}"
            marks = spec.get("symbols")
            if not isinstance(marks, list) or len(marks) != 3 or len(set(marks)) != 3:
                raise DataError(f"{where}: a Venue shows three different SIMbols")
            sides[side] = {"name": name, "need": _need(spec.get("need"), where),
                           "symbols": [_symbol(s, where) for s in marks]}
        out.append(sides)
    _unique([c[s]["name"] for c in out for s in SIDES], "venues.yaml")
    check_sides(str(data.get("default_sides", "")), "venues.yaml default_sides")
    return out


def check_sides(text: str, where: str) -> str:
    sides = text.strip().upper()
    if len(sides) != VENUE_CARDS or any(s not in SIDES for s in sides):
        raise DataError(f"{where}: {text!r} should be six letters A or B, one per Venue card "
                        "(e.g. ABBAAB)")
    return sides


def default_sides() -> str:
    venue_cards()
    return check_sides(str(load_yaml(PACKAGE, "venues.yaml")["default_sides"]), "venues.yaml")


def layout(sides: str) -> list[Venue]:
    """The six Venues on the board for a choice of sides, in board order."""
    return [Venue(**card[side], side=side, card=i + 1)
            for i, (card, side) in enumerate(zip(venue_cards(), sides, strict=True))]


def all_venue_names() -> list[str]:
    return [c[s]["name"] for c in venue_cards() for s in SIDES]


# -- Aspirations, Homes, Iconic Sims -------------------------------------------------------------


def _pair(entry: Mapping[str, object], field: str, where: str) -> list[str]:
    value = entry.get(field)
    if not isinstance(value, list) or len(value) != 2 or value[0] == value[1]:
        raise DataError(f"{where}: {field} should name two different SIMbol kinds")
    return [_symbol(s, where) for s in value]


def _one(entry: Mapping[str, object], field: str, where: str) -> str:
    return _symbol(entry.get(field), where)


def _symbolled(file: str, key: str, count: int, field: str,
               read: Callable[[Mapping[str, object], str, str], T]) -> dict[str, T]:
    """Each entry's name -> what `read` makes of its `field` (a SIMbol, or a pair)."""
    out: dict[str, T] = {}
    for index, entry in enumerate(_load(file, key)):
        name = _name(entry, f"{file} entry {index + 1}")
        out[name] = read(entry, field, f"{file} {name!r}")
    _unique(list(out), file)
    if len(out) != count:
        raise DataError(f"{file}: {counted(len(out), 'card')}, not {count}")
    return out


@functools.cache
def aspirations() -> dict[str, list[str]]:
    """Aspiration name -> its two SIMbol kinds."""
    return _symbolled("aspirations.yaml", "aspirations", ASPIRATIONS, "symbols", _pair)


@functools.cache
def homes() -> dict[str, str]:
    """Home card name -> its SIMbol."""
    return _symbolled("homes.yaml", "homes", HOMES, "symbol", _one)


@functools.cache
def sims() -> dict[str, str]:
    """Iconic Sim name -> interest SIMbol."""
    return _symbolled("sims.yaml", "sims", SIMS, "interest", _one)


def check_all() -> None:
    """Load and check every file (setup calls it, so a bad file stops a game from starting)."""
    rules(), cards(), venue_cards(), default_sides(), aspirations(), homes(), sims()
    if rules()["solo"]["aspirations"] > ASPIRATIONS:
        raise DataError("rules.yaml: more solo Aspirations than the deck holds")


# -- finding what players write ----------------------------------------------------------------


@functools.cache
def _lookup(kind: str) -> dict[str, str]:
    names: list[str] = {
        "card": lambda: list(cards()),
        "need": needs,
        "symbol": symbols,
        "aspiration": lambda: list(aspirations()),
        "home": lambda: list(homes()),
        "sim": lambda: list(sims()),
        "venue": all_venue_names,
    }[kind]()
    return {squeeze(n): n for n in names}


def find(kind: str, written: object) -> str | None:
    """The name of a `kind` (card, need, symbol, aspiration, home, sim, venue) as written, or
    None."""
    return _lookup(kind).get(squeeze(written))


def names(kind: str) -> list[str]:
    return list(_lookup(kind).values())
