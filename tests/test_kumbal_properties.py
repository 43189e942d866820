"""Properties of Kumbal over random seeds, random options and random legal play: every card in one
place, no leaks, illegal actions change nothing, records replay identically."""

from __future__ import annotations

import json
import pickle
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.actions import TABLE, Expire, Pass, StartRound
from game.core.errors import IllegalAction
from game.core.record import GameRecord
from game.variants.kumbal import (CallKumbal, Cut, Discard, DrawFromDeck, FreeDiscard, Kumbal, PickUp, TakeDiscard,
                                  deck_spec)
from tests.invariants import kumbal_card_ids, kumbal_leak, misplaced_cards
from tests.randomplay import random_steps

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TOGGLES = ("action_cards", "free_discards", "cut_deck", "lower_goal", "forty_nine")
games = st.tuples(
    st.integers(2, 6),
    st.integers(0, 2**32 - 1),
    st.fixed_dictionaries({k: st.booleans() for k in TOGGLES}),
    st.sampled_from([0.0, 0.5, 3.0]),
)
MAX_STEPS = 1200


def new_game(spec) -> tuple[Kumbal, random.Random]:
    seats, seed, toggles, seconds = spec
    return Kumbal(seats, dict(toggles, reaction_seconds=seconds), seed), random.Random(seed)


@SETTINGS
@given(games)
def test_every_card_is_in_exactly_one_place_after_every_action(spec):
    game, rng = new_game(spec)
    size = deck_spec(game.seats).size
    for _ in random_steps(game, rng, MAX_STEPS):
        if game.round:
            assert kumbal_card_ids(game) == list(range(size))
            assert misplaced_cards(game) is None


@SETTINGS
@given(games)
def test_no_seat_sees_a_card_in_another_hand_or_in_the_deck(spec):
    game, rng = new_game(spec)
    for action, t, events in random_steps(game, rng, MAX_STEPS):
        assert kumbal_leak(game, events) is None


def test_the_leak_check_catches_a_leak():
    game = Kumbal(3, seed=1)
    events = game.apply(StartRound(), 0.0)
    assert kumbal_leak(game, events) is None
    shown = [e.__class__(e.card, e.src, e.dst, None, e.by) if getattr(e, "shown_to", None) else e for e in events]
    assert kumbal_leak(game, shown) is not None


def candidate_actions(game: Kumbal, rng: random.Random) -> list:
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


def is_listed(game: Kumbal, action) -> bool:
    if action.seat == TABLE:
        pending = game.table_action()
        return pending is not None and pending[0] == action and (pending[1] is None or pending[1] <= game.now)
    if isinstance(action, Discard):
        listed = {tuple(sorted(a.cards)) for a in game.legal_actions(action.seat) if isinstance(a, Discard)}
        return tuple(sorted(action.cards)) in listed
    return action in game.legal_actions(action.seat)


@SETTINGS
@given(games)
def test_an_action_not_listed_as_legal_raises_and_changes_nothing(spec):
    game, rng = new_game(spec)
    checked = 0
    for step, _ in enumerate(random_steps(game, rng, 500)):
        if step % 7 or game.over:
            continue
        for action in rng.sample(candidate_actions(game, rng), 12):
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


def state_of(game: Kumbal):
    return (game.round, game.phase, game.turn, game.step, game.direction, game.pending,
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
    for seat in range(-1, game.seats):
        assert replayed.observe(seat) == game.observe(seat)
