"""The invariants every variant keeps, checked from outside the rules (the property tests and the
soak run in benchmarks/reliability.py both use these): every card of the deck is in exactly one
place, no seat's view or events show a card it may not see, and an illegal action changes nothing."""

from __future__ import annotations

import collections
import copyreg
import dataclasses
import io
import operator
import pickle
from typing import TYPE_CHECKING, Any

from game.core.cards import Card
from game.core.errors import IllegalAction
from tests.grid_oracle import grid_oracle_leak

if TYPE_CHECKING:
    from tests.state_probe import StateProbe


def unchanged(game: Any, action: Any, error: type[Exception] = IllegalAction, t: float | None = None,
              before: StateProbe | None = None) -> StateProbe:
    """Applying `action` is refused with `error`, and the game's state is exactly as it was (as
    `before` saw it, a StateProbe taken of the game, when the caller has one: several actions tried
    on one state take it once). Returns the probe, for the next action tried on the same state."""
    import pytest   # here: the soak run (benchmarks/reliability.py) imports this module without pytest

    from tests.state_probe import StateProbe

    if before is None:
        before = StateProbe(game).take()
    with pytest.raises(error):
        game.apply(action, t)
    before.assert_unchanged()
    return before


# -- the whole state, as bytes or as a twin ---------------------------------------------------------------
PROTOCOL = pickle.HIGHEST_PROTOCOL


def state_bytes(value: Any) -> bytes:
    """`value` pickled, for comparing a state with itself later: the same state gives the same bytes.

    Pickle's own reductions, found once per class: a frozen, slotted dataclass (a card, an event, an
    action) is its class and its field values, a named tuple (a place) its class and its items. That
    is what pickle stores for them anyway, but the stock reduction of such a dataclass asks
    dataclasses.fields() again for every object, and a class without an entry in a dispatch table
    costs a failed lookup each time: in the property tests that was four fifths of the time (a state
    holds a hundred cards, places and events, and is pickled for every illegal action tried)."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, PROTOCOL)
    pickler.dispatch_table = _QUICK
    pickler.dump(value)
    return out.getvalue()


def twin(value: Any) -> Any:
    """A deep copy of `value` through pickle (what pickle.loads(pickle.dumps(value)) gives), quickly."""
    return pickle.loads(state_bytes(value))


class _QuickReductions(dict):
    """pickle's dispatch_table, filled in per class on first sight."""

    def __missing__(self, cls: type) -> Any:
        if issubclass(cls, type):
            # A class (an engine's Phase enum, reached from one of its members) is pickled by its
            # name, as pickle does when its table has no entry (a KeyError here says so).
            raise KeyError(cls)
        reduce = copyreg.dispatch_table.get(cls)       # what pickle would use (this table replaces it)
        if reduce is None and _stock_frozen_dataclass(cls):
            names = tuple(f.name for f in dataclasses.fields(cls))
            read = operator.attrgetter(*names) if len(names) > 1 else (lambda obj: tuple(getattr(obj, k) for k in names))
            _SETTERS[cls] = tuple(getattr(cls, name).__set__ for name in names)

            def reduce(obj: Any) -> tuple:
                return _rebuild, (cls, read(obj))
        elif reduce is None and _plain_named_tuple(cls):
            def reduce(obj: Any) -> tuple:
                return cls, tuple(obj)
        elif reduce is None:
            def reduce(obj: Any) -> Any:
                return obj.__reduce_ex__(PROTOCOL)
        self[cls] = reduce
        return reduce


def _stock_reduction(cls: type) -> bool:
    return cls.__reduce_ex__ is object.__reduce_ex__ and cls.__reduce__ is object.__reduce__


def _stock_frozen_dataclass(cls: type) -> bool:
    getstate = getattr(cls, "__getstate__", None)
    return (getattr(getstate, "__qualname__", "") == "_dataclass_getstate" and _stock_reduction(cls)
            and all(type(getattr(cls, f.name, None)).__name__ == "member_descriptor" for f in dataclasses.fields(cls)))


def _plain_named_tuple(cls: type) -> bool:
    """A named tuple with no state beside its items (no __dict__) and pickle's stock reduction."""
    getnewargs = getattr(cls, "__getnewargs__", None)
    return (issubclass(cls, tuple) and hasattr(cls, "_fields") and cls.__dictoffset__ == 0 and _stock_reduction(cls)
            and getattr(getnewargs, "__code__", None) is _NAMED_TUPLE_GETNEWARGS)


def _rebuild(cls: type, values: tuple) -> Any:
    setters = _SETTERS.get(cls)
    if setters is None:
        _QUICK[cls]
        setters = _SETTERS[cls]
    obj = object.__new__(cls)
    for set_, value in zip(setters, values):
        set_(obj, value)
    return obj


_NAMED_TUPLE_GETNEWARGS = collections.namedtuple("_Probe", "x").__getnewargs__.__code__
_SETTERS: dict[type, tuple] = {}
_QUICK = _QuickReductions()



# -- every card in exactly one place -------------------------------------------------------------------
def kombio_card_ids(game: Any) -> list[int]:
    ids = [c.id for c in game.deck] + [c.id for c in game.discard]
    ids += [c.id for grid in game.grids for c in grid if c is not None]
    if game.held is not None:
        ids.append(game.held.id)
    return ids


def combat_uno_card_ids(game: Any) -> list[int]:
    return sorted([c.id for c in game.deck] + [c.id for c in game.discard]
                  + [c.id for hand in game.hands for c in hand])


def sixteen_combos_card_ids(game: Any) -> list[int]:
    """Every card of both decks: the two decks, the discard pile and waste, order cards, hands being
    placed, the pairs (and their raises), consultation pairs, pairs held aside, wild cards, and the
    action cards in play."""
    ids = [c.id for c in game.deck] + [c.id for c in game.discard] + [c.id for c in game.deal_deck]
    ids += [c.id for c in game.waste] + [c.id for c in game.order_cards if c is not None]
    ids += [c.id for hand in game.hands for c in hand] + [c.id for c in game.wilds if c is not None]
    pairs = [p for row in game.rows for p in row if p is not None]
    pairs += [p for p in game.consults + game.stolen if p is not None]
    pairs += [p for held in game.grappled for p in held]
    if game.combo_data.get("pair") is not None:
        pairs.append(game.combo_data["pair"])
    for pair in pairs:
        ids += [c.id for c in pair.cards()]
    for attack in (game.attack, game.after_counter):
        if attack is not None:
            ids += [c.id for c in attack.cards]
    return sorted(ids)


def sixteen_combos_expected_ids(game: Any) -> list[int]:
    from game.variants.sixteen_combos import ALL_IDS, JOKER_IDS
    return sorted(ALL_IDS if game.options["jokers"] else ALL_IDS - JOKER_IDS)
def kumbal_card_ids(game: Any) -> list[int]:
    return sorted([c.id for c in game.deck] + [c.id for c in game.discard]
                  + [c.id for hand in game.hands for c in hand])


def misplaced_cards(game: Any) -> str | None:
    """None when every card id of the game's deck is in exactly one place (or no round is on)."""
    if not game.round:
        return None
    if game.id == "sixteen-combos":
        ids, want = sixteen_combos_card_ids(game), sixteen_combos_expected_ids(game)
        if ids != want:
            missing = sorted(set(want) - set(ids))
            twice = sorted({i for i in ids if ids.count(i) > 1})
            return f"cards missing {missing[:5]}, in two places {twice[:5]}"
        return None
    if game.id == "kombio":
        from game.variants.kombio import DECK_SPEC
        ids = kombio_card_ids(game)
    elif game.id == "kabu":   # the same memory grids as Kombio (game/core/grids.py)
        from game.variants.kabu import DECK_SPEC
        ids = kombio_card_ids(game)
    elif game.id == "kumbal":
        from game.variants.kumbal import deck_spec
        DECK_SPEC = deck_spec(game.seats)
        ids = kumbal_card_ids(game)
    elif game.id == "combat-uno":
        from game.variants.combat_uno import DECK_SPEC
        ids = combat_uno_card_ids(game)
    else:
        raise LookupError(f"tests/invariants.py has no card check for {game.id!r}: a new game adds its own")
    if sorted(ids) != list(range(DECK_SPEC.size)):
        missing = sorted(set(range(DECK_SPEC.size)) - set(ids))
        twice = sorted({i for i in ids if ids.count(i) > 1})
        return f"cards missing {missing[:5]}, in two places {twice[:5]}"
    return None


# -- no observation leak ---------------------------------------------------------------------------------
def kombio_faces_in_view(view: Any) -> list[tuple[str, Card]]:
    found = [("grid", c) for grid in view.grids for c in grid if isinstance(c, Card)]
    found += [("looked", c) for c in view.looked_cards if c is not None]
    if view.held is not None:
        found.append(("held", view.held))
    return found


def combat_uno_faces_in_event(event: Any) -> list[Card]:
    from game.variants.combat_uno import HandRevealed

    found = []
    card = getattr(event, "card", None)
    if isinstance(card, Card):
        found.append(card)
    if isinstance(event, HandRevealed):
        found.extend(event.cards)
    return found


def kombio_leak(game: Any, events: list[Any]) -> str | None:
    """A face a seat (or a spectator) receives that it may not see, by two checks: the engine's
    own bookkeeping kept honest (`kombio_seen_leak`), and the independent oracle of
    tests/grid_oracle.py, which works out from the rules and the actions applied what each seat
    has legitimately seen (it follows the match: call this after every applied action)."""
    views = {seat: game.observe(seat) for seat in range(-1, game.seats)}
    return kombio_seen_leak(game, events, views) or grid_oracle_leak(game, events, views)


def kombio_seen_leak(game: Any, events: list[Any], views: dict[int, Any] | None = None) -> str | None:
    """Against the engine's own record: a face-down card a seat sees that `game.seen` does not
    say it has seen, or an event showing a card to a seat outside its `shown_to`."""
    public_phase = game.phase in ("round_over", "match_over")
    for seat in range(game.seats):
        view = views[seat] if views is not None else game.observe(seat)
        for where, card in kombio_faces_in_view(view):
            if public_phase or (where == "held" and view.held_from == "discard"):
                continue
            if card.id not in game.seen[seat]:
                return f"seat {seat} sees {card} ({where}) unseen"
        for event in events:
            mine = event.for_seat(seat)
            shown = getattr(event, "shown_to", None)
            if getattr(mine, "card", None) is not None and shown is not None and seat not in shown:
                return f"seat {seat} is shown {mine}"
    return None


def combat_uno_leak(game: Any, events: list[Any]) -> str | None:
    """A seat whose view is not its own hand, or whose events show a card in the deck or in
    another hand before the round is over."""
    from game.variants.combat_uno import HandRevealed

    round_ended = game.phase in ("round_over", "match_over")
    deck_ids = {c.id for c in game.deck}
    holder = {c.id: s for s, hand in enumerate(game.hands) for c in hand}
    for seat in range(game.seats):
        view = game.observe(seat)
        if list(view.hand) != game.hands[seat] or view.hand_counts != tuple(len(h) for h in game.hands):
            return f"seat {seat}'s view is not its hand"
        if view.top is not None and view.top is not game.discard[-1]:
            return f"seat {seat}'s top card is not the discard's"
        for event in events:
            mine = event.for_seat(seat)
            for card in combat_uno_faces_in_event(mine):
                if isinstance(mine, HandRevealed):
                    if not round_ended:
                        return f"seat {seat} sees a hand laid down mid-round: {mine}"
                    continue
                if card.id in deck_ids or not (holder.get(card.id, seat) == seat or round_ended):
                    return f"seat {seat} is shown {mine}"
    return None


def sixteen_combos_leak(game: Any, events: list[Any]) -> str | None:
    """A seat that sees the face of a card it may not: another character's face-down type or value
    card, a value card being placed, a card in either deck; an event showing one to it; or a current
    value it may not know (another's unchanged, unrevealed value)."""
    from game.core.cards import Card
    from game.variants.sixteen_combos import PairView

    if game.phase in ("round_over", "match_over"):
        return None
    hidden: dict[int, set[int]] = {s: set() for s in range(game.seats)}   # seat -> ids it may not see
    deck_ids = {c.id for c in game.deck} | {c.id for c in game.deal_deck} | {c.id for c in game.discard}
    for owner, row in enumerate(game.rows):
        for pair in row:
            if pair is None:
                continue
            for card in pair.cards():
                if card.id not in pair.up:
                    for s in range(game.seats):
                        if s != owner:
                            hidden[s].add(card.id)
    for owner, hand in enumerate(game.hands):
        for card in hand:
            for s in range(game.seats):
                if s != owner:
                    hidden[s].add(card.id)
    for seat in range(game.seats):
        view = game.observe(seat)
        for owner, row in enumerate(view.pairs):
            real = game.rows[owner]
            for pv in row:
                if pv is None:
                    continue
                faces = [pv.type_card, *pv.values]
                for card in faces:
                    if isinstance(card, Card) and (card.id in hidden[seat] or card.id in deck_ids):
                        return f"seat {seat} sees {card} in seat {owner}'s row"
                pair = real[pv.slot]
                if owner != seat and pv.value is not None and not pair.changed \
                        and not all(c.id in pair.up for c in pair.values):
                    return f"seat {seat} knows seat {owner}'s unchanged value at slot {pv.slot}"
        if list(view.hand) != game.hands[seat]:
            return f"seat {seat}'s hand is not its own"
        for event in events:
            mine = event.for_seat(seat)
            card = getattr(mine, "card", None)
            # a face may travel to a public place (the waste, an action card, a revealed card); into
            # a face-down place it may reach only the seats allowed to see it there
            if isinstance(card, Card) and type(mine).__name__ == "CardMoved" \
                    and mine.dst.zone in ("type", "value", "hand") and card.id in hidden[seat]:
                return f"seat {seat} is shown {mine}"
def kumbal_leak(game: Any, events: list[Any]) -> str | None:
    """A seat whose view shows more than its own hand and the public pile, or whose events show a
    card in the deck or in another hand before the round's end (a card taken from the pile was
    public when it was taken, so it may be named)."""
    from game.core.events import CardMoved
    from game.core.hands import HandRevealed

    round_ended = game.phase in ("round_over", "match_over")
    deck_ids = {c.id for c in game.deck}
    holder = {c.id: s for s, hand in enumerate(game.hands) for c in hand}
    for seat in range(-1, game.seats):
        view = game.observe(seat)
        mine = list(view.hand)
        if seat >= 0 and mine != game.hands[seat]:
            return f"seat {seat}'s view is not its hand"
        for zone in view.zones:
            if zone.place.zone == "hand" and zone.place.seat != seat and not round_ended:
                if any(isinstance(c, Card) for c in zone.cards):
                    return f"seat {seat} sees seat {zone.place.seat}'s hand"
        if view.free_card is not None and (seat < 0 or view.free_card not in game.hands[seat]):
            return f"seat {seat} is shown a free card it does not hold"
        for event in events:
            mine_event = event.for_seat(seat)
            if isinstance(mine_event, HandRevealed):
                if not round_ended:
                    return f"seat {seat} sees a hand laid down mid-round: {mine_event}"
                continue
            card = getattr(mine_event, "card", None)
            if not isinstance(card, Card) or (isinstance(mine_event, CardMoved) and mine_event.src.zone == "discard"):
                continue   # a card taken from the pile was public as it was taken
            if card.id in deck_ids or holder.get(card.id, seat) != seat:
                return f"seat {seat} is shown {mine_event}"
    return None


def leak(game: Any, events: list[Any]) -> str | None:
    checks = {"sixteen-combos": sixteen_combos_leak, "kumbal": kumbal_leak, "kombio": kombio_leak, "kabu": kombio_leak,
              "combat-uno": combat_uno_leak}
    if game.id not in checks:
        raise LookupError(f"tests/invariants.py has no leak check for {game.id!r}: a new game adds its own")
    return checks[game.id](game, events)
