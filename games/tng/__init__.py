"""Star Trek: The Next Generation Deck Building Game: everything of this game is in this folder (docs/adding-a-game.md)."""
