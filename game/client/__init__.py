"""The pygame front end: the app shell (scenes, storage, sound, the UI toolkit) and the card
tables (game.client.table). The rules in game.core never import anything from here."""
