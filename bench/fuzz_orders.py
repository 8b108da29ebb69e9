"""Fuzz every game's order grammar with many files (not run in CI).

    python3 bench/fuzz_orders.py --files 100000            # every grammar, all CPUs
    python3 bench/fuzz_orders.py --files 20000 --game lifestyle --jobs 2 --seed 7

Files come from the generator the hypothesis suite uses (tests/reliability/ordergen.py), driven
here by a seeded random.Random: order files built from each grammar's commands and the game's
order_help() values, often mutated (deleted/duplicated characters, random bytes, huge and
negative numbers, look-alike characters, very long lines, NULs, CRs, other encodings, files over
the size cap). Each file is parsed, checked against a real position of a bot-played game and,
if accepted, played (turn.play_tick). File number i of a game always gets the same bytes for a
given --seed, whatever --jobs is.

Per grammar it prints how many files were tried, accepted and rejected, the number of crashes
(an exception escaped the engine: a traceback a player would see) and of broken properties (a
rejection without a location or code, or a file `check` accepted and `tick` refused), then one
sample of each distinct failure. The goal is zero of both; the exit code is 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lifegames import registry  # noqa: E402
from tests.reliability.ordergen import fuzz_file, run_one, targets  # noqa: E402

POSITIONS_SEED = 4_660_046_610_375_530_309
_TARGETS: dict[str, list] = {}


def _signature(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    where = next((f"{Path(f.filename).name}:{f.lineno}" for f in reversed(frames)
                  if "lifegames" in f.filename), "?")
    first = str(error).splitlines()[0][:120] if str(error) else ""
    return f"{type(error).__name__} at {where}: {first}"


def work(game_id: str, seed: int, start: int, stop: int
         ) -> tuple[Counter[str], dict[str, tuple[int, bytes, str]]]:
    """Files start..stop-1 of a game: counts and one sample per distinct failure."""
    if game_id not in _TARGETS:  # once per worker process
        _TARGETS[game_id] = targets(game_id, POSITIONS_SEED, ticks=12)
    found = _TARGETS[game_id]
    counts: Counter[str] = Counter()
    samples: dict[str, tuple[int, bytes, str]] = {}
    for number in range(start, stop):
        rng = random.Random(f"{seed}:{game_id}:{number}")
        target = rng.choice(found)
        raw = fuzz_file(target.spec, rng, target.legal, target.whole)
        try:
            counts[run_one(target, raw)] += 1
        except AssertionError as error:
            counts["broken"] += 1
            key = "property: " + (str(error).splitlines() or ["?"])[0][:160]
            samples.setdefault(key, (number, raw, f"tick {target.state.get('tick')}"))
        except Exception as error:  # noqa: BLE001 - a crash is what we count
            counts["crashes"] += 1
            samples.setdefault(_signature(error),
                               (number, raw, f"tick {target.state.get('tick')}"))
    return counts, samples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=100_000, help="files per grammar")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--game", action="append", choices=registry.ids(),
                        help="only this game (repeatable; default: every game)")
    parser.add_argument("--save", type=Path, default=None,
                        help="write one failing file per distinct failure into this folder")
    args = parser.parse_args()
    games = args.game or registry.ids()
    chunk = max(1, min(2000, args.files // max(1, args.jobs * 4)))
    failed = False
    print(f"{'grammar':<18}{'files':>9}{'accepted':>10}{'rejected':>10}{'crashes':>9}"
          f"{'broken':>8}{'seconds':>9}")
    with ProcessPoolExecutor(args.jobs) as pool:
        for game_id in games:
            grammar = registry.get(game_id).grammar_name()
            begun = time.perf_counter()
            futures = [pool.submit(work, game_id, args.seed, start,
                                   min(args.files, start + chunk))
                       for start in range(0, args.files, chunk)]
            counts: Counter[str] = Counter()
            samples: dict[str, tuple[int, bytes, str]] = {}
            for future in futures:
                part, found = future.result()
                counts.update(part)
                for key, sample in found.items():
                    if key not in samples or sample[0] < samples[key][0]:
                        samples[key] = sample
            seconds = time.perf_counter() - begun
            tried = sum(counts.values())
            print(f"{grammar:<18}{tried:>9}{counts['accepted']:>10}{counts['rejected']:>10}"
                  f"{counts['crashes']:>9}{counts['broken']:>8}{seconds:>9.1f}", flush=True)
            for key, (number, raw, where) in sorted(samples.items()):
                failed = True
                print(f"    {key}\n      first at file {number} ({where}): {raw[:160]!r}")
                if args.save:
                    args.save.mkdir(parents=True, exist_ok=True)
                    (args.save / f"{grammar}-{number}.txt").write_bytes(raw)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
