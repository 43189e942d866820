"""An independent oracle of what each seat of a memory-grid game (Kombio, Kabu) may know.

The engines keep their own record of what each seat has seen (`game.seen`) and mark each event
with the seats it is shown to (`shown_to`); a check that trusts those cannot see an engine that
marks wrongly. This oracle ignores both. It follows the match one applied action at a time and
works out, from the rules, the action and where the cards lie, which faces each seat has
legitimately seen this round; then every face a seat receives (its redacted events and its view)
must be one of those, or public right now.

What a seat may know (game/rules/kombio.md, game/rules/kabu.md):
- public to everybody: a card on the discard pile; a card taken from the discard pile (it was face
  up) wherever it then goes; a claimed card (Kombio's match attempt, Kabu's discard or snipe,
  right or wrong: it is shown to the whole table); every card in a grid once the round is over
  (the grids are turned up for scoring);
- Kombio's start-of-round peek: each seat sees the two cards of its near row (slots 2 and 3);
- Kabu's peek: each seat sees the two cards of its own it chooses (its first two Peek actions);
- the card a seat draws from the deck (only that seat);
- an ability's look, only by the seat that played the ability card straight from the deck, and
  only the look that card grants (Kombio 7/8 own, 9/10 an opponent's, 13 any one, 14 any two;
  Kabu 7/8 own, 9/10 an opponent's, red queen one own and one opponent's), never into a grid
  locked by a call (Kombio with three or more seats, Kabu with the lock option on).
Nothing else turns a card up: blind swaps, the card given unseen into a gap, penalty and refill
cards from the deck, and the card swapped in by a 13 stay unseen. A seat keeps knowing a card
while it moves between grids (every move is public), and nobody knows a card once it has been
shuffled back into the deck, nor after the round (a new round deals a new deck).

The oracle trusts the engine for where the cards are (that every card is in exactly one place is
checked apart) and for the public facts of the table (whether the round is over, who called).
"""

from __future__ import annotations

import dataclasses
import weakref
from typing import Any, Iterator

from game.core.cards import Card, grid_place

KOMBIO_PEEK_SLOTS = (2, 3)   # the near row of a 2x2 grid (slots 0 and 1 are the far row)
KABU_PEEKS = 2
SPECTATOR = -1


def _faces(value: Any, where: str) -> Iterator[tuple[str, Card]]:
    """Every Card anywhere in `value` (a view, an event, a tuple of them), with where it lies."""
    kind = _kind(type(value))
    if kind == "card":
        yield where, value
    elif kind == "seq":
        for i, item in enumerate(value):
            yield from _faces(item, f"{where}[{i}]")
    elif kind == "dict":
        for key, item in value.items():
            yield from _faces(item, f"{where}[{key!r}]")
    elif kind == "dataclass":
        for name in _FIELDS[type(value)]:
            yield from _faces(getattr(value, name), f"{where}.{name}" if where else name)


def _card_ids(value: Any, out: list[int]) -> None:
    """The ids of every Card anywhere in `value` (the fast walk; `_faces` says where they lie)."""
    kind = _KINDS.get(type(value)) or _kind(type(value))
    if kind == "card":
        out.append(value.id)
    elif kind == "seq":
        for item in value:
            if type(item) not in _SCALARS:
                _card_ids(item, out)
    elif kind == "dict":
        for item in value.values():
            _card_ids(item, out)
    elif kind == "dataclass":
        for name in _FIELDS[type(value)]:
            item = getattr(value, name)
            if type(item) not in _SCALARS:
                _card_ids(item, out)


_SCALARS = frozenset((int, float, str, bool, type(None)))
_KINDS: dict[type, str] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}


def _kind(cls: type) -> str:
    """How the walks treat a value of class `cls` (worked out once per class)."""
    kind = _KINDS.get(cls)
    if kind is None:
        if issubclass(cls, Card):
            kind = "card"
        elif issubclass(cls, (list, set, frozenset)) or (issubclass(cls, tuple) and not hasattr(cls, "_fields")):
            kind = "seq"   # (a named tuple is a Place: it never holds a card)
        elif issubclass(cls, dict):
            kind = "dict"
        elif dataclasses.is_dataclass(cls):
            kind = "dataclass"
            _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
        else:
            kind = "other"
        _KINDS[cls] = kind
    return kind


def _ability(variant: str, card: Card) -> str | None:
    """The look a card played straight from the deck grants (None: no look)."""
    rank = card.rank
    if rank in (7, 8):
        return "own"
    if rank in (9, 10):
        return "opponent"
    if variant == "kombio":
        return {13: "any", 14: "two"}.get(rank)   # type: ignore[arg-type]
    if rank == "Q" and card.suit in ("h", "d"):       # Kabu's red queen
        return "pair"
    return None


class GridOracle:
    """What each seat of one match may know, kept up to date by `step` after each applied action."""

    def __init__(self, game: Any) -> None:
        self.variant = game.id
        self.seats = game.seats
        self.steps = 0                      # actions of the match taken into account
        self.public: set[int] = set()       # card ids everybody may see
        self.known: list[set[int]] = [set() for _ in range(self.seats)]   # and each seat besides
        self.peeks = [0] * self.seats
        self.ability: tuple[int, str] | None = None   # (seat, look) granted by the card just played
        # The table as it was after the last step taken into account.
        self.grids: list[list[Card | None]] = []
        self.discard: list[Card] = []
        self.held: Card | None = None
        self.held_from: str | None = None

    # -- following the match -------------------------------------------------------------------
    def locked(self, game: Any) -> int | None:
        """The grid a call has locked (nobody may look into it), if any."""
        caller = game.caller
        if caller is None:
            return None
        if self.variant == "kombio":
            return caller if self.seats > 2 else None
        return caller if game.options.get("lock_caller", True) else None

    def card_at(self, grids: list[list[Card | None]], seat: int, index: int) -> Card | None:
        if 0 <= seat < len(grids) and 0 <= index < len(grids[seat]):
            return grids[seat][index]
        return None

    @staticmethod
    def looked_places(name: str, action: Any, look: str) -> list[Any]:
        """The places `action` looks at, if it is the look the card just played grants."""
        seat = action.seat
        if name == "LookOwn" and look == "own":
            return [grid_place(seat, action.index)]
        if name == "LookOpponent" and look == "opponent" and action.place.seat != seat:
            return [action.place]
        if name == "LookAny" and look == "any":
            return [action.place]
        if name == "LookTwo" and look == "two":
            return [action.a, action.b]
        if name == "LookPair" and look == "pair" and action.place.seat != seat:
            return [grid_place(seat, action.index), action.place]
        return []

    def step(self, game: Any, action: Any) -> None:
        """`action` has just been applied to `game`: learn what it showed, to whom."""
        name = type(action).__name__
        seat = action.seat
        before_grids, before_discard = self.grids, self.discard
        played = self.held if self.held_from == "deck" else None   # only a card drawn from the deck has an ability
        locked = self.locked(game)
        now_discard = list(game.piles.discard)

        if name == "StartRound":
            self.public = set()
            self.known = [set() for _ in range(self.seats)]
            self.peeks = [0] * self.seats
            self.ability = None
        else:
            # Cards that left the pile other than by being taken went back into the deck
            # (reshuffled): nobody knows where they are any more, as nobody knows a deck card.
            gone = {c.id for c in before_discard} - {c.id for c in now_discard}
            if name == "TakeDiscard" and before_discard:
                gone.discard(before_discard[-1].id)
            gone |= {c.id for c in game.piles.deck}
            if gone:
                self.public -= gone
                for known in self.known:
                    known -= gone

        grids = game.grids
        if name == "StartRound" and self.variant == "kombio":
            for s in range(self.seats):
                for i in KOMBIO_PEEK_SLOTS:
                    card = self.card_at(grids, s, i)
                    if card is not None:
                        self.known[s].add(card.id)
        elif name == "Peek":
            card = self.card_at(before_grids, seat, action.index)
            if card is not None and self.peeks[seat] < KABU_PEEKS:
                self.peeks[seat] += 1
                self.known[seat].add(card.id)
        elif name == "DrawFromDeck":
            if game.held is not None and game.held_from == "deck":
                self.known[seat].add(game.held.id)
        elif name == "TakeDiscard":
            if before_discard:
                self.public.add(before_discard[-1].id)
        elif name == "Match":
            card = self.card_at(before_grids, action.place.seat, action.place.index)
            if card is not None:
                self.public.add(card.id)   # shown to the whole table, right or wrong
        elif self.ability is not None and self.ability[0] == seat:
            for place in self.looked_places(name, action, self.ability[1]):
                card = self.card_at(before_grids, place.seat, place.index)
                if card is not None and place.seat != locked:
                    self.known[seat].add(card.id)

        # The card played straight from the deck grants its ability's look to its player, for the
        # next action only (the ability is used, or skipped, straight away).
        self.ability = None
        if name == "PlayDrawn" and played is not None:
            look = _ability(self.variant, played)
            if look is not None:
                self.ability = (seat, look)

        self.public.update(c.id for c in now_discard)   # face up on the pile
        if game.phase in ("round_over", "match_over"):   # the grids are turned up for scoring
            self.public.update(c.id for grid in grids for c in grid if c is not None)

        self.grids = [list(grid) for grid in grids]
        self.discard = now_discard
        self.held, self.held_from = game.held, game.held_from
        self.steps += 1

    # -- checking ------------------------------------------------------------------------------
    def allowed(self, seat: int) -> set[int]:
        return self.public if seat == SPECTATOR else self.public | self.known[seat]

    def leak(self, game: Any, events: list[Any], views: dict[int, Any] | None = None) -> str | None:
        """A face some seat (or a spectator) receives that it may not see: in its view now, or in
        its copy of `events` (the events of the action just taken into account)."""
        for seat in range(SPECTATOR, self.seats):
            allowed = self.allowed(seat)
            who = "the spectator" if seat == SPECTATOR else f"seat {seat}"
            view = views[seat] if views is not None and seat in views else game.observe(seat)
            ids: list[int] = []
            _card_ids(view, ids)
            if not allowed.issuperset(ids):
                where, card = next((w, c) for w, c in _faces(view, "") if c.id not in allowed)
                return f"{who} sees {card} in its view ({where}) without having seen it legitimately"
            for event in events:
                mine = event.for_seat(seat)
                ids = []
                _card_ids(mine, ids)
                if not allowed.issuperset(ids):
                    where, card = next((w, c) for w, c in _faces(mine, "") if c.id not in allowed)
                    return (f"{who} is shown {card} by {type(mine).__name__} ({where}) without having "
                            f"seen it legitimately: {mine}")
        return None


_ORACLES: "weakref.WeakKeyDictionary[Any, GridOracle]" = weakref.WeakKeyDictionary()


def oracle_for(game: Any) -> GridOracle:
    """The oracle of `game`, brought up to its latest applied action. It is kept per game object
    and normally follows the match one step at a time (the callers check after every action); a
    game met for the first time, or after steps it was not shown, is caught up by replaying its
    history on a fresh copy of the match."""
    oracle = _ORACLES.get(game)
    done = len(game.history)
    if oracle is None or oracle.steps > done:
        oracle = _ORACLES[game] = GridOracle(game)
    if oracle.steps < done - 1:
        twin = type(game)(game.seats, dict(game.options), game.seed)
        if oracle.steps:   # start over: the oracle's own table would not match the twin's
            oracle = _ORACLES[game] = GridOracle(game)
        for t, action in game.history[:done - 1]:
            twin.apply(action, t)
            oracle.step(twin, action)
    if oracle.steps == done - 1:
        oracle.step(game, game.history[-1][1])
    return oracle


def grid_oracle_leak(game: Any, events: list[Any], views: dict[int, Any] | None = None) -> str | None:
    """The oracle's check after an action applied to `game` (`events`: what it produced)."""
    if not game.history:
        return None
    return oracle_for(game).leak(game, events, views)
