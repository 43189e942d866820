"""The card tables: shared table machinery (seat layout, card sprites, the event-to-animation
pipeline, hot-seat privacy, overlays) and one table per variant. A game's entry in game/games.py
names its table's factory; the client imports that module when a match of the game opens."""
