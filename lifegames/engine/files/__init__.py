"""Files on disk below any game logic: the guarded reader and writer of a folder a player
may control (playerfiles), whether the referee's files are still private (privacy), the
per-user cache of built grammars and parsed data (cache), and where grammars and rule data
live and how YAML is loaded (data). Imports base only."""
