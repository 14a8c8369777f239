"""The Battle at Kemble's Cascade: everything of this game is in this folder (docs/adding-a-game.md)."""
