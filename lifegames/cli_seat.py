"""`bot`, `history` and `status` run in a player's seat (a synced seat folder, or the player's
git clone of it): what they can do from what the seat holds, as `check` does there (cli.py,
engine/seats/playercheck.py).

A seat holds the player's knowledge of the game (seat.json), their sheets and their order
file, and nothing of the referee's: no seed, no record of anyone else's orders, no hidden card.
So `bot` writes the player's own order file from that knowledge (the same file the host's `bot`
writes for them, since a bot plans on the player's knowledge there too), and `history` tells
the player's own story from the copies of seat.json the seat keeps, one a tick (the story the
host's `history PLAYER` tells them, made from the same knowledge). Neither writes anything but
the player's order file or the page asked for, and neither runs git. `status` says where the
game stands from seat.json and how the player's file stands (checked as `check` checks it);
in a git clone it also asks the player's own git (engine/seats/clone.py) whether the clone is
behind the remote it was cloned from, as last fetched, and fetches first only when asked
(`--fetch`). It writes nothing either.
"""

from __future__ import annotations

import random
from pathlib import Path

import click

from . import registry
from .cli_common import DAMAGED, USAGE, fail, output_path
from .engine.base.escape import visible
from .engine.base.words import counted
from .engine.folder.folder import FolderError
from .engine.seats.playercheck import Standpoint, seat_standpoint

# What a seat's own command line calls the program (its template says the same, seats.py).
SEAT_PROGRAM = "lifegames"


def seat_here(root: Path) -> Standpoint | None:
    """The seat `root` is, or None: a game folder (it has `.lifegames/`) or a folder without
    seat.json is not one. A damaged seat.json stops the command with the way back."""
    if (root / ".lifegames").exists() or not root.is_dir():  # the command says what it is
        return None
    try:
        return seat_standpoint(root, registry.get)
    except FolderError as error:
        fail(error)


def _own(seat: Standpoint, player: str | None) -> None:
    """A seat is one player's: naming another player is a mistake, said as one."""
    if player and player.lower() != seat.player.lower():
        fail(FolderError(f"this is {seat.player}'s seat: here a command knows only what "
                         f"{seat.player} knows, so it cannot act for {player}",
                         f"{SEAT_PROGRAM} bot {seat.player} (or leave the name out)"), USAGE)


def bot_in_seat(root: Path, player: str | None, strategy: str, seed: int | None,
                force: bool) -> bool:
    """`bot` in a seat: the player's order file written by the bot from seat.json (their
    knowledge), as the host's `bot` would write it. False if `root` is not a seat."""
    from .engine.core.bots import holds_turn, order_file_text, stand_in, written_lines
    from .engine.core.orders import MAX_FILE_BYTES, parse_bytes
    from .engine.files import playerfiles

    seat = seat_here(root)
    if seat is None:
        return False
    _own(seat, player)
    name = f"{seat.player}_orders.txt"
    if seat.over:
        fail(FolderError(f"the game is over (after tick {seat.next_tick - 1}): no order file "
                         f"is read any more. {seat.result}".rstrip(),
                         "the last sheet here says how it ended"), DAMAGED)
    if not seat.is_awaited:
        fail(FolderError(f"{seat.player}'s orders are not awaited now",
                         f"awaited now: {', '.join(seat.awaited) or 'nobody'}; your sheet says "
                         "when it is your turn"), USAGE)
    try:
        found = playerfiles.read(root, name, MAX_FILE_BYTES)
    except playerfiles.Refused as refused:
        fail(FolderError(f"{refused.path} {refused.reason}", refused.hint))
    game = seat.game
    draft = None
    if found is not None and not force:
        draft = parse_bytes(game.grammar_name(), found.data, name, found.size)
        mine = draft.header is None or draft.header.tick == seat.next_tick
        if mine and holds_turn(draft):
            fail(FolderError(f"{name} already holds orders (a draft)",
                             "--force replaces it (a seat keeps no copy of the draft: over "
                             "git, commit it first to keep it)"), USAGE)
    state = seat.known()
    rng = random.Random(seed if seed is not None else f"{seat.player}:{state['tick']}")
    orders, note = stand_in(game, state, seat.player, strategy, rng, draft, force, name)
    text = order_file_text(game, state, seat.player, orders, strategy)
    try:
        playerfiles.write(root, name, text.encode("utf-8"))
    except playerfiles.Refused as refused:
        fail(FolderError(f"{refused.path} {refused.reason}", refused.hint))
    click.echo(f"wrote {counted(written_lines(text), 'line')} to {name}, from what {seat.player} "
               f"knows (seat.json), for tick {seat.next_tick}")
    if note:
        click.echo(note)
    click.echo(f"  `{SEAT_PROGRAM} check` here checks it; in a git clone of the seat, "
               "`git commit -am orders && git push` sends it to the host")
    return True


def history_in_seat(root: Path, player: str | None, html_file: Path | None) -> bool:
    """`history` in a seat: the player's own story, from what the seat kept of each tick
    (seat.json and its copies in archive/, seats.py), the same table and page the host's
    `history PLAYER` makes for them. A seat of a game begun before seats kept those copies
    tells the ticks it holds, and says from which. Writes nothing but the page, which may go
    at the seat's top (it is the player's own). False if `root` is not a seat."""
    from .engine.core.history import seat_story, table_rows
    from .engine.files import playerfiles
    from .engine.seats.seats import NotASeat, earlier
    from .engine.text.sheets import table
    from .engine.text.story import page

    seat = seat_here(root)
    if seat is None:
        return False
    _own(seat, player)
    try:
        before = earlier(root, seat.game.id, seat.player, seat.next_tick - 1)
    except NotASeat as error:
        fail(FolderError(str(error), "put back the copy the host wrote (in a git clone: "
                         "`git checkout -- archive/`), or delete it: the story then starts "
                         "after it"))
    views = [found.knowledge for found in before] + [seat.known()]
    told = seat_story(seat.game, views, list(seat.players), seat.player)
    if told.first:
        click.echo(f"this seat kept what {seat.player} knew from tick {told.first} on (the "
                   "game began before seats kept it): the story starts there", err=True)
    if html_file is None:
        headers, rows = table_rows(told.rows)
        click.echo(table(rows, headers, align="right"))
        return True
    target = output_path(html_file, own_seat=root)
    title = f"{seat.game.title}: {seat.player}'s story"
    try:
        playerfiles.write(target.parent, target.name, page(title, told).encode("utf-8"))
    except playerfiles.Refused as refused:
        fail(FolderError(f"{html_file} {refused.reason}", "name a new file"), USAGE)
    click.echo(f"wrote {html_file}")
    return True



def status_in_seat(root: Path, fetch: bool) -> bool:
    """`status` in a seat: the tick, whose orders are awaited, how the player's file stands
    (missing, stale, with problems, complete or not), and in a git clone whether the remote
    holds newer sheets. False if `root` is not a seat."""
    from .engine.seats import clone

    seat = seat_here(root)
    if seat is None:
        return False
    state = seat.known()
    length = f" of {state['max_ticks']}" if isinstance(state.get("max_ticks"), int) else ""
    click.echo(f"{seat.game.title}, {seat.player}'s seat in {visible(str(root.resolve()))}: "
               f"tick {seat.next_tick - 1}{length} played")
    if seat.over:
        click.echo(f"The game is over. {seat.result}".rstrip())
    else:
        yours = ("yours are awaited" if seat.is_awaited else
                 "not yours: your sheet says when it is your turn")
        click.echo(f"awaiting orders for tick {seat.next_tick} from: "
                   f"{', '.join(seat.awaited) or 'nobody'} ({yours})")
        click.echo(f"  {seat.player}_orders.txt: {file_line(root, seat)}")
    if not clone.is_clone(root):
        if fetch:
            click.echo("--fetch: this seat is no git clone, so there is nothing to fetch; a "
                       "synced folder gets the host's new sheets from the sync")
        else:
            click.echo("synced seat: the host's new sheets arrive with the sync, and the host "
                       "reads your order file as the sync leaves it")
        return True
    for line in clone_lines(root, seat.next_tick - 1, f"{seat.player}_orders.txt", fetch):
        click.echo(line)
    return True


def file_line(root: Path, seat: Standpoint) -> str:
    """How the player's order file stands, checked as `check` checks it in the seat."""
    from .engine.base.codes import E, W
    from .engine.core.orders import MAX_FILE_BYTES, parse_bytes
    from .engine.files import playerfiles
    from .engine.seats.playercheck import check_as

    name = f"{seat.player}_orders.txt"
    try:
        found = playerfiles.read(root, name, MAX_FILE_BYTES)
    except playerfiles.Refused as refused:
        return f"cannot be read ({refused.reason}): {refused.hint}"
    if found is None:
        return f"missing: write it from {seat.player}_orders_template.txt"
    parsed = parse_bytes(seat.game.grammar_name(), found.data, name, found.size)
    header = parsed.header
    if header is not None and header.tick is not None and header.tick < seat.next_tick:
        return (f"stale: written for tick {header.tick}, and the next tick is "
                f"{seat.next_tick} ({E.STALE_ORDERS} if it were read): write the next one "
                f"from {seat.player}_orders_template.txt")
    checked = check_as(seat, parsed)
    if checked.problems:
        return (f"{counted(len(checked.problems), 'problem')}: `{SEAT_PROGRAM} check` here "
                "shows them")
    orders = len(parsed.orders)
    held = counted(orders, "order") if orders or parsed.ended else \
        "standing lines only" if parsed.standing else "no orders yet"
    late = [w for w in checked.warnings if w.code == W.NOT_AWAITED]
    if late:
        held += f" ({W.NOT_AWAITED}: they do not run now; `{SEAT_PROGRAM} check` says more)"
    if header is not None and header.tick is not None and header.tick > seat.next_tick:
        return f"{held}, a draft for tick {header.tick}"
    if parsed.ended:
        return f"{held}, complete (it ends with `end`)"
    if not seat.is_awaited:
        return held if not parsed.standing else (
            f"{held}, not complete: it does not end with `end`, so its standing lines do not "
            f"take effect ({W.NO_END})")
    return (f"{held}, not complete: it does not end with `end`, so `watch` waits for it "
            f"({W.NO_END})")


def behind_note(root: Path, tick: int) -> str | None:
    """For `check` in a git clone of a seat: a line if the remote, as last fetched, holds
    commits the clone lacks (newer sheets above all, against which the file is checked
    wrongly here). No fetch, and nothing said if git cannot tell."""
    from .engine.seats import clone

    if not clone.is_clone(root):
        return None
    try:
        found = clone.behind(root)
    except clone.CloneError:
        return None
    said = clone.behind_line(found, tick, False) if found is not None else None
    return visible(said) if said is not None else None


def clone_lines(root: Path, tick: int, name: str, fetch: bool) -> list[str]:
    """What a git clone of the seat adds: whether the remote (as last fetched, or just now
    with `fetch`) holds newer sheets, and commits or changes of the player's not yet sent."""
    from .engine.seats import clone

    lines = []
    try:
        if fetch:
            clone.fetch(root)
        found = clone.behind(root)
    except clone.CloneError as error:
        return [f"git: {visible(str(error))}"]
    if found is None:
        return ["git: this branch has no upstream, so nothing says what the host pushed "
                "since (`git branch -u origin/main` sets it)"]
    upstream = visible(found.upstream)
    behind = clone.behind_line(found, tick, fetch)
    if behind is None:
        when = "just fetched" if fetch else (
            "as last fetched; `status --fetch` fetches first, or `git pull`")
        lines.append(f"git: up to date with {upstream} ({when})")
    else:
        lines.append(f"git: {visible(behind)}")
    if found.ahead:
        lines.append(f"git: {counted(found.ahead, 'commit')} of yours not pushed yet: the "
                     "host reads only what is pushed (`git push`)")
    if clone.changed(root, name):
        lines.append(f"git: {name} has changes not committed: `git commit -am orders && "
                     "git push` sends them to the host")
    return lines
