"""Properties of Kumbal over random seeds, random options and random legal play: every card in one
place, no leaks, illegal actions change nothing, records replay identically (the shared properties
of tests/properties.py), and the leak check itself catches a leak."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from game.core.actions import TABLE, Expire, Pass, StartRound
from game.variants.kumbal import (CallKumbal, Cut, Discard, DrawFromDeck, FreeDiscard, Kumbal, PickUp, TakeDiscard,
                                  deck_spec)
from tests.invariants import kumbal_card_ids, kumbal_leak, misplaced_cards
from tests.properties import RandomPlay, game_specs, property_tests

TOGGLES = ("action_cards", "free_discards", "cut_deck", "lower_goal", "forty_nine")


class KumbalPlay(RandomPlay):
    game_class = Kumbal
    games = game_specs((2, 6), TOGGLES, st.sampled_from([0.0, 0.5, 3.0]))    # and reaction seconds
    max_steps = 1200
    illegal_steps, illegal_every, illegal_tries = 500, 7, 12

    def options(self, spec) -> dict:
        _, _, toggles, seconds = spec
        return dict(toggles, reaction_seconds=seconds)

    def check_cards(self, game: Kumbal) -> None:
        if game.round:
            assert kumbal_card_ids(game) == list(range(deck_spec(game.seats).size))
            assert misplaced_cards(game) is None

    def leak(self, game: Kumbal, events: list) -> str | None:
        return kumbal_leak(game, events)

    def candidate_actions(self, game: Kumbal, rng: random.Random) -> list:
        out = [Expire(), StartRound()]
        faces = sorted({str(c) for c in game.deck_cards})
        for seat in range(-1, game.seats + 1):
            out += [DrawFromDeck(seat), TakeDiscard(seat), CallKumbal(seat), PickUp(seat), FreeDiscard(seat),
                    Pass(seat), Cut(seat, rng.randint(0, 60))]
            for k in (1, 2, 3, 4):
                out.append(Discard(seat, tuple(rng.sample(faces, k))))
            hand = [str(c) for c in game.hands[seat]] if 0 <= seat < game.seats else []
            for k in (1, 2, 3):
                if len(hand) >= k:
                    out.append(Discard(seat, tuple(rng.sample(hand, k))))
        return out

    def is_listed(self, game: Kumbal, action, t: float) -> bool:
        if action.seat != TABLE and isinstance(action, Discard):   # the same cards in any order: the same discard
            listed = {tuple(sorted(a.cards)) for a in game.legal_actions(action.seat) if isinstance(a, Discard)}
            return tuple(sorted(action.cards)) in listed
        return super().is_listed(game, action, t)

    def state_of(self, game: Kumbal):
        return (game.round, game.phase, game.turn, game.step, game.direction, game.pending,
                [tuple(h) for h in game.hands], tuple(game.deck), tuple(game.discard), tuple(game.score.totals),
                game.over, game.winners, game.version, game.now, game.rng.getstate())

    def observers(self, game: Kumbal) -> range:
        return range(-1, game.seats)     # the spectator's view too


TestKumbalProperties = property_tests(KumbalPlay(), max_examples=20)


def test_the_leak_check_catches_a_leak():
    game = Kumbal(3, seed=1)
    events = game.apply(StartRound(), 0.0)
    assert kumbal_leak(game, events) is None
    shown = [e.__class__(e.card, e.src, e.dst, None, e.by) if getattr(e, "shown_to", None) else e for e in events]
    assert kumbal_leak(game, shown) is not None
