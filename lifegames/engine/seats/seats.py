"""Seats: play at a distance without sharing the referee's folder.

With `setup --seats DIR` the game folder stays the referee's, private to the host, and each
player gets a seat, `DIR/<Player>/`: a folder (synced, or a git repository shared with that
player alone) holding exactly what that player may see. The referee's folder keeps the
authoritative copy of every player's sheets and log (verify, rollback and history use it); a
seat receives copies of that player's files, written by the same journaled commit, plus:

- `<Player>_orders.txt`, the player's order file: written once, at setup, and never again by the
  host, so a player's late push and the host's tick never touch the same file;
- `<Player>_orders_template.txt`, a fresh template each tick, to copy from;
- `seat.json`, what a player-side `check` needs: the player's knowledge of the game (no seed,
  no other player's secrets), the tick and who is awaited;
- `check_report.txt`, written by `watch` when the order file changes;
- `archive/<tick>_seat.json`, a copy of each tick's seat.json (the current one too): what the
  player knew after every tick, from which `history` in the seat tells the player's own story
  (the same page the host's `history PLAYER --html` makes). It is the same text as seat.json
  was then, so it says nothing seat.json did not: over git the copy is the very blob seat.json
  had that tick, and a synced seat grows by one small file a tick.

The only thing the host reads from a seat is the order file, through the guarded reader.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..base.errors import LifegamesError
from ..base.escape import file_name
from ..base.jsondata import Json, JsonObject
from ..core.contract import AnyGame, State
from ..files import playerfiles
from ..files.playerfiles import Refused
from ..folder.folder import SNAPSHOT, Op, dumps, read_engine_file
from ..folder.shapes import SEAT_SNAPSHOT

SEAT_FILE = "seat.json"
SEAT_FORMAT = 1
REPORT = "check_report.txt"
ARCHIVE = "archive"
SEAT_LIMIT = 4 * 1024 * 1024


def snapshot_file(tick: int) -> str:
    """Where a seat keeps the seat.json of `tick`, relative to the seat."""
    return f"{ARCHIVE}/{tick:03d}_{SEAT_FILE}"


def template_file(player: str) -> str:
    return f"{player}/{player}_orders_template.txt"


# What a seat's template says of `check`: a seat holds no play.py and `check` there takes no
# player (the seat is one player's), so it names the installed command, run in the seat.
SEAT_CHECK = "lifegames check"
SEAT_CHECK_NOTE = (
    "#\n"
    "# Checking in this seat: `lifegames check`, run in this folder (the program pip installs\n"
    "# with lifegames), checks this file against what you know. From a clone of lifegames:\n"
    "# python3 play.py check --dir <this folder>\n"
)


def seat_template(template: str, player: str) -> str:
    """The order template as a seat (a synced folder, a player's git clone) gets it: the
    game-folder form of `check` (sheets.check_command, the words every game's template uses)
    becomes the command that works in the seat, and a note says how to run it there."""
    from ..text.sheets import check_command

    return template.replace(check_command(player), SEAT_CHECK) + SEAT_CHECK_NOTE


def seat_view(game: AnyGame, state: State, player: str, players: list[str]) -> str:
    """seat.json: the player's knowledge of the game, for checks run in the seat; once the
    game is over, how it ended too (the result every sheet then shows)."""
    over = bool(game.is_over(state))
    view: JsonObject = {
        "format": SEAT_FORMAT,
        "game": game.id,
        "player": player,
        "players": list(players),
        "tick": int(state["tick"]),
        "awaited": list(game.awaiting(state)),
        "over": over,
        "knowledge": game.knowledge(state, player),
    }
    if over:
        view["result"] = game.result(state).summary
    return dumps(view)


def mirror(root: Path, players: list[str], ops: list[Op], views: dict[str, str], tick: int,
           setup: bool) -> list[Op]:
    """The seat ops that give each seat the copy of what `ops` do to that player's folder in
    the referee's (`root`): new files written, archived sheets written into archive/ and
    removed, the log written whole; and `views` (player -> seat.json, of `tick`), kept in
    archive/ too. At setup the order file is written too (from the template), the one time
    the host writes it."""
    out: list[Op] = []
    for op in ops:
        player, _, rest = op.path.partition("/")
        if player not in players or not rest:
            continue
        if op.kind == "write":
            out.append(Op("seat-write", op.path, op.text))
            if setup and op.path == template_file(player):
                out.append(Op("seat-write", f"{player}/{player}_orders.txt", op.text))
        elif op.kind == "move":
            found = read_engine_file(root, op.path, "")
            out.append(Op("seat-write", op.dest, (found or b"").decode("utf-8")))
            out.append(Op("seat-delete", op.path))
        elif op.kind == "append":
            found = read_engine_file(root, op.path, "") or b""
            out.append(Op("seat-write", op.path, found.decode("utf-8") + op.text))
        elif op.kind == "delete":
            out.append(Op("seat-delete", op.path))
    for player in players:
        if player in views:
            out.append(Op("seat-write", f"{player}/{SEAT_FILE}", views[player]))
            out.append(Op("seat-write", f"{player}/{snapshot_file(tick)}", views[player]))
    return out


def sync(seats: Path, players: list[str], wanted: dict[str, bytes | None],
         views: dict[str, str], tick: int) -> list[Op]:
    """Seat ops that make each seat hold exactly `wanted`'s files of that player (relative
    paths as in the referee's folder; None: the seat holds it already, as it should) and its
    seat.json (of `tick`), removing the engine's numbered sheets that `wanted` no longer has
    and the copies of seat.json of later ticks (after a rollback). Nothing else in a seat is
    touched."""
    out: list[Op] = []
    for player in players:
        mine = {rel: data for rel, data in wanted.items() if rel.startswith(f"{player}/")}
        for folder in (player, f"{player}/{ARCHIVE}"):
            for name, kind in sorted(playerfiles.listing(seats, folder).items()):
                relative = f"{folder}/{name}"
                if SNAPSHOT.match(name) and kind != "folder" and relative not in mine:
                    out.append(Op("seat-delete", relative))
                elif SEAT_SNAPSHOT.match(name) and kind != "folder" and \
                        folder != player and int(name.split("_", 1)[0]) > tick:
                    out.append(Op("seat-delete", relative))
        out += [Op("seat-write", rel, data.decode("utf-8")) for rel, data in sorted(mine.items())
                if data is not None]
        out.append(Op("seat-write", f"{player}/{SEAT_FILE}", views[player]))
        out.append(Op("seat-write", f"{player}/{snapshot_file(tick)}", views[player]))
    return out


def prepare(seats: Path, players: list[str]) -> list[str]:
    """The seat folders at setup: created where missing; an existing one may hold only a git
    repository (its .git and .gitignore). Returns the problems found (nothing is created then)."""
    problems = []
    if seats.exists() and not seats.is_dir():
        return [f"{seats} is a file, not a folder"]
    for player in players:
        try:
            found = playerfiles.listing(seats, player) if seats.is_dir() else {}
        except Refused as refused:
            problems.append(f"{refused.path} {refused.reason}")
            continue
        extra = sorted(set(found) - {".git", ".gitignore"})
        if extra:
            problems.append(f"the seat {seats / player} is not empty (it holds "
                            f"{', '.join(map(file_name, extra[:5]))})")
    if not problems:
        for player in players:  # inside .lifegames (seats over git): the host's alone
            playerfiles.make_folders(seats / player)
    return problems


# -- in a seat: the player's side ---------------------------------------------------------------


@dataclass
class PlayerSeat:
    """A seat folder as its player sees it: which game, which player, their knowledge."""

    root: Path
    game_id: str
    player: str
    players: list[str]
    tick: int
    awaited: list[str]
    over: bool
    knowledge: State
    result: str = ""  # how the game ended, once it is over


class NotASeat(LifegamesError):
    pass


def load(root: Path, name: str = SEAT_FILE) -> PlayerSeat | None:
    """The seat in `root` (None if there is no seat.json); NotASeat if the file is damaged.
    `name`: one of the seat's copies of an earlier seat.json (snapshot_file) instead."""
    try:
        found = playerfiles.read(root, name, SEAT_LIMIT)
    except Refused as refused:
        raise NotASeat(f"{refused.path} {refused.reason}") from None
    if found is None:
        return None
    if not found.complete:
        raise NotASeat(f"{root / name} is far larger than lifegames writes")
    try:
        data: Json = json.loads(found.data.decode("utf-8"))
        seat = PlayerSeat(root, str(data["game"]), str(data["player"]), list(data["players"]),
                    int(data["tick"]), list(data["awaited"]), bool(data["over"]),
                    dict(data["knowledge"]), str(data.get("result", "")))
    except (UnicodeDecodeError, ValueError, KeyError, TypeError, RecursionError):
        raise NotASeat(f"{root / name} is not one lifegames wrote; the host's next tick "
                       "writes it again") from None
    if data.get("format") != SEAT_FORMAT or not isinstance(seat.knowledge.get("tick"), int):
        raise NotASeat(f"{root / name} is not one this lifegames can read")
    return seat


def earlier(root: Path, game_id: str, player: str, tick: int) -> list[PlayerSeat]:
    """The copies the seat in `root` keeps of its seat.json of the ticks before `tick`,
    oldest first: the unbroken run back from tick - 1 (a game begun with a lifegames that
    kept no copies, or a copy the player deleted, ends the run there). NotASeat names a copy
    that is damaged or is not of this game, player and tick."""
    try:
        held = playerfiles.listing(root, ARCHIVE)
    except Refused as refused:
        raise NotASeat(f"{refused.path} {refused.reason}") from None
    out: list[PlayerSeat] = []
    for before in range(tick - 1, -1, -1):
        name = snapshot_file(before)
        if held.get(name.split("/", 1)[1]) != "file":
            break
        found = load(root, name)
        if found is None:
            break
        if (found.game_id, found.player, found.tick) != (game_id, player, before):
            raise NotASeat(f"{root / name} is not {player}'s seat.json of tick {before}")
        out.append(found)
    return out[::-1]
