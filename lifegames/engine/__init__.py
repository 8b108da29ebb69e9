"""The game-agnostic turn processor. No game is named in this package."""
