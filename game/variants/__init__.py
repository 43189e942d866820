"""The rule sheets, one module per game. game/games.py lists them; a module is imported when its
game is first asked for (game.core.game.get_variant), never all at once."""
