"""The problem codes: every E- (refused) and W- (warned) code is declared once, with what it
means and where a player reads about it, and raised through its declaration.

A code is a `Code`: a str (so it prints, compares and is saved as the code itself, and every
message reads as it always did) that also carries its meaning and the page that explains it
(`path#anchor`, the anchor a heading's GitHub anchor). Codes are grouped in namespaces, one
for the refusals and one for the warnings: `E.SYNTAX`, `W.NOT_AWAITED`. The engine's are
below; each game declares its own the same way in its package's codes.py, and the game
object lists them (`Game.codes`), so the engine never names a game. `play.py explain CODE`
prints a code's declaration, and tests/test_codes.py holds the declarations, the code and the
docs to one another.
"""

from __future__ import annotations


class Code(str):
    """A problem code ("E-UNKNOWN-COMMAND") with its one-line `meaning` and `doc`, where a
    player reads more (a path from the top of the repository, and a heading's anchor)."""

    meaning: str
    doc: str

    def __new__(cls, code: str, meaning: str, doc: str = "") -> Code:
        made = super().__new__(cls, code)
        made.meaning, made.doc = meaning, doc
        return made

    # a copy or a pickle keeps the declaration
    def __reduce__(self) -> tuple[type[Code], tuple[str, str, str]]:
        return Code, (str(self), self.meaning, self.doc)


class Codes:
    """A namespace of codes: each attribute a Code, named as the code without its prefix
    (E-UNKNOWN-COMMAND is `E.UNKNOWN_COMMAND`). `doc`, given as a class keyword, is where a
    player reads about every code of the namespace that names no page of its own."""

    def __init_subclass__(cls, doc: str = "", **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        for code in cls.declared():
            code.doc = code.doc or doc

    @classmethod
    def declared(cls) -> list[Code]:
        """The namespace's codes, as written."""
        return [value for value in vars(cls).values() if isinstance(value, Code)]


README = "README.md#problem-codes"


class E(Codes, doc=README):
    """What makes the engine refuse an order file, whatever the game."""

    # reading the file
    FILE_TOO_LARGE = Code("E-FILE-TOO-LARGE", "the order file is larger than an order file "
                          "may be; nothing past that size is read")
    BINARY = Code("E-BINARY", "the order file holds a NUL byte: it is not plain text")
    ENCODING = Code("E-ENCODING", "the order file holds bytes that are not UTF-8 text")
    NOT_A_FILE = Code("E-NOT-A-FILE", "a link, folder, FIFO, device or submodule stands "
                      "where the order file should be; only a plain file is read")
    UNREADABLE = Code("E-UNREADABLE", "the order file is there but may not be read (its "
                      "permissions)")
    LINE_TOO_LONG = Code("E-LINE-TOO-LONG", "a line longer than an order line may be")
    AFTER_END = Code("E-AFTER-END", "an order written below the `end` line")
    # the grammar
    SYNTAX = Code("E-SYNTAX", "a line the game's order grammar cannot read")
    UNKNOWN_COMMAND = Code("E-UNKNOWN-COMMAND", "the game has no command of that name")
    NAME_NOT_QUOTED = Code("E-NAME-NOT-QUOTED", "a name written without its quotes, or a name "
                           "of several words without _ between them")
    NUMBER_TOO_LARGE = Code("E-NUMBER-TOO-LARGE", "a number with more digits than an order "
                            "takes")
    TOO_DEEP = Code("E-TOO-DEEP", "blocks, brackets or `not` nested deeper than an "
                    "order file may nest them")
    # plans
    PLAN = Code("E-PLAN", "blocks that do not fit together: an `endif` without its `if`, a "
                "block never closed, a second `orders for tick` line, a standing line inside "
                "a block")
    PLAN_BUDGET = Code("E-PLAN-BUDGET", "the file's plan asks for more work than one tick "
                       "allows (orders and `can` tests tried, steps taken)")
    ENDLESS_LOOP = Code("E-ENDLESS-LOOP", "a `while` block would repeat more often than one "
                        "tick allows")
    TOO_MANY_ORDERS = Code("E-TOO-MANY-ORDERS", "more orders in one tick than the game allows "
                           "a player")
    FACT_TYPE = Code("E-FACT-TYPE", "a fact of the wrong kind: a name where a number is "
                     "wanted, a number compared with a name, `in` a fact that is no list")
    UNKNOWN_FACT = Code("E-UNKNOWN-FACT", "a plan names a fact the game does not have")
    NOT_STANDING = Code("E-NOT-STANDING", "a `standing` line names a command that cannot be "
                        "left standing")
    # the tick
    STALE_ORDERS = Code("E-STALE-ORDERS", "the file was written for a tick already played: "
                        "the game has moved on since")
    WRONG_TICK = Code("E-WRONG-TICK", "the file's `orders for tick` line names a tick later "
                      "than the next one")
    CONFLICT = Code("E-CONFLICT", "an order that was fine alone cannot run once the other "
                    "players' orders of the same tick have run")
    # seats over git
    SEAT_TOO_LARGE = Code("E-SEAT-TOO-LARGE", "the player's commit lists more names (at its "
                          "top or in archive/) than the host reads")
    SEAT_UNREADABLE = Code("E-SEAT-UNREADABLE", "the player's commit holds objects the host "
                           "cannot take in: git did not write them as it writes its own")
    SEAT_UNREACHABLE = Code("E-SEAT-UNREACHABLE", "the player's remote could not be fetched, "
                            "or holds something other than files")
    SEAT_REWRITTEN = Code("E-SEAT-REWRITTEN", "the player's branch no longer holds the host's "
                          "last commit: rewritten, or deleted")


class W(Codes, doc=README):
    """What the engine warns of in every game (`check` shows it; it never stops a tick)."""

    NOT_AWAITED = Code("W-NOT-AWAITED", "orders in the file of a player the game does not "
                       "await now: they never run as written")
    NO_END = Code("W-NO-END", "the order file does not end with an `end` line: `tick` plays it "
                  "as it stands, but `watch` waits until it ends with `end`, and standing "
                  "lines out of turn need it")


class Referee(Codes, doc=README):
    """What `status` warns the referee of: the game folder, not an order file."""

    NOT_PRIVATE = Code("W-NOT-PRIVATE", "others on this machine can read or write the "
                       "referee's files (the game folder, a player's folder or sheet, the "
                       "hidden state, a local remote): `status` names them and the chmod that "
                       "puts it right")


def engine() -> list[Code]:
    """Every code the engine declares (the games' are theirs: Game.codes)."""
    return [*E.declared(), *W.declared(), *Referee.declared()]
