"""Stacked deals for 16 Combos scenario tests: a whole encounter set up from a StartRound(deck=...)
deal record, placed column by column, so a test names only the cards it cares about."""

from __future__ import annotations

from game.core.actions import Pass, StartRound
from game.variants.sixteen_combos import (Announce, PlaceValue, SixteenCombos, Target, hand_place, pair_place)


def deal_record(types: list[list[str]], values: list[list[str]], draws: list[str],
                order: tuple[str, ...] = ("Kc", "2c")) -> tuple[str, ...]:
    """The StartRound deck: type cards column by column, each seat's value cards, "|", then the draw
    deck: one order card per seat, then the action values."""
    seats, cols = len(types), len(types[0])
    deal = [types[s][col] for col in range(cols) for s in range(seats)]
    for s in range(seats):
        deal += values[s]
    return tuple(deal) + ("|",) + tuple(order[:seats]) + tuple(draws)


def encounter(types, values, draws=(), order=("Kc", "2c", "3c", "4c"), place=True, **options) -> SixteenCombos:
    seats, cols = len(types), len(types[0])
    # The scenarios pass turns to get on to what they test; the pass's cost is tested on its own.
    options.setdefault("pass_cost", 0)
    game = SixteenCombos(seats, dict(columns=cols, **options), seed=1)
    game.apply(StartRound(deck=deal_record(types, values, list(draws), tuple(order))), 0.0)
    if place:
        for s in range(seats):
            for slot in range(cols):
                game.apply(PlaceValue(s, hand_place(s, 0), pair_place(s, slot)))
    return game


def defense(game: SixteenCombos, seat: int):
    return pair_place(seat, game.defense_slot(seat))


def attack(game: SixteenCombos, seat: int, victim: int, atype: str, slot: int | None = None,
           pass_reactions: bool = True) -> list:
    """Target the victim's defense pair (or `slot`) and announce `atype`; the victim declines its
    reactions unless told not to. Returns every event."""
    events = game.apply(Target(seat, pair_place(victim, game.defense_slot(victim) if slot is None else slot)))
    events += game.apply(Announce(seat, atype))
    while pass_reactions and game.step in ("predict", "inform", "consult") :
        if game.step == "consult":
            from game.variants.sixteen_combos import Consult
            events += game.apply(Consult(victim, False))
        else:
            events += game.apply(Pass(victim))
    return events


def of(events, kind):
    return [e for e in events if type(e).__name__ == kind]
