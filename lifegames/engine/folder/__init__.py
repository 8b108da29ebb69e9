"""The game folder on disk: its lock, hidden state and the journalled commit of a tick
(folder), the read that changes nothing that `check` needs (reading), and the shapes the
engine's own files must have before anything acts on them (shapes). Imports files and base;
nothing of the turn."""
