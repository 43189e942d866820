"""Properties of 16 Combos over random seeds, seat counts, optional rules and random legal play."""

from __future__ import annotations

import json
import pickle
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.actions import TABLE, Expire, Pass, StartRound
from game.core.cards import DECK
from game.core.errors import IllegalAction
from game.core.record import GameRecord
from game.variants.sixteen_combos import (TYPES, Announce, ChangeStance, ChooseDefense, Consult, Counter, Decide,
                                          FaceType, HireGuard, PassTurn, PickPair, PlaceValue, Recover, Retype,
                                          Reveal, Scavenge, SixteenCombos, SwapPair, Target, Throw, hand_place,
                                          pair_place, type_place, value_place)
from tests.invariants import misplaced_cards, sixteen_combos_leak
from tests.randomplay import random_steps

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TOGGLES = ("recovery", "reuse_values", "drop_lowest", "round_robin", "one_of_each", "multiple_values", "jokers")
games = st.tuples(
    st.integers(2, 4),
    st.integers(0, 2**32 - 1),
    st.fixed_dictionaries({k: st.booleans() for k in TOGGLES}),
    st.sampled_from([0, 3, 5]),
    st.sampled_from([0.0, 2.0]),
)
MAX_STEPS = 1500


def new_game(spec) -> tuple[SixteenCombos, random.Random]:
    seats, seed, toggles, columns, seconds = spec
    options = dict(toggles, columns=columns, reaction_seconds=seconds, round_limit=15)
    return SixteenCombos(seats, options, seed), random.Random(seed)


@SETTINGS
@given(games)
def test_every_card_is_in_exactly_one_place_after_every_action(spec):
    game, rng = new_game(spec)
    for _ in random_steps(game, rng, MAX_STEPS):
        assert misplaced_cards(game) is None


@SETTINGS
@given(games)
def test_no_seat_sees_a_face_down_card_or_an_unrevealed_value(spec):
    game, rng = new_game(spec)
    for action, t, events in random_steps(game, rng, MAX_STEPS):
        assert sixteen_combos_leak(game, events) is None


def candidate_actions(game: SixteenCombos, rng: random.Random) -> list:
    out = [Expire(), StartRound()]
    for seat in range(-1, game.seats + 1):
        victim = rng.randrange(game.seats)
        slot = rng.randrange(6)
        p = pair_place(victim, slot)
        out += [PassTurn(seat), Pass(seat), Counter(seat), SwapPair(seat), Consult(seat, True),
                Decide(seat, True), Decide(seat, False), Scavenge(seat, False), Scavenge(seat, True),
                Target(seat, p), PickPair(seat, p), Recover(seat, p), ChangeStance(seat, p), ChooseDefense(seat, p),
                Throw(seat, p, pair_place(victim, slot + 1)), Reveal(seat, value_place(victim, slot)),
                HireGuard(seat, type_place(seat, slot), DECK), PlaceValue(seat, hand_place(seat, 0), p)]
        out += [Announce(seat, t) for t in TYPES] + [Retype(seat, t) for t in TYPES] + [FaceType(seat, t) for t in TYPES]
    return out


def is_listed(game: SixteenCombos, action) -> bool:
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


def state_of(game: SixteenCombos):
    rows = [[None if p is None else (tuple(p.cards()), p.value, p.type, sorted(p.up)) for p in row] for row in game.rows]
    return (game.round, game.phase, game.step, game.turn, rows, tuple(game.deck), tuple(game.discard),
            tuple(game.waste), tuple(game.deal_deck), tuple(game.score.totals), game.over, game.winners,
            game.version, game.now, game.rng.getstate(), game.enc_round)


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


def test_a_stacked_deal_record_replays():
    from tests.sixteen_combos_helpers import deal_record
    game = SixteenCombos(2, {"columns": 2}, seed=9)
    game.apply(StartRound(deck=deal_record([["2h", "3h"], ["4h", "5h"]], [["6h", "7h"], ["8h", "9h"]], [])), 0)
    rng = random.Random(2)
    for _ in random_steps(game, rng, 300):
        pass
    replayed = GameRecord.from_json(json.loads(json.dumps(GameRecord.of(game).to_json()))).replay()
    assert state_of(replayed) == state_of(game)
