"""A Chaotic Life!'s rule data, loaded once from games/a_chaotic_life/{rules,cards}.yaml and
checked against the effect vocabulary, so a wrong entry fails at start-up naming the card, never
as a KeyError in the middle of a tick."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypedDict, cast

from ..engine.base.jsondata import Json, JsonObject
from ..engine.base.words import counted
from ..engine.files.data import DataError, load_yaml, squeeze, whole_number
from .state import HIDDEN, Kind

PACKAGE = "a_chaotic_life"
DECK_SIZE = 67
KINDS: tuple[Kind, Kind] = ("happiness", "sadness")
TYPES = ("age", "event", "special", "interact", "item", "pet", "neighbor", "minigoal",
         "lifegoal")
TYPE_NAMES = {"age": "Age", "event": "Event", "special": "Special", "interact": "Interact",
              "item": "Item", "pet": "Pet", "neighbor": "Neighbor", "minigoal": "Mini-Goal",
              "lifegoal": "Life-Goal"}
PLAYABLE = ("age", "event", "special", "interact", "pet", "neighbor")
# The effect vocabulary: kind -> what its value must be. effects.py implements each once.
EFFECTS = {
    "gain": "gain", "by_stage": "lines", "tag": "name", "age": "age", "extra_action": "count",
    "death": "count", "chase": "card", "neighbor": "flag", "named": "count", "steal": "zone",
    "swap_counters": "count", "take_counters": "count", "grant_counters": "count",
    "lava": "count", "gifts": "count",
}
TARGETED = ("steal", "swap_counters", "take_counters", "grant_counters")
CHOOSING = ("swap_counters", "take_counters", "grant_counters", "neighbor", "named")
MODS = ("cancel", "rewind", "double", "flip", "redirect", "protect")
PLACES = ("timeline", "above_adult", "front", "discard", "deck")
_ONLY_EFFECT = {"age": "age", "event": "by_stage"}  # card type -> its one effect's kind
CONDITIONS = ("tag", "married", "front")
WORDS: dict[str, Kind] = {
    "happiness": "happiness", "happy": "happiness", "hc": "happiness", "h": "happiness",
    "sadness": "sadness", "sad": "sadness", "sc": "sadness", "s": "sadness"}


# -- the shapes of a card, as the loader returns them --------------------------------------------

Reward = dict[Kind, int]  # counters a card gives, by kind (a kind it gives none of may be absent)


class Gain(TypedDict):
    """Counters of each kind: a `gain` effect's, an Event's line, an Item's bonus."""

    happiness: int
    sadness: int


class Worth(Gain):
    """With counters of the holder's goal's kind (`goal`): a Pet's or a Mini-Goal's worth at
    the end, the base pay of growing up."""

    goal: int


# A condition a card needs (`kind` says which; each kind has its own keys).
Condition = TypedDict("Condition", {"kind": str, "name": str, "in": str, "stages": int,
                                    "type": str, "at_least": int}, total=False)


class Line(TypedDict):
    """One stage's line of an Event card (`by_stage`)."""

    gain: Gain
    tag: str | None


class Pay(TypedDict):
    tag: str
    gain: Gain


class Age(TypedDict):
    """An Age card's `age` effect: the stage it begins, what growing up pays."""

    stage: str
    pays: list[Pay]
    base: Worth


class React(TypedDict):
    """What an Item answers (card names, card types) and how it alters the card."""

    to: list[str]
    types: list[str]
    mods: list[str]
    bonus: Gain | None


# An effect's value: its kind (EFFECTS) says which of these shapes it has — a gain, a count, a
# card or tag name, a zone, the flag `true`, an Event's lines by stage, an Age card's `age`.
EffectValue = Gain | int | str | bool | dict[str, Line] | Age


class Spec(TypedDict):
    """One card of cards.yaml, checked. Its effects are (kind, value) pairs; each kind's value
    has its own shape (`EFFECTS`), which the kind's entry in effects.py takes."""

    name: str
    type: str
    copies: int
    stages: list[str]
    needs: list[Condition]
    cost: int
    target: bool
    kind: bool
    effects: list[tuple[str, EffectValue]]
    place: str
    drawn: bool
    free: bool
    react: React | None
    worth: Worth | None
    goal: Kind | None


def _names(value: Json, where: str, allowed: tuple[str, ...] | list[str]) -> list[str]:
    if not isinstance(value, list) or any(v not in allowed for v in value):
        raise DataError(f"{where} should be a list of {', '.join(allowed)}; got {value!r}")
    return list(value)


@functools.cache
def rules() -> JsonObject:
    data = load_yaml(PACKAGE, "rules.yaml")
    if not isinstance(data, dict):
        raise DataError("rules.yaml: not a mapping")
    try:
        low = whole_number(data["players"]["min"], "rules.yaml players.min", 2)
        whole_number(data["players"]["max"], "rules.yaml players.max", low)
        for kind in KINDS:
            whole_number(data["counters"][kind], f"rules.yaml counters.{kind}", 1)
        for key in ("hand_limit", "pouch_size", "actions", "piles"):
            whole_number(data[key], f"rules.yaml {key}", 1)
        if not isinstance(data["counter_limit"], bool):
            raise DataError("rules.yaml: counter_limit should be true or false")
        stages = data["stages"]
        ages = data["pile_ages"]
        whole_number(data["swap"]["cards"], "rules.yaml swap.cards", 1)
        whole_number(data["swap"]["counters"], "rules.yaml swap.counters", 1)
        _names(data["swap"]["types"], "rules.yaml swap.types", TYPES)
        rewards = data["neighbor_rewards"]
        tags = data["tags"]
        components = data["components"]
        removed = data["removed_at_setup"]
    except (KeyError, TypeError) as error:
        raise DataError(f"rules.yaml: missing {error}") from None
    if not isinstance(stages, list) or len(stages) < 2 or len(set(stages)) != len(stages):
        raise DataError("rules.yaml: stages should list the life stages in order, once each")
    if not isinstance(ages, list) or len(ages) != data["piles"]:
        raise DataError("rules.yaml: pile_ages should name one Age card for each pile")
    if not isinstance(rewards, list) or not rewards:
        raise DataError("rules.yaml: neighbor_rewards should list a reward per Neighbor")
    for index, value in enumerate(rewards):
        whole_number(value, f"rules.yaml neighbor_rewards[{index}]", 1)
    if not isinstance(tags, dict) or not all(isinstance(v, str) for v in tags.values()):
        raise DataError("rules.yaml: tags should map each tag to the words for it")
    if not isinstance(components, dict) or set(components) != set(TYPES):
        raise DataError(f"rules.yaml: components should count each of {', '.join(TYPES)}")
    if not isinstance(removed, dict) or not isinstance(removed.get("age"), list):
        raise DataError("rules.yaml: removed_at_setup needs age: [...] and all_of: [...]")
    _names(removed.get("all_of"), "rules.yaml removed_at_setup.all_of", TYPES)
    return data


def stages() -> list[str]:
    return list(rules()["stages"])


# -- one card ----------------------------------------------------------------------------------


def _gain(value: Json, where: str, goal: bool = False) -> Gain:
    keys = KINDS + (("goal",) if goal else ())
    if not isinstance(value, dict) or not value or any(k not in keys for k in value):
        raise DataError(f"{where} should map {' / '.join(keys)} to counts; got {value!r}")
    return {"happiness": whole_number(value.get("happiness", 0), f"{where}.happiness"),
            "sadness": whole_number(value.get("sadness", 0), f"{where}.sadness")}


def _worth(value: Json, where: str) -> Worth:
    gain = _gain(value, where, goal=True)
    return {"happiness": gain["happiness"], "sadness": gain["sadness"],
            "goal": whole_number(value.get("goal", 0), f"{where}.goal")}


def _condition(entry: Json, where: str) -> Condition:
    if not isinstance(entry, dict) or len(entry) != 1 or next(iter(entry)) not in CONDITIONS:
        raise DataError(f"{where}: a condition is one of {', '.join(CONDITIONS)}; got {entry!r}")
    (kind, value), = entry.items()
    if kind == "tag":
        if not isinstance(value, dict) or not isinstance(value.get("name"), str):
            raise DataError(f"{where}: tag needs a name")
        if value.get("in", "any") not in ("any", "current"):
            raise DataError(f"{where}: tag.in should be any or current")
        return {"kind": "tag", "name": value["name"], "in": value.get("in", "any"),
                "stages": whole_number(value.get("stages", 1), f"{where} tag.stages", 1)}
    if kind == "married":
        if value is not True:
            raise DataError(f"{where}: married: true is the only form")
        return {"kind": "married"}
    if not isinstance(value, dict) or value.get("type") not in ("pet", "neighbor"):
        raise DataError(f"{where}: front needs type: pet or neighbor")
    return {"kind": "front", "type": value["type"],
            "at_least": whole_number(value.get("at_least"), f"{where} front.at_least", 1)}


def _effect(entry: Json, where: str) -> tuple[str, EffectValue]:
    if not isinstance(entry, dict) or len(entry) != 1 or next(iter(entry)) not in EFFECTS:
        raise DataError(f"{where}: an effect is one of {', '.join(EFFECTS)}; got {entry!r}")
    (kind, value), = entry.items()
    shape = EFFECTS[kind]
    if shape == "gain":
        return kind, _gain(value, f"{where} gain")
    if shape == "count":
        return kind, whole_number(value, f"{where} {kind}", 1)
    if shape in ("name", "card"):
        if not isinstance(value, str) or not value:
            raise DataError(f"{where}: {kind} needs a name")
        return kind, value
    if shape == "flag":
        if value is not True:
            raise DataError(f"{where}: {kind}: true is the only form")
        return kind, True
    if shape == "zone":
        if value not in ("hand", "pouch"):
            raise DataError(f"{where}: steal takes from hand or pouch")
        return kind, value
    if shape == "lines":
        if not isinstance(value, dict) or set(value) != set(stages()):
            raise DataError(f"{where}: by_stage needs one line for each of {stages()}")
        lines: dict[str, Line] = {}
        for stage in stages():
            line = value[stage]
            if not isinstance(line, dict) or "gain" not in line:
                raise DataError(f"{where}: the {stage} line needs a gain")
            lines[stage] = {"gain": _gain(line["gain"], f"{where} {stage}.gain"),
                            "tag": line.get("tag")}
        return kind, lines
    if not isinstance(value, dict) or value.get("stage") not in stages():
        raise DataError(f"{where}: age needs stage: one of {stages()}")
    pays = value.get("pays", [])
    if not isinstance(pays, list):
        raise DataError(f"{where}: age.pays should be a list")
    out: list[Pay] = []
    for index, pay in enumerate(pays):
        if not isinstance(pay, dict) or not isinstance(pay.get("tag"), str):
            raise DataError(f"{where}: age.pays[{index}] needs a tag")
        out.append({"tag": pay["tag"], "gain": _gain(pay.get("gain"),
                                                     f"{where} age.pays[{index}].gain")})
    base = _worth(value["base"], f"{where} age.base") if "base" in value else \
        Worth(happiness=0, sadness=0, goal=0)
    age: Age = {"stage": value["stage"], "pays": out, "base": base}
    return kind, age


def _react(value: Json, where: str) -> React:
    if not isinstance(value, dict):
        raise DataError(f"{where}: an Item needs react: {{to/types, mods, bonus}}")
    to = value.get("to", [])
    types = _names(value.get("types", []), f"{where} react.types", PLAYABLE)
    if not isinstance(to, list) or not all(isinstance(n, str) for n in to) or not (to or types):
        raise DataError(f"{where}: react needs to: [card names] or types: [card types]")
    mods = _names(value.get("mods", []), f"{where} react.mods", MODS)
    bonus = _gain(value["bonus"], f"{where} react.bonus") if "bonus" in value else None
    if not mods and bonus is None:
        raise DataError(f"{where}: an Item should change something (mods or a bonus)")
    return {"to": list(to), "types": types, "mods": mods, "bonus": bonus}


def _card(entry: Json, index: int) -> Spec:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise DataError(f"cards.yaml card {index + 1}: needs a name")
    name = entry["name"].strip()
    where = f"cards.yaml {name!r}"
    if not name or '"' in name or "," in name or name.lower() == HIDDEN:
        raise DataError(f"{where}: a name may not be empty or hold a quote or a comma")
    kind = entry.get("type")
    if kind not in TYPES:
        raise DataError(f"{where}: type should be one of {', '.join(TYPES)}")
    spec: Spec = {
        "name": name, "type": kind,
        "copies": whole_number(entry.get("copies", 1), f"{where} copies", 1),
        "stages": _names(entry.get("stages", stages()), f"{where} stages", stages()),
        "needs": [_condition(c, where) for c in entry.get("needs", [])],
        "cost": whole_number(entry.get("cost", 0), f"{where} cost"),
        "target": entry.get("target") == "player",
        "kind": entry.get("kind") == "choose",
        "effects": [_effect(e, where) for e in entry.get("effects", [])],
        "place": entry.get("place", "timeline"),
        "drawn": entry.get("drawn") == "play",
        "free": entry.get("free", False) is True,
        "react": _react(entry.get("react"), where) if kind == "item" else None,
        "worth": _worth(entry["worth"], f"{where} worth") if "worth" in entry else None,
        "goal": entry.get("goal"),
    }
    if spec["place"] not in PLACES:
        raise DataError(f"{where}: place should be one of {', '.join(PLACES)}")
    kinds = [k for k, _ in spec["effects"]]
    if any(k in TARGETED for k in kinds) != spec["target"]:
        raise DataError(f"{where}: target: player goes with the effects {', '.join(TARGETED)}")
    if any(k in CHOOSING for k in kinds) != spec["kind"]:
        raise DataError(f"{where}: kind: choose goes with the effects {', '.join(CHOOSING)}")
    if kind in PLAYABLE and not spec["effects"]:
        raise DataError(f"{where}: a playable card needs effects")
    only = _ONLY_EFFECT.get(kind)
    if only is not None and kinds != [only]:
        raise DataError(f"{where}: an {TYPE_NAMES[kind]} card has exactly one {only} effect")
    if kind == "lifegoal" and spec["goal"] not in KINDS:
        raise DataError(f"{where}: a Life-Goal needs goal: happiness or sadness")
    if kind in ("pet", "minigoal") and spec["worth"] is None:
        raise DataError(f"{where}: a {kind} needs worth")
    return spec


@functools.cache
def cards() -> dict[str, Spec]:
    """Every card by name, in the order of cards.yaml."""
    data = load_yaml(PACKAGE, "cards.yaml")
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise DataError("cards.yaml: needs a `cards:` list")
    out: dict[str, Spec] = {}
    for index, entry in enumerate(data["cards"]):
        spec = _card(entry, index)
        if spec["name"].lower() in (n.lower() for n in out):
            raise DataError(f"cards.yaml: {spec['name']!r} is listed twice")
        out[spec["name"]] = spec
    _cross_check(out)
    return out


def _cross_check(out: dict[str, Spec]) -> None:
    data = rules()
    total = sum(c["copies"] for c in out.values())
    if total != DECK_SIZE:
        raise DataError(f"cards.yaml: the box holds {total} cards, not {DECK_SIZE}")
    for kind, count in data["components"].items():
        found = sum(c["copies"] for c in out.values() if c["type"] == kind)
        if found != count:
            raise DataError(f"cards.yaml: {counted(found, kind + ' card')}; rules.yaml says "
                            f"{count}")
    for name in data["removed_at_setup"]["age"] + data["pile_ages"]:
        if name not in out or out[name]["type"] != "age":
            raise DataError(f"rules.yaml names {name!r}, which is not an Age card")
    for spec in out.values():
        for tag in _tags_of(spec):
            if tag not in data["tags"]:
                raise DataError(f"cards.yaml {spec['name']!r}: tag {tag!r} is not in rules.yaml "
                                "tags")
        chased = named_effect(spec, "chase")
        if chased is not None and chased not in out:
            raise DataError(f"cards.yaml {spec['name']!r}: chase names no card {chased!r}")
        react = spec["react"]
        if react:
            for name in react["to"]:
                if name not in out:
                    raise DataError(f"cards.yaml {spec['name']!r}: reacts to no card {name!r}")
            if len({"cancel", "rewind"} & set(react["mods"])) > 1:
                raise DataError(f"cards.yaml {spec['name']!r}: cancel or rewind, not both")


def _tags_of(spec: Spec) -> list[str]:
    """Every tag a card notes, pays for or needs."""
    found = [c["name"] for c in spec["needs"] if c["kind"] == "tag"]
    for kind, value in spec["effects"]:
        found += _TAGGED.get(kind, _no_tags)(value)
    return found


def _no_tags(value: EffectValue) -> list[str]:
    return []


def _tag_tags(value: EffectValue) -> list[str]:
    return [cast(str, value)]


def _line_tags(value: EffectValue) -> list[str]:
    return [tag for line in cast(dict[str, Line], value).values() if (tag := line["tag"])]


def _pay_tags(value: EffectValue) -> list[str]:
    return [pay["tag"] for pay in cast(Age, value)["pays"]]


# effect kind -> the tags its value notes or pays for (the other kinds name none)
_TAGGED: dict[str, Callable[[EffectValue], list[str]]] = {
    "tag": _tag_tags, "by_stage": _line_tags, "age": _pay_tags,
}


def effect_value(spec: Spec, kind: str) -> EffectValue | None:
    """The value of the card's first effect of that kind (a chase's card, a steal's zone), or
    None when it has none."""
    return next((value for each, value in spec["effects"] if each == kind), None)


def age_effect(spec: Spec) -> Age:
    """An Age card's `age` effect: the loader gives every Age card exactly one."""
    return cast(Age, effect_value(spec, "age"))


def named_effect(spec: Spec, kind: str) -> str | None:
    """The name or zone a card's effect of that kind holds (`chase`, `steal`, `tag`), or None
    when it has none."""
    return cast("str | None", effect_value(spec, kind))


def tag_words(tag: str) -> str:
    """What a tag says of the CP: 'got a pet'."""
    return str(rules()["tags"][tag])


def an(word: str) -> str:
    return ("an " if word[0] in "AEIOU" else "a ") + word


def stage_words(stage: str) -> str:
    """'a Child', 'an Adult'."""
    return an(stage.capitalize())


def card(name: str) -> Spec:
    return cards()[name]


def reaction(name: str) -> React:
    """What the Item `name` answers and how it alters the card (every Item has its react)."""
    react = card(name)["react"]
    if react is None:
        raise KeyError(f"{name} is not an Item")  # the callers ask of Items only
    return react


def worth_of(name: str) -> Worth:
    """What the Pet or Mini-Goal `name` is worth at the end (every one has its worth)."""
    value = card(name)["worth"]
    if value is None:
        raise KeyError(f"{name} is worth nothing at the end")  # asked of Pets and Mini-Goals
    return value


def goal_of(name: str) -> Kind:
    """The goal of the Life-Goal card `name` (every one has its goal)."""
    kind = card(name)["goal"]
    if kind is None:
        raise KeyError(f"{name} is not a Life-Goal")  # asked of Life-Goals only
    return kind


def played_when_drawn(name: str) -> bool:
    """Volcano! and Gifts!: played the moment they are drawn. A face-down placeholder (in a
    player's copy of the state) is never known to be one."""
    return name != HIDDEN and bool(card(name)["drawn"])


def box() -> list[str]:
    """All 67 cards in cards.yaml order (setup takes the removed ones out and shuffles)."""
    return [name for name, c in cards().items() for _ in range(c["copies"])]


def names(kind: str | None = None) -> list[str]:
    return [n for n, c in cards().items() if kind is None or c["type"] == kind]


@functools.cache
def lookup() -> dict[str, str]:
    """Written name (any case, spaces squeezed) -> card name."""
    return {squeeze(n): n for n in cards()}


def find(written: str) -> str | None:
    return lookup().get(squeeze(written))


def kind_of(written: str) -> Kind | None:
    """A counter kind as a player may write it: happiness/happy/hc, sadness/sad/sc."""
    return WORDS.get(str(written).strip().lower())


def other(kind: Kind) -> Kind:
    return KINDS[1 - KINDS.index(kind)]


def goal_card(kind: str) -> str:
    return next(n for n in names("lifegoal") if card(n)["goal"] == kind)
