"""What happened, in the players' words: one pure narrator per game (no pygame).

A narrator is fed the events the screen shows, in order (already redacted for the people at the
screen), and says what each one was in a sentence: "Ada draws a card.", "Bruno swaps their own
card with yours." It also names the faces of the game's cards (``face_of``: the dict the card
renderer draws). One narrator serves the table's news beside the pile, the history panel (the
same lines, kept by round) and the round replay's step lines, so all three say the same thing.

Each narrator has an explicit map from event type to the method that words it (``tellers``); a
game's narrator extends its family's map (memory grids, hands) with its own events. A method
gets the event and the one queued after it (``nxt``: some facts are worded with what follows,
such as a card played for its ability), and returns the line, or None for an event that is not
told. Lines are written in the third person; the table turns those of the seat named "You" into
the second (``wording.you_form``).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from game.client.narration.wording import possessive_own, subject_and, whose
from game.core.cards import Card, Place
from game.core.events import CardSeen, CardsSwapped, DeckReshuffled, Event, PenaltyGiven, RoundStarted

Teller = Callable[[Any, Any, Optional[Event]], Optional[str]]


class Narrator:
    """The words every game shares: the deal, a swap, a look, a reshuffle, a penalty."""

    def __init__(self, names: list[str]):
        self.names = list(names)

    def tell(self, ev: Event, nxt: Event | None = None) -> str | None:
        """The line for `ev` (None: it is not told), `nxt` being the event queued after it."""
        teller = self.tellers.get(type(ev))
        return teller(self, ev, nxt) if teller is not None else None

    def face_of(self, card: Card) -> dict:
        """How a card's face is drawn (ui.cards.render_card's face dict)."""
        return {"rank": card.rank, "suit": card.suit}

    # -- the facts every game has ------------------------------------------------------------------
    def round_started(self, ev: RoundStarted, nxt: Event | None) -> str | None:
        return f"Round {ev.round}: {self.names[ev.dealer]} deals."

    def cards_swapped(self, ev: CardsSwapped, nxt: Event | None) -> str | None:
        return self.swap_words(ev.by, ev.a, ev.b)

    def swap_words(self, by: int, a: Place, b: Place) -> str:
        """"Ada swaps their own card with Bruno's": whose cards changed places, never which."""
        who = self.names[by] if 0 <= by < len(self.names) else "The table"
        owner = [self.names[p.seat] if 0 <= p.seat < len(self.names) else "the table's"
                 for p in (a, b)]
        if a.seat == b.seat:
            whom = possessive_own(who) if a.seat == by else whose(owner[0])
            return f"{who} swaps two of {whom} cards."
        if by in (a.seat, b.seat):
            other = owner[1] if a.seat == by else owner[0]
            theirs = "yours" if other == "You" else whose(other)   # the pronoun at the end of a sentence
            return f"{who} swaps {possessive_own(who)} card with {theirs}."
        return f"{who} swaps {whose(owner[0])} card with {whose(owner[1])}."

    def card_seen(self, ev: CardSeen, nxt: Event | None) -> str | None:
        return self.look_words(ev.seat, ev.place)

    def look_words(self, seat: int, place: Place) -> str:
        """"Ada looks at Bruno's card" / "at their own card" (what it was stays private)."""
        who = self.names[seat] if 0 <= seat < len(self.names) else "Someone"
        if not 0 <= place.seat < len(self.names):
            return f"{who} looks at a card."
        whom = possessive_own(who) if place.seat == seat else whose(self.names[place.seat])
        return f"{who} looks at {whom} card."

    def deck_reshuffled(self, ev: DeckReshuffled, nxt: Event | None) -> str | None:
        return "The discard pile is shuffled into a new deck."

    def penalty_given(self, ev: PenaltyGiven, nxt: Event | None) -> str | None:
        return subject_and(self.names[ev.seat], ev.reason) + "."

    tellers: dict[type, Teller] = {RoundStarted: round_started, CardsSwapped: cards_swapped, CardSeen: card_seen,
                                   DeckReshuffled: deck_reshuffled, PenaltyGiven: penalty_given}


def told_lines(narrator: Narrator, events: list[Event]) -> list[str]:
    """The lines of a run of events (each told with the one after it), in order."""
    lines = []
    for i, ev in enumerate(events):
        line = narrator.tell(ev, events[i + 1] if i + 1 < len(events) else None)
        if line:
            lines.append(line)
    return lines
