"""`bot` and `history` run in a player's seat (a synced seat folder, or the player's git clone
of it): what they can do from what the seat holds, as `check` does there (cli.py,
engine/seats/playercheck.py).

A seat holds the player's knowledge of the game (seat.json), their sheets and their order
file, and nothing of the referee's: no seed, no record of anyone else's orders, no hidden card.
So `bot` writes the player's own order file from that knowledge (the same file the host's `bot`
writes for them, since a bot plans on the player's knowledge there too), and `history` tells
the player's own story from the copies of seat.json the seat keeps, one a tick (the story the
host's `history PLAYER` tells them, made from the same knowledge). Neither writes anything but
the player's order file or the page asked for, and neither runs git.
"""

from __future__ import annotations

import random
from pathlib import Path

import click

from . import registry
from .cli_common import DAMAGED, USAGE, fail, output_path
from .engine.base.words import counted
from .engine.folder.folder import FolderError
from .engine.seats.playercheck import Standpoint, seat_standpoint

# What a seat's own command line calls the program (its template says the same, seats.py).
SEAT_PROGRAM = "lifegames"


def seat_here(root: Path) -> Standpoint | None:
    """The seat `root` is, or None: a game folder (it has `.lifegames/`) or a folder without
    seat.json is not one. A damaged seat.json stops the command with the way back."""
    if (root / ".lifegames").exists():
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

