"""The host's commands over a game folder: setup, check, tick and reading it back (host), the
referee's tools, replay, verify, rollback, diff and reveal (tools), and a tick recorded in
the folder's own git repository (gitops). The top layer: imports every other."""
