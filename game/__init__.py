"""Cardhall: fast memory-and-reaction card games.

`game.core` holds the shared rules machinery, `game.variants` the rule sheets, and
`game.client` the pygame front end. Nothing outside `game.client` imports pygame.
"""

import os

# pygame prints a banner on import; a desktop game's terminal should stay quiet.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def __getattr__(name: str):
    # The version is written once, in pyproject.toml (game/about.py finds it); looked up when
    # first asked for, so importing the rules does not read any file.
    if name == "__version__":
        from game.about import version

        globals()["__version__"] = value = version()
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
