"""The language server's speed and size: how soon a change's diagnostics reach the editor, and
how much memory the idle server holds. A script, not a test: it prints ratios against a
baseline measured in the same run, and asserts nothing about time.

    python3 bench/lsp_latency.py [--repeat 15] [--lines 100] [--starts 9]

For each game, a 100-line order file (the game's template, the greedy bot's orders, notes) in
a real game folder is opened in a server started as its own process and spoken to over real
pipes (tests/lsp/client.py), as an editor would.

- change -> diagnostics: from writing one didChange (a typo made, then mended, in turns) to
  reading the publishDiagnostics for that version; it includes the server's debounce wait
  (lifegames.lsp.server.DEBOUNCE) and both pipes. Baseline: `check`'s own cost on the same
  text inside this process (parse_bytes and the player check, warm), interleaved with it. The
  goal is 100 ms for a 100-line file; the ratio says how much of it is the check itself.
- typing: five changes 10 ms apart, from the last to its diagnostics (earlier versions are
  dropped by the debounce, never checked).
- memory: the resident set (VmRSS) of the idle server, with one file of each game open and
  checked, against a Python process that has only imported pygls and lsprotocol.
- start-up: from starting the server's process to reading the first diagnostics of a file
  opened at once (initialize, initialized, didOpen; a Chaotic Life! file, the game read from
  its folder), against the import floor of its dependencies: a Python process started, made
  to import pygls and lsprotocol, and ended. Interleaved pairs; the goal is at most 1.5x.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import REPO, child_env, log, spread

sys.path.insert(0, str(REPO))

from lifegames import registry  # noqa: E402
from lifegames.engine.core.bots import choose_orders, order_file_text  # noqa: E402
from lifegames.engine.core.orders import parse_bytes  # noqa: E402
from lifegames.engine.host.host import Host  # noqa: E402
from lifegames.engine.seats.playercheck import check_as  # noqa: E402
from lifegames.lsp.places import Places  # noqa: E402
from lifegames.lsp.server import DEBOUNCE  # noqa: E402
from tests.lsp.client import Client  # noqa: E402

PLAYERS = {"simple-kingdoms": None, "a-simple-life": ["Ana"], "lifestyle": ["Ana", "Ben"],
           "the-sims": ["Ana", "Ben"], "a-chaotic-life": ["Ana", "Ben", "Cleo"]}


def order_file(base: Path, game_id: str, lines: int) -> tuple[Path, str, str]:
    """A game folder, its awaited player's order file and a text of `lines` lines; the same
    text with a typo in its first order."""
    game = registry.get(game_id)
    host = Host(str(base / game_id), registry.get)
    host.setup(game, PLAYERS[game_id] or list(game.default_players), [], 5, None, "b3")
    state = host.load().state
    player = game.awaiting(state)[0]
    orders = choose_orders(game, state, player, "greedy", random.Random(1))
    text = order_file_text(game, state, player, orders, "greedy").rstrip("\n").split("\n")
    text = text[:1] + game.order_template(state, player).rstrip("\n").split("\n") + text[1:]
    text = (text + [f"# note {n}" for n in range(lines)])[:lines - 1] + ["end"]
    good = "\n".join(text) + "\n"
    first = next(i for i, line in enumerate(text) if line.strip() and i and
                 not line.lstrip().startswith("#") and line.strip() != "end")
    typo = text[first].replace(text[first].strip()[:3], text[first].strip()[:3][::-1], 1)
    bad = "\n".join([*text[:first], typo, *text[first + 1:]]) + "\n"
    path = base / game_id / player / f"{player}_orders.txt"
    return path, good, bad


def check_cost(path: Path, text: str, places: Places) -> float:
    """`check`'s own cost on `text`, in this process (the game already read): seconds."""
    where = places.find(path).standpoint
    assert where is not None
    raw = text.encode("utf-8")
    start = time.perf_counter()
    check_as(where, parse_bytes(where.game.grammar_name(), raw, path.name))
    return time.perf_counter() - start


FLOOR = "import pygls.lsp.server, lsprotocol.types"
STARTUP_GOAL = 1.5


def first_diagnostics(path: Path, text: str) -> float:
    """Seconds from starting a server to the first diagnostics of `text` opened as `path`."""
    start = time.perf_counter()
    client = Client(env=child_env())
    client.initialize()
    uri = client.open(path, text, 1)
    client.diagnostics(uri, 1)
    took = time.perf_counter() - start
    code = client.shutdown()
    if code != 0:
        raise SystemExit(f"the server exited {code}:\n{client.log()}")
    return took


def import_floor() -> float:
    """Seconds to start a Python that imports pygls and lsprotocol, and see it end."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", FLOOR], env=child_env(), check=True)
    return time.perf_counter() - start


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15, help="interleaved pairs per game")
    parser.add_argument("--lines", type=int, default=100, help="lines of each order file")
    parser.add_argument("--starts", type=int, default=9,
                        help="interleaved pairs of the start-up figure")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        files = {g: order_file(base, g, args.lines) for g in PLAYERS}
        places = Places(registry.get)
        client = Client(env=child_env())
        client.initialize()
        version = 0
        for game_id, (path, good, bad) in files.items():
            log(f"{game_id}: {args.repeat} pairs")
            version += 1
            uri = client.open(path, good, version)
            client.diagnostics(uri, version)
            for text in (good, bad):  # warm-up of both sides
                check_cost(path, text, places)
            latencies, costs, bursts = [], [], []
            for index in range(args.repeat):
                text = bad if index % 2 == 0 else good
                costs.append(check_cost(path, text, places))
                version += 1
                start = time.perf_counter()
                client.change(uri, text, version)
                client.diagnostics(uri, version)
                latencies.append(time.perf_counter() - start)
                for _ in range(5):  # typing: five keystrokes 10 ms apart
                    version += 1
                    client.change(uri, text + "#" * (version % 7) + "\n", version)
                    start = time.perf_counter()
                    time.sleep(0.01)
                client.diagnostics(uri, version)
                bursts.append(time.perf_counter() - start)
            rows.append((game_id, len(good.encode()), latencies, costs, bursts))
        time.sleep(2)
        server_rss = rss_kb(client.process.pid)
        first_path, first_text, _ = files["a-chaotic-life"]
        log(f"start-up: {args.starts} pairs")
        firsts, floors = [], []
        for _ in range(args.starts):
            floors.append(import_floor())
            firsts.append(first_diagnostics(first_path, first_text))
        code = client.shutdown()
        if code != 0:
            raise SystemExit(f"the server exited {code}:\n{client.log()}")
    baseline = subprocess.Popen(
        [sys.executable, "-c", "import sys, time, pygls.lsp.server, lsprotocol.types; "
         "print('ready', flush=True); time.sleep(60)"], stdout=subprocess.PIPE, text=True,
        env=child_env())
    assert baseline.stdout is not None and baseline.stdout.readline().strip() == "ready"
    time.sleep(1)
    base_rss = rss_kb(baseline.pid)
    baseline.kill()
    baseline.wait()

    def ms(value: float) -> str:
        return f"{value * 1000:.1f}"

    print(f"Language server, {args.lines}-line order files, {args.repeat} changes each "
          f"(debounce {DEBOUNCE * 1000:.0f} ms), {sys.version.split()[0]}")
    print()
    print("| game | bytes | change -> diagnostics, ms: median (min-max) | check in-process, "
          "ms: median (min-max) | ratio: median (min-max) | ratio less the debounce | "
          "typing: last key -> diagnostics, ms | goal <= 100 ms |")
    print("|---|---|---|---|---|---|---|---|")
    for game_id, size, latencies, costs, bursts in rows:
        ratios = [lat / cost for lat, cost in zip(latencies, costs, strict=True)]
        lean = [max(lat - DEBOUNCE, 0) / cost for lat, cost in zip(latencies, costs,
                                                                    strict=True)]
        low, mid, high = spread(latencies)
        c_low, c_mid, c_high = spread(costs)
        r_low, r_mid, r_high = spread(ratios)
        b_low, b_mid, b_high = spread(bursts)
        print(f"| {game_id} | {size} | {ms(mid)} ({ms(low)}-{ms(high)}) | {ms(c_mid)} "
              f"({ms(c_low)}-{ms(c_high)}) | {r_mid:.1f}x ({r_low:.1f}-{r_high:.1f}) | "
              f"{statistics.median(lean):.1f}x | {ms(b_mid)} ({ms(b_low)}-{ms(b_high)}) | "
              f"{'met' if mid <= 0.1 else 'missed'} |")
    print()
    print(f"Idle server, one file of each game open: {server_rss / 1024:.1f} MiB resident; "
          f"a Python that only imported pygls and lsprotocol: {base_rss / 1024:.1f} MiB; "
          f"ratio {server_rss / base_rss:.2f}x")
    f_low, f_mid, f_high = spread(firsts)
    i_low, i_mid, i_high = spread(floors)
    ratio = f_mid / i_mid
    print(f"Start-up: first diagnostics {ms(f_mid)} ms ({ms(f_low)}-{ms(f_high)}) after the "
          f"server's process starts; import floor of pygls and lsprotocol {ms(i_mid)} ms "
          f"({ms(i_low)}-{ms(i_high)}); ratio {ratio:.2f}x (goal <= {STARTUP_GOAL}x: "
          f"{'met' if ratio <= STARTUP_GOAL else 'missed'})")
    print(f"\n(python3 bench/lsp_latency.py --repeat {args.repeat} --lines {args.lines} "
          f"--starts {args.starts})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
