"""The built variants. Importing this package registers each of them."""

from game.variants import kombio  # noqa: F401
