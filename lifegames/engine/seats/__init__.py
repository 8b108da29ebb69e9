"""Play at a distance: a seat per player as a folder (seats), as a git repository the host
owns (gitseats), reached over OpenSSH (seatkeys, and sshserve, the forced command that runs
as a standalone script), one player's order file checked on what that player knows
(playercheck), and a player's own git clone of their seat seen from inside it (clone).
Imports folder, text, core, files and base."""
