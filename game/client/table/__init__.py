"""The card tables: shared table machinery (seat layout, card sprites, the event-to-animation
pipeline, hot-seat privacy, overlays) and one table per variant. Importing this package registers
the tables with the shell's registry (game.client.tables)."""

from game.client.table import kombio  # noqa: F401  (registers "kombio")
from game.client.table import combat_uno  # noqa: F401,E402  (registers "combat-uno")
from game.client.table import kabu  # noqa: F401,E402  (registers "kabu")
from game.client.table import kumbal  # noqa: F401,E402  (registers "kumbal")
from game.client.table import sixteen_combos  # noqa: F401,E402  (registers "sixteen-combos")
