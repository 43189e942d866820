"""Cardhall: fast memory-and-reaction card games.

`game.core` holds the shared rules machinery, `game.variants` the rule sheets, and
`game.client` the pygame front end. Nothing outside `game.client` imports pygame.
"""

import os

# pygame prints a banner on import; a desktop game's terminal should stay quiet.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
