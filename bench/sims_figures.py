"""The Sims Board Game's measured figures, every one printed by this script so that none in
games/the_sims/RULES.md is typed by hand.

    python3 bench/sims_figures.py                     # print every block
    python3 bench/sims_figures.py --only setup        # one block (components, setup, solo,
                                                      #   race, balance)

`python3 bench/figures.py` writes each into RULES.md, between `<!-- figures:the-sims/NAME -->`
and `<!-- /figures:the-sims/NAME -->`
(`text` below). components: what the reconstructed deck holds (instant). setup: 2,000 single-player
setups (seconds). solo: where the single player's friends come from, greedy bot. race and
balance: whole games between the engine's bots (lifegames/the_sims/balance.py, the same seeds
as `play.py simulate`; minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lifegames.engine.core.dice import Dice  # noqa: E402
from lifegames.engine.core.simulate import game_seed  # noqa: E402
from lifegames.the_sims import GAME, balance  # noqa: E402
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
    """Single-player setups: event cards dealt to the opening Card Hub (each acts there, as it
    appears), and where the two Iconic Sims go, for all A sides and all B sides."""
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
        lines.append(f"sides {sides}: an event card was dealt to the opening Card Hub in "
                     f"{dealt}, acted at setup in {acted}; Sims at setup "
                     "by Venue: " + ", ".join(f"{v} {hosts[v]}" for v in venues))
    return lines


RACE_GAMES = 200


def _race_one(job: tuple[int, tuple[str, ...], int]
              ) -> tuple[int, int, int, int, int, int, Counter[str]]:
    """(turns, ticks, seat 1 won, go homes by greedy seats, greedy turns, greedy seats that
    never went home, how the special cards turned out) of one game."""
    count, strategies, index = job
    state, seen = balance.play(GAME, count, strategies, game_seed(0, index))
    outcomes = Counter({k: seen[k] for k in balance.OUTCOMES if seen[k]})
    homes = never = turns = 0
    for n, player in enumerate(state["players"]):
        if strategies[n % len(strategies)] != "greedy":
            continue
        homes += seen[f"went home {player}"]
        never += seen[f"went home {player}"] == 0
        turns += seen[f"ends the turn {player}"]
    won = state["players"][0] in GAME.result(state).winners
    return state["turns"], state["tick"], won, homes, turns, never, outcomes


def race() -> list[str]:
    """Whole games between greedy bots (and one greedy against random ones): how long the race
    lasts, how often it is over early, how often a greedy player must Go Home."""
    lines = [f"{RACE_GAMES} games per line-up, seeds as `play.py simulate --seed 0`:"]
    lineups = [(n, ("greedy",) * n) for n in (2, 3, 4, 5)] + \
        [(3, ("greedy", "random", "random")), (5, ("greedy",) + ("random",) * 4)]
    specials: Counter[str] = Counter()
    with ProcessPoolExecutor(2) as pool:
        for count, strategies in lineups:
            rows = list(pool.map(_race_one, [(count, strategies, i) for i in range(RACE_GAMES)],
                                 chunksize=8))
            turns = [r[0] for r in rows]
            for row in rows:
                specials.update(row[6])
            early = sum(1 for t in turns if t < 3 * count + 1)
            homes, played = sum(r[3] for r in rows), sum(r[4] for r in rows)
            never = sum(r[5] for r in rows)
            seats = sum(1 for s in strategies if s == "greedy") * RACE_GAMES
            lines.append(
                f"{count} players {'/'.join(strategies)}: {sum(turns) / len(turns) / count:.1f} "
                f"turns per player (fewest {min(turns) / count:.1f}), over before seat 1's "
                f"fourth turn in {early}; ticks per turn {sum(r[1] for r in rows) / sum(turns):.2f}"
                f"; seat 1 won {100 * sum(r[2] for r in rows) / RACE_GAMES:.0f}%; greedy seats "
                f"went home in {100 * homes / max(1, played):.0f}% of their turns, "
                f"{100 * (seats - never) / seats:.0f}% of them at least once")
    lines.append("special cards in all these games: " + ", ".join(
        f"{name} {specials[name]}" for name in balance.OUTCOMES if not name.startswith("friend")))
    return lines


SOLO_GAMES = 300


def _solo_one(job: tuple[str, int, bool]) -> tuple[bool, Counter[str]]:
    """One single-player game: won, and where the friends came from. `near` plays the other
    reading of befriending (only the Sims at the Venue you traveled to)."""
    strategy, index, near = job
    if near:
        _befriend_near()
    state, seen = balance.play(GAME, 1, (strategy,), game_seed(0, index))
    return bool(state["winners"]), Counter({k: seen[k] for k in balance.OUTCOMES if seen[k]})


def _befriend_near() -> None:
    """The other reading of the single player's Travel 2: "from the board" as "from your
    Venue" (measured here only; the rules take Sims from every Venue)."""
    from lifegames.the_sims import actions
    from lifegames.the_sims.model import seat, solo

    rules_befriend = actions.befriend

    def near(game: object, state: dict[str, object], player: str) -> list[str]:
        if not solo(state):
            return rules_befriend(game, state, player)  # type: ignore[arg-type]
        here = seat(state, player)["at"]
        away = [s for s in state["board"] if s["venue"] != here]  # type: ignore[union-attr]
        state["board"] = [s for s in state["board"] if s["venue"] == here]  # type: ignore
        try:
            return rules_befriend(game, state, player)  # type: ignore[arg-type]
        finally:
            state["board"] = away + state["board"]  # type: ignore[operator]

    actions.befriend = near  # type: ignore[assignment]


def solo() -> list[str]:
    """Single-player games: how often each bot wins, and where the greedy bot's friends come
    from, under the rules' reading of befriending and under the other one."""
    lines = [f"{SOLO_GAMES} single-player games per line, seeds as `play.py simulate --seed 0`:"]
    with ProcessPoolExecutor(2) as pool:
        for strategy, near in (("greedy", False), ("random", False), ("greedy", True)):
            rows = list(pool.map(_solo_one, [(strategy, i, near) for i in range(SOLO_GAMES)],
                                 chunksize=8))
            friends: Counter[str] = Counter()
            for _, seen in rows:
                friends.update(seen)
            total = sum(friends[k] for k in balance.OUTCOMES if k.startswith("friend")) + \
                friends["Don moved in"] + friends["the Reaper moved in"]
            die = friends["friend: Come on Over!"]
            reading = "befriending at your Venue only" if near else "befriending at any Venue"
            lines.append(
                f"{strategy}, {reading}: won {100 * sum(r[0] for r in rows) / SOLO_GAMES:.0f}%;"
                f" friends {total}: " + ", ".join(
                    f"{k.removeprefix('friend: ')} {friends[k]}" for k in balance.OUTCOMES
                    if k.startswith("friend")) +
                f", Don {friends['Don moved in']}, the Reaper {friends['the Reaper moved in']}"
                f"; the die brought {100 * die / max(1, total):.0f}%")
    return lines


def _event_in_opening_hub(seed: int) -> bool:
    """Did the setup's shuffle put an event card among the first six Action cards?"""
    pile = deck()
    Dice(seed, 0).stream("actions").shuffle(pile)
    return any(cards()[name]["action"] in EVENTS for name in pile[:6])


EVENTS = ("don_lothario", "grim_reaper", "mrs_crumplebottom")
BLOCKS = {"components": components, "setup": setup, "solo": solo, "race": race}


def block_pattern(name: str) -> re.Pattern[str]:
    """A figure block in RULES.md (its opening marker may carry more, e.g. a digest)."""
    return re.compile(rf"(<!-- figures:the-sims/{name}\b[^>]*-->\n).*?"
                      rf"(<!-- /figures:the-sims/{name} -->)", re.S)


def block(name: str) -> list[str]:
    """The lines RULES.md shows in a block now."""
    found = block_pattern(name).search(RULES_MD.read_text("utf-8"))
    if not found:
        raise LookupError(f"RULES.md has no <!-- figures:the-sims/{name} --> block")
    body = found.group(0).split("\n")[1:-1]
    return [line for line in body if line != "```"]


def text(name: str) -> str:
    """The block `name` as bench/figures.py writes it into RULES.md."""
    return "```\n" + "\n".join(BLOCKS[name]()) + "\n```"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 bench/sims_figures.py")
    parser.add_argument("--only", action="append", choices=sorted(BLOCKS))
    args = parser.parse_args(argv)
    for name in args.only or list(BLOCKS):
        lines = BLOCKS[name]()
        print(f"[sims-{name}]", *lines, sep="\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
