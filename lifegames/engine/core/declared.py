"""A game's state, declared once: its shape, its bounds, and who may see each field.

Each game writes its state as TypedDicts in its `state.py`, every field annotated with who may
see it (`Annotated[list[str], Owner(others=SIZE, placeholder="?")]`). From that one declaration
the engine derives, for every player, the state as they know it (`view`): what `check` runs
on, what a seat's seat.json holds, and the input of their sheets, JSON view and facts. It is
an allowlist: a field the declaration does not name never reaches a view, and a field that
names no visibility is refused when the declaration is compiled, so nothing is public by
default. The same declaration validates every state the host loads (`problem`): keys, types
and bounds, so a damaged hidden state is a damaged folder, never a traceback in game code.

Why TypedDict and not dataclasses. A state is JSON: it is loaded, saved, hashed and copied
(checks and bots copy states thousands of times a game) as plain dicts and lists, and every
game reads it as `state["hands"][player]`. A TypedDict is exactly that dict at run time (no
conversion on load or save, copies as fast as before, the stored bytes unchanged) while mypy
checks its keys and types, and `typing.get_type_hints(include_extras=True)` gives the engine
each field's annotations to read visibility and bounds from. Dataclasses would need a
conversion at every load, save and copy, and a rewrite of every access; and a player's view,
where a hidden card is a placeholder, is JSON of the same shape, which a TypedDict describes
and a dataclass instance would not.

The vocabulary:

- `PUBLIC`: everyone sees it (what it holds may still declare secrets of its own);
- `Owner(by)`: its owner sees it; `by` names the owner: `KEY` (the key of the map it is an
  entry of), `ENTRY` (the key of the map entry that holds the record it is a field of: a
  player's seat, `seats[player].drawn`), the name of a field of the same record, or the
  position of an item of the same fixed-length array. Others see nothing of it
  (`others=NOTHING`: the map entry, or the record's field, is left out) or only its size
  (`others=SIZE`: a list of as many placeholders, or one placeholder; null stays null, for
  an empty place hides nothing);
- `Nobody(placeholder)`: nobody sees it but its size (the order of a draw pile);
- `Once(field, placeholder)`: everyone sees it once the record's boolean `field` is true (a
  tile's terrain once explored); until then the placeholder.

Bounds: `Range(low, high)` for numbers, `OneOf(vocabulary)` for names (the game's vocabulary:
card names, stages, terrains; the engine adds "player"), `Keys(vocabulary, every=...)` for the
keys of a map, and `Literal[...]` for fixed words. A placeholder is what `act` runs on in a
view: it must make an order that depends on the secret raise OrderError (a "?" card is no card
a check accepts), never guess.

A fixed-length JSON array (a pair) is declared as a `tuple[...]`: JSON has no tuples, so the
state holds a list of that length, and the tuple says what each position is. A union of
several types (`list[str] | list[Spot]`: a field whose shape depends on the game's mode) is
a value of any one of them; it may hold no secret, so a view copies it whole.

Who may see a field does not say where else its hidden cards could be: a hidden place also
names its pool (`Pool`, `Roll`, `Among` of engine/core/resample.py), from which `resample` draws a
state one player cannot tell from the real one. This module keeps those markers on each
place (`Slot.markers`) and reads none of them.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Collection, Iterator, Mapping
from typing import Annotated, Final, Literal, Union

from ..base.errors import LifegamesError
from ..base.jsondata import Json, JsonObject

KEY: Final = "<key>"  # Owner(by=KEY): the owner is the key of the map the value is an entry of
# Owner(by=ENTRY): the owner is the key of the nearest map entry holding the value's record
ENTRY: Final = "<entry>"
SIZE: Final = "size"
NOTHING: Final = "nothing"
PLAYER: Final = "player"  # the vocabulary of player names, which the engine supplies


class Marker:
    """A value of the vocabulary (engine/core/resample.py adds its own). Plain slotted classes, not
    dataclasses: every command imports this module, and a dataclass costs its import a
    generated method or three."""

    __slots__: tuple[str, ...] = ()

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({shown})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            getattr(self, name) == getattr(other, name) for name in self.__slots__)

    def __hash__(self) -> int:
        return hash((type(self), *(repr(getattr(self, name)) for name in self.__slots__)))


class Public(Marker):
    """Everyone may see this field."""


PUBLIC: Final = Public()


class Owner(Marker):
    """Only the field's owner may see it; others see nothing of it, or only its size."""

    __slots__ = ("by", "others", "placeholder")
    by: str | int
    others: Literal["size", "nothing"]
    placeholder: object

    def __init__(self, by: str | int = KEY, others: Literal["size", "nothing"] = NOTHING,
                 placeholder: object = None) -> None:
        self.by, self.others, self.placeholder = by, others, placeholder


class Nobody(Marker):
    """No player may see the field; everyone sees its size (a list keeps its length)."""

    __slots__ = ("placeholder",)
    placeholder: object

    def __init__(self, placeholder: object = None) -> None:
        self.placeholder = placeholder


class Once(Marker):
    """Everyone may see the field once the record's boolean field `condition` is true."""

    __slots__ = ("condition", "placeholder")
    condition: str
    placeholder: object

    def __init__(self, condition: str, placeholder: object = None) -> None:
        self.condition, self.placeholder = condition, placeholder


Visibility = Public | Owner | Nobody | Once


class Range(Marker):
    """A whole number from `low` to `high` (no upper bound if None)."""

    __slots__ = ("low", "high")
    low: int
    high: int | None

    def __init__(self, low: int = 0, high: int | None = None) -> None:
        self.low, self.high = low, high


class OneOf(Marker):
    """A name from one of the game's vocabularies (`Game.vocabulary`, or "player")."""

    __slots__ = ("vocabulary",)
    vocabulary: str

    def __init__(self, vocabulary: str) -> None:
        self.vocabulary = vocabulary


class Keys(Marker):
    """The keys of a map: names from a vocabulary; `every`: each name of it, no more."""

    __slots__ = ("vocabulary", "every")
    vocabulary: str
    every: bool

    def __init__(self, vocabulary: str, every: bool = False) -> None:
        self.vocabulary, self.every = vocabulary, every


class DeclarationError(LifegamesError, TypeError):
    """A declaration the engine cannot derive views from (a field without a visibility)."""


class Unfit(LifegamesError, ValueError):
    """A state that does not fit its declaration; `path` names the field."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path or 'the state'} {message}")
        self.path = path


_DROP: Final = object()  # a map entry that a viewer may not see at all


class Context:
    """What checking a state needs besides the declaration: the vocabularies, and whether the
    state is a player's view (placeholders allowed where the declaration hides something)."""

    __slots__ = ("vocabulary", "view")

    def __init__(self, vocabulary: Mapping[str, Collection[str]], view: bool = False) -> None:
        self.vocabulary, self.view = vocabulary, view


_CONTAINERS = (dict, list)


def _copy(value: Json) -> Json:
    if type(value) is dict:
        return {k: _copy(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy(v) for v in value]
    return value


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# -- nodes: the compiled declaration ------------------------------------------------------------


class Node:
    """One type of the declaration, compiled: how to copy it for a viewer and how to check it.
    `plain`: nothing below it is hidden from anyone, so a view copies it whole."""

    plain: bool = True
    what: str = ""

    def view(self, value: Json, viewer: str | None, entry: str | None = None) -> Json:
        """`value` as `viewer` may see it; `entry`: the key of the nearest map entry that
        holds it (the owner of what is declared Owner(by=ENTRY) below)."""
        return _copy(value)

    def check(self, value: Json, path: str, ctx: Context) -> None:
        raise NotImplementedError

    def children(self, value: Json, path: tuple[str | int, ...]
                 ) -> Iterator[tuple[tuple[str | int, ...], Node]]:
        return iter(())

    def wrong(self) -> list[object]:
        """Values of other types (for the generated tests of damaged states)."""
        samples: list[object] = ["x", 7, None, [], {}, True]
        return [v for v in samples if not self._fits_type(v)]

    def _fits_type(self, value: object) -> bool:
        raise NotImplementedError


class Scalar(Node):
    def __init__(self, kind: type, bounds: tuple[object, ...]) -> None:
        self.kind = kind
        self.range = next((b for b in bounds if isinstance(b, Range)), None)
        self.one_of = next((b.vocabulary for b in bounds if isinstance(b, OneOf)), None)
        self.what = {int: "a whole number", str: "a text", bool: "true or false"}[kind]
        if self.range:
            high = f" to {self.range.high}" if self.range.high is not None else " or more"
            self.what = f"a whole number {self.range.low}{high}"
        if self.one_of:
            self.what = f"a {self.one_of} name"

    def view(self, value: Json, viewer: str | None, entry: str | None = None) -> Json:
        return value

    def _fits_type(self, value: object) -> bool:
        if self.kind is int:
            return isinstance(value, int) and not isinstance(value, bool)
        return isinstance(value, self.kind)

    def check(self, value: Json, path: str, ctx: Context) -> None:
        if not self._fits_type(value):
            raise Unfit(path, f"is {_kind(value)} ({_shown(value)}), not {self.what}")
        if self.range and not (self.range.low <= value and (
                self.range.high is None or value <= self.range.high)):
            raise Unfit(path, f"is {value}, not {self.what}")
        if self.one_of is not None and value not in ctx.vocabulary.get(self.one_of, ()):
            raise Unfit(path, f"is {_shown(value)}, not {self.what}")


class Choice(Node):
    def __init__(self, values: tuple[object, ...]) -> None:
        self.values = values
        self.what = "one of " + ", ".join(map(repr, values))

    def view(self, value: Json, viewer: str | None, entry: str | None = None) -> Json:
        return value

    def _fits_type(self, value: object) -> bool:
        return any(type(value) is type(v) for v in self.values)

    def check(self, value: Json, path: str, ctx: Context) -> None:
        if not any(value == v and type(value) is type(v) for v in self.values):
            raise Unfit(path, f"is {_shown(value)}, not {self.what}")

    def wrong(self) -> list[object]:
        return [*super().wrong(), "not-a-choice"]


class Maybe(Node):
    """`X | None`."""

    def __init__(self, inner: Node) -> None:
        self.inner = inner
        self.plain = inner.plain
        self.what = f"{inner.what} or null"

    def view(self, value: Json, viewer: str | None, entry: str | None = None) -> Json:
        return None if value is None else self.inner.view(value, viewer, entry)

    def _fits_type(self, value: object) -> bool:
        return value is None or self.inner._fits_type(value)

    def check(self, value: Json, path: str, ctx: Context) -> None:
        if value is not None:
            self.inner.check(value, path, ctx)

    def children(self, value: Json, path: tuple[str | int, ...]
                 ) -> Iterator[tuple[tuple[str | int, ...], Node]]:
        return iter(()) if value is None else self.inner.children(value, path)

    def wrong(self) -> list[object]:
        return [v for v in self.inner.wrong() if v is not None]


class Slot:
    """A place in the declaration that says who may see it: a field of a record, a position of
    a pair, or (Owner(by=KEY)) each entry of a map. `markers`: every marker of its annotation,
    for what else reads the declaration (engine/core/resample.py: the pools of hidden cards)."""

    __slots__ = ("node", "visibility", "markers")

    def __init__(self, node: Node, visibility: Visibility,
                 markers: tuple[object, ...] = ()) -> None:
        self.node, self.visibility, self.markers = node, visibility, markers

    @property
    def plain(self) -> bool:
        return self.visibility is PUBLIC and self.node.plain

    def hidden(self, value: Json) -> Json:
        """What a viewer who may not see `value` gets instead."""
        vis = self.visibility
        if isinstance(vis, Owner) and vis.others == NOTHING:
            return _DROP
        if value is None:  # an empty place: that it is empty is all there is to see
            return None
        placeholder = vis.placeholder if isinstance(vis, (Owner, Nobody, Once)) else None
        if isinstance(value, list):
            return [placeholder] * len(value)
        return placeholder

    def sees(self, viewer: str | None, key: str | None, parent: Json,
             entry: str | None = None) -> bool:
        """Whether `viewer` may see the value here: `key`, the key of the map entry it is (for
        Owner(by=KEY)); `parent`, the record or pair holding it; `entry`, as for Node.view."""
        vis = self.visibility
        if vis is PUBLIC:
            return True
        if isinstance(vis, Owner):
            owner = key if vis.by == KEY else entry if vis.by == ENTRY else parent[vis.by]
            return viewer is not None and owner == viewer
        if isinstance(vis, Once):
            return parent.get(vis.condition) is True
        return False

    def show(self, value: Json, viewer: str | None, key: str | None, parent: Json,
             entry: str | None = None) -> Json:
        if self.visibility is PUBLIC or self.sees(viewer, key, parent, entry):
            return self.node.view(value, viewer, entry)
        return self.hidden(value)

    def check(self, value: Json, path: str, ctx: Context) -> None:
        if ctx.view and not isinstance(self.visibility, Public) and self._placeholder(value):
            return
        self.node.check(value, path, ctx)

    def _placeholder(self, value: Json) -> bool:
        placeholder = getattr(self.visibility, "placeholder", None)
        if isinstance(value, list) and isinstance(self.node, (ListOf, Maybe)):
            return all(v == placeholder for v in value)
        return value == placeholder and type(value) is type(placeholder)


class ListOf(Node):
    def __init__(self, item: Node) -> None:
        self.item = item
        self.plain = item.plain
        self.what = "a list"

    def view(self, value: Json, viewer: str | None, entry: str | None = None) -> Json:
        if self.plain:
            return _copy(value)
        return [self.item.view(v, viewer, entry) for v in value]

    def _fits_type(self, value: object) -> bool:
        return isinstance(value, list)

    def check(self, value: Json, path: str, ctx: Context) -> None:
        if not isinstance(value, list):
            raise Unfit(path, f"is {_kind(value)} ({_shown(value)}), not a list")
        for index, item in enumerate(value):
            self.item.check(item, f"{path}[{index}]", ctx)

    def children(self, value: Json, path: tuple[str | int, ...]
                 ) -> Iterator[tuple[tuple[str | int, ...], Node]]:
        if value:
            yield (*path, 0), self.item
            yield from self.item.children(value[0], (*path, 0))


class _Table(Node):
    """A JSON object: a map (MapOf) or a record (Record)."""

    what = "a table"

    def _fits_type(self, value: object) -> bool:
        return isinstance(value, dict)

    def _a_table(self, value: Json, path: str) -> None:
        if not isinstance(value, dict):
            raise Unfit(path, f"is {_kind(value)} ({_shown(value)}), not a table")


class MapOf(_Table):
    """A table of names to values (keys are texts in JSON). Owner(by=KEY) on the field makes
    each entry its key's."""

    def __init__(self, entry: Slot, keys: Keys | None) -> None:
        self.entry = entry
        self.keys = keys
        self.plain = entry.plain

    def view(self, value: Json, viewer: str | None, entry: str | None = None) -> Json:
        if self.plain:
            return _copy(value)
        out = {}
        for key, item in value.items():
            shown = self.entry.show(item, viewer, key, value, key)
            if shown is not _DROP:
                out[key] = shown
        return out

    def check(self, value: Json, path: str, ctx: Context) -> None:
        self._a_table(value, path)
        if self.keys is not None:
            allowed = ctx.vocabulary.get(self.keys.vocabulary, ())
            for key in value:
                if key not in allowed:
                    raise Unfit(path, f"has an entry {_shown(key)}, which is not a "
                                      f"{self.keys.vocabulary} name")
            if self.keys.every and not ctx.view:
                missing = [k for k in allowed if k not in value]
                if missing:
                    raise Unfit(path, f"has no entry for {_shown(missing[0])}")
        for key, item in value.items():
            self.entry.check(item, f"{path}.{key}" if path else str(key), ctx)

    def children(self, value: Json, path: tuple[str | int, ...]
                 ) -> Iterator[tuple[tuple[str | int, ...], Node]]:
        if value:
            key = next(iter(value))
            yield (*path, key), self.entry.node
            yield from self.entry.node.children(value[key], (*path, key))


class Record(_Table):
    """A TypedDict: exactly its declared keys (those not required may be missing)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.fields: dict[str, Slot] = {}
        self.required: frozenset[str] = frozenset()
        self.droppable: frozenset[str] = frozenset()  # fields a view may leave out
        self.open: frozenset[str] = frozenset()  # fields every viewer sees whole

    def finish(self, fields: dict[str, Slot], required: frozenset[str]) -> None:
        self.fields = fields
        self.required = required
        self.plain = all(slot.plain for slot in fields.values())
        self.open = frozenset(name for name, slot in fields.items() if slot.plain)
        self.droppable = frozenset(
            name for name, slot in fields.items() if isinstance(slot.visibility, Owner)
            and slot.visibility.by == ENTRY and slot.visibility.others == NOTHING)

    def view(self, value: Json, viewer: str | None, entry: str | None = None) -> Json:
        out = {}
        fields, whole = self.fields, self.open
        for key, item in value.items():  # in the state's order; undeclared keys left out
            if key in whole:  # the common case, without a call (views run on every decision)
                out[key] = _copy(item) if type(item) in _CONTAINERS else item
                continue
            slot = fields.get(key)
            if slot is not None:
                shown = slot.show(item, viewer, None, value, entry)
                if shown is not _DROP:
                    out[key] = shown
        return out

    def check(self, value: Json, path: str, ctx: Context) -> None:
        self._a_table(value, path)
        for key in value:
            if key not in self.fields:
                raise Unfit(path, f"has a field {_shown(key)} that the game does not declare")
        for key in self.required:
            if key not in value and not (ctx.view and key in self.droppable):
                raise Unfit(path, f"has no field {key!r}")
        for key, slot in self.fields.items():
            if key in value:
                slot.check(value[key], f"{path}.{key}" if path else key, ctx)

    def children(self, value: Json, path: tuple[str | int, ...]
                 ) -> Iterator[tuple[tuple[str | int, ...], Node]]:
        for key, slot in self.fields.items():
            if isinstance(value, dict) and key in value:
                yield (*path, key), slot.node
                yield from slot.node.children(value[key], (*path, key))


class Pair(Node):
    """A fixed-length JSON array (declared as a tuple): each position its own slot."""

    def __init__(self, items: list[Slot]) -> None:
        self.items = items
        self.plain = all(slot.plain for slot in items)
        self.what = f"a list of {len(items)}"

    def view(self, value: Json, viewer: str | None, entry: str | None = None) -> Json:
        if self.plain:
            return _copy(value)
        return [slot.show(item, viewer, None, value, entry)
                for slot, item in zip(self.items, value, strict=True)]

    def _fits_type(self, value: object) -> bool:
        return isinstance(value, list) and len(value) == len(self.items)

    def check(self, value: Json, path: str, ctx: Context) -> None:
        if not self._fits_type(value):
            raise Unfit(path, f"is {_kind(value)} ({_shown(value)}), not {self.what}")
        for index, (slot, item) in enumerate(zip(self.items, value, strict=True)):
            slot.check(item, f"{path}[{index}]", ctx)

    def children(self, value: Json, path: tuple[str | int, ...]
                 ) -> Iterator[tuple[tuple[str | int, ...], Node]]:
        for index, slot in enumerate(self.items):
            if isinstance(value, list) and index < len(value):
                yield (*path, index), slot.node
                yield from slot.node.children(value[index], (*path, index))

    def wrong(self) -> list[object]:
        return [*super().wrong(), ["x"]]


class Either(Node):
    """`A | B`: a value of any one of several types (a field whose shape depends on the game's
    mode). None of them may hold a secret (checked when compiled), so a view copies it whole."""

    def __init__(self, options: list[Node]) -> None:
        self.options = options
        self.what = " or ".join(dict.fromkeys(option.what for option in options))

    def _fits_type(self, value: object) -> bool:
        return any(option._fits_type(value) for option in self.options)

    def _shaped(self, value: object) -> list[Node]:
        """The options whose type fits, those whose first item fits too first (what a
        mistake in a list of records is best reported against)."""
        fitting = [o for o in self.options if o._fits_type(value)]
        first = value[0] if isinstance(value, list) and value else None
        return sorted(fitting, key=lambda o: not (
            isinstance(o, ListOf) and first is not None and o.item._fits_type(first)))

    def check(self, value: Json, path: str, ctx: Context) -> None:
        shaped = self._shaped(value)
        if not shaped:
            raise Unfit(path, f"is {_kind(value)} ({_shown(value)}), not {self.what}")
        unfit: Unfit | None = None
        for option in shaped:
            try:
                option.check(value, path, ctx)
            except Unfit as error:
                unfit = unfit or error
            else:
                return
        assert unfit is not None
        raise unfit

    def children(self, value: Json, path: tuple[str | int, ...]
                 ) -> Iterator[tuple[tuple[str | int, ...], Node]]:
        shaped = self._shaped(value)
        return shaped[0].children(value, path) if shaped else iter(())


# -- compiling a declaration ----------------------------------------------------------------------


def _split(tp: object) -> tuple[object, tuple[object, ...]]:
    """A type and the markers of its Annotated[...] (none if it has none). A field that may be
    missing (NotRequired, for a field added after games were begun) is judged as its type
    when present; the record knows it may be absent from `__required_keys__`."""
    if typing.get_origin(tp) in (typing.NotRequired, typing.Required):
        (tp,) = typing.get_args(tp)
    if typing.get_origin(tp) is Annotated:
        base, *markers = typing.get_args(tp)
        return base, tuple(markers)
    return tp, ()


def _visibility(markers: tuple[object, ...], where: str) -> Visibility:
    found = [m for m in markers if isinstance(m, (Public, Owner, Nobody, Once))]
    if len(found) != 1:
        raise DeclarationError(f"{where}: declare who may see it, once (PUBLIC, Owner(...), "
                               f"Nobody(...) or Once(...)); found {len(found)}")
    return found[0]


class _Compiler:
    def __init__(self) -> None:
        self.records: dict[type, Record] = {}

    def slot(self, tp: object, where: str, in_map: bool = False) -> Slot:
        base, markers = _split(tp)
        vis = _visibility(markers, where)
        if isinstance(vis, Owner) and vis.by == KEY and not in_map:
            if typing.get_origin(base) is not dict:
                raise DeclarationError(f"{where}: Owner(by=KEY) is for a table keyed by owner")
            # the field itself is public; each entry is its key's
            keys = next((m for m in markers if isinstance(m, Keys)), None)
            _, value_type = typing.get_args(base)
            entry = Slot(self.node(value_type, f"{where}[]"), vis, markers)
            return Slot(MapOf(entry, keys), PUBLIC)
        if isinstance(vis, Owner) and vis.others == NOTHING and not in_map and vis.by != ENTRY:
            raise DeclarationError(f"{where}: others=NOTHING is for the entries of a table and "
                                   "the fields they own; elsewhere say what others see "
                                   "(others=SIZE)")
        return Slot(self.node(tp, where), vis, markers)

    def node(self, tp: object, where: str) -> Node:
        base, markers = _split(tp)
        origin = typing.get_origin(base)
        if isinstance(base, type) and typing.is_typeddict(base):
            return self.record(base)
        if base in (int, str, bool):
            return Scalar(base, markers)
        if origin is Literal:
            return Choice(typing.get_args(base))
        if origin in (Union, types.UnionType):
            options = [a for a in typing.get_args(base) if a is not type(None)]
            if markers:  # bounds written on the union apply to its value
                options = [Annotated[(option, *markers)] for option in options]
            nodes = [self.node(option, where) for option in options]
            inner = nodes[0]
            if len(nodes) > 1:
                if not all(node.plain for node in nodes):
                    raise DeclarationError(f"{where}: a union of several types may hold no "
                                           "secret (a view could not tell which it is)")
                inner = Either(nodes)
            return Maybe(inner) if len(options) < len(typing.get_args(base)) else inner
        if origin is list:
            (item,) = typing.get_args(base)
            return ListOf(self.node(item, f"{where}[]"))
        if origin is dict:
            key_type, value_type = typing.get_args(base)
            if key_type is not str:
                raise DeclarationError(f"{where}: JSON tables have text keys")
            keys = next((m for m in markers if isinstance(m, Keys)), None)
            value_base, value_markers = _split(value_type)
            if any(isinstance(m, (Public, Owner, Nobody, Once)) for m in value_markers):
                return MapOf(self.slot(value_type, f"{where}[]", in_map=True), keys)
            return MapOf(Slot(self.node(value_type, f"{where}[]"), PUBLIC), keys)
        if origin is tuple:
            return Pair([self.slot(t, f"{where}[{i}]") for i, t in
                         enumerate(typing.get_args(base))])
        raise DeclarationError(f"{where}: {base!r} is not a JSON type the engine declares")

    def record(self, cls: type) -> Record:
        if cls in self.records:
            return self.records[cls]
        record = Record(cls.__name__)
        self.records[cls] = record
        hints = typing.get_type_hints(cls, include_extras=True)
        fields = {name: self.slot(tp, f"{cls.__name__}.{name}") for name, tp in hints.items()}
        # read NotRequired from the hints too: a module with postponed annotations hides it
        # from __required_keys__
        required = frozenset(
            name for name in getattr(cls, "__required_keys__", frozenset(hints))
            if typing.get_origin(hints[name]) is not typing.NotRequired) | frozenset(
            name for name, tp in hints.items() if typing.get_origin(tp) is typing.Required)
        record.finish(fields, required)
        return record


@functools.cache
def compiled(declaration: type) -> Record:
    """The declaration of a state (a TypedDict), compiled once per process."""
    return _Compiler().record(declaration)


# -- what the engine does with it -----------------------------------------------------------------


def view(declaration: type, state: Mapping[str, Json], viewer: str | None) -> JsonObject:
    """The state as `viewer` knows it (None: a spectator, who owns nothing): a new state of
    the same shape holding only what the declaration lets them see, and placeholders for the
    rest. Fields the declaration does not name are left out."""
    result: JsonObject = compiled(declaration).view(state, viewer)
    return result


def problem(declaration: type, state: object, vocabulary: Mapping[str, Collection[str]],
            view: bool = False) -> str:
    """What makes `state` not fit the declaration ('' if nothing): the first field that is
    missing, undeclared, of the wrong type or out of bounds. `view`: a player's view, where
    placeholders stand for what is hidden."""
    try:
        compiled(declaration).check(state, "", Context(vocabulary, view))
    except Unfit as unfit:
        return str(unfit)
    except RecursionError:
        return "the state is nested too deeply"
    return ""


def fields(declaration: type, state: Mapping[str, Json]
           ) -> Iterator[tuple[tuple[str | int, ...], list[object]]]:
    """Every declared place present in `state` (the first item of each list and the first entry
    of each table standing for the rest), with values of the wrong type for it: what the tests
    of damaged states try."""
    for path, node in compiled(declaration).children(state, ()):
        yield path, node.wrong()
