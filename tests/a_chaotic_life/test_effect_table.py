"""The cards' effect kinds are one table (effects.EFFECT_KINDS): each kind of cards.yaml has one
row with every column, and no module of the game picks an effect kind by comparing it to a
string of its own."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

import lifegames.a_chaotic_life as package
from lifegames.a_chaotic_life.data import EFFECTS, cards
from lifegames.a_chaotic_life.effects import EFFECT_KINDS, HELPS, EffectKind

SOURCES = sorted(Path(package.__file__).parent.glob("*.py"))


def test_every_kind_used_by_the_cards_has_one_full_row() -> None:
    used = {kind for spec in cards().values() for kind, _ in spec["effects"]}
    assert used <= set(EFFECT_KINDS)
    assert set(EFFECT_KINDS) == set(EFFECTS)  # the loader's vocabulary, one row each
    for kind, row in EFFECT_KINDS.items():
        assert isinstance(row, EffectKind), kind
        for column in dataclasses.fields(EffectKind):
            value = getattr(row, column.name)
            assert value is not None, (kind, column.name)
            if column.name == "helps":
                assert value in HELPS, kind
            else:
                assert callable(value), (kind, column.name)


def test_every_card_reads_from_its_rows() -> None:
    for spec in cards().values():
        for kind, value in spec["effects"]:
            assert EFFECT_KINDS[kind].describe(value), (spec["name"], kind)


def _effect_names(function: ast.AST) -> set[str]:
    """The names a function binds to an effect's kind: the first of the pair in a loop or a
    comprehension over a card's `effects`."""
    found: set[str] = set()
    for node in ast.walk(function):
        loops: list[tuple[ast.expr, ast.expr]] = []
        if isinstance(node, (ast.For, ast.comprehension)):
            loops.append((node.target, node.iter))
        for target, source in loops:
            over_effects = any(isinstance(n, ast.Constant) and n.value == "effects"
                               for n in ast.walk(source))
            if over_effects and isinstance(target, ast.Tuple) and \
                    isinstance(target.elts[0], ast.Name):
                found.add(target.elts[0].id)
    return found


def _literal(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_literal(e) for e in node.elts)
    return False


def _names_a_kind(node: ast.expr) -> bool:
    """A literal (or a literal tuple, list or set) naming an effect kind that is not also a
    card type, a condition or a counters field."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_kind(e) for e in node.elts)
    return isinstance(node, ast.Constant) and node.value in EFFECTS and \
        node.value not in ("age", "tag", "neighbor", "gain")


def _comparisons(source: str) -> list[str]:
    """Every comparison of an effect kind to string literals: `kind == "steal"`, `effect in
    ("lava", "gifts")`, `kinds != ["age"]`, and a literal naming an effect kind compared to
    anything."""
    tree = ast.parse(source)
    bad = []
    for function in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.Lambda))):
        names = _effect_names(function)
        for node in ast.walk(function):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            named = any(isinstance(s, ast.Name) and s.id in names for s in sides)
            kinds = any(_names_a_kind(s) for s in sides)
            if (named and any(_literal(s) for s in sides)) or kinds:
                bad.append(f"line {node.lineno}: {ast.unparse(node)}")
    return sorted(set(bad))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_module_picks_an_effect_kind_by_its_string(path: Path) -> None:
    assert _comparisons(path.read_text(encoding="utf-8")) == []


def test_the_scan_finds_a_switch_on_the_kind() -> None:
    switch = ('def f(spec):\n    for effect, value in spec["effects"]:\n'
              '        if effect == "gain":\n            return value\n'
              '    return any(k in ("lava", "gifts") for k, _ in spec["effects"])\n')
    assert len(_comparisons(switch)) == 2
    assert _comparisons('def g(spec):\n    return spec["type"] == "age"\n') == []
