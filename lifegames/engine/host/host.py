"""What the commands do to a game folder: setup, check, tick, and reading the game back.

Every operation holds the folder's lock (which also finishes or undoes an interrupted commit),
so `check` and `status` never see a half-written tick.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.escape import file_name
from ..base.jsondata import JsonObject
from ..base.words import counted
from ..core.contract import AnyGame, SetupError
from ..core.dice import Dice, new_salt, new_seed, seed_digest
from ..core.orders import MAX_FILE_BYTES, ParsedFile, Problem, header_line, parse_bytes, parse_text
from ..core.turn import (
    FileCheck,
    TickOutcome,
    check_files,
    count_orders,
    play_tick,
    standing_updates,
)
from ..files import playerfiles
from ..folder.folder import (
    FILE_LIMIT,
    FORMAT,
    MANIFEST_FILE,
    META,
    PLAYER_NAME,
    REPAIR_HINT,
    SEATS_FILE,
    SNAPSHOT,
    Busy,
    Damaged,
    FolderError,
    GameFolder,
    NotARegularFile,
    Op,
    dumps,
)
from ..folder.reading import read_only
from ..folder.shapes import host_file
from ..seats import seats as seat_files
from ..seats.seats import template_file

if TYPE_CHECKING:
    from ..seats import gitpublish, gitseats
    from ..seats.playercheck import PlayerCheck

SEED_FILE = "seed_sha256.txt"
DRAFTS = "drafts.txt"  # in .lifegames: order files a host tool replaced
EXECUTED = "executed_orders.txt"
RECORD_DIR = f"{META}/orders"  # the referee's copy of every executed_orders.txt
# Every sheet the engine wrote, one `Player/NNN_name sha256` line each: verify and rollback
# check an archived sheet against it instead of drawing that tick's sheets again.
SHEETS_RECORD = f"{META}/sheets.txt"
ARCHIVE = "archive"
NAME = PLAYER_NAME
RESERVED = {"con", "prn", "aux", "nul", "archive", META.lower(), "lifegames"} | {
    f"{d}{n}" for d in ("com", "lpt") for n in range(10)
}
SALT = re.compile(r"[0-9a-f]{1,64}")
ORDERISH = re.compile(r"order", re.IGNORECASE)
SEATS_DIR = f"{META}/seats"  # with --remotes: each seat's files, the host's own copy
GIT_DIR = f"{META}/git"  # with --remotes: the host's repository of each seat
VIEW_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*\.(?:txt|svg)$")
# Written by the first `setup --commit` or `tick --commit`: the host records every tick in the
# game folder's git repository, so `status` says when the last one is not recorded yet.
COMMITS_FILE = f"{META}/commits_in_git.txt"
COMMITS_TEXT = ("The host commits every tick into this game folder's git repository "
                "(tick --commit).\n")


def order_file(player: str) -> str:
    return f"{player}/{player}_orders.txt"


def record_file(player: str) -> str:
    """The hidden, authoritative copy of a player's executed orders: replays, verify and
    rollback read this one, so a hand-edited public log is found and repaired, not obeyed."""
    return f"{RECORD_DIR}/{player}.txt"


def snapshot_name(tick: int, name: str) -> str:
    return f"{tick:03d}_{name}"


def check_player_name(name: str) -> str:
    """Player names become folder names: refuse anything that could escape or confuse one."""
    if not NAME.match(name):
        raise SetupError(
            f"player name {name!r} is not allowed: use 1-24 ASCII letters (a-z, A-Z), digits, "
            "'_' or '-', starting with a letter")
    if name.lower() in RESERVED:
        raise SetupError(f"player name {name!r} is reserved; choose another")
    return name


class NotAwaited(FolderError):
    """A command named a player whose orders are not awaited now."""

    exit_code = 2


def check_players(game: AnyGame, players: list[str]) -> None:
    """A game's seats: how many, and names that can become folder names."""
    if not game.min_players <= len(players) <= game.max_players:
        wanted = (f"exactly {game.min_players}" if game.min_players == game.max_players
                  else f"{game.min_players} to {game.max_players}")
        raise SetupError(f"{game.title} takes {wanted} players, not {len(players)}")
    for name in players:
        check_player_name(name)
    if len({p.lower() for p in players}) != len(players):
        raise SetupError("player names must differ (ignoring case)")


@dataclass
class Loaded:
    game: AnyGame
    envelope: JsonObject

    @property
    def state(self) -> JsonObject:
        state: JsonObject = self.envelope["state"]
        return state

    @property
    def players(self) -> list[str]:
        return list(self.envelope["setup"]["players"])


class Host:
    def __init__(self, root: str, resolve: Callable[[str], AnyGame]) -> None:
        self.folder = GameFolder(root)
        self.resolve = resolve
        self.seat_lines: list[str] = []  # what publishing the seats over git said
        self.order_digests: dict[str, str] = {}  # player -> sha256 of the order file last read
        self._remotes: gitpublish.RemoteSeats | None = None
        self._settled: tuple[int, ...] = ()  # the state file remote seats were last built for
        # What the last `check` found in the files of players who are not awaited (their
        # standing lines, and W-NOT-AWAITED for orders that will not run): kept apart from
        # check's result, which is the awaited files' alone, as a tick plays them.
        self.unawaited: list[PlayerCheck] = []

    def remote_seats(self) -> gitpublish.RemoteSeats | None:
        """The game's seats over git (`setup --remotes`), or None. gitseats (and with it
        subprocess and threading) is imported only here, for a game that has them: check
        and tick in any other folder never pay for it."""
        if self._remotes is None:
            remotes = self.folder.remotes()
            if remotes:
                from ..seats.gitpublish import RemoteSeats

                self._remotes = RemoteSeats(self.folder.root / GIT_DIR,
                                            self.folder.root / SEATS_DIR, remotes)
        return self._remotes

    def _seat_problem(self) -> tuple[type[gitseats.SeatProblem], ...]:
        """What a seat over git raises when its order file cannot be read (to catch): only
        a game with such seats can raise it, so no other game imports gitseats for it."""
        if self._remotes is None:
            return ()
        from ..seats.gitseats import SeatProblem

        return (SeatProblem,)

    def close(self) -> None:
        if self._remotes is not None:
            self._remotes.close()

    # -- reading ----------------------------------------------------------------------------
    def _load(self, strict: bool = True) -> Loaded:
        """The game. `strict` (every command but the repair tools) also checks that nothing
        the engine wrote was changed or removed by hand since the last commit."""
        envelope = self.folder.load()
        try:
            game = self.resolve(envelope["game"])
        except KeyError:
            raise Damaged(f"this folder holds a game of unknown kind {envelope['game']!r}",
                          "is this lifegames version older than the one that set it up?"
                          ) from None
        loaded = Loaded(game, envelope)
        if strict:
            self._check_manifest(loaded)
            # After the manifest: a state the last commit vouched for that still does not fit
            # the game's declaration (keys, types, bounds) was forged; no game code reads it.
            unfit = game.state_problem(loaded.state, loaded.players)
            if unfit:
                raise Damaged(f"the game state {META}/state.json is not one {game.title} "
                              f"writes: {unfit}", REPAIR_HINT)
        return loaded

    def player_names(self, names: set[str]) -> set[str]:
        """Names as the game spells them (a player may be named in any case)."""
        if not names:
            return set()
        players = read_only(self.folder, lambda: self._load().players)
        found = {p.lower(): p for p in players}
        unknown = sorted(n for n in names if n.lower() not in found)
        if unknown:
            raise NotAwaited(f"no player {', '.join(map(repr, unknown))}",
                             "players: " + ", ".join(players))
        return {found[n.lower()] for n in names}

    def load(self, strict: bool = True) -> Loaded:
        with self.folder.locked():
            return self._load(strict)

    def peek(self) -> Loaded:
        """The game read and checked as `load` does, but without the lock and without
        finishing an interrupted tick: for readers that must never write in the folder (the
        language server). It may meet a tick half-written: look for a journal first, and
        read again if the state changed meanwhile."""
        return self._load()

    def _check_manifest(self, loaded: Loaded) -> None:
        """Every file the last commit left is still exactly what it wrote: the state, each
        current sheet (a sheet appended to, or replaced by a link, is caught here) and each
        executed_orders.txt."""
        path = self.folder.meta / MANIFEST_FILE
        manifest = self.folder.read_manifest()
        if manifest is None:
            raise Damaged(f"{path} is missing or unreadable", REPAIR_HINT)
        if manifest["state"] != self.folder.state_digest:
            raise Damaged(f"the game state {META}/state.json was changed outside play.py",
                          REPAIR_HINT)
        for player in loaded.players:
            entry = manifest["players"].get(player, {})
            hashes = entry.get("sheet_sha256", {})
            for name in entry.get("sheets", []):
                found = self._engine_file(f"{player}/{name}")
                if found is None:
                    raise Damaged(f"{player}/{name} is missing", REPAIR_HINT)
                if name in hashes and hashlib.sha256(found).hexdigest() != hashes[name]:
                    raise Damaged(f"{player}/{name} was changed outside play.py", REPAIR_HINT)
            log = self._engine_file(f"{player}/{EXECUTED}")
            found_digest = hashlib.sha256(log).hexdigest() if log is not None else None
            if found_digest != entry.get("executed"):
                raise Damaged(f"{player}/{EXECUTED} was changed outside play.py (it no "
                              "longer matches the orders the game played)", REPAIR_HINT)

    def _engine_file(self, relative: str) -> bytes | None:
        return self.folder.read_engine(relative, REPAIR_HINT)

    def orders_root(self) -> Path:
        """Where the order files are: the seats in a game with seats, else the game folder."""
        return self.folder.seats_root() or self.folder.root

    def write_orders(self, player: str, text: str, why: str = "orders") -> None:
        """A player's whole order file written by a host tool (bot), atomically and never
        through a link; FolderError naming what stands in the way. A seat over git gets it
        as a commit, pushed as the player would push it."""
        remotes = self.remote_seats()
        if remotes is not None:
            self.seat_lines += remotes.publish(why, {player: text.encode("utf-8")}, [player])
            return
        try:
            playerfiles.write(self.orders_root(), order_file(player), text.encode("utf-8"))
        except NotARegularFile as refused:
            raise FolderError(f"{refused.path} {refused.reason}", refused.hint) from None

    def read_order(self, player: str) -> playerfiles.Content | gitseats.Blob | None:
        """A player's order file as the host reads it: through the guarded reader, or from
        the newest commit of their seat over git. Refused or SeatProblem say why not."""
        remotes = self.remote_seats()
        if remotes is not None:
            return remotes.seats[player].read_order()
        return playerfiles.read(self.orders_root(), order_file(player), MAX_FILE_BYTES)

    def sync_seats(self) -> list[str]:
        """With seats over git: fetch every seat, bring each seat's branch up to date with
        the host's files (a tick whose commit a crash cut off is committed now) and push
        what the remotes lack. Returns the players whose branch changed."""
        remotes = self.remote_seats()
        if remotes is None:
            return []
        changed = remotes.fetch()
        for seat in remotes.seats.values():  # a new marker is made under the umask
            playerfiles.make_private(seat.git_dir.with_suffix(".fetched"))
        if self._settled != self._state_stamp():
            self.seat_lines += remotes.publish(f"Tick {self.folder.peek_tick()}")
            self._settled = self._state_stamp()
        else:
            self.seat_lines += remotes.push()
        return changed

    def fetch_seats(self) -> list[str]:
        """sync_seats under the folder's lock (watch's look at the remotes)."""
        with self.folder.locked():
            return self.sync_seats()

    def _state_stamp(self) -> tuple[int, ...]:
        """Which state file is in place (a tick or a rollback replaces it): nothing is read."""
        try:
            info = os.stat(self.folder.state_path)
        except OSError:
            return ()
        return (info.st_ino, info.st_size, info.st_mtime_ns)

    def publish_seats(self, message: str, only: list[str] | None = None) -> None:
        """With seats over git: commit what the last change wrote into each seat, and push."""
        remotes = self.remote_seats()
        if remotes is not None:
            self.seat_lines += remotes.publish(message, only=only)
            self._settled = self._state_stamp()

    def misnamed(self, player: str) -> list[str]:
        """Files in the player's folder (or seat) that look like a misplaced order file
        (`Ironhold_Orders.txt`, `orders.txt`, `ironhold_orders.txt.txt`): lifegames reads only
        `<Player>_orders.txt`, so a player who saved under another name would wait in vain."""
        expected = order_file(player).split("/", 1)[1]
        found = []
        remotes = self.remote_seats()
        names = remotes.seats[player].names() if remotes is not None else \
            playerfiles.listing(self.orders_root(), player)
        for name, kind in sorted(names.items()):
            if kind == "file" and name != expected and ORDERISH.search(name) \
                    and not host_file(player, name):
                found.append(f"{player}/{file_name(name)}")
        return found

    def keep_draft(self, player: str, why: str) -> None:
        """Copy a player's order file into the referee's .lifegames/drafts.txt before a host
        tool replaces it, so no hand-written draft is ever lost."""
        try:
            found = self.read_order(player)
        except NotARegularFile:
            return
        except self._seat_problem():
            return
        if found is None or not found.complete:
            return
        old = self.folder.read_meta(DRAFTS) or b""
        text = (f"## {player}'s order file at tick {self.folder.peek_tick()}, {why}\n"
                + found.data.decode("utf-8", "replace").rstrip("\n") + "\n\n")
        playerfiles.write(self.folder.root, f"{META}/{DRAFTS}", old + text.encode("utf-8"))

    def _parse(self, loaded: Loaded, players: list[str]) -> dict[str, ParsedFile]:
        """Each player's order file, read through the guarded reader: from the player's seat
        in a game with seats (the only file the host ever reads from one)."""
        files: dict[str, ParsedFile] = {}
        for player in players:
            relative = order_file(player)
            try:
                found = self.read_order(player)
            except NotARegularFile as refused:
                files[player] = ParsedFile(relative, problems=[Problem(
                    relative, 1, 1, 2, refused.code, f"the order file {refused.reason}",
                    refused.hint)])
                continue
            except self._seat_problem() as problem:
                files[player] = ParsedFile(relative, problems=[Problem(
                    relative, 1, 1, 2, problem.code, problem.reason, problem.hint)])
                continue
            self.order_digests[player] = hashlib.sha256(found.data if found else b"").hexdigest()
            files[player] = parse_bytes(loaded.game.grammar_name(),
                                        found.data if found else b"", relative,
                                        found.size if found else None)
        return files

    # -- commands ---------------------------------------------------------------------------
    def setup(self, game: AnyGame, players: list[str], words: list[str], seed: int | None,
              ticks: int | None, salt: str | None = None, seats: Path | None = None,
              remotes: str | None = None) -> Loaded:
        """A new game. Its randomness is the seed and the salt, both fresh and secret unless
        given: the same seed, salt and orders always give byte-identical folders. `seats`:
        the folder for the players' seats (the game folder then stays the referee's);
        `remotes`: a template of git remotes, one seat per player over git."""
        check_players(game, players)
        if salt is not None and not SALT.fullmatch(salt):
            raise SetupError("--salt is 1 to 64 hexadecimal digits (0-9, a-f)")
        options = game.parse_options(words, ticks)
        urls = None
        if remotes is not None:
            if seats is not None:
                raise SetupError("give --seats (synced folders) or --remotes (git), not both")
            from ..seats.gitseats import remote_urls

            try:
                urls = remote_urls(remotes, players, Path.cwd())
            except ValueError as error:
                raise SetupError(str(error)) from None
            self._remotes_outside(urls)
        return self.create(game, players, options, new_seed() if seed is None else seed,
                           new_salt() if salt is None else salt, seats, urls)

    def _remotes_outside(self, urls: dict[str, str]) -> None:
        """A remote that is a path here must lie outside the game folder, and not hold it:
        inside, it would be the referee's private files (its state, a player's folder, the
        host's own repository of a seat) served to a player. Links are followed, as git
        would follow them."""
        from ..seats.gitseats import is_local

        home = {Path(os.path.abspath(self.folder.root)), Path(os.path.realpath(self.folder.root))}
        for player, url in sorted(urls.items()):
            if not is_local(url):
                continue
            for where in {Path(os.path.abspath(url)), Path(os.path.realpath(url))}:
                if any(where == root or root in where.parents or where in root.parents
                       for root in home):
                    raise SetupError(f"{player}'s remote {url} is inside the game folder "
                                     f"{self.folder.root} (or holds it): the game folder is "
                                     "the referee's; put the remotes beside it, for example "
                                     "--remotes ../remotes/{player}.git")

    def create(self, game: AnyGame, players: list[str], options: JsonObject, seed: int,
               salt: str | None, seats: Path | None = None,
               remotes: dict[str, str] | None = None) -> Loaded:
        """Set up from already-checked options (setup, and replays of a recorded setup), in a
        folder that holds nothing yet but perhaps a git repository and its .gitignore (whose
        lines are kept). With `remotes` (player -> git remote), the seats' files are the
        host's, in .lifegames/seats, and each seat is published to its remote."""
        root = self.folder.root
        if root.exists() and not root.is_dir():
            raise SetupError(f"{root} is a file, not a folder; setup needs an empty folder")
        if self.folder.has_game():
            raise FolderError(f"{root} already holds a game",
                              "use an empty folder, or --dir PATH for a new one")
        for player in players:
            if root.is_dir() and playerfiles.listing(root, player):
                raise FolderError(f"{self.folder.path(player)} already exists and is not empty",
                                  "use an empty folder for a new game")
        others = sorted(set(os.listdir(root)) - SETUP_ALLOWS) if root.is_dir() else []
        if others:
            shown = ", ".join(map(file_name, others[:5])) + (", ..." if len(others) > 5 else "")
            raise FolderError(f"{root} is not empty (it holds {shown})",
                              "set up a new game in an empty folder (a git repository's .git "
                              "and .gitignore may be there), or pass --dir PATH")
        if seats is not None:
            seats = Path(os.path.abspath(seats))
            home = Path(os.path.abspath(root))
            if seats == home or home in seats.parents or seats in home.parents:
                raise SetupError(f"the seats folder {seats} must be outside the game folder "
                                 f"{root} (and not hold it): the game folder is the referee's")
        if remotes:
            _ready_remotes(remotes)
            seats = Path(os.path.abspath(root)) / SEATS_DIR
        if seats is not None:
            problems = seat_files.prepare(seats, players)
            if problems:
                raise FolderError(problems[0], "give each player an empty seat folder (or a "
                                  "fresh git repository), or choose another --seats folder")
        with self.folder.locked(create=True):
            if self.folder.has_game():
                raise FolderError(f"{self.folder.root} already holds a game")
            if seats is not None:
                where = os.path.relpath(seats, root.absolute())
                record = {"root": where, **({"remotes": remotes} if remotes else {})}
                playerfiles.write(root, f"{META}/{SEATS_FILE}", dumps(record).encode("utf-8"))
            loaded = self._first_commit(game, players, options, seed, salt)
            if remotes:
                from ..seats.gitpublish import RemoteSeats

                RemoteSeats.create(root / GIT_DIR, players)
                first = {p: self._setup_orders(p) for p in players}
                self.seat_lines += self._remote_seats_now().publish(
                    f"Setup: {game.title} for {', '.join(players)}", first)
                self._settled = self._state_stamp()
        return loaded

    def _first_commit(self, game: AnyGame, players: list[str], options: JsonObject, seed: int,
                      salt: str | None) -> Loaded:
        """The game at tick 0 committed into the folder (setup, and a replay's start)."""
        state = game.setup(list(players), options, Dice(seed, 0))
        state["tick"] = 0
        envelope = {
            "format": FORMAT,
            "game": game.id,
            "seed": seed,
            **({"salt": salt} if salt else {}),
            "setup": {"players": list(players), "options": options},
            "stats": {"missed": {p: 0 for p in players}},
            "state": state,
        }
        loaded = Loaded(game, envelope)
        ops = [Op("write", SEED_FILE, seed_file_text(seed, salt)),
               Op("write", ".gitignore", self._gitignore())]
        ops += self._player_ops(loaded, {}, set(players))
        ops.append(self._manifest(loaded, ops))
        self.folder.commit(ops + self._seat_ops(loaded, ops, setup=True), envelope)
        return loaded

    def _setup_orders(self, player: str) -> bytes:
        found = playerfiles.read(self.folder.root, f"{SEATS_DIR}/{order_file(player)}",
                                 MAX_FILE_BYTES)
        return found.data if found is not None else b""

    def _remote_seats_now(self) -> gitpublish.RemoteSeats:
        remotes = self.remote_seats()
        assert remotes is not None
        return remotes

    def _seat_ops(self, loaded: Loaded, ops: list[Op], setup: bool = False) -> list[Op]:
        """In a game with seats, what the commit must also write into each seat."""
        if self.folder.seats_root() is None:
            return []
        views = {p: seat_files.seat_view(loaded.game, loaded.state, p, loaded.players)
                 for p in loaded.players}
        return seat_files.mirror(self.folder.root, loaded.players, ops, views,
                                 int(loaded.state["tick"]), setup)

    def _gitignore(self) -> str:
        """The game's .gitignore lines added to the folder's own, none of which is lost."""
        try:
            found = self.folder.read_player(".gitignore", FILE_LIMIT)
        except NotARegularFile as refused:
            raise FolderError(f"{refused.path} {refused.reason}", refused.hint) from None
        text = found.data.decode("utf-8", "surrogateescape") if found else ""
        have = set(text.splitlines())
        missing = "".join(line + "\n" for line in GITIGNORE.splitlines() if line not in have)
        if text and not text.endswith("\n") and missing:
            text += "\n"
        return text + missing

    def check(self, only: str | None = None) -> tuple[Loaded, list[FileCheck]]:
        """Check the awaited files, writing nothing (reading.py: no lock, and a tick left
        half-written is reported, not finished). Seats over git are read as last fetched:
        fetching is for tick and watch (fetch_seats), which write."""
        def run() -> tuple[Loaded, list[FileCheck]]:
            loaded = self._load()
            awaited = loaded.game.awaiting(loaded.state)
            players = [p for p in awaited if only is None or p == only]
            others = [p for p in loaded.players if p not in awaited and only in (None, p)]
            self.unawaited = []
            if others:  # a game where everyone is awaited never loads playercheck for this
                from ..seats.playercheck import check_as, folder_standpoint

                self.unawaited = [
                    check_as(folder_standpoint(loaded.game, loaded.state, loaded.players, p),
                             parsed) for p, parsed in self._parse(loaded, others).items()]
            return loaded, check_files(loaded.game, loaded.state, self._parse(loaded, players))

        return read_only(self.folder, run)

    def finish(self) -> bool:
        """Take the lock only to finish (or throw away) an interrupted commit, as every command
        but `check` does first; True if a tick was finished."""
        with self.folder.locked():
            return self.folder.recovered

    def standing_updates(self, loaded: Loaded) -> dict[str, list[str]]:
        """The standing orders that players who are not awaited put in force this tick."""
        awaited = set(loaded.game.awaiting(loaded.state))
        others = [p for p in loaded.players if p not in awaited]
        return standing_updates(loaded.game, loaded.state, self._parse(loaded, others))

    def tick(self, absent: set[str] | frozenset[str] = frozenset(), complete: bool = False,
             expect: int | None = None) -> tuple[Loaded, TickOutcome]:
        """Play one tick (`absent`: awaited players the host plays by their game's default).
        A tick that finds another tick was just played (it waited for the lock) or just
        completed (an interrupted commit) plays nothing: the order files it was meant for are
        gone, and playing on would run a tick nobody wrote orders for.
        `complete` (watch): play only if every awaited file (absent players aside) ends with
        `end` as read now, under the same hold of the lock; `expect`: only if the game is still
        at that tick."""
        seen = self.folder.peek_tick() if expect is None else expect
        with self.folder.locked():
            if self.folder.recovered:
                raise Busy("an interrupted tick was completed just now; nothing more was played",
                           "read the new sheets, then run tick again for the next tick")
            loaded = self._load()
            self.sync_seats()
            if seen is not None and loaded.state["tick"] != seen:
                raise Busy(f"another play.py command played tick {loaded.state['tick']} while this "
                           "one waited; nothing more was played",
                           "read the new sheets, then run tick again for the next tick")
            if loaded.game.is_over(loaded.state):
                raise FolderError("the game is over", "python3 play.py status shows the result")
            awaited = loaded.game.awaiting(loaded.state)
            strangers = sorted(set(absent) - set(awaited))
            if strangers:
                raise NotAwaited(f"{', '.join(strangers)} cannot be absent: only "
                                 f"{', '.join(awaited) or 'nobody'} is awaited now")
            files = self._parse(loaded, [p for p in awaited if p not in absent])
            if complete and not all(parsed.ended for parsed in files.values()):
                raise Incomplete("an awaited order file no longer ends with `end`; nothing "
                                 "was played", "watch plays the tick once every file is "
                                 "complete")
            for player in sorted(absent):
                files[player] = parse_text(loaded.game.grammar_name(), "absent\n",
                                           order_file(player))
            files = {p: files[p] for p in awaited}
            outcome = play_tick(loaded.game, loaded.state, files, loaded.envelope["seed"],
                                self.standing_updates(loaded))
            if outcome.problems:
                return loaded, outcome
            misses = dict(loaded.envelope["stats"]["missed"])
            away = set(outcome.state.get("absent", []))  # --absent, or a file saying `absent`
            for player in awaited:
                lines = outcome.executed.setdefault(player, [])
                if files[player].ended and player not in away and not count_orders(lines):
                    lines.append(ON_PURPOSE)  # the record says so: a replay counts the same
                misses[player] = misses.get(player, 0) + int(missed(lines, player in away))
            envelope = dict(loaded.envelope, state=outcome.state, stats={"missed": misses})
            after = Loaded(loaded.game, envelope)
            ops = self._player_ops(after, outcome.executed, set(awaited))
            ops.append(self._manifest(after, ops))
            self.folder.commit(ops + self._seat_ops(after, ops), envelope)
            count = sum(count_orders(o) for o in outcome.executed.values())
            remotes = self.remote_seats()
            if remotes is not None:
                for player in sorted(set(files) - set(absent)):
                    remotes.seats[player].played(int(outcome.state["tick"]))
            self.publish_seats(f"Tick {outcome.state['tick']}: {counted(count, 'order')}")
            return after, outcome

    def order_files_status(self, loaded: Loaded) -> tuple[dict[str, str], set[str]]:
        """What each player's file holds now, in one phrase per situation (`status`), and
        which files are complete (end with an `end` line)."""
        said: dict[str, str] = {}
        complete: set[str] = set()
        next_tick = int(loaded.state["tick"]) + 1
        for player, parsed in self._parse(loaded, loaded.players).items():
            said[player] = holds(parsed, next_tick, player)
            if parsed.ended:
                complete.add(player)
        return said, complete

    # -- writing ----------------------------------------------------------------------------
    def _previous_manifest(self) -> JsonObject:
        """What the last commit left in each player folder (nothing before setup)."""
        try:
            manifest = self.folder.read_manifest()
        except Damaged:
            manifest = None
        return dict(manifest["players"]) if manifest else {}

    def untouched_template(self, player: str) -> bool:
        """The player's order file is still the template the engine last wrote: nothing
        written yet (`check` says so rather than refusing it)."""
        return self._untouched_template(player, self._previous_manifest())

    def _untouched_template(self, player: str, previous: JsonObject) -> bool:
        """The player's order file is still the template the engine wrote (not a draft)."""
        try:
            current = self.folder.read_player(order_file(player), MAX_FILE_BYTES)
        except NotARegularFile:
            return False
        recorded = previous.get(player, {}).get("template")
        return current is not None and recorded == hashlib.sha256(current.data).hexdigest()

    def _manifest(self, loaded: Loaded, ops: list[Op]) -> Op:
        """What the engine leaves behind after `ops`: each player's current sheets and the
        hash of their executed orders, and the hash of the state. Checked by every command,
        so a sheet deleted or a log or state edited by hand is reported, not built upon; and
        the hash of the order template last written (to tell an untouched one from a draft)."""
        previous = self._previous_manifest()
        players: JsonObject = {}
        for player in loaded.players:
            sheets = sorted(
                op.path.split("/", 1)[1] for op in ops
                if op.kind == "write" and op.path.count("/") == 1
                and op.path.startswith(f"{player}/") and SNAPSHOT.match(op.path.split("/")[1])
            )
            content = self._engine_file(f"{player}/{EXECUTED}")
            for op in ops:
                if op.kind == "append" and op.path == f"{player}/{EXECUTED}":
                    content = (content or b"") + op.text.encode("utf-8")
            template = next((op.text for op in ops if op.kind == "write"
                             and op.path in (order_file(player), template_file(player))), None)
            players[player] = {
                "sheets": sheets,
                "sheet_sha256": {
                    op.path.split("/", 1)[1]: text_digest(op.text)
                    for op in ops if op.kind == "write" and op.path.count("/") == 1
                    and op.path.split("/", 1)[1] in sheets and op.path.startswith(f"{player}/")
                },
                "executed": hashlib.sha256(content).hexdigest() if content is not None else None,
                "template": (hashlib.sha256(template.encode("utf-8")).hexdigest()
                             if template is not None else previous.get(player, {}).get("template")),
            }
        state = hashlib.sha256(dumps(loaded.envelope).encode("utf-8")).hexdigest()
        return Op("write", f"{META}/{MANIFEST_FILE}", dumps({"players": players, "state": state}))

    def _player_ops(self, loaded: Loaded, executed: dict[str, list[str]], reset: set[str]
                    ) -> list[Op]:
        """Every file change of a tick: archive old sheets, write new ones, reset the order
        files that were used (`reset`) or never edited, append executed orders."""
        game, state = loaded.game, loaded.state
        tick = int(state["tick"])
        ops: list[Op] = []
        previous = self._previous_manifest()
        from ..text.sheets import away_line  # only a tick writes sheets

        seated = self.folder.seats_root() is not None
        away = away_line(state.get("absent", []), game.absent_policy)
        written: list[str] = []  # the lines of SHEETS_RECORD
        for player in loaded.players:
            for name in previous.get(player, {}).get("sheets", []):
                ops.append(Op("move", f"{player}/{name}", dest=f"{player}/{ARCHIVE}/{name}"))
            sheets = self._sheets(loaded, player, away)
            for name, shown in sorted(sheets.items()):
                ops.append(Op("write", f"{player}/{snapshot_name(tick, name)}", shown))
            written += [f"{player}/{snapshot_name(tick, name)} {text_digest(shown)}\n"
                        for name, shown in sorted(sheets.items())]
            # A template nobody has edited is renewed too (in a turn-based game the waiting
            # players then read whose turn it is now); a draft is never overwritten. With
            # seats the order file is the player's alone: a fresh template goes beside it.
            if seated or player in reset or game.is_over(state) or \
                    self._untouched_template(player, previous):
                template = game.order_template(state, player)
                if not game.is_over(state):
                    template = (header_line(game.grammar_name(), tick + 1) + template +
                                TEMPLATE_FOOTER)
                    if seated:
                        template = seat_files.seat_template(template, player)
                target = template_file(player) if seated else order_file(player)
                ops.append(Op("write", target, template))
            if player in executed:
                lines = "".join(line + "\n" for line in executed[player])
                for log in (f"{player}/{EXECUTED}", record_file(player)):
                    lead = "\n" if self.folder.exists(log) else ""
                    ops.append(Op("append", log, f"{lead}# Tick {tick}\n{lines}"))
        # one append per file and commit: a commit's appends each start where the file ended
        ops.append(Op("append", SHEETS_RECORD, "".join(written)))
        return ops


    def _sheets(self, loaded: Loaded, player: str, away: str) -> dict[str, str]:
        """The player's sheets of this tick, name -> text as written (the away line heads
        each text sheet; a picture keeps its bytes). A replay in memory draws only the
        ticks it needs (host/replaying.py)."""
        from ..text.sheets import mark_away

        out = {}
        for name, text in loaded.game.views(loaded.state, player).items():
            if not VIEW_NAME.match(name):
                raise ValueError(f"game produced a bad view name {name!r}")
            out[name] = mark_away(text, away) if name.endswith(".txt") else text
        return out


def text_digest(text: str) -> str:
    """sha256 of a file's text as written; a sheet a replay has not drawn yet (a Deferred)
    knows its own."""
    known = getattr(text, "digest", None)
    return known if isinstance(known, str) else hashlib.sha256(text.encode("utf-8")).hexdigest()


def holds(parsed: ParsedFile, next_tick: int, player: str) -> str:
    """What an order file holds, one phrase for each situation, whoever's it is: problems;
    stale (orders written for an earlier tick: they will never run); orders (and standing
    orders); the absent default; standing orders only (stale or not: they are in force once
    read, as the sheet lists); nothing, said on purpose (`end`); nothing yet (no file, the
    template, comments)."""
    from ..seats.playercheck import PLAIN

    header = parsed.header
    plan = [line for line in parsed.lines if line.kind not in PLAIN]
    if parsed.problems:
        return f"has problems (run: python3 play.py check {player})"
    if plan and header is not None and header.tick is not None and header.tick < next_tick:
        return f"stale: written for tick {header.tick}, so its orders will never run"
    if parsed.orders:
        return counted(len(parsed.orders), "order") + \
            (" and standing orders" if parsed.standing else "")
    if any(line.kind == "absent" for line in plan):
        return "absent: the game's default for an absent player"
    if parsed.standing:
        return "standing orders only"
    return "no orders, on purpose (it ends with `end`)" if parsed.ended else "no orders yet"


# The line executed_orders.txt gets for an awaited player whose file ran no order and said
# so on purpose (it ends with `end`): that tick is not missed, and the record says why.
ON_PURPOSE = "# no orders, on purpose (the file ended with `end`)"


def missed(executed: list[str], absent: bool) -> bool:
    """A tick an awaited player missed, judged from what the record of that tick holds (so a
    replay counts the same): played as absent, or no order of theirs ran and their file did
    not say so on purpose (no file, the untouched template, comments, no `end`)."""
    return absent or (not count_orders(executed) and ON_PURPOSE not in executed)


class Incomplete(Busy):
    """watch found a file complete, but by the time it held the lock to play, it was not."""


SETUP_ALLOWS = {".git", ".gitignore", META}
TEMPLATE_FOOTER = (
    "#\n"
    "# The first line binds this file to the tick it is for: a file written for an earlier\n"
    "# tick is refused (E-STALE-ORDERS), so orders never run against sheets you did not see.\n"
    "# When your orders are final, end the file with a line that says: end\n"
    "# (`play.py watch` plays the tick only once every awaited file ends that way.)\n"
)
GITIGNORE = f"{META}/lock\n{META}/staging/\n{META}/journal.json*\n"


def seed_file_text(seed: int, salt: str | None) -> str:
    what = "a secret salt, a colon and this game's secret dice seed" if salt else \
        "this game's secret dice seed"
    return (
        f"# sha256 of {what}, published at setup so\n"
        "# the referee cannot change the dice later. `python3 play.py reveal` shows them when\n"
        "# the game ends; check with: printf %s 'SALT:SEED' | sha256sum\n"
        f"{seed_digest(seed, salt)}\n"
    )


def _ready_remotes(remotes: dict[str, str]) -> None:
    """Before anything is written: each remote reachable and empty, and the ones that are
    paths here made (bare repositories refusing rewrites)."""
    from ..seats import gitseats

    for player, url in sorted(remotes.items()):
        try:
            if gitseats.is_local(url):
                gitseats.make_local_remote(url)
                continue
            found = gitseats.run(["ls-remote", "--heads", "--end-of-options", url], None)
        except gitseats.GitError as error:
            raise FolderError(f"{player}'s remote {url}: {error}",
                              "give each player a new, empty repository they alone can read "
                              "and push to") from None
        if found.stdout.strip():
            raise FolderError(f"{player}'s remote {url} already holds branches",
                              "give each player a new, empty repository")
