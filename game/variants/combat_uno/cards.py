"""Combat UNO's cards: the four colours, the symbols and wilds, the 108-card deck, what a card
scores and is called, and which cards follow which (built once: the rules read them on every step)."""

from __future__ import annotations

from game.core.cards import Card, DeckSpec

COLOURS = ("red", "yellow", "green", "blue")
SKIP, REVERSE, DRAW2, WILD, WILD4 = "skip", "reverse", "draw2", "wild", "wild4"
SYMBOLS = (SKIP, REVERSE, DRAW2)
WILDS = (WILD, WILD4)
DRAW_AMOUNT = {DRAW2: 2, WILD4: 4}

DECK_SPEC = DeckSpec(
    tuple(entry for colour in COLOURS for entry in (
        ((0, colour, 1),) + tuple((n, colour, 2) for n in range(1, 10))
        + tuple((symbol, colour, 2) for symbol in SYMBOLS)))
    + ((WILD, None, 4), (WILD4, None, 4))
)
DECK_CARDS = tuple(DECK_SPEC.build())  # cards are immutable, so every round reuses them
# Identical cards share a face number; legal_actions lists each face once.
FACES: tuple[tuple[int | str, str | None], ...] = tuple(sorted({(c.rank, c.suit) for c in DECK_CARDS}, key=str))
FACE_OF: tuple[int, ...] = tuple(FACES.index((c.rank, c.suit)) for c in DECK_CARDS)
# _FOLLOWS[colour, top rank][card id]: that card may be played on the top card on turn (a wild,
# the colour in play, the same number or symbol; anything while a Wild start card leaves the colour open).
_FOLLOWS: dict[tuple[str | None, int | str], tuple[bool, ...]] = {
    (colour, rank): tuple(c.suit is None or c.suit == colour or c.rank == rank or colour is None for c in DECK_CARDS)
    for colour in COLOURS + (None,) for rank in {c.rank for c in DECK_CARDS}}
HAND_SIZE = 7
UNO_PENALTY = 2


def card_points(card: Card) -> int:
    """What a card left in a hand scores: numbers face value, Skip/Reverse/Draw Two 20, wilds 50."""
    rank = card.rank
    if isinstance(rank, int):
        return rank
    return 50 if rank in WILDS else 20


def card_name(card: Card) -> str:
    names = {SKIP: "Skip", REVERSE: "Reverse", DRAW2: "Draw Two", WILD: "Wild", WILD4: "Wild Draw Four"}
    rank = names.get(card.rank, str(card.rank))  # type: ignore[arg-type]
    return f"{card.suit} {rank}" if card.suit else rank
