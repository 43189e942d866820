"""The built variants. Importing this package registers each of them."""

from game.variants import kombio  # noqa: F401
from game.variants import combat_uno  # noqa: F401
from game.variants import kabu  # noqa: F401
from game.variants import kumbal  # noqa: F401
from game.variants import sixteen_combos  # noqa: F401
