"""The card tables: the table scene and its parts (base.py), and one table spec per game
(kombio.py, kabu.py, combat_uno.py, kumbal.py, sixteen_combos.py), each naming its factory
(make_<game>_table), which the game's entry in game/games.py names; the client imports that module
when a match of the game opens. docs/table.md tells how they fit."""
