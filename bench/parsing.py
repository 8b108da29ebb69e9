"""Figure 4, order parsing throughput, in a process of its own (so the harness's memory and
garbage collector stay out of it). Prints one JSON object on stdout.

    python3 bench/parsing.py --lines 20000 --repeat 15

Measured: lifegames.engine.core.orders.parse_text on the whole text (splitting, skipping, LALR
parse, conversion to Orders, positions). Baseline: the same text split into lines, blank and
comment lines skipped, and every other line parsed by the same Lark LALR parser
(lifegames.engine.core.orders.grammar('simple_kingdoms').parse), with no conversion. Runs alternate
raw, ours, raw, ours... after one warm-up of each.
"""

from __future__ import annotations

import argparse
import json
import re
import time

from prepare import order_text

from lifegames.engine.core.orders import grammar, parse_text

GRAMMAR = "simple_kingdoms"


def raw_parse(text: str) -> int:
    parser = grammar(GRAMMAR)
    parsed = 0
    for line in re.split(r"\r\n|\r|\n", text):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        parser.parse(line.rstrip())
        parsed += 1
    return parsed


def ours(text: str) -> int:
    return len(parse_text(GRAMMAR, text, "bench/orders.txt").orders)


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--lines", type=int, default=20_000)
    options.add_argument("--repeat", type=int, default=15)
    args = options.parse_args()
    text, count = order_text(args.lines)
    if raw_parse(text) != count or ours(text) != count:  # warm-up, and a sanity check
        raise SystemExit("the two parsers disagree on the number of orders")
    times: dict[str, list[float]] = {"raw": [], "ours": []}
    for _ in range(args.repeat):
        for name, work in (("raw", raw_parse), ("ours", ours)):
            start = time.perf_counter()
            work(text)
            times[name].append(time.perf_counter() - start)
    print(json.dumps({"lines": count, "text_lines": text.count("\n"), **times}))


if __name__ == "__main__":
    main()
