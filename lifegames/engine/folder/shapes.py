"""What the engine's own files must look like before anything acts on them.

A state file, a journal or a manifest in a game folder may have been edited, truncated or
replaced by anyone who can write the folder. Commands read their fields before any game code
runs, and a journal's steps are carried out on disk, so each is checked here first: a wrong
shape is a damaged folder (exit 4), never a traceback, and a journal may only ever name files
the engine itself writes (inside the game, never .git/, only its own staging names).
"""

from __future__ import annotations

import functools
import re

FORMAT = 1
# a numbered sheet or board picture: 003_ironhold_sheet.txt, 003_ironhold_board.svg (only
# such characters, and nothing after the suffix: "003_x_sheet.txt\n" is a player's file)
SNAPSHOT = re.compile(r"^[0-9]{3,}_[A-Za-z0-9_-]+\.(?:txt|svg)\Z", re.ASCII)
# a seat's record of what its player knew after a tick (seat.json as that tick left it), kept
# in the seat's archive/ for the player's own story: 003_seat.json
SEAT_SNAPSHOT = re.compile(r"^[0-9]{3,}_seat\.json\Z", re.ASCII)
PLAYER_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,23}$")
# Files the engine writes and a journal may name: inside the game, no hidden name but the
# engine's own folder and .gitignore (so never .git/), at most three levels deep.
_PART = r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}"
ENGINE_PATH = rf"(?:\.lifegames/)?(?:{_PART}/){{0,2}}{_PART}|\.gitignore"
STAGED_NAME = r"[0-9]{5,7}"
# Files the engine writes into a player's seat (relative to the seats folder): in the player's
# own folder or its archive/, never a hidden name.
SEAT_PATH = rf"[A-Za-z][A-Za-z0-9_-]{{0,23}}/(?:archive/)?{_PART}"
# The files the engine itself keeps at the top of a player's folder or seat, beside the
# numbered sheets: the log, the template, seat.json and watch's check report.
HOST_FILES = ("executed_orders.txt", "seat.json", "check_report.txt")


@functools.cache
def _ascii(pattern: str) -> re.Pattern[str]:
    """ENGINE_PATH, STAGED_NAME or SEAT_PATH, compiled when a journal is first checked: most
    commands read no journal, and compiling every pattern at import is start-up they would
    all pay."""
    return re.compile(pattern, re.ASCII)


def host_file(player: str, name: str) -> bool:
    """A file at the top of `player`'s folder or seat that the engine writes (a sheet, the
    log, the template, seat.json, the check report): never the player's, never mistaken for
    a misnamed order file."""
    return name in HOST_FILES or name == f"{player}_orders_template.txt" or \
        SNAPSHOT.match(name) is not None


def seat_path(path: object) -> bool:
    return isinstance(path, str) and _ascii(SEAT_PATH).fullmatch(path) is not None


def engine_path(path: object) -> bool:
    """A path the engine may write: inside the game, never .git/ or another hidden name."""
    return isinstance(path, str) and _ascii(ENGINE_PATH).fullmatch(path) is not None


def envelope_problem(envelope: object) -> str:
    """What is wrong with the shape of a state file's content ('' if nothing): commands and
    repair tools read these fields before any game code runs."""
    if not isinstance(envelope, dict):
        return "not a JSON object"
    if envelope.get("format") != FORMAT:
        return f"format {envelope.get('format')!r}, not {FORMAT}"
    for key in ("game", "seed", "setup", "state"):
        if key not in envelope:
            return f"no {key!r}"
    setup, state = envelope["setup"], envelope["state"]
    if not isinstance(envelope["game"], str):
        return "'game' is not a name"
    if not _count(envelope["seed"]):
        return "'seed' is not a whole number"
    if not isinstance(setup, dict) or not isinstance(setup.get("options"), dict):
        return "'setup' has no options"
    players = setup.get("players")
    if not isinstance(players, list) or not players or not all(
            isinstance(p, str) and PLAYER_NAME.match(p) for p in players) or len(
            {p.lower() for p in players}) != len(players):
        return "'setup' has no valid list of players"
    if not isinstance(state, dict) or not _count(state.get("tick")):
        return "'state' has no tick"
    stats = envelope.get("stats", {"missed": {}})
    if not isinstance(stats, dict) or not isinstance(stats.get("missed"), dict):
        return "'stats' is not a table of missed ticks"
    return ""


def journal_problem(entries: object) -> str:
    """What makes a journal one lifegames did not write ('' if nothing): only the engine's
    own kinds of step, on files the engine writes, from staging names the engine makes."""
    if not isinstance(entries, list):
        return "its steps are not a list"
    shapes = {"write": {"op", "path", "staged"}, "append": {"op", "path", "staged", "offset"},
              "move": {"op", "path", "dest"}, "delete": {"op", "path"},
              "seat-write": {"op", "path", "staged"}, "seat-delete": {"op", "path"}}
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or set(entry) != shapes.get(str(entry.get("op")), set()):
            return f"step {number} is not a step lifegames makes"
        allowed = seat_path if str(entry["op"]).startswith("seat-") else engine_path
        if not allowed(entry["path"]) or ("dest" in entry and not engine_path(entry["dest"])):
            return f"step {number} names a file lifegames does not write"
        if "staged" in entry and not (isinstance(entry["staged"], str)
                                      and _ascii(STAGED_NAME).fullmatch(entry["staged"])):
            return f"step {number} names a staged file lifegames does not make"
        if "offset" in entry and not _count(entry["offset"]):
            return f"step {number} has a bad offset"
    return ""


def arrival_problem(entries: list[dict[str, object]], staged: set[str]) -> str:
    """Why the staged files a well-shaped journal names cannot be what an interrupted commit
    left ('' if they can be). Carrying a journal out moves each write's staged file into place,
    in order, and keeps the others (appends, seat writes) to the very end; so a missing one of
    those, or a write's missing after a later write's is still there, means the files have not
    all arrived: a copy of the folder still syncing."""
    later = False  # a write's staged file seen still in place
    for number, entry in enumerate(entries, start=1):
        if "staged" not in entry:
            continue
        here = entry["staged"] in staged
        if entry["op"] != "write" and not here:
            return f"the file step {number} adds is missing"
        if entry["op"] == "write" and not here and later:
            return f"the file step {number} writes is missing, though a later one is there"
        later = later or (entry["op"] == "write" and here)
    return ""


def manifest_problem(manifest: object) -> str:
    """What is wrong with the shape of a manifest ('' if nothing): its sheet names become
    paths inside a player's folder, so each must be a plain sheet name."""
    if not isinstance(manifest, dict) or not isinstance(manifest.get("state"), str) or \
            not isinstance(manifest.get("players"), dict):
        return "not a manifest"
    for player, entry in manifest["players"].items():
        if not isinstance(entry, dict):
            return f"{player!r} is not a table"
        sheets = entry.get("sheets", [])
        if not isinstance(sheets, list) or not all(
                isinstance(v, str) and "/" not in v and SNAPSHOT.match(v) for v in sheets):
            return f"{player!r} has sheets that are not sheet names"
        hashes = entry.get("sheet_sha256", {})
        if not isinstance(hashes, dict) or not all(isinstance(v, str) for v in hashes.values()):
            return f"{player!r} has no table of sheet hashes"
        if not isinstance(entry.get("executed"), (str, type(None))):
            return f"{player!r} has no hash of its executed orders"
    return ""


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
