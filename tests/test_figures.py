"""Every figure block of the README and of each game's RULES.md sits
between markers, `python3 bench/figures.py` regenerates them in place, and a block is stale
(this test fails, naming it) once the code or data it was made from has changed: each block's
opening marker holds the digest of its inputs when it was made. Nothing here plays a game."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def figures():
    spec = importlib.util.spec_from_file_location("figures", REPO / "bench" / "figures.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules["figures"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_every_figure_block_is_where_it_belongs_and_up_to_date(figures):
    """No block is missing, doubled, unknown to bench/figures.py, or stale."""
    assert figures.problems() == []


def test_no_figure_block_hides_outside_the_markers(figures):
    """The markers of the scripts that wrote their own blocks before are gone (one writer), and
    every measured section of a RULES.md has a block."""
    for relative in figures.FILES:
        text = (REPO / relative).read_text(encoding="utf-8")
        assert not re.search(r"<!-- (bench:|measured:)", text), relative
        if "## Balance" in text or "## Measured" in text:
            assert "<!-- figures:" in text, f"{relative} has figures outside any block"
    names = {n for found in figures.found_markers().values() for n, _ in found}
    assert names == set(figures.BY_NAME)


def test_a_change_to_any_input_makes_its_block_stale(figures):
    """The digest covers each input's bytes and the generator's options: changing a game's
    data, its package, an engine module a simulation runs, or the generator, changes it; a
    host-side module does not, nor does another game."""
    block = figures.BY_NAME["a-simple-life/trips"]
    here = figures.digest(block)
    assert here == figures.digest(block)  # the same inputs, the same digest

    def altered(target: Path):
        return lambda path: path.read_bytes() + (b"#" if path == target else b"")

    for changed in ("games/a_simple_life/rules.yaml", "lifegames/a_simple_life/rules.py",
                    "lifegames/engine/core/turn.py", "bench/a_simple_life.py",
                    "grammars/common.lark"):
        assert figures.digest(block, altered(REPO / changed)) != here, changed
    for unrelated in ("lifegames/engine/host/host.py", "lifegames/lifestyle/rules.py"):
        assert figures.digest(block, altered(REPO / unrelated)) == here, unrelated
    other = figures.Block(block.name, block.file, block.make, {"games": 21, "seed": 1},
                          block.games)
    assert figures.digest(other) != here
    crlf = figures.digest(block, lambda path: path.read_bytes().replace(b"\n", b"\r\n"))
    assert crlf == here  # a Windows checkout agrees


def test_a_block_is_rewritten_in_place(figures, tmp_path, monkeypatch):
    """write() replaces only the block's text and the digest in its marker, nothing around."""
    page = tmp_path / "RULES.md"
    page.write_text("before\n<!-- figures:x/y digest=0000 -->\nold\n<!-- /figures:x/y -->\n"
                    "after\n", encoding="utf-8")
    monkeypatch.setattr(figures, "REPO", tmp_path)
    block = figures.Block("x/y", "RULES.md", "nowhere:made")
    figures.write(block, "new\ntext\n", "abcd")
    assert page.read_text(encoding="utf-8") == (
        "before\n<!-- figures:x/y digest=abcd -->\nnew\ntext\n<!-- /figures:x/y -->\nafter\n")


def test_no_host_side_module_is_imported_by_what_the_figures_run(figures):
    """HOST_SIDE (left out of every digest) holds no module a generator or a game imports:
    checked in a fresh process that imports every generator and every game (the generators'
    own processes check what the simulations imported, when a block is made)."""
    modules = sorted({b.make.split(":")[0] for b in figures.BLOCKS if not b.timed})
    code = (f"import sys; sys.path[:0] = [{str(REPO)!r}, {str(REPO / 'bench')!r}]\n" +
            "import importlib\nfrom lifegames import registry\n" +
            "".join(f"importlib.import_module({m!r})\n" for m in modules) +
            "for g in registry.ids(): registry.get(g)\n"
            "print(' '.join(m for m in sys.modules if m.startswith('lifegames.engine.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    imported = {m.split(".")[-1] for m in done.stdout.split()}
    assert not imported & figures.HOST_SIDE, imported & figures.HOST_SIDE
