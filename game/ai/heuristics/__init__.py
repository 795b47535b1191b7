"""Per-game knowledge for the search: one small module per game (see game.ai.knowledge)."""
