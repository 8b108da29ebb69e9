"""Fuzzing every grammar: order files generated from each game's grammar (and its order_help()
values), then mutated, pushed through parse_bytes and turn.check_file on real positions of the
game, and, when accepted, through turn.play_tick. No file may crash the engine; every rejection
is located (path, line >= 1, column >= 1) and coded (E-...); every accepted file plays.

bench/fuzz_orders.py runs the same generator on 100,000 files per grammar (not in CI)."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lifegames import registry
from lifegames.engine.core.orders import parse_text

from .ordergen import (
    HUGE,
    LOOKALIKES,
    ODD_TEXT,
    Spec,
    Target,
    fuzz_file,
    run_one,
    spec,
    targets,
    value,
)

GAMES = registry.ids()
SEED = 4_660_046_610_375_530_309
FUZZ = settings(max_examples=300, deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])


@functools.cache
def positions(game_id: str) -> tuple[Target, ...]:
    """The start and the first dozen ticks of a bot-played game, every awaited player."""
    return tuple(targets(game_id, SEED, ticks=12))


def test_every_game_is_fuzzed() -> None:
    """Property: the fuzz suites cover every installed game's grammar, and each grammar yields
    commands with argument slots (so a grammar the generator cannot read fails here)."""
    assert set(GAMES) >= {"simple-kingdoms", "lifestyle"}
    for game_id in GAMES:
        sp = spec(registry.get(game_id))
        assert sp.alternatives and all(sp.alternatives.values()), game_id
        assert positions(game_id), game_id


def _strict_line(sp: Spec, rng: random.Random) -> tuple[str, str]:
    """A line straight from the grammar with in-range values, and its command."""
    command = rng.choice(sorted(sp.alternatives))
    form = rng.choice(sp.alternatives[command])
    text = ""
    for kind, part in form:
        if kind == "lit":
            text += part + (" " if part == "," else "")
        else:
            spot = random.Random(rng.random())
            word = value(sp, part, spot)
            low, high = sp.ints.get(part, (0, 6))
            if "INT" in sp.kinds.get(part, set()) and word.lstrip("-").isdigit():
                word = str(min(max(int(word), low), high))
            text += word
    return text, command


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(seed=st.integers(0, 2**64))
def test_lines_built_from_the_grammar_parse_as_that_command(game_id: str, seed: int) -> None:
    """Property: every line built from commands()/the grammar's forms with values from the
    game's order_help() parses without a syntax problem, as one order of that command, and its
    canonical spelling (the executed_orders.txt line) parses back to the same order."""
    sp = spec(registry.get(game_id))
    line, command = _strict_line(sp, random.Random(seed))
    parsed = parse_text(sp.grammar, line, "p.txt")
    assert not parsed.problems, [p.render() for p in parsed.problems]
    assert [o.command for o in parsed.orders] == [command]
    order = parsed.orders[0]
    again = parse_text(sp.grammar, order.canonical(), "p.txt")
    assert not again.problems, [p.render() for p in again.problems]
    assert [(a.name, a.value) for a in again.orders[0].args] == \
        [(a.name, a.value) for a in order.args]


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(seed=st.integers(0, 2**64))
def test_generated_and_mutated_order_files_never_crash(game_id: str, seed: int) -> None:
    """Property: order files generated from the grammar and mutated (deleted and duplicated
    characters, random bytes, huge and negative numbers, look-alike characters, very long
    lines, NULs, CRs, other encodings, files over the size cap) never raise: each is rejected
    with located, coded problems or accepted and played. (Hypothesis draws the seed of the
    generator, as bench/fuzz_orders.py does, so both explore the same space.)"""
    rng = random.Random(seed)
    target = rng.choice(positions(game_id))
    raw = fuzz_file(target.spec, rng, target.legal, target.whole)
    run_one(target, raw)


def _fragments(game_id: str) -> list[str]:
    sp = spec(registry.get(game_id))
    out = sorted({part for forms in sp.alternatives.values() for form in forms
                  for kind, part in form if kind == "lit"})
    for names in sp.names.values():
        out += [f'"{n}"' for n in names[:6]] + names[:3]
    out += ["0", "1", "2", "3", "-1", " ", "  ", "\t", "#", "end", "\r", "\n", "\x00"]
    out += HUGE[:6] + ODD_TEXT[:8] + [c for cs in LOOKALIKES.values() for c in cs[:1]]
    return out


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_grammar_fragments_in_any_order_never_crash(game_id: str, data: st.DataObject) -> None:
    """Property: lines glued together from the grammar's own words and punctuation in any
    order (two orders on one line, a stray comma after an order, an argument list cut short)
    never raise, and every rejection is located and coded."""
    target = data.draw(st.sampled_from(positions(game_id)))
    fragments = st.sampled_from(_fragments(game_id))
    lead = data.draw(st.sampled_from([""] + list(target.legal)))
    before = data.draw(st.lists(fragments, max_size=4))
    after = data.draw(st.lists(fragments, max_size=10))
    line = "".join(before) + lead + "".join(after)
    text = "\n".join([line] * data.draw(st.integers(1, 3)))
    run_one(target, text.encode("utf-8"))


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(raw=st.binary(max_size=2000), index=st.integers(0, 1000))
def test_arbitrary_bytes_never_crash(game_id: str, raw: bytes, index: int) -> None:
    """Property: any bytes at all as an order file are refused or read without an exception,
    and every refusal is located and coded."""
    found = positions(game_id)
    run_one(found[index % len(found)], raw)


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(text=st.text(max_size=600), index=st.integers(0, 1000))
def test_arbitrary_text_never_crashes(game_id: str, text: str, index: int) -> None:
    """Property: any unicode text (control characters, surrogate-free astral characters,
    combining marks, separators) as an order file never raises."""
    found = positions(game_id)
    run_one(found[index % len(found)], text.encode("utf-8"))
