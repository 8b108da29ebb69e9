"""Every figure block of the README and of each game's RULES.md, regenerated in place by one
command; and a digest of what each block was made from, so that a test notices a block gone
stale without playing a single game.

    python3 bench/figures.py                 # regenerate every stale block (minutes)
    python3 bench/figures.py --check         # list the stale blocks, exit 1 if any (plays nothing)
    python3 bench/figures.py --only NAME     # one block (repeat for more), stale or not
    python3 bench/figures.py --all           # every block, the timed ones too
    python3 bench/figures.py --list          # the blocks, where they are, what makes them

A block sits between two markers in its file:

    <!-- figures:a-simple-life/trips digest=0123456789abcdef -->
    ...what its generator printed...
    <!-- /figures:a-simple-life/trips -->

The digest is the sha256 of everything the figures depend on: the generator's call (its
function and options), the generator's own file, the engine modules a simulation runs
(lifegames/engine/ but for HOST_SIDE), the whole package, data folder and grammar of each game
the block names, lifegames/__init__.py and registry.py. Change any byte of them and the digest
no longer matches: `tests/test_figures.py` fails and names the block. Timed blocks (speed
figures of a machine and a moment) carry no digest and are never stale: they name the commit
they measured, and only `--all` or `--only` regenerates them.

Each block is made in a process of its own (generators change module state for their
baselines), which then checks that no HOST_SIDE module was imported: one that a simulation
needs must leave that list, or its changes would go unnoticed. To add a block, add a Block
to BLOCKS (bench/README.md says how), put its two markers where it goes, and run
`python3 bench/figures.py --only NAME`.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import inspect
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO / "bench"
ENGINE = REPO / "lifegames" / "engine"
# Engine modules no simulation runs (the host's folder, seats, git, the referee's tools): the
# only ones a block's digest leaves out. Each block's process checks it imported none of them.
HOST_SIDE = frozenset({"clone", "folder", "gitops", "gitpublish", "gitseats", "history", "host",
                       "locking", "memory", "overview", "playercheck", "reading", "replaying",
                       "seats", "shapes", "story", "svg", "tools"})
ALL_GAMES = ("a-chaotic-life", "a-simple-life", "lifestyle", "simple-kingdoms", "the-sims")


@dataclass(frozen=True)
class Block:
    """One figure block. `make` is "module:function" (a module of bench/, or a dotted module
    of lifegames), called with `options` (and `jobs=`, if it takes one) and returning the
    block's text; `games` are the game ids its figures are played in; `also` other files it
    reads (repository paths); `timed` marks figures of a machine and a moment (no digest)."""

    name: str
    file: str
    make: str
    options: dict[str, Any] = field(default_factory=dict)
    games: tuple[str, ...] = ()
    also: tuple[str, ...] = ()
    timed: bool = False


BLOCKS = (
    Block("readme/bots", "README.md", "readme_figures:bots", {"games": 20}, ALL_GAMES),
    Block("readme/round-trips", "README.md", "readme_figures:round_trips", {"games": 20},
          ALL_GAMES),
    Block("readme/speed", "README.md", "run:readme_table", timed=True),
    Block("a-simple-life/trips", "games/a_simple_life/RULES.md", "a_simple_life:trips",
          {"games": 20, "seed": 1}, ("a-simple-life",)),
    Block("a-simple-life/balance", "games/a_simple_life/RULES.md",
          "balance_reports:a_simple_life", {"games": 200, "seed": 1},
          ("a-simple-life",)),
    Block("lifestyle/measured", "games/lifestyle/RULES.md", "lifestyle_balance:report",
          {"seed": 1, "count": 20}, ("lifestyle",)),
    Block("simple-kingdoms/balance", "games/simple_kingdoms/RULES.md",
          "simple_kingdoms:balance_text", {"games": 50, "seed": 0}, ("simple-kingdoms",)),
    Block("simple-kingdoms/ticks", "games/simple_kingdoms/RULES.md", "simple_kingdoms:ticks_text",
          {"games": 20, "seed": 0, "before": "ad31aa1"}, timed=True),
    Block("simple-kingdoms/speed", "games/simple_kingdoms/RULES.md",
          "simple_kingdoms:speed_text", timed=True),
    Block("a-chaotic-life/deck", "games/a_chaotic_life/RULES.md",
          "lifegames.a_chaotic_life.balance:deck_block", {}, ("a-chaotic-life",)),
    Block("a-chaotic-life/balance", "games/a_chaotic_life/RULES.md",
          "balance_reports:chaotic_balance", {"games": 50, "seed": 0},
          ("a-chaotic-life",)),
    Block("a-chaotic-life/death", "games/a_chaotic_life/RULES.md",
          "balance_reports:chaotic_death", {"games": 50, "seed": 0},
          ("a-chaotic-life",)),
    Block("a-chaotic-life/cards", "games/a_chaotic_life/RULES.md",
          "balance_reports:chaotic_cards", {"games": 200, "seed": 0},
          ("a-chaotic-life",)),
    Block("the-sims/balance", "games/the_sims/RULES.md", "balance_reports:sims",
          {"games": 100, "seed": 0}, ("the-sims",)),
    *(Block(f"the-sims/{name}", "games/the_sims/RULES.md", "sims_figures:text", {"name": name},
            ("the-sims",)) for name in ("components", "setup", "race", "solo")),
)
BY_NAME = {block.name: block for block in BLOCKS}
FILES = sorted({block.file for block in BLOCKS} | {"README.md"} |
               {f"games/{p.name}/RULES.md" for p in (REPO / "games").iterdir() if p.is_dir()})
MARKER = re.compile(r"<!-- figures:([a-z0-9/-]+)(?: digest=([0-9a-f]+))? -->\n")


def _start(name: str) -> re.Pattern[str]:
    return re.compile(rf"<!-- figures:{re.escape(name)}(?: digest=[0-9a-f]+)? -->\n"
                      rf"(.*?)<!-- /figures:{re.escape(name)} -->\n?", re.S)


# -- what a block depends on ------------------------------------------------------------------


def _package(game_id: str) -> str:
    """The package folder of a game (lifegames/<package>), from the registry's table."""
    from lifegames.registry import GAMES

    return GAMES[game_id].split(".")[-1]


def _grammar(game_id: str) -> str:
    from lifegames import registry

    return registry.get(game_id).grammar_name()


def _module_file(make: str) -> Path:
    module = make.split(":")[0]
    if "." not in module:
        return BENCH / f"{module}.py"
    return REPO / (module.replace(".", "/") + ".py")


def inputs(block: Block) -> list[Path]:
    """Every file the block's figures depend on, sorted: see the module's docstring."""
    found = {_module_file(block.make), REPO / "lifegames" / "__init__.py",
             REPO / "lifegames" / "registry.py", REPO / "grammars" / "common.lark"}
    found |= {p for p in ENGINE.rglob("*.py") if p.stem not in HOST_SIDE}
    for game_id in block.games:
        package = _package(game_id)
        found |= set((REPO / "lifegames" / package).rglob("*.py"))
        found |= {p for p in (REPO / "games" / package).rglob("*")
                  if p.is_file() and p.suffix != ".md"}
        found.add(REPO / "grammars" / f"{_grammar(game_id)}.lark")
    for extra in block.also:
        path = REPO / extra
        found |= set(path.rglob("*.py")) if path.is_dir() else {path}
    return sorted(p for p in found if "__pycache__" not in p.parts)


def digest(block: Block, read: Any = None) -> str:
    """The digest of the block's call and of every input's bytes (line ends as LF, so a
    checkout on Windows agrees). `read(path) -> bytes` stands in for reading a file."""
    read = read or (lambda path: path.read_bytes())
    total = hashlib.sha256(json.dumps([block.make, block.options], sort_keys=True).encode())
    for path in inputs(block):
        relative = path.relative_to(REPO).as_posix()
        try:
            data = read(path).replace(b"\r\n", b"\n")
        except FileNotFoundError:
            data = b"(missing)"
        total.update(f"\0{relative}\0{len(data)}\0".encode() + data)
    return total.hexdigest()[:16]


# -- the files ----------------------------------------------------------------------------------


def found_markers() -> dict[str, list[tuple[str, str | None]]]:
    """file -> the (name, digest) of each block marker in it, in order."""
    out = {}
    for relative in FILES:
        path = REPO / relative
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        out[relative] = [(m.group(1), m.group(2)) for m in MARKER.finditer(text)]
    return out


def problems() -> list[str]:
    """What is wrong with the blocks as the files hold them now: a block not where BLOCKS says
    (or twice), a marker of no block, a block without its closing marker, and every block
    whose digest is not that of its inputs (stale). Plays nothing."""
    out = []
    markers = found_markers()
    for relative, names in markers.items():
        for name, _ in names:
            if name not in BY_NAME:
                out.append(f"{relative}: the block {name} is not in bench/figures.py's BLOCKS")
    for block in BLOCKS:
        mine = [d for name, d in markers.get(block.file, []) if name == block.name]
        text = (REPO / block.file).read_text(encoding="utf-8")
        if len(mine) != 1 or not _start(block.name).search(text):
            out.append(f"{block.file}: the block {block.name} should be there once, between "
                       f"<!-- figures:{block.name} ... --> and <!-- /figures:{block.name} -->")
            continue
        if block.timed:
            continue
        if mine[0] != digest(block):
            out.append(f"{block.file}: the block {block.name} is stale: what it is made from "
                       f"changed since it was made (python3 bench/figures.py --only "
                       f"{block.name})")
    return out


def stale() -> list[Block]:
    """The blocks whose marker's digest is not that of their inputs now."""
    markers = found_markers()
    return [b for b in BLOCKS if not b.timed and
            dict(markers.get(b.file, [])).get(b.name) != digest(b)]


def write(block: Block, text: str, stamp: str) -> None:
    """Put `text` between the block's markers, with the digest `stamp` ('' for a timed one)."""
    path = REPO / block.file
    body = path.read_text(encoding="utf-8")
    pattern = _start(block.name)
    if not pattern.search(body):
        raise SystemExit(f"{block.file} has no <!-- figures:{block.name} --> block")
    head = f"<!-- figures:{block.name}" + (f" digest={stamp}" if stamp else "") + " -->\n"
    new = head + text.rstrip("\n") + f"\n<!-- /figures:{block.name} -->\n"
    path.write_text(pattern.sub(lambda _: new, body, count=1), encoding="utf-8")


# -- making a block ---------------------------------------------------------------------------


def make(block: Block, jobs: int) -> str:
    """The block's text, made in this process (see `--make`)."""
    sys.path[:0] = [str(REPO), str(BENCH)]
    module_name, function_name = block.make.split(":")
    function = getattr(importlib.import_module(module_name), function_name)
    options = dict(block.options)
    if "jobs" in inspect.signature(function).parameters:
        options["jobs"] = jobs
    text = function(**options)
    used = sorted(m.split(".")[-1] for m in sys.modules
                  if m.startswith("lifegames.engine.") and m.split(".")[-1] in HOST_SIDE)
    if used and not block.timed:
        raise SystemExit(f"{block.name}: its figures imported lifegames/engine/"
                         f"{', '.join(used)}, which HOST_SIDE leaves out of every digest: "
                         "take them out of HOST_SIDE")
    return str(text)


def regenerate(block: Block, jobs: int) -> None:
    stamp = "" if block.timed else digest(block)
    print(f"making {block.name} ({block.make})...", file=sys.stderr, flush=True)
    done = subprocess.run([sys.executable, str(Path(__file__)), "--make", block.name,
                           "--jobs", str(jobs)], capture_output=True, text=True, cwd=REPO,
                          env=dict(os.environ, PYTHONPATH=str(REPO)))
    if done.returncode != 0:
        raise SystemExit(f"{block.name} failed:\n{done.stderr}")
    if stamp and digest(block) != stamp:
        raise SystemExit(f"{block.name}: its inputs changed while it was being made; run "
                         "it again")
    write(block, done.stdout, stamp)
    print(f"  wrote {block.name} into {block.file}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 bench/figures.py",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="list the stale blocks; exit 1 "
                        "if any, or if a block is missing (plays nothing)")
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        choices=sorted(BY_NAME), help="this block, stale or not (repeatable)")
    parser.add_argument("--all", action="store_true", help="every block, the timed ones too")
    parser.add_argument("--list", action="store_true", help="the blocks and their files")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the simulations")
    parser.add_argument("--make", metavar="NAME", help=argparse.SUPPRESS)  # one block, to stdout
    args = parser.parse_args(argv)
    sys.path[:0] = [str(REPO)]
    if args.make:
        sys.stdout.write(make(BY_NAME[args.make], args.jobs).rstrip("\n") + "\n")
        return 0
    if args.list:
        for block in BLOCKS:
            kind = "timed" if block.timed else f"{len(inputs(block))} inputs"
            print(f"{block.name:26} {block.file:34} {block.make} ({kind})")
        return 0
    wrong = problems()
    if args.check:
        print("\n".join(wrong) or "every figure block is up to date")
        return 1 if wrong else 0
    chosen = ([BY_NAME[n] for n in args.only] if args.only else
              list(BLOCKS) if args.all else stale())
    missing = [w for w in wrong if "should be there once" in w or "not in bench" in w]
    if missing:
        raise SystemExit("\n".join(missing))
    for block in chosen:
        regenerate(block, args.jobs)
    if not chosen:
        print("every figure block is up to date", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
