"""Text helpers shared by every game's sheets: stable tables and headed sections."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.parts import GameState


def check_command(player: str) -> str:
    """How an order template names `check` for its player, in a game folder (where the sheets
    and messages say `python3 play.py ...`, README *One tick, step by step*). A seat's copy of
    the template names the command that works there instead (seats.seat_template)."""
    return f"python3 play.py check {player}"


def table(rows: Iterable[Sequence[object]], headers: Sequence[str], align: str = "left") -> str:
    """A plain-text table that looks the same in any editor and diffs line by line."""
    return str(_tabulate()(list(rows), headers=list(headers), tablefmt="simple",
                           disable_numparse=True, stralign=align))


def _tabulate() -> Callable[..., str]:
    """tabulate, imported on first use (commands that write no sheet never pay for it) and
    without wcwidth: sheets hold ASCII (player names must be ASCII), where wcwidth changes
    nothing, and importing it costs more than all of a tick's rules."""
    if "tabulate" not in sys.modules:
        sys.modules.setdefault("wcwidth", None)  # type: ignore[arg-type]
        _import_without_metadata()
    from tabulate import tabulate

    return tabulate


def _import_without_metadata() -> None:
    """Import tabulate with a stand-in for importlib.metadata, which it loads only to look
    up its own version: the metadata machinery and a scan of the installed packages cost a
    tick more than its rules and sheets together (15-20 ms). The stand-in lives only while
    tabulate imports (its `__version__` then reads "unknown"; nothing reads it); if another
    tabulate needs more of it, the stand-in is dropped and the plain import runs."""
    if "importlib.metadata" in sys.modules:
        return
    stand_in = types.ModuleType("importlib.metadata")

    class PackageNotFoundError(ModuleNotFoundError):
        pass

    def version(name: str) -> str:
        raise PackageNotFoundError(name)

    stand_in.version = version  # type: ignore[attr-defined]
    stand_in.PackageNotFoundError = PackageNotFoundError  # type: ignore[attr-defined]
    sys.modules["importlib.metadata"] = stand_in
    try:
        import tabulate  # noqa: F401
    except ImportError:
        sys.modules.pop("tabulate", None)
    finally:
        if sys.modules.get("importlib.metadata") is stand_in:
            del sys.modules["importlib.metadata"]


def section(title: str, body: str) -> str:
    return f"{title.upper()}\n{'-' * len(title)}\n{body.rstrip()}\n"


def document(title: str, parts: Iterable[str]) -> str:
    """A whole sheet: a title, then sections separated by one blank line, one final newline."""
    rule = "=" * len(title)
    return f"{title}\n{rule}\n\n" + "\n".join(p.rstrip() + "\n" for p in parts if p)


def commented(lines: Iterable[str]) -> str:
    return "".join(f"# {line}".rstrip() + "\n" for line in lines)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def away_line(absent: Sequence[str], policy: str) -> str:
    """What every sheet and the tick's report say of the players the host played by their
    game's default this tick (`state["absent"]`; `policy`: the game's absent_policy): '' if
    nobody. One sentence for every game, from the engine, which owns state["absent"]."""
    if not absent:
        return ""
    names = ", ".join(absent[:-1]) + " and " + absent[-1] if len(absent) > 1 else absent[0]
    verb = "were" if len(absent) > 1 else "was"
    said = policy.strip().rstrip(".")
    said = said[:1].lower() + said[1:]
    return f"{names} {verb} away: played by the default ({said})"


def mark_away(text: str, line: str) -> str:
    """A sheet with the away line (away_line) as its first paragraph, just below its title
    (sheets are `document`s; anything else gets it on top). Wrapped as sheets are."""
    if not line:
        return text
    import textwrap

    block = "\n".join(textwrap.wrap(line, 92, subsequent_indent="  ")) + "\n\n"
    lines = text.split("\n", 3)
    if len(lines) == 4 and lines[1] and set(lines[1]) == {"="} and lines[2] == "":
        return "\n".join(lines[:3]) + "\n" + block + lines[3]
    return block + text


def standing_section(state: GameState, player: str) -> str:
    """The sheet section every game with standing orders may show: the player's standing
    orders in force (an empty string when none). Who was away is said by the engine at the
    top of every sheet (mark_away)."""
    lines = []
    if player in state.get("standing", {}):
        orders = state["standing"][player]
        lines.append("your standing orders in force: " + ("; ".join(orders) or "none"))
        lines.append("(change them with `standing ORDER` lines, or clear them with "
                     "`standing none`)")
    return section("Standing orders", "\n".join(lines)) if lines else ""
