"""The README's plan examples are real: each parses with its game's grammar, its blocks
match, and every fact it names is one the game documents."""

from __future__ import annotations

import re
from pathlib import Path

from lifegames import registry
from lifegames.engine.core.orders import Cond, parse_text
from lifegames.engine.core.plans import build

README = Path(__file__).resolve().parents[1] / "README.md"
TITLES = {registry.get(g).title: g for g in registry.ids()}


def examples() -> dict[str, str]:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Plans, standing orders"):text.index("## Commands")]
    block = re.search(r"```\n(.*?)```", section, re.S).group(1)
    out: dict[str, str] = {}
    for part in re.split(r"\n(?=# )", "\n" + block.strip()):
        if not part.strip():
            continue
        head, _, body = part.strip().partition("\n")
        title = head.lstrip("# ").split(":")[0]
        out[TITLES[title]] = body
    return out


def facts(cond: Cond) -> set[str]:
    if cond.kind == "fact":
        return {cond.parts[0]}
    if cond.kind == "can":
        return {a.value for a in cond.parts[0].args if a.kind == "ref"}
    return set().union(*(facts(p) for p in cond.parts if isinstance(p, Cond)))


def test_every_plan_example_in_the_readme_is_valid_for_its_game():
    found = examples()
    assert {"lifestyle", "a-simple-life", "simple-kingdoms"} <= set(found)
    for game_id, body in found.items():
        game = registry.get(game_id)
        parsed = parse_text(game.grammar_name(), body, f"README ({game_id})")
        assert parsed.problems == [], [p.render() for p in parsed.problems]
        assert build(parsed)[1] == []
        named = set()
        for line in parsed.lines:
            if line.condition is not None:
                named |= facts(line.condition)
            if line.order is not None:
                named |= {a.value for a in line.order.args if a.kind == "ref"}
        assert named <= set(game.fact_names()), named - set(game.fact_names())


def test_the_readme_warning_example_is_what_check_prints(tmp_path):
    """The README's W- example is real: the same file in a new Simple Kingdoms game gives
    exactly the output shown (any seed: the map tile stays unexplored, the food is known)."""
    import subprocess
    import sys
    import textwrap

    text = README.read_text(encoding="utf-8")
    block = re.search(r"<!-- readme:warning -->\n\s*```\n(.*?)```", text, re.S).group(1)
    block = textwrap.dedent(block)
    orders, _, shown = block.partition("$ lifegames check Ironhold\n")
    orders = orders.split("\n", 1)[1]  # after the `$ cat` line
    play = [sys.executable, str(README.parent / "play.py")]
    game = tmp_path / "game"
    subprocess.run([*play, "setup", "--game", "simple-kingdoms", "--dir", str(game),
                    "--seed", "5"], check=True, capture_output=True)
    (game / "Ironhold" / "Ironhold_orders.txt").write_text(orders, encoding="utf-8")
    result = subprocess.run([*play, "check", "Ironhold"], cwd=game, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout + result.stderr == shown
