"""The shell's scenes: main menu, play setup, rules, settings, statistics, pause menu and the
hot-seat privacy curtain."""
