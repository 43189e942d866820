"""Properties of Combat UNO over random seeds, random options and random legal play (the shared
properties of tests/properties.py)."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from game.core.actions import Expire, Pass, StartRound
from game.variants.combat_uno import (COLOURS, DECK_SPEC, FACES, CallUno, CombatUno, Draw, DrawCard,
                                      Play, StartDrawing)
from tests.invariants import combat_uno_card_ids as all_card_ids, combat_uno_leak
from tests.properties import RandomPlay, game_specs, property_tests

TOGGLES = ("jump_in", "stack_draw_four", "stack_draw_two", "deck_commitment", "uno_call")


class CombatUnoPlay(RandomPlay):
    game_class = CombatUno
    games = game_specs((2, 6), TOGGLES, st.sampled_from([0.0, 0.5, 3.0]))    # and reaction seconds
    max_steps = 1500
    illegal_steps, illegal_every, illegal_tries = 600, 11, 10

    def options(self, spec) -> dict:
        _, _, toggles, seconds = spec
        return dict(toggles, reaction_seconds=seconds, length="rounds", rounds=2)

    def check_cards(self, game: CombatUno) -> None:
        if game.round:
            assert all_card_ids(game) == list(range(DECK_SPEC.size))

    def leak(self, game: CombatUno, events: list) -> str | None:
        return combat_uno_leak(game, events)

    def candidate_actions(self, game: CombatUno, rng: random.Random) -> list:
        seats = game.seats
        out = [Expire(), StartRound()]
        for seat in range(-1, seats + 1):
            out += [Draw(seat), StartDrawing(seat), DrawCard(seat), Pass(seat)]
            out += [CallUno(seat, target) for target in range(seats)]
            for rank, suit in rng.sample(FACES, 6):
                choose = rng.choice(COLOURS) if suit is None else None
                out.append(Play(seat, rank, suit, choose))
            hand = game.hands[seat] if 0 <= seat < seats else []
            for card in hand:
                out.append(Play(seat, card.rank, card.suit, None if card.suit else rng.choice(COLOURS)))
                out.append(Play(seat, card.rank, card.suit, "red" if card.suit else None))
        return out

    def state_of(self, game: CombatUno):
        return (game.round, game.phase, game.turn, game.direction, game.colour, game.pending, tuple(game.owed),
                [tuple(h) for h in game.hands], tuple(game.deck), tuple(game.discard), tuple(game.score.totals),
                game.over, game.winners, game.version, game.now, game.rng.getstate())


TestCombatUnoProperties = property_tests(CombatUnoPlay(), max_examples=25)


def test_the_seats_to_act_are_the_seats_with_a_legal_action_at_every_step():
    """seats_to_act answers the usual moments (a jump-in window some seats have passed on, the seat
    on turn among them or not) without asking every seat: it must say what asking every seat would."""
    checked = 0
    for seed in range(24):
        seats = 2 + seed % 5
        options = {"length": "rounds", "rounds": 1, "reaction_seconds": (0.0, 3.0)[seed % 2],
                   "deck_commitment": seed % 3 != 0}
        game = CombatUno(seats, options, seed)
        rng = random.Random(seed)
        for _ in range(1500):
            if game.over:
                break
            acting = game.seats_to_act()
            assert acting == tuple(s for s in range(seats) if game.legal_actions(s)), (seed, game.version)
            checked += 1
            if acting:
                seat = rng.choice(acting)
                game.apply(rng.choice(game.legal_actions(seat)), game.now)
            else:
                action, due = game.table_action()
                game.apply(action, game.now if due is None else max(due, game.now))
    assert checked > 10_000
