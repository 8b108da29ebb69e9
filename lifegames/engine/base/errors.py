"""The one base of every exception lifegames defines.

Every exception class of the project derives from LifegamesError, so that one test tells a
failure lifegames means to report (an order refused, a damaged folder, a seat's problem) from a
fault in the code, which arrives as a builtin exception instead. A class that callers also
catch as a builtin keeps that base beside this one (DataError is a ValueError too), so no
`except` anywhere changes what it catches.

The signals a plan uses to stop or wait (plans.py's Stopped, Suspended and _Unknown) belong to
the family too: they are raised and caught inside plans.py alone, nothing catches this base to
swallow them, and one rule with no exceptions is easier to keep than a list of them.

Two exceptions stay outside, on purpose: the Refused of engine/seats/sshserve.py, which must run as
a standalone script (`python -I -S sshserve.py`) and imports nothing from lifegames, and the
stand-in for importlib.metadata's PackageNotFoundError in engine/text/sheets.py, which must be what
the standard library's is (a ModuleNotFoundError) and lives only while tabulate imports.
"""

from __future__ import annotations


class LifegamesError(Exception):
    """A failure lifegames reports on purpose (see the module's docstring)."""
