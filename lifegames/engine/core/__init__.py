"""The turn itself, in memory: the contract every game implements (contract, parts,
commands, declared, records), chance (dice), order files parsed (orders) and run as plans
within a budget (plans, budget), a tick validated then applied (turn), bots and whole
simulated games (bots, simulate), the states a player cannot tell apart (resample) and a
game's figures rebuilt tick by tick (history). Imports files and base; never a game folder,
a seat, the host or the text players read, so anything that only plays can import it."""
