"""The names of cards, suits and colours as a player reads them, in the player's language.

The rules engines name cards in English for their errors and logs (``standard_deck.card_name``,
``combat_uno.card_name``); what the player is told goes through here, so a catalogue can say
"Herz-Dame" or "dame de cœur" for the queen of hearts. Each name is a whole pattern with named
places (``"{rank} of {suit}"``), because the order of the words differs by language.
"""

from __future__ import annotations

from game.core.cards import Card
from game.core.standard_deck import JOKER
from game.i18n import _, pgettext


def rank_words(rank: int | str) -> str:
    """A standard deck's rank: "ace", "jack", "queen", "king", a number as itself."""
    words = {"A": pgettext("rank", "ace"), "J": pgettext("rank", "jack"), "Q": pgettext("rank", "queen"),
             "K": pgettext("rank", "king"), JOKER: pgettext("card", "joker")}
    return words.get(rank, str(rank))


def suit_words(suit: str) -> str:
    """A standard suit by its letter ("h", "d", "c", "s"), as it stands in a card's name."""
    return {"h": pgettext("suit", "hearts"), "d": pgettext("suit", "diamonds"), "c": pgettext("suit", "clubs"),
            "s": pgettext("suit", "spades")}[suit]


def colour_words(colour: str) -> str:
    """A colour on its own, as a picker or a line names it: a standard card's red or black, or an
    UNO card's red, yellow, green or blue."""
    return {"red": pgettext("colour", "red"), "black": pgettext("colour", "black"),
            "yellow": pgettext("colour", "yellow"), "green": pgettext("colour", "green"),
            "blue": pgettext("colour", "blue")}[colour]


def card_words(card: Card) -> str:
    """A standard deck's card: "queen of hearts", "10 of spades", "joker"."""
    if card.rank == JOKER or card.suit is None:
        return rank_words(card.rank)
    return _("{rank} of {suit}").format(rank=rank_words(card.rank), suit=suit_words(card.suit))


def uno_card_words(card: Card) -> str:
    """A Combat UNO card: "blue 7", "red Skip", "Wild Draw Four"."""
    symbols = {"skip": pgettext("uno", "Skip"), "reverse": pgettext("uno", "Reverse"),
               "draw2": pgettext("uno", "Draw Two"), "wild": pgettext("uno", "Wild"),
               "wild4": pgettext("uno", "Wild Draw Four")}
    rank = symbols.get(card.rank, str(card.rank))  # type: ignore[arg-type]
    if card.suit is None:
        return rank
    return pgettext("uno", "{colour} {rank}").format(colour=colour_words(card.suit), rank=rank)
