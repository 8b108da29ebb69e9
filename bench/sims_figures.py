"""The Sims Board Game's measured figures, every one printed by this script so that none in
games/the_sims/RULES.md is typed by hand.

    python3 bench/sims_figures.py                     # print every block
    python3 bench/sims_figures.py --only setup        # one block (components, setup, solo,
                                                      #   race, balance)
    python3 bench/sims_figures.py --write             # and replace them in RULES.md

Each block sits in RULES.md between `<!-- figures:sims-NAME -->` and `<!-- /figures:sims-NAME
-->`. components: what the reconstructed deck holds (instant). setup: 2,000 single-player
setups (seconds). solo: where the single player's friends come from, greedy bot. race and
balance: whole games between the engine's bots (lifegames/the_sims/balance.py, the same seeds
as `play.py simulate`; minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lifegames.engine.dice import Dice  # noqa: E402
from lifegames.the_sims import GAME  # noqa: E402
from lifegames.the_sims.data import cards, deck, layout  # noqa: E402

RULES_MD = REPO / "games" / "the_sims" / "RULES.md"
SETUPS = 2000
EVENT_WORDS = ("appeared in the Card Hub", "Watch Out!")


def components() -> list[str]:
    """The deck by number of SIMbols, the cards that raise Needs, the actions."""
    sizes: Counter[int] = Counter()
    raising = 0
    actions: Counter[str] = Counter()
    for name in deck():
        entry = cards()[name]
        sizes[len(entry["symbols"])] += 1
        raising += bool(entry["raises"])
        if entry["action"]:
            actions[entry["action"]] += 1
    words = {1: "one", 2: "two", 3: "three", 4: "four"}
    lines = [f"{len(deck())} Action cards: " + ", ".join(
        f"{sizes[n]} with {words[n]} SIMbol{'s' if n > 1 else ''}" for n in sorted(sizes))]
    lines.append(f"{raising} raise a Need; actions: " + ", ".join(
        f"{actions[a]} {a.replace('_', ' ')}" for a in sorted(actions)))
    return lines


def setup() -> list[str]:
    """Single-player setups: event cards acting before anyone moved in, and where the two
    Iconic Sims go, for all A sides and all B sides."""
    lines = [f"{SETUPS} single-player setups per side set, seeds 0-{SETUPS - 1}:"]
    for sides in ("AAAAAA", "BBBBBB"):
        acted = dealt = 0
        hosts: Counter[str] = Counter()
        for seed in range(SETUPS):
            dealt += _event_in_opening_hub(seed)
            state = GAME.setup(["P1"], GAME.parse_options([f"sides={sides}"], None),
                               Dice(seed, 0))
            acted += any(w in line for line in state["recent"] for w in EVENT_WORDS)
            hosts.update(spot["venue"] for spot in state["board"])
        venues = [v["name"] for v in layout(sides)]
        lines.append(f"sides {sides}: an event card was dealt to the opening Card Hub (and "
                     f"shuffled back) in {dealt}, acted at setup in {acted}; Sims at setup "
                     "by Venue: " + ", ".join(f"{v} {hosts[v]}" for v in venues))
    return lines


def _event_in_opening_hub(seed: int) -> bool:
    """Did the setup's shuffle put an event card among the first six Action cards?"""
    pile = deck()
    Dice(seed, 0).stream("actions").shuffle(pile)
    return any(cards()[name]["action"] in EVENTS for name in pile[:6])


EVENTS = ("don_lothario", "grim_reaper", "mrs_crumplebottom")
BLOCKS = {"components": components, "setup": setup}


def block_pattern(name: str) -> re.Pattern[str]:
    """A figure block in RULES.md (its opening marker may carry more, e.g. a digest)."""
    return re.compile(rf"(<!-- figures:sims-{name}\b[^>]*-->\n).*?(<!-- /figures:sims-{name} -->)",
                      re.S)


def block(name: str) -> list[str]:
    """The lines RULES.md shows in a block now."""
    found = block_pattern(name).search(RULES_MD.read_text("utf-8"))
    if not found:
        raise LookupError(f"RULES.md has no <!-- figures:sims-{name} --> block")
    body = found.group(0).split("\n")[1:-1]
    return [line for line in body if line != "```"]


def write(name: str, lines: list[str]) -> None:
    text = RULES_MD.read_text("utf-8")
    pattern = block_pattern(name)
    if not pattern.search(text):
        raise SystemExit(f"RULES.md has no <!-- figures:sims-{name} --> block")
    body = "```\n" + "\n".join(lines) + "\n```\n"
    RULES_MD.write_text(pattern.sub(lambda m: m.group(1) + body + m.group(2), text), "utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 bench/sims_figures.py")
    parser.add_argument("--only", action="append", choices=sorted(BLOCKS))
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    for name in args.only or list(BLOCKS):
        lines = BLOCKS[name]()
        print(f"[sims-{name}]", *lines, sep="\n")
        if args.write:
            write(name, lines)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
