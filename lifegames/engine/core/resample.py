"""A state one player cannot tell from the real one, drawn at random from the declaration.

`resample(game, state, player, rng)` returns a new state that differs from `state` only in
what the game's declaration (engine/core/declared.py) hides from `player`, redrawn in a way
consistent with all they know, as OpenSpiel's `resample_from_infostate` does: every view,
sheet, board picture, `check` output, warning, legal order and `can` answer of that player is
the same on both. A bot or an analysis tool looks ahead with it without peeking (play many
resampled states forward and compare: a determinized search); the secrecy tests
(tests/secrecy) use it to show that nothing a player sees depends on what is hidden from them.

Who may see a field says what to redraw, not how: which hidden places exchange cards is
declared beside the visibility, with three markers of this module:

- `Pool(name, fits=None)`: the hidden cards of every place marked with the same pool may lie
  in any of them. They are dealt again among those places, each keeping its size (a draw pile
  its length, another player's hand its count); `fits` names the vocabulary of the game this
  place's cards come from (an Item Pouch holds Items). A pool of one place is a shuffle of it.
- `Roll(table)`: each hidden value is rolled again from the vocabulary `table`, a sequence
  naming each outcome as often as the die shows it (unexplored terrain, from its d6 table).
- `Among(*fields, by, fits=None)`: a list of cards that lie in the places
  `state[field][owner]`, the owner being the value of the field `by` of the record holding
  the list (or of a record holding that one). Hidden from the player, it names cards dealt
  into those places, chosen at random (of `fits`, if given): the cards a player drew this turn
  are some of the cards they hold. Seen by the player, it pins those cards where they are: the
  cards a player offers are known to be in their hand, and stay there.

Everything else hidden from the player becomes what they see of it: its placeholder, or, for
what they may not know exists, nothing (left out, or empty where it must be present). A hidden
text (another player's standing orders, a private line of a log) is nothing a resample can
invent, and keeping the real one would hand it to whoever asked. A hidden value that must be
a name (a card) and has no marker saying how to redraw it is a DeclarationError.

- `Piles(field, loose=None)`, beside the `Pool` of a list (a deck stacked from piles, each
  pile shuffled with one card of its own: an Age card): the public field `field` of the record
  holding the list names its piles, top first, each `[size, card, opened]`: the next `size`
  cards form one pile, built around one `card` (null: nothing known of it any more), `opened`
  once a card has been taken from it. The public count `loose` says how many cards went back
  in at places nobody knows (they may lie in any pile, so each pile reaches that many cards
  further down); the sizes and `loose` add up to the list's length. A pile's own card stays in
  what is left of its pile, or (once opened) anywhere out of the list: it may have been drawn.
  The game keeps the field up to date: sizes as cards are taken from the top, an empty list
  when the whole list is shuffled (nothing is known of its order then).
- `Within(field)`, beside the `Pool` of a list: its cards are some of those the public list
  `field` of the record holding it names, as many of each name at most (a deck rebuilt from a
  discard pile everyone saw: the cards drawn from it since are not known). Empty: nothing is.

So the result depends on the player's view, the random numbers, and each pool's hidden cards
as a multiset: a pool must hold what the player can work out is hidden (every card of the game
not in sight); a place whose content they cannot (a pile others discarded into face down) is
a pool of its own, shuffled. Within a pool every order that fits is as likely (the hidden
cards are dealt as a shuffled deck, then swapped where a place's `fits` and a pile's own card
allow, which keeps every fitting deal equally likely): what a game's rules tell of a pile's
order beyond its content and its declared `Piles` is not declared, and is not kept.
"""

from __future__ import annotations

import random
import weakref
from collections import Counter
from collections.abc import Collection, Mapping
from typing import TypeVar

from ..base.jsondata import Json, JsonObject
from . import declared
from .contract import Game, S, clone
from .declared import (
    Context,
    DeclarationError,
    ListOf,
    MapOf,
    Marker,
    Maybe,
    Node,
    Owner,
    Pair,
    Record,
    Slot,
    Unfit,
)

Path = tuple[str | int, ...]
M = TypeVar("M", bound=Marker)
SWEEPS = 3  # passes of fitting swaps after the shuffle, where a place limits its cards


class Pool(Marker):
    """The hidden cards of every place of this pool may lie in any of them (see the module)."""

    __slots__ = ("name", "fits")
    name: str
    fits: str | None

    def __init__(self, name: str, fits: str | None = None) -> None:
        self.name, self.fits = name, fits


class Roll(Marker):
    """A hidden value rolled again from the vocabulary `table` (see the module)."""

    __slots__ = ("table",)
    table: str

    def __init__(self, table: str) -> None:
        self.table = table


class Piles(Marker):
    """A list stacked from piles, each around a card of its own, as the public field `field`
    (and the count `loose`) of the record holding it says (see the module)."""

    __slots__ = ("field", "loose")
    field: str
    loose: str | None

    def __init__(self, field: str, loose: str | None = None) -> None:
        self.field, self.loose = field, loose


class Within(Marker):
    """A list whose hidden cards are some of those the public list `field` names (see the
    module)."""

    __slots__ = ("field",)
    field: str

    def __init__(self, field: str) -> None:
        self.field = field


class Among(Marker):
    """A list of cards that lie in `state[field][owner]` for one of `fields` (see the module)."""

    __slots__ = ("fields", "by", "fits")
    fields: tuple[str, ...]
    by: str
    fits: str | None

    def __init__(self, *fields: str, by: str, fits: str | None = None) -> None:
        self.fields, self.by, self.fits = fields, by, fits


def resample(game: Game[S], state: S, player: str | None, rng: random.Random) -> S:
    """A new state `player` cannot tell from `state` (None: a spectator, who owns nothing):
    what the declaration hides from them dealt, rolled or chosen again with `rng` (the same
    seed, the same result), the rest copied; `state` is not changed. The result fits the
    declaration and is a state the game's rules run on (`act`, `legal_orders`, bots).

    A bot that must not peek looks ahead on several of them and weighs its orders by the
    outcomes: `worlds = [resample(game, state, me, random.Random(n)) for n in range(20)]`.
    Nothing of another player's secrets is read from `state` but each pool's hidden cards as
    a whole, which the player can work out. See the module for what is redrawn and how."""
    out: S = clone(state)
    vocabulary = {**game.vocabulary(), declared.PLAYER: frozenset(state.get("players", ()))}
    walk = _Walk(player, vocabulary)
    walk.node(declared.compiled(game.declaration), out, (), None, ())
    walk.finish(rng)
    return out


# A `holder` below is a dict or list inside the copied state, a `value` what it holds: JSON whose
# shape the game's declaration has checked (declared.py), so it is typed as Json.
class _Spot:
    """A hidden card of a pool: where it lies, and the vocabularies it must belong to."""

    __slots__ = ("holder", "key", "place", "fits", "pinned")

    def __init__(self, holder: Json, key: str | int, place: Path, fits: list[str]) -> None:
        self.holder, self.key, self.place, self.fits = holder, key, place, fits
        self.pinned = False

    @property
    def name(self) -> str:
        return str(self.holder[self.key])


class _Walk:
    """One pass over a copy of the state: what is hidden from the viewer, found and (for what
    no marker redraws) replaced by what the viewer sees of it; `finish` redraws the rest."""

    def __init__(self, viewer: str | None, vocabulary: Mapping[str, Collection[str]]) -> None:
        self.viewer, self.vocabulary = viewer, vocabulary
        self.pools: dict[str, list[_Spot]] = {}
        self.rolls: list[tuple[Json, str | int, str]] = []
        self.refs: list[tuple[list[str], Among, str]] = []  # hidden lists naming held cards
        self.pins: list[tuple[list[str], Among, str]] = []  # seen lists naming held cards
        self.piles: list[_Piling] = []
        self.within: list[tuple[str, list[_Spot], Counter[str]]] = []  # pool, spots, cards

    # -- finding ----------------------------------------------------------------------------
    def node(self, node: Node, value: Json, path: Path, entry: str | None,
             records: tuple[JsonObject, ...]) -> None:
        if not _marked(node):
            return
        if isinstance(node, Record):
            records = (*records, value)
            for key, slot in node.fields.items():
                if key in value:
                    self.slot(slot, value, key, None, node, entry, (*path, key), records)
        elif isinstance(node, MapOf):
            for key in list(value):
                self.slot(node.entry, value, key, key, node, key, (*path, key), records)
        elif isinstance(node, ListOf):
            for index, item in enumerate(value):
                self.node(node.item, item, (*path, index), entry, records)
        elif isinstance(node, Pair):
            for index, slot in enumerate(node.items):
                self.slot(slot, value, index, None, node, entry, (*path, index), records)
        elif isinstance(node, Maybe) and value is not None:
            self.node(node.inner, value, path, entry, records)

    def slot(self, slot: Slot, holder: Json, key: str | int, map_key: str | None,
             container: Node, entry: str | None, path: Path,
             records: tuple[JsonObject, ...]) -> None:
        value = holder[key]
        among = _marker(slot, Among)
        if slot.sees(self.viewer, map_key, holder, entry):
            if among is not None and isinstance(value, list):
                self.pins.append((value, among, _owner(among, records, path)))
            self.node(slot.node, value, path, entry, records)
            return
        pool, roll = _marker(slot, Pool), _marker(slot, Roll)
        if pool is not None:
            spots = self._spots(pool, holder, key, path)
            piles = _marker(slot, Piles)
            if piles is not None and isinstance(value, list):
                self.piles += _Piling.read(piles, pool.name, spots, records[-1], path)
            within = _marker(slot, Within)
            if within is not None and isinstance(value, list) and records[-1].get(within.field):
                self.within.append((pool.name, spots, Counter(records[-1][within.field])))
        elif roll is not None:
            places = range(len(value)) if isinstance(value, list) else [key]
            target = value if isinstance(value, list) else holder
            self.rolls += [(target, place, roll.table) for place in places]
        elif among is not None and isinstance(value, list):
            self.refs.append((value, among, _owner(among, records, path)))
        else:
            self._hide(slot, holder, key, container, path)

    def _spots(self, pool: Pool, holder: Json, key: str | int, path: Path) -> list[_Spot]:
        value = holder[key]
        fits = [pool.fits] if pool.fits else []
        new: list[_Spot] = []
        if isinstance(value, list):
            new = [_Spot(value, index, path, list(fits)) for index in range(len(value))]
        elif value is not None:  # a place of one card, or empty (null)
            new = [_Spot(holder, key, path, list(fits))]
        self.pools.setdefault(pool.name, []).extend(new)
        return new

    def _hide(self, slot: Slot, holder: Json, key: str | int, container: Node,
              path: Path) -> None:
        """What the viewer sees instead: a placeholder, or nothing (left out where the
        declaration allows it, else emptied). It must still fit the declaration."""
        dropped = isinstance(slot.visibility, Owner) and slot.visibility.others == \
            declared.NOTHING
        if not dropped:
            holder[key] = slot.hidden(holder[key])
        elif isinstance(container, MapOf) and not (container.keys and container.keys.every):
            del holder[key]
            return
        elif isinstance(container, Record) and key not in container.required:
            del holder[key]
            return
        else:
            holder[key] = [] if isinstance(slot.node, ListOf) else {} if isinstance(
                slot.node, MapOf) else None
        where = ".".join(map(str, path))
        try:
            slot.node.check(holder[key], where, Context(self.vocabulary))
        except Unfit as unfit:
            raise DeclarationError(
                f"{where} is hidden from {self.viewer}, and a resample cannot redraw it "
                f"({unfit}): declare its Pool, Roll or Among") from None

    # -- redrawing --------------------------------------------------------------------------
    def finish(self, rng: random.Random) -> None:
        for names, among, owner in self.pins:
            for name in names:
                spot = next((s for s in self._held(among, owner) if s.name == name), None)
                if spot is not None:
                    spot.pinned = True
        chosen = [self._choose(names, among, owner, rng) for names, among, owner in self.refs]
        for name in sorted(self.pools):
            spots = [s for s in self.pools[name] if not s.pinned]
            _deal(spots, self.vocabulary, rng, self._own(name, spots), self._caps(name, spots))
        for (names, among, _), spots in zip(self.refs, chosen, strict=True):
            for index in range(len(names)):
                if index < len(spots):
                    names[index] = spots[index].name
                else:  # more than the places hold: a card since gone elsewhere
                    names[index] = self._elsewhere(among, names[index], rng)
        for holder, key, table in self.rolls:
            faces = _vocabulary(self.vocabulary, table)
            holder[key] = rng.choice(sorted(faces) if isinstance(faces, (set, frozenset))
                                     else list(faces))

    def _caps(self, pool: str, spots: list[_Spot]) -> Caps:
        """The lists of `pool` declared `Within` some cards: their places among `spots`."""
        index = {id(spot): i for i, spot in enumerate(spots)}
        return [(frozenset(index[id(s)] for s in listed if id(s) in index), cards)
                for name, listed, cards in self.within if name == pool]

    def _own(self, pool: str, spots: list[_Spot]) -> Own:
        """Each pile's own card in `spots` (of `pool`): where it lies and where it may go.
        One card of the pile's name that lies where its pile's card may is taken for it; its
        other copies go where any card goes (a second Adult was shuffled into any pile)."""
        index = {id(spot): i for i, spot in enumerate(spots)}
        out: list[tuple[int, frozenset[int]]] = []
        taken: set[int] = set()
        for piling in self.piles:
            if piling.pool != pool:
                continue
            mine = {id(spot) for spot in piling.spots}
            elsewhere = [i for i, s in enumerate(spots) if id(s) not in mine]
            for low, high, card, opened in piling.piles:
                window = [index[id(s)] for s in piling.spots[low:high] if id(s) in index]
                allowed = frozenset(window + (elsewhere if opened else []))
                lying = [i for i in window + elsewhere if i in allowed and i not in taken
                         and spots[i].name == card]
                if card is not None and lying:
                    taken.add(lying[0])
                    out.append((lying[0], allowed))
        return out

    def _held(self, among: Among, owner: str) -> list[_Spot]:
        """The spots of `among`'s places of `owner`, not pinned, in the order found."""
        places = {(field, owner) for field in among.fields}
        return [s for spots in self.pools.values() for s in spots
                if not s.pinned and s.place[:2] in places]

    def _choose(self, names: list[str], among: Among, owner: str, rng: random.Random
                ) -> list[_Spot]:
        """The spots a hidden list will name, at random among those whose card fits it; they
        must go on fitting it when the cards are dealt."""
        fitting = [s for s in self._held(among, owner)
                   if among.fits is None or s.name in _vocabulary(self.vocabulary, among.fits)]
        spots = rng.sample(fitting, min(len(names), len(fitting)))
        if among.fits is not None:
            for spot in spots:
                spot.fits.append(among.fits)
        return spots

    def _elsewhere(self, among: Among, name: str, rng: random.Random) -> str:
        """A card of the pools of `among`'s places (of anyone), dealt anywhere: what a card
        that left its owner's places may be (the same if there is none)."""
        pools = sorted({pool for pool, spots in self.pools.items() for s in spots
                        if s.place[0] in among.fields})
        names = [s.name for pool in pools for s in self.pools[pool]
                 if among.fits is None or s.name in _vocabulary(self.vocabulary, among.fits)]
        return rng.choice(names) if names else name


class _Piling:
    """A list declared with `Piles`: its spots in order, and each pile's reach in it (from,
    to: what is left of the pile, `loose` cards further down), own card and whether opened."""

    __slots__ = ("pool", "spots", "piles")

    def __init__(self, pool: str, spots: list[_Spot],
                 piles: list[tuple[int, int, str | None, bool]]) -> None:
        self.pool, self.spots, self.piles = pool, spots, piles

    @classmethod
    def read(cls, marker: Piles, pool: str, spots: list[_Spot], record: JsonObject,
             path: Path) -> list[_Piling]:
        """The piling the record's fields declare ([] where none is kept: nothing known)."""
        listed = record.get(marker.field) or []
        if not listed:
            return []
        loose = int(record.get(marker.loose, 0)) if marker.loose else 0
        sizes = [int(size) for size, _, _ in listed]
        if sum(sizes) + loose != len(spots):
            raise DeclarationError(
                f"{'.'.join(map(str, path))}: its piles ({marker.field}: {sizes}"
                f"{f', {loose} loose' if loose else ''}) do not add up to its "
                f"{len(spots)} cards")
        piles, start = [], 0
        for size, (_, card, opened) in zip(sizes, listed, strict=True):
            piles.append((start, min(start + size + loose, len(spots)), card, bool(opened)))
            start += size
        return [cls(pool, spots, piles)]


Own = list[tuple[int, frozenset[int]]]  # pile's own cards: where each lies, where it may go
Caps = list[tuple[frozenset[int], Counter[str]]]  # places whose cards are among some cards


def _deal(spots: list[_Spot], vocabulary: Mapping[str, Collection[str]],
          rng: random.Random, own: Own, caps: Caps) -> None:
    """The cards of `spots` dealt again, each spot keeping to its vocabularies, each pile's
    own card (`own`) to its pile, and each place of `caps` to no more of a name than its
    cards hold. A shuffle (exactly uniform where nothing is limited), each swap made only if
    both cards fit where they go; then, where spots are limited, sweeps of swaps with a spot
    whose card fits it, and for each pile's own card and each place of `caps`, sweeps of swaps
    with a spot at random. Every step is as likely to undo as to make a swap, so every
    fitting deal stays as likely as any other, and the deal starts from one that fits (the
    real one)."""
    names = [s.name for s in spots]
    limits = [[_vocabulary(vocabulary, v) for v in s.fits] for s in spots]
    pile = [-1] * len(spots)  # the card here is the own card of own[pile] (-1: of none)
    for number, (at, _) in enumerate(own):
        pile[at] = number
    group = [-1] * len(spots)  # the place of caps this spot is in (-1: none)
    for number, (places, _) in enumerate(caps):
        for at in places:
            group[at] = number
    counts = [Counter(names[at] for at in places) for places, _ in caps]

    def fits(j: int, i: int) -> bool:  # the card at j, moved to i
        return all(names[j] in limit for limit in limits[i]) and (
            pile[j] < 0 or i in own[pile[j]][1])

    def room(j: int, i: int) -> bool:  # room in i's place of caps for the card at j
        into = group[i]
        return into < 0 or into == group[j] or counts[into][names[j]] < caps[into][1][names[j]]

    def swap(i: int, j: int) -> None:
        if names[i] == names[j] and pile[i] == pile[j] or not (
                fits(j, i) and fits(i, j) and room(j, i) and room(i, j)):
            return
        for at, gone, come in ((i, names[i], names[j]), (j, names[j], names[i])):
            if group[at] >= 0 and group[i] != group[j]:
                counts[group[at]][gone] -= 1
                counts[group[at]][come] += 1
        names[i], names[j] = names[j], names[i]
        pile[i], pile[j] = pile[j], pile[i]

    for i in range(len(names) - 1, 0, -1):
        swap(i, rng.randint(0, i))
    limited = [i for i, limit in enumerate(limits) if limit]
    for _ in range(SWEEPS if limited else 0):
        for i in limited:
            swap(i, rng.choice([j for j in range(len(names)) if fits(j, i)]))
    for _ in range(SWEEPS if own or caps else 0):
        for number, (_, allowed) in enumerate(own):
            swap(pile.index(number), rng.choice(sorted(allowed)))
        for places, _ in caps:
            for at in sorted(places):
                swap(at, rng.randrange(len(names)))
    for spot, name in zip(spots, names, strict=True):
        spot.holder[spot.key] = name


def _vocabulary(vocabulary: Mapping[str, Collection[str]], name: str) -> Collection[str]:
    if name not in vocabulary:
        raise DeclarationError(f"a Pool, Roll or Among names {name!r}, which is not one of "
                               "the game's vocabularies (Game.vocabulary)")
    return vocabulary[name]


def _owner(among: Among, records: tuple[JsonObject, ...], path: Path) -> str:
    for record in reversed(records):
        if among.by in record:
            return str(record[among.by])
    raise DeclarationError(f"{'.'.join(map(str, path))}: Among(by={among.by!r}) names no "
                           "field of a record holding it")


def _marker(slot: Slot, kind: type[M]) -> M | None:
    return next((m for m in slot.markers if isinstance(m, kind)), None)


_MARKED: weakref.WeakKeyDictionary[Node, bool] = weakref.WeakKeyDictionary()


def _marked(node: Node) -> bool:
    """Whether anything below `node` is hidden from someone or marked with Among: what a
    walk must look into."""
    found = _MARKED.get(node)
    if found is None:
        _MARKED[node] = False  # a record met again inside itself adds nothing
        found = not node.plain or any(_marker(s, Among) is not None or _marked(s.node)
                                      for s in _slots(node))
        _MARKED[node] = found
    return found


def _slots(node: Node) -> list[Slot]:
    if isinstance(node, Record):
        return list(node.fields.values())
    if isinstance(node, MapOf):
        return [node.entry]
    if isinstance(node, Pair):
        return list(node.items)
    if isinstance(node, ListOf):
        return [Slot(node.item, declared.PUBLIC)]
    if isinstance(node, Maybe):
        return [Slot(node.inner, declared.PUBLIC)]
    return []
