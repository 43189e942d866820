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
told. Each sentence is a whole catalogue entry (``_``, ``ngettext``) with the names and the cards'
words as placeholders; the player's own seat (``you``: the seats shown as "You", by index, never
by the words) is told in the second person by a sentence of its own ("You draw a card.").
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from game.client.narration.notes import note_words
from game.client.narration.wording import penalty_words
from game.core.cards import Card, Place
from game.core.events import CardSeen, CardsSwapped, DeckReshuffled, Event, PenaltyGiven, RoundStarted
from game.i18n import _

Teller = Callable[[Any, Any, Optional[Event]], Optional[str]]


class Narrator:
    """The words every game shares: the deal, a swap, a look, a reshuffle, a penalty."""

    def __init__(self, names: list[str], you: frozenset[int] | set[int] | tuple = ()):
        self.names = list(names)
        self.you = frozenset(you)       # the seats told in the second person

    def tell(self, ev: Event, nxt: Event | None = None) -> str | None:
        """The line for `ev` (None: it is not told), `nxt` being the event queued after it."""
        teller = self.tellers.get(type(ev))
        return teller(self, ev, nxt) if teller is not None else None

    def face_of(self, card: Card) -> dict:
        """How a card's face is drawn (ui.cards.render_card's face dict)."""
        return {"rank": card.rank, "suit": card.suit}

    def name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else _("The table")

    def said(self, seat: int | None, you: str, they: str, **words) -> str:
        """`you` (already translated) when `seat` is the player's own, else `they`, with `{name}`
        the seat's name and the other places filled."""
        return (you if seat in self.you else they).format(name=self.name(seat), **words)

    # -- the facts every game has ------------------------------------------------------------------
    def round_started(self, ev: RoundStarted, nxt: Event | None) -> str | None:
        return self.said(ev.dealer, _("Round {round}: You deal."), _("Round {round}: {name} deals."), round=ev.round)

    def cards_swapped(self, ev: CardsSwapped, nxt: Event | None) -> str | None:
        return self.swap_words(ev.by, ev.a, ev.b)

    def swap_words(self, by: int, a: Place, b: Place) -> str:
        """"Ada swaps their own card with Bruno's": whose cards changed places, never which."""
        seats = range(len(self.names))
        if a.seat == b.seat:
            if a.seat == by:
                return self.said(by, _("You swap two of your own cards."), _("{name} swaps two of their own cards."))
            if a.seat in self.you:
                return _("{name} swaps two of your cards.").format(name=self.name(by))
            return self.said(by, _("You swap two of {owner}'s cards."), _("{name} swaps two of {owner}'s cards."),
                             owner=self.name(a.seat) if a.seat in seats else _("the table"))
        if by in (a.seat, b.seat):
            other = b.seat if a.seat == by else a.seat
            if other in self.you:
                return _("{name} swaps their own card with yours.").format(name=self.name(by))
            return self.said(by, _("You swap your own card with {owner}'s."),
                             _("{name} swaps their own card with {owner}'s."), owner=self.name(other))
        if a.seat in self.you or b.seat in self.you:
            other = b.seat if a.seat in self.you else a.seat
            return _("{name} swaps your card with {owner}'s.").format(name=self.name(by), owner=self.name(other))
        return _("{name} swaps {owner}'s card with {other}'s.").format(
            name=self.name(by), owner=self.name(a.seat), other=self.name(b.seat))

    def card_seen(self, ev: CardSeen, nxt: Event | None) -> str | None:
        return self.look_words(ev.seat, ev.place)

    def look_words(self, seat: int, place: Place) -> str:
        """"Ada looks at Bruno's card" / "at their own card" (what it was stays private)."""
        if not 0 <= place.seat < len(self.names):
            return self.said(seat, _("You look at a card."), _("{name} looks at a card."))
        if place.seat == seat:
            return self.said(seat, _("You look at your own card."), _("{name} looks at their own card."))
        if place.seat in self.you:
            return _("{name} looks at your card.").format(name=self.name(seat))
        return self.said(seat, _("You look at {owner}'s card."), _("{name} looks at {owner}'s card."),
                         owner=self.name(place.seat))

    def deck_reshuffled(self, ev: DeckReshuffled, nxt: Event | None) -> str | None:
        return _("The discard pile is shuffled into a new deck.")

    def penalty_given(self, ev: PenaltyGiven, nxt: Event | None) -> str | None:
        if ev.reason == "takes the wrongly claimed card":      # (Kombio: the claimer keeps the card it claimed)
            return self.said(ev.seat, _("You take the wrongly claimed card."), _("{name} takes the wrongly claimed card."))
        return self.said(ev.seat, _("Penalty for you: {reason}."), _("Penalty for {name}: {reason}."),
                         reason=penalty_words(ev.reason))

    # -- who is to do what: the round replay's "Then: ..." --------------------------------------------
    def prompt_words(self, view: Any) -> str:
        """What the table waits for, from a view (its phase, whose turn, who may act), as a clause
        to follow "Then:" ("Ada to draw or take the discard"); "" for nothing to say."""
        phase = view.phase
        if view.over or phase == "match_over":
            return _("the match is over")
        if phase == "ready":
            return _("the round is about to be dealt")
        if phase == "round_over":
            return _("round {n} is over").format(n=view.round)
        acting = tuple(view.acting)
        seat = acting[0] if len(acting) == 1 else view.turn
        words = self.step_words(view, seat)
        if words:
            return words
        if len(acting) > 1:
            return _("{names} may act").format(names=", ".join(self.name(s) for s in acting))
        return _("{name} to act").format(name=self.name(seat)) if seat is not None else ""

    def missed_words(self, note: Any) -> str:
        """A reaction not taken (the round replay's game.replay.MissedReaction's note)."""
        return note_words(note, self.names, formats=self.note_formats())

    def note_formats(self) -> dict[str, Callable[[Any], str]]:
        """How the game's notes name their values: a card by its words ("?" for one not known)."""
        return {"card": lambda card: "?" if card is None else self.card_words(card)}

    def card_words(self, card: Card) -> str:
        return str(card.rank)

    def step_words(self, view: Any, seat: int | None) -> str:
        """A game's own words for what `seat` (the one seat acting, else the seat on turn) is to
        do at the view's step ("" for the plain "Ada to act")."""
        return ""

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
