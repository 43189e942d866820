"""The client's shared drawing toolkit: fonts and cached text, the theme and palettes, widgets,
tweens and the card renderer. Everything the card tables draw with comes from here."""
