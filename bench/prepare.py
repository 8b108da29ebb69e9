"""The inputs the benchmarks play and parse, built in-process through lifegames' own Host (the
same code `play.py setup` and `play.py tick` run), so they are exactly what players would have.

- tick_game: a fresh Simple Kingdoms game, both kingdoms holding 3 orders for tick 1.
- long_game: a `--ticks 1000` game advanced with random-bot orders, saved just before tick 10
  and just before tick 1,000, each with 3 bot orders per kingdom in place.
- order_text: a large order text of valid Simple Kingdoms lines, comments and blank lines.
"""

from __future__ import annotations

import random
import shutil
import sys
from pathlib import Path

from common import REPO, BenchError

if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from lifegames import registry  # noqa: E402
from lifegames.engine.base.words import counted  # noqa: E402
from lifegames.engine.core.bots import choose_orders, order_file_text  # noqa: E402
from lifegames.engine.core.orders import parse_text  # noqa: E402
from lifegames.engine.host.host import Host, Loaded, order_file  # noqa: E402

GAME = "simple-kingdoms"
SEED = 1
ORDERS_EACH = 3

# Tick 1 of a seed-1 game: each kingdom trains, explores a neighbour and builds (every kind of
# work a tick does: an order that rolls terrain, costs, a new building on the sheet).
TICK_ORDERS = {
    "Ironhold": ['hire_soldiers(0,0, 2)', 'move_soldiers(0,0, 0,1, 1)', 'build(0,0, "farm")'],
    "Thornvale": ['hire_soldiers(2,2, 2)', 'move_soldiers(2,2, 2,1, 1)', 'build(2,2, "farm")'],
}


def _write_orders(host: Host, player: str, lines: list[str]) -> None:
    host.folder.path(order_file(player)).write_text(
        "# written by bench/prepare.py\n" + "".join(f"{line}\n" for line in lines) + "end\n",
        encoding="utf-8")


def _expect_orders(host: Host, count: int) -> None:
    """`check` must accept every awaited file with exactly `count` orders."""
    _, checks = host.check()
    for result in checks:
        if result.problems or len(result.orders) != count:
            problems = "\n".join(p.render() for p in result.problems)
            raise BenchError(f"prepared orders of {result.player} in {host.folder.root}: "
                             f"{counted(len(result.orders), 'order')}, expected {count}\n"
                             f"{problems}")


def tick_game(folder: Path) -> Path:
    host = Host(str(folder), registry.get)
    game = registry.get(GAME)
    host.setup(game, list(TICK_ORDERS), [], SEED, None)
    for player, lines in TICK_ORDERS.items():
        _write_orders(host, player, lines)
    _expect_orders(host, ORDERS_EACH)
    return folder


def _bot_orders(loaded: Loaded, player: str, rng: random.Random, want: int | None) -> list[str]:
    """The random bot's orders; with `want`, redrawn until there are that many (a few tries)."""
    best: list[str] = []
    for _ in range(50):
        orders = choose_orders(loaded.game, loaded.state, player, "random", rng)
        if want is None or len(orders) == want:
            return orders
        if len(orders) > len(best):
            best = orders
    return best


def long_game(base: Path, ticks: int, early: int, late: int,
              progress: object = None) -> tuple[Path, Path]:
    """Folders ready to play tick `early` and tick `late` of one `ticks`-tick game (the later
    one with the whole history before it: archive/, executed orders, state)."""
    live = base / "long-live"
    host = Host(str(live), registry.get)
    game = registry.get(GAME)
    host.setup(game, list(game.default_players), [], SEED, ticks)
    rng = random.Random(0)
    saved: dict[int, Path] = {}
    while True:
        loaded = host.load()
        upcoming = int(loaded.state["tick"]) + 1
        measured = upcoming in (early, late)
        for player in loaded.game.awaiting(loaded.state):
            orders = _bot_orders(loaded, player, rng, ORDERS_EACH if measured else None)
            host.folder.path(order_file(player)).write_text(
                order_file_text(loaded.game, loaded.state, player, orders, "random"),
                encoding="utf-8")
        if measured:
            _expect_orders(host, ORDERS_EACH)
            saved[upcoming] = base / f"long-before-tick-{upcoming}"
            shutil.copytree(live, saved[upcoming], symlinks=True)
        if upcoming == late:
            break
        _, outcome = host.tick()
        if outcome.problems:
            raise BenchError("bot orders rejected while advancing the long game:\n"
                             + "\n".join(p.render() for p in outcome.problems))
        if callable(progress) and upcoming % 100 == 0:
            progress(upcoming)
    shutil.rmtree(live)
    return saved[early], saved[late]


BUILDINGS = ("farm", "town", "mine", "lumber_mill", "quarry", "barracks", "wall")
RESOURCES = ("gold", "food", "wood", "stone", "iron")


def order_text(lines: int, seed: int = 0) -> tuple[str, int]:
    """`lines` valid order lines of every command with varied spacing, some with a trailing
    comment, mixed with comment lines and blank lines. Returns the text and its order count."""
    rng = random.Random(seed)

    def n(top: int = 2) -> int:
        return rng.randint(0, top)

    def sep() -> str:
        return rng.choice((",", ", ", " , "))

    forms = (
        lambda: f'build({n()}{sep()}{n()}{sep()}"{rng.choice(BUILDINGS)}")',
        lambda: f"hire_soldiers({n()}{sep()}{n()}{sep()}{n(9) + 1})",
        lambda: f"dismiss_soldiers({n()}{sep()}{n()}{sep()}{n(9) + 1})",
        lambda: f"move_soldiers({n()}{sep()}{n()}{sep()}{n()}{sep()}{n()}{sep()}{n(20) + 1})",
        lambda: f"claim_tile({n()}{sep()}{n()})",
        lambda: f'give("{rng.choice(RESOURCES)}"{sep()}{n(50) + 1})',
        lambda: f'buy_resource("{rng.choice(RESOURCES)}"{sep()}{n(30) + 1})',
        lambda: f"sell_resource('{rng.choice(RESOURCES)}'{sep()}{n(30) + 1})",
    )
    out: list[str] = []
    count = 0
    while count < lines:
        roll = rng.random()
        if roll < 0.05:
            out.append(f"# note {rng.randint(1, 999)}: plan for the next tick")
        elif roll < 0.08:
            out.append("")
        else:
            line = rng.choice(forms)()
            if roll > 0.97:
                line += "  # why"
            out.append(("  " if roll > 0.95 else "") + line)
            count += 1
    text = "\n".join(out) + "\n"
    parsed = parse_text("simple_kingdoms", text, "bench")
    if parsed.problems or len(parsed.orders) != count:
        first = parsed.problems[0].render() if parsed.problems else ""
        raise BenchError(f"generated order text: {len(parsed.orders)} of {count} orders "
                         f"parsed; first problem: {first}")
    return text, count
