"""Cardhall: fast memory-and-reaction card games.

`game.core` holds the shared rules machinery, `game.variants` the rule sheets, and
`game.client` the pygame front end. Nothing outside `game.client` imports pygame.
"""

__version__ = "0.1.0"
