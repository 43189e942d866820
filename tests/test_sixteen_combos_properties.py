"""Properties of 16 Combos over random seeds, seat counts, optional rules and random legal play (the
shared properties of tests/properties.py: no seat sees a face-down card or an unrevealed value),
and a stacked deal's record replays."""

from __future__ import annotations

import json
import random

from hypothesis import strategies as st

from game.core.actions import Expire, Pass, StartRound
from game.core.cards import DECK
from game.core.record import GameRecord
from game.variants.sixteen_combos import (TYPES, Announce, ChangeStance, ChooseDefense, Consult, Counter, Decide,
                                          FaceType, HireGuard, PassTurn, PickPair, PlaceValue, Recover, Retype,
                                          Reveal, Scavenge, SixteenCombos, SwapPair, Target, Throw, hand_place,
                                          pair_place, type_place, value_place)
from tests.invariants import misplaced_cards, sixteen_combos_leak
from tests.properties import RandomPlay, game_specs, property_tests
from tests.randomplay import random_steps

TOGGLES = ("recovery", "reuse_values", "drop_lowest", "round_robin", "one_of_each", "multiple_values", "jokers")


class SixteenCombosPlay(RandomPlay):
    game_class = SixteenCombos
    games = game_specs((2, 4), TOGGLES, st.sampled_from([0, 3, 5]), st.sampled_from([0.0, 2.0]))   # columns, seconds
    max_steps = 1500
    illegal_steps, illegal_every, illegal_tries = 600, 7, 12

    def options(self, spec) -> dict:
        _, _, toggles, columns, seconds = spec
        return dict(toggles, columns=columns, reaction_seconds=seconds, round_limit=15)

    def check_cards(self, game: SixteenCombos) -> None:
        assert misplaced_cards(game) is None

    def leak(self, game: SixteenCombos, events: list) -> str | None:
        return sixteen_combos_leak(game, events)

    def candidate_actions(self, game: SixteenCombos, rng: random.Random) -> list:
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

    def state_of(self, game: SixteenCombos):
        rows = [[None if p is None else (tuple(p.cards()), p.value, p.type, sorted(p.up)) for p in row] for row in game.rows]
        return (game.round, game.phase, game.step, game.turn, rows, tuple(game.deck), tuple(game.discard),
                tuple(game.waste), tuple(game.deal_deck), tuple(game.score.totals), game.over, game.winners,
                game.version, game.now, game.rng.getstate(), game.enc_round)


PLAY = SixteenCombosPlay()
TestSixteenCombosProperties = property_tests(PLAY, max_examples=25)


def test_a_stacked_deal_record_replays():
    from tests.sixteen_combos_helpers import deal_record
    game = SixteenCombos(2, {"columns": 2}, seed=9)
    game.apply(StartRound(deck=deal_record([["2h", "3h"], ["4h", "5h"]], [["6h", "7h"], ["8h", "9h"]], [])), 0)
    rng = random.Random(2)
    for _ in random_steps(game, rng, 300):
        pass
    replayed = GameRecord.from_json(json.loads(json.dumps(GameRecord.of(game).to_json()))).replay()
    assert PLAY.state_of(replayed) == PLAY.state_of(game)
