"""Properties of Combat UNO over random seeds, random options and random legal play."""

from __future__ import annotations

import json
import pickle
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.actions import TABLE, Expire, Pass, StartRound
from game.core.errors import IllegalAction
from game.core.record import GameRecord
from game.variants.combat_uno import (COLOURS, DECK_SPEC, FACES, CallUno, CombatUno, Draw, DrawCard,
                                      Play, StartDrawing)
from tests.invariants import combat_uno_card_ids as all_card_ids, combat_uno_leak
from tests.randomplay import random_steps

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TOGGLES = ("jump_in", "stack_draw_four", "stack_draw_two", "deck_commitment", "uno_call")
games = st.tuples(
    st.integers(2, 6),
    st.integers(0, 2**32 - 1),
    st.fixed_dictionaries({k: st.booleans() for k in TOGGLES}),
    st.sampled_from([0.0, 0.5, 3.0]),
)
MAX_STEPS = 1500


def new_game(spec) -> tuple[CombatUno, random.Random]:
    seats, seed, toggles, seconds = spec
    options = dict(toggles, reaction_seconds=seconds, length="rounds", rounds=2)
    return CombatUno(seats, options, seed), random.Random(seed)


@SETTINGS
@given(games)
def test_every_card_is_in_exactly_one_place_after_every_action(spec):
    game, rng = new_game(spec)
    for _ in random_steps(game, rng, MAX_STEPS):
        if game.round:
            assert all_card_ids(game) == list(range(DECK_SPEC.size))


@SETTINGS
@given(games)
def test_no_seat_sees_a_card_in_another_hand_or_in_the_deck(spec):
    game, rng = new_game(spec)
    for action, t, events in random_steps(game, rng, MAX_STEPS):
        assert combat_uno_leak(game, events) is None


def candidate_actions(game: CombatUno, rng: random.Random) -> list:
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


def is_listed(game: CombatUno, action) -> bool:
    if action.seat == TABLE:
        pending = game.table_action()
        return pending is not None and pending[0] == action and (pending[1] is None or pending[1] <= game.now)
    return action in game.legal_actions(action.seat)


@SETTINGS
@given(games)
def test_an_action_not_listed_as_legal_raises_and_changes_nothing(spec):
    game, rng = new_game(spec)
    checked = 0
    for step, _ in enumerate(random_steps(game, rng, 600)):
        if step % 11 or game.over:
            continue
        for action in rng.sample(candidate_actions(game, rng), 10):
            if is_listed(game, action):
                continue
            before = pickle.dumps(game.__dict__)
            try:
                game.apply(action, game.now)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{action} was applied although it is not listed as legal")
            assert pickle.dumps(game.__dict__) == before
            checked += 1
    assert checked > 0


def state_of(game: CombatUno):
    return (game.round, game.phase, game.turn, game.direction, game.colour, game.pending, tuple(game.owed),
            [tuple(h) for h in game.hands], tuple(game.deck), tuple(game.discard), tuple(game.score.totals),
            game.over, game.winners, game.version, game.now, game.rng.getstate())


@SETTINGS
@given(games)
def test_a_recorded_match_replays_identically(spec):
    game, rng = new_game(spec)
    for _ in random_steps(game, rng, MAX_STEPS):
        pass
    record = GameRecord.from_json(json.loads(json.dumps(GameRecord.of(game).to_json())))
    replayed = record.replay()
    assert state_of(replayed) == state_of(game)
    for seat in range(game.seats):
        assert replayed.observe(seat) == game.observe(seat)
