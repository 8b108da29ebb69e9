"""`play.py orders`: the order reference, built from the game's command table (which commands,
in which order), the grammar (written forms), the game's orders.yaml (what each does, an
example: the help of each row) and its rule data (names and costs), so it cannot drift from what
the parser accepts or what the rules run."""

from __future__ import annotations

from ..core.budget import FILE_RUNS, FILE_STEPS
from ..core.contract import AnyGame
from ..core.orders import MAX_CONDITION_NESTING, start_rule, usage
from ..core.plans import MAX_NESTING
from ..files.data import fact_docs, load_yaml
from .sheets import table


def order_docs(game: AnyGame) -> dict[str, dict[str, str]]:
    docs = load_yaml(game.package, "orders.yaml")
    if not isinstance(docs, dict):
        raise ValueError(f"games/{game.package}/orders.yaml is not a mapping")
    return docs


def render(game: AnyGame) -> str:
    docs = order_docs(game)
    extra = game.order_help()
    lines = [f"{game.title} - order reference", ""]
    if extra.get("limit"):
        lines += [f"Orders: {extra['limit']}. Lines starting with # are notes.", ""]
    # the table's rows, in its order (a test keeps them the grammar's commands)
    for command in game.commands:
        lines += [*command_entry(game, command, docs), ""]
    values = extra.get("values", {})
    if values:
        lines.append("Values:")
        lines += [value_line(name, allowed) for name, allowed in values.items()]
        lines.append("")
    for title, headers, rows in extra.get("tables", []):
        lines += [f"{title}:", table(rows, headers), ""]
    if start_rule(game.grammar_name()) == "line":
        lines += plan_help(game)
    lines += ["", *WARNING_HELP.rstrip().splitlines()]
    return "\n".join(lines).rstrip() + "\n"


def command_entry(game: AnyGame, command: str, docs: dict[str, dict[str, str]] | None = None
                  ) -> list[str]:
    """One command's entry in the reference: its written form, what it does, an example
    (also what the language server shows on hover)."""
    doc = (order_docs(game) if docs is None else docs).get(command, {})
    lines = [f"  {usage(game.grammar_name(), command)}"]
    if doc.get("help"):
        lines.append(f"      {doc['help']}")
    if doc.get("example"):
        lines.append(f"      e.g. {doc['example']}")
    return lines


def value_line(name: str, allowed: list[str] | str) -> str:
    """One line of the reference's Values: the names (or the range) an argument takes."""
    shown = ", ".join(allowed) if isinstance(allowed, list) else allowed
    return f"  {name}: {shown}"


WARNING_HELP = """\
Warnings: `check` also marks, with a W- code, an order that is legal but whose outcome the
rules make certain and bad, or hopeless (judged on what you know, so it tells no secret). A
warning never stops a tick: the order runs as written. The game's RULES.md lists its warnings.
"""


PLAN_HELP = """\
Plans: orders that say what to do after an outcome you cannot know yet.
  orders for tick N      the first line of a file: it is for tick N (an older file is refused)
  if CONDITION: ORDER    one order, only if the condition holds
  if CONDITION           ... elif CONDITION ... else ... endif: blocks, each on its own line
  while CONDITION: ORDER repeat while it holds (or while ... endwhile); at most 100 times
  stop                   end the plan here
  $fact                  in an order's argument: the fact's value when the order runs
  standing ORDER         leave an order in force over several ticks (standing none: clear)
  absent                 play the game's default for an absent player
Conditions: a fact (true or not), FACT == VALUE (also != < <= > >=), VALUE in FACT, can ORDER
(would it run now?), joined with not, and, or, ( ).
`check` runs your file up to the first roll or draw and checks the lines after it only for
spelling and names; the tick runs them with the real dice, and stops the plan at the first
order that the outcome made impossible (your sheet then shows where the turn stands).
Limits: blocks nest at most {blocks} deep, and brackets and `not` at most {brackets} deep in
one condition (E-TOO-DEEP). In one tick a file may try at most {runs:,} orders and `can`
tests, and take at most {steps:,} steps (lines reached and parts of conditions tested); a file
that needs more is refused (E-PLAN-BUDGET), or, after a roll or draw, its plan stops there.
Work is counted, not timed, so the verdict is the same on every machine.
"""


def plan_help(game: AnyGame) -> list[str]:
    text = PLAN_HELP.format(blocks=MAX_NESTING, brackets=MAX_CONDITION_NESTING,
                            runs=FILE_RUNS, steps=FILE_STEPS)
    lines = [*text.rstrip().splitlines(), ""]
    facts = fact_docs(game.package) if game.package else {}
    if facts:
        lines.append("Facts:")
        width = max(len(name) for name in facts)
        lines += [f"  {name.ljust(width)}  {text}" for name, text in facts.items()]
    if game.standing_commands:
        lines += ["", "Standing orders may be: " + ", ".join(sorted(game.standing_commands))]
    lines.append(f"Absent players: {game.absent_policy}")
    return lines
