"""`lifegames lsp`: a language server for order files, so any editor that speaks the Language
Server Protocol shows check's problems while an order file is typed, completes what is legal
now, explains each order and name on hover, and outlines and colours the file (README: "Live
checking in your editor").

It needs pygls and lsprotocol, an optional extra (`pip install 'lifegames[lsp]'`): this
package is imported only by the `lsp` command, so a tick or a check never pays for it.
"""

from __future__ import annotations

MISSING = "the language server needs pygls and lsprotocol, which the core install leaves out"
INSTALL = ("install them with: python3 -m pip install -e '.[lsp]' in your lifegames clone "
           "(pip install 'lifegames[lsp]' for an installed copy)")


def available() -> bool:
    """Whether pygls and lsprotocol can be imported."""
    try:
        import lsprotocol.types  # noqa: F401
        import pygls.lsp.server  # noqa: F401
    except ImportError:
        return False
    return True


def main() -> None:
    """Serve on stdin and stdout until the editor ends the session."""
    from .server import serve

    serve()
